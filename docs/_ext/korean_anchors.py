"""Stable, readable anchors for Korean headings and glossary terms.

docutils and Sphinx make ids from ASCII only, so a Korean heading gets ``#id6`` and a glossary term
``#term-66``: numbers that change whenever a page gains a section, useless to a teacher who links to
one. Here a heading without an explicit label gets an id made from its title (``#수업-준비-체크리스트``)
and a term one made from the term (``#term-공성``). The numbered id stays as a second anchor, so links
already made keep working; rule-section labels (``#dominion-turn-buy``) are untouched.
"""
from __future__ import annotations

import re

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.domains import std
from sphinx.transforms import SphinxTransform
from sphinx.util.nodes import make_id as sphinx_make_id

_NOT_ID = re.compile(r"[^0-9a-z\uac00-\ud7a3]+")
_NUMBERED = re.compile(r"id\d+")


def slug(text: str) -> str:
    """Hangul, digits and Latin letters of ``text``, lower-cased, joined by hyphens."""
    return _NOT_ID.sub("-", text.lower()).strip("-")


def _unique(base: str, taken: dict) -> str:
    candidate, n = base, 2
    while candidate in taken:
        candidate, n = f"{base}-{n}", n + 1
    return candidate


def make_id(env, document, prefix="", term=None):  # signature of sphinx.util.nodes.make_id
    """Glossary terms get ``term-<the term>``; everything else as Sphinx does it."""
    if prefix == "term" and term and slug(term):
        return _unique(f"term-{slug(term)}", document.ids)
    return sphinx_make_id(env, document, prefix, term)


class TitleIds(SphinxTransform):
    """Give each section whose only id is numbered an id made from its title, first."""

    default_priority = 500

    def apply(self, **kwargs) -> None:
        for section in self.document.findall(nodes.section):
            ids = section["ids"]
            if not ids or not _NUMBERED.fullmatch(ids[0]) or not section.children:
                continue
            base = slug(section[0].astext())
            if base:
                new = _unique(base, self.document.ids)
                ids.insert(0, new)
                self.document.ids[new] = section


def setup(app: Sphinx) -> dict:
    std.make_id = make_id  # the name make_glossary_term calls
    app.add_transform(TitleIds)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "1"}
