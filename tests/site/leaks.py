"""Find MyST/Sphinx markup that leaked into what a reader sees on the built site, and section ids
(MyST labels) that have no visible heading. Used by test_leaks.py over the real site and over pages
seeded with each kind of defect.

A leak is source markup the reader sees as text: a directive fence (```{admonition} …), a directive's
name or option left in a paragraph ({rubric} 목표, :class: note), a role ({ref}`…`), literal ** (bold
markup CommonMark did not take, as in **전쟁 카드(검은색)**를) or a label line ((tta.war)=). Prose is
checked for all of them; code blocks only for directives, roles and labels, since ** is Python there;
code blocks in a markup language (```markdown) show markup on purpose and are not checked.
"""
from __future__ import annotations

import json
import posixpath
import re
from html.parser import HTMLParser
from pathlib import Path

from sphinx.util.inventory import InventoryFile

DIRECTIVE_FENCE = re.compile(r"(?:`{3,}|:{3,})\{[\w:-]+\}[^\n]*")
DIRECTIVE_NAME = re.compile(r"(?<![\w`])\{[a-z][\w:-]*\}(?=[ \n]|$)[^\n]*")
ROLE = re.compile(r"\{[a-z][\w:-]*\}`[^`\n]*`?")
# ":class: note", also as MyST's field list shows it (class: / note)
OPTIONS = "class|name|open|caption|label|width|height|align|alt|scale|linenos|emphasize-lines|dedent"
OPTION = re.compile(rf"(?m)^[ \t]*(?::[a-z][\w-]*:|:?(?:{OPTIONS}):)(?=[ \t\n]|$)[^\n]*(?:\n[^\n]*)?")
LABEL = re.compile(r"(?m)^[ \t]*\([\w.:-]+\)=[ \t]*$")
BOLD = re.compile(r"[^\n]{0,20}\*\*[^\n]{0,20}")

IN_PROSE = {"directive": DIRECTIVE_FENCE, "directive name": DIRECTIVE_NAME, "role": ROLE,
            "directive option": OPTION, "label": LABEL, "literal **": BOLD}
IN_CODE = {"directive": DIRECTIVE_FENCE, "role": ROLE, "label": LABEL}
MARKUP_LANGUAGES = {"md", "markdown", "myst", "rst", "restructuredtext"}

BLOCKS = {"p", "div", "li", "dd", "dt", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "br",
          "section", "tr", "table", "ul", "ol", "dl", "blockquote", "details", "summary", "caption", "figcaption"}
UNSEEN = {"script", "style", "template", "head"}


def text_leaks(text: str, kinds: dict[str, re.Pattern] = IN_PROSE) -> list[str]:
    """Each piece of markup in ``text``, as "kind: what the reader sees"."""
    return [f"{kind}: {match.group(0).strip()}" for kind, pattern in kinds.items()
            for match in pattern.finditer(text)]


