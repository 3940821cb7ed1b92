"""The live site in a real browser, every request that leaves the local server blocked and counted:
each game's Sandbox runs the engines in the page (Pyodide from the site's own files), and a notebook
opens and runs in the JupyterLite build shipped inside the site."""
import json
import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError, expect

from tutor.livesite import CHECK_NOTE, ROOT, SETUP_CELL, TEST_TAG, lite_markdown

from .test_browser import browser, page, server  # noqa: F401 (fixtures shared with the site test)

PYODIDE_LOAD = 90_000  # ms; a cold start is ~10 s on an idle machine, CI shares its cores
LITE_RUN = 240  # s, a whole notebook in JupyterLite, kernel start included

# page, the legal move to click in its first Sandbox, a move the rules reject there (typed), its error code
SANDBOXES = {
    "dominion": ("notebooks/dominion/03-turn-example.html", "play 시장", "buy 속주", "wrong-phase"),
    "carta_impera_victoria": ("notebooks/carta_impera_victoria/02-turn.html", "end", "keep 군사", "wrong-phase"),
    "through_the_ages": ("notebooks/through_the_ages/06-first-round.html", "take 1", "take 2", "leader-this-age"),
    "history_of_the_world": ("notebooks/history_of_the_world/05-assyria-example.html", "invade 나일", "roll 1",
                             "wrong-phase"),
}


def record_status(status) -> None:
    """Keep every text the Sandbox's status line shows: a fast start passes a stage between two reads."""
    status.evaluate("el => { el.seen = []; new MutationObserver(() => el.seen.push(el.textContent))"
                    ".observe(el, {childList: true, characterData: true, subtree: true}); }")


def assert_loading_said(status) -> None:
    """The Korean progress messages while Pyodide and then the engines load, in that order."""
    seen = [text for text in status.evaluate("el => el.seen") if text]
    assert seen and "불러오는 중" in seen[0] and any("설치하는 중" in text for text in seen[1:]), seen


@pytest.mark.parametrize("game", SANDBOXES)
def test_sandbox_runs_the_engines_in_the_page(page, server, game):  # noqa: F811
    path, legal, illegal, code = SANDBOXES[game]
    page.goto(server + path)
    sandbox = page.locator(".rbs").first
    sandbox.wait_for(timeout=20000)
    view = sandbox.locator(".rbs-viewbox")
    start_view, start_yaml = view.inner_html(), sandbox.locator(".rbs-yaml").inner_text()
    assert sandbox.locator(".rbs-status").inner_text() == ""

    # It opens where its notebook opened it, even if the notebook's hidden test cells moved in it since.
    assert not sandbox.locator(".rbs-undo").is_enabled() and not sandbox.locator(".rbs-copy").is_enabled()
    button = sandbox.locator(f'.rbs-move[title="{legal}"]')
    done = button.inner_text().rstrip(".")  # the move's sentence begins with its description
    status = sandbox.locator(".rbs-status")
    record_status(status)
    button.click()
    verdict = sandbox.locator(".rb-outcome")
    expect(verdict).to_contain_text(done, timeout=PYODIDE_LOAD)
    assert status.inner_text() == ""
    assert_loading_said(status)
    after_view = view.inner_html()
    assert after_view != start_view
    assert "move:" in sandbox.locator(".rbs-yaml").inner_text()
    assert sandbox.locator(".rbs-undo").is_enabled() and sandbox.locator(".rbs-copy").is_enabled()

    def reject():
        sandbox.locator(".rbs-input").fill(illegal)
        sandbox.locator(".rbs-submit").click()
        rejected = sandbox.locator(".rb-lesson")  # a refusal teaches the rule
        expect(rejected.locator(".rb-rule")).to_have_attribute("title", re.compile(code), timeout=10000)  # a tooltip
        assert code not in rejected.inner_text()  # never in the sentence
        assert "규칙상 할 수 없는 행동" in rejected.inner_text() and rejected.locator("svg.rb-mark").count() == 1
        assert re.search("[가-힣]", rejected.locator(".rb-reason").inner_text())
        assert view.inner_html() == after_view  # a rejected move changes nothing
        assert sandbox.locator(".rbs-input").input_value() == illegal  # and what was typed stays
        return rejected.locator("a.rb-rule")

    reject()
    sandbox.locator(".rbs-undo").click()
    expect(sandbox.locator(".rbs-message > *")).to_have_count(0)
    assert view.inner_html() == start_view and sandbox.locator(".rbs-yaml").inner_text() == start_yaml
    assert sandbox.locator(".rbs-redo").is_enabled()
    sandbox.locator(".rbs-redo").click()
    expect(sandbox.locator(".rbs-undo")).to_be_enabled()
    assert view.inner_html() == after_view

    # the rejection's rule link is relative and lands on its section of this site
    link = reject()
    href = link.get_attribute("href")
    assert href.startswith("../../") and "#" in href
    link.click()
    page.wait_for_url("**/" + href.removeprefix("../../"))
    assert page.locator("#" + href.split("#")[1]).count() == 1
    assert page.outside == [] and page.errors == []


