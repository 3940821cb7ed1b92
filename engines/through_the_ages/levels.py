"""What a civilization's cards and workers produce now: the three levels, happiness, action tokens.

Nothing here is stored: the levels are always recomputed from the cards and the workers on them, so
they cannot drift from the board (the markers of the physical game are a cache of this).
"""
from __future__ import annotations

from .catalog import URBAN, UNITS, Card, board, card
from .state import Civ


def limit(name: str) -> int:
    return board()["limits"][name]


def flat_cards(civ: Civ) -> list[Card]:
    """Cards whose numbers count once, without workers: government, leader, completed wonders, specials."""
    ids = [civ.government, *civ.wonders, *(t for t in civ.technologies if card(t).type == "special")]
    if civ.leader:
        ids.append(civ.leader)
    return [card(i) for i in ids]


def per_worker(civ: Civ, stat: str, kinds: tuple[str, ...] | None = None) -> int:
    return sum(n * getattr(card(t), stat) for t, n in civ.workers.items()
               if kinds is None or card(t).kind in kinds)


def count(civ: Civ, kinds: tuple[str, ...]) -> int:
    """Workers on technologies of these kinds (buildings or units)."""
    return sum(n for t, n in civ.workers.items() if card(t).kind in kinds)


def flat(civ: Civ, stat: str) -> int:
    return sum(getattr(c, stat) for c in flat_cards(civ))


def culture_raw(civ: Civ) -> int:
    value = per_worker(civ, "culture") + flat(civ, "culture")
    if civ.leader == "homer":
        value += min(2, civ.workers.get("warriors", 0))
    elif civ.leader == "michelangelo":
        value += per_worker(civ, "happy", ("temple", "theater")) + sum(card(w).happy for w in civ.wonders)
    elif civ.leader == "genghis_khan":
        value += count(civ, ("cavalry",))
    return value


def culture_level(civ: Civ) -> int:
    return max(0, min(limit("culture_level"), culture_raw(civ)))


def science_raw(civ: Civ) -> int:
    value = per_worker(civ, "science") + flat(civ, "science")
    if civ.leader == "leonardo_da_vinci":
        staffed = [card(t).level for t, n in civ.workers.items() if n and card(t).kind in ("lab", "library")]
        value += max(staffed, default=0)
    return value


def science_level(civ: Civ) -> int:
    return max(0, min(limit("science_level"), science_raw(civ)))


def strength_raw(civ: Civ) -> int:
    value = per_worker(civ, "strength") + flat(civ, "strength")
    if civ.leader == "alexander_the_great":
        value += count(civ, UNITS)
    elif civ.leader == "joan_of_arc":
        value += per_worker(civ, "happy", ("temple",))
    elif civ.leader == "genghis_khan":
        value += count(civ, ("cavalry",))
    if "great_wall" in civ.wonders:
        value += count(civ, ("infantry", "artillery"))
    return value


def strength(civ: Civ) -> int:
    return max(0, min(limit("strength"), strength_raw(civ)))


def happy_raw(civ: Civ) -> int:
    value = per_worker(civ, "happy") + flat(civ, "happy")
    return value * 2 if "st_peters_basilica" in civ.wonders else value


def happiness(civ: Civ) -> int:
    return max(0, min(limit("happiness"), happy_raw(civ)))


def civil_total(civ: Civ) -> int:
    """White tokens: the government's plus those leaders, wonders and special technologies add."""
    return max(0, flat(civ, "civil_actions"))


def military_total(civ: Civ) -> int:
    return max(0, flat(civ, "military_actions"))


def hand_limit(civ: Civ) -> int:
    return civil_total(civ) + (1 if "library_of_alexandria" in civ.wonders else 0)


def building_limit(civ: Civ) -> int:
    return card(civ.government).building_limit


def production(civ: Civ, kind: str) -> int:
    """Food ("farm") or resources ("mine") the workers produce each turn."""
    stat = "food" if kind == "farm" else "resources"
    return per_worker(civ, stat, (kind,))


def urban_count(civ: Civ, kind: str) -> int:
    assert kind in URBAN
    return count(civ, (kind,))


def yellow_section(civ: Civ) -> dict:
    """The section of the yellow bank its leftmost remaining token (or the empty bank) lies in."""
    return next(s for s in board()["yellow_sections"] if s["left"][0] <= civ.yellow_bank <= s["left"][1])
