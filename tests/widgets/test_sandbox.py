"""Sandbox: live moves from a scenario position, rejections, undo/redo and the YAML export."""
from pathlib import Path

import pytest
import yaml

from tutor.replay import replay
from tutor.scenario import load_scenario
from tutor.widgets import Sandbox

PIG = Path(__file__).parent / "pig.yaml"


@pytest.fixture
def trace(pig):
    return replay(load_scenario(PIG))


def test_starts_from_the_position_after_step_at(trace):
    assert Sandbox.from_trace(trace, at=0).state == trace.initial_state
    assert Sandbox.from_trace(trace, at=3).state == trace.steps[2].state
    assert Sandbox.from_trace(trace).state == trace.steps[-1].state
    assert Sandbox.from_file(PIG, at=2).legal_moves()[0] == ("roll 1", "주사위가 1이 나옵니다.")
    with pytest.raises(ValueError, match="0~7"):
        Sandbox.from_trace(trace, at=8)


def test_legal_moves_are_listed_in_korean(trace):
    sandbox = Sandbox.from_trace(trace, at=3)  # 윤주 has 4 points this turn
    assert sandbox.legal_moves() == [("roll", "주사위를 굴립니다."), ("hold", "4점을 확정합니다."),
                                     ("play 두배", "두배 카드로 이번 턴 점수를 두 배로 만듭니다.")]
    assert sandbox.snapshot["moves"] == [list(m) for m in sandbox.legal_moves()]
    assert sandbox.snapshot["example"] == "roll"  # the game's own first legal move, not another game's


def test_a_rejected_move_is_explained_and_changes_nothing(trace):
    sandbox = Sandbox.from_trace(trace, at=0)
    before = sandbox.state
    error = sandbox.play("hold")
    assert error is not None and error.code == "nothing-to-hold"
    assert sandbox.state is before and sandbox.moves == []
    assert sandbox.snapshot["error"]["code"] == "nothing-to-hold" and sandbox.snapshot["error"]["rule"]
    assert not sandbox.snapshot["can_undo"] and sandbox.snapshot["yaml"] == ""


def test_a_request_from_the_front_end_plays_it(trace):
    """What a click sends from the browser in a kernel: the answer is a new snapshot naming the request."""
    sandbox = Sandbox.from_trace(trace, at=3)
    sandbox._on_request(sandbox, {"op": "play", "arg": "hold", "id": 7}, [])
    assert sandbox.moves == [("윤주", "hold")]
    assert sandbox.game.observe(sandbox.state)["윤주.score"] == 4
    assert sandbox.snapshot["done"] == "4점을 확정합니다 (윤주.score 0에서 4로, turn_total 4에서 0으로, turn 민호)."
    assert sandbox.snapshot["answer"] == 7
    sandbox._on_request(sandbox, {"op": "undo", "id": 8}, [])
    assert sandbox.moves == [] and sandbox.snapshot["answer"] == 8 and sandbox.snapshot["can_redo"]


def test_typed_notation_is_played_including_aliases(trace):
    sandbox = Sandbox.from_trace(trace, at=3)
    sandbox._on_request(sandbox, {"op": "play", "arg": "play Double", "id": 1}, [])
    assert sandbox.moves == [("윤주", "play 두배")]


def test_undo_and_redo(trace):
    sandbox = Sandbox.from_trace(trace, at=3)
    start = sandbox.state
    sandbox.play("play 두배")
    after_double = sandbox.state
    assert sandbox.undo() and sandbox.state is start and sandbox.moves == []
    assert sandbox.redo() and sandbox.state is after_double
    assert not sandbox.redo()
    sandbox.undo()
    sandbox.play("hold")
    assert not sandbox.redo()  # a new move clears the redo stack
    assert not sandbox.snapshot["can_redo"] and sandbox.snapshot["can_undo"]


def test_exported_steps_replay_to_the_same_position(trace, tmp_path):
    sandbox = Sandbox.from_trace(trace, at=5)  # 민호 to move
    for move in ["roll", "roll 5", "hold", "roll"]:
        assert sandbox.play(move) is None
    exported = yaml.safe_load(sandbox.to_yaml())
    assert exported[0] == {"by": "민호", "move": "roll"} and exported[1] == {"by": "chance", "move": "roll 5"}
    scenario = yaml.safe_load(PIG.read_text(encoding="utf-8"))
    scenario["steps"] = scenario["steps"][:5] + exported
    path = tmp_path / "exported.yaml"
    path.write_text(yaml.safe_dump(scenario, allow_unicode=True), encoding="utf-8")
    replayed = replay(load_scenario(path))
    assert replayed.ok
    assert replayed.game.observe(replayed.final_state) == sandbox.game.observe(sandbox.state)


def test_repr_is_stable(trace):
    sandbox = Sandbox.from_trace(trace, at=3)
    sandbox.play("hold")
    assert repr(sandbox) == "Sandbox('fixture_pig', 1수)"
