"""Building blocks shared by every game's view; the CSS that styles them is ``views.css``.

Class names: ``rb-view`` (root), ``rb-zone`` (a titled group of cards), ``rb-card`` (a card tile;
``data-kind`` picks its colour: action, treasure, victory, curse, reaction, attack, civil, military,
land, army, building, leader, wonder, yellow-action, government, special, …; badges ``rb-cost`` and ``rb-count`` in its corners, ``rb-type`` under its
name), ``rb-token`` (a round token; ``data-colour`` yellow, blue, white or red, ``rb-spent`` hollow),
``rb-stat`` (a label and a number), ``rb-row`` (side-by-side blocks), ``rb-player`` (one player's
area; ``rb-active`` marks the one to act).

A block that shows something a scenario's ``setup:`` can set carries ``data-zone``: its path of keys into
that mapping (as JSON, e.g. ``["윤주", "hand"]``), so the workbench's board editor knows what a click edits.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from html import escape
from typing import Any

SetupPath = Sequence[str] | None  # a block's path into the scenario's set-up, or None for a block nothing sets


def zone_attr(edit: SetupPath) -> str:
    """The ``data-zone`` attribute (with its leading space) of a block showing the set-up at ``edit``."""
    if edit is None:
        return ""
    path = json.dumps(list(edit), ensure_ascii=False, separators=(",", ":"))
    return f' data-zone="{escape(path, quote=True)}"'


def card(name: str, kind: str = "", note: str = "", *, cost: Any = None, count: int | None = None,
         label: str = "", inner: str = "", edit: SetupPath = None, about: str = "") -> str:
    """A card tile: its name; ``cost`` in a round badge at the top left and ``count`` (×n) at the top
    right, so both read at a glance; ``label`` (its type) small under the name; ``note`` below, then
    ``inner`` (HTML built by a view, e.g. the tokens lying on the card). With ``about`` (the card's key in
    ``cards.words``), ``card-text.js`` shows the card's words on hover or tap."""
    badges = ""
    if cost is not None:
        badges += f'<span class="rb-cost" title="비용">{escape(str(cost))}</span>'
    if count is not None:
        badges += f'<span class="rb-count" title="장수">×{count}</span>'
    caption = f'<span class="rb-type">{escape(label)}</span>' if label else ""
    extra = f'<span class="rb-note">{escape(note)}</span>' if note else ""
    badged = " rb-badged" if badges else ""
    asked = f' data-card="{escape(about, quote=True)}"' if about else ""
    return (f'<span class="rb-card{badged}" data-kind="{escape(kind)}"{zone_attr(edit)}{asked}>{badges}{escape(name)}'
            f'{caption}{extra}{inner}</span>')


def zone(title: str, cards: Iterable[str], kind_of: Mapping[str, str] | None = None, empty: str = "없음",
         tile: Callable[[str], str] | None = None, edit: SetupPath = None) -> str:
    """A titled row of card tiles; ``kind_of`` maps a card name to its ``data-kind``, or ``tile`` draws one."""
    draw = tile or (lambda c: card(c, (kind_of or {}).get(c, "")))
    tiles = "".join(draw(c) for c in cards) or f'<span class="rb-empty">{escape(empty)}</span>'
    return (f'<div class="rb-zone"{zone_attr(edit)}><div class="rb-zone-title">{escape(title)}</div>'
            f'<div class="rb-cards">{tiles}</div></div>')


def tokens(colour: str, count: int, spent: int = 0, title: str = "", edit: SetupPath = None) -> str:
    """``count`` round tokens of a colour, then ``spent`` hollow ones (used this turn)."""
    one = f'<span class="rb-token" data-colour="{escape(colour)}"></span>'
    hollow = f'<span class="rb-token rb-spent" data-colour="{escape(colour)}"></span>'
    label = f' title="{escape(title)}" aria-label="{escape(title)}"' if title else ""
    return f'<span class="rb-tokens"{label}{zone_attr(edit)}>{one * count}{hollow * spent}</span>'


def stat(label: str, value: Any, edit: SetupPath = None) -> str:
    return (f'<span class="rb-stat"{zone_attr(edit)}><span class="rb-stat-label">{escape(label)}</span> '
            f'<b>{escape(str(value))}</b></span>')


def stats(pairs: Iterable[tuple[str, Any] | tuple[str, Any, SetupPath]]) -> str:
    """Stats side by side; a pair may name a third item, its set-up path."""
    return '<div class="rb-stats">' + "".join(stat(*pair) for pair in pairs) + "</div>"


def player(name: str, body: str, active: bool = False) -> str:
    cls = "rb-player rb-active" if active else "rb-player"
    return f'<section class="{cls}"><h4 class="rb-player-name">{escape(name)}</h4>{body}</section>'


def view(body: str) -> str:
    return f'<div class="rb-view">{body}</div>'


def generic_view(facts: Mapping[str, Any]) -> str:
    """A plain table of facts, for games without a view of their own."""
    rows = "".join(f"<tr><th>{escape(k)}</th><td>{escape(value_text(v))}</td></tr>" for k, v in facts.items())
    return view(f'<table class="rb-facts">{rows}</table>')


def value_text(value: Any) -> str:
    """A fact's value in short Korean: 예/아니오, "없음" for an empty list, "—" for nothing."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "예" if value else "아니오"
    if isinstance(value, (list, tuple)):
        return ", ".join(value_text(v) for v in value) or "없음"
    if isinstance(value, dict):
        return ", ".join(f"{k} {value_text(v)}" for k, v in value.items()) or "없음"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))  # a whole number kept as a float (Carta's scores) reads 2, not 2.0
    return str(value)
