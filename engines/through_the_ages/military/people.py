"""Losses and gains the military cards inflict: population, buildings, food and resources, colonies.

When a card takes more than a civilization has, it loses what it has (tta.advanced.political);
the taker gets only what was lost.
"""
from __future__ import annotations

from ..actions import grow, recount
from ..catalog import PRODUCTION, URBAN, card
from ..state import Civ
from .. import tokens

FOOD, RES = "farm", "mine"


def lose_population(civ: Civ) -> bool:
    """One yellow token back to the bank: an idle worker if there is one, else a worker from the cheapest
    card (the lowest level, farms and mines before buildings before units)."""
    if civ.idle:
        civ.idle -= 1
    else:
        staffed = [t for t, n in civ.workers.items() if n]
        if not staffed:
            return False
        order = {k: i for i, k in enumerate((*PRODUCTION, *URBAN))}
        t = min(staffed, key=lambda t: (order.get(card(t).kind, len(order)), card(t).level))
        civ.workers[t] -= 1
    civ.yellow_bank += 1
    return True


def gain_population(civ: Civ, n: int) -> int:
    """Free growth: tokens from the yellow bank to the idle workers while the bank lasts."""
    got = 0
    for _ in range(n):
        if not civ.yellow_bank:
            break
        grow(civ, free=True, rule="tta.advanced.political")
        got += 1
    return got


def lose_goods(civ: Civ, amount: int, first: str) -> tuple[int, int]:
    """Lose up to ``amount`` food and resources together, ``first`` ("resources" or "food") first.
    Returns (food lost, resources lost)."""
    order = (RES, FOOD) if first == "resources" else (FOOD, RES)
    lost = {FOOD: 0, RES: 0}
    for kind in order:
        take = min(amount - sum(lost.values()), tokens.value(civ, kind))
        tokens.pay(civ, kind, take)
        lost[kind] = take
    return lost[FOOD], lost[RES]


def lose_building(civ: Civ, kinds: tuple[str, ...], top: int = 3) -> str | None:
    """Destroy one building of these kinds and of level ``top`` or lower, the most valuable (highest build
    cost) first; its worker idles."""
    staffed = [t for t, n in civ.workers.items() if n and card(t).kind in kinds and card(t).level <= top]
    if not staffed:
        return None
    t = max(staffed, key=lambda t: card(t).build)
    civ.workers[t] -= 1
    civ.idle += 1
    return t


def lose_colony(civ: Civ, colony: str) -> None:
    """A lost colony takes its permanent bonus: its extra tokens leave the banks (never workers)."""
    civ.colonies.remove(colony)
    extra = card(colony).extra["permanent"] if "permanent" in card(colony).extra else {}
    yellow = min(extra.get("yellow", 0), civ.yellow_bank)
    civ.yellow_bank -= yellow
    civ.yellow_total -= yellow
    blue = min(extra.get("blue", 0), civ.blue_bank)
    civ.blue_bank -= blue
    civ.blue_total -= blue


def gain_colony(civ: Civ, colony: str) -> None:
    civ.colonies.append(colony)
    extra = card(colony).extra.get("permanent", {})
    civ.yellow_bank += extra.get("yellow", 0)
    civ.yellow_total += extra.get("yellow", 0)
    civ.blue_bank += extra.get("blue", 0)
    civ.blue_total += extra.get("blue", 0)



def lose_leader(civ: Civ) -> None:
    """The leader is discarded; the action tokens follow the new totals (Hammurabi …)."""
    def retire() -> None:
        civ.discarded.append(civ.leader)
        civ.leader = None
    recount(civ, retire)
