"""Tactics, armies, sacrifices and colonisation payments, with the numbers of the rulebook's examples."""
import pytest

from engines.core.errors import IllegalMove
from engines.through_the_ages.catalog import card
from engines.through_the_ages.military import colonies
from engines.through_the_ages.military.armies import army_bonus, armies, sacrifice_value

WARRIOR, SWORDSMAN, KNIGHT = ("infantry", 0), ("infantry", 1), ("cavalry", 1)
CANNON, RIFLEMAN, MODERN_INF = ("artillery", 2), ("infantry", 2), ("infantry", 3)
AIR = ("air_force", 3)
STRENGTH = {WARRIOR: 1, SWORDSMAN: 2, KNIGHT: 2, CANNON: 3, RIFLEMAN: 3, MODERN_INF: 5, AIR: 5}


def total(units, tactics):
    return min(60, sum(STRENGTH[u] for u in units) + army_bonus(units, tactics))


def test_medieval_army_example_is_twelve():
    """Two warriors, a swordsman, two knights: 8 in units and two infantry-cavalry pairs at +2."""
    units = [WARRIOR, WARRIOR, SWORDSMAN, KNIGHT, KNIGHT]
    assert armies(units, card("medieval_army")) == (2, 2)
    assert total(units, card("medieval_army")) == 12


def test_medieval_army_sacrifices_fourteen_then_eighteen_and_a_pair_worth_five():
    medieval = card("medieval_army")
    assert 12 + sacrifice_value([KNIGHT], STRENGTH, medieval) == 14
    assert 12 + sacrifice_value([KNIGHT, SWORDSMAN], STRENGTH, medieval) == 18
    assert sacrifice_value([WARRIOR, KNIGHT], STRENGTH, medieval) == 5
    assert sacrifice_value([WARRIOR, WARRIOR, KNIGHT, KNIGHT], STRENGTH, medieval) == 10


def test_defensive_army_with_an_obsolete_warrior_is_twenty_two():
    """Age II tactics: swordsmen (Age I) are fine, the Age A warrior makes its army obsolete (+3, not +6)."""
    units = [SWORDSMAN, SWORDSMAN, CANNON, WARRIOR, SWORDSMAN, CANNON]
    assert sum(STRENGTH[u] for u in units) == 13
    assert armies(units, card("defensive_army")) == (2, 1)
    assert total(units, card("defensive_army")) == 22


def test_entrenchments_with_air_forces_47_57_then_capped_at_60():
    """Units 24; the full army's +9 doubled by the air force (+18), the obsolete army +5; a second air force
    doubles that too (57); a third has no army left to double and only adds its own 5 (62, capped at 60;
    the rulebook's 63 is an arithmetic slip)."""
    units = [MODERN_INF, CANNON, CANNON, SWORDSMAN, CANNON, CANNON, AIR]
    entrenchments = card("entrenchments")
    assert sum(STRENGTH[u] for u in units) == 24
    assert army_bonus(units, entrenchments) == 18 + 5
    assert total(units, entrenchments) == 47
    assert total(units + [AIR], entrenchments) == 57
    assert sum(STRENGTH[u] for u in units + [AIR, AIR]) + army_bonus(units + [AIR, AIR], entrenchments) == 62
    assert total(units + [AIR, AIR], entrenchments) == 60


def test_an_older_tactics_card_gives_modern_units_no_penalty():
    assert army_bonus([RIFLEMAN, RIFLEMAN, RIFLEMAN], card("legion")) == 2
    assert army_bonus([WARRIOR, WARRIOR, WARRIOR], card("legion")) == 2


def test_no_tactics_no_armies():
    assert army_bonus([WARRIOR, KNIGHT], None) == 0


def test_colonisation_bid_of_four_with_cartography_and_the_sacrifice_choice():
    """Minho bids 4 on Inhabited Territory; Cartography gives +2, so 2 more are needed and one unit must go:
    a swordsman alone (2 + 2 = 4), or a warrior with the +1 bonus card (1 + 1 + 2 = 4, also enough), but never
    the bonus card alone."""
    flat = colonies.flat_bonus(["cartography", "bronze"])
    assert flat == 2
    assert colonies.check_payment(4, 1, 2, [], flat) == 4
    assert colonies.check_payment(4, 1, 2, ["bonus_1"], flat) == 5
    with pytest.raises(IllegalMove) as no_unit:
        colonies.check_payment(4, 0, 0, ["bonus_1", "bonus_1"], flat)
    assert no_unit.value.code == "no-unit-sacrificed"
    with pytest.raises(IllegalMove) as short:
        colonies.check_payment(4, 1, 1, [], flat)
    assert short.value.code == "bid-not-covered" and "3" in short.value.message


def test_colossus_adds_to_the_best_colonisation_technology_only():
    assert colonies.flat_bonus(["colossus", "cartography"]) == 3
    assert colonies.flat_bonus(["cartography", "navigation"]) == 3
    assert colonies.max_bid(0, ["bonus_3"], 4) == 0
    assert colonies.max_bid(5, ["bonus_2", "bonus_1"], 2) == 10
