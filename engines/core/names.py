"""Name lookup shared by every game: Korean and English names and aliases, case- and space-insensitive."""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping


def normalize(text: str) -> str:
    """The form names are compared in: case-folded, without spaces, hyphens, underscores or dots."""
    return re.sub(r"[\s\-_.·]+", "", text).casefold()


class NameIndex:
    """Maps every spelling of a name (canonical, English, aliases) to its canonical form."""

    def __init__(self, entries: Mapping[str, Iterable[str]] | None = None) -> None:
        self._canonical: dict[str, str] = {}
        for canonical, aliases in (entries or {}).items():
            self.add(canonical, *aliases)

    def add(self, canonical: str, *aliases: str) -> None:
        for spelling in (canonical, *aliases):
            key = normalize(spelling)
            if key:
                self._canonical.setdefault(key, canonical)

    def get(self, text: str) -> str | None:
        return self._canonical.get(normalize(text))

    def __contains__(self, text: str) -> bool:
        return normalize(text) in self._canonical

    def join_tokens(self, tokens: list[str]) -> list[str]:
        """Group tokens into names greedily, longest match first ("천재 공학자" is one card).

        Tokens that start no known name stay as they are, so numbers and keywords pass through.
        """
        out: list[str] = []
        i = 0
        while i < len(tokens):
            for j in range(len(tokens), i, -1):
                name = self.get(" ".join(tokens[i:j]))
                if name is not None:
                    out.append(name)
                    i = j
                    break
            else:
                out.append(tokens[i])
                i += 1
        return out
