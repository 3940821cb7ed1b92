"""The 2015 card data: nothing missing against the counts of the 2015 box, and the plain stat cards work.

The counts are stated here (from the 2015 card list: 179 civil and 150 military cards), not read from any
reference file at test time.
"""
from collections import Counter

import pytest

from engines.core import IllegalMove
from engines.through_the_ages import GAME
from engines.through_the_ages.catalog import board, card, civil_deck, edition_cards, event_deck

CARDS = edition_cards(2015)
# Civil deck sizes by age for 2 / 3 / 4 players: the 2015 box holds 179 civil cards (4 players).
CIVIL = {"A": (20, 20, 20), "I": (44, 50, 53), "II": (44, 50, 53), "III": (44, 50, 53)}
# Military deck sizes by age: 150 cards; a 2-player game leaves the ten pacts out.
MILITARY = {"A": (10, 10, 10), "I": (43, 45, 45), "II": (46, 50, 50), "III": (41, 45, 45)}
# Different cards (not copies) of each type, board cards included.
KINDS = {"technology": 5 + 9 + 10 + 10, "government": 1 + 2 + 2 + 3, "special": 12, "wonder": 16, "leader": 24,
         "action": 7 + 8 + 10 + 8, "event": 10 + 15 + 15 + 15, "territory": 12, "aggression": 3 + 5 + 3, "war": 3,
         "pact": 10, "tactics": 5 + 6 + 4, "bonus": 3}


MILITARY_TYPES = ("event", "territory", "aggression", "war", "pact", "tactics", "bonus")


def military_copies(age: str, players: int) -> int:
    return sum(c.copies[players - 2] for c in CARDS.values() if c.age == age and c.type in MILITARY_TYPES)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("age", ["A", "I", "II", "III"])
def test_civil_deck_sizes(age, players):
    assert len(civil_deck(age, players, 2015)) == CIVIL[age][players - 2]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_box_holds_179_civil_and_150_military_cards(players):
    civil = sum(len(civil_deck(a, players, 2015)) for a in CIVIL)
    military = sum(military_copies(a, players) for a in MILITARY)
    assert (civil, military) == ({2: 152, 3: 170, 4: 179}[players], {2: 140, 3: 150, 4: 150}[players])
    for age in MILITARY:
        assert military_copies(age, players) == MILITARY[age][players - 2]


def test_every_kind_of_card_is_there():
    assert Counter(c.type for c in CARDS.values()) == KINDS
    assert len(board(2015)["cards"]) == 6 and all(c.endswith("@15") for c in CARDS)
    per_age = Counter((c.age, c.type) for c in CARDS.values() if c.type in ("leader", "wonder"))
    assert set(per_age.values()) == {6, 4} and len(per_age) == 8  # six leaders and four wonders in every age


def test_a_card_both_editions_print_keeps_its_korean_name():
    old = {(c.en, c.age): c.name for c in edition_cards(2006).values()}
    shared = [c for c in CARDS.values() if (c.en, c.age) in old]
    assert len(shared) > 150
    assert all(c.name == old[c.en, c.age] for c in shared)


def test_numbers_that_changed_in_2015():
    assert (card("monarchy@15").research, card("monarchy@15").peaceful) == (2, 8)  # 2006: 3 / 9
    assert card("library_of_alexandria@15").stages == (1, 4, 1)
    assert card("plunder_1@15").extra["cost"] == 1 and card("raid_2@15").extra["max_levels"] == [2, 1]
    assert card("classic_army@15").extra == {"army": {"infantry": 2, "cavalry": 2}, "bonus": 8, "obsolete": 4}
    assert card("vast_territory_1@15").extra["permanent"] == {"yellow": 3, "blue": -1}
    assert "light_cavalry@15" not in CARDS and "no_event@15" not in CARDS


@pytest.mark.parametrize("mode", ["advanced", "full"])
def test_military_decks_deal_the_2015_cards(mode):
    state = GAME.new_game(["a", "b", "c"], options={"mode": mode, "edition": 2015})
    assert len(state.events) == 3 + 2 and set(state.events) <= set(event_deck("A", mode, 2015))
    every = [c for deck in state.military_decks.values() for c in deck] + state.military_box + state.final_events
    assert every and all(c.endswith("@15") for c in every)
    assert {card(c).type for c in every} >= {"territory", "tactics", "bonus", "pact"}


