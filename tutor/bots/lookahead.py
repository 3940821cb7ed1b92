"""The two generic ways to choose: weighted chance, and one move of look-ahead with the engine."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core import CHANCE, Game, Move, Rng

Weight = Callable[[Any, Move], float]
Evaluate = Callable[[Game, Any, str], float]

# Enough candidates for a good choice, few enough that a turn stays well under a second in the page.
MOST_CANDIDATES = 40
CHANCE_SAMPLES = 3  # a move followed by dice or a draw is judged on this many outcomes, drawn by the bot


def weighted(legal: list[Move], state: Any, weight: Weight, rng: Rng) -> Move:
    """One of ``legal`` with probability proportional to ``weight`` (uniform if every weight is 0)."""
    weights = [max(0.0, weight(state, m)) for m in legal]
    total = sum(weights)
    if total <= 0:
        return rng.choice(legal)
    pick = rng.below(1_000_000) / 1_000_000 * total
    for move, w in zip(legal, weights):
        if pick < w:
            return move
        pick -= w
    return legal[-1]


def _settle(game: Game, state: Any, rng: Rng) -> Any:
    """``state`` with any chance moves that follow drawn by the bot's own ``rng`` (uniform over the outcomes)."""
    for _ in range(20):
        if game.current_player(state) != CHANCE:
            break
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    return state


def best_after(game: Game, state: Any, legal: list[Move], evaluate: Evaluate, rng: Rng,
               prior: Weight | None = None) -> Move:
    """The move whose resulting position ``evaluate`` rates best for the player to move (``prior`` breaks
    near-ties in favour of moves a player would usually make); ties are broken at random."""
    me = game.current_player(state)
    candidates = list(legal)
    if len(candidates) > MOST_CANDIDATES:
        rng.shuffle(candidates)
        del candidates[MOST_CANDIDATES:]
    best: list[Move] = []
    best_value = float("-inf")
    for move in candidates:
        after = game.apply(state, move)
        if game.current_player(after) == CHANCE:
            value = sum(evaluate(game, _settle(game, after, rng), me) for _ in range(CHANCE_SAMPLES)) / CHANCE_SAMPLES
        else:
            value = evaluate(game, after, me)
        if prior is not None:
            value += 0.01 * prior(state, move)
        if value > best_value + 1e-9:
            best, best_value = [move], value
        elif abs(value - best_value) <= 1e-9:
            best.append(move)
    return rng.choice(best)


def margin(game: Game, state: Any, me: str) -> float:
    """My score less the best other score; a finished game counts far more (won or lost)."""
    scores = game.scores(state)
    others = max((v for p, v in scores.items() if p != me), default=0.0)
    value = float(scores.get(me, 0.0)) - float(others)
    if game.is_over(state):
        value += 1000.0 if me in game.winners(state) else -1000.0
    return value
