"""A card's words one hover or tap away (issue 36), wherever a board is drawn: in an example player, on a
phone, at the practice table and in the workbench. ``docs/_static/card-text.js`` shows the words the build
wrote from the engines' data (``tutor.views.cards.words``) under the card."""
import re

from playwright.sync_api import expect

from tutor.views import cards

from .test_browser import browser, guarded_page, server  # noqa: F401  (fixtures)
from .test_practice import open_practice, start
from .test_workbench import RUN, open_workbench

BOX = "#rb-card-text"


def words(key: str) -> cards.About:
    return cards.words(key.split(":")[0])[key]


def shows_its_words(page, tile) -> None:
    key = tile.get_attribute("data-card")
    expect(page.locator(BOX)).to_be_visible()
    expect(page.locator(BOX + " p")).to_have_text(words(key).text)
    if words(key).href:
        assert page.locator(BOX + " a").get_attribute("href").endswith(words(key).href)
    assert page.outside == [] and page.errors == []


def test_hovering_a_card_in_an_example_player_shows_its_text_and_its_entry(browser, server):  # noqa: F811
    page = guarded_page(browser, server, viewport={"width": 1024, "height": 900})
    page.goto(f"{server}dominion/cards-2-3.html")
    tile = page.locator('.rbp .rb-card[data-card="dominion:cellar"]').first
    tile.scroll_into_view_if_needed()
    tile.hover()
    shows_its_words(page, tile)
    assert "지하 저장고" not in page.locator(BOX).inner_text()  # the card's own words, not another's
    page.mouse.move(5, 5)
    expect(page.locator(BOX)).to_be_hidden()
    page.context.close()


def test_tapping_a_through_the_ages_card_on_a_phone_shows_its_effect(browser, server):  # noqa: F811
    page = guarded_page(browser, server, viewport={"width": 390, "height": 800}, has_touch=True, is_mobile=True)
    page.goto(f"{server}through_the_ages/board.html")
    tile = page.locator('.rbp .rb-card[data-card^="tta:"]').first
    tile.scroll_into_view_if_needed()
    tile.tap()
    shows_its_words(page, tile)
    box = page.locator(BOX).bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390  # on the screen, not off its edge
    page.context.close()


def test_hovering_a_card_at_the_practice_table_shows_its_text(browser, server):  # noqa: F811
    page = open_practice(browser, server, "dominion")
    start(page, [None, "easy"])
    tile = page.locator('.rbp-view .rb-card[data-card]').first
    tile.hover()
    shows_its_words(page, tile)
    page.context.close()


def test_hovering_a_card_on_the_workbench_board_shows_its_text(browser, server):  # noqa: F811
    page = guarded_page(browser, server, viewport={"width": 1100, "height": 900})
    open_workbench(page, server)
    # the first run's verdict and its board: a tile redrawn under the pointer would no longer be the one hovered
    expect(page.locator("#rb-workbench")).to_have_attribute("data-verdict", "ok", timeout=RUN)
    expect(page.locator("#rb-workbench")).to_have_attribute("data-board-draws", re.compile("[1-9]"), timeout=RUN)
    tile = page.locator('.rbw-board .rb-card[data-card]').first
    tile.scroll_into_view_if_needed()
    tile.hover()
    shows_its_words(page, tile)
    page.context.close()
