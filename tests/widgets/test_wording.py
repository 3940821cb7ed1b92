"""What players, the Sandbox and ``tutor check`` say, over the built-in scenarios of all four games: a
lesson's words (narration, one sentence per move, "이 예제에서 볼 것", a refusal as 🚫), never a checker's."""
import re
from pathlib import Path

import pytest

from engines.core import GAMES
from tutor.cli import main
from tutor.narrate import LESSON, LOOK_AT
from tutor.scenario import SCENARIO_DIR
from tutor.widgets import Sandbox, ScenarioPlayer

WIDGETS = Path(__file__).resolve().parents[2] / "tutor" / "widgets"
GAME_IDS = [info.id for info in GAMES]
# What a checker says, not a teacher: none of it may reach a reader.
CHECKER = ["확인할 사실", "모든 사실이 시나리오와 같습니다", "시나리오가 기대한 대로", "예상대로 거부",
           "거부된 시도", "규칙에 맞는 행동입니다", "모든 기대가 맞음", "✓", "✗ 거부됨:"]


def _front_end(name: str) -> str:
    return (WIDGETS / "common.js").read_text(encoding="utf-8") + (WIDGETS / f"{name}.js").read_text(encoding="utf-8")


def _scenarios(game_id: str) -> list[Path]:
    return sorted((SCENARIO_DIR / game_id).glob("*.yaml"))


def _shown(step: dict) -> list[str]:
    """Every sentence of a step the player draws."""
    return [step.get("say", ""), step.get("description", ""), *step.get("look", []), *step.get("failures", []),
            (step.get("error") or {}).get("message", ""), *(" ".join(row) for row in step.get("changed", []))]


@pytest.mark.parametrize("name", ["player", "sandbox"])
def test_the_front_ends_use_a_lessons_words(name):
    code = _front_end(name)
    assert [phrase for phrase in CHECKER if phrase in code] == []
    # the refusal's mark (drawn, as 🚫 may have no font) and heading, and the move's sentence box
    assert "refusedMark()" in code and '"규칙상 할 수 없는 행동"' in code and "rb-outcome" in code
    if name == "player":
        assert LOOK_AT in code and "바뀐 사실" in code and '"details"' in code  # the change table folds away
        assert code.index('"rbp-say"') < code.index('"rbp-move"')  # narration comes first


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_step_of_every_builtin_reads_as_a_lesson(game_id):
    refusals = moves = 0
    for path in _scenarios(game_id):
        player = ScenarioPlayer.from_file(path)
        trace = player.trace
        for step, result in zip(player.steps[1:], trace.steps):
            leaks = [phrase for text in _shown(step) for phrase in CHECKER if phrase in text]
            assert leaks == [], (path.name, step["index"], leaks)
            if result.verdict == "accepted":
                moves += 1
                # the engine's own sentence, then what changed most, in Korean labels
                assert step["description"].startswith(result.description.rstrip(".")), (path.name, step)
                if any(type(after) is int for _, after in result.changed.values()):  # a number moved
                    assert step["description"].endswith(").") and " (" in step["description"], (path.name, step)
            if result.verdict == "rejected":
                refusals += 1
                assert step["lesson"] and result.expected == "illegal" and step["error"]["message"], (path.name, step)
            if result.checks:
                assert len(step["look"]) == len(result.checks) and all(": " in line for line in step["look"])
    assert moves and refusals  # every game shows both kinds


def test_a_war_says_who_won_what_in_one_sentence():
    """The issue's example: a war's outcome was a 23-row table with no sentence."""
    player = ScenarioPlayer.builtin("through_the_ages/war-over-technology")
    resolved = next(s for s in player.steps if s.get("move") == "sacrifice" and s["by"] == "민호")
    assert resolved["description"].startswith("민호가 아무것도 희생하지 않고 군사력을 알립니다 (")
    assert "윤주 과학 1에서 9로" in resolved["description"] and "민호 과학 11에서 3으로" in resolved["description"]
    assert len(resolved["changed"]) > 5  # the full table is still there, folded


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_tutor_check_marks_an_expected_refusal_as_a_lesson_not_a_failure(game_id, capsys):
    path = next(p for p in _scenarios(game_id) if "expect: illegal" in p.read_text(encoding="utf-8"))
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert re.search(rf"^ +\d+ 🚫 .+ — {LESSON}: ", out, re.M) and "✘" not in out, out
    assert [phrase for phrase in CHECKER if phrase in out.replace("통과 ✔", "")] == []


def test_tutor_check_keeps_the_failure_mark_for_a_real_mismatch(tmp_path, capsys):
    text = (SCENARIO_DIR / "dominion" / "artisan.yaml").read_text(encoding="utf-8")
    broken = tmp_path / "artisan.yaml"
    broken.write_text(text.replace("gain 금, expect: illegal, error: too-expensive", "gain 금"), encoding="utf-8")
    assert main(["check", str(broken)]) == 1
    out = capsys.readouterr().out
    assert "✘ 윤주: gain 금 — 거부:" in out and "실패 ✘" in out


# One Sandbox per game, from a position of its notebooks, with a refused and a legal move. The position
# is a step number or, where narration may be added before it, the move the Sandbox opens right after.
SANDBOXES = {
    "dominion": ("dominion/example-market-smithy", 0, "buy 속주"),
    "carta_impera_victoria": ("carta_impera_victoria/permanent", 3, "pass pass"),
    "through_the_ages": ("through_the_ages/first-round-picks", 5, "take 2"),
    "history_of_the_world": ("history_of_the_world/monuments", "invade 모래언덕", "monument 모래언덕"),
}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_sandbox_says_what_a_move_did_and_why_a_refusal_is_refused(game_id):
    name, at, refused = SANDBOXES[game_id]
    if isinstance(at, str):
        trace = ScenarioPlayer.builtin(name).trace
        at = next(s.index for s in trace.steps if s.move == at and s.verdict == "accepted")
    sandbox = Sandbox.builtin(name, at=at)
    assert sandbox.play(refused) is not None
    error = sandbox.snapshot["error"]
    assert error["message"] and error["rule"] in sandbox.rules and sandbox.snapshot["done"] == ""
    move = sandbox.legal_moves()[0][0]
    said = sandbox.game.describe(sandbox.state, sandbox.game.parse(sandbox.state, move)).rstrip(".")
    assert sandbox.play(move) is None
    done = sandbox.snapshot["done"]
    assert done.startswith(said) and sandbox.snapshot["error"] is None
    assert " (" in done and done.endswith(").")  # and the facts it changed most
    assert [phrase for phrase in CHECKER if phrase in done] == []


def test_the_sandbox_names_chance_in_korean_when_the_dice_are_to_roll():
    sandbox = Sandbox.builtin("history_of_the_world/fortify", at=11)  # right after an invasion
    assert sandbox.snapshot["roll"] == "주사위 굴리기"
    assert sandbox.snapshot["turn"].startswith("차례: 우연") and "chance" not in sandbox.snapshot["turn"]
