"""The built site on a phone (390 px wide, Chromium via Playwright, every request off the local server
blocked and counted): no page scrolls sideways, the search box is at the top, the menu (the site's
navigation, opened at the page) and the page's sections are one tap away anywhere on a long page, the player's buttons
draw their icons without any font, and search puts the section that defines a term first."""
import pytest

from .test_browser import SCREENSHOTS, _players_shown, browser, guarded_page, server, wait_until  # noqa: F401 (fixtures)

PHONE = {"width": 390, "height": 844}

# Elements wider than the screen, innermost first, to say what makes a page scroll sideways.
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth <= width) return [];
  const wide = [];
  for (const el of document.body.querySelectorAll("*")) {
    const box = el.getBoundingClientRect();
    if (box.right > width + 1 && box.width > 0 && !el.closest("pre, .highlight, [data-scrolls]")) {
      let inside = el.parentElement, clipped = false;
      while (inside && inside !== document.body && inside !== document.documentElement) {  // the page itself: scrollWidth
        const style = getComputedStyle(inside);
        if (/(auto|scroll|hidden)/.test(style.overflowX)) { clipped = true; break; }
        inside = inside.parentElement;
      }
      if (!clipped) wide.push(`${el.tagName.toLowerCase()}.${el.className} (${Math.round(box.right)}px): ${el.textContent.trim().slice(0, 40)}`);
    }
  }
  return wide.slice(-5);
}"""


@pytest.fixture
def phone(browser, server):  # noqa: F811
    page = guarded_page(browser, server, viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    yield page
    page.context.close()


def _players(page) -> int:
    """Wait until the page's ScenarioPlayers are drawn; how many there are."""
    expected = _players_shown(page.content()) if "widget-state+json" in page.content() else 0
    if expected:
        page.locator(".rbp-counter").nth(expected - 1).wait_for(state="attached", timeout=20000)  # folded examples stay hidden
    page.wait_for_load_state("networkidle")  # other widgets (exercises) too
    return page.locator(".rbp").count()


def test_no_page_scrolls_sideways_on_a_phone(phone, server, site):
    wide = {}
    # our pages: not the JupyterLite application shipped under lite/ (its own layout, tested in test_live)
    pages = sorted(p for p in site.rglob("*.html") if p.relative_to(site).parts[0] != "lite")
    assert len(pages) > 20
    for path in pages:
        name = path.relative_to(site).as_posix()
        phone.goto(server + name)
        _players(phone)
        found = phone.evaluate(OVERFLOW)
        if found or phone.evaluate("document.documentElement.scrollWidth > document.documentElement.clientWidth"):
            wide[name] = found
    assert wide == {}
    assert phone.outside == [] and phone.errors == []


def test_the_search_box_is_at_the_top_on_a_phone(phone, server):
    phone.goto(server + "through_the_ages/round2.html")
    box = phone.locator(".rb-top-search input[name=q]")
    assert box.is_visible()
    assert box.bounding_box()["y"] < PHONE["height"] / 2
    assert not phone.locator("#searchbox").is_visible()  # the sidebar's copy, far below, is hidden
    box.fill("공성")
    box.press("Enter")
    phone.wait_for_url("**/search.html?q=*")
    phone.locator("#search-results ul.search li").first.wait_for(timeout=20000)
    assert phone.outside == [] and phone.errors == []


