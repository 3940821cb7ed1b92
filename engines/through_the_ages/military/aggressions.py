"""What a successful aggression does, and what a war's winner takes (tta.advanced.aggression, tta.full.wars).

The loser never loses more than it has, and the winner gets only what the loser lost.
"""
from __future__ import annotations

import math

from .. import levels, tokens
from ..actions import add_science
from ..catalog import URBAN, card
from ..state import TtaState
from . import people
from .events import loss_first, produce_goods

RES = "mine"


def cost(state: TtaState, cid: str, defender: str) -> int:
    """Military actions the card takes; Assassinate and Sabotage one per level of their target."""
    raw = card(cid).extra["cost"]
    target = state.civs[defender]
    if raw == "level":
        aim = target.leader if card(cid).id == "assassinate" else target.wonder
        raw = card(aim).level_index if aim else 0
    return raw * (2 if levels.leader(target) == "mahatma_gandhi" else 1)


def target_missing(state: TtaState, cid: str, defender: str) -> str | None:
    """Why the card has nothing to aim at in the defender's civilization (Korean), or None."""
    civ = state.civs[defender]
    family = card(cid).id
    if family == "assassinate" and not civ.leader:
        return "지도자가 없습니다"
    if family == "sabotage" and not civ.wonder:
        return "건설 중인 문화 유산이 없습니다"
    if family == "annex" and not civ.colonies:
        return "식민지가 없습니다"
    return None


def succeed(state: TtaState, cid: str, attacker: str, defender: str) -> None:
    """The defender lost: carry out the aggression card."""
    att, dfn = state.civs[attacker], state.civs[defender]
    c = card(cid)
    family = c.family if c.id.endswith(("_1", "_2", "_3")) else c.id
    if family == "enslave":
        if people.lose_population(dfn):
            tokens.gain(att, RES, 3)
    elif family == "plunder":
        food, res = people.lose_goods(dfn, c.extra["amount"], loss_first(state))
        produce_goods(state, attacker, food + res)
    elif family == "raid":
        taken = []
        first = people.lose_building(dfn, URBAN)
        if first:
            taken.append(first)
            while len(taken) < c.extra["buildings"] and dfn.workers.get(first, 0):
                dfn.workers[first] -= 1
                dfn.idle += 1
                taken.append(first)
        half = sum(card(t).build for t in taken) / 2  # Age I rounds up, Ages II and III down
        tokens.gain(att, RES, math.ceil(half) if c.age == "I" else math.floor(half))
    elif family == "annex":
        colony = dfn.colonies[-1]
        people.lose_colony(dfn, colony)
        people.gain_colony(att, colony)
    elif family == "assassinate":
        att.culture += 3 * card(dfn.leader).level_index
        people.lose_leader(dfn)
    elif family == "sabotage":
        att.culture += 3 * card(dfn.wonder).level_index
        dfn.blue_bank += dfn.wonder_stages
        dfn.discarded.append(dfn.wonder)
        dfn.wonder, dfn.wonder_stages = None, 0
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
