"""The 2015 edition's military turn where it differs from 2006 (docs: edition2015.md).

- Tactics (tta15.tactics): a tactics card played from the hand lies in the player's own area, exclusive,
  with the player's flag on it; at the start of the owner's next turn it moves to the common tactics
  (tta15.turn-start), where anyone may copy it by moving their flag onto it. ``Civ.tactics`` is the flag:
  the card whose armies count, wherever it lies.
- Aggression (tta15.aggression): the attacker sacrifices nothing; the defender plays military cards, one
  military action each: a defence bonus card for its defence value, any other card for +1.
- The military hand limit is checked at the end of the turn, before production (tta15.end-of-turn), not
  after the political action.
- A pact cancelled as a political action leaves the game (tta15.pacts). Resignation: see ``concession``.
"""
from __future__ import annotations

from engines.core.korean import josa

from .. import levels, turn
from ..actions import fail
from ..catalog import card
from ..state import Civ, TtaState
from . import deck, politics

TACTICS, AGGRESSION = "tta15.tactics", "tta15.aggression"


def is_2015(state: TtaState) -> bool:
    return state.edition == 2015


# --- tactics: exclusive and common ------------------------------------------------------------------
def play_tactics(state: TtaState, cid: str) -> None:
    """One military action: the card goes to the player's own area and the flag onto it. A card the flag
    leaves stays where it lies (it becomes or stays common)."""
    politics.check_tactics(state, cid)
    civ = state.civs[politics.active(state)]
    civ.military_left -= 1
    politics.take_from_hand(civ, cid)
    civ.own_tactics.append(cid)
    civ.tactics = cid


def copy_tactics(state: TtaState, cid: str) -> None:
    """Move the flag onto a common tactics card for the military actions of option ``copy_tactic_cost``."""
    check_copy(state, cid)
    civ = state.civs[politics.active(state)]
    politics.spend(civ, int(state.options["copy_tactic_cost"]), TACTICS)
    civ.tactics = cid


def check_copy(state: TtaState, cid: str) -> None:
    """Why the flag may not move onto ``cid`` now (changes nothing): what ``copy_tactics`` asks first."""
    civ = state.civs[politics.active(state)]
    if cid not in state.common_tactics:
        raise fail("not-common-tactics", f"{josa(card(cid).name, '은')} 공용 전술 칸에 없습니다 (공용 전술: "
                   f"{', '.join(card(c).name for c in dict.fromkeys(state.common_tactics)) or '없음'}).", TACTICS)
    if civ.tactics == cid:
        raise fail("same-tactics", f"전술 깃발이 이미 {card(cid).name} 위에 있습니다.", TACTICS)
    politics.check_spend(civ, int(state.options["copy_tactic_cost"]), TACTICS)


def make_common(state: TtaState) -> None:
    """Start of the turn: the player's exclusive tactics cards move to the common tactics (the flag stays)."""
    civ = state.civs[politics.active(state)]
    state.common_tactics += civ.own_tactics
    civ.own_tactics.clear()


def tactics_cards(state: TtaState, civ: Civ) -> list[str]:
    """The tactics cards a civilization holds (for counting cards): 2006 the one in play, 2015 its own area's
    (the common ones belong to the table)."""
    if is_2015(state):
        return list(civ.own_tactics)
    return [civ.tactics] if civ.tactics else []


# --- aggression --------------------------------------------------------------------------------------
def check_defence_card(state: TtaState, defender: str, cid: str) -> None:
    """One more military card for the defence (``defend 카드``): a card in the hand, not a unit, and a
    military action left for it."""
    civ, sent = state.civs[defender], state.step["sent"]
    if card(cid).type == "technology":
        raise fail("no-sacrifice", "2015년판에서는 침략을 막으려고 유닛을 희생하지 않습니다 (군사 카드만 냅니다).",
                   AGGRESSION)
    if civ.military_hand.count(cid) <= sent.count(cid):
        raise fail("not-in-military-hand", f"{card(cid).name} 카드가 손에 {civ.military_hand.count(cid)}장뿐입니다 "
                   f"(이미 {sent.count(cid)}장을 냈습니다).", AGGRESSION)
    if civ.military_left <= len(sent):
        raise fail("no-military-action", f"방어에 내는 카드 한 장마다 군사 행동 하나를 씁니다: 이미 {len(sent)}장을 "
                   f"냈고 군사 행동은 {civ.military_left}개입니다.", AGGRESSION)


def defence_cards(state: TtaState, defender: str, names: list[str]) -> int:
    """The strength the sent military cards add, each for one military action (they are discarded): a defence
    bonus card its defence value, any other military card 1."""
    civ = state.civs[defender]
    civ.military_left -= len(names)
    for cid in names:
        politics.take_from_hand(civ, cid)
        deck.discard(state, cid)
    return sum(card(c).extra["defense"] if card(c).type == "bonus" else 1 for c in names)


# --- the hand limit at the end of the turn ----------------------------------------------------------
def over_hand_limit(state: TtaState, player: str) -> bool:
    civ = state.civs[player]
    return len(civ.military_hand) > levels.military_total(civ)


def hold_end(state: TtaState) -> bool:
    """``end``: if the hand is above the limit (military actions), the player first discards (a decision
    that ends the turn when the hand fits)."""
    player = politics.active(state)
    if not over_hand_limit(state, player):
        return False
    state.step = {"kind": "discard", "player": player, "then": "end"}
    return True


def after_discard(state: TtaState) -> None:
    """The hand fits the limit: the decision is over, and the turn ends if the discarding was its end."""
    then = state.step.get("then")
    state.step = None
    if then == "end":
        turn.end_turn(state)


# --- pacts ------------------------------------------------------------------------------------------
def cancelled_pact(state: TtaState, pact: dict[str, str]) -> None:
    """A pact cancelled as a political action: 2015 takes the card out of the game (tta15.pacts), 2006
    discards it."""
    state.pacts.remove(pact)
    if is_2015(state):
        state.military_box.append(pact["card"])
    else:
        deck.discard(state, pact["card"])
