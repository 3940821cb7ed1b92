"""What all games share: the protocol, moves, errors, the seeded PRNG, serialisation and the registry."""
from .choices import MOST_LISTED, Choice
from .errors import (CORE_ERROR_CODES, NOTATION_CODES, BadNotation, BadSetup, GameOver, IllegalMove, RulesError,
                     UnknownCard, WrongPhase, WrongPlayer, passes)
from .moves import Move
from .names import NameIndex, normalize
from .protocol import CHANCE, BaseState, Game, Option, Verb
from .registry import GAMES, UnknownGame, get_game, register, resolve
from .rng import Rng
from .serial import clone, from_json, to_json

__all__ = [
    "CHANCE", "CORE_ERROR_CODES", "MOST_LISTED", "Choice", "GAMES", "BadNotation", "BadSetup", "BaseState", "Game", "GameOver",
    "IllegalMove", "Move", "NOTATION_CODES", "NameIndex", "Option", "Rng", "RulesError", "UnknownCard", "UnknownGame",
    "Verb", "WrongPhase", "WrongPlayer", "clone", "from_json", "get_game", "normalize", "passes", "register",
    "resolve", "to_json",
]
