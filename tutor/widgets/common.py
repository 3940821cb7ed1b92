"""What both widgets share: rule links into the docs, the shared view CSS."""
from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

from ..rules import PACKED_INDEX

VIEWS_CSS = Path(__file__).resolve().parent.parent / "views" / "views.css"

DOCS_URL = "http://127.0.0.1:8000/"
"""Where rule links point outside the docs site: the site served by ``tutor docs``."""


def anchor(rule_id: str) -> str:
    """The HTML id Sphinx gives a MyST label (docutils' make_id for ASCII ids)."""
    return re.sub(r"[^a-z0-9]+", "-", rule_id.lower()).strip("-")


RULE_INDEX = PACKED_INDEX
"""id → {title, page, game}, written by the docs build into the wheel (git-ignored): rule links for a
kernel that has no docs sources beside it (JupyterLite)."""


@lru_cache(maxsize=1)
def _sections() -> dict[str, dict[str, str]]:
    from tutor.rules import defined_sections

    sections = {rule_id: {"title": s.title, "page": s.page, "game": s.game}
                for rule_id, s in defined_sections().items()}
    if not sections and RULE_INDEX.is_file():
        sections = json.loads(RULE_INDEX.read_text(encoding="utf-8"))
    return sections  # empty without either: links then show the plain id


def write_rule_index() -> None:
    RULE_INDEX.write_text(json.dumps(_sections(), ensure_ascii=False, sort_keys=True), encoding="utf-8")


def rule_links(rule_ids: set[str]) -> dict[str, dict[str, str]]:
    """id → {title, href}; href is relative to the docs root (``dominion/rules.html#dominion-turn-buy``)."""
    sections = _sections()
    links = {}
    for rule_id in sorted(rule_ids):
        section = sections.get(rule_id)
        if section is not None:
            links[rule_id] = {"title": section["title"], "href": f"{section['page']}.html#{anchor(rule_id)}"}
    return links


def game_rule_links(game_id: str) -> dict[str, dict[str, str]]:
    """``rule_links`` of every section of one game (a Sandbox may cite any of them)."""
    return rule_links({rule_id for rule_id, section in _sections().items() if section["game"] == game_id})


def widget_css(name: str) -> str:
    """A widget's styles: the views' CSS, the box all widgets share (common.css), then the widget's own file."""
    here = Path(__file__).resolve().parent
    return "\n".join([views_css(), (here / "common.css").read_text(encoding="utf-8"),
                       (here / name).read_text(encoding="utf-8")])


def esm(name: str) -> str:
    """A widget's front-end module: the shared helpers (common.js) followed by the widget's own file."""
    here = Path(__file__).resolve().parent
    return (here / "common.js").read_text(encoding="utf-8") + "\n" + (here / name).read_text(encoding="utf-8")


def views_css() -> str:
    return VIEWS_CSS.read_text(encoding="utf-8")
