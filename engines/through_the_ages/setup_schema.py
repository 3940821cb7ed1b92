"""The ``setup:`` a Through the Ages scenario may give, as plain JSON Schema data (checked by ``tutor``).

``{"name": KIND}`` marks a text that must be a name of that kind (any spelling); ``$defs.player`` is
the set-up of one player, allowed under each name in the scenario's ``players``.
"""
from __future__ import annotations

from engines.core import NameIndex

from .catalog import EDITIONS, board, name_index as card_names

ROW = len(board()["card_row"])
YELLOW, BLUE = (max(board(e)["tokens"][colour] for e in EDITIONS) for colour in ("yellow", "blue"))
CARD = {"type": "string", "name": "card", "title": "쓰루 디 에이지스 카드"}
CARDS = {"type": "array", "maxItems": 100, "items": CARD}
PLAYER = {"type": "string", "name": "player", "title": "플레이어"}
AGE_KEY = {"enum": ["A", "a", "I", "i", "1", "II", "ii", "2", "III", "iii", "3"],
           "title": "카드 더미는 A, I, II, III 가운데 하나입니다"}
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
        "decks": {"type": "object", "propertyNames": AGE_KEY,
                  "additionalProperties": {"anyOf": [CARDS, {"type": "null"}], "title": "카드 목록이어야 합니다"}},
        "military_decks": {"type": "object", "propertyNames": AGE_KEY,
                           "additionalProperties": {"anyOf": [CARDS, {"type": "null"}],
                                                    "title": "카드 목록이어야 합니다"}},
        "future_events": {"anyOf": [CARDS, {"type": "null"}], "title": "카드 목록이어야 합니다"},
        "final_events": {"anyOf": [CARDS, {"type": "null"}], "title": "카드 목록이어야 합니다"},
        "common_tactics": {"anyOf": [CARDS, {"type": "null"}], "title": "카드 목록이어야 합니다 (2015년판 공용 전술)"},
        "pacts": {"type": "array", "maxItems": 10, "items": {
            "type": "object", "additionalProperties": False, "required": ["card", "a", "b"],
            "properties": {"card": CARD, "a": PLAYER, "b": PLAYER, "owner": PLAYER}}},
        "wars": {"type": "array", "maxItems": 10, "items": {
            "type": "object", "additionalProperties": False, "required": ["card", "attacker", "defender"],
            "properties": {"card": CARD, "attacker": PLAYER, "defender": PLAYER}}},
        "age": {"enum": ["A", "a", "I", "i", "II", "ii", "III", "iii", "IV", "iv", 1, 2, 3, 4, "1", "2", "3", "4"],
                "title": "시대는 A, I, II, III, IV 가운데 하나입니다"},
        "events": {"anyOf": [CARDS, {"type": "null"}], "title": "카드 목록이어야 합니다"},
        "round": {"type": "integer", "minimum": 1, "maximum": 50},
        "last_round": {"type": "integer", "minimum": 1, "maximum": 50, "title": "게임의 마지막 라운드(끝이 정해졌을 때)"},
        "resigned": {"type": "array", "maxItems": 4, "uniqueItems": True, "items": PLAYER,
                     "title": "패배를 선언하고 물러난 플레이어 목록"},
        "active": PLAYER,
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
            "military_hand": CARDS, "tactics": MAYBE_CARD, "own_tactics": CARDS, "colonies": CARDS,
            "leader_ages": {"type": "array", "maxItems": 4, "uniqueItems": True,
                            "items": {"enum": ["A", "I", "II", "III"]}},
        },
    }},
}

WHERE_LISTED = {"card": "규칙 참고서의 쓰루 디 에이지스 용어집과 카드 쪽"}


def name_index(kind: str) -> NameIndex:
    return card_names(None)  # a scenario may be of either edition (its ``variant`` says which)