def new_2015(**player):
    return GAME.new_game(["윤주", "민호"], options={"mode": "full", "edition": 2015},
                         setup={"round": 2, "active": "윤주", "age": "I", "윤주": player})


def test_a_2015_government_is_taken_by_revolution_at_its_2015_cost():
    state = GAME.apply(GAME.apply(new_2015(hand=["군주정치"], science=3), "pass"), "revolution 군주정치")
    facts = GAME.observe(state)  # 2015: Monarchy's revolution costs 2 science (2006: 3)
    assert (facts["윤주.government"], facts["윤주.science"], facts["윤주.civil_actions"]) == ("군주정치", 1, 0)
    assert facts["윤주.military_actions_total"] == 3 and facts["윤주.building_limit"] == 3


def test_2015_technologies_are_developed_and_built_at_their_2015_costs():
    state = GAME.apply(new_2015(hand=["철", "신학"], science=7, resources=10, idle=2), "pass")
    for move in ("develop 철", "build 철", "develop 신학", "build 신학"):
        state = GAME.apply(state, move)
    facts = GAME.observe(state)
    assert (facts["윤주.science"], facts["윤주.resources"]) == (0, 0)  # research 5 + 2, build 5 + 5
    assert facts["윤주.workers.철"] == 1 and facts["윤주.workers.신학"] == 1 and facts["윤주.civil_actions"] == 0
    assert facts["윤주.resource_production"] == 2 * 1 + 2  # two bronze mines and one iron mine
    assert (facts["윤주.happiness"], facts["윤주.culture_level"]) == (2, 1)  # the temple of Theology


def test_2015_action_cards_that_give_points_and_goods():
    state = GAME.apply(new_2015(hand=["비축", "문화 전승 A"]), "pass")
    state = GAME.apply(GAME.apply(state, "action 비축"), "action 문화 전승")
    facts = GAME.observe(state)
    assert (facts["윤주.food"], facts["윤주.resources"]) == (1, 1)
    assert (facts["윤주.science"], facts["윤주.culture"]) == (1, 4)


def test_reserves_gains_the_food_or_resources_the_player_names():
    state = GAME.apply(new_2015(hand=["예비 물자 I"]), "pass")
    assert {str(m) for m in GAME.legal_moves(state) if m.verb == "action"} == {'action "예비 물자 I" 식량',
                                                                              'action "예비 물자 I" 자원'}
    facts = GAME.observe(GAME.apply(state, "action 예비 물자 자원"))
    assert (facts["윤주.food"], facts["윤주.resources"], facts["윤주.hand"]) == (0, 2, [])


def test_2015_urban_growth_and_rich_land_build_or_upgrade():
    state = GAME.apply(new_2015(technologies=["연금술", "철"], hand=["도시 성장 I", "풍요로운 땅 I", "도시 성장 A"],
                                resources=8, idle=1), "pass")
    state = GAME.apply(state, "action 도시 성장 I 철학 연금술")  # upgrade: 6 - 3 = 3, less 2
    state = GAME.apply(state, "action 풍요로운 땅 I 청동 철")  # upgrade: 5 - 2 = 3, less 2
    facts = GAME.observe(state)
    assert (facts["윤주.workers.연금술"], facts["윤주.workers.철"], facts["윤주.resources"]) == (1, 1, 8 - 1 - 1)
    state = GAME.apply(state, "action 도시 성장 A 종교")  # build: 3, less 1
    assert GAME.observe(state)["윤주.resources"] == 6 - 2
    with pytest.raises(IllegalMove) as err:  # Urban Growth upgrades urban buildings only
        GAME.apply(GAME.apply(new_2015(technologies=["철"], hand=["도시 성장 I"], resources=8), "pass"),
                   "action 도시 성장 I 청동 철")
    assert err.value.code == "bad-upgrade" and "도시 건물에만" in err.value.message


def test_2015_government_leader_and_wonder_numbers_count_while_in_play():
    facts = GAME.observe(new_2015(government="민주주의", leader="간디", wonders=["크렘린"]))
    assert facts["윤주.culture_level"] == 3 + 2 + 2  # Democracy, Gandhi, Kremlin
    assert (facts["윤주.civil_actions_total"], facts["윤주.military_actions_total"]) == (7 + 1, 3 + 1)
    assert (facts["윤주.building_limit"], facts["윤주.happiness"]) == (4, 0)  # Kremlin's unhappy face: never below 0
