from pathlib import Path

import pytest

from tutor.cli import main
from tutor.replay import replay
from tutor.scenario import ScenarioError, load_scenario, parse_scenario

HERE = Path(__file__).resolve().parent.parent / "scenarios"


def test_good_scenario_replays_with_verdicts_and_facts():
    trace = replay(load_scenario(HERE / "pig_good.yaml"))
    assert trace.ok
    kinds = [s.kind for s in trace.steps]
    assert kinds[0] == "say" and kinds.count("check") == 3
    rejected = [s for s in trace.steps if s.verdict == "rejected"]
    assert [s.error["code"] for s in rejected] == ["card-not-in-hand", "wrong-player", "nothing-to-hold"]
    assert trace.steps[-1].facts["윤주.score"] == 18
    hold = next(s for s in trace.steps if s.move == "hold" and s.verdict == "accepted")
    assert hold.changed["윤주.score"] == [0, 18]


def test_unscripted_chance_is_drawn_from_the_seed_deterministically():
    text = "game: pig\nplayers: [a, b]\nseed: 21\nsteps:\n  - {by: a, move: roll}\n  - check: {turn_total: 0}\n"
    first, second = (replay(parse_scenario(text)) for _ in range(2))
    auto = [s for s in first.steps if s.kind == "auto"]
    assert len(auto) == 1 and auto[0].by == "chance"
    assert [s.move for s in first.steps] == [s.move for s in second.steps]


def test_failed_expectations_are_reported():
    trace = replay(load_scenario(HERE / "pig_failing.yaml"))
    assert not trace.ok
    failures = [f for s in trace.steps for f in s.failures]
    assert any("turn: 기대 윤주, 실제 민호" in f for f in failures)
    assert any("거부되었습니다" in f for f in failures)


@pytest.mark.parametrize("name, line, words", [
    ("yaml-syntax", 5, "YAML 문법 오류"),
    ("unknown-game", 1, "알 수 없는 게임 '모노폴리'"),
    ("unknown-card", 6, "'조커'"),
    ("unknown-player", 4, "by 'c'는 players에 없는"),
    ("bad-notation", 4, "동사 'jump': 이 게임에 없는 동사입니다"),
    ("step-without-move", 4, "move가 없습니다"),
    ("wrong-types", 2, "players: 목록이어야 합니다"),
    ("duplicate-keys", 5, "키 'steps'가 두 번"),
    ("unknown-fact", 5, "이 게임의 관찰 사실이 아닙니다: 'a.luck'"),
    ("bad-setup", 3, "게임을 준비할 수 없습니다"),
    ("unsafe-tag", 4, "YAML 태그는 쓸 수 없습니다"),
])
def test_each_kind_of_broken_file_names_its_line_in_korean(name, line, words):
    path = HERE / "bad" / f"{name}.yaml"
    with pytest.raises(ScenarioError) as exc:
        replay(load_scenario(path))
    report = exc.value.report()
    assert f"{path}:{line}: " in report and words in report


def test_wrong_types_reports_every_problem():
    with pytest.raises(ScenarioError) as exc:
        load_scenario(HERE / "bad" / "wrong-types.yaml")
    messages = [p.message for p in exc.value.problems]
    assert any("seed" in m for m in messages) and any("move: 글자 또는 정수여야" in m for m in messages)


def test_cli_exit_codes(capsys):
    assert main(["check", str(HERE / "pig_good.yaml")]) == 0
    out = capsys.readouterr().out
    assert "✔ 윤주: hold" in out and "🚫 민호: hold — 규칙상 할 수 없는 행동: " in out and "통과 ✔" in out
    assert "✘" not in out  # an expected refusal is a lesson, not a failure
    assert main(["check", str(HERE / "pig_failing.yaml")]) == 1
    assert "기대와 다름" in capsys.readouterr().out
    assert main(["check", str(HERE / "bad" / "unknown-card.yaml")]) == 2
    err = capsys.readouterr().err
    assert "unknown-card.yaml:6:" in err and "Traceback" not in err
    assert main(["check", str(HERE / "missing.yaml")]) == 2
    assert "파일이 없습니다" in capsys.readouterr().err
    assert main(["check", str(HERE / "pig_good.yaml"), str(HERE / "pig_failing.yaml")]) == 1
    assert "시나리오 2개 중 1개 통과" in capsys.readouterr().out


def test_cli_json_and_moves(capsys):
    import json
    assert main(["check", "--json", str(HERE / "pig_good.yaml")]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ok"] and data["steps"][2]["move"] == "roll 4" and "state" not in data["steps"][0]
    assert main(["moves", str(HERE / "pig_good.yaml"), "--at", "3"]) == 0
    out = capsys.readouterr().out
    assert "가능한 행동 3개" in out and "play 두배" in out
    assert main(["moves", str(HERE / "pig_good.yaml"), "--at", "99"]) == 2


def test_cli_usage_errors_exit_2_in_korean(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["frobnicate"])
    assert exc.value.code == 2 and "명령을 이해할 수 없습니다" in capsys.readouterr().err


def test_installed_command_reports_without_traceback(tmp_path):
    import subprocess
    import sys
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: 체스\nplayers: [a, b]\nsteps:\n  - {move: e4}\n", encoding="utf-8")
    tutor = Path(sys.executable).with_name("tutor")
    result = subprocess.run([str(tutor), "check", str(bad)], capture_output=True, text=True, encoding="utf-8")
    assert result.returncode == 2
    assert "bad.yaml:1: 알 수 없는 게임 '체스'" in result.stderr and "Traceback" not in result.stderr


def test_docs_command_reports_a_failed_build_without_traceback(monkeypatch, capsys):
    from tutor import site

    def broken(force=False, usb=False):
        raise site.BuildError("문서 빌드에 실패했습니다.")
    monkeypatch.setattr(site, "build", broken)
    assert main(["docs", "--build-only"]) == 2
    assert "문서 빌드에 실패했습니다" in capsys.readouterr().err


def test_a_failed_check_names_the_fact_by_its_korean_label():
    text = "game: dominion\nplayers: [윤주, 민호]\nsteps:\n  - check: {empty_piles: 2}\n"
    failures = [f for s in replay(parse_scenario(text)).steps for f in s.failures]
    assert failures == ["빈 더미 (empty_piles): 기대 2, 실제 0"]
