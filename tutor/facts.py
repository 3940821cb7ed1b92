"""The facts a scenario's ``check:`` names, found as writers write them.

A fact is named by its English key (``윤주.coins``) or by its Korean label as the views show it (``윤주.코인``,
``윤주 코인``); aliases of cards and lands resolve in every part. A key the game no longer has gets what it
became (the game's ``renamed_facts``); any other unknown key gets the nearest facts by their labels. A fact the
game lists in ``optional_facts`` (a pact's role once the pact is cancelled) may be checked absent with ``null``.
"""
from __future__ import annotations

from typing import Any

from engines.core import Game, NameIndex, normalize

from .schema import suggestion
from .views import fact_text
from .yamlsource import shown

PLACEHOLDER = "<"  # a part of a renamed fact's pattern that stands for any one part: deck_left.<시대>


class FactIndex:
    """The facts of one position, looked up by key or label. Labels are built only when a key is not found
    (checks mostly use the English keys)."""

    def __init__(self, game: Game, facts: dict[str, Any], names: NameIndex, players: list[str]) -> None:
        self.game, self.facts, self.names, self.players = game, facts, names, players
        self._by_key = {_key(k, names): k for k in facts}
        self._labels: dict[str, list[str]] | None = None

    def find(self, written: str) -> str | None:
        """The fact ``written`` names (its key in ``facts``); None when it names none or several."""
        found = self._by_key.get(_key(written, self.names))
        if found is not None:
            return found
        matches = self._label_matches(written)
        return matches[0] if len(matches) == 1 else None

    def absent(self, written: str) -> str | None:
        """The key ``written`` names if it is a fact the game may leave out (``optional_facts``) with players and
        names for its other parts, else None."""
        optional = {normalize(spelling): fact for fact in self.game.optional_facts
                    for spelling in (fact, self._label(fact))}
        parts, fact = [], None
        for part in written.split("."):
            if fact is None and normalize(part) in optional:
                fact = optional[normalize(part)]
                parts.append(fact)
                continue
            known = self._player(part) or self.names.get(part)
            if known is None:
                return None
            parts.append(known)
        return ".".join(parts) if fact is not None and len(parts) > 1 else None

    def problem(self, written: str) -> str:
        """Why ``written`` is no fact here, in Korean: several facts share that label, the fact was renamed,
        or the nearest facts."""
        matches = self._label_matches(written)
        if len(matches) > 1:
            return (f"여러 사실이 같이 쓰는 이름입니다: '{shown(written)}' → "
                    f"{', '.join(self._named(k) for k in matches)}. 영어 키로 적으세요.")
        renamed = self._renamed(written)
        if renamed:
            return f"이름이 바뀐 사실입니다: '{shown(written)}' → 이제 {' 또는 '.join(renamed)}."
        index = NameIndex()
        for key in self.facts:
            index.add(self._named(key), key, self._label(key))
        return f"이 게임의 관찰 사실이 아닙니다: '{shown(written)}'.{suggestion(index, written)} " \
               f"(사실 목록: 규칙 참고서의 '관찰할 수 있는 사실' 쪽)"

    def _renamed(self, written: str) -> list[str]:
        """What a fact the game renamed is called now (``renamed_facts``), the pattern of the same length
        first, with the written parts in place of its placeholders."""
        parts = written.split(".")
        player = self._player(parts[0]) if len(parts) > 1 else None
        if player is not None:
            parts = parts[1:]
        found = []
        for old, new in self.game.renamed_facts.items():
            pattern = old.split(".")
            if normalize(pattern[0]) != normalize(parts[0]):
                continue
            exact = len(pattern) == len(parts) and all(
                p.startswith(PLACEHOLDER) or normalize(p) == normalize(w) for p, w in zip(pattern, parts))
            filled = iter(w for p, w in zip(pattern, parts) if p.startswith(PLACEHOLDER)) if exact else iter(())
            now = ".".join(next(filled, p) if p.startswith(PLACEHOLDER) else p for p in new.split("."))
            now = f"{player}.{now}" if player else now
            label = fact_text(self.game, now, None)[0]
            found.insert(0 if exact else len(found), f"{now}({label})" if label != now else now)
        return found

    def _label_matches(self, written: str) -> list[str]:
        if self._labels is None:
            self._labels = {}
            for key in self.facts:
                self._labels.setdefault(normalize(self._label(key)), []).append(key)
        spellings = {normalize(written), normalize(".".join(self.names.get(p) or p for p in written.split(".")))}
        spellings.add(normalize(" ".join(self.names.join_tokens(written.replace(".", " ").split()))))
        return list(dict.fromkeys(k for s in spellings for k in self._labels.get(s, [])))

    def _label(self, key: str) -> str:
        return fact_text(self.game, key, None)[0]

    def _named(self, key: str) -> str:
        """A fact as a writer may name it: its label with its key beside it, ``윤주 코인(윤주.coins)``."""
        label = self._label(key)
        return key if label == key else f"{label}({key})"

    def _player(self, text: str) -> str | None:
        return next((p for p in self.players if normalize(p) == normalize(text)), None)


def _key(key: str, names: NameIndex) -> str:
    return ".".join(normalize(names.get(part) or part) for part in str(key).split("."))

