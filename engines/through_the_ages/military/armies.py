"""Armies under a tactics card, and what units are worth when counted or sacrificed (tta.advanced.tactics).

A unit is a (kind, level) pair: kind infantry | cavalry | artillery | air, level its age (A = 0). Armies
are never recorded: the best grouping of the units present is recomputed, as the rulebook says players
need not remember which unit belongs to which army.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ..catalog import Card

Unit = tuple[str, int]  # (kind, level)
AIR = "air_force"
LEVELS = {"A": 0, "I": 1, "II": 2, "III": 3}


def is_modern(unit: Unit, tactics: Card) -> bool:
    """A unit at most one age older than the tactics card gives the army its full bonus."""
    return LEVELS[tactics.age] - unit[1] <= 1


def armies(units: Iterable[Unit], tactics: Card | None) -> tuple[int, int]:
    """How many armies the units form under the tactics, and how many of them are full (not obsolete).

    Forming as many armies as possible and filling the full ones with modern units is always best: every
    army adds a bonus, and the number of full armies is bounded by the modern units alone.
    """
    if tactics is None:
        return 0, 0
    need: dict[str, int] = tactics.extra["army"]
    units = list(units)
    every = Counter(kind for kind, _ in units)
    modern = Counter(kind for kind, level in units if is_modern((kind, level), tactics))
    formed = min(every[k] // n for k, n in need.items())
    full = min(modern[k] // n for k, n in need.items())
    return formed, min(full, formed)


def army_bonus(units: Iterable[Unit], tactics: Card | None) -> int:
    """The strength the tactics card adds: each army its bonus (the lower one if it holds an obsolete unit),
    doubled for an army joined by an air force (one air force per army; tta.full.air-forces)."""
    if tactics is None:
        return 0
    units = list(units)
    formed, full = armies(units, tactics)
    low = tactics.extra.get("obsolete", tactics.extra["bonus"])
    bonuses = [tactics.extra["bonus"]] * full + [low] * (formed - full)  # best first
    air = sum(1 for kind, _ in units if kind == AIR)
    return sum(bonuses) + sum(bonuses[:air])


def unit_strength(units: Iterable[Unit], strengths: dict[Unit, int]) -> int:
    return sum(strengths[u] for u in units)


def sacrifice_value(sacrificed: Iterable[Unit], strengths: dict[Unit, int], tactics: Card | None,
                    counted: list[Unit] | None = None) -> int:
    """Strength a sacrifice adds to an attack, defence or colonisation bid: the units' own strength plus the
    bonus of the armies the sacrificed units form among themselves (a knight-warrior pair under Medieval
    Army: 2 + 1 + 2 = 5)."""
    sacrificed = list(sacrificed)  # ``counted``: the same units as the tactics card counts them (Genghis Khan)
    return unit_strength(sacrificed, strengths) + army_bonus(sacrificed if counted is None else counted, tactics)
