"""Turn structure, shuffling, notation, decisions, the end of the game and the tie-breaks."""
import pytest

from engines.core import GameOver, IllegalMove, Move, RulesError, WrongPhase, WrongPlayer, clone, to_json
from engines.dominion import GAME

from . import new_game

P = ["윤주", "민호"]


def game(**setup):
    return new_game(P, seed=1, **setup)


def run(state, *moves):
    for move in moves:
        state = GAME.apply(state, move)
    return state


def test_a_turn_goes_action_buy_cleanup_and_passes_on():
    s = game(윤주={"hand": ["금", "은", "동", "사유지", "사유지"], "deck": ["동"] * 5})
    assert GAME.legal_moves(s)[-1] == Move("end")
    s = run(s, "end")
    assert GAME.observe(s)["phase"] == "buy"
    s = run(s, "play all")
    assert GAME.observe(s)["윤주.coins"] == 6
    buys = {m.args[0] for m in GAME.legal_moves(s) if m.verb == "buy"}
    assert "금" in buys and "속주" not in buys and "공작령" in buys
    s = run(s, "buy 금", "end")
    f = GAME.observe(s)
    assert f["turn"] == "민호" and f["윤주.hand"] == ["동"] * 5 and f["윤주.turns"] == 1
    assert sorted(f["윤주.discard"]) == sorted(["금", "금", "은", "동", "사유지", "사유지"])


def test_a_rejected_move_leaves_the_state_untouched():
    s = game(윤주={"hand": ["시장", "동", "동", "동", "동"], "deck": ["동"]})
    before = to_json(s)
    in_buy = run(s, "end", "play all")
    with pytest.raises(IllegalMove) as err:
        GAME.apply(in_buy, "buy 속주")
    assert err.value.code == "not-enough-coins" and err.value.rule == "dominion.turn.buy"
    with pytest.raises(WrongPlayer):
        GAME.apply(s, "end", by="민호")
    assert to_json(s) == before


def test_the_discard_pile_is_shuffled_only_when_a_card_must_be_drawn():
    s = game(윤주={"hand": ["마을", "마을", "동", "동", "동"], "deck": ["은"], "discard": ["금", "금"]})
    s = run(s, "play 마을")
    f = GAME.observe(s)
    assert f["윤주.deck_size"] == 0 and f["윤주.discard"] == ["금", "금"]
    s = run(s, "play 마을")
    f = GAME.observe(s)
    assert f["윤주.discard"] == [] and f["윤주.deck"] == ["금"] and f["윤주.hand"].count("금") == 1


def test_cleanup_with_a_short_deck_shuffles_what_was_just_discarded():
    s = game(윤주={"hand": ["금", "금", "금", "금", "금"], "deck": ["동", "동"], "discard": []})
    s = run(s, "end", "end")
    f = GAME.observe(s)
    assert sorted(f["윤주.hand"]) == sorted(["동", "동", "금", "금", "금"]) and f["윤주.deck"] == ["금", "금"]


def test_discard_and_trash_arguments_are_in_canonical_order():
    s = game()
    assert GAME.parse(s, "discard 사유지 동") == GAME.parse(s, "discard copper estate") == Move("discard", ("동", "사유지"))
    assert GAME.parse(s, "topdeck 은 금") == Move("topdeck", ("은", "금"))  # an order to put back, kept
    assert GAME.parse(s, "play 지하 저장고") == Move("play", ("저장고",))
    assert str(GAME.parse(s, "play all")) == "play all"
    assert GAME.parse(s, "discard 덱") == Move("discard", ("deck",))


@pytest.mark.parametrize("text", ["end now", "buy", "play 마을 시장", "choose 마을 시장"])
def test_bad_arity_is_bad_notation(text):
    with pytest.raises(RulesError) as err:
        GAME.parse(game(), text)
    assert err.value.code == "bad-notation"


def test_the_attacked_player_decides_and_current_player_follows():
    s = game(윤주={"hand": ["민병대", "동", "동", "동", "동"], "deck": ["동"]},
             민호={"hand": ["동", "은", "사유지", "사유지", "금"]})
    s = run(s, "play 민병대")
    assert GAME.current_player(s) == "민호"
    moves = GAME.legal_moves(s)
    assert all(m.verb == "discard" and len(m.args) == 2 for m in moves)
    assert Move("discard", ("사유지", "사유지")) in moves and len(moves) == len(set(moves))
    s = run(s, "discard 사유지 사유지")
    assert GAME.current_player(s) == "윤주" and GAME.observe(s)["민호.hand"] == ["동", "은", "금"]


