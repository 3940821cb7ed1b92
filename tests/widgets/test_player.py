"""ScenarioPlayer: the traits the front end steps through, computed from a replayed scenario."""
from pathlib import Path

import docutils.nodes
import pytest

from tutor import views
from tutor.replay import replay
from tutor.scenario import load_scenario
from tutor.widgets import ScenarioPlayer
from tutor.widgets import common
from tutor.widgets.fragments import decode

PIG = Path(__file__).parent / "pig.yaml"


@pytest.fixture
def player(pig):
    return ScenarioPlayer.from_file(PIG)


def test_steps_start_with_the_initial_position_then_one_per_trace_step(player):
    assert len(player.steps) == len(player.trace.steps) + 1 == 8
    assert player.steps[0]["kind"] == "start"
    assert [s["index"] for s in player.steps] == list(range(8))
    assert player.index == 0
    assert player.title == "피그 한 턴" and player.game_title == "피그" and player.ok


def test_move_steps_carry_notation_korean_description_verdict_and_changes(player):
    double = player.steps[4]
    assert (double["by"], double["move"], double["verdict"]) == ("윤주", "play 두배", "accepted")
    # the engine's sentence, then the facts it changed most (a game without labels shows its keys)
    assert double["description"] == "두배 카드로 이번 턴 점수를 두 배로 만듭니다 (윤주.hand −두배, turn_total 4에서 8로)."
    assert ["turn_total", "4", "8"] in double["changed"]
    assert ["윤주.hand", "두배", "없음"] in double["changed"]


def test_a_rejected_step_carries_the_code_message_and_rule(player):
    rejected = player.steps[6]
    assert rejected["verdict"] == "rejected" and rejected["lesson"]  # refused as the example expects
    assert rejected["error"]["code"] == "wrong-player"
    assert rejected["error"]["rule"] == "fixture.rules"
    assert "민호의 차례" in rejected["error"]["message"]
    assert rejected["changed"] == []


def test_check_steps_list_the_checked_facts_with_their_values(player):
    check = player.steps[7]
    assert check["kind"] == "check" and check["failures"] == []
    assert check["look"] == ["윤주.score: 8", "윤주.hand: 없음"]


def test_each_step_shows_the_view_of_its_own_state(player):
    trace = player.trace
    shown_views = decode(player.fragments, player.views)  # what player.js rebuilds
    assert shown_views == player.rendered
    assert shown_views[player.steps[0]["view"]] == views.render(trace.game, trace.initial_state)
    for shown, step in zip(player.steps[1:], trace.steps):
        assert shown_views[shown["view"]] == views.render(trace.game, step.state)
    assert player.steps[5]["view"] != player.steps[4]["view"]  # hold banked the points


def test_views_are_sent_once_each(player):
    assert len(set(player.rendered)) == len(player.rendered) == len(player.views)
    assert player.steps[1]["view"] == player.steps[0]["view"]  # narration only
    assert player.steps[6]["view"] == player.steps[5]["view"]  # a rejected move changes nothing
    assert len(player.rendered) == 5
    assert all(isinstance(patch, list) for patch in player.views[1])  # later views are patches


def test_a_failed_expectation_is_shown(pig, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(PIG.read_text(encoding="utf-8").replace("윤주.score: 8", "윤주.score: 9"), encoding="utf-8")
    player = ScenarioPlayer.from_file(bad)
    assert not player.ok
    assert player.steps[-1]["failures"] and "윤주.score" in player.steps[-1]["failures"][0]


def test_constructors_agree_and_index_is_clamped(pig):
    trace = replay(load_scenario(PIG))
    assert ScenarioPlayer(trace).steps == ScenarioPlayer.from_file(PIG).steps
    assert ScenarioPlayer(trace, index=99).index == 7
    assert ScenarioPlayer(trace, index=3).index == 3


def test_repr_is_stable(player):
    assert repr(player) == "ScenarioPlayer('피그 한 턴', 7단계)"
    assert player._repr_mimebundle_()[0]["text/plain"] == repr(player)


def test_front_end_files_ship_with_the_widget(player):
    assert "export default" in player._esm and "ArrowRight" in player._esm
    assert ".rb-card" in player._css and ".rbp-btn" in player._css  # views.css + player.css


def test_builtin_unknown_name_is_a_korean_error():
    from tutor.scenario import ScenarioError

    with pytest.raises(ScenarioError, match="내장 시나리오"):
        ScenarioPlayer.builtin("dominion/no-such-scenario")


@pytest.mark.parametrize("rule_id", ["dominion.turn.buy", "tta.simple.round2.population",
                                     "dominion.card.throne-room", "hotw.combat.siege"])
def test_anchor_matches_docutils(rule_id):
    assert common.anchor(rule_id) == docutils.nodes.make_id(rule_id)


def test_rule_links_point_at_the_labelled_page(tmp_path, monkeypatch):
    page = tmp_path / "dominion" / "turn.md"
    page.parent.mkdir()
    page.write_text("# 턴\n\n(dominion.turn.buy)=\n## 구매 단계\n\n살 수 있습니다.\n", encoding="utf-8")
    monkeypatch.setenv("TUTOR_DOCS", str(tmp_path))
    common._sections.cache_clear()
    try:
        links = common.rule_links({"dominion.turn.buy", "dominion.turn.nothing"})
    finally:
        common._sections.cache_clear()
    assert links == {"dominion.turn.buy": {"title": "구매 단계", "href": "dominion/turn.html#dominion-turn-buy"}}


def test_a_rejected_move_is_described_as_an_attempt(player):
    assert player.steps[6]["description"] == "차례가 아닌 사람의 행동"  # not the other player's move
    artisan = ScenarioPlayer.builtin("dominion/artisan")
    refused = [s for s in artisan.steps if s.get("verdict") == "rejected"]
    assert refused and all(s["lesson"] and s["changed"] == [] for s in refused)
    assert refused[0]["description"] == "윤주는 금을 얻습니다."  # shown as "시도: …" under 🚫


def test_a_move_after_the_game_ended_is_not_described_as_anyones():
    ended = ScenarioPlayer.builtin("dominion/end-provinces")
    late = [s for s in ended.steps if (s.get("error") or {}).get("code") == "game-over"]
    assert late and all(s["description"] == "게임이 끝난 뒤의 행동" for s in late)
