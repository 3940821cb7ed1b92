"""Moves as small value objects with a text notation that round-trips: ``Move.parse(str(m)) == m``."""
from __future__ import annotations

import shlex
from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Move:
    """A verb and its arguments, e.g. ``play 마을`` or ``upgrade 청동 철``.

    Arguments holding a space are quoted in the text form (``action "천재 공학자"``); a game's own
    parser also accepts them unquoted, because it knows its card names.
    """

    verb: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join([self.verb, *(_quote(a) for a in self.args)])

    @classmethod
    def parse(cls, text: str) -> Move:
        """Split notation into a lower-case verb and raw arguments; raises ValueError if empty or unbalanced."""
        tokens = tokenize(text)
        if not tokens:
            raise ValueError("빈 입력입니다.")
        return cls(tokens[0].casefold(), tuple(tokens[1:]))


def tokenize(text: str) -> list[str]:
    """Whitespace-separated tokens; double or single quotes keep a multi-word name together."""
    lexer = shlex.shlex(text.strip(), posix=True)
    lexer.whitespace_split = True
    lexer.commenters = ""
    return list(lexer)


def _quote(arg: str) -> str:
    if arg and not any(c.isspace() or c in "\"'\\" for c in arg):
        return arg
    return '"' + arg.replace("\\", "\\\\").replace('"', '\\"') + '"'
