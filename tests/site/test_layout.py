"""The layout in a real browser (Chromium via Playwright) at a small desktop width (1024 px) and on a phone
(390 px): the navigation sits beside or above the page at 1024 px, never below it, as a tree opened at the
page being read, with the page's own sections in a column beside the text; no board view (a
Through the Ages player board, the History of the World map) is cut off by a scroll box or by the page;
and a card's cost badge never covers its name ("천재 공학자" must not read "전재")."""
import pytest

from .test_browser import browser, guarded_page, server, wait_until  # noqa: F401 (fixtures)
from .test_phone import OVERFLOW

DESKTOP = {"width": 1024, "height": 800}
PHONE = {"width": 390, "height": 844}

# Long pages (military.html was about 18,000 px tall when its navigation fell below it), a notebook
# and the landing page.
NAVIGATION_PAGES = ["index.html", "through_the_ages/military.html", "dominion/cards-4.html",
                    "notebooks/history_of_the_world/02-turn.html"]
# Players, Sandboxes and exercises that draw a board, inline in the rules pages and in notebooks.
BOARD_PAGES = ["through_the_ages/board.html", "through_the_ages/military.html", "through_the_ages/exercises.html",
               "history_of_the_world/invasion.html", "history_of_the_world/exercises.html",
               "notebooks/history_of_the_world/02-turn.html", "notebooks/through_the_ages/05-flow.html"]

NAVIGATION = """() => {
  const box = e => e.getBoundingClientRect();
  const nav = box(document.querySelector(".sidebar-drawer")), body = box(document.querySelector("article[role=main]"));
  return {beside: nav.right <= body.left + 1 && nav.top < body.top + 200, above: nav.bottom <= body.top + 1,
          navTop: Math.round(nav.top + scrollY), bodyHeight: Math.round(body.height)};
}"""

# Open every folded example, wait for the views to draw, then list each board whose box sticks out of
# a box that clips it (a scroll box of a widget, the view itself) or out of the page's width.
CUT_BOARDS = """async () => {
  document.querySelectorAll("details").forEach(d => { d.open = true; });
  await new Promise(resolve => requestAnimationFrame(() => setTimeout(resolve, 300)));
  const cut = [], boards = [...document.querySelectorAll(".rb-board, .rb-map")];
  const width = document.documentElement.clientWidth;
  for (const board of boards) {
    const box = board.getBoundingClientRect();
    if (!box.width) continue;  // a step's view the player is not showing
    const name = board.getAttribute("class");
    if (box.left < -1 || box.right > width + 1) cut.push(`${name}: ${Math.round(box.width)} px wide on a ${width} px page`);
    // up to the page's own scroller (the document), whose sideways overflow is measured above
    for (let up = board.parentElement; up && up !== document.body && up !== document.documentElement; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (!/(auto|scroll|hidden|clip)/.test(style.overflowX + style.overflowY)) continue;
      const clip = up.getBoundingClientRect();
      if (box.bottom > clip.bottom + 1 || box.right > clip.right + 1 || box.left < clip.left - 1 || box.top < clip.top - 1) {
        cut.push(`${name} (${Math.round(box.width)}×${Math.round(box.height)}) in .${up.className.split(" ")[0]} (${Math.round(clip.width)}×${Math.round(clip.height)})`);
        break;
      }
    }
  }
  return {drawn: boards.filter(b => b.getBoundingClientRect().width).length, cut: [...new Set(cut)]};
}"""

# Tiles whose cost badge overlaps the first line of their name.
COVERED_NAMES = """() => {
  const covered = [];
  for (const tile of document.querySelectorAll(".rb-card.rb-badged")) {
    const badge = tile.querySelector(".rb-cost"), text = [...tile.childNodes].find(n => n.nodeType === 3 && n.textContent.trim());
    if (!badge || !text || !tile.getBoundingClientRect().width) continue;
    const range = document.createRange();
    range.selectNodeContents(text);
    const name = range.getClientRects()[0], b = badge.getBoundingClientRect();
    if (name && b.right > name.left && b.left < name.right && b.bottom > name.top + 1 && b.top < name.bottom)
      covered.push(text.textContent.trim());
  }
  return covered;
}"""


def _open(browser, server, viewport, name):  # noqa: F811
    page = guarded_page(browser, server, viewport=viewport)
    page.goto(server + name)
    page.wait_for_load_state("networkidle")
    return page


