"""Helpers shared by the Dominion tests."""
from typing import Any

from engines.dominion import GAME
from engines.dominion.cards import FIRST_GAME, KINGDOM


def new_game(players: list[str], seed: int = 0, options: dict | None = None, **setup: Any):
    """A game whose kingdom holds every kingdom card the set-up places, topped up from the first game's."""
    placed = {GAME._card(c) for key, zones in setup.items() if isinstance(zones, dict) and key != "supply"
              for cards in zones.values() for c in cards} | {GAME._card(c) for c in setup.get("trash", [])}
    used = [c for c in placed if c in KINGDOM]
    if used and "kingdom" not in setup:
        setup["kingdom"] = used + [c for c in FIRST_GAME if c not in used][:10 - len(used)]
    return GAME.new_game(players, seed=seed, options=options, setup=setup)
