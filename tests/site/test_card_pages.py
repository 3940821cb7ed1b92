"""The card reference on the built site (issue 36): each generated page holds an anchor for every card of
the data with its effect, and searching a card's name finds its entry first (아리스토텔레스: the 2006 entry,
then the 2015 one). The entries themselves are checked against the data in tests/test_card_reference.py."""
from __future__ import annotations

import html
import re

import pytest

from engines.core.data import load_data
from engines.through_the_ages import catalog

from .test_browser import browser, page, server, wait_until  # noqa: F401 (fixtures)


def _section(text: str, anchor: str) -> str:
    """The HTML of the section whose id is ``anchor``, up to the next card's section."""
    start = text.index(f'id="{anchor}"')
    end = text.find('<section id="card-', start + 1)
    return html.unescape(re.sub(r"<[^>]+>", "", text[start:end if end > 0 else None]))


@pytest.mark.parametrize("edition", catalog.EDITIONS)
def test_every_tta_card_has_its_anchor_and_effect_on_the_built_page(site, edition):
    text = (site / "through_the_ages" / f"cards-{edition}.html").read_text(encoding="utf-8")
    prefix = "card-tta-" if edition == 2006 else "card-tta15-"
    for card in catalog.edition_cards(edition).values():
        anchor = prefix + card.id.removesuffix("@15").replace("_", "-")
        section = _section(text, anchor)
        assert card.name in section and card.effect in section, (anchor, section[:300])


def test_carta_and_hotw_pages_hold_every_card(site):
    carta = (site / "carta_impera_victoria" / "cards.html").read_text(encoding="utf-8")
    for suit in load_data("engines.carta_impera_victoria", "cards.yaml")["suits"]:
        assert suit["sacrifice" if "sacrifice" in suit else "inspiration"]["text"] in _section(
            carta, "card-carta-" + suit["english"].lower())
    hotw = (site / "history_of_the_world" / "cards.html").read_text(encoding="utf-8")
    for filename, prefix in (("board2018.yaml", "card-hotw-"), ("teaching.yaml", "card-hotw-teaching-")):
        data = load_data("engines.history_of_the_world", filename)
        for name, card in [*data["empires"].items(), *data["events"].items()]:
            assert name in _section(hotw, prefix + re.sub(r"[^a-z0-9]+", "-", card["en"].lower()).strip("-"))


def _results(page, server, query):  # noqa: F811
    page.goto(server + "search.html?q=" + query)
    results = page.locator("#search-results ul.search li")
    results.first.wait_for(timeout=20000)
    wait_until(page, "document.querySelector('#search-results p.search-summary') !== null")
    return [results.nth(i).locator("a").first.get_attribute("href") for i in range(results.count())]


@pytest.mark.parametrize("query, first, then", [
    ("아리스토텔레스", "through_the_ages/cards-2006.html#card-tta-aristotle", "through_the_ages/cards-2015.html#card-tta15-aristotle"),
    ("모세", "through_the_ages/cards-2006.html#card-tta-moses", "through_the_ages/cards-2015.html#card-tta15-moses"),
    ("이집트", "history_of_the_world/cards.html#card-hotw-egyptians", None),
])
def test_searching_a_card_finds_its_entry_first(page, server, query, first, then):  # noqa: F811
    hrefs = _results(page, server, query)
    assert hrefs[0] == first, hrefs[:5]
    if then:
        assert hrefs[1] == then, hrefs[:5]
    assert page.outside == [] and page.errors == []
