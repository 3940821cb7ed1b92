"""A civilization's units as the army arithmetic sees them, and the strength military cards add
(tta.advanced.tactics, tta.full.air-forces, tta.advanced.pacts)."""
from __future__ import annotations

import functools

from .. import levels
from ..actions import fail
from ..catalog import UNITS, Card, card
from ..state import Civ
from . import armies

SACRIFICE_RULE = "tta.advanced.sacrifice"


def units(civ: Civ) -> list[armies.Unit]:
    """One (kind, level) entry per unit on the civilization's military technologies."""
    return [(card(t).kind, card(t).level) for t, n in civ.workers.items() if card(t).kind in UNITS
            for _ in range(n)]


def strengths(civ: Civ) -> dict[armies.Unit, int]:
    return {(card(t).kind, card(t).level): card(t).strength for t in civ.workers if card(t).kind in UNITS}


def tactics(civ: Civ) -> Card | None:
    """The tactics card that forms armies: none under the 2006 Genghis Khan, who ignores it."""
    return card(civ.tactics) if civ.tactics and levels.leader(civ) != "genghis_khan" else None


def as_tactics(civ: Civ, present: list[armies.Unit]) -> list[armies.Unit]:
    """The units as the tactics card counts them: under the 2015 Genghis Khan any infantry may count as
    cavalry, so the grouping with the best army bonus."""
    if civ.leader != "genghis_khan@15" or tactics(civ) is None:
        return present
    return list(_best_turned(civ.tactics, tuple(sorted(present))))


@functools.lru_cache(maxsize=512)
def _best_turned(tactics_id: str, present: tuple[armies.Unit, ...]) -> tuple[armies.Unit, ...]:
    """``present`` with the infantry turned to cavalry that gives the best army bonus. The armies depend only on
    how many units of each kind there are and how many of them are modern (``armies.armies``), so trying every
    number of modern and of older infantry turned tries every grouping: (m + 1)(o + 1) of them, not a product over
    the ages (computed once per tactics card and units: an auction asks it for every bid)."""
    tac = card(tactics_id)
    others = [u for u in present if u[0] != "infantry"]
    modern = [u for u in present if u[0] == "infantry" and armies.is_modern(u, tac)]
    older = [u for u in present if u[0] == "infantry" and not armies.is_modern(u, tac)]

    def turned(m: int, o: int) -> list[armies.Unit]:
        return [*others, *(("cavalry", lv) for _, lv in modern[:m] + older[:o]), *modern[m:], *older[o:]]
    counts = [(m, o) for m in range(len(modern) + 1) for o in range(len(older) + 1)]
    return tuple(turned(*max(counts, key=lambda mo: armies.army_bonus(turned(*mo), tac))))


def units_value(civ: Civ, gone: list[armies.Unit]) -> int:
    """What these units add to a total when sacrificed: their strength and the armies they form."""
    return armies.sacrifice_value(gone, strengths(civ), tactics(civ), as_tactics(civ, gone))


def tactics_bonus(civ: Civ, unit_list: list[armies.Unit] | None = None) -> int:
    present = as_tactics(civ, units(civ) if unit_list is None else unit_list)
    bonus = armies.army_bonus(present, tactics(civ))
    if levels.leader(civ) == "napoleon_bonaparte":  # the best army's bonus counts twice
        bonus += best_army(present, tactics(civ))
    return bonus


def best_army(present: list[armies.Unit], tac: Card) -> int:
    formed, full = armies.armies(present, tac)
    if not formed:
        return 0
    value = tac.extra["bonus"] if full else tac.extra.get("obsolete", tac.extra["bonus"])
    air = any(kind == armies.AIR for kind, _ in present)
    return value * (2 if air else 1)


def sacrifice_value(civ: Civ, techs: list[str]) -> int:
    """What sacrificing the named units (one technology id per unit) would add to a total; raises when one
    is not a unit or not there."""
    taken: dict[str, int] = {}
    for t in techs:
        if card(t).kind not in UNITS:
            raise fail("not-a-unit", f"{card(t).name} 카드는 군사 유닛이 아니라 희생할 수 없습니다.",
                       SACRIFICE_RULE)
        taken[t] = taken.get(t, 0) + 1
        if civ.workers.get(t, 0) < taken[t]:
            raise fail("no-such-unit", f"{card(t).name} 유닛이 {civ.workers.get(t, 0)}개뿐인데 {taken[t]}개를 "
                       "희생하려 했습니다.", SACRIFICE_RULE)
    gone = [(card(t).kind, card(t).level) for t in techs]
    return units_value(civ, gone)


def sacrifice(civ: Civ, techs: list[str]) -> int:
    """Remove the named units (their tokens go back to the yellow bank) and return what they add to a total."""
    value = sacrifice_value(civ, techs)
    for t in techs:
        civ.workers[t] -= 1
        civ.yellow_bank += 1
    return value
