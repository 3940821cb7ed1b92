"""Which worker, building or colony a civilization loses, chosen by a player (tta.advanced.losses).

An event or a successful aggression that takes "a worker", "a building" or "a colony" leaves the choice
to a player: the civilization that loses it (events, a lost worker), or under an aggression the player
the option ``aggression_choice`` names (the attacker by default). A loss is described by a *pick* (a
dict: what, victim, player who chooses, the card that caused it, and for buildings the kinds and how
many); when it leaves a real choice it becomes the decision step ``pick``, answered by ``pick <card>``.
When there is nothing to choose (an idle worker goes first, a single building or colony, nothing at all)
the engine carries it out at once.
"""
from __future__ import annotations

import math
from typing import Any

from engines.core.korean import josa

from .. import tokens
from ..actions import fail
from ..catalog import card
from ..state import TtaState
from . import deck, people

RULE = "tta.advanced.losses"
Pick = dict[str, Any]


def worker(victim: str, source: str) -> Pick:
    """The victim loses one population: an idle worker, else a worker from a card the victim chooses."""
    return {"what": "worker", "victim": victim, "player": victim, "source": source}


def building(victim: str, chooser: str, source: str, kinds: tuple[str, ...], count: int = 1,
             taker: str | None = None) -> Pick:
    """``count`` buildings (workers) of one card among ``kinds``; a raid's ``taker`` produces half their cost."""
    return {"what": "building", "victim": victim, "player": chooser, "source": source, "kinds": list(kinds),
            "count": count, "taker": taker}


def colony(victim: str, chooser: str, source: str, taker: str | None = None) -> Pick:
    """One colony: discarded, or (Annex) taken by ``taker`` with its permanent bonus."""
    return {"what": "colony", "victim": victim, "player": chooser, "source": source, "taker": taker}


def aggression_chooser(state: TtaState, attacker: str, defender: str) -> str:
    return attacker if state.options.get("aggression_choice", "attacker") == "attacker" else defender


def options(state: TtaState, pick: Pick) -> list[str]:
    """The cards the chooser may name (none when the rule fixes the loss: an idle worker goes first)."""
    civ = state.civs[pick["victim"]]
    if pick["what"] == "worker":
        return [] if civ.idle else people.staffed(civ)
    if pick["what"] == "building":
        return people.staffed(civ, tuple(pick["kinds"]))
    return list(dict.fromkeys(civ.colonies))


def ask(state: TtaState, picks: list[Pick]) -> bool:
    """Carry out the losses with nothing to choose; open the ``pick`` step for the first real choice (the
    rest wait in its queue). True while a choice is open."""
    for i, pick in enumerate(picks):
        found = options(state, pick)
        if len(found) > 1:
            state.step = {"kind": "pick", **pick, "queue": picks[i + 1:]}
            return True
        resolve(state, pick, found[0] if found else None)  # only one possibility (or none): no decision
    return False


def choose(state: TtaState, cid: str) -> bool:
    """The chooser names the card; returns True while further choices wait."""
    step = state.step
    pick = {k: v for k, v in step.items() if k not in ("kind", "queue")}
    found = options(state, pick)
    if cid not in found:
        names = ", ".join(card(c).name for c in found)
        raise fail("bad-choice", f"{card(cid).name}: {step['victim']}에게서 잃게 할 수 있는 것은 {names}입니다.", RULE)
    resolve(state, pick, cid)
    state.step = None
    return ask(state, step["queue"])


def resolve(state: TtaState, pick: Pick, cid: str | None) -> None:
    civ = state.civs[pick["victim"]]
    if pick["what"] == "worker":
        people.lose_population(civ, cid)
    elif pick["what"] == "building":
        lost = people.lose_buildings(civ, cid, pick["count"]) if cid else 0
        if pick["taker"] and lost:
            half = lost * card(cid).build / 2  # Raid: half the cost, Age I rounds up, Ages II and III down
            rounded = math.ceil(half) if card(pick["source"]).age == "I" else math.floor(half)
            tokens.gain(state.civs[pick["taker"]], "mine", rounded)
    elif cid:
        people.lose_colony(civ, cid)
        if pick["taker"]:
            people.gain_colony(state.civs[pick["taker"]], cid)
        else:
            deck.discard(state, cid)


def describe(state: TtaState, cid: str) -> str:
    step = state.step
    what = {"worker": "일꾼", "building": "건물", "colony": "식민지"}[step["what"]]
    name = card(cid).name
    if step["player"] == step["victim"]:
        return f"잃을 {josa(what, '으로')} {josa(name, '을')} 고릅니다"
    return f"{step['victim']}의 {what} 가운데 {josa(name, '을')} 고릅니다"
