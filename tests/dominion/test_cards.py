"""Card interactions the rulebook and the card texts single out."""
from engines.core import Move
from engines.dominion import GAME

from . import new_game

P = ["윤주", "민호", "지수"]


def start(players=P[:2], **setup):
    return new_game(players, seed=4, **setup)


def run(state, *moves):
    for move in moves:
        state = GAME.apply(state, move)
    return state


def facts(state):
    return GAME.observe(state)


def test_throne_room_feast_trashes_one_feast_and_gains_twice():
    s = start(윤주={"hand": ["알현실", "연회", "연회", "동", "동"], "deck": ["동"] * 5})
    s = run(s, "play 알현실", "choose 연회", "gain 공작령", "gain 공작령")
    f = facts(s)
    assert f["trash"] == ["연회"] and f["윤주.hand"] == ["연회", "동", "동"] and f["윤주.discard"] == ["공작령", "공작령"]


def test_vassal_plays_the_discarded_action_without_spending_an_action():
    s = start(윤주={"hand": ["신하", "동", "동", "동", "동"], "deck": ["실험실", "금", "은"]})
    s = run(s, "play 신하", "play 실험실")
    f = facts(s)
    assert f["윤주.actions"] == 1 and f["윤주.in_play"] == ["신하", "실험실"] and f["윤주.coins"] == 2


def test_moat_blocks_only_its_owner_and_the_witch_still_draws():
    s = start(P, 윤주={"hand": ["마녀", "동", "동", "동", "동"], "deck": ["금", "금"]},
              민호={"hand": ["해자", "동", "동", "동", "동"]}, 지수={"hand": ["해자", "동", "동", "동", "동"]})
    s = run(s, "play 마녀")
    assert GAME.current_player(s) == "민호" and set(GAME.legal_moves(s)) == {Move("reveal", ("해자",)), Move("pass")}
    s = run(s, "reveal 해자")
    assert GAME.current_player(s) == "지수"
    s = run(s, "pass")
    f = facts(s)
    assert f["민호.discard"] == [] and f["지수.discard"] == ["저주"] and f["윤주.hand"].count("금") == 2


def test_library_set_aside_cards_are_discarded_after_drawing():
    s = start(윤주={"hand": ["도서관", "동", "동", "동", "동"], "deck": ["마을", "시장", "동", "동"]})
    s = run(s, "play 도서관", "skip 마을", "skip 시장")
    f = facts(s)
    assert f["윤주.hand"] == ["동"] * 6 and f["윤주.discard"] == ["마을", "시장"] and f["윤주.set_aside"] == []


def test_library_stops_when_deck_and_discard_run_out():
    s = start(윤주={"hand": ["도서관", "동"], "deck": ["은"], "discard": ["금"]})
    s = run(s, "play 도서관")
    assert sorted(facts(s)["윤주.hand"]) == sorted(["동", "은", "금"]) and GAME.current_player(s) == "윤주"


def test_adventurer_with_too_few_treasures_reveals_everything():
    s = start(윤주={"hand": ["모험가"], "deck": ["사유지", "동", "사유지"], "discard": ["공작령"]})
    s = run(s, "play 모험가")
    f = facts(s)
    assert f["윤주.hand"] == ["동"] and f["윤주.deck_size"] == 0
    assert sorted(f["윤주.discard"]) == sorted(["사유지", "사유지", "공작령"])


def test_bandit_victim_chooses_between_two_treasures():
    s = start(윤주={"hand": ["노상강도"], "deck": []}, 민호={"deck": ["금", "은"]})
    s = run(s, "play 노상강도")
    assert GAME.current_player(s) == "민호"
    assert GAME.legal_moves(s) == [Move("trash", ("은",)), Move("trash", ("금",))]
    s = run(s, "trash 금")
    f = facts(s)
    assert f["trash"] == ["금"] and f["민호.discard"] == ["은"] and f["윤주.discard"] == ["금"]


def test_thief_gains_only_the_treasures_it_trashed():
    s = start(윤주={"hand": ["도둑"], "deck": []}, 민호={"deck": ["은", "사유지"]}, trash=["금"])
    s = run(s, "play 도둑")  # a single treasure revealed: trashed without asking
    assert GAME.legal_moves(s) == [Move("gain", ("은",)), Move("pass")]
    s = run(s, "gain 은")
    f = facts(s)
    assert f["윤주.discard"] == ["은"] and f["trash"] == ["금"] and f["민호.discard"] == ["사유지"]


def test_sentry_puts_cards_back_in_the_chosen_order():
    s = start(윤주={"hand": ["보초병"], "deck": ["동", "은", "금", "사유지"]})
    s = run(s, "play 보초병", "pass", "pass", "topdeck 금 은")
    assert facts(s)["윤주.deck"] == ["금", "은", "사유지"]


def test_merchant_bonus_counts_each_merchant_once_on_the_first_silver():
    s = start(윤주={"hand": ["알현실", "상인", "상인", "은", "은"], "deck": ["동", "동", "동"]})
    s = run(s, "play 알현실", "choose 상인", "play 상인", "play 은")
    assert facts(s)["윤주.coins"] == 5  # 2 + three Merchant plays
    assert facts(run(s, "play 은"))["윤주.coins"] == 7


def test_poacher_discards_the_whole_hand_when_short():
    s = start(윤주={"hand": ["밀렵꾼", "사유지"], "deck": []}, supply={"마을": 0, "해자": 0, "저주": 0})
    s = run(s, "play 밀렵꾼")
    assert facts(s)["윤주.hand"] == [] and facts(s)["윤주.discard"] == ["사유지"]


def test_council_room_makes_every_other_player_draw():
    s = start(P, 윤주={"hand": ["회의실"], "deck": ["동"] * 4}, 민호={"deck": ["은"]}, 지수={"deck": ["금"]})
    s = run(s, "play 회의실")
    f = facts(s)
    assert f["민호.hand"] == ["은"] and f["지수.hand"] == ["금"] and f["윤주.buys"] == 2


def test_gardens_counts_all_owned_cards():
    s = start(윤주={"hand": ["정원", "정원"], "deck": ["동"] * 20, "discard": ["동"] * 8})
    assert facts(s)["윤주.vp"] == 6  # 30 cards: 3 points per Gardens


def test_chancellor_may_discard_the_deck():
    s = start(윤주={"hand": ["법관"], "deck": ["금", "은"], "discard": []})
    s = run(s, "play 법관", "discard deck")
    assert facts(s)["윤주.deck_size"] == 0 and sorted(facts(s)["윤주.discard"]) == ["금", "은"]
