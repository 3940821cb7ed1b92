"""Predict-the-outcome exercises: every exercise's stated answer is the engine's, once among its choices."""
import pytest

from tutor.exercises import (KINDS, VERDICT_CHOICES, ExerciseError, ExerciseSpec, games, get_exercise,
                             load_exercises, solve)
from tutor.rules import defined_sections

from engines.core import GAMES

ALL = [spec for game in games() for spec in load_exercises(game)]


def test_every_game_has_at_least_twelve_exercises_from_easy_to_hard():
    assert set(games()) == {info.id for info in GAMES}
    for game in games():
        specs = load_exercises(game)
        assert len(specs) >= 12, game
        assert {s.level for s in specs} == {1, 2, 3}, game
        assert [s.level for s in specs] == sorted(s.level for s in specs), f"{game}: not ordered easy to hard"


@pytest.mark.parametrize("spec", ALL, ids=lambda s: s.name)
def test_the_stated_answer_is_the_engines_and_appears_once(spec):
    solution = solve(spec)
    stated = [i for i, choice in enumerate(spec.choices) if choice == spec.answer]
    assert stated == [solution.correct], f"the author's answer {spec.answer!r} is not the engine's {solution.answer!r}"
    assert len(set(map(str, spec.choices))) == len(spec.choices), "a choice is repeated"
    assert solution.explanation and solution.labels[solution.correct]


@pytest.mark.parametrize("spec", ALL, ids=lambda s: s.name)
def test_the_rule_behind_each_answer_is_a_defined_section(spec):
    sections = defined_sections()
    solution = solve(spec)
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
    labels = dict(zip(solution.spec.choices, solution.notes))
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
