"""The rule-section index: id → Korean title → docs page → notebooks → scenarios.

The docs define the ids (a MyST label ``(id)=`` right above a heading); this module reads them from
``docs/`` and joins the notebooks and scenarios that name each id.
"""
from __future__ import annotations

import functools
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from engines.core import NameIndex

from .scenario import SCENARIO_DIR

ROOT = Path(__file__).resolve().parent.parent
PACKED_INDEX = Path(__file__).resolve().parent / "widgets" / "rule_index.json"
"""The rule index the docs build packs into the wheel (``tutor.widgets.common.write_rule_index``)."""
# tta15: the rules of Through the Ages' 2015 edition where they differ from the 2006 edition's (tta.)
PREFIXES = {"dominion": "dominion", "carta": "carta_impera_victoria", "tta": "through_the_ages",
            "tta15": "through_the_ages", "hotw": "history_of_the_world"}
RULE_ID = r"(?:dominion|carta|tta15|tta|hotw)(?:\.[a-z0-9][a-z0-9\-]*)+"
_LABEL = re.compile(rf"^\(({RULE_ID})\)=\s*$")
_HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*$")
_CITED = re.compile(rf"(?<![\w.\-]){RULE_ID}(?![\w\-]|\.[a-z0-9])")


@dataclass
class Section:
    id: str
    title: str
    page: str  # Sphinx docname, e.g. "dominion/rules"
    line: int
    notebooks: list[str] = field(default_factory=list)  # paths relative to the repository
    scenarios: list[str] = field(default_factory=list)

    @property
    def game(self) -> str:
        return PREFIXES[self.id.split(".")[0]]


def docs_dir() -> Path:
    return Path(os.environ.get("TUTOR_DOCS", ROOT / "docs"))


def notebooks_dir() -> Path:
    return Path(os.environ.get("TUTOR_NOTEBOOKS", ROOT / "notebooks"))


def defined_sections(docs: Path | None = None) -> dict[str, Section]:
    """Every rule id labelled in the docs, with the heading it labels."""
    docs = docs or docs_dir()
    sections: dict[str, Section] = {}
    for page in sorted(docs.rglob("*.md")):
        if "_build" in page.parts or page.is_relative_to(docs / "notebooks"):
            continue
        lines = page.read_text(encoding="utf-8").splitlines()
        for i, text in enumerate(lines):
            label = _LABEL.match(text.strip())
            if not label:
                continue
            title = next((h.group(1) for h in map(_HEADING.match, lines[i + 1:i + 4]) if h), label.group(1))
            title = title.replace("`", "")  # a title is shown as text: inline code marks would show raw
            docname = page.relative_to(docs).with_suffix("").as_posix()
            sections[label.group(1)] = Section(label.group(1), title, docname, i + 1)
    return sections


def unknown_rules(rules: list[str], docs: Path | None = None) -> dict[str, list[str]]:
    """The ids in ``rules`` that the docs do not define, each with look-alike ids that they do define.

    Without a docs folder (an installed package, the browser) the rule index the docs build packed beside
    the widgets decides; without either, nothing can be checked and nothing is reported.
    """
    docs = docs or docs_dir()
    if docs.is_dir():
        defined = _defined_ids(docs)
    elif PACKED_INDEX.is_file():
        defined = frozenset(json.loads(PACKED_INDEX.read_text(encoding="utf-8")))
    else:
        return {}
    index = NameIndex({rule: () for rule in defined})
    return {rule: index.suggest(rule) for rule in rules if rule not in defined}


@functools.cache
def _defined_ids(docs: Path) -> frozenset[str]:
    return frozenset(defined_sections(docs))


def load_index(docs: Path | None = None) -> dict[str, Section]:
    sections = defined_sections(docs)
    for path in sorted(notebooks_dir().rglob("*.ipynb")):
        if ".ipynb_checkpoints" in path.parts:
            continue
        for rule in sorted(set(cited_in_notebook(path))):
            if rule in sections:
                sections[rule].notebooks.append(_relative(path))
    for path, rules in scenario_rules().items():
        for rule in rules:
            if rule in sections:
                sections[rule].scenarios.append(_relative(path))
    return sections


def scenario_rules() -> dict[Path, list[str]]:
    """The ``rules:`` list of every built-in scenario (files that do not parse are skipped here)."""
    out: dict[Path, list[str]] = {}
    for path in sorted(SCENARIO_DIR.glob("*/*.yaml")):
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except yaml.YAMLError:
            continue
        if isinstance(data, dict) and isinstance(data.get("rules"), list):
            out[path] = [str(r) for r in data["rules"]]
    return out


def cited_in_notebook(path: Path) -> list[str]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return [m for cell in nb.get("cells", []) for m in _CITED.findall("".join(cell.get("source", "")))]


def cited_in_text(text: str) -> list[str]:
    """Rule ids quoted as whole string literals in source or data (``"dominion.turn.buy"``)."""
    return re.findall(rf"""["']({RULE_ID})["']""", text) + re.findall(rf"^\s*rule:\s*({RULE_ID})\s*$", text, re.M)


def _relative(path: Path) -> str:
    try:
        return path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return path.as_posix()
