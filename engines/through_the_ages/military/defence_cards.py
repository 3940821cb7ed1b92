"""The 2015 defence against an aggression (tta15.aggression; editions: ``defence_by_cards``): no unit is
sacrificed; the defender plays military cards, one military action each: a defence bonus card for its
defence value, any other card for +1."""
from __future__ import annotations

from engines.core.korean import josa

from ..actions import fail
from ..catalog import card
from ..state import TtaState
from . import deck

AGGRESSION_2015 = "tta15.aggression"


def check_defence_card(state: TtaState, defender: str, cid: str) -> None:
    """One more military card for the defence (``defend 카드``): a card in the hand, not a unit, and a
    military action left for it."""
    civ, sent = state.civs[defender], state.step["sent"]
    if card(cid).type == "technology":
        raise fail("no-sacrifice", "2015년판에서는 침략을 막으려고 유닛을 희생하지 않습니다 (군사 카드만 냅니다).",
                   AGGRESSION_2015)
    if civ.military_hand.count(cid) <= sent.count(cid):
        raise fail("not-in-military-hand", f"{card(cid).name} 카드가 손에 {civ.military_hand.count(cid)}장뿐입니다 "
                   f"(이미 {sent.count(cid)}장을 냈습니다).", AGGRESSION_2015)
    if civ.military_left <= len(sent):
        rule = "한 장마다 군사 행동 하나를 씁니다" if spends_defence(state) else "군사 행동 수만큼만 낼 수 있습니다"
        raise fail("no-military-action", f"방어에 내는 카드는 {rule}: 이미 {len(sent)}장을 냈고 군사 행동은 "
                   f"{civ.military_left}개입니다.", AGGRESSION_2015)


def spends_defence(state: TtaState) -> bool:
    """Option ``defence_actions``: each card sent to a defence spends a military action (``spend``), or the
    military actions only cap how many cards go (``limit``)."""
    return state.options["defence_actions"] == "spend"


def defence_cards(state: TtaState, defender: str, names: list[str]) -> int:
    """The strength the sent military cards add (they are discarded), each for one military action unless
    option ``defence_actions`` only caps their number: a defence bonus card its defence value, any other
    military card 1."""
    civ = state.civs[defender]
    if spends_defence(state):
        civ.military_left -= len(names)
    for cid in names:
        deck.take_from_hand(civ, cid)
        deck.discard(state, cid)
    return sum(card(c).extra["defense"] if card(c).type == "bonus" else 1 for c in names)
