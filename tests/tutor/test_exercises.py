"""Predict-the-outcome exercises: every exercise's stated answer is the engine's, once among its choices;
each game has enough of them, as many "accepted" as "rejected" answers, choices in an order that gives
nothing away, and feedback in Korean sentences that say why."""
import re
from collections import Counter
from functools import cache

import pytest

from tutor.exercises import (KINDS, VERDICT_CHOICES, ExerciseError, ExerciseSpec, display_order, games,
                             get_exercise, load_exercises, solve)
from tutor.rules import defined_sections
from tutor.scenario import load_builtin
from tutor.views import fact_text

from engines.core import GAMES

ALL = [spec for game in games() for spec in load_exercises(game)]
HANGUL = re.compile(r"[가-힣]")
# What the old feedback and the scenario checker say; a learner should never read it in an exercise.
CHECKER_WORDS = ("→", "✓", "✘", "이 행동 뒤의 값", "엔진이 받아들입니다", "엔진이 거부합니다", "확인할 사실",
                 "None", "accepted", "rejected", "(을)", "(를)", "(은)", "(는)", "(이)", "(가)")


@cache
def solved(name: str):
    return solve(get_exercise(name))


def advanced_or_2015(spec: ExerciseSpec) -> bool:
    """A Through the Ages exercise on the advanced or full game, or on the 2015 edition."""
    variant = load_builtin(f"{spec.game}/{spec.scenario}").variant
    return variant.get("mode") in ("advanced", "full") or variant.get("edition") == 2015


def test_every_game_has_at_least_twenty_exercises_from_easy_to_hard():
    assert set(games()) == {info.id for info in GAMES}
    for game in games():
        specs = load_exercises(game)
        assert len(specs) >= 20, f"{game}: {len(specs)} exercises"
        assert {s.level for s in specs} == {1, 2, 3}, game
        assert [s.level for s in specs] == sorted(s.level for s in specs), f"{game}: not ordered easy to hard"


def test_through_the_ages_asks_about_the_advanced_and_full_game_and_the_2015_edition():
    specs = [s for s in load_exercises("through_the_ages") if advanced_or_2015(s)]
    assert len(specs) >= 12
    scenarios = {s.scenario for s in specs}
    # politics, aggression and defence, war, colonies, pacts, corruption, discontent and uprising, 2015
    for topic in ("future-events", "aggression", "war-over-technology", "coloni", "pact", "corruption",
                  "discontent", "uprising", "2015"):
        assert any(topic in name for name in scenarios), topic


@pytest.mark.parametrize("game", games())
def test_accept_and_refuse_answers_are_balanced(game):
    verdicts = [solved(s.name).answer for s in load_exercises(game) if s.ask == "verdict"]
    share = verdicts.count("accepted") / len(verdicts)
    assert len(verdicts) >= 10 and 0.4 <= share <= 0.6, f"{game}: {verdicts.count('accepted')} of {len(verdicts)} accepted"


@pytest.mark.parametrize("spec", ALL, ids=lambda s: s.name)
def test_the_stated_answer_is_the_engines_and_appears_once(spec):
    solution = solved(spec.name)
    stated = [i for i, choice in enumerate(solution.choices) if choice == spec.answer]
    assert stated == [solution.correct], f"the author's answer {spec.answer!r} is not the engine's {solution.answer!r}"
    assert len(set(map(str, spec.choices))) == len(spec.choices), "a choice is repeated"
    assert sorted(map(str, solution.choices)) == sorted(map(str, spec.choices))
    assert solution.explanation and solution.labels[solution.correct]


@pytest.mark.parametrize("spec", ALL, ids=lambda s: s.name)
def test_the_order_of_the_choices_is_not_the_authors(spec):
    """Listing the choices the other way round in the file shows them in the same order."""
    turned = ExerciseSpec(**{**spec.__dict__, "choices": tuple(reversed(spec.choices))})
    shown = [spec.choices[i] for i in display_order(spec)]
    assert [turned.choices[i] for i in display_order(turned)] == shown
    if spec.ask == "verdict":
        assert solved(spec.name).labels == ["받아들여진다", "거부된다"]  # whatever the answer


@pytest.mark.parametrize("game", games())
def test_the_right_choice_does_not_sit_in_one_place(game):
    """Across a game's multiple-choice questions the correct choice is not mostly in one place, nor mostly last."""
    solutions = [solved(s.name) for s in load_exercises(game) if s.ask != "verdict"]
    places = Counter(s.correct for s in solutions)
    last = sum(s.correct == len(s.choices) - 1 for s in solutions)
    assert len(solutions) >= 4 and max(places.values()) <= 0.6 * len(solutions), places
    assert last <= 0.6 * len(solutions), last


