"""Each rule section's source, shown under its heading: 「출처: 2006년판 규칙서, ‘정치 단계’ (원문 보기)」.

The sources are data (``tutor/sources/<game>.yaml``, see ``tutor.sources``). When the rulebook texts
(``../shared/seeds``) are on the building machine, the line opens into the cited lines of the rulebook,
escaped, so a reader who doubts a sentence finds the rulebook's own words in one step; without them the
line names the place only. Reference files are named, never quoted (their texts are not ours to publish).
The caveat about the extracted texts lives on the sources page (``sources.md``), not under each heading.
"""
from __future__ import annotations

import re
from html import escape
from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config

from tutor.sources import BOOKS, SEEDS, Citation, load_sources, source_files

SOURCES_PAGE = "sources"


_HEADING = re.compile(r"^(?:-.*-|\d+(?:-\d+)?[.)]\s.*|\[.*\])$")
_MARKDOWN_HEADING = re.compile(r"^#{1,6}\s+")
_TERM = re.compile(r"^([^*]{1,40})\*\*\s+")  # the 2015 glossary's "- 일꾼** 노란색 …": a term and its meaning


def _plain(line: str) -> tuple[str, bool]:
    """A line without the markdown the extraction left in (#, **), and whether it starts a line of its own."""
    line = " ".join(line.split())
    own = bool(_HEADING.match(line))
    if _MARKDOWN_HEADING.match(line):
        line, own = _MARKDOWN_HEADING.sub("", line), True
    if line.startswith(("- ", "* ")):
        line, own = "· " + _TERM.sub(r"\1 — ", line[2:]), True
    return line.replace("**", ""), own


def flowing(lines: list[str]) -> list[str]:
    """The extracted lines as sentences: the extraction breaks lines anywhere, so a line is joined to the
    next unless it ends a sentence; a heading or a list item starts a line of its own."""
    out: list[str] = []
    current = ""
    for raw in lines:
        line, own = _plain(raw)
        if not line:
            continue
        if own and current:
            out.append(current)
            current = ""
        current = f"{current} {line}" if current else line
        if own and _HEADING.match(line) or current.endswith((".", "!", "?", ":", "다", "요")):
            out.append(current)
            current = ""
    return out + ([current] if current else [])


def _quote(c: Citation) -> str:
    start, end = c.lines
    span = f"{start}행" if start == end else f"{start}–{end}행"
    lines = "<br>\n".join(escape(line) for line in flowing(c.words()))
    return (f'<p class="rule-source-place">{escape(BOOKS[c.file])} {span}</p>'
            f'<blockquote class="rule-source-quote" lang="ko"><p>{lines}</p></blockquote>')


def source_html(citations: tuple[Citation, ...], sources_uri: str) -> str:
    """The line under a heading: the places (and reasons), folding the quoted lines when there are any."""
    places = " · ".join(escape(_place(c)) for c in citations)
    quotable = [c for c in citations if c.kind in ("rulebook", "card") and c.words() is not None]
    about = f'<a class="rule-source-about" href="{escape(sources_uri)}">출처에 관하여</a>'
    if not quotable:
        return f'<p class="rule-source"><span class="rule-source-label">출처:</span> {places} ({about})</p>'
    quotes = "".join(_quote(c) for c in quotable)
    return (f'<details class="rule-source"><summary><span class="rule-source-label">출처:</span> {places} '
            f'<span class="rule-source-open">(원문 보기)</span></summary>'
            f'<div class="rule-source-body">{quotes}<p class="rule-source-note">'
            f'{about}</p></div></details>')


def _place(c: Citation) -> str:
    if c.kind == "reading":
        return f"우리의 읽기 — {c.text}"
    if c.kind == "ours":
        return f"이 사이트의 설명 — {c.text}"
    return c.text


def add_sources(app: Sphinx, doctree: nodes.document) -> None:
    """Insert each labelled section's source line right after its heading."""
    sources = load_sources()
    docname = app.env.docname
    uri = "../" * docname.count("/") + SOURCES_PAGE + ".html"
    shown = False
    for section in list(doctree.findall(nodes.section)):
        rules = [name for name in section["names"] if name in sources]
        if not rules or not section.children or not isinstance(section[0], nodes.title):
            continue
        section.insert(1, nodes.raw("", source_html(sources[rules[0]], uri), format="html"))
        shown = True
    if shown:
        for path in source_files():
            app.env.note_dependency(str(path))
        for name in BOOKS:
            if (SEEDS / name).is_file():
                app.env.note_dependency(str(SEEDS / name))


def add_static(app: Sphinx, config: Config) -> None:
    css = Path(__file__).with_suffix(".css")
    config.html_static_path += [str(css)]
    app.add_css_file(css.name)


def setup(app: Sphinx) -> dict:
    app.connect("config-inited", add_static)
    app.connect("doctree-read", add_sources)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "1"}
