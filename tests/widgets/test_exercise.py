"""Exercise widget: the traits a static page needs to ask, judge and explain without a kernel."""
from tutor import views
from tutor.exercises import get_exercise, solve
from tutor.widgets.exercise import Exercise


def test_a_verdict_exercise_carries_the_move_the_choices_and_the_engines_reason():
    widget = Exercise.builtin("dominion/smithy-twice")
    assert widget.choices == ["받아들여진다", "거부된다"] and widget.correct == 1
    assert widget.move["notation"] == "play 대장장이" and widget.move["by"] == "윤주"
    assert widget.solution.step.error["message"] in widget.explanation  # the engine's own message
    assert widget.rule == "dominion.turn.action"
    assert widget.rules["dominion.turn.action"]["href"].startswith("dominion/turn.html#")
    assert widget.chosen == -1 and widget.level == "쉬움"


def test_the_view_is_the_position_before_the_move():
    solution = solve(get_exercise("dominion/market-buys"))
    widget = Exercise(solution)
    assert widget.view == views.render(solution.trace.game, solution.before)
    assert widget.view != views.render(solution.trace.game, solution.step.state)


def test_a_legal_exercise_hides_the_move_and_explains_each_wrong_choice():
    widget = Exercise.builtin("dominion/mine-gain")
    assert widget.move == {}  # the move is the answer: not shown before answering
    assert widget.choices[widget.correct] == "윤주는 은을 얻습니다."
    wrong = widget.notes[widget.solution.choices.index("gain 금")]  # too expensive for a Copper's Mine
    assert "6" in wrong["message"] and wrong["rule"] in widget.rules


def test_a_fact_exercise_shows_what_changed():
    widget = Exercise.builtin("dominion/festival-coins")
    assert widget.choices[widget.correct] == "4"
    label = views.fact_text(widget.solution.trace.game, "윤주.coins", 4)[0]  # Korean, not the key
    assert [label, "2", "4"] in widget.changed and label != "윤주.coins"
    assert "윤주의 코인은 2에서 4가 됩니다." in widget.explanation  # a sentence, not "2 → 4"
