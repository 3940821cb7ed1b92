"""Trade Routes Agreement (tta.advanced.pacts): in each of its own turns, after the political action,
civilization A may use 1 food as 1 resource and civilization B 1 resource as 1 food: the move ``trade``
exchanges the one for the other, once a turn."""
from __future__ import annotations

from engines.core.korean import josa

from .. import tokens
from ..actions import fail
from ..state import TtaState
from .politics import active, role

RULE = "tta.advanced.pacts"
FOOD, RES = "farm", "mine"
WORD = {FOOD: "식량", RES: "자원"}


def exchange(state: TtaState, player: str) -> tuple[str, str] | None:
    """What the player's Trade Routes Agreement lets it give and get (food → resource for A), or None."""
    for pact in state.pacts:
        if player in (pact["a"], pact["b"]):
            gets = role(pact, player)
            if gets.get("food_as_resource"):
                return FOOD, RES
            if gets.get("resource_as_food"):
                return RES, FOOD
    return None


def check_trade(state: TtaState) -> tuple[str, str]:
    player = active(state)
    way = exchange(state, player)
    if way is None:
        raise fail("no-trade-route", f"{josa(player, '은')} 교역로 협정을 맺고 있지 않습니다.", RULE)
    if state.trade_route_used:
        raise fail("trade-used", "교역로 협정의 교환은 한 턴에 한 번만 합니다.", RULE)
    give = way[0]
    if tokens.value(state.civs[player], give) < 1:
        raise fail("nothing-to-trade", f"내줄 {WORD[give]}이 없습니다.", RULE)
    return way


def trade(state: TtaState) -> None:
    give, get = check_trade(state)
    civ = state.civs[active(state)]
    tokens.pay(civ, give, 1)
    tokens.gain(civ, get, 1)
    state.trade_route_used = True
