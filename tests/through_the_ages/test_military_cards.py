"""The military card data of Ages I-III: counts by age and type, and the numbers the rulebook names."""
from collections import Counter

import pytest

from engines.through_the_ages.catalog import card, edition_cards, name_index

MILITARY = ("event", "territory", "aggression", "war", "pact", "tactics", "bonus")


def copies(age: str, players: int = 4) -> Counter:
    return Counter({c.id: c.copies[players - 2] for c in edition_cards(2006).values() if c.age == age and c.type in MILITARY})


@pytest.mark.parametrize("age,size,missing", [("I", 50, 0), ("II", 48, 2), ("III", 43, 2)])
def test_each_age_has_the_2006_count_less_the_wars_without_a_known_text(age, size, missing):
    """155 military cards in all: Age A 10, I 50, II 50, III 45; War over Culture II, War over Resources and
    the two Holy Wars have no known text and stay out."""
    assert sum(copies(age).values()) == size
    assert sum(copies(age).values()) + missing == {"I": 50, "II": 50, "III": 45}[age]


def test_types_by_age():
    def kinds(age):
        count = Counter()
        for cid, n in copies(age).items():
            count[card(cid).type] += n
        return count
    assert kinds("I") == {"event": 15, "territory": 6, "aggression": 6, "pact": 2, "tactics": 15, "bonus": 6}
    assert kinds("II") == {"event": 13, "territory": 6, "aggression": 9, "war": 2, "pact": 4, "tactics": 8, "bonus": 6}
    assert kinds("III") == {"event": 13, "aggression": 8, "war": 4, "pact": 4, "tactics": 8, "bonus": 6}


def test_pacts_leave_a_two_player_game_and_come_from_the_2015_edition():
    pacts = [c for c in edition_cards(2006).values() if c.type == "pact"]
    assert len(pacts) == 10
    assert all(c.copies == (0, 1, 1) and c.extra["source"] == "2015" for c in pacts)
    assert all(c.extra["source"] == "2015" for c in edition_cards(2006).values() if c.type == "war")


def test_rulebook_names_resolve_to_their_cards():
    for name, cid in [("중세 부대", "medieval_army"), ("방어 부대", "defensive_army"), ("구축 부대", "entrenchments"),
                      ("군단", "legion"), ("기동 포병", "mobile_artillery"), ("스파이", "spy"),
                      ("사람이 거주하는 땅 I", "inhabited_territory_1"), ("Raid I", "raid_1"), ("Plunder II", "plunder_2")]:
        assert name_index().get(name) == card(cid).name


def test_tactics_and_bonus_numbers():
    assert card("defensive_army").extra == {"army": {"infantry": 2, "artillery": 1}, "bonus": 6, "obsolete": 3}
    assert card("entrenchments").extra["bonus"] == 9 and card("entrenchments").extra["obsolete"] == 5
    assert "obsolete" not in card("medieval_army").extra
    assert [(card(f"bonus_{n}").extra["defense"], card(f"bonus_{n}").extra["colonization"]) for n in (1, 2, 3)] \
        == [(2, 1), (4, 2), (6, 3)]
