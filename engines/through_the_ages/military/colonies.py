"""The colonisation auction's arithmetic (tta.advanced.colonies): what a bid may be and how it is paid.

A bid is the strength the winner sends: sacrificed units (with the armies they form) plus colonisation
bonus cards from the hand plus the flat colonisation bonus of cards in play. At least one unit must go.
"""
from __future__ import annotations

from collections.abc import Iterable

from engines.core.errors import IllegalMove

from ..catalog import card

RULE = "tta.advanced.colonies"
# The flat colonisation bonus printed on these cards in play (2006 texts: Colossus +1, Cartography +2,
# Navigation +3, Satellites +4); the special technologies replace one another, so only the best counts.
FLAT_BONUS = {"colossus": 1, "cartography": 2, "navigation": 3, "satellites": 4}


def flat_bonus(in_play: Iterable[str]) -> int:
    ids = {card(i).family for i in in_play}  # the 2015 cards print the same bonuses
    wonder = FLAT_BONUS["colossus"] if "colossus" in ids else 0
    special = max((FLAT_BONUS[i] for i in ids if i in FLAT_BONUS and i != "colossus"), default=0)
    return wonder + special


def card_bonus(bonus_cards: Iterable[str]) -> int:
    return sum(card(b).extra["colonization"] for b in bonus_cards)


def max_bid(all_units_value: int, hand_bonus_cards: Iterable[str], flat: int) -> int:
    """The most a player can pay: every unit sacrificed, every bonus card played. No unit, no bid."""
    if all_units_value <= 0:
        return 0
    return all_units_value + card_bonus(hand_bonus_cards) + flat


def check_payment(bid: int, units_sacrificed: int, units_value: int, bonus_cards: list[str], flat: int) -> int:
    """The total sent; raises when it falls short of the bid or sends no unit."""
    if units_sacrificed == 0:
        raise IllegalMove("식민지를 얻으려면 군사 유닛을 적어도 하나는 희생해야 합니다 (보너스만으로는 안 됩니다).",
                          rule=RULE, code="no-unit-sacrificed")
    total = units_value + card_bonus(bonus_cards) + flat
    if total < bid:
        raise IllegalMove(f"입찰한 {bid}에 모자랍니다: 보낸 군사력은 유닛 {units_value} + 보너스 카드 "
                          f"{card_bonus(bonus_cards)} + 카드 효과 {flat} = {total}입니다.", rule=RULE,
                          code="bid-not-covered")
    return total
