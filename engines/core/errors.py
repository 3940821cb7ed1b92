"""The error hierarchy every engine raises when it rejects a move.

A rejected move never changes the state it was tried on (see ``Game.apply``), and validating a move
gives exactly the error that applying it would.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any


class RulesError(ValueError):
    """A move the rules do not allow: a code, a Korean message and the rule section it breaks."""

    default_code = "illegal-move"

    def __init__(self, message: str, *, rule: str, code: str | None = None, move: Any = None) -> None:
        # no super().__init__: BaseException.__new__ has already set ``args`` to (message,), and legal_moves
        # builds one of these for every candidate move it rejects
        self.message = message
        self.rule = rule
        self.code = code or self.default_code
        self.move = move

    def __str__(self) -> str:
        return f"{self.message} [{self.rule}]"

    def to_json(self) -> dict[str, str | None]:
        return {
            "code": self.code,
            "message": self.message,
            "rule": self.rule,
            "move": None if self.move is None else str(self.move),
        }


class IllegalMove(RulesError):
    """The move is well formed but the rules forbid it now."""


class WrongPlayer(RulesError):
    """Someone other than the player to act tried to move."""

    default_code = "wrong-player"


class WrongPhase(RulesError):
    """The move belongs to another phase of the turn or of the game."""

    default_code = "wrong-phase"


class UnknownCard(RulesError):
    """A name that is no card, land or player of this game."""

    default_code = "unknown-card"


class BadNotation(RulesError):
    """Text that is not a move of this game's notation."""

    default_code = "bad-notation"


class GameOver(RulesError):
    """The game has ended: nobody may move."""

    default_code = "game-over"


class BadSetup(RulesError):
    """A set-up, variant or player list the game cannot start from."""

    default_code = "bad-setup"


# Codes the core raises itself, for every game; each game adds its own in ``Game.error_codes``.
CORE_ERROR_CODES: dict[str, str] = {
    "illegal-move": "규칙상 지금 할 수 없는 행동입니다.",
    "wrong-player": "지금 행동할 차례가 아닌 플레이어입니다.",
    "wrong-phase": "지금 단계에서는 할 수 없는 행동입니다.",
    "unknown-card": "이 게임에 없는 카드·장소·플레이어 이름입니다.",
    "bad-notation": "행동 표기법에 맞지 않는 입력입니다.",
    "game-over": "게임이 이미 끝났습니다.",
    "bad-setup": "게임을 시작할 수 없는 준비 설정(플레이어 수, 변형 규칙, 준비 내용)입니다.",
    "unknown-option": "이 게임에 없는 옵션 이름입니다.",
    "bad-option-value": "옵션이 가질 수 없는 값입니다.",
}

# The codes of text that is not a move (a bad notation, a name the game does not know): only typing reaches them,
# so only they may teach the notation with an example. Every other refusal states the rule in its own words.
NOTATION_CODES = frozenset({"bad-notation", "unknown-card"})


def passes(check: Callable[..., object], *args: Any) -> bool:
    """Whether ``check`` (a rule check an action runs before changing anything) lets ``args`` pass."""
    try:
        check(*args)
    except RulesError:
        return False
    return True
