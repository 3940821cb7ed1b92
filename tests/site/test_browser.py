"""The built site in a real browser (Debian's Chromium via Playwright), with every request that
does not go to the local server blocked and recorded: widgets step without network or kernel,
rule links land on their sections, Korean search finds the right page."""
import json
import re

import pytest
from playwright.sync_api import sync_playwright

from tutor.site import serving

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SCREENSHOTS = "/tmp"


@pytest.fixture(scope="module")
def server(site):
    with serving(site) as url:  # the handler `tutor docs` serves with
        yield url


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


def guarded_page(browser, server, **context_options):
    """A page of a new context whose requests off the local server are blocked and recorded in
    ``page.outside``, and whose script errors are recorded in ``page.errors``."""
    context = browser.new_context(**context_options)
    page = context.new_page()
    page.outside = []  # every request that tried to leave the local server
    page.errors = []

    def route(request_route):
        url = request_route.request.url
        if url.startswith(server):
            request_route.continue_()
        else:
            page.outside.append(url)
            request_route.abort()

    context.route("**/*", route)  # the context's route sees the service workers' requests too
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    return page


def wait_until(page, script: str, arg=None, timeout: int = 30_000) -> None:  # noqa: ANN001
    """Polls ``script`` (an expression, or a function of ``arg``) in the page until it is true. Playwright's
    wait_for_function makes its predicate with eval, which the pages' Content-Security-Policy refuses;
    evaluate is not subject to it."""
    waited = 0
    while not page.evaluate(script, arg):
        assert waited < timeout, f"still false after {timeout} ms: {script[:100]}"
        page.wait_for_timeout(100)
        waited += 100


@pytest.fixture
def page(browser, server):
    page = guarded_page(browser, server, viewport={"width": 1100, "height": 900})
    yield page
    page.context.close()


def test_scenario_player_steps_without_network(page, server):
    page.goto(server + "notebooks/tutorial/01-widgets.html")
    player = page.locator(".rbp").first
    counter = player.locator(".rbp-counter")
    counter.wait_for(timeout=20000)
    assert counter.inner_text().startswith("시작 /")
    start_text = player.locator(".rbp-step").inner_text()

    player.locator(".rbp-next").click()
    assert counter.inner_text().startswith("1 /")
    assert player.locator(".rbp-step").inner_text() != start_text

    player.locator(".rbp-next").click()
    player.locator(".rbp-next").click()  # step 3 is a move the rules reject
    assert counter.inner_text().startswith("3 /")
    lesson = player.locator(".rb-lesson")  # a refusal the example shows on purpose: a lesson, not ✗
    assert "규칙상 할 수 없는 행동" in lesson.inner_text() and "no-civil-action" not in lesson.inner_text()
    assert "no-civil-action" in lesson.locator(".rb-rule").get_attribute("title")  # the code: a tooltip only
    assert lesson.locator("svg.rb-mark").count() == 1  # the 🚫 mark, drawn so that it needs no emoji font
    page.screenshot(path=f"{SCREENSHOTS}/rulebook-player.png", full_page=False)
    player.screenshot(path=f"{SCREENSHOTS}/rulebook-player-widget.png")

    player.locator(".rbp-prev").click()
    assert counter.inner_text().startswith("2 /")
    player.press("ArrowRight")
    assert counter.inner_text().startswith("3 /")
    player.press("ArrowLeft")
    player.press("ArrowLeft")
    assert counter.inner_text().startswith("1 /")

    assert page.outside == [] and page.errors == []


def test_scenario_player_works_from_file_urls(browser, site):
    """Opened straight from disk (file://), e.g. a copied html folder in a classroom."""
    context = browser.new_context()
    page = context.new_page()
    outside = []

    def route(request_route):
        if request_route.request.url.startswith("file://"):
            request_route.continue_()
        else:
            outside.append(request_route.request.url)
            request_route.abort()

    context.route("**/*", route)  # the context's route sees the service workers' requests too
    page.goto((site / "notebooks" / "tutorial" / "01-widgets.html").as_uri())
    counter = page.locator(".rbp-counter").first
    counter.wait_for(timeout=20000)
    page.locator(".rbp-next").first.click()
    assert counter.inner_text().startswith("1 /")
    assert outside == []
    context.close()


def test_rule_link_of_a_rejection_opens_its_section(page, server):
    page.goto(server + "notebooks/tutorial/01-widgets.html")
    player = page.locator(".rbp").first
    player.locator(".rbp-counter").wait_for(timeout=20000)
    for _ in range(3):
        player.locator(".rbp-next").click()
    link = player.locator(".rb-lesson a.rb-rule")
    href = link.get_attribute("href")
    assert href.startswith("../../") and "#tta-simple-round1-card-row" in href
    link.click()
    page.wait_for_url("**/through_the_ages/round1.html#tta-simple-round1-card-row")
    assert page.locator("#tta-simple-round1-card-row").count() == 1
    page.screenshot(path=f"{SCREENSHOTS}/rulebook-rules-page.png", full_page=False)
    assert page.outside == [] and page.errors == []


@pytest.mark.parametrize("query", ["인구", "인구가"])
def test_korean_search_finds_the_population_rules(page, server, query):
    page.goto(server + "search.html?q=" + query)
    results = page.locator("#search-results ul.search li a")
    results.first.wait_for(timeout=20000)
    hrefs = [results.nth(i).get_attribute("href") for i in range(results.count())]
    assert any("through_the_ages/round2.html" in href for href in hrefs), hrefs
    assert page.outside == [] and page.errors == []


def _players_shown(html: str) -> int:
    """How many ScenarioPlayer views the page embeds (views whose model is a ScenarioPlayer)."""
    state = json.loads(re.search(r'<script type="application/vnd.jupyter.widget-state\+json">(.*?)</script>',
                                 html, re.S).group(1))["state"]
    shown = [json.loads(view)["model_id"] for view in
             re.findall(r'<script type="application/vnd.jupyter.widget-view\+json">(.*?)</script>', html, re.S)]
    return sum(state[model]["state"].get("_anywidget_id") == "tutor.widgets.player.ScenarioPlayer"
               for model in shown if model in state)


def test_every_notebook_page_renders_its_players(page, server, site):
    pages = sorted((site / "notebooks").rglob("*.html"))
    checked = 0
    for path in pages:
        html = path.read_text(encoding="utf-8")
        if "widget-state+json" not in html:
            continue
        expected = _players_shown(html)
        page.goto(server + path.relative_to(site).as_posix())
        if expected:
            page.locator(".rbp-counter").nth(expected - 1).wait_for(timeout=20000)
        assert page.locator(".rbp").count() == expected, path
        checked += 1
    assert checked
    assert page.outside == [] and page.errors == []