def test_sandbox_starts_its_engines_when_the_reader_reaches_for_it(page, server):  # noqa: F811
    """Pointing at a Sandbox starts Pyodide, so the first click is answered without the start-up wait."""
    path, legal, _, _ = SANDBOXES["dominion"]
    page.goto(server + path)
    sandbox = page.locator(".rbs").first
    sandbox.wait_for(timeout=20000)
    status = sandbox.locator(".rbs-status")
    record_status(status)
    sandbox.hover()
    expect(status).not_to_have_text("", timeout=5000)  # loading has started
    expect(status).to_have_text("", timeout=PYODIDE_LOAD)  # ready, nothing clicked yet
    assert_loading_said(status)
    assert sandbox.locator(".rbs-message > *").count() == 0
    button = sandbox.locator(f'.rbs-move[title="{legal}"]')
    done = button.inner_text().rstrip(".")
    button.click()
    expect(sandbox.locator(".rb-outcome")).to_contain_text(done, timeout=5000)
    assert page.outside == [] and page.errors == []


def test_sandbox_says_plainly_that_file_urls_cannot_run_it(browser, site):  # noqa: F811
    """Browsers do not run Pyodide from file:// pages: no dead buttons, a message saying what to do."""
    context = browser.new_context()
    page = context.new_page()
    page.goto((site / "notebooks" / "dominion" / "03-turn-example.html").as_uri())
    sandbox = page.locator(".rbs").first
    sandbox.wait_for(timeout=20000)
    message = sandbox.locator(".rbs-status.rbs-unavailable").inner_text()
    # what to do, in words a teacher can act on without the source code: no command to run
    assert "file://" in message and "웹 서버" in message and "USB판" in message and "scripts/" not in message
    assert sandbox.locator(".rbs-move:visible").count() == 0 and sandbox.locator(".rbs-input:visible").count() == 0
    assert sandbox.locator(".rbs-viewbox").inner_html()  # the position is still shown
    context.close()


def test_every_notebook_page_links_to_its_live_notebook(site):
    pages = sorted((site / "notebooks").rglob("*.html"))
    linked = [p for p in pages if 'class="rb-live-link"' in p.read_text(encoding="utf-8")]  # the link, not the words
    assert len(linked) == len(list((site / "lite" / "files").rglob("*.ipynb"))) > 30
    html = (site / "notebooks" / "dominion" / "03-turn-example.html").read_text(encoding="utf-8")
    assert '"../../lite/notebooks/index.html?path=dominion/03-turn-example.ipynb"' in html


def test_live_notebooks_show_no_myst_roles(site):
    """JupyterLab shows a MyST role as raw text: the live copies name sections and pages by title and
    link other notebooks to their live copies."""
    lite = site / "lite" / "files"
    links = 0
    for path in sorted(lite.rglob("*.ipynb")):
        markdown = "".join("".join(cell["source"]) for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]
                           if cell["cell_type"] == "markdown")
        assert not re.search(r"\{(ref|doc)\}`", markdown), path
        for target in re.findall(r"\]\(([^)]+\.ipynb)\)", markdown):
            assert (path.parent / target).is_file(), (path, target)
            links += 1
    assert links > 10
    setup = (lite / "carta_impera_victoria" / "02-turn.ipynb").read_text(encoding="utf-8")
    assert "- ‘1단계: 카드 내려놓기’ (`carta.turn.play`)" in setup  # a rule section by its title and id
    assert "[카르타 임페라 빅토리아: 게임 준비와 드래프트](01-setup.ipynb)" in setup


