"""Through the Ages' computer players: ``easy`` is the engine's own weighted chance (it favours developing,
building and wonders); ``normal`` looks one move ahead and weighs the civilization it would have."""
from __future__ import annotations

from typing import Any

from engines.core import Game, Move, Rng

from .lookahead import best_after, margin

STRATEGY = {
    "easy": "고를 수 있는 행동 가운데 하나를 무작위로 고르되, 기술 개발, 건설, 문화 유산을 더 자주 고릅니다.",
    "normal": "행동마다 엔진으로 한 수 앞을 두어 보고, 문화 점수와 턴마다 얻는 문화·과학, 식량과 자원 생산, "
              "군사력, 행복을 합쳐 가장 좋은 문명이 되는 행동을 고릅니다. 불만과 자원 낭비는 깎습니다.",
}

# What a position is worth to its civilization, per unit of each fact (culture points count once, the rates
# they will bring count for the turns still to come).
WEIGHTS = {"culture": 1.0, "culture_level": 5.0, "science": 0.3, "science_level": 3.0, "strength": 1.0,
           "food_production": 2.5, "resource_production": 3.0, "food": 0.2, "resources": 0.3,
           "happiness": 1.0, "discontent": -4.0, "corruption": -1.5, "civil_actions_total": 4.0,
           "military_actions_total": 1.5, "hand_size": 0.8}
WONDER, TECHNOLOGY = 4.0, 2.0


def easy(game: Game, state: Any, legal: list[Move], rng: Rng) -> Move:
    return game.bot(state, legal, rng)


def civilization(facts: dict[str, Any], player: str) -> float:
    value = sum(w * float(facts.get(f"{player}.{name}") or 0) for name, w in WEIGHTS.items() if name != "hand_size")
    value += WEIGHTS["hand_size"] * len(facts.get(f"{player}.hand") or [])
    value += WONDER * len(facts.get(f"{player}.wonders") or [])
    return value + TECHNOLOGY * len(facts.get(f"{player}.technologies") or [])


def evaluate(game: Game, state: Any, me: str) -> float:
    facts = game.observe(state)
    others = [p for p in state.players if p != me]
    rival = max((civilization(facts, p) for p in others), default=0.0)
    return civilization(facts, me) - 0.5 * rival + (margin(game, state, me) if game.is_over(state) else 0.0)


# Moves that spend nothing a turn gives back: while civil actions are left, one of the others comes first.
IDLE = ("end", "pass", "destroy", "resign")


def normal(game: Game, state: Any, legal: list[Move], rng: Rng) -> Move:
    # Ending the turn at once looks best one move ahead (production follows), though actions left unspent are
    # lost: so the turn ends only when no civil action is left or nothing else can be done.
    me = game.current_player(state)
    if game.observe(state).get(f"{me}.civil_actions"):
        legal = [m for m in legal if m.verb not in IDLE] or legal
    # Disbanding looks good one move ahead (the freed worker can be built again at once), so the computer
    # would disband a unit and rebuild it in the same turn: it disbands only when nothing else is left.
    legal = [m for m in legal if m.verb != "destroy"] or legal
    return best_after(game, state, legal, evaluate, rng)
