"""Set-up by player count, kingdom choice and scenario overrides."""
from collections import Counter

import pytest

from engines.core import BadSetup, UnknownCard
from engines.dominion import GAME
from engines.dominion.cards import SECOND_EDITION

NAMES = ["윤주", "민호", "지수", "현우"]


@pytest.mark.parametrize("n, victory, curses, coppers", [(2, 8, 10, 46), (3, 12, 20, 39), (4, 12, 30, 32)])
def test_supply_by_player_count(n, victory, curses, coppers):
    state = GAME.new_game(NAMES[:n], setup={"kingdom": ["정원", "시장", "민병대", "광산", "해자", "개조", "대장간",
                                                         "마을", "나무꾼", "작업실"]})
    facts = GAME.observe(state)
    for card in ("사유지", "공작령", "속주", "정원"):
        assert facts[f"supply.{card}"] == victory
    assert facts["supply.저주"] == curses
    assert facts["supply.동"] == coppers
    assert facts["supply.은"] == 40 and facts["supply.금"] == 30 and facts["supply.시장"] == 10
    assert len([k for k in facts if k.startswith("supply.")]) == 17


def test_each_player_starts_with_seven_coppers_and_three_estates_five_in_hand():
    state = GAME.new_game(NAMES[:3], seed=11)
    facts = GAME.observe(state)
    for p in NAMES[:3]:
        assert len(facts[f"{p}.hand"]) == 5 and facts[f"{p}.deck_size"] == 5
        assert Counter(facts[f"{p}.hand"] + facts[f"{p}.deck"]) == {"동": 7, "사유지": 3}
    assert facts["turn"] == "윤주" and facts["phase"] == "action"


def test_decks_are_shuffled_from_the_seed():
    decks = {tuple(GAME.observe(GAME.new_game(NAMES[:2], seed=s))["윤주.deck"]) for s in range(12)}
    assert len(decks) > 1
    assert GAME.observe(GAME.new_game(NAMES[:2], seed=5)) == GAME.observe(GAME.new_game(NAMES[:2], seed=5))


def test_default_kingdom_is_the_recommended_first_game():
    state = GAME.new_game(NAMES[:2])
    assert set(GAME.observe(state)["kingdom"]) == {"저장고", "시장", "민병대", "광산", "해자", "개조", "대장장이",
                                                  "마을", "나무꾼", "작업장"}


def test_random_kingdom_draws_ten_second_edition_cards_from_the_seed():
    kingdoms = [GAME.new_game(NAMES[:2], seed=s, setup={"kingdom": "random"}).kingdom for s in range(6)]
    for kingdom in kingdoms:
        assert len(set(kingdom)) == 10 and set(kingdom) <= set(SECOND_EDITION)
    assert len({tuple(k) for k in kingdoms}) > 1


@pytest.mark.parametrize("kingdom", [["시장"] * 10, ["시장", "마을"], ["동", "시장", "민병대", "광산", "해자", "개조",
                                                                       "대장간", "마을", "나무꾼", "작업실"]])
def test_bad_kingdoms_are_refused(kingdom):
    with pytest.raises(BadSetup) as err:
        GAME.new_game(NAMES[:2], setup={"kingdom": kingdom})
    assert err.value.code == "bad-kingdom"


def test_unknown_card_in_setup_is_refused():
    with pytest.raises(UnknownCard):
        GAME.new_game(NAMES[:2], setup={"윤주": {"hand": ["황금"]}})


def test_player_count_is_two_to_four():
    with pytest.raises(BadSetup):
        GAME.new_game(["혼자"])
    with pytest.raises(BadSetup):
        GAME.new_game(["a", "b", "c", "d", "e"])


def test_scenario_overrides_zones_supply_trash_and_first_player():
    state = GAME.new_game(NAMES[:2], setup={
        "first": "민호", "supply": {"Province": 2}, "trash": ["금"],
        "윤주": {"hand": ["마을"], "deck": ["금", "은"], "discard": ["저주"]}})
    facts = GAME.observe(state)
    assert facts["turn"] == "민호" and facts["supply.속주"] == 2 and facts["trash"] == ["금"]
    assert facts["윤주.hand"] == ["마을"] and facts["윤주.deck"] == ["금", "은"] and facts["윤주.discard"] == ["저주"]
    assert facts["윤주.vp"] == -1


def test_naming_one_zone_of_a_player_fixes_all_their_cards():
    """Set-up rule (a): a player whose zones are named holds exactly what is written; others start as usual."""
    facts = GAME.observe(GAME.new_game(NAMES[:2], seed=3, setup={"민호": {"discard": ["속주"]}}))
    assert facts["민호.discard"] == ["속주"] and facts["민호.hand"] == [] and facts["민호.deck"] == []
    assert len(facts["윤주.hand"]) == 5 and facts["윤주.deck_size"] == 5


def test_cards_placed_in_setup_come_out_of_the_supply():
    """Set-up rule (b): first out of the starting cards (7 Coppers, 3 Estates each), then out of the pile."""
    facts = GAME.observe(GAME.new_game(NAMES[:2], setup={
        "윤주": {"hand": ["동"] * 9, "deck": ["마을", "금"]}, "trash": ["속주", "사유지"]}))
    assert facts["supply.동"] == 46 - 2  # 9 + 민호's 7 = 16 Coppers: 14 starting ones, 2 from the pile
    assert facts["supply.사유지"] == 8  # 민호's 3 and one trashed: still within the 6 starting Estates
    assert facts["supply.마을"] == 9 and facts["supply.금"] == 29 and facts["supply.속주"] == 7
    facts = GAME.observe(GAME.new_game(NAMES[:2], setup={"윤주": {"deck": ["사유지"] * 5}}))
    assert facts["supply.사유지"] == 8 - 2  # 5 + 민호's 3: two more than the six starting Estates
    assert facts["supply.동"] == 46  # 윤주's seven starting Coppers stay in the box


def test_supply_count_in_setup_is_taken_as_written():
    facts = GAME.observe(GAME.new_game(NAMES[:2], setup={"supply": {"속주": 1}, "윤주": {"hand": ["속주"]}}))
    assert facts["supply.속주"] == 1


@pytest.mark.parametrize("setup, why", [
    ({"윤주": {"hand": ["금"] * 31}}, "30장뿐"),
    ({"윤주": {"deck": ["동"] * 30}, "민호": {"deck": ["동"] * 31}}, "60장뿐"),
    ({"윤주": {"deck": ["사유지"] * 15}}, "14장뿐"),
    ({"윤주": {"hand": ["마녀"]}}, "왕국 카드가 아닙니다"),
    ({"supply": {"속주": -5}}, "0~8"),
    ({"supply": {"속주": "abc"}}, "0~8"),
    ({"supply": [1, 2]}, "이름: 값"),
    ({"윤주": {"hand": "금"}}, "목록"),
])
def test_impossible_setups_are_bad_setup(setup, why):
    with pytest.raises(BadSetup) as err:
        GAME.new_game(NAMES[:2], setup=setup)
    assert why in err.value.message
