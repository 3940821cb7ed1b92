"""The card data of ``cards.yaml`` as small immutable records, indexed by canonical Korean name."""
from __future__ import annotations

from dataclasses import dataclass

from engines.core import NameIndex
from engines.core.data import load_data


@dataclass(frozen=True)
class Card:
    id: str  # English kebab name; rule id dominion.card.<id>
    name: str  # canonical Korean name, the one states and moves carry
    english: str
    aliases: tuple[str, ...]
    cost: int
    types: frozenset[str]
    edition: str  # "basic", "2" (second-edition kingdom) or "1" (first-edition kingdom)
    coins: int
    vp: int
    text: str

    @property
    def is_action(self) -> bool:
        return "action" in self.types

    @property
    def is_treasure(self) -> bool:
        return "treasure" in self.types

    @property
    def is_victory(self) -> bool:
        return "victory" in self.types

    @property
    def is_attack(self) -> bool:
        return "attack" in self.types

    @property
    def is_kingdom(self) -> bool:
        return self.edition != "basic"


def _load() -> dict[str, Card]:
    cards = {}
    for row in load_data("engines.dominion", "cards.yaml"):
        cards[row["name"]] = Card(
            id=row["id"], name=row["name"], english=row["english"], aliases=tuple(row["aliases"]),
            cost=row["cost"], types=frozenset(row["types"]), edition=str(row["edition"]),
            coins=row.get("coins", 0), vp=row.get("vp", 0), text=row["text"])
    return cards


CARDS: dict[str, Card] = _load()
"""Every card by canonical Korean name, in the order of the data file (basic cards first)."""

ORDER: dict[str, int] = {name: i for i, name in enumerate(CARDS)}
"""Canonical sort position, used to keep multi-card move arguments in one order."""

BASIC = [c.name for c in CARDS.values() if not c.is_kingdom]
KINGDOM = [c.name for c in CARDS.values() if c.is_kingdom]
SECOND_EDITION = [c.name for c in CARDS.values() if c.edition == "2"]

INDEX = NameIndex({c.name: (c.english, *c.aliases) for c in CARDS.values()})

COPPER, SILVER, GOLD = "동", "은", "금"
ESTATE, DUCHY, PROVINCE, CURSE = "사유지", "공작령", "속주", "저주"
GARDENS, MOAT = "정원", "해자"

# Cost, treasure value and type tests are hot in playouts: plain dict/set lookups.
COST = {c.name: c.cost for c in CARDS.values()}
COINS = {c.name: c.coins for c in CARDS.values()}
VP = {c.name: c.vp for c in CARDS.values()}
ACTIONS = frozenset(c.name for c in CARDS.values() if c.is_action)
TREASURES = frozenset(c.name for c in CARDS.values() if c.is_treasure)
VICTORIES = frozenset(c.name for c in CARDS.values() if c.is_victory)
ATTACKS = frozenset(c.name for c in CARDS.values() if c.is_attack)

# The rulebook's recommended first game (its spellings resolve through INDEX).
FIRST_GAME = ["저장고", "시장", "민병대", "광산", "해자", "개조", "대장장이", "마을", "나무꾼", "작업장"]


def rule_of(name: str) -> str:
    """The rule section of a kingdom card (basic cards are explained with the components)."""
    card = CARDS[name]
    return f"dominion.card.{card.id}" if card.is_kingdom else "dominion.components"
