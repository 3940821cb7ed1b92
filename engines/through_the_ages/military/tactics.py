"""Tactics cards (tta.advanced.tactics, tta15.tactics): which one's armies count for a civilization.

2006: a tactics card played from the hand replaces the one in play, which is discarded. 2015 (editions:
``common_tactics``): it lies in the player's own area, exclusive, with the player's flag on it; at the start of
the owner's next turn it moves to the common tactics, where anyone may copy it by moving their flag onto it.
``Civ.tactics`` is the card whose armies count (2015: where the flag stands), wherever it lies.
"""
from __future__ import annotations

from engines.core.korean import josa

from ..actions import fail
from ..catalog import card
from ..editions import has
from ..state import Civ, TtaState
from . import deck
from .politics import RULES, active, check_spend, spend, usable

TACTICS_2015 = "tta15.tactics"


def check_tactics(state: TtaState, cid: str) -> None:
    civ = state.civs[active(state)]
    usable(civ, cid, ("tactics",), RULES["tactics"])
    check_spend(civ, 1, RULES["tactics"])


def play_tactics(state: TtaState, cid: str) -> None:
    """One military action. 2006: the card replaces the one in play. 2015: it goes to the player's own area
    and the flag onto it; a card the flag leaves stays where it lies (it becomes or stays common)."""
    check_tactics(state, cid)
    civ = state.civs[active(state)]
    civ.military_left -= 1
    deck.take_from_hand(civ, cid)
    if has(state, "common_tactics"):
        civ.own_tactics.append(cid)
    elif civ.tactics:
        deck.discard(state, civ.tactics)
    civ.tactics = cid


def copy_tactics(state: TtaState, cid: str) -> None:
    """Move the flag onto a common tactics card for the military actions of option ``copy_tactic_cost``."""
    check_copy(state, cid)
    civ = state.civs[active(state)]
    spend(civ, int(state.options["copy_tactic_cost"]), TACTICS_2015)
    civ.tactics = cid


def check_copy(state: TtaState, cid: str) -> None:
    """Why the flag may not move onto ``cid`` now (changes nothing): what ``copy_tactics`` asks first."""
    civ = state.civs[active(state)]
    if cid not in state.common_tactics:
        raise fail("not-common-tactics", f"{josa(card(cid).name, '은')} 공용 전술 칸에 없습니다 (공용 전술: "
                   f"{', '.join(card(c).name for c in dict.fromkeys(state.common_tactics)) or '없음'}).", TACTICS_2015)
    if civ.tactics == cid:
        raise fail("same-tactics", f"전술 깃발이 이미 {card(cid).name} 위에 있습니다.", TACTICS_2015)
    check_spend(civ, int(state.options["copy_tactic_cost"]), TACTICS_2015)


def make_common(state: TtaState) -> None:
    """Start of the turn (2015): the player's exclusive tactics cards move to the common tactics (the flag
    stays)."""
    if has(state, "common_tactics"):
        civ = state.civs[active(state)]
        state.common_tactics += civ.own_tactics
        civ.own_tactics.clear()


def tactics_cards(state: TtaState, civ: Civ) -> list[str]:
    """The tactics cards a civilization holds (for counting cards): 2006 the one in play, 2015 its own area's
    (the common ones belong to the table)."""
    if has(state, "common_tactics"):
        return list(civ.own_tactics)
    return [civ.tactics] if civ.tactics else []
