"""The suits and numbers of Carta Impera Victoria, read from ``cards.yaml``."""
from __future__ import annotations

import functools
from typing import Any

from engines.core import NameIndex
from engines.core.data import load_data

_DATA: dict[str, Any] = load_data("engines.carta_impera_victoria", "cards.yaml")

SUIT_INFO: dict[str, dict[str, Any]] = {s["name"]: s for s in _DATA["suits"]}
SUITS: tuple[str, ...] = tuple(SUIT_INFO)  # reference-board order, used for every listing
MILITARY, RELIGION, ECONOMY, SCIENCE, CULTURE, UTOPIA = SUITS
TIEBREAK_ORDER: tuple[str, ...] = tuple(_DATA["tiebreak_order"])
NUMBERS: dict[str, Any] = _DATA["numbers"]
TOTAL_BY_SUIT: dict[str, int] = {s: sum(info["ages"].values()) for s, info in SUIT_INFO.items()}


def age_cards(age: int) -> list[str]:
    """The cards of one age, in suit order (shuffled by the set-up)."""
    return [s for s, info in SUIT_INFO.items() for _ in range(info["ages"][age])]


@functools.cache
def suit_names() -> NameIndex:
    """Every spelling of every suit (built once: treat it as read-only)."""
    index = NameIndex()
    for name, info in SUIT_INFO.items():
        index.add(name, info["english"], *info["aliases"])
    return index


def ability_name(suit: str, level: int | None) -> str:
    """The Korean name of a suit's permanent ability at ``level``, or its sacrifice when level is None."""
    info = SUIT_INFO[suit]
    if suit == CULTURE:
        return info["inspiration"]["name"]
    return info["sacrifice"]["name"] if level is None else info["permanent"][level]["name"]


def suit_rule(suit: str) -> str:
    """The rule-section id of a suit's page, e.g. ``carta.suit.military``."""
    return f"carta.suit.{SUIT_INFO[suit]['english'].lower()}"
