"""Each rule section's source, shown under its heading: 「출처: 2006년판 규칙서, ‘정치 단계’ (원문 보기)」.

The sources are data (``tutor/sources/<game>.yaml``, see ``tutor.sources``). The line names the rulebook
and the place in it as printed (its numbered part and heading), so a reader who doubts a sentence turns to
the rulebook's own words in one step. The rulebooks' sentences are never copied onto the site: the pages
are in our own words, and the cited lines are checked by the tests, not published.
The caveat about the extracted texts lives on the sources page (``sources.md``), not under each heading.
"""
from __future__ import annotations

from html import escape
from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config

from tutor.sources import Citation, load_sources, source_files

SOURCES_PAGE = "sources"


def source_html(citations: tuple[Citation, ...], sources_uri: str) -> str:
    """The line under a heading: each place (or reason), and a link to the page about the sources."""
    places = " · ".join(escape(_place(c)) for c in citations)
    about = f'<a class="rule-source-about" href="{escape(sources_uri)}">출처에 관하여</a>'
    return f'<p class="rule-source"><span class="rule-source-label">출처:</span> {places} ({about})</p>'


def _place(c: Citation) -> str:
    if c.kind == "reading":
        return f"이 참고서의 읽기 — {c.text}"
    if c.kind == "ours":
        return f"이 사이트의 설명 — {c.text}"
    return c.text


def add_sources(app: Sphinx, doctree: nodes.document) -> None:
    """Insert each labelled section's source line right after its heading."""
    sources = load_sources()
    docname = app.env.docname
    uri = "../" * docname.count("/") + SOURCES_PAGE + ".html"
    for section in list(doctree.findall(nodes.section)):
        rules = [name for name in section["names"] if name in sources]
        if not rules or not section.children or not isinstance(section[0], nodes.title):
            continue
        section.insert(1, nodes.raw("", source_html(sources[rules[0]], uri), format="html"))
    for path in source_files():  # every page: a source added for a section it holds must reach it
        app.env.note_dependency(str(path))


def add_static(app: Sphinx, config: Config) -> None:
    css = Path(__file__).with_suffix(".css")
    config.html_static_path += [str(css)]
    app.add_css_file(css.name)


def setup(app: Sphinx) -> dict:
    app.connect("config-inited", add_static)
    app.connect("doctree-read", add_sources)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "1"}
