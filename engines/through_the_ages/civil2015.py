"""Which effect a leader or wonder of either edition has, for the effect code (levels.py, actions.py …).

A 2006 card answers with its id. A 2015 card whose effect is a 2006 card's answers with that 2006 id, so the
2006 code applies to it unchanged: most share their family's effect, and two take over another card's
(찰리 채플린 doubles the best theater like 로큰롤 스타; 시드 마이어's labs give culture like 게임 디자이너's).
A 2015 card whose effect differs answers with its own id (``napoleon_bonaparte@15``), read only by the 2015
rules next to the 2006 ones (docs: edition2015-cards.md, tta15.cards.leaders and tta15.cards.wonders).
"""
from __future__ import annotations

from .catalog import card

# 2015 family -> the 2006 card whose effect it has
SAME_AS_2006 = {
    **{f: f for f in ("aristotle", "moses", "alexander_the_great", "leonardo_da_vinci",
                      "isaac_newton", "albert_einstein", "mahatma_gandhi", "maximilien_robespierre",
                      "library_of_alexandria", "colossus", "great_wall", "transcontinental_railroad",
                      "first_space_flight", "fast_food_chains")},
    "charlie_chaplin": "rock_and_roll_icon",
    "sid_meier": "game_designer",
}


def effect(cid: str | None) -> str | None:
    """The id whose effect the card has (see the module's note)."""
    if cid is None:
        return None
    c = card(cid)
    return cid if c.edition == 2006 else SAME_AS_2006.get(c.family, cid)
