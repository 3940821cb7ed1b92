"""A scenario's ``question:`` and its ``ask`` steps: the engine's answer in a Korean sentence."""
import json
import subprocess
import sys

import pytest
import yaml

from engines.core import GAMES, get_game
from engines.core.korean import josa
from tutor import views, workbench
from tutor.replay import replay
from tutor.scenario import ScenarioError, builtin_path, parse_scenario

QUESTION = "해자를 공개해도 노상강도를 낸 사람은 금을 얻나요?"
BANDIT = f"""game: dominion
title: 해자와 노상강도
question: {QUESTION}
""" + """players: [윤주, 민호]
setup:
  kingdom: [노상강도, 시장, 민병대, 광산, 해자, 개조, 대장장이, 마을, 나무꾼, 작업장]
  윤주: {hand: [노상강도, 동, 동, 동, 사유지]}
  민호: {hand: [해자, 동, 동, 사유지, 사유지], deck: [은, 금, 동]}
steps:
  - {by: 윤주, move: play 노상강도}
  - {by: 민호, move: reveal 해자, ask: true}
  - {ask: true, check: {윤주.discard: }}
"""


def test_a_move_asked_is_answered_yes_with_its_sentence():
    trace = replay(parse_scenario(BANDIT))
    assert trace.ok and trace.scenario.question.startswith("해자를 공개해도")
    answer = trace.steps[1].answers
    assert answer[0].startswith("답: 예. 민호는 해자를 보여 공격을 막습니다") and "윤주 버린 카드 +금" in answer[0]
    assert answer[0].endswith(" (규칙: 해자 (Moat))")  # a yes cites its rule as a no does
    assert trace.steps[2].answers == ["답: 윤주 버린 카드는 금입니다."]


def test_a_refused_move_is_answered_no_with_its_reason_and_rule():
    text = BANDIT.replace("  - {by: 윤주, move: play 노상강도}\n", "  - {by: 윤주, move: buy 속주, ask: true}\n"
                                                                  "  - {by: 윤주, move: play 노상강도}\n")
    trace = replay(parse_scenario(text))
    assert trace.ok
    assert trace.steps[0].answers == ["답: 아니요. 카드는 구매 단계에 삽니다. 먼저 행동 단계를 끝내세요. (규칙: 구매 단계)"]


def test_a_readers_expectation_is_a_real_check():
    trace = replay(parse_scenario(BANDIT.replace("윤주.discard: }", "윤주.discard: }}\n  - {ask: true, check: {supply.금: 4}")))
    assert not trace.ok
    assert trace.steps[-1].failures[0].startswith("예상과 다름: 예상 4, 엔진 ")
    refused = replay(parse_scenario(BANDIT.replace("reveal 해자, ask: true", "reveal 해자, ask: true, expect: illegal")))
    assert refused.steps[1].failures == ["예상과 다름: 예상 거부, 엔진은 받아들임"]


def test_ask_goes_with_a_move_or_a_check():
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(BANDIT.replace("  - {ask: true, check: {윤주.discard: }}", "  - {ask: true, say: 뭐지}"))
    assert "ask: true는 move" in caught.value.report()


@pytest.mark.parametrize("info", GAMES, ids=lambda info: info.id)
def test_every_game_answers_a_move_and_a_fact(info):
    game = next(g for g in json.loads(workbench.games()) if g["id"] == info.id)
    players = ["윤주", "민호", "서연", "지훈", "하늘", "도윤"][:game["min"]]
    text = workbench.new_scenario(info.id, json.dumps(players), "{}")
    json.loads(workbench.run(text))
    here = json.loads(workbench.at_step(0))
    notation, sentence = here["groups"][0]["moves"][0]
    fact = here["facts"][0]
    step = {"move": notation, "ask": True} | ({"by": here["by"]} if here["by"] else {})
    text = workbench.with_step(text, json.dumps(step), 0)
    text = text.replace("steps:\n", "question: 이 행동을 할 수 있나요?\nsteps:\n")
    trace = replay(parse_scenario(text))
    moved = next(s for s in trace.steps if s.answers)
    assert moved.answers[0].startswith("답: 예. " + sentence.rstrip(".")), moved.answers
    assert " (규칙: " in moved.answers[0] and moved.answers[0].endswith(")"), moved.answers
    asked = workbench.with_step(text.replace("question: 이 행동을 할 수 있나요?", "question: 이 값은?"),
                                json.dumps({"ask": True, "check": {fact["key"]: None}}), 0)
    trace = replay(parse_scenario(asked))
    label, shown = views.fact_text(get_game(info.id), fact["key"], fact["value"])
    assert trace.ok and trace.steps[0].answers == [f"답: {josa(label, '은')} {shown}입니다."]


