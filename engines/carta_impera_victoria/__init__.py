"""Carta Impera Victoria (카르타 임페라 빅토리아): 2–4 players, basic or draft set-up, and the 4-player team game."""
from .game import GAME, CartaImperaVictoria
from .state import CartaState

__all__ = ["GAME", "CartaImperaVictoria", "CartaState"]
