"""The 2015 Genghis Khan's infantry counted as cavalry: the best grouping, found without a product over the ages."""
from collections import Counter
from itertools import product

import pytest

from engines.through_the_ages import GAME
from engines.through_the_ages.catalog import card
from engines.through_the_ages.military import armies, forces

BONUS_CARDS = ["방어 보너스 I"] * 6 + ["방어 보너스 II"] * 6 + ["방어 보너스 III"] * 6
HORDE = {"전사": 7, "검사": 6, "소총병": 6, "현대 보병": 6, "농업": 0, "청동": 0, "철학": 0}


def khan(tactics: str, workers: dict[str, int], hand: list[str] = ()):
    """A 2015 game in age III where 민호 leads Genghis Khan with these units and military cards."""
    return GAME.new_game(["윤주", "민호"], options={"mode": "full", "edition": 2015}, setup={
        "round": 4, "age": "III", "active": "윤주", "events": ["역사적인 땅 I"], "윤주": {"military_hand": ["역병"]},
        "민호": {"leader": "칭기즈 칸", "technologies": ["검사", "기사", "소총병", "대포", "현대 보병"],
               "workers": workers, "idle": 0, "tactics": tactics, "military_hand": list(hand)}})


def every_grouping_best(present: list[armies.Unit], tac) -> int:
    """The best bonus over every number of each age's infantry turned to cavalry (the product the rule reads as)."""
    infantry = Counter(level for kind, level in present if kind == "infantry")
    others = [u for u in present if u[0] != "infantry"]
    ages = list(infantry)
    return max(armies.army_bonus(others + [(kind, lv) for lv, n in zip(ages, turned)
                                           for kind in ["cavalry"] * n + ["infantry"] * (infantry[lv] - n)], tac)
               for turned in product(*(range(infantry[lv] + 1) for lv in ages)))


@pytest.mark.parametrize("tactics", ["중기병", "팔랑크스", "고전 부대", "콘키스타도르", "돌격 부대", "현대 부대"])
def test_the_grouping_is_the_best_of_every_grouping(tactics):
    workers = {"전사": 3, "검사": 2, "기사": 1, "소총병": 2, "대포": 1, "현대 보병": 3, "농업": 0, "청동": 0, "철학": 0}
    civ = khan(tactics, workers).civs["민호"]
    present = forces.units(civ)
    counted = forces.as_tactics(civ, present)
    tac = forces.tactics(civ)
    assert armies.army_bonus(counted, tac) == every_grouping_best(present, tac)
    assert Counter(lv for _, lv in counted) == Counter(lv for _, lv in present)  # the same units, some as cavalry
    assert len([u for u in counted if u[0] == "cavalry"]) >= len([u for u in present if u[0] == "cavalry"])


def test_a_colony_auction_with_twenty_five_infantry_and_eighteen_bonus_cards_lists_every_bid():
    state = GAME.apply(GAME.apply(khan("중기병", HORDE, BONUS_CARDS), "event 역병"), "pass")
    civ = state.civs["민호"]
    # 25 infantry (7 + 12 + 18 + 30 = 67 strength) all counted as cavalry: 8 heavy-cavalry armies (+4 each, 32),
    # and the bonus cards' colonisation values (6 × (1 + 2 + 3) = 36): 135 at most.
    assert card(civ.tactics).name == "중기병" and forces.tactics_bonus(civ) == 32
    legal = GAME.legal_moves(state)
    assert [str(m) for m in legal] == ["pass", *(f"bid {n}" for n in range(1, 136))]
