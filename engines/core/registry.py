"""The games by id, with their Korean names and aliases; engines are imported only when asked for."""
from __future__ import annotations

import importlib
from dataclasses import dataclass

from .names import NameIndex
from .protocol import Game


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    aliases: tuple[str, ...]
    module: str  # the module that defines GAME


GAMES: tuple[GameInfo, ...] = (
    GameInfo("dominion", "도미니언", ("Dominion",), "engines.dominion"),
    GameInfo("carta_impera_victoria", "카르타 임페라 빅토리아",
             ("Carta Impera Victoria", "카르타", "CIV"), "engines.carta_impera_victoria"),
    GameInfo("through_the_ages", "쓰루 디 에이지스",
             ("Through the Ages", "스루 디 에이지스", "TtA", "쓰루디에이지"), "engines.through_the_ages"),
    GameInfo("history_of_the_world", "세계의 역사",
             ("History of the World", "HotW", "히스토리 오브 더 월드"), "engines.history_of_the_world"),
)

_extra: dict[str, Game] = {}


class UnknownGame(LookupError):
    def __init__(self, name: str, reason: str) -> None:
        super().__init__(reason)
        self.name = name
        self.message = reason


def register(game: Game, *aliases: str) -> None:
    """Make a game available by id and aliases (used for the test fixture game)."""
    _extra[game.id] = game
    _aliases.add(game.id, game.title, *aliases)


def _build_aliases() -> NameIndex:
    index = NameIndex()
    for info in GAMES:
        index.add(info.id, info.title, *info.aliases)
    return index


_aliases = _build_aliases()


def resolve(name: str) -> str:
    """The game id for an id, Korean name or alias."""
    game_id = _aliases.get(name)
    if game_id is None:
        known = ", ".join(info.id for info in GAMES)
        raise UnknownGame(name, f"알 수 없는 게임 '{name}' (가능한 게임: {known})")
    return game_id


def get_game(name: str) -> Game:
    game_id = resolve(name)
    if game_id in _extra:
        return _extra[game_id]
    info = next(info for info in GAMES if info.id == game_id)
    try:
        module = importlib.import_module(info.module)
    except ModuleNotFoundError as exc:
        if exc.name != info.module:
            raise
        raise UnknownGame(name, f"{info.title} 엔진은 아직 준비되지 않았습니다.") from None
    return module.GAME
