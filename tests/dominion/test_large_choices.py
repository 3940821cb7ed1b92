"""Cellar, Militia and Poacher on huge hands: answers are judged by counting and listed only in part."""
import pytest

from engines.core import MOST_LISTED, IllegalMove, Move, Rng, to_json
from engines.core.conformance import play_from
from engines.dominion import GAME
from engines.dominion.cards import ORDER
from tutor.bots import dominion as bots
from tutor.live import Session
from tutor.practice import legal_groups

from . import new_game

BASIC = ["동", "은", "금", "사유지", "공작령", "속주", "저주"]
KINGDOM = ["저장고", "예배당", "해자", "민병대", "밀렵꾼", "마을", "대장장이", "시장", "실험실", "축제"]
EVERY = BASIC + KINGDOM


def huge_hand(copies: int = 5) -> list[str]:
    return [c for c in EVERY for _ in range(copies)]


def cellar_bomb(copies: int = 5):
    s = new_game(["윤주", "민호"], seed=2, kingdom=KINGDOM,
                 윤주={"hand": ["저장고", *huge_hand(copies)][:100], "deck": ["금"] * 10})
    return GAME.apply(s, "play 저장고")


def test_the_cellar_bomb_lists_a_bounded_part_and_gives_its_shape():
    s = cellar_bomb()
    legal = GAME.legal_moves(s)
    choice = GAME.large_choice(s)
    assert choice is not None and (choice.verb, choice.least, choice.most) == ("discard", 1, 85)
    assert choice.answers() == 6 ** 17 - 1 and sorted(choice.pool, key=ORDER.__getitem__) == list(choice.pool)
    assert len(legal) == MOST_LISTED + 1 and legal[-1] == Move("pass")
    assert all(choice.admits(m) for m in legal[:-1])


def test_an_answer_the_list_leaves_out_is_accepted_and_a_wrong_one_refused_with_numbers():
    s = cellar_bomb()
    move = GAME.parse(s, "discard 시장 동 동 저주 저주 저주 저주 저주")
    assert move not in GAME.legal_moves(s)
    after = GAME.apply(s, move, by="윤주")
    assert GAME.observe(after)["윤주.discard"] == ["동", "동", "저주", "저주", "저주", "저주", "저주", "시장"]
    before = to_json(s)
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(s, "discard 동 동 동 동 동 동", by="윤주")
    assert refused.value.code == "card-not-in-hand" and "동 6장" in refused.value.message
    assert refused.value.rule == "dominion.card.cellar" and to_json(s) == before


def test_militia_on_a_hundred_card_hand_asks_for_exactly_the_cards_over_three():
    s = new_game(["윤주", "민호"], seed=1, kingdom=KINGDOM, 윤주={"hand": ["민병대"], "deck": ["동"]},
                 민호={"hand": [c for c in huge_hand(6) if c != "해자"] + ["동"] * 4})
    s = GAME.apply(s, "play 민병대")
    choice = GAME.large_choice(s)
    assert choice is not None and (choice.least, choice.most) == (97, 97) and GAME.current_player(s) == "민호"
    assert all(len(m.args) == 97 for m in GAME.legal_moves(s))
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(s, "discard 동")
    assert refused.value.code == "wrong-count" and "97장" in refused.value.message
    keep = ["동", "은", "속주"]
    rest = sorted(GAME.observe(s)["민호.hand"], key=ORDER.__getitem__)
    for card in keep:
        rest.remove(card)
    s = GAME.apply(s, Move("discard", tuple(rest)))
    assert sorted(GAME.observe(s)["민호.hand"]) == sorted(keep)


def test_poacher_with_every_kingdom_pile_empty_discards_ten():
    s = new_game(["윤주", "민호"], seed=1, kingdom=KINGDOM, supply={c: 0 for c in KINGDOM},
                 윤주={"hand": ["밀렵꾼", *huge_hand(4)], "deck": ["동"]})
    s = GAME.apply(s, "play 밀렵꾼")
    choice = GAME.large_choice(s)
    assert choice is not None and (choice.least, choice.most) == (10, 10) and choice.answers() > MOST_LISTED
    s = GAME.apply(s, "discard 사유지 사유지 사유지 사유지 공작령 공작령 공작령 공작령 저주 저주")
    assert GAME.observe(s)["decision"] in (None, "")


def test_a_small_choice_is_listed_whole():
    s = new_game(["윤주", "민호"], seed=1, 윤주={"hand": ["저장고", "동", "동", "사유지", "은"], "deck": ["금"] * 4})
    s = GAME.apply(s, "play 저장고")
    assert GAME.large_choice(s) is None
    assert len(GAME.legal_moves(s)) == 3 * 2 * 2 - 1 + 1  # every non-empty part of 동 동 사유지 은, and pass


def test_random_play_from_the_bomb_keeps_the_protocol():
    report = play_from(GAME, cellar_bomb(), seed=4, check_every_legal_move=False)
    assert report.games == 1 and report.moves > 10


def test_the_normal_bot_discards_the_cards_least_worth_keeping():
    s = cellar_bomb(copies=2)
    move = bots.normal(GAME, s, GAME.legal_moves(s), Rng.from_seed(1))
    assert set(move.args) == {"사유지", "공작령", "속주", "저주"} and len(move.args) == 8


def test_the_buttons_say_the_list_is_partial_and_how_to_type_another():
    groups = legal_groups(Session(GAME, cellar_bomb()))
    discard = next(g for g in groups if g["verb"] == "discard")
    assert len(discard["moves"]) == MOST_LISTED
    assert "16,926,659,444,735가지" in discard["label"] and "discard 다음에 이름 1~85개" in discard["label"]
    assert "동 5개" in Session(GAME, cellar_bomb()).snapshot()["note"]
