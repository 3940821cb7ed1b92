"""HTML views of game states, one module per game (``tutor.views.<game_id>``).

A game's module has ``render(game, state)``, and the Korean labels of its observable facts: ``FACTS``
(fact name → label) and ``VALUES`` (fact name → {English value → Korean}). Scenario files keep the
English keys; what a reader sees uses the labels (``fact_text``).
"""
from __future__ import annotations

import re

from types import ModuleType
from typing import Any

from engines.core import Game

from ..optional import optional_module
from .common import generic_view, value_text


def _module(game: Game) -> ModuleType | None:
    return optional_module(f"{__name__}.{game.id}")


_ZONE_MARK = re.compile(r' data-zone="[^"]*"')  # the value is escaped: it holds no '"'


def render(game: Game, state: Any, viewer: str | None = None, zones: bool = False) -> str:
    """The game's own view if it has one, else a table of its observable facts. With a ``viewer`` (a
    player at a practice table), the other players' hidden cards are drawn face down: counted, not named.
    With ``zones``, each block a scenario's ``setup:`` can set keeps its ``data-zone`` path (the workbench's
    board editor clicks them); elsewhere they are left out, so the rules pages carry no weight for them."""
    module = _module(game)
    if module is None:
        return generic_view(game.observe(state))
    html = module.render(game, state) if viewer is None else module.render(game, state, viewer)
    return html if zones else _ZONE_MARK.sub("", html)


def turn_word(game: Game) -> str:
    """The game's word for a player's turn, as its glossary says (턴 in Dominion and Through the Ages,
    차례 in the others): the label its view gives the ``turn`` fact."""
    return getattr(_module(game), "FACTS", {}).get("turn", "차례")


def fact_text(game: Game, key: str, value: Any) -> tuple[str, str]:
    """A fact as a reader sees it: ``("윤주 카드 위 군대", "3")`` for ``("윤주.armies_left", 3)``.

    Fact names become their Korean labels (a label may name two parts, as ``auction.leader``) and English
    values their Korean words; players, cards and lands in the key stay as they are. A game without
    labels shows its keys unchanged.
    """
    module = _module(game)
    labels: dict[str, str] = getattr(module, "FACTS", {})
    values: dict[str, dict[str, str]] = getattr(module, "VALUES", {})
    parts = key.split(".")
    fact = next((p for p in reversed(parts) if p in labels), "")
    words_of_key = []
    while parts:
        pair = ".".join(parts[:2])
        taken = 2 if len(parts) > 1 and pair in labels else 1
        words_of_key.append(labels.get(".".join(parts[:taken]), parts[0]))
        parts = parts[taken:]
    words = values.get(fact, {})

    def word(v: Any) -> Any:
        return words.get(v, v) if isinstance(v, str) or v is None else v  # None may have a word ("가운데")

    shown = [word(v) for v in value] if isinstance(value, list) else word(value)
    return (" ".join(words_of_key) if labels else key), value_text(shown)