def test_lite_markdown_writes_each_role_form():
    titles = {"tta15.war": "전쟁", "notebooks/dominion/01-setup": "준비", "through_the_ages/editions": "두 판"}
    text = "- {ref}`tta15.war`\n{ref}`tta15.war`\n{ref}`tta15.war`에서 {doc}`01-setup`와 {doc}`/through_the_ages/editions`"
    assert lite_markdown(text, "notebooks/dominion/02-turn", titles).splitlines() == [
        "- ‘전쟁’ (`tta15.war`)", "- ‘전쟁’ (`tta15.war`)", "‘전쟁’에서 [준비](01-setup.ipynb)와 ‘두 판’"]
    assert lite_markdown("{doc}`/notebooks/dominion/01-setup`", "notebooks/tutorial/01-widgets", titles) == \
        "- [준비](../dominion/01-setup.ipynb)"


def show_every_cell(page) -> None:
    """Unfold the code and outputs of every cell (View menu), as a reader may."""
    for command in ("notebook:show-all-cell-code", "notebook:show-all-cell-outputs"):
        page.get_by_role("menuitem", name="보기", exact=True).click()
        page.locator(f'li[data-command="{command}"]').click()
    expect(page.locator(".jp-InputPlaceholder")).to_have_count(0)


def test_a_notebook_runs_live_in_jupyterlite(page, server):  # noqa: F811
    page.goto(server + "lite/notebooks/index.html?path=carta_impera_victoria/02-turn.ipynb")
    # JupyterLite draws the notebook once before its kernel session exists and again after it: a
    # Run All clicked in between runs nothing (seen with the CPU slowed four times). So wait for the
    # kernel to have started, as a reader sees it in the toolbar.
    page.locator(".jp-KernelStatus-success").wait_for(timeout=LITE_RUN * 1000)
    # the set-up cell and the cells that only check come folded, showing their Korean first line
    # (tutor.livesite.lite_notebook): no install command a student sees
    folded = page.locator(".jp-InputPlaceholder")
    cells = json.loads((ROOT / "notebooks" / "carta_impera_victoria" / "02-turn.ipynb").read_text(encoding="utf-8"))["cells"]
    assert folded.count() == 1 + sum(TEST_TAG in c["metadata"].get("tags", []) for c in cells) > 1
    assert folded.first.inner_text().startswith(SETUP_CELL[:10]) and "%pip" not in folded.first.inner_text()
    assert folded.nth(1).inner_text().startswith(CHECK_NOTE[:10])
    show_every_cell(page)  # so that every prompt, and any error, can be seen
    page.get_by_role("menuitem", name="실행", exact=True).click()  # the menus are in Korean
    page.locator('li[data-command="runmenu:run-all"]').click()
    prompts = "() => [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')].map(e => e.textContent)"
    try:
        page.wait_for_function(
            f"() => {{ const p = ({prompts})(); return p.length && p.every(t => /\\[\\d+\\]/.test(t)); }}",
            timeout=LITE_RUN * 1000)
    except PlaywrightTimeoutError:
        pytest.fail(f"not every cell ran: prompts {page.evaluate(prompts)}, errors {page.errors}")
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.error']")
    assert errors.count() == 0, errors.all_inner_texts()
    # the ScenarioPlayer rendered from the live kernel (a widget's view may draw after its cell has run)
    expect(page.locator(".rbp").first).to_be_attached(timeout=30000)
    assert page.locator(".jp-RenderedMarkdown li", has_text="‘1단계: 카드 내려놓기’").count() == 1

    sandbox = page.locator(".rbs").first  # the Sandbox, its moves answered by the kernel in the page
    move = sandbox.locator(".rbs-move").first
    done = move.inner_text().rstrip(".")
    move.click()
    expect(sandbox.locator(".rb-outcome")).to_contain_text(done, timeout=30000)
    assert page.outside == [] and page.errors == []


def test_the_pages_python_starts_from_the_builds_memory_snapshot(page, server):  # noqa: F811
    """The snapshot holds the engines and each game's warmed-up views (tutor.warmup.warm_games). It has to fit
    Pyodide's first memory: a bigger one fails to load, and every page falls back to a slow, cold start."""
    page.goto(server + "notebooks/history_of_the_world/04-defence-and-siege.html")
    started = json.loads(page.evaluate("rulebookLive.python().ready.then((r) => JSON.stringify(r))"))
    assert started["from"] == "snapshot", started["reason"]
