"""The colonisation auction's arithmetic (tta.advanced.colonies): what a bid may be and how it is paid.

A bid is the strength the winner sends: sacrificed units (with the armies they form) plus colonisation
bonus cards from the hand plus the flat colonisation bonus of cards in play. At least one unit must go.
James Cook adds his part (``leader`` below is the leading card's effect, ``levels.leader``): the 2006 card
+1 to each colonisation bonus card sent, the 2015 card +1 for each of up to 2 other military cards
discarded (tta15.cards.leaders).
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from engines.core.errors import IllegalMove

from ..catalog import card

RULE = "tta.advanced.colonies"
# The flat colonisation bonus printed on these cards in play (2006 texts: Colossus +1, Cartography +2,
# Navigation +3, Satellites +4); the special technologies replace one another, so only the best counts.
FLAT_BONUS = {"colossus": 1, "cartography": 2, "navigation": 3, "satellites": 4}
COOK_2006, COOK_2015 = "james_cook", "james_cook@15"
COOK_DISCARDS = 2  # James Cook (2015): military cards that may be discarded, +1 each


def flat_bonus(in_play: Iterable[str]) -> int:
    ids = {card(i).family for i in in_play}  # the 2015 cards print the same bonuses
    wonder = FLAT_BONUS["colossus"] if "colossus" in ids else 0
    special = max((FLAT_BONUS[i] for i in ids if i in FLAT_BONUS and i != "colossus"), default=0)
    return wonder + special


def card_bonus(bonus_cards: Iterable[str], leader: str | None = None) -> int:
    """The bonus cards' colonisation values; James Cook (2006) adds 1 to each."""
    extra = 1 if leader == COOK_2006 else 0
    return sum(card(b).extra["colonization"] + extra for b in bonus_cards)


def cook_discards(leader: str | None) -> int:
    """How many military cards (not bonus cards) the player may discard for +1 each: only under James Cook
    (2015). A bonus card always counts its own colonisation value (at least 1) and takes none of the two."""
    return COOK_DISCARDS if leader == COOK_2015 else 0


def max_bid(all_units_value: int, hand_bonus_cards: Iterable[str], flat: int, other_cards: int = 0,
            leader: str | None = None) -> int:
    """The most a player can pay: every unit sacrificed, every bonus card played, and under James Cook (2015)
    up to 2 of the ``other_cards`` (military cards that are not bonus cards) discarded. No unit, no bid."""
    if all_units_value <= 0:
        return 0
    return all_units_value + card_bonus(hand_bonus_cards, leader) + flat + min(other_cards, cook_discards(leader))


def check_payment(bid: int, units_sacrificed: int, units_value: int, bonus_cards: list[str], flat: int,
                  discarded: Sequence[str] = (), leader: str | None = None) -> int:
    """The total sent; raises when it falls short of the bid or sends no unit. ``discarded``: the military
    cards discarded for James Cook (2015), +1 each."""
    if units_sacrificed == 0:
        raise IllegalMove("식민지를 얻으려면 군사 유닛을 적어도 하나는 희생해야 합니다 (보너스만으로는 안 됩니다).",
                          rule=RULE, code="no-unit-sacrificed")
    bonus = card_bonus(bonus_cards, leader)
    total = units_value + bonus + flat + len(discarded)
    if total < bid:
        cards = f"보너스 카드 {bonus}" + (" (제임스 쿡: 장마다 +1)" if leader == COOK_2006 and bonus_cards else "")
        cook = f" + 제임스 쿡(버린 카드 {len(discarded)}장) {len(discarded)}" if cook_discards(leader) else ""
        raise IllegalMove(f"입찰한 {bid}에 모자랍니다: 보낸 군사력은 유닛 {units_value} + {cards} + 카드 효과 {flat}"
                          f"{cook} = {total}입니다.", rule=RULE, code="bid-not-covered")
    return total
