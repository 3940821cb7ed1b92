"""Dominion, the base game: 2nd-edition kingdom cards plus the six 1st-edition ones the rulebook explains."""
from .game import GAME, Dominion

__all__ = ["GAME", "Dominion"]
