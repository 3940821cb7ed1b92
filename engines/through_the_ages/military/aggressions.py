"""What a successful aggression does, and what a war's winner takes (tta.advanced.aggression, tta.full.wars).

The loser never loses more than it has, and the winner gets only what the loser lost.
"""
from __future__ import annotations

from .. import levels, tokens
from ..actions import add_science
from ..catalog import URBAN, card
from ..state import TtaState
from . import cards2015, losses, people

RES = "mine"


def cost(state: TtaState, cid: str, defender: str) -> int:
    """Military actions the card takes; Assassinate and Sabotage one per level of their target."""
    raw = card(cid).extra["cost"]
    target = state.civs[defender]
    if raw == "level":
        aim = target.leader if card(cid).family == "assassinate" else target.wonder
        raw = card(aim).level_index if aim else 0
    return raw * (2 if levels.leader(target) == "mahatma_gandhi" else 1)


def target_missing(state: TtaState, cid: str, defender: str) -> str | None:
    """Why the card has nothing to aim at in the defender's civilization (Korean), or None."""
    civ = state.civs[defender]
    family = card(cid).family
    if family == "assassinate" and not civ.leader:
        return "지도자가 없습니다"
    if family == "sabotage" and not civ.wonder:
        return "건설 중인 문화 유산이 없습니다"
    if family == "annex" and not civ.colonies:
        return "식민지가 없습니다"
    if family == "infiltrate" and not (civ.leader or civ.wonder):
        return "지도자도 건설 중인 문화 유산도 없습니다"
    return None


def succeed(state: TtaState, cid: str, attacker: str, defender: str) -> list[losses.Pick]:
    """The defender lost: carry out the aggression card; returns the losses a player chooses."""
    att, dfn = state.civs[attacker], state.civs[defender]
    c = card(cid)
    family = c.family
    own = cards2015.aggression(state, cid, attacker, defender) if c.edition == 2015 else None
    if own is not None:  # a 2015 text of its own
        return own
    chooser = losses.aggression_chooser(state, attacker, defender, cid)
    if family == "enslave":
        if dfn.idle or people.staffed(dfn):  # a population will be lost (the defender says which worker)
            tokens.gain(att, RES, 3)
            return [losses.worker(defender, cid)]
    elif family == "plunder":
        return [losses.goods(defender, chooser, cid, c.extra["amount"], taker=attacker)]
    elif family == "raid":
        return [losses.building(defender, chooser, cid, URBAN, c.extra["buildings"], taker=attacker)]
    elif family == "annex":
        return [losses.colony(defender, chooser, cid, taker=attacker)]
    elif family == "assassinate":
        att.culture += 3 * card(dfn.leader).level_index
        people.lose_leader(dfn)
    elif family == "sabotage":
        att.culture += 3 * card(dfn.wonder).level_index
        people.lose_wonder(dfn)
    elif family == "spy":
        lost = min(c.extra["amount"], dfn.science)
        dfn.science -= lost
        add_science(att, lost)
    elif family == "armed_intervention":
        lost = min(c.culture, dfn.culture)
        dfn.culture -= lost
        att.culture += lost
    else:
        raise AssertionError(f"aggression {cid} has no effect")
    return []
