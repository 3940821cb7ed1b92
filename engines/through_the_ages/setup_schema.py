"""The ``setup:`` a Through the Ages scenario may give, as plain JSON Schema data (checked by ``tutor``).

``{"name": KIND}`` marks a text that must be a name of that kind (any spelling); ``$defs.player`` is
the set-up of one player, allowed under each name in the scenario's ``players``.
"""
from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from engines.core import NameIndex
from engines.core.korean import josa

from .catalog import (EDITIONS, MILITARY_DECKS, MODE_AGES, MODE_NAMES, board, data, edition_cards, event_deck,
                      name_index as card_names)
from .hooks import installed

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


MILITARY_KEYS = frozenset({"military_decks", "future_events", "final_events", "common_tactics", "pacts", "wars",
                           "military_hand", "tactics", "own_tactics", "colonies"})
"""Set-up keys (game-wide or a player's) that hold the military side: no game without military cards has them."""
MILITARY_WORDS = ("군사 카드", "침략", "전쟁", "협정", "식민지", "전술", "정치 행동")
"""Words of a question that name the military side (rulebook section 11), lacking without military cards."""


def in_mode(card_id: str, mode: str, edition: int) -> bool:
    """Whether a game of ``mode`` uses the card: its age is one of the mode's; without military cards (the simple
    game) a military card only as one of Age A's current events (rulebook section 4)."""
    card = edition_cards(edition)[card_id]
    if card.age not in MODE_AGES[mode]:
        return False
    if mode != "simple" or card_id not in _military(card.age, edition):
        return True
    return card.age == "A" and card_id in event_deck("A", mode, edition)


def missing_parts(options: dict[str, Any], question: str, setup: dict[str, Any],
                  moves: Sequence[str] = ()) -> list[tuple[str, dict[str, Any]]]:
    """What the question, the set-up or the steps' moves (notation) name that the chosen mode lacks: (a Korean
    sentence saying so, the options of the first mode that has it all), or none."""
    mode, edition = options.get("mode", "simple"), int(options.get("edition", 2006))
    modes = list(MODE_NAMES)
    lacking: dict[str, str] = {}  # what is lacking → the first mode that has it
    later = modes[modes.index(mode) + 1:]
    if not later:
        return []
    players = [v for v in setup.values() if isinstance(v, dict)]
    if mode == "simple" and (MILITARY_KEYS & set(setup) or any(MILITARY_KEYS & set(p) for p in players)):
        lacking["군사 카드"] = "advanced"
    words = f"{question}\n{setup}"
    cards = edition_cards(edition)
    here = {name for cid in cards if in_mode(cid, mode, edition) for name in (cards[cid].name, *cards[cid].aliases)}
    spelled: dict[str, tuple[str, str]] = {}  # a name written → (what it is, the first mode that has it)
    for cid, card in cards.items():
        named = [n for n in (card.name, *card.aliases) if len(n) >= 2 and n not in here and n in words]
        if not named or in_mode(cid, mode, edition):
            continue
        name = max(named, key=len)
        kind = "군사 카드" if cid in _military(card.age, edition) else f"{card.level_index}시대 카드"
        first = next(m for m in later if in_mode(cid, m, edition))
        if name not in spelled or modes.index(first) < modes.index(spelled[name][1]):
            spelled[name] = (kind, first)
    for name, (kind, first) in spelled.items():  # "약탈 II" written: not also "약탈"
        if not any(name != other and name in other for other in spelled):
            lacking[f"{kind} ‘{name}’"] = first
        question = question.replace(name, "")
    if mode == "simple":
        military_verbs = installed().verbs
        for move in moves:
            verb = military_verbs.get(move.split(" ", 1)[0])
            if verb is not None and verb.korean:
                lacking.setdefault(f"군사 행동 ‘{verb.korean}’", "advanced")
        for word in MILITARY_WORDS:
            if word in question and not any(word in name for name in here):
                lacking.setdefault(word, "advanced")
    if not lacking:
        return []
    target = max(lacking.values(), key=modes.index)
    things = ", ".join(list(lacking)[:4]) + (" 등" if len(lacking) > 4 else "")
    return [(f"{MODE_NAMES[mode]} 게임에는 {josa(things, '이')} 없습니다. {MODE_NAMES[target]} 게임부터 나옵니다.",
             {"mode": target})]


@functools.cache
def _military(age: str, edition: int) -> frozenset[str]:
    """The ids of an age's military deck (none for the board's cards)."""
    return frozenset(raw["id"] for raw in data(MILITARY_DECKS[age], edition)["cards"]) if age in MILITARY_DECKS else frozenset()
