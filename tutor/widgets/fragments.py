"""A compact form for a series of HTML views that differ little from one to the next.

A ScenarioPlayer shows one rendered view per step, and most of each view is the same as the one
before. Sending every view in full made a docs page with forty players weigh 4 MB. Here each view is
cut into fragments at element boundaries (a card tile, a player's board, a map line); the distinct
fragments are kept once, in a table, and each view is a list of indices into it, sent as the changes
from the view before (``player.js`` puts them back together). On a docs page, the fragments of all
the page's widgets share one table (``docs/_ext/inline_widgets.py``).
"""
from __future__ import annotations

import re
from difflib import SequenceMatcher

# A fragment starts at each of these opening tags: the units a move changes one at a time.
_CUT = re.compile(r'(?=<(?:div|section|table|tr|ul|li|details|h4|svg|g|line|circle|rect|ellipse|path|text)\b'
                  r'|<span class="rb-(?:card|stat|tokens)\b)')

Patch = list[int]
"""``[at, removed, i1, i2, …]``: remove ``removed`` indices at ``at`` and put ``i1, i2, …`` there."""


def split(html: str) -> list[str]:
    """``html`` cut before each element a step may change alone; the pieces join back into ``html``."""
    return [piece for piece in _CUT.split(html) if piece]


def encode(views: list[str]) -> tuple[list[str], list[list[int] | list[Patch]]]:
    """(fragments, encoded views): the first view as fragment indices, each later one as the patches
    that turn the view before it into it, applied in order."""
    table: dict[str, int] = {}
    indices = [[table.setdefault(piece, len(table)) for piece in split(view)] for view in views]
    encoded: list[list[int] | list[Patch]] = indices[:1]
    for before, after in zip(indices, indices[1:]):
        encoded.append(patches(before, after))
    return list(table), encoded


def patches(before: list[int], after: list[int]) -> list[Patch]:
    """Splices that turn ``before`` into ``after`` when applied from first to last (each ``at`` counts
    in the list as the splices before it have left it)."""
    matcher = SequenceMatcher(None, before, after, autojunk=False)
    return [[j1, i2 - i1, *after[j1:j2]] for tag, i1, i2, j1, j2 in matcher.get_opcodes() if tag != "equal"]


def decode(fragments: list[str], encoded: list[list[int] | list[Patch]]) -> list[str]:
    """The views back from ``encode``: what ``player.js`` does, kept here for the tests."""
    views: list[str] = []
    current: list[int] = []
    for n, item in enumerate(encoded):
        if n == 0:
            current = list(item)  # type: ignore[arg-type]
        else:
            for at, removed, *put in item:  # type: ignore[misc]
                current[at:at + removed] = put
        views.append("".join(fragments[i] for i in current))
    return views
