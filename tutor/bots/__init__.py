"""Computer players for the practice games: two levels for every game, playing through the public protocol only.

- ``easy``: a legal move by weighted chance (the game's own weights, see ``tutor.bots.<game>.weight``);
- ``normal``: Dominion plays a kingdom-aware Big Money (``tutor.bots.dominion``); the other games look one move
  ahead with the engine and keep the move whose position their ``evaluate`` likes best (``tutor.bots.lookahead``).

A bot draws its own chance from the ``Rng`` it is given, never from the state's seed, so it cannot see a shuffle or
a die before it happens. Each game's module also holds ``STRATEGY``: the Korean lines the practice page shows.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from types import ModuleType
from typing import Any

from engines.core import CHANCE, Game, Move, Rng

LEVELS = ("easy", "normal")
Bot = Callable[[Game, Any, Rng], Move]  # a player of one's own (a benchmark's yardstick)
LEVEL_NAMES = {"easy": "쉬움", "normal": "보통"}


def strategy(game: Game) -> ModuleType:
    """The module of ``game``'s computer player (``tutor.bots.dominion`` …)."""
    return import_module(f"{__name__}.{game.id}")


def choose(game: Game, state: Any, level: str, rng: Rng) -> Move:
    """The move the computer at ``level`` makes for the player to move in ``state``."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: one of {LEVELS}")
    legal = game.legal_moves(state)
    if len(legal) == 1:
        return legal[0]
    return getattr(strategy(game), level)(game, state, legal, rng)


def play_game(game: Game, seats: Mapping[str, str | Bot], seed: int = 0, options: Mapping[str, Any] | None = None,
              setup: Mapping[str, Any] | None = None, max_moves: int = 100_000) -> Any:
    """A whole game of computers (``seats``: player name → level or a ``Bot`` of one's own, in seating order);
    returns the final state."""
    rng = Rng.from_seed(seed ^ 0xB075)
    state = game.new_game(list(seats), seed=seed, options=dict(options or {}), setup=dict(setup or {}))
    for _ in range(max_moves):
        player = game.current_player(state)
        if player is None:
            return state
        seat = seats.get(player)
        if player == CHANCE:
            move = game.sample_chance(state)
        elif isinstance(seat, str):
            move = choose(game, state, seat, rng)
        else:
            move = seat(game, state, rng)
        state = game.apply(state, move)
    raise RuntimeError(f"{game.id}: no end after {max_moves} moves (seed {seed})")
