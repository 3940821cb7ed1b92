"""The ``setup:`` a Dominion scenario may give, as plain JSON Schema data (checked by ``tutor``).

``{"name": KIND}`` marks a text that must be a name of that kind (any spelling); ``$defs.player`` is
the set-up of one player, allowed under each name in the scenario's ``players``.
"""
from __future__ import annotations

import functools

from engines.core import NameIndex

from .cards import CARDS, INDEX

MAX_CARDS = 100  # more than any zone holds in a real game

CARD = {"type": "string", "name": "card", "title": "도미니언 카드"}
CARDS_LIST = {"type": "array", "maxItems": MAX_CARDS, "items": CARD}

SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "kingdom": {"anyOf": [
            {"const": "random"},
            {"type": "array", "minItems": 10, "maxItems": 10, "uniqueItems": True,
             "items": {"type": "string", "name": "kingdom", "title": "왕국 카드"}},
        ], "title": "왕국 카드 10종의 목록이나 random이어야 합니다"},
        "supply": {"type": "object", "propertyNames": CARD,
                   "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 60}},
        "trash": CARDS_LIST,
        "first": {"type": "string", "name": "player", "title": "플레이어"},
    },
    "$defs": {"player": {
        "type": "object",
        "additionalProperties": False,
        "properties": {"hand": CARDS_LIST, "deck": CARDS_LIST, "discard": CARDS_LIST},
    }},
}

GIVEN_TOGETHER = True
"""A player's zones are given together: once a scenario gives one of them, those it leaves out start empty
(nothing is dealt to that player)."""

WHERE_LISTED = {"card": "규칙 참고서의 도미니언 카드 쪽들(2~3원, 4원, 5~6원 카드)",
                "kingdom": "규칙 참고서의 도미니언 카드 쪽들(2~3원, 4원, 5~6원 카드)"}


@functools.cache
def name_index(kind: str) -> NameIndex:
    if kind == "kingdom":
        return NameIndex({c.name: (c.english, *c.aliases) for c in CARDS.values() if c.is_kingdom})
    return INDEX
