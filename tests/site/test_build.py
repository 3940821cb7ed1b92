"""What the strict build produced: rule labels, generated pages, notebooks with widget state, no CDN."""
import html
import posixpath
import re
from html.parser import HTMLParser

from sphinx.util.inventory import InventoryFile

from engines.core import CORE_ERROR_CODES, GAMES
from tutor.rules import defined_sections, load_index
from tutor.site import DOCS, ROOT
from tutor.widgets.common import anchor, rule_links

from rulebook import _ready_game


def test_every_rule_section_id_is_a_label_on_its_page(site):
    with open(site / "objects.inv", "rb") as stream:
        labels = InventoryFile.load(stream, "", posixpath.join)["std:label"]
    sections = defined_sections(DOCS)
    assert sections, "no rule sections defined in docs/"
    for rule_id, section in sections.items():
        assert rule_id in labels, rule_id
        page, _, fragment = labels[rule_id].uri.partition("#")
        assert page == f"{section.page}.html", rule_id
        assert f'id="{fragment}"' in (site / page).read_text(encoding="utf-8"), rule_id


def test_widget_rule_links_land_on_their_sections(site):
    links = rule_links(set(defined_sections(DOCS)))
    assert links
    for rule_id, link in links.items():
        page, _, fragment = link["href"].partition("#")
        assert f'id="{fragment}"' in (site / page).read_text(encoding="utf-8"), rule_id


def test_refs_to_rule_sections_resolve(site):
    # the tutorial notebook's 규칙 절 cell refers to sections with {ref}
    page = (site / "notebooks" / "tutorial" / "01-widgets.html").read_text(encoding="utf-8")
    assert 'href="../../through_the_ages/round1.html#tta-simple-round1-leader"' in page


def test_every_game_with_docs_has_a_part_in_the_landing_page(site):
    index = (site / "index.html").read_text(encoding="utf-8")
    games = [info.id for info in GAMES if (DOCS / info.id / "index.md").is_file()]
    assert games
    for game_id in games:
        assert f'href="{game_id}/index.html"' in index, game_id


def test_error_index_lists_every_code_of_every_ready_engine(site):
    page = _text(site / "errors.html").translate(str.maketrans("‘’“”", "''\"\""))  # Sphinx's typographic quotes
    for code, meaning in CORE_ERROR_CODES.items():
        assert code in page and meaning in page, code
    ready = [game for info in GAMES if (game := _ready_game(info.id))]
    assert ready
    for game in ready:
        assert game.title in page
        for code, meaning in game.error_codes.items():
            assert re.search(rf"{re.escape(code)}\s*{re.escape(meaning)}", page), (game.id, code)


def test_glossary_includes_each_games_glossary(site):
    page = _text(site / "glossary.html")
    assert "규칙 절" in page  # the site's own terms
    for info in GAMES:
        source = DOCS / info.id / "glossary.md"
        if source.is_file():
            first_term = next(line for line in source.read_text(encoding="utf-8").splitlines()[1:]
                              if line.strip() and not line.startswith((" ", "`")))
            assert first_term.strip() in page, info.id


def test_every_notebook_is_rendered_with_its_widget_state(site):
    notebooks = sorted((ROOT / "notebooks").rglob("*.ipynb"))
    assert notebooks
    for notebook in notebooks:
        page = site / notebook.relative_to(ROOT).with_suffix(".html")
        if "ScenarioPlayer" in notebook.read_text(encoding="utf-8"):
            assert "application/vnd.jupyter.widget-state+json" in page.read_text(encoding="utf-8"), page


class _Resources(HTMLParser):
    def __init__(self):
        super().__init__()
        self.urls = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in ("script", "img", "iframe") and attrs.get("src"):
            self.urls.append(attrs["src"])
        if tag == "link" and attrs.get("href"):
            self.urls.append(attrs["href"])


def test_pages_load_nothing_from_other_hosts(site):
    for page in site.rglob("*.html"):
        parser = _Resources()
        parser.feed(page.read_text(encoding="utf-8"))
        external = [url for url in parser.urls if re.match(r"^(https?:)?//", url)]
        assert external == [], page


def test_widget_javascript_is_served_locally(site):
    static = site / "_static"
    for name in ["vendor/require.js", "vendor/html-manager/embed-amd.js", "vendor/anywidget/index.js",
                 "widgets-offline.js", "views.css"]:
        assert (static / name).is_file(), name


def _text(page):
    return html.unescape(re.sub(r"<[^>]+>", " ", page.read_text(encoding="utf-8")))


def test_sections_page_lists_every_section_with_its_examples(site):
    page = (site / "sections.html").read_text(encoding="utf-8")
    index = load_index(DOCS)
    for rule_id, section in index.items():
        assert f"#{anchor(rule_id)}" in page, rule_id  # a link to the section itself
        for notebook in section.notebooks:
            assert f'{notebook.removesuffix(".ipynb")}.html' in page, (rule_id, notebook)
