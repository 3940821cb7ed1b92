"""The workbench's suggestions for a question as it is typed (tutor.suggest)."""
from __future__ import annotations

import json

from tutor.scenario import builtin_path
from tutor.suggest import suggest


def found(question: str, game: str) -> dict:
    return json.loads(suggest(question, game))


def test_a_question_naming_cards_finds_their_examples_and_rule_sections():
    answer = found("해자를 공개해도 노상강도를 낸 사람은 금을 얻나요?", "dominion")
    assert answer["examples"][0]["name"] == "dominion/bandit" and "노상강도" in answer["examples"][0]["words"]
    assert any(e["name"].startswith("dominion/moat") for e in answer["examples"])
    assert {r["name"] for r in answer["rules"]} >= {"dominion.card.bandit", "dominion.card.moat"}
    assert all(builtin_path(e["name"]).is_file() for e in answer["examples"])
    moat = next(r for r in answer["rules"] if r["name"] == "dominion.card.moat")
    assert moat["href"] == "dominion/cards-2-3.html#dominion-card-moat" and moat["words"] == ["해자"]  # 해자를 → 해자


def test_english_names_and_other_games_are_found_too():
    assert found("Throne Room on Throne Room", "dominion")["rules"][0]["name"] == "dominion.card.throne-room"
    assert found("시대가 끝나면 노란 토큰을 잃나요", "through_the_ages")["examples"][0]["name"] == \
        "through_the_ages/full-end-of-age"
    assert found("종교 카드", "carta_impera_victoria")["examples"][0]["name"] == "carta_impera_victoria/religion"


def test_only_the_chosen_games_and_nothing_for_common_words_alone():
    assert all(not e["name"].startswith("dominion/") for e in found("해자 노상강도", "through_the_ages")["examples"])
    assert found("", "dominion") == {"examples": [], "rules": []}
    assert found("카드", "dominion")["examples"] == []  # in almost every example: it tells nothing
    long = found("해자 " * 10_000, "dominion")  # a pasted page is read only as far as a question goes
    assert long["examples"]
