"""Where each rule section comes from: the rulebook and its lines, a card's text, a reference file, or
our reading.

One YAML file per game (``<game>.yaml`` beside this module) maps every rule id the docs define to a list
of citations. A citation is one of:

- ``{seed: <file>, lines: [from, to], about: [words], at: <Korean place>}`` — the rulebook's text in
  ``../shared/seeds/<file>`` (1-based, inclusive lines); ``about`` are 1–3 words of those lines that name
  the section's subject; ``at`` names the place for a reader (shown as 「<book>, ‘<at>’」);
- the same with ``card: <name as the rulebook spells it>`` instead of ``at`` — a card's text or note;
- ``{reference: <file>, lines, about, at}`` — a fact file in ``../shared/reference/`` (card lists gathered
  from public sources), never called the rulebook and never quoted on the site;
- ``{reading: <Korean reason>}`` — the section is our reading of a point the rulebook leaves open;
- ``{ours: <Korean reason>}`` — the section describes this site's tools (notation, facts, options), not a
  rule.

The seeds are texts extracted from printed rulebooks and are not part of the repository: the tests check each
cited place against them; the site names the place and never copies their sentences.
"""
from __future__ import annotations

import functools
import os
from dataclasses import dataclass
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
SHARED = Path(os.environ.get("TUTOR_SHARED", ROOT.parent / "shared"))
SEEDS = SHARED / "seeds"
REFERENCE = SHARED / "reference"

BOOKS = {
    "000_9680d37650e49187.txt": "2006년판 규칙서",
    "003_15de5d11b5b6caba.txt": "2015년판 턴 요약·용어집",
    "001_ce4b6dbce78c906a.txt": "카르타 임페라 빅토리아 규칙서",
    "002_f1e1fa69521225c9.txt": "도미니언 규칙서",
    "004_cf092f2e37c203b3.txt": "세계의 역사 규칙서",
}
"""Each seed file as a reader names it (on a Through the Ages page the edition is enough)."""
BOOK_GAMES = {"000_9680d37650e49187.txt": "쓰루 디 에이지스", "003_15de5d11b5b6caba.txt": "쓰루 디 에이지스",
              "001_ce4b6dbce78c906a.txt": "카르타 임페라 빅토리아", "002_f1e1fa69521225c9.txt": "도미니언",
              "004_cf092f2e37c203b3.txt": "세계의 역사"}

REFERENCES = {
    "dominion-cards.md": "도미니언 카드 목록(공개 자료에서 모은 사실)",
    "history-of-the-world.md": "세계의 역사 자료 메모(공개 자료에서 모은 사실)",
    "through-the-ages-2015/cards-and-tables.json": "2015년판 카드와 표(공개 자료에서 모은 사실)",
    "through-the-ages-2006/CivilNonAction.csv": "2006년판 시민 카드 표(공개 자료에서 모은 사실)",
    "through-the-ages-2006/CivilAction.csv": "2006년판 행동 카드 표(공개 자료에서 모은 사실)",
}
"""Each reference file as a reader names it: gathered facts, not the rulebook."""

KINDS = ("rulebook", "card", "reference", "reading", "ours")


@dataclass(frozen=True)
class Citation:
    kind: str  # one of KINDS
    text: str  # the place (「…」 without 출처:) or, for reading/ours, the reason
    file: str | None = None  # seed or reference file name
    lines: tuple[int, int] | None = None
    about: tuple[str, ...] = ()

    @property
    def path(self) -> Path | None:
        if self.file is None:
            return None
        return (REFERENCE if self.kind == "reference" else SEEDS) / self.file

    def words(self) -> list[str] | None:
        """The cited lines, or None when the file is not on this machine (or too short)."""
        path = self.path
        if path is None or self.lines is None or not path.is_file():
            return None
        lines = _read(path)
        start, end = self.lines
        if not 1 <= start <= end <= len(lines):
            return None
        return lines[start - 1:end]


@functools.cache
def _read(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def citation(entry: dict) -> Citation:
    """One YAML entry as a Citation (KeyError or ValueError when it is malformed)."""
    if "reading" in entry:
        return Citation("reading", str(entry["reading"]))
    if "ours" in entry:
        return Citation("ours", str(entry["ours"]))
    lines = tuple(entry["lines"])
    if len(lines) != 2 or not all(isinstance(n, int) for n in lines):
        raise ValueError(f"lines must be [from, to]: {entry}")
    about = tuple(str(w) for w in entry["about"])
    if "reference" in entry:
        file = str(entry["reference"])
        return Citation("reference", f"참고 자료 {REFERENCES[file]}, {_quoted(entry['at'])}", file, lines, about)
    file = str(entry["seed"])
    if "card" in entry:
        return Citation("card", f"{BOOKS[file]}, 카드 설명 ‘{entry['card']}’", file, lines, about)
    return Citation("rulebook", f"{BOOKS[file]}, {_quoted(entry['at'])}", file, lines, about)


def _quoted(place: str) -> str:
    """‘place’, unless the place already quotes a heading (6. 첫 라운드의 ‘카드 열’)."""
    return place if "‘" in place else f"‘{place}’"


@functools.cache
def load_sources() -> dict[str, tuple[Citation, ...]]:
    """rule id → its citations, from every ``<game>.yaml`` beside this module."""
    out: dict[str, tuple[Citation, ...]] = {}
    for path in sorted(HERE.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        for rule, entries in data.items():
            if rule in out:
                raise ValueError(f"{rule} has sources in two files")
            out[rule] = tuple(citation(e) for e in entries)
    return out


def source_files() -> list[Path]:
    return sorted(HERE.glob("*.yaml"))


def squeeze(text: str) -> str:
    """Text without any white space: the extraction breaks lines (and words) anywhere."""
    return "".join(text.split())


def mentions(lines: list[str], word: str) -> bool:
    return squeeze(word) in squeeze("".join(lines))
