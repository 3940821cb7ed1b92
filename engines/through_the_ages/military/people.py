"""Losses and gains the military cards inflict: population, buildings, colonies, a leader.

When a card takes more than a civilization has, it loses what it has (tta.advanced.political);
the taker gets only what was lost.
"""
from __future__ import annotations

from .. import levels
from ..actions import clear_wonder, grow, recount
from ..catalog import card
from ..state import Civ


def lose_population(civ: Civ, where: str | None = None) -> bool:
    """One yellow token back to the bank: an idle worker if there is one, else the worker on ``where``
    (the card the player chose, see ``losses``). False when there is none to lose."""
    if civ.idle:
        civ.idle -= 1
    elif where and civ.workers.get(where):
        civ.workers[where] -= 1
    else:
        return False
    civ.yellow_bank += 1
    return True


def staffed(civ: Civ, kinds: tuple[str, ...] | None = None) -> list[str]:
    """The cards with a worker on them (of these kinds), in table order."""
    return [t for t, n in civ.workers.items() if n and (kinds is None or card(t).kind in kinds)]


def gain_population(civ: Civ, n: int) -> int:
    """Free growth: tokens from the yellow bank to the idle workers while the bank lasts."""
    got = 0
    for _ in range(n):
        if not civ.yellow_bank:
            break
        grow(civ, free=True, rule="tta.advanced.political")
        got += 1
    return got


def lose_buildings(civ: Civ, where: str, count: int = 1) -> int:
    """Destroy up to ``count`` buildings (or farms, mines) on one card; their workers idle. Returns how many."""
    lost = min(count, civ.workers.get(where, 0))
    civ.workers[where] -= lost
    civ.idle += lost
    return lost


def lose_blue_token(civ: Civ, where: str | None = None) -> None:
    """A blue token goes to the box: from the bank, else from the farm or mine ``where`` (the player's choice)."""
    if civ.blue_bank:
        civ.blue_bank -= 1
    elif where and civ.blue.get(where):
        civ.blue[where] -= 1
    else:
        return
    civ.blue_total -= 1


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
    """The colony's permanent tokens join the banks; a negative count (2015 Vast Territory: one blue token
    fewer) goes to the box from the bank, else from the first farm or mine holding one."""
    civ.colonies.append(colony)
    extra = card(colony).extra.get("permanent", {})
    civ.yellow_bank += extra.get("yellow", 0)
    civ.yellow_total += extra.get("yellow", 0)
    blue = extra.get("blue", 0)
    civ.blue_bank += max(0, blue)
    civ.blue_total += max(0, blue)
    for _ in range(-blue):
        lose_blue_token(civ, next((t for t, n in civ.blue.items() if n), None))



def lose_wonder(civ: Civ) -> None:
    """The wonder under construction leaves play; the blue tokens on its stages go back to the bank."""
    civ.discarded.append(clear_wonder(civ))


def lose_leader(civ: Civ) -> None:
    """The leader is discarded; the action tokens follow the new totals (Hammurabi …)."""
    def retire() -> None:
        civ.culture += levels.farewell_culture(civ)
        civ.discarded.append(civ.leader)
        civ.leader = None
    recount(civ, retire)
