"""History of the World (2018 edition) for 3–6 players; the map and the cards are data (see world.py)."""
from .game import GAME, HistoryOfTheWorld

__all__ = ["GAME", "HistoryOfTheWorld"]