@pytest.mark.parametrize("name", NAVIGATION_PAGES)
def test_the_navigation_is_beside_or_above_the_page_at_1024_px(browser, server, name):  # noqa: F811
    page = _open(browser, server, DESKTOP, name)
    where = page.evaluate(NAVIGATION)
    assert where["beside"] or where["above"], where
    assert page.outside == [] and page.errors == []
    page.context.close()


# Where the reader is on a long game page at 1024 px: the navigation tree open at the game and the page,
# the next page of the game, and the page's sections, all on screen without scrolling.
WHERE = """() => {
  const seen = e => { if (!e) return false; const r = e.getBoundingClientRect(), s = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && r.top < innerHeight && r.bottom > 0 && r.left >= 0 && r.right <= innerWidth + 1 &&
      s.visibility !== "hidden" && s.display !== "none"; };
  const tree = document.querySelector(".sidebar-tree"), toc = document.querySelector(".toc-drawer .toc-tree");
  const game = [...tree.querySelectorAll("li.toctree-l1.current > a")].map(a => a.textContent.trim());
  const here = tree.querySelector("li.current-page > a");
  const next = document.querySelector(".rb-where a.rb-next");
  const sections = toc ? [...toc.querySelectorAll("a")] : [];
  return {game, here: here && here.textContent.trim(), hereSeen: seen(here),
          siblings: here ? here.closest("ul").querySelectorAll(":scope > li").length : 0,
          crumbs: [...document.querySelectorAll(".rb-crumbs li")].map(li => li.textContent.trim()),
          next: next && next.textContent.trim(), nextSeen: seen(next),
          tocSeen: seen(toc), sections: sections.length, sectionsSeen: sections.filter(seen).length,
          text: Math.round(document.querySelector("article[role=main]").getBoundingClientRect().width)};
}"""


def test_a_long_game_page_shows_where_the_reader_is_at_1024_px(browser, server):  # noqa: F811
    page = _open(browser, server, DESKTOP, "through_the_ages/military.html")
    where = page.evaluate(WHERE)
    assert where["game"] == ["쓰루 디 에이지스 (Through the Ages)"], where
    assert where["here"].startswith("11·14. 군사 카드와 정치") and where["hereSeen"], where
    assert where["siblings"] > 20, where  # the game's other pages, in the tree around this one
    assert where["crumbs"][1:] == ["쓰루 디 에이지스 (Through the Ages)", "11·14. 군사 카드와 정치 (숙련·본격 게임)"], where
    assert where["next"] == "다음: 군사 카드 목록 (1~3시대) →" and where["nextSeen"], where
    assert where["tocSeen"] and where["sections"] >= 10 and where["sectionsSeen"] >= 10, where
    assert where["text"] >= 540, where  # the text keeps a readable column between the two
    page.locator(".toc-drawer .toc-tree a", has_text="조약").first.click()
    wait_until(page, "location.hash === '#tta-advanced-pacts' || location.hash.length > 1")
    assert page.outside == [] and page.errors == []
    page.context.close()


@pytest.mark.parametrize("name", NAVIGATION_PAGES + ["errors.html", "sections.html", "through_the_ages/facts.html"])
def test_the_page_beside_the_navigation_does_not_scroll_sideways(browser, server, name):  # noqa: F811
    page = _open(browser, server, DESKTOP, name)  # wide tables and views share the narrower column
    assert page.evaluate(OVERFLOW) == []
    assert not page.evaluate("document.documentElement.scrollWidth > document.documentElement.clientWidth")
    page.context.close()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1024px", "390px"])
@pytest.mark.parametrize("name", BOARD_PAGES)
def test_no_board_is_cut_off(browser, server, name, viewport):  # noqa: F811
    page = _open(browser, server, viewport, name)
    page.locator(".rb-board, .rb-map").first.wait_for(state="attached", timeout=20000)
    boards = page.evaluate(CUT_BOARDS)
    assert boards["drawn"] > 0 and boards["cut"] == []
    assert page.outside == [] and page.errors == []
    page.context.close()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1024px", "390px"])
def test_cost_badges_leave_card_names_readable(browser, server, viewport):  # noqa: F811
    page = _open(browser, server, viewport, "through_the_ages/board.html")
    page.locator(".rb-card.rb-badged").first.wait_for(state="attached", timeout=20000)
    assert page.locator(".rb-card.rb-badged .rb-cost").count() > 10
    assert page.evaluate(COVERED_NAMES) == []
    page.context.close()