def test_the_menu_stays_at_hand_on_a_long_page(phone, server):
    phone.goto(server + "through_the_ages/military.html")
    phone.evaluate("window.scrollTo(0, document.documentElement.scrollHeight / 2)")
    wait_until(phone, "window.scrollY > 2000")
    header = phone.locator("header.mobile-header")
    assert header.is_visible() and 0 <= header.bounding_box()["y"] <= 1  # the top bar stays on screen
    menu = phone.get_by_role("button", name="사이트 메뉴 열기")  # a screen reader names the bare ☰ icon
    assert menu.count() == 1 and menu.is_visible()
    menu.click()
    here = phone.locator(".sidebar-tree li.current-page > a")
    wait_until(phone, "document.querySelector('.sidebar-drawer').getBoundingClientRect().left >= -1")
    here.scroll_into_view_if_needed()
    box = here.bounding_box()
    assert here.is_visible() and 0 <= box["x"] and box["y"] + box["height"] <= PHONE["height"], box
    assert here.inner_text().startswith("11·14. 군사 카드와 정치")
    assert phone.locator(".sidebar-drawer input[name=q]").is_visible()  # search in the menu too
    phone.locator("label.sidebar-overlay").click(position={"x": 370, "y": 400})  # close it
    phone.locator("header.mobile-header").get_by_role("button", name="이 페이지의 절 보기").click()
    wait_until(phone, "document.querySelector('.toc-drawer').getBoundingClientRect().right <= innerWidth + 1")
    sections = phone.locator(".toc-drawer .toc-tree a")
    assert sections.count() >= 10 and sections.filter(has_text="조약").first.is_visible()
    assert phone.outside == [] and phone.errors == []


ICON_PIXELS = """(button) => {
  // Draw the button's SVG icon on a canvas and count the pixels it covers: no font is involved.
  const svg = button.querySelector("svg.rbp-icon");
  if (!svg || button.textContent.trim()) return -1;
  const clone = svg.cloneNode(true);
  clone.setAttribute("width", "32"); clone.setAttribute("height", "32");
  clone.querySelector("path").setAttribute("fill", "#000");
  const url = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(new XMLSerializer().serializeToString(clone));
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => {
      const canvas = document.createElement("canvas");
      canvas.width = canvas.height = 32;
      const context = canvas.getContext("2d");
      context.drawImage(image, 0, 0);
      const data = context.getImageData(0, 0, 32, 32).data;
      let covered = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i] > 128) covered++;
      resolve(covered);
    };
    image.onerror = () => resolve(0);
    image.src = url;
  });
}"""


def test_player_buttons_draw_their_icons_without_a_font(phone, server):
    phone.goto(server + "notebooks/tutorial/01-widgets.html")
    assert _players(phone)
    player = phone.locator(".rbp").first
    for name in ("first", "prev", "next", "last"):
        button = player.locator(f".rbp-{name}")
        assert button.get_attribute("aria-label")
        box = button.locator("svg").bounding_box()
        assert box and box["width"] >= 12 and box["height"] >= 12, name
        assert 20 < button.evaluate(ICON_PIXELS) < 32 * 32 * 0.8, name  # a drawn shape, no text glyph
    player.locator(".rbp-next").click()
    assert player.locator(".rbp-counter").inner_text().startswith("1 /")
    player.screenshot(path=f"{SCREENSHOTS}/rulebook-phone-player.png")
    assert phone.outside == [] and phone.errors == []


def _results(page, query):
    page.goto(page.server + "search.html?q=" + query)
    results = page.locator("#search-results ul.search li")
    results.first.wait_for(timeout=20000)
    wait_until(page, "document.querySelector('#search-results p.search-summary') !== null")
    return results


@pytest.mark.parametrize("query, first, game", [
    ("공성", "history_of_the_world/invasion.html#공성", "세계의 역사"),  # 6th before: glossary and pages first
    ("공성을", "history_of_the_world/invasion.html#공성", "세계의 역사"),  # typed with a particle
    ("반응", "dominion/more-rules.html#dominion-rules-reaction", "도미니언"),  # a rule section: its label
])
def test_search_puts_the_defining_section_first_and_names_the_game(phone, server, query, first, game):
    phone.server = server
    results = _results(phone, query)
    assert results.first.locator("a").first.get_attribute("href") == first
    games = [results.nth(i).locator(".rb-search-game").inner_text() for i in range(min(results.count(), 8))]
    assert games[0] == game and all(games), games
    assert phone.outside == [] and phone.errors == []
