"""Which worker, building, colony or military card a civilization loses, and how a total of food and
resources is split, chosen by a player (tta.advanced.losses).

An event or a successful aggression that takes "a worker", "a building", "a colony", "a blue token" or "a
total of food and resources" leaves the choice to a player: the civilization that loses it (events, a lost worker), or
under an aggression the player the option ``aggression_choice`` names (the attacker by default); a
civilization that gains a total of food and resources (Foray) splits it itself. A loss is described by a
*pick* (a dict: what, victim, player who chooses, the card that caused it, and the details); when it
leaves a real choice it becomes the decision step ``pick`` (answered by ``pick <card>``) or ``split``
(answered by ``split <food> <resources>``). When there is nothing to choose (an idle worker goes first, a
single building or colony, a split with one way) the engine carries it out at once.
"""
from __future__ import annotations

import math
from typing import Any

from engines.core.korean import josa

from .. import tokens
from ..actions import fail
from ..catalog import URBAN, card
from ..state import TtaState
from . import deck, people

RULE = "tta.advanced.losses"
FOOD, RES = "farm", "mine"
Pick = dict[str, Any]


def worker(victim: str, source: str) -> Pick:
    """The victim loses one population: an idle worker, else a worker from a card the victim chooses."""
    return {"what": "worker", "victim": victim, "player": victim, "source": source}


def building(victim: str, chooser: str, source: str, kinds: tuple[str, ...], count: int = 1,
             taker: str | None = None) -> Pick:
    """``count`` buildings (workers) of one card among ``kinds``; a raid's ``taker`` produces half their cost."""
    return {"what": "building", "victim": victim, "player": chooser, "source": source, "kinds": list(kinds),
            "count": count, "taker": taker}


def raid_2015(victim: str, chooser: str, source: str, max_levels: list[int], taker: str) -> Pick:
    """The 2015 Raid: one urban building for each level limit, chosen one after the other, the lowest limit
    first (so no choice can leave a limit unfilled that another order would fill); once all are chosen the
    ``taker`` produces half their total cost, rounded up (``costs`` collects them)."""
    return {"what": "building", "victim": victim, "player": chooser, "source": source, "kinds": list(URBAN),
            "count": 1, "taker": taker, "levels": sorted(max_levels), "costs": []}


def military_cards(victim: str, source: str, count: int) -> Pick:
    """``count`` military cards discarded from the victim's hand, one at a time as the victim chooses (2015
    Politics of Strength); a hand of no more than ``count`` cards is discarded whole, with nothing to choose."""
    return {"what": "military", "victim": victim, "player": victim, "source": source, "count": count}


def infiltration(victim: str, chooser: str, source: str, taker: str) -> Pick:
    """2015 Infiltrate: the leader or the wonder under construction leaves play; the taker scores 3 culture
    per level of the card."""
    return {"what": "infiltrate", "victim": victim, "player": chooser, "source": source, "taker": taker}


def colony(victim: str, chooser: str, source: str, taker: str | None = None) -> Pick:
    """One colony: discarded, or (Annex) taken by ``taker`` with its permanent bonus."""
    return {"what": "colony", "victim": victim, "player": chooser, "source": source, "taker": taker}


def blue_token(victim: str, source: str) -> Pick:
    """One blue token to the box: from the bank, else from a farm or mine the victim chooses (Crime Wave)."""
    return {"what": "blue", "victim": victim, "player": victim, "source": source}


def goods(victim: str, chooser: str, source: str, amount: int, taker: str | None = None) -> Pick:
    """A total of ``amount`` food and resources lost (as far as the victim has them); Plunder's ``taker``
    produces the same food and resources."""
    return {"what": "goods", "victim": victim, "player": chooser, "source": source, "amount": amount,
            "taker": taker}


def gain(player: str, source: str, amount: int) -> Pick:
    """A total of ``amount`` food and resources produced, split as the player likes (Foray)."""
    return {"what": "gain", "victim": player, "player": player, "source": source, "amount": amount}


def aggression_chooser(state: TtaState, attacker: str, defender: str, cid: str) -> str:
    """Who chooses what an aggression takes: the one its card names (``chooser`` in the card data: the 2015
    Plunder and Infiltrate say "aggressor choice"), else the one option ``aggression_choice`` names."""
    named = card(cid).extra.get("chooser") or state.options.get("aggression_choice", "attacker")
    return attacker if named == "attacker" else defender


def step_kind(pick: Pick) -> str:
    return "split" if pick["what"] in ("goods", "gain") else "pick"


def splits(state: TtaState, pick: Pick) -> list[tuple[int, int]]:
    """The (food, resources) splits of the total: a loss takes all it can, as far as each kind lasts."""
    amount = pick["amount"]
    if pick["what"] == "gain":
        return [(f, amount - f) for f in range(amount + 1)]
    civ = state.civs[pick["victim"]]
    food, res = tokens.value(civ, FOOD), tokens.value(civ, RES)
    total = min(amount, food + res)
    return [(f, total - f) for f in range(max(0, total - res), min(food, total) + 1)]


def options(state: TtaState, pick: Pick) -> list[Any]:
    """What the chooser may name: cards (none when the rule fixes the loss: an idle worker goes first) or
    (food, resources) splits."""
    if step_kind(pick) == "split":
        return splits(state, pick)
    civ = state.civs[pick["victim"]]
    if pick["what"] == "worker":
        return [] if civ.idle else people.staffed(civ)
    if pick["what"] == "blue":
        return [] if civ.blue_bank else [t for t, n in civ.blue.items() if n]
    if pick["what"] == "military":
        return [] if len(civ.military_hand) <= pick["count"] else list(dict.fromkeys(civ.military_hand))
    if pick["what"] == "building":
        top = pick["levels"][0] if "levels" in pick else None
        return [t for t in people.staffed(civ, tuple(pick["kinds"])) if top is None or card(t).level <= top]
    if pick["what"] == "infiltrate":
        return [c for c in (civ.leader, civ.wonder) if c]
    return list(dict.fromkeys(civ.colonies))


