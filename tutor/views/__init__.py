"""HTML views of game states, one module per game (``tutor.views.<game_id>.render``)."""
from __future__ import annotations

import importlib
from typing import Any

from engines.core import Game

from .common import generic_view


def render(game: Game, state: Any) -> str:
    """The game's own view if it has one, else a table of its observable facts."""
    try:
        module = importlib.import_module(f"{__name__}.{game.id}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{game.id}":
            raise
        return generic_view(game.observe(state))
    return module.render(game, state)
