"""The tutor command as a scenario writer meets it: Korean help, exit codes, hints for wrong names."""
from pathlib import Path

import pytest

from engines.core import RulesError
from tests.fixture.pig import GAME as PIG
from tutor.check import changes_text
from tutor.cli import main
from tutor.replay import EngineError, replay
from tutor.scenario import ScenarioError, parse_scenario

HERE = Path(__file__).resolve().parent.parent / "scenarios"
MARKET = """game: dominion
title: 시장
rules: [dominion.card.market]
players: [윤주, 민호]
setup:
  윤주: {hand: [시장, 동, 동, 동, 사유지], deck: [은, 동, 동, 사유지, 금]}
steps:
"""


def write(tmp_path, text: str, name: str = "s.yaml", encoding: str = "utf-8") -> str:
    path = tmp_path / name
    path.write_bytes(text.encode(encoding))
    return str(path)


def test_help_is_korean_and_explains_file_options_and_exit_codes(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["check", "--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    assert "사용법: tutor check" in out and "FILE" in out and "시나리오 파일" in out and "--json" in out
    assert "종료 코드" in out and all(f"  {code}  " in out for code in "0123")
    assert "usage" not in out and "show this help" not in out


def test_a_wrong_command_line_is_explained_in_korean(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["moves", "x.yaml", "--at", "q"])
    assert exc.value.code == 2
    assert "--at에는 정수를 씁니다" in capsys.readouterr().err


def test_a_cp949_file_is_told_to_be_saved_as_utf8(tmp_path, capsys):
    path = write(tmp_path, MARKET + "  - {by: 윤주, move: play 시장}\n", encoding="cp949")
    assert main(["check", path]) == 2
    err = capsys.readouterr().err
    assert "UTF-8이 아닙니다" in err and "UTF-8로 바꿔 다시 저장하세요" in err and "Traceback" not in err


def test_a_rule_id_that_does_not_exist_is_an_error_with_a_suggestion(tmp_path, capsys):
    path = write(tmp_path, MARKET.replace("dominion.card.market", "dominion.card.markt") + "  - say: 안녕\n")
    assert main(["check", path]) == 2
    err = capsys.readouterr().err
    assert ":3: rules: 정의되지 않은 규칙 절 id" in err and "혹시 dominion.card.market?" in err


def test_unknown_card_player_and_fact_names_get_suggestions_and_a_pointer(tmp_path, capsys):
    cases = [("  - {by: 윤주, move: play 시잠}\n", "혹시 시장?"),
             ("  - {by: 윤쥬, move: play 시장}\n", "혹시 윤주?"),
             ("  - check: {윤주.hnd: [동]}\n", "혹시 윤주 손(윤주.hand)?")]
    for step, hint in cases:
        assert main(["check", write(tmp_path, MARKET + step)]) == 2
        assert hint in capsys.readouterr().err
    write(tmp_path, MARKET.replace("[시장, 동", "[시잠, 동") + "  - say: 안녕\n", "setup.yaml")
    assert main(["check", str(tmp_path / "setup.yaml")]) == 2
    err = capsys.readouterr().err
    assert "도미니언 카드에 없는 이름입니다: '시잠'" in err and "혹시 시장?" in err and "이름 목록:" in err


def test_plain_check_shows_what_each_step_changed(tmp_path, capsys):
    path = write(tmp_path, MARKET + "  - {by: 윤주, move: play 시장}\n  - check: {윤주.coins: 1}\n")
    assert main(["check", path]) == 0
    out = capsys.readouterr().out
    assert "바뀐 사실:" in out and "윤주.coins 0→1" in out and "윤주.in_play +시장" in out


def test_changes_text_lists_gains_and_losses_of_cards():
    text = changes_text({"a.hand": [["동", "동", "은"], ["동", "금"]], "supply.금": [30, 29], "over": [False, True]})
    assert text == "a.hand +금 −동 −은, supply.금 30→29, over 아니오→예"


def test_moves_at_names_the_pending_decision(capsys):
    assert main(["moves", str(HERE.parent.parent / "tutor/scenarios/dominion/militia.yaml"), "--at", "3"]) == 0
    out = capsys.readouterr().out
    assert "민호의 차례" in out and "결정할 것: discard (카드를 버립니다" in out


def test_expect_illegal_without_error_needs_a_rules_rejection():
    text = "game: pig\nplayers: [a, b]\nsteps:\n  - {by: b, move: hold, expect: illegal}\n"
    trace = replay(parse_scenario(text))
    assert not trace.ok
    failure = trace.steps[0].failures[0]
    assert "규칙 때문이 아닙니다" in failure and "error: wrong-player" in failure
    assert replay(parse_scenario(text.replace("illegal}", "illegal, error: wrong-player}"))).ok
    assert replay(parse_scenario(text.replace("by: b", "by: a"))).ok  # nothing-to-hold: a rules rejection


def test_a_notation_error_can_be_expected_by_its_code():
    text = "game: pig\nplayers: [a, b]\nsteps:\n  - {by: a, move: jump, expect: illegal, error: bad-notation}\n"
    trace = replay(parse_scenario(text))
    assert trace.ok and trace.steps[0].error["code"] == "bad-notation"
    with pytest.raises(ScenarioError, match="이 게임에 없는 동사"):
        replay(parse_scenario(text.replace(", error: bad-notation", "")))


def test_an_engine_bug_during_replay_is_exit_3_with_details_not_a_traceback(tmp_path, capsys, monkeypatch):
    def broken(state, move):
        raise KeyError("lost")
    monkeypatch.setattr(PIG, "play", broken)
    path = write(tmp_path, "game: pig\nplayers: [a, b]\nsteps:\n  - {by: a, move: roll}\n")
    assert main(["check", path]) == 3
    err = capsys.readouterr().err
    assert "엔진 내부 오류" in err and "KeyError" in err and "roll" in err and ":4:" in err
    assert "Traceback" not in err
    with pytest.raises(EngineError) as exc:
        replay(parse_scenario(Path(path).read_text()))
    assert isinstance(exc.value.exc, KeyError) and not isinstance(exc.value.exc, RulesError)


def test_a_move_the_engine_cannot_describe_now_is_rejected_like_any_illegal_move():
    text = ("game: history_of_the_world\nplayers: [가, 나, 다]\nsteps:\n"
            "  - {move: found, expect: illegal, error: wrong-phase}\n  - {move: found, expect: illegal}\n")
    trace = replay(parse_scenario(text))
    assert trace.ok and [s.verdict for s in trace.steps] == ["rejected", "rejected"]


def test_a_refused_move_whose_description_fails_is_still_just_refused(monkeypatch):
    def cannot_describe(state, move):
        raise AssertionError("not in this phase")
    monkeypatch.setattr(PIG, "describe", cannot_describe)
    trace = replay(parse_scenario("game: pig\nplayers: [a, b]\nsteps:\n  - {by: a, move: hold, expect: illegal}\n"))
    assert trace.ok and trace.steps[0].verdict == "rejected" and trace.steps[0].description is None
