"""What someone writing a scenario from the rulebook met (issue 23, traps 7-10): set-up keys for the late game,
token counts that say which count is off, names several ages share, an edition chosen without a mode."""
import pytest

from engines.core import BadNotation, BadSetup, UnknownCard
from engines.through_the_ages import GAME
from tutor import views


def new(mode="full", edition=2006, players=("윤주", "민호", "철수"), **setup):
    return GAME.new_game(list(players), seed=1, options={"mode": mode, "edition": edition}, setup=setup)


# --- set-up keys: the end decided, resigned players, Age IV ------------------------------------------------
def test_a_scenario_can_start_with_the_end_decided_a_player_resigned_and_in_age_iv():
    state = new(round=6, age="IV", active="민호", resigned=["철수"])
    facts = GAME.observe(state)
    assert (facts["age"], facts["end_decided"], facts["resigned"], facts["turn"]) == ("IV", True, ["철수"], "민호")
    assert state.players == ["윤주", "민호"] and "철수.culture" not in facts
    state = GAME.apply(GAME.apply(state, "pass"), "end")  # 민호 is the last seat left: the game ends
    assert GAME.observe(state)["game_over"]


def test_last_round_sets_the_end_in_an_earlier_age():
    facts = GAME.observe(new(round=5, age="III", last_round=6))
    assert facts["end_decided"] and facts["age"] == "III"
    with pytest.raises(BadSetup, match="last_round"):
        new(round=5, last_round=4)


def test_resigned_players_must_be_at_the_table_and_not_the_one_to_move():
    with pytest.raises(BadSetup, match="active"):
        new(round=3, active="민호", resigned=["민호"])
    with pytest.raises(BadSetup, match="'영희'"):
        new(round=3, resigned=["영희"])
    with pytest.raises(BadSetup, match="시대는 I, II이고"):
        new(mode="advanced", round=3, age="IV")  # only the full game has an Age IV


# --- token counts -----------------------------------------------------------------------------------------
def test_a_yellow_bank_above_its_18_spaces_says_how_many_workers_are_missing():
    with pytest.raises(BadSetup) as err:
        new(윤주={"workers": {"청동": 1}, "idle": 1})
    assert "노란색 저장소에 19개" in str(err.value) and "18칸" in str(err.value) and "1명 더" in str(err.value)
    assert "idle: 2" in str(err.value)
    new(윤주={"workers": {"청동": 1}, "idle": 2})  # the suggested fix starts


def test_too_many_workers_and_too_many_blue_tokens_say_by_how_much():
    with pytest.raises(BadSetup, match="25개보다 3개 많습니다"):
        new(윤주={"workers": {"청동": 9}, "idle": 15})
    with pytest.raises(BadSetup, match="18개인데 카드 위에 20개를 놓아 2개가 모자랍니다"):
        new(윤주={"blue": {"청동": 20}})


# --- names several ages share ------------------------------------------------------------------------------
def test_a_name_several_ages_share_is_refused_with_the_candidates_and_their_ages():
    with pytest.raises(UnknownCard) as err:
        new(윤주={"hand": ["절약"]})
    assert "절약 A(A시대), 절약 I(1시대), 절약 II(2시대)" in str(err.value)
    with pytest.raises(BadSetup, match=r"문화 전쟁 II\(2시대\), 문화 전쟁 III\(3시대\)"):
        new(round=3, age="III", 윤주={"military_hand": ["War over Culture"]})


def test_war_over_culture_is_ambiguous_in_2006_only():
    state = new(round=3, age="III", 윤주={"military_hand": ["문화 전쟁 III"]})
    with pytest.raises(BadNotation, match="시대까지 붙여"):
        GAME.parse(state, "war 문화 전쟁 민호")
    assert GAME.parse(state, "war War over Culture III 민호").args[0] == "문화 전쟁 III"
    state = new(edition=2015, round=3, age="III", 윤주={"military_hand": ["문화 전쟁"]})
    assert GAME.parse(state, "war War over Culture 민호").args[0] == "문화 전쟁"  # 2015 has no Age II namesake


def test_an_action_card_named_without_its_age_is_the_copy_in_hand():
    state = new(mode="simple", round=2, 윤주={"hand": ["절약 I"]})
    assert GAME.parse(state, "action 절약").args == ("절약 I",)
    assert GAME.parse(state, "action Frugality").args == ("절약 I",)


# --- an edition without a mode -------------------------------------------------------------------------------
def test_an_edition_is_chosen_with_the_mode():
    with pytest.raises(BadSetup, match="게임 방식"):
        GAME.new_game(["윤주", "민호"], options={"edition": 2015})
    state = GAME.new_game(["윤주", "민호"], options={"edition": 2015, "mode": "simple"})
    assert "2015년판 맛보기 게임, 군사 카드 없음" in views.render(GAME, state)
