"""What both widgets share: rule links into the docs, the shared view CSS."""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

VIEWS_CSS = Path(__file__).resolve().parent.parent / "views" / "views.css"

DOCS_URL = "http://127.0.0.1:8000/"
"""Where rule links point outside the docs site: the site served by ``tutor docs``."""


def anchor(rule_id: str) -> str:
    """The HTML id Sphinx gives a MyST label (docutils' make_id for ASCII ids)."""
    return re.sub(r"[^a-z0-9]+", "-", rule_id.lower()).strip("-")


@lru_cache(maxsize=1)
def _sections() -> dict[str, Any]:
    from tutor.rules import defined_sections

    return defined_sections()  # empty without the docs sources: links then show the plain id


def rule_links(rule_ids: set[str]) -> dict[str, dict[str, str]]:
    """id → {title, href}; href is relative to the docs root (``dominion/rules.html#dominion-turn-buy``)."""
    sections = _sections()
    links = {}
    for rule_id in sorted(rule_ids):
        section = sections.get(rule_id)
        if section is not None:
            links[rule_id] = {"title": section.title, "href": f"{section.page}.html#{anchor(rule_id)}"}
    return links


def views_css() -> str:
    return VIEWS_CSS.read_text(encoding="utf-8")