def test_a_choice_with_one_answer_is_made_automatically():
    s = game(윤주={"hand": ["민병대", "동", "동", "동", "동"], "deck": ["동"]},
             민호={"hand": ["동", "동", "동", "동"]})
    s = run(s, "play 민병대")
    assert GAME.current_player(s) == "윤주" and GAME.observe(s)["민호.hand"] == ["동", "동", "동"]


def test_state_with_a_pending_choice_survives_json_and_copy():
    s = game(윤주={"hand": ["알현실", "알현실", "개조", "사유지", "금"], "deck": ["동"] * 4})
    s = run(s, "play 알현실", "choose 알현실", "choose 개조")
    assert s.pending is not None and s.tasks
    assert GAME.from_json(GAME.to_json(s)) == s
    copy = s.copy()
    assert copy == clone(s)
    copy.zones["윤주"].hand.append("금")
    copy.tasks[0].append("x")
    copy.pending.cards.append("x")
    assert s == clone(GAME.from_json(GAME.to_json(s))) and "x" not in s.tasks[0]


def test_first_edition_throne_room_option():
    s = new_game(P, options={"throne_room_first_edition": True},
                 윤주={"hand": ["알현실", "마을", "시장", "동", "동"], "deck": ["동"] * 5})
    s = run(s, "play 알현실")
    assert Move("pass") not in GAME.legal_moves(s)
    with pytest.raises(IllegalMove) as err:
        GAME.apply(s, "pass")
    assert err.value.code == "must-choose"


def test_decisions_refuse_other_verbs():
    s = run(game(윤주={"hand": ["작업장", "동", "동", "동", "동"], "deck": ["동"]}), "play 작업장")
    with pytest.raises(WrongPhase) as err:
        GAME.apply(s, "buy 은")
    assert err.value.code == "awaiting-decision"


def _ending(province_holder: str | None, last_buyer: str):
    """The last Province is bought by ``last_buyer``; ``province_holder`` already owns one."""
    setup = {"supply": {"속주": 1}, "first": last_buyer,
             last_buyer: {"hand": ["금", "금", "동", "동", "사유지"], "deck": ["동", "동", "동", "사유지", "사유지"]}}
    if province_holder:
        setup[province_holder] = {"hand": ["동"] * 5, "deck": ["동", "동", "사유지", "사유지", "사유지"],
                                  "discard": ["속주"]}
    return run(GAME.new_game(P, seed=2, setup=setup), "play all", "buy 속주", "end")


def test_game_ends_at_end_of_turn_and_most_vp_wins():
    s = _ending(None, "윤주")
    assert GAME.is_over(s) and GAME.winners(s) == ["윤주"] and GAME.scores(s) == {"윤주": 9, "민호": 3}
    with pytest.raises(GameOver):
        GAME.apply(s, "end")


def test_tie_goes_to_the_player_with_fewer_turns():
    s = _ending("민호", "윤주")
    assert GAME.scores(s) == {"윤주": 9, "민호": 9} and GAME.winners(s) == ["민호"]


def test_tie_with_equal_turns_is_shared():
    s = run(GAME.new_game(P, setup={"supply": {"속주": 1}, "윤주": {"hand": ["동"] * 5, "discard": ["속주"],
                                                                             "deck": ["동", "동"] + ["사유지"] * 3},
                                    "민호": {"hand": ["금", "금", "동", "동", "사유지"],
                                            "deck": ["동", "동", "동", "사유지", "사유지"]}}),
            "end", "end", "play all", "buy 속주", "end")
    assert GAME.winners(s) == ["윤주", "민호"]


def test_three_empty_piles_end_the_game_but_two_do_not():
    s = GAME.new_game(P, setup={"supply": {"저주": 0, "마을": 0}})
    s = run(s, "end", "end")
    assert not GAME.is_over(s)
    s = GAME.new_game(P, setup={"supply": {"저주": 0, "마을": 0, "해자": 0}})
    assert not GAME.is_over(s)  # only checked at the end of a turn
    assert GAME.is_over(run(s, "end", "end"))


def test_describe_is_korean():
    s = game(윤주={"hand": ["마을", "동", "동", "동", "동"], "deck": ["동"]})
    assert "마을" in GAME.describe(s, Move("play", ("마을",)))