@pytest.mark.parametrize("spec", ALL, ids=lambda s: s.name)
def test_the_feedback_says_why_in_korean_sentences(spec):
    solution = solved(spec.name)
    texts = [solution.explanation] + [note["message"] for note in solution.notes if note]
    for text in texts:
        assert HANGUL.search(text) and text.endswith((".", "다", ")")), text
        assert not [word for word in CHECKER_WORDS if word in text], text
    step = solution.step
    if spec.ask == "legal":
        assert f"「{solution.labels[solution.correct]}」" in solution.explanation
    elif step.verdict == "rejected":
        assert step.error["message"] in solution.explanation  # the engine's own reason, with its numbers
    elif spec.ask == "verdict":
        assert solution.explanation.startswith("이 행동은 받아들여집니다.")
        assert spec.why or spec.fact, "say why the rules allow it"
    if spec.fact:
        label, value = fact_text(solution.trace.game, spec.fact, step.facts[spec.fact])
        assert HANGUL.search(label.split(" ")[-1]), f"{spec.fact} has no Korean label"
        assert label.split(" ")[-1] in solution.explanation and value in solution.explanation


@pytest.mark.parametrize("spec", ALL, ids=lambda s: s.name)
def test_the_rule_behind_each_answer_is_a_defined_section(spec):
    sections = defined_sections()
    solution = solved(spec.name)
    cited = {solution.rule} | {note["rule"] for note in solution.notes if note.get("rule")}
    if spec.rule:
        cited.add(spec.rule)
    assert cited <= set(sections), cited - set(sections)
    if solution.step.verdict == "rejected" and spec.ask != "legal":
        assert solution.rule == solution.step.error["rule"]  # a rejection links the rule the engine cites


def test_a_wrong_stated_answer_is_caught():
    spec = get_exercise("dominion/smithy-twice")
    assert spec.ask == "verdict" and spec.answer == "rejected"
    wrong = ExerciseSpec(**{**spec.__dict__, "answer": "accepted"})
    assert solve(wrong).answer != wrong.answer


def test_choices_without_the_engines_answer_are_refused():
    spec = get_exercise("dominion/market-buys")
    broken = ExerciseSpec(**{**spec.__dict__, "choices": (1, 2, 4)})
    with pytest.raises(ExerciseError, match="보기가 0개"):
        solve(broken)


def test_a_legal_question_explains_each_wrong_choice_in_the_engines_words():
    solution = solve(get_exercise("dominion/mine-gain"))
    labels = dict(zip(solution.choices, solution.notes))
    assert labels["gain 은"] == {}
    assert "6" in labels["gain 금"]["message"] and labels["gain 금"]["rule"] == "dominion.card.mine"


def test_the_move_is_found_by_its_canonical_notation_and_occurrence():
    spec = get_exercise("carta_impera_victoria/hegemony-end-of-turn")
    assert spec.nth == -1
    solution = solve(spec)
    assert solution.step.move == "end" and solution.answer == ["윤주"]
    assert solution.step is [s for s in solution.trace.steps if s.move == "end"][-1]


def test_bad_entries_are_reported_with_file_and_line(tmp_path, monkeypatch):
    import tutor.exercises as exercises

    (tmp_path / "dominion.yaml").write_text(
        "exercises:\n  - {id: a, level: 4, title: t, scenario: market, move: end, ask: guess, question: q, answer: 1}\n",
        encoding="utf-8")
    monkeypatch.setattr(exercises, "EXERCISE_DIR", tmp_path)
    exercises.load_exercises.cache_clear()
    try:
        with pytest.raises(ExerciseError, match=r"dominion.yaml:2: ask는"):
            exercises.load_exercises("dominion")
    finally:
        exercises.load_exercises.cache_clear()


def test_verdict_questions_offer_the_two_verdicts():
    for spec in ALL:
        assert spec.ask in KINDS
        if spec.ask == "verdict":
            assert spec.choices == tuple(VERDICT_CHOICES)


def test_the_feedback_of_a_fact_question_is_a_sentence_about_that_fact():
    solution = solve(get_exercise("dominion/end-tiebreak"))
    assert solution.explanation.startswith("윤주는 구매 단계를 끝냅니다. 그래서 승자는 민호가 됩니다.")
    coins = solve(get_exercise("dominion/festival-coins"))
    assert "그래서 윤주의 코인은 2에서 4가 됩니다." in coins.explanation


def test_an_accepted_move_is_explained_with_its_subject_and_the_authors_why():
    solution = solve(get_exercise("carta_impera_victoria/lone-attack"))
    assert solution.explanation.startswith("이 행동은 받아들여집니다. 윤주는 공격을 씁니다. 군사 카드 1장을")
    assert solution.explanation.endswith(solution.spec.why)


def test_numbers_are_shown_small_to_large_and_true_before_false():
    assert solve(get_exercise("dominion/witch-last-curse")).labels == ["-1", "0", "1"]
    assert solve(get_exercise("carta_impera_victoria/two-player-hegemony")).labels == ["예", "아니오"]
