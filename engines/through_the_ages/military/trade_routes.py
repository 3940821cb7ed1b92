"""Trade Routes Agreement (tta.advanced.pacts): in each of its own turns, after the political action,
civilization A may use 1 food as 1 resource and civilization B 1 resource as 1 food: the move ``trade``
exchanges the one for the other, once a turn.

Option ``trade_routes`` reads how long the exchange lasts: ``keep`` (the default): what was got is an ordinary
token from then on; ``turn``: the card only lets the player pay with the one instead of the other in its turn,
so an exchange whose resource (A) or food (B) the player has not paid out by the end of the turn is undone
before production (B's food eaten in production counts as paid)."""
from __future__ import annotations

from engines.core.korean import josa

from .. import levels, tokens
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
        raise fail("nothing-to-trade", f"내줄 {josa(WORD[give], '이')} 없습니다.", RULE)
    return way


def trade(state: TtaState) -> None:
    give, get = check_trade(state)
    civ = state.civs[active(state)]
    tokens.pay(civ, give, 1)
    tokens.gain(civ, get, 1)
    state.trade_route_used = True
    state.trade_route_mark = civ.paid.get(get, 0)


def settle(state: TtaState, player: str) -> None:
    """Option trade_routes: turn: undo this turn's exchange if what it got was not paid out."""
    way = exchange(state, player)
    if state.options["trade_routes"] != "turn" or not state.trade_route_used or way is None:
        return
    give, get = way
    civ = state.civs[player]
    eaten = get == FOOD and not levels.uprising(civ) and levels.yellow_section(civ)["eat"] > 0
    if civ.paid.get(get, 0) > state.trade_route_mark or eaten:
        return
    tokens.pay(civ, get, 1)
    tokens.gain(civ, give, 1)