class _Text(HTMLParser):
    """A page's text in two parts: prose, and code blocks not in a markup language (with line breaks
    at block boundaries). Inline code, scripts, styles and heading links (¶) are left out."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.prose: list[str] = []
        self.code: list[str] = []
        self.stack: list[tuple[str, str]] = []  # (tag, what its text is: prose, code, skip)

    def _kind(self, tag: str, attrs: dict[str, str | None]) -> str:
        outer = self.stack[-1][1] if self.stack else "prose"
        classes = (attrs.get("class") or "").split()
        if outer == "skip" or tag in UNSEEN or "headerlink" in classes:
            return "skip"
        if any(c.startswith("highlight-") and c[len("highlight-"):] in MARKUP_LANGUAGES for c in classes):
            return "skip"
        if tag == "pre" and outer == "prose":
            return "code"
        if tag in {"code", "kbd", "samp", "tt"} and outer == "prose":
            return "skip"
        return outer

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag in BLOCKS:
            self.prose.append("\n")
            self.code.append("\n")
        if tag in {"br", "img", "input", "meta", "link", "hr", "wbr", "source", "col"}:
            return
        self.stack.append((tag, self._kind(tag, dict(attrs))))

    def handle_endtag(self, tag: str) -> None:
        if tag in BLOCKS:
            self.prose.append("\n")
            self.code.append("\n")
        for depth in range(len(self.stack) - 1, -1, -1):  # tolerate unclosed tags (<p> before </div>)
            if self.stack[depth][0] == tag:
                del self.stack[depth:]
                break

    def handle_data(self, data: str) -> None:
        kind = self.stack[-1][1] if self.stack else "prose"
        if kind == "prose":
            self.prose.append(data)
        elif kind == "code":
            self.code.append(data)


# The widgets draw their words from their state in the page: a player's narration and moves' sentences,
# an exercise's question and explanation, a rejection's message.
WIDGET_STATE = re.compile(r'<script type="application/vnd.jupyter.widget-state\+json">(.*?)</script>', re.S)
WIDGET_WORDS = {"say", "description", "title", "message", "explanation", "question", "game_title"}


def _widget_words(value: object) -> list[str]:
    if isinstance(value, dict):
        return [word for key, item in value.items()
                for word in ([item] if key in WIDGET_WORDS and isinstance(item, str) else _widget_words(item))]
    if isinstance(value, list):
        return [word for item in value for word in _widget_words(item)]
    return []


def page_leaks(html: str) -> list[str]:
    """The markup a reader sees as text on a page (its HTML as built), also in what its widgets show."""
    parser = _Text()
    parser.feed(html)
    parser.close()
    prose = re.sub(r"[ \t]*\n[ \t\n]*", "\n", "".join(parser.prose))
    widgets = [f"in a widget: {leak}" for state in WIDGET_STATE.findall(html)
               for word in _widget_words(json.loads(state)) for leak in text_leaks(word)]
    return text_leaks(prose) + text_leaks("".join(parser.code), IN_CODE) + widgets


HEADING = re.compile(r'\s*(?:<span id="[^"]*"></span>\s*)*(?:<section id="[^"]*">\s*(?:<span id="[^"]*"></span>\s*)*)?'
                     r'<(h[1-6])\b[^>]*>(.*?)</\1>|\s*(?:<span id="[^"]*"></span>\s*)*<p class="rubric"[^>]*>(.*?)</p>', re.S)


def _visible(fragment_html: str) -> str:
    text = re.sub(r'<a class="headerlink".*?</a>|<[^>]+>', "", fragment_html)
    return text.replace("¶", "").strip()


def heading_of(html: str, anchor: str) -> str | None:
    """The visible heading the element with id ``anchor`` starts, or None (no such id, or text follows it)."""
    tag = re.search(rf'<(\w+)\b[^>]*\bid="{re.escape(anchor)}"[^>]*>', html)
    if not tag:
        return None
    name, rest = tag.group(1), html[tag.end():]
    if name in {"h1", "h2", "h3", "h4", "h5", "h6"}:
        return _visible(rest.split(f"</{name}>", 1)[0]) or None
    if name == "span":
        if not rest.startswith("</span>"):
            return None
        rest = rest[len("</span>"):]
    elif name != "section":
        return None
    match = HEADING.match(rest)
    return _visible(match.group(2) or match.group(3) or "") or None if match else None


def labels(site: Path) -> dict[str, tuple[str, str]]:
    """Every label of the site that points into a page: label → (page, anchor)."""
    with open(site / "objects.inv", "rb") as stream:
        inventory = InventoryFile.load(stream, "", posixpath.join)
    found = {}
    for name, entry in inventory.get("std:label", {}).items():
        page, _, anchor = entry.uri.partition("#")
        if anchor:
            found[name] = (page, anchor)
    return found


def headless_labels(site: Path) -> list[str]:
    """Labels whose section shows no heading, as "label (page#anchor)"."""
    pages: dict[str, str] = {}
    missing = []
    for name, (page, anchor) in sorted(labels(site).items()):
        html = pages.setdefault(page, (site / page).read_text(encoding="utf-8"))
        if heading_of(html, anchor) is None:
            missing.append(f"{name} ({page}#{anchor})")
    return missing


# What a printout shows as text: the page with print styles applied, less code blocks, inline code and
# scripts (innerText leaves out whatever the print styles hide).
PRINT_TEXT = """() => {
  document.querySelectorAll("pre, code, kbd, samp, script, style, a.headerlink").forEach(e => e.remove());
  return document.body.innerText;
}"""


def print_leaks(page, url: str) -> list[str]:
    """The markup a printout of ``url`` shows (``page``: a Playwright page)."""
    page.emulate_media(media="print")
    page.goto(url)
    return text_leaks(page.evaluate(PRINT_TEXT))
