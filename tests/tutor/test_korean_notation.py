"""Korean all the way through a scenario: verbs and fact names as the views show them, what a renamed fact
became, facts checked absent (issue 29, item 5)."""
from pathlib import Path

import pytest

from tutor.cli import main

KOREAN = Path(__file__).resolve().parent.parent / "scenarios" / "korean"
PACTS = """game: through_the_ages
variant: {mode: advanced}
players: [윤주, 민호, 철수]
setup:
  round: 3
  age: II
  active: 윤주
  pacts: [{card: 군사 보호 약속, a: 민호, b: 윤주, owner: 민호}, {card: 패권 인정, a: 민호, b: 철수, owner: 민호}]
steps:
  - {by: 윤주, move: 조약 파기 군사 보호 약속}
"""


def write(tmp_path, text: str) -> str:
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("name", ["dominion", "carta_impera_victoria", "through_the_ages", "history_of_the_world",
                                  "tta-shared-names"])
def test_tutor_check_takes_korean_verbs_fact_labels_and_names_the_context_decides(name, capsys):
    path = KOREAN / f"{name}.yaml"
    text = path.read_text(encoding="utf-8")
    assert "check:" in text and "move: " in text
    assert main(["check", str(path)]) == 0, capsys.readouterr()


def test_a_name_the_context_does_not_decide_is_refused_alike_in_set_up_moves_and_checks(tmp_path, capsys):
    simple = (KOREAN / "tta-shared-names.yaml").read_text(encoding="utf-8")
    assert main(["check", write(tmp_path, simple.replace("hand: [풍작,", "hand: [절약,"))]) == 2
    err = capsys.readouterr().err
    assert "'절약' → 절약 A(A시대), 절약 I(1시대). 시대까지" in err and "절약 II" not in err
    assert main(["check", write(tmp_path, simple + "  - {by: 윤주, move: develop 절약}\n")]) == 2
    assert "'절약' → 절약 A(A시대), 절약 I(1시대)" in capsys.readouterr().err


def test_an_unknown_fact_gets_the_nearest_labels_and_no_source_path(tmp_path, capsys):
    text = (KOREAN / "dominion.yaml").read_text(encoding="utf-8") + "  - check: {윤주.코잉: 1, 윤주 손패x: []}\n"
    assert main(["check", write(tmp_path, text)]) == 2
    err = capsys.readouterr().err
    assert "'윤주.코잉'. 혹시 윤주 코인(윤주.coins)?" in err and "혹시 윤주 손(윤주.hand)?" in err
    assert "docs/" not in err and ".md" not in err and "관찰할 수 있는 사실" in err


def test_a_label_two_facts_share_is_refused_with_both_keys(tmp_path, capsys, monkeypatch):
    from tutor.views import dominion as view
    monkeypatch.setitem(view.FACTS, "buys", "코인")  # no two labels of a game agree today: make two
    text = (KOREAN / "dominion.yaml").read_text(encoding="utf-8") + "  - check: {윤주 코인: 0}\n"
    assert main(["check", write(tmp_path, text)]) == 2
    err = capsys.readouterr().err
    assert "여러 사실이 같이 쓰는 이름입니다: '윤주 코인' → 윤주 코인(윤주.buys), 윤주 코인(윤주.coins)" in err


def test_a_renamed_fact_says_what_it_became(tmp_path, capsys):
    text = PACTS + "  - check: {last_round: false, deck_left: 3, deck_left.II: 4}\n"
    assert main(["check", write(tmp_path, text)]) == 2
    err = capsys.readouterr().err
    assert "'last_round' → 이제 end_decided(게임의 끝이 정해짐)." in err
    assert "'deck_left' → 이제 civil_cards_left(" in err and "'deck_left.II' → 이제 civil_deck.II(" in err
    assert "혹시 round" not in err


def test_a_cancelled_pacts_facts_are_checked_absent_with_null(tmp_path, capsys):
    absent = "  - check: {윤주.pact_role.군사 보호 약속: null, 민호.pact_with.Promise of Military Protection: null, " \
             "민호.조약에서 맡은 역할.패권 인정: A}\n"
    assert main(["check", write(tmp_path, PACTS + absent)]) == 0, capsys.readouterr()
    assert main(["check", write(tmp_path, PACTS + "  - check: {윤주.pact_role.군사 보호 약속: B}\n")]) == 1
    assert "기대 B, 실제 없음" in capsys.readouterr().out
    assert main(["check", write(tmp_path, PACTS + "  - check: {윤주.pact_role.군사 보호: null}\n")]) == 2
    assert "관찰 사실이 아닙니다: '윤주.pact_role.군사 보호'" in capsys.readouterr().err


def test_every_set_up_problem_of_a_file_is_reported_at_its_line_in_one_run(tmp_path, capsys):
    text = """game: through_the_ages
players: [윤주, 민호]
setup:
  round: 2
  윤주:
    hand: [풍작]
  민호:
    hand: [절약]
    workers: {청동: 9}
    idle: 15
  age: IV
steps:
  - say: 준비만 봅니다
"""
    assert main(["check", write(tmp_path, text)]) == 2
    lines = [line.split(": 게임을 준비할 수 없습니다: ", 1) for line in capsys.readouterr().err.splitlines()]
    assert [(where.rsplit(":", 1)[1], why.split(":")[0]) for where, why in lines] == [
        ("8", "준비 설정"), ("10", "민호"), ("11", "이 게임 방식에서 시작할 수 있는 시대는 I이고, 2라운드 이후입니다. [tta.simple.setup]")]
    assert "'절약' → 절약 A(A시대), 절약 I(1시대)" in lines[0][1] and "3명 줄이세요" in lines[1][1]
