"""Python never holds up the page (issue 30): while a Sandbox, the workbench and a practice game start
Python and play five moves, no main-thread task runs over 200 ms (a PerformanceObserver of long tasks),
the work happens in the live client's Web Worker, and the page answers a click meanwhile. The numbers are
reported by benchmarks/live_pages.py; this test asserts the shape."""
import re

from playwright.sync_api import expect

from .test_browser import browser, guarded_page, server, wait_until  # noqa: F401 (fixtures shared with the site test)

LONGEST = 200  # ms: a longer task is a frozen page
PYODIDE_LOAD = 90_000
# Long tasks from the moment the live part starts; a page's own loading (parsing, widgets drawn from the
# stored state) comes before and is not Python's.
WATCH = """
window.__tasks = [];
new PerformanceObserver((list) => { for (const t of list.getEntries()) window.__tasks.push(Math.round(t.duration)); })
  .observe({ type: "longtask" });
"""


def watched(browser, server):  # noqa: F811
    page = guarded_page(browser, server, viewport={"width": 1100, "height": 900})
    page.context.add_init_script(WATCH)
    return page


def settle_and_reset(page) -> None:
    page.wait_for_timeout(1_500)  # the page's own loading is done
    page.evaluate("window.__tasks = []")


def assert_never_frozen(page) -> None:
    tasks = page.evaluate("window.__tasks")
    assert max(tasks, default=0) <= LONGEST, f"main-thread tasks over {LONGEST} ms: {sorted(tasks)[-5:]}"
    assert page.evaluate("rulebookLive.python().ready.then((r) => r.ready)") is True  # a worker answered
    assert page.errors == [] and page.outside == []


def test_a_sandbox_starts_and_plays_off_the_page(browser, server):  # noqa: F811
    page = watched(browser, server)
    page.goto(server + "notebooks/through_the_ages/14-pacts-and-wars.html")
    settle_and_reset(page)
    sandbox = page.locator(".rbs").first
    sandbox.scroll_into_view_if_needed()  # Python starts as the Sandbox comes into view
    page.mouse.wheel(0, 300)  # the reader scrolls meanwhile
    for n in range(5):
        before = sandbox.locator(".rbs-yaml").inner_text()
        sandbox.locator(".rbs-move").first.click(timeout=PYODIDE_LOAD)
        expect(sandbox.locator(".rbs-yaml")).not_to_have_text(before, timeout=PYODIDE_LOAD)
    assert_never_frozen(page)
    page.context.close()


def test_the_workbench_starts_and_adds_steps_off_the_page(browser, server):  # noqa: F811
    page = watched(browser, server)
    page.goto(server + "workbench.html?game=dominion")
    page.evaluate("window.__tasks = []")
    expect(page.locator(".rbw.rbw-ready")).to_be_attached(timeout=PYODIDE_LOAD)
    for n in range(5):
        runs = int(page.locator("#rb-workbench").get_attribute("data-runs"))
        wait_until(page, "document.querySelectorAll('.rbw-moves .rbw-move').length > 0", timeout=15_000)
        page.locator(".rbw-moves .rbw-move").first.click()
        page.locator(".rbw-add-move").click()
        wait_until(page, f"Number(document.getElementById('rb-workbench').dataset.runs) > {runs}", timeout=30_000)
    assert_never_frozen(page)
    page.context.close()


def test_a_practice_game_starts_and_the_computer_plays_off_the_page(browser, server):  # noqa: F811
    page = watched(browser, server)
    page.goto(server + "through_the_ages/practice.html")
    page.evaluate("window.__tasks = []")
    expect(page.locator(".rbp-start")).to_be_visible(timeout=PYODIDE_LOAD)
    for row in page.locator(".rbp-seat").all():
        row.locator(".rbp-level").select_option("normal")  # two computers: it plays on by itself
    page.locator(".rbp-start").click()
    page.locator(".rbp-speed").select_option("fast")
    wait_until(page, "Number(document.querySelector('.rbp').dataset.moves) >= 5", timeout=60_000)
    assert re.search("[가-힣]", page.locator(".rbp").inner_text())
    assert_never_frozen(page)
    page.context.close()


def test_a_snapshot_that_does_not_load_falls_back_to_a_normal_start(browser, server):  # noqa: F811
    """Pyodide's snapshot calls are private API: a snapshot of another build, or a broken one, must never
    cost the reader the Sandbox. Here every snapshot the page asks for is one Pyodide refuses."""
    import gzip

    page = watched(browser, server)
    refused = gzip.compress(bytes(4096))  # unzips fine; no snapshot's magic number
    page.context.route("**/python.snapshot.gz", lambda route: route.fulfill(body=refused, content_type="application/gzip"))
    page.goto(server + "notebooks/dominion/03-turn-example.html")
    sandbox = page.locator(".rbs").first
    sandbox.scroll_into_view_if_needed()
    sandbox.locator('.rbs-move[title="play 시장"]').click()
    expect(sandbox.locator(".rb-outcome")).to_be_visible(timeout=PYODIDE_LOAD)
    start = page.evaluate("rulebookLive.python().ready")
    assert start["from"] == "start" and "magic" in start["reason"], start
    assert page.errors == []
    page.context.close()
