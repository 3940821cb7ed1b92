"""The ``setup:`` a Carta Impera Victoria scenario may give, as plain JSON Schema data (checked by ``tutor``).

``{"name": KIND}`` marks a text that must be a name of that kind (any spelling); ``$defs.player`` is
the set-up of one player, allowed under each name in the scenario's ``players``.
"""
from __future__ import annotations

from engines.core import NameIndex

from .data import TOTAL_BY_SUIT, suit_names

DECK = sum(TOTAL_BY_SUIT.values())
SUIT = {"type": "string", "name": "suit", "title": "카르타 임페라 빅토리아의 분야"}
CARDS = {"anyOf": [
    {"type": "array", "maxItems": DECK, "items": SUIT},
    {"type": "object", "propertyNames": SUIT,
     "additionalProperties": {"type": "integer", "minimum": 0, "maximum": max(TOTAL_BY_SUIT.values())}},
], "title": "카드 목록([군사, 종교])이나 '분야: 장수' 매핑({군사: 2})이어야 합니다"}

SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "first": {"type": "string", "name": "player", "title": "플레이어"},
        "deck": CARDS,
        "deck_size": {"type": "integer", "minimum": 0, "maximum": DECK},
        "discard": CARDS,
    },
    "$defs": {"player": {
        "type": "object",
        "additionalProperties": False,
        "properties": {"hand": CARDS, "tableau": CARDS, "flipped": CARDS},
    }},
}

GIVEN_TOGETHER = True
"""A player's zones are given together: once a scenario gives one of them, those it leaves out start empty
(nothing is dealt to that player)."""

WHERE_LISTED = {"suit": "규칙 참고서의 카르타 임페라 빅토리아 용어집(분야: 군사, 종교, 경제, 과학, 문화, 유토피아)"}


def name_index(kind: str) -> NameIndex:
    return suit_names()