def test_tutor_check_prints_the_question_and_the_answers(tmp_path):
    (tmp_path / "질문.yaml").write_text(BANDIT, encoding="utf-8")
    cli = subprocess.run([sys.executable, "-m", "tutor.cli", "check", "질문.yaml"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=120)
    assert cli.returncode == 0, cli.stderr
    assert "질문: 해자를 공개해도 노상강도를 낸 사람은 금을 얻나요?" in cli.stdout
    assert "답: 예. 민호는 해자를 보여 공격을 막습니다" in cli.stdout
    assert "답: 윤주 버린 카드는 금입니다." in cli.stdout
    assert yaml.safe_load(BANDIT)["question"]


def test_a_fact_with_nothing_in_it_is_answered_in_words():
    trace = replay(parse_scenario(BANDIT.replace("{윤주.discard: }", "{trash: }")))
    assert trace.steps[2].answers == ["답: 폐기장은 비어 있습니다."]  # not "없음입니다": a place, empty
    nobody = replay(parse_scenario(BANDIT.replace("{윤주.discard: }", "{winners: , 민호.set_aside: }")))
    assert nobody.steps[2].answers == ["답: 승자는 없습니다.", "답: 민호 옆에 둔 카드는 없습니다."]  # nothing, no place
    carta = parse_scenario("game: carta_impera_victoria\nplayers: [윤주, 민호]\nsteps:\n"
                           "  - {ask: true, check: {culture_token: }}\n")
    assert replay(carta).steps[0].answers == ["답: 문화 토큰은 가운데입니다."]  # the view's word for no one's


def test_an_empty_hand_is_empty_and_an_unset_value_is_none():
    text = BANDIT.replace("윤주: {hand: [노상강도, 동, 동, 동, 사유지]}", "윤주: {hand: [노상강도]}")
    trace = replay(parse_scenario(text.replace("{윤주.discard: }", "{윤주.hand: }")))
    assert trace.steps[2].answers == ["답: 윤주 손은 비어 있습니다."]


def test_the_readers_own_expectation_is_said_to_hold_or_not():
    text = BANDIT.replace("{윤주.discard: }", "{윤주.discard: [금], supply.금: 4}").replace(
        "reveal 해자, ask: true", "reveal 해자, ask: true, expect: ok")
    trace = replay(parse_scenario(text))
    assert trace.steps[1].answers[0].endswith(" (규칙: 해자 (Moat)) 내 예상과 같습니다.")
    assert trace.steps[2].answers == ["답: 윤주 버린 카드는 금입니다. 내 예상과 같습니다.",
                                      "답: 공급처 금은 28입니다. 내 예상(4)과 다릅니다."]
    assert trace.steps[2].failures == ["예상과 다름: 예상 4, 엔진 28"]
    guessed_no = replay(parse_scenario(BANDIT.replace("reveal 해자, ask: true", "reveal 해자, ask: true, expect: illegal")))
    assert guessed_no.steps[1].answers[0].endswith(" 내 예상과 다릅니다.")


def test_an_examples_own_checks_are_answered_for_the_workbench_and_not_printed(tmp_path):
    moat = builtin_path("dominion/moat").read_text(encoding="utf-8")
    trace = replay(parse_scenario(moat))
    assert [s.checked for s in trace.steps] == [
        [], ["답: 윤주 손은 동, 동, 동, 사유지, 은, 금입니다.", "답: 윤주 행동은 0입니다.", "답: 윤주 덱은 동입니다."], [],
        ["답: 아니요. ‘공개’ 행동은 카드 효과가 물을 때만 씁니다. 지금은 행동 단계입니다. (규칙: 턴의 세 단계)"]]
    assert not any(s.answers for s in trace.steps)
    result = json.loads(workbench.run(moat))
    assert result["answers"] == [] and result["moves"] == 2
    assert result["checked"] == [{"at": 2, "lines": trace.steps[1].checked, "move": None},
                                 {"at": 4, "lines": trace.steps[3].checked, "move": "윤주는 해자를 보여 공격을 막습니다."}]
    assert "답:" not in result["report"]  # tutor check marks an example's checks ✔, as before
    new = workbench.new_scenario("dominion", json.dumps(["윤주", "민호"]), "{}")
    assert json.loads(workbench.run(new))["checked"] == [] and json.loads(workbench.run(new))["moves"] == 0
