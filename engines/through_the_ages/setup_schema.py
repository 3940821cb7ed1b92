"""The ``setup:`` a Through the Ages scenario may give, as plain JSON Schema data (checked by ``tutor``).

``{"name": KIND}`` marks a text that must be a name of that kind (any spelling); ``$defs.player`` is
the set-up of one player, allowed under each name in the scenario's ``players``.
"""
from __future__ import annotations

from engines.core import NameIndex

from .catalog import board, name_index as card_names

ROW = len(board()["card_row"])
YELLOW, BLUE = board()["tokens"]["yellow"], board()["tokens"]["blue"]
CARD = {"type": "string", "name": "card", "title": "쓰루 디 에이지스 카드"}
CARDS = {"type": "array", "maxItems": 100, "items": CARD}
MAYBE_CARD = {"anyOf": [CARD, {"type": "null"}], "title": "카드 이름이나 null이어야 합니다"}


def count(high: int) -> dict:
    return {"type": "integer", "minimum": 0, "maximum": high}


SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "card_row": {"anyOf": [
            {"type": "array", "maxItems": ROW, "items": MAYBE_CARD},
            {"type": "object", "propertyNames": {"pattern": f"^({'|'.join(map(str, range(1, ROW + 1)))})$",
                                                 "title": f"카드 열의 칸 번호는 1~{ROW}입니다"},
             "additionalProperties": MAYBE_CARD},
        ], "title": f"카드 열은 {ROW}칸까지의 목록이나 '칸 번호: 카드' 매핑이어야 합니다"},
        "decks": {"type": "object", "propertyNames": {"enum": ["A", "a", "I", "i", "1"],
                                                      "title": "카드 더미는 A 또는 I입니다"},
                  "additionalProperties": {"anyOf": [CARDS, {"type": "null"}], "title": "카드 목록이어야 합니다"}},
        "events": {"anyOf": [CARDS, {"type": "null"}], "title": "카드 목록이어야 합니다"},
        "round": {"type": "integer", "minimum": 1, "maximum": 50},
        "active": {"type": "string", "name": "player", "title": "플레이어"},
    },
    "$defs": {"player": {
        "type": ["object", "null"],
        "additionalProperties": False,
        "properties": {
            "hand": CARDS, "technologies": CARDS, "wonders": CARDS,
            "government": CARD, "leader": MAYBE_CARD, "wonder": MAYBE_CARD,
            "wonder_stages": count(10),
            "workers": {"type": "object", "propertyNames": CARD, "additionalProperties": count(YELLOW)},
            "idle": count(YELLOW),
            "blue": {"type": "object", "propertyNames": CARD, "additionalProperties": count(BLUE)},
            "food": count(100), "resources": count(100), "culture": count(999), "science": count(999),
            "leader_ages": {"type": "array", "maxItems": 4, "uniqueItems": True,
                            "items": {"enum": ["A", "I", "II", "III"]}},
        },
    }},
}

WHERE_LISTED = {"card": "규칙 참고서의 쓰루 디 에이지스 용어집과 카드 쪽"}


def name_index(kind: str) -> NameIndex:
    return card_names()
