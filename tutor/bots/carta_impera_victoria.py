"""Carta Impera Victoria's computer players: ``easy`` picks at random, a little more often playing and using
cards than ending the turn; ``normal`` looks one move ahead and weighs score, levels and cards in front."""
from __future__ import annotations

from typing import Any

from engines.core import Game, Move, Rng

from .lookahead import best_after, margin, weighted

STRATEGY = {
    "easy": "고를 수 있는 행동 가운데 하나를 무작위로 고릅니다. 카드 내기와 능력 쓰기를 차례 끝내기보다 자주 고릅니다.",
    "normal": "행동마다 엔진으로 한 수 앞을 두어 보고, 점수 차와 분야별 단계, 자기 앞의 카드 수를 합쳐 가장 좋은 "
              "자리가 되는 행동을 고릅니다. 패권에 가까운 분야일수록 더 높이 칩니다.",
}

FIELDS = ("군사", "종교", "경제", "과학", "문화", "유토피아")
VERB_WEIGHTS = {"play": 4, "use": 3, "sacrifice": 1, "end": 1}


def weight(state: Any, move: Move) -> float:
    return VERB_WEIGHTS.get(move.verb, 2)


def easy(game: Game, state: Any, legal: list[Move], rng: Rng) -> Move:
    return weighted(legal, state, weight, rng)


def position(facts: dict[str, Any], player: str) -> float:
    value = 0.0
    for field in FIELDS:
        cards = float(facts.get(f"{player}.tableau.{field}") or 0)
        target = float(facts.get(f"{player}.hegemony_target.{field}") or 8)
        value += cards + 3 * float(facts.get(f"{player}.level.{field}") or 0) + 6 * (cards / target) ** 2
    return value + 0.5 * float(facts.get(f"{player}.hand_size") or 0)


def evaluate(game: Game, state: Any, me: str) -> float:
    facts = game.observe(state)
    rival = max((position(facts, p) for p in state.players if p != me), default=0.0)
    return 10 * margin(game, state, me) + position(facts, me) - 0.5 * rival


def normal(game: Game, state: Any, legal: list[Move], rng: Rng) -> Move:
    return best_after(game, state, legal, evaluate, rng, prior=weight)
