"""No MyST or Sphinx markup reaches the reader, on screen or in print, and every section id (MyST
label) starts a visible heading: checked over the built site, and shown to fail on a small site
seeded with each kind of defect found before (see leaks.py)."""
from pathlib import Path

from sphinx.cmd.build import build_main

from .leaks import headless_labels, page_leaks, print_leaks
from .test_browser import browser, guarded_page, server  # noqa: F401 (fixtures)


def _pages(site: Path) -> list[Path]:
    """The site's own pages: not the JupyterLite application under lite/ (notebooks there are
    checked by test_live) nor Sphinx's copies of the sources."""
    pages = sorted(p for p in site.rglob("*.html") if p.relative_to(site).parts[0] not in {"lite", "_sources", "_static"})
    assert len(pages) > 20
    return pages


def test_no_page_shows_markup(site):
    leaks = {}
    for path in _pages(site):
        if found := page_leaks(path.read_text(encoding="utf-8")):
            leaks[path.relative_to(site).as_posix()] = found
    assert leaks == {}


def test_every_section_id_starts_a_visible_heading(site):
    assert headless_labels(site) == []


def test_no_printout_shows_markup(browser, server, site):  # noqa: F811
    page = guarded_page(browser, server)
    leaks = {}
    for path in _pages(site):
        name = path.relative_to(site).as_posix()
        if found := print_leaks(page, server + name):
            leaks[name] = found
    assert leaks == {}
    assert page.outside == []
    page.context.close()


# Each defect as it was written in docs/ (the summaries' rubrics, TtA's admonitions and bold), plus a
# label with no heading, markup in a widget's words and a leak only the print styles show.
SEEDS = {
    "summary.md": """# 한 장 요약

```{container} rb-summary

{rubric} 목표

가장 많은 승점을 모은 사람이 이깁니다.
```
""",
    "admonition.md": """# 전쟁

```{admonition} 읽기: 턴의 시작과 자기가 선언한 전쟁 (옵션 `concession_wars`)
:class: note
결판을 먼저 냅니다.
```

```{example} through_the_ages/concession-war-first through_the_ages/reading-concession-wars
```
""",
    "bold.md": """# 군사 카드

- 숙련 게임은 2시대 더미에서 **전쟁 카드(검은색)**를 모두 뺍니다.
""",
    "label.md": """# 정치

(seed.politics.pact)=
협정은 두 문명 사이의 약속입니다.
""",
    "widget.md": """# 재생기

<script type="application/vnd.jupyter.widget-state+json">{"state": {"m1": {"state": {"steps": [{"say": "윤주가 **시장**을 냅니다."}]}}}}</script>
""",
    "print.md": """# 인쇄

<div class="rb-print-only">{ref}`seed.politics.pact`를 보세요.</div>
""",
}
CONF = """
extensions = ["myst_parser"]
myst_enable_extensions = ["colon_fence", "deflist", "fieldlist"]
html_static_path = ["_static"]
html_css_files = ["seed.css"]
suppress_warnings = ["myst.directive_unknown", "myst.xref_missing", "ref.ref"]
root_doc = "summary"
"""


def _seeded_site(tmp_path: Path) -> Path:
    source, html = tmp_path / "src", tmp_path / "html"
    (source / "_static").mkdir(parents=True)
    (source / "conf.py").write_text(CONF, encoding="utf-8")
    (source / "_static" / "seed.css").write_text("@media screen { .rb-print-only { display: none; } }")
    for name, text in SEEDS.items():
        (source / name).write_text(text, encoding="utf-8")
    (source / "summary.md").write_text(SEEDS["summary.md"] + "\n```{toctree}\n:hidden:\nadmonition\nbold\nlabel\nwidget\nprint\n```\n",
                                       encoding="utf-8")
    assert build_main(["-q", "-b", "html", str(source), str(html)]) == 0
    return html


def test_the_checks_find_each_seeded_defect(tmp_path, browser):  # noqa: F811
    site = _seeded_site(tmp_path)
    found = {name: page_leaks((site / name).with_suffix(".html").read_text(encoding="utf-8")) for name in SEEDS}
    assert "directive name: {rubric} 목표" in found["summary.md"]
    assert any(leak.startswith("directive: ```{admonition} 읽기") for leak in found["admonition.md"])
    assert any(leak.startswith("directive option: class:") for leak in found["admonition.md"])
    assert any(leak.startswith("directive: ```{example} through_the_ages/concession-war-first")  # swallowed by a code block
               for leak in found["admonition.md"])
    assert any("**전쟁 카드(검은색)**를" in leak for leak in found["bold.md"])
    assert found["label.md"] == []  # the label's text is fine; what it lacks is a heading
    assert found["widget.md"] == ["in a widget: literal **: 윤주가 **시장**을 냅니다."]
    assert headless_labels(site) == ["seed.politics.pact (label.html#seed-politics-pact)"]

    page = browser.new_page()
    printed = {name: print_leaks(page, (site / name).with_suffix(".html").as_uri()) for name in ("summary.md", "print.md")}
    page.emulate_media(media="screen")
    page.goto((site / "print.html").as_uri())
    on_screen = page.evaluate("document.body.innerText")
    page.close()
    assert "directive name: {rubric} 목표" in printed["summary.md"]
    assert any(leak.startswith("role: {ref}`seed.politics.pact`") for leak in printed["print.md"])
    assert "{ref}" not in on_screen  # only the print styles show it
