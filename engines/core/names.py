"""Name lookup shared by every game: Korean and English names and aliases, case- and space-insensitive."""
from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable, Mapping

_SEPARATORS = re.compile(r"[\s\-_.·]+")
# Characters a reader cannot see or that break a line where none shows: format characters (zero widths,
# joiners, direction marks and overrides, the byte-order mark, tags), line and paragraph separators, Hangul
# fillers and variation selectors. Two names that differ only by them look the same on every screen.
INVISIBLE = re.compile("[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2028-\u202e"
                       "\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb\U0001d173-\U0001d17a"
                       "\U000e0000-\U000e0fff]")


def normalize(text: str) -> str:
    """The form names are compared in: compatibility-normalized (NFKC, so decomposed Hangul is the same name),
    case-folded, without invisible characters, spaces, hyphens, underscores or dots."""
    if not text.isascii():
        text = INVISIBLE.sub("", unicodedata.normalize("NFKC", text))
    return _SEPARATORS.sub("", text).casefold()


class NameIndex:
    """Maps every spelling of a name (canonical, English, aliases) to its canonical form."""

    def __init__(self, entries: Mapping[str, Iterable[str]] | None = None) -> None:
        self._canonical: dict[str, str] = {}
        self._exact: dict[str, str] = {}  # spellings as written → canonical: most look-ups need no normalizing
        self._spellings: dict[str, str] = {}  # normalized → the spelling as written, for suggestions
        self._longest = 1  # the most words (split at spaces, hyphens …) in any spelling
        for canonical, aliases in (entries or {}).items():
            self.add(canonical, *aliases)

    def add(self, canonical: str, *aliases: str) -> None:
        for spelling in (canonical, *aliases):
            key = normalize(spelling)
            if key:
                self._canonical.setdefault(key, canonical)
                self._exact.setdefault(spelling, self._canonical[key])
                self._spellings.setdefault(key, spelling)
                self._longest = max(self._longest, len(_SEPARATORS.split(spelling.strip())))

    def get(self, text: str) -> str | None:
        exact = self._exact.get(text)
        return exact if exact is not None else self._canonical.get(normalize(text))

    def __contains__(self, text: str) -> bool:
        return text in self._exact or normalize(text) in self._canonical

    def canonical_names(self) -> list[str]:
        return list(dict.fromkeys(self._canonical.values()))

    def written(self) -> dict[str, str]:
        """Every spelling as written (canonical, English, aliases) → its canonical name, for name pickers."""
        return dict(self._exact)

    def suggest(self, text: str, limit: int = 3) -> list[str]:
        """Canonical names whose spellings look like ``text`` (for "혹시 …?" hints), best first."""
        # Compared letter by letter, Hangul split into its jamo: 시잠 is one sound away from 시장.
        jamo = {unicodedata.normalize("NFD", k): k for k in self._canonical}
        key = unicodedata.normalize("NFD", normalize(text))
        close = difflib.get_close_matches(key, list(jamo), n=limit * 3, cutoff=0.6)
        ratio = {c: difflib.SequenceMatcher(None, key, c).ratio() for c in close}
        best = max(ratio.values(), default=0)
        near = [c for c in close if ratio[c] >= best - 0.05]  # only the look-alikes as good as the best
        return list(dict.fromkeys(self._canonical[jamo[c]] for c in near))[:limit]

    def join_tokens(self, tokens: list[str]) -> list[str]:
        """Group tokens into names greedily, longest match first ("천재 공학자" is one card).

        Tokens that start no known name stay as they are, so numbers and keywords pass through. A name
        spans at most as many tokens as the longest spelling, so the work grows linearly with the input.
        """
        out: list[str] = []
        i = 0
        while i < len(tokens):
            for j in range(min(len(tokens), i + self._longest), i, -1):
                name = self.get(" ".join(tokens[i:j]))
                if name is not None:
                    out.append(name)
                    i = j
                    break
            else:
                out.append(tokens[i])
                i += 1
        return out