def ask(state: TtaState, picks: list[Pick]) -> bool:
    """Carry out the losses with nothing to choose; open the ``pick`` step for the first real choice (the
    rest wait in its queue). True while a choice is open."""
    queue = list(picks)
    while queue:
        pick = queue.pop(0)
        found = options(state, pick)
        if len(found) > 1:
            state.step = {"kind": step_kind(pick), **pick, "queue": queue}
            return True
        queue[:0] = resolve(state, pick, found[0] if found else None)  # one possibility (or none): no decision
    return False


def choose(state: TtaState, answer: Any) -> bool:
    """The chooser names a card or a (food, resources) split; returns True while further choices wait."""
    step = state.step
    pick = {k: v for k, v in step.items() if k not in ("kind", "queue")}
    found = options(state, pick)
    if answer not in found:
        if step["kind"] == "split":
            ways = ", ".join(f"식량 {f} 자원 {r}" for f, r in found)
            raise fail("bad-choice", f"식량과 자원을 합쳐 {sum(found[0])}만큼 나눕니다. 고를 수 있는 것은 {ways}"
                       f"입니다 (적은 것: 식량 {answer[0]} 자원 {answer[1]}).", RULE)
        names = ", ".join(card(c).name for c in found)
        if step["what"] == "military":
            raise fail("bad-choice", f"{card(answer).name}: 버릴 수 있는 군사 카드는 {names}입니다.", RULE)
        raise fail("bad-choice", f"{card(answer).name}: {step['victim']}에게서 잃게 할 수 있는 것은 {names}입니다.",
                   RULE)
    follow = resolve(state, pick, answer)
    state.step = None
    return ask(state, follow + step["queue"])


def resolve(state: TtaState, pick: Pick, cid: Any) -> list[Pick]:
    """Carry out one choice; returns what it still asks (the 2015 Raid's next building)."""
    civ = state.civs[pick["victim"]]
    if pick["what"] in ("goods", "gain") and cid:
        food, res = cid
        gainer = civ
        if pick["what"] == "goods":
            tokens.pay(civ, FOOD, food)
            tokens.pay(civ, RES, res)
            gainer = state.civs[pick["taker"]] if pick["taker"] else None
        if gainer:
            tokens.gain(gainer, FOOD, food)
            tokens.gain(gainer, RES, res)
    elif pick["what"] == "worker":
        people.lose_population(civ, cid)
    elif pick["what"] == "blue":
        people.lose_blue_token(civ, cid)
    elif pick["what"] == "building":
        lost = people.lose_buildings(civ, cid, pick["count"]) if cid else 0
        if "levels" in pick:  # 2015 Raid: the loot waits for the last building
            costs = pick["costs"] + ([card(cid).build] * lost if lost else [])
            if len(pick["levels"]) > 1:
                return [{**pick, "levels": pick["levels"][1:], "costs": costs}]
            tokens.gain(state.civs[pick["taker"]], RES, math.ceil(sum(costs) / 2))
        elif pick["taker"] and lost:
            half = lost * card(cid).build / 2  # Raid: half the cost, Age I rounds up, Ages II and III down
            rounded = math.ceil(half) if card(pick["source"]).age == "I" else math.floor(half)
            tokens.gain(state.civs[pick["taker"]], RES, rounded)
    elif pick["what"] == "military":
        for c in [cid] if cid else list(civ.military_hand):
            deck.take_from_hand(civ, c)
            deck.discard(state, c)
        if cid and pick["count"] > 1:
            return [{**pick, "count": pick["count"] - 1}]
    elif pick["what"] == "infiltrate" and cid:
        state.civs[pick["taker"]].culture += 3 * card(cid).level_index
        people.lose_leader(civ) if cid == civ.leader else people.lose_wonder(civ)
    elif pick["what"] == "colony" and cid:
        people.lose_colony(civ, cid)
        if pick["taker"]:
            people.gain_colony(state.civs[pick["taker"]], cid)
        else:
            deck.discard(state, cid)
    return []


def describe(state: TtaState, cid: str) -> str:
    step = state.step
    if step["kind"] == "split":
        food, res = cid
        if step["what"] == "gain":
            return f"식량 {food}, {josa(f'자원 {res}', '으로')} 나눠 생산합니다"
        if step["taker"]:
            return f"{step['victim']}에게서 식량 {food}, {josa(f'자원 {res}', '을')} 빼앗아 생산합니다"
        return f"식량 {food}, {josa(f'자원 {res}', '을')} 잃습니다"
    name = card(cid).name
    if step["what"] in ("worker", "blue"):
        token = "일꾼" if step["what"] == "worker" else "파란 토큰"
        return f"{josa(token, '을')} 뺄 카드로 {josa(name, '을')} 고릅니다"
    if step["what"] == "military":
        return f"버릴 군사 카드로 {josa(name, '을')} 고릅니다 ({step['count']}장 남음)"
    what = {"building": "건물", "colony": "식민지", "infiltrate": "지도자와 짓고 있는 문화 유산"}[step["what"]]
    if step["player"] == step["victim"]:
        return f"잃을 {josa(what, '으로')} {josa(name, '을')} 고릅니다"
    return f"{step['victim']}의 {what} 가운데 {josa(name, '을')} 고릅니다"
