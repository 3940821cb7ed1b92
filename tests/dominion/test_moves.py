"""Move objects, verbs, confirmations of choices the engine made itself, and scripted shuffles."""
import pytest

from engines.core import BadNotation, IllegalMove, Move, RulesError, UnknownCard, WrongPlayer, to_json
from engines.dominion import GAME

from . import new_game

P = ["윤주", "민호"]


def run(state, *moves, by=None):
    for move in moves:
        state = GAME.apply(state, move, by=by)
    return state


@pytest.mark.parametrize("move, error", [
    (Move("play"), BadNotation), (Move("buy", ("금", "은")), BadNotation), (Move("end", ("x",)), BadNotation),
    (Move("dance", ("금",)), BadNotation), (Move("play", ("황금",)), UnknownCard), (Move("pass", ("금",)), BadNotation),
    (Move("shuffle", ("윤주",)), BadNotation), (Move("play", (5,)), BadNotation),
])
def test_move_objects_are_checked_like_text(move, error):
    s = GAME.new_game(P)
    before = to_json(s)
    with pytest.raises(error):
        GAME.apply(s, move)
    with pytest.raises(error):
        GAME.apply(s, move, by="윤주")
    assert to_json(s) == before


def test_move_objects_take_names_in_any_spelling():
    s = new_game(P, 윤주={"hand": ["대장간", "동"], "deck": ["동"] * 3})
    assert GAME.observe(GAME.apply(s, Move("play", ("Smithy",))))["윤주.in_play"] == ["대장장이"]


def test_throne_room_plays_the_card_it_doubles_and_choose_is_the_old_spelling():
    s = new_game(P, 윤주={"hand": ["알현실", "시장"], "deck": ["동"] * 4})
    s = run(s, "play 알현실")
    assert Move("play", ("시장",)) in GAME.legal_moves(s)
    assert GAME.parse(s, "choose 시장") == Move("play", ("시장",))
    assert GAME.observe(run(s, "choose 시장")) == GAME.observe(run(s, "play 시장"))


def test_library_skip_sets_aside_and_pass_keeps_like_every_optional_choice():
    s = run(new_game(P, 윤주={"hand": ["도서관"], "deck": ["동"] * 5 + ["마을"]}), "play 도서관")
    assert set(GAME.legal_moves(s)) == {Move("skip", ("마을",)), Move("pass")}
    assert "마을을 손에 넣습니다" in GAME.describe(s, Move("pass"))
    assert GAME.observe(run(s, "pass"))["윤주.hand"] == ["동", "동", "동", "동", "동", "마을"]


def test_sentry_description_says_which_card_ends_on_top():
    s = run(new_game(P, 윤주={"hand": ["보초병"], "deck": ["동", "금", "은"]}), "play 보초병", "pass", "pass")
    text = GAME.describe(s, Move("topdeck", ("금", "은")))
    assert "맨 위 금" in text and "그 아래 은" in text
    assert GAME.observe(run(s, "topdeck 금 은"))["윤주.deck"] == ["금", "은"]


def test_a_forced_choice_written_out_is_confirmed_and_another_move_is_explained():
    s = new_game(P, 윤주={"hand": ["민병대", "동"], "deck": ["동"]}, 민호={"hand": ["동", "동", "동", "동"]})
    s = run(s, "play 민병대", by="윤주")
    assert GAME.current_player(s) == "윤주" and GAME.observe(s)["민호.hand"] == ["동"] * 3
    with pytest.raises(IllegalMove) as err:
        GAME.apply(s, "discard 사유지", by="민호")
    assert err.value.code == "already-decided" and "민호: ‘버리기’ 동" in err.value.message
    confirmed = GAME.apply(s, "discard 동", by="민호")
    assert GAME.observe(confirmed) == GAME.observe(s)
    with pytest.raises(WrongPlayer):  # confirmed once: a second one is a move out of turn again
        GAME.apply(confirmed, "discard 동", by="민호")
    with pytest.raises(RulesError):  # without a claim of who moves, nothing is confirmed
        GAME.apply(s, "discard 동")


def test_no_moat_question_when_the_attack_cannot_touch_that_player():
    s = new_game(P, 윤주={"hand": ["민병대", "마녀", "마을"], "deck": ["동"] * 4},
                 민호={"hand": ["해자", "동", "동"], "deck": ["동"]})
    s = run(s, "play 마을", "play 민병대", by="윤주")
    assert GAME.current_player(s) == "윤주"  # three cards in hand: Militia cannot touch 민호
    s = run(s, "pass", by="민호")  # the Moat question the engine skipped, confirmed
    s = run(s, "play 마녀", by="윤주")
    assert GAME.current_player(s) == "민호" and GAME.legal_moves(s) == [Move("reveal", ("해자",)), Move("pass")]


def test_a_scripted_shuffle_fixes_the_top_of_the_new_deck():
    s = new_game(P, 윤주={"hand": ["동"] * 5, "discard": ["금", "은", "사유지", "동", "동"]})
    s = run(s, "shuffle 윤주 금 은", by="chance")
    assert "금, 은" in GAME.describe(s, Move("shuffle", ("윤주", "금", "은")))
    f = GAME.observe(run(s, "end", "end"))
    assert f["윤주.hand"][:2] == ["금", "은"] and sorted(f["윤주.hand"] + f["윤주.deck"] + f["윤주.discard"]) == \
        sorted(["동"] * 7 + ["금", "은", "사유지"])
    again = [GAME.observe(run(GAME.apply(s, "end"), "end"))["윤주.hand"] for _ in range(2)]
    assert again[0] == again[1]  # the unscripted rest comes from the seed


def test_a_shuffle_is_chance_and_must_fit_the_discard_pile():
    s = new_game(P, 윤주={"hand": ["동"] * 5, "discard": ["은", "동"]})
    with pytest.raises(WrongPlayer):
        GAME.apply(s, "shuffle 윤주 은", by="윤주")
    with pytest.raises(IllegalMove) as err:
        GAME.apply(s, "shuffle 윤주 금")
    assert err.value.code == "bad-shuffle"
    s = run(new_game(P, 윤주={"hand": ["금"], "deck": ["동"] * 4, "discard": ["은"]}), "end", "shuffle 윤주 동")
    before = to_json(s)
    with pytest.raises(IllegalMove) as err:  # 윤주 owns Coppers, but the cards shuffled are 금 and 은
        GAME.apply(s, "end")
    assert err.value.code == "bad-shuffle" and "금 1장, 은 1장" in err.value.message and to_json(s) == before
