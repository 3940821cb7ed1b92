"""History of the World's computer players: ``easy`` picks at random, preferring to invade over ending the
turn; ``normal`` looks one move ahead (dice drawn by itself) and weighs score, presence and dominance."""
from __future__ import annotations

from typing import Any

from engines.core import Game, Move, Rng

from .lookahead import best_after, margin, weighted

STRATEGY = {
    "easy": "고를 수 있는 행동 가운데 하나를 무작위로 고릅니다. 침공과 요새를 퇴역보다 자주 고릅니다.",
    "normal": "행동마다 엔진으로 한 수 앞을 두어 보고(주사위는 스스로 몇 번 굴려 봅니다), 점수 차와 지역마다의 "
              "우세·지배, 남은 군대를 합쳐 가장 좋은 자리가 되는 행동을 고릅니다.",
}

VERB_WEIGHTS = {"invade": 5, "fortify": 2, "monument": 2, "retire": 1, "retreat": 1}
ARMY = 0.3  # an army not yet used: a little, so an invasion that fails to take land still ranks low
REGION = {"none": 0.0, "presence": 2.0, "dominance": 5.0}


def weight(state: Any, move: Move) -> float:
    return VERB_WEIGHTS.get(move.verb, 2)


def easy(game: Game, state: Any, legal: list[Move], rng: Rng) -> Move:
    return weighted(legal, state, weight, rng)


def position(facts: dict[str, Any], player: str) -> float:
    prefix = f"{player}.region."
    value = sum(REGION.get(v, 0.0) for k, v in facts.items() if k.startswith(prefix))
    return value + ARMY * float(facts.get(f"{player}.armies_left") or 0)


def evaluate(game: Game, state: Any, me: str) -> float:
    facts = game.observe(state)
    rival = max((position(facts, p) for p in state.players if p != me), default=0.0)
    return margin(game, state, me) + position(facts, me) - 0.5 * rival


def normal(game: Game, state: Any, legal: list[Move], rng: Rng) -> Move:
    # Retiring scores at once, which one move of look-ahead overrates: an empire scores anyway when its
    # armies are spent, so it keeps invading while it can.
    if any(m.verb == "invade" for m in legal):
        legal = [m for m in legal if m.verb != "retire"] or legal
    return best_after(game, state, legal, evaluate, rng, prior=weight)
