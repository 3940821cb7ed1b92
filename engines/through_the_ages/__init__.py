"""Through the Ages (쓰루 디 에이지스), 2006 edition: the simple game now, designed for all three modes."""
from .game import GAME, ThroughTheAges

__all__ = ["GAME", "ThroughTheAges"]
