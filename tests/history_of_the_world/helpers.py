"""Small helpers to start HotW games from a set-up and play a list of moves."""
from __future__ import annotations

from typing import Any

from engines.history_of_the_world import GAME
from engines.history_of_the_world.state import HotwState

PLAYERS = ["윤주", "민호", "서연"]
BASE = {"last_epoch": 1, "scores": {"윤주": 3, "민호": 2, "서연": 1},
        "deal": {"윤주": {"empire": "강가부족"}, "민호": {"empire": "언덕부족"}, "서연": {"empire": "옥산왕조"}}}


def start(players: list[str] | None = None, options: dict[str, Any] | None = None, **setup: Any) -> HotwState:
    return GAME.new_game(players or PLAYERS, seed=5, options=options, setup={**BASE, **setup})


def play(state: HotwState, *moves: str) -> HotwState:
    for move in moves:
        state = GAME.apply(state, move)
    return state


def fact(state: HotwState, name: str) -> Any:
    return GAME.observe(state)[name]
