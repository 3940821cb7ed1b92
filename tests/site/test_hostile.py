"""Hostile input against the built site in a real Chromium, every request off the local server blocked
(issue 28): script in every field a workbench link, a practice save or a view can carry; the JupyterLite
REPL's code-running address; a poisoned service-worker cache; alias bombs; a returning reader after a
rebuild. Each asserts that nothing ran (a ``window`` marker stays unset), that no string reached HTML as
markup (the page's Content-Security-Policy reports no blocked inline handler) and that the page answers.
"""
import json
import re
import shutil
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tutor.livesite import LITE_APPS, live_wheels, stage_wheels, write_service_worker
from tutor.practice import Seat, Table
from tutor.site import serving
from tutor.workbench_link import link

from ..fuzz.test_hostile_scenarios import alias_bombs
from .test_browser import browser, guarded_page, server, wait_until  # noqa: F401 (fixtures shared with the site test)

PYODIDE_LOAD = 90_000  # ms; a cold start is a few seconds on an idle machine, CI shares its cores
SANDBOX_PAGE = "notebooks/dominion/03-turn-example.html"
SANDBOX_MOVE = "play 시장"
PAYLOAD = '<img src=x onerror="__pwned=1">'  # no dot: a player's name may not hold one
# Before any page script: the marker a payload would set, and every inline script the CSP blocked (a string
# that reached HTML as markup, even though it could not run).
WATCH = """
window.__blocked = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.__blocked.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
"""


def guarded(browser, server):  # noqa: F811
    """A guarded page (requests off the local server blocked, service workers' too) with the watch installed."""
    page = guarded_page(browser, server, viewport={"width": 1100, "height": 900})
    page.context.add_init_script(WATCH)
    return page


def assert_nothing_ran(page) -> None:
    assert page.evaluate("typeof window.__pwned") == "undefined"
    assert page.evaluate("window.__blocked") == [], "a string reached HTML as markup"
    assert page.outside == []


def responsive_within(page, ms: int) -> None:
    """The main thread answers a trivial script within ``ms``."""
    took = page.evaluate("() => new Promise((done) => { const t = performance.now(); "
                         "setTimeout(() => done(performance.now() - t), 0); })")
    assert took < ms, f"the page was busy for {took:.0f} ms"


def open_workbench(page, server, fragment: str) -> None:  # noqa: F811
    page.goto(f"{server}workbench.html#{fragment}")
    expect(page.locator(".rbw.rbw-ready")).to_be_attached(timeout=PYODIDE_LOAD)
    page.evaluate("document.querySelector('.rbw-advanced').open = true")  # the YAML view, folded at first


def editor_text(page) -> str:
    """The editor's text, line by line as CodeMirror draws it (a short text is drawn whole)."""
    return page.evaluate("Array.from(document.querySelectorAll('.rbw-editor .cm-line'), (l) => l.textContent).join('\\n')")


# --- script in every field the workbench's form and views draw ---------------------------------------------
FIELDS = f"""\
game: dominion
title: '{PAYLOAD}'
players: ['{PAYLOAD}', 'R&amp;D', 'A<B']
setup:
  kingdom: ['{PAYLOAD}', 마을, 시장, 대장장이, 실험실, 정원, 민병대, 해자, 작업장, 광산]
  supply: {{'{PAYLOAD}': 3}}
  trash: ['{PAYLOAD}']
  first: '{PAYLOAD}'
  '{PAYLOAD}': {{hand: ['{PAYLOAD}', 동]}}
steps:
  - say: '{PAYLOAD}'
"""
PLAYABLE = f"""\
game: dominion
title: 이름에 태그가 든 질문
players: ['{PAYLOAD}', 'R&amp;D']
setup:
  '{PAYLOAD}': {{hand: [동, 동, 동, 동, 동]}}
steps:
  - say: '{PAYLOAD} 차례입니다.'
  - {{by: '{PAYLOAD}', move: play all}}
  - {{by: '{PAYLOAD}', move: buy 은}}
"""


@pytest.mark.parametrize("text", [FIELDS, PLAYABLE], ids=["every-form-field", "views"])
def test_a_link_with_script_runs_nothing_and_opens_exactly_as_shared(browser, server, text):  # noqa: F811
    page = guarded(browser, server)
    open_workbench(page, server, link(text))
    wait_until(page, "Number(document.getElementById('rb-workbench').dataset.runs || 0) > 0", timeout=30_000)
    expect(page.locator(".rbw-form input").first).to_be_attached(timeout=15_000)
    page.wait_for_timeout(1_500)  # the form has drawn, and would have written back by now
    if text is PLAYABLE:
        assert page.locator("#rb-workbench").get_attribute("data-verdict") == "ok"
        # the board editor draws the view's HTML and its zones' editors the names, as text
        expect(page.locator(".rbw-board-view .rb-player-name").first).to_have_text(PAYLOAD, timeout=15_000)
        page.locator(".rbw-zone-button").first.click()
        expect(page.locator(".rbw-zone-editor .rbw-chip-name").first).to_have_text("동")
        expect(page.locator(".rbw-zone-editor .rbw-zone-title")).to_contain_text(PAYLOAD)
        page.locator(".rbw-open-sandbox").click()  # the Sandbox's view and moves draw the names too
        expect(page.locator(".rbw-sandbox .rbs")).to_be_visible(timeout=15_000)
        page.wait_for_timeout(500)
    assert_nothing_ran(page)
    assert editor_text(page) == text  # not one character rewritten
    assert page.evaluate("localStorage.getItem('rulebook-workbench-text')") in (None, text)
    page.context.close()


def test_script_injected_as_markup_is_blocked_by_the_pages_policy(browser, server):  # noqa: F811
    """The second wall: had any library written a string as HTML, its inline handler would not run."""
    page = guarded(browser, server)
    page.goto(server + "index.html")
    page.evaluate(f"document.body.insertAdjacentHTML('beforeend', {json.dumps(PAYLOAD)})")
    page.wait_for_timeout(500)
    assert page.evaluate("typeof window.__pwned") == "undefined"
    assert any(v.startswith("script-src-attr") for v in page.evaluate("window.__blocked"))
    page.context.close()


def test_a_practice_save_with_script_in_its_names_runs_nothing(browser, server):  # noqa: F811
    page = guarded(browser, server)
    page.goto(server + "dominion/practice.html")
    expect(page.locator(".rbp-start")).to_be_visible(timeout=PYODIDE_LOAD)
    page.locator(".rbp-start").click()
    expect(page.locator(".rbp")).to_have_attribute("data-state", re.compile("person|computer|handoff|over"),
                                                   timeout=30_000)
    key = page.evaluate("Object.keys(localStorage).find((k) => k.startsWith('rulebook-practice'))")
    save = page.evaluate("(key) => localStorage.getItem(key)", key)
    name = json.loads(save)["seats"][0]["name"]
    page.evaluate("([key, save]) => localStorage.setItem(key, save)", [key, save.replace(name, PAYLOAD.replace('"', "'"))])
    page.reload()
    page.locator(".rbp-resume").click()
    expect(page.locator(".rbp")).to_have_attribute("data-state", re.compile("person|computer|handoff|over"),
                                                   timeout=30_000)
    page.wait_for_timeout(1_000)
    assert_nothing_ran(page)
    page.context.close()


@pytest.mark.parametrize("save, said", [
    (lambda s: s.replace('"seed": 7', '"seed": Infinity'), "시드"),
    (lambda s: "[" * 100_000 + "]" * 100_000, "깊게"),
])
def test_a_broken_save_is_explained_and_kept(browser, server, save, said):  # noqa: F811
    page = guarded(browser, server)
    page.goto(server + "dominion/practice.html")
    expect(page.locator(".rbp-start")).to_be_visible(timeout=PYODIDE_LOAD)
    page.locator(".rbp-seed").fill("7")
    page.locator(".rbp-start").click()
    expect(page.locator(".rbp")).to_have_attribute("data-state", re.compile("person|computer|handoff|over"),
                                                   timeout=30_000)
    key = page.evaluate("Object.keys(localStorage).find((k) => k.startsWith('rulebook-practice'))")
    broken = save(page.evaluate("(key) => localStorage.getItem(key)", key))
    page.evaluate("([key, save]) => localStorage.setItem(key, save)", [key, broken])
    page.reload()
    page.locator(".rbp-resume").click()
    expect(page.locator(".rbp-reason")).to_contain_text(said, timeout=30_000)
    assert page.evaluate("(key) => localStorage.getItem(key)", key) == broken  # kept until the reader chooses
    assert page.errors == []
    page.context.close()


# --- alias bombs and broken links in the page -------------------------------------------------------------
@pytest.mark.parametrize("name", ["parse", "key", "amplify"])
def test_an_alias_bomb_link_is_refused_in_korean_and_the_page_answers(browser, server, name):  # noqa: F811
    page = guarded(browser, server)
    fragment = link(alias_bombs()[name])
    assert len(fragment) < 2_000  # a link anyone can paste
    open_workbench(page, server, fragment)
    wait_until(page, "Number(document.getElementById('rb-workbench').dataset.runs || 0) > 0", timeout=30_000)
    assert page.locator("#rb-workbench").get_attribute("data-verdict") == "unusable"
    expect(page.locator(".rbw-problems")).to_contain_text("별칭")
    responsive_within(page, 1_000)
    assert_nothing_ran(page)
    page.context.close()


def test_a_malformed_percent_link_is_explained_in_korean(browser, server):  # noqa: F811
    page = guarded(browser, server)
    open_workbench(page, server, "v1.%E0%A4%A")
    problem = page.locator(".rbw-link-problem")
    expect(problem).to_be_visible()
    assert re.search("[가-힣]", problem.inner_text()) and "URI" not in problem.inner_text()
    page.context.close()


# --- JupyterLite: no code from an address, and the site's worker stays --------------------------------------
def test_the_site_ships_no_jupyterlite_app_that_runs_code_from_its_address(site, browser, server):  # noqa: F811
    assert LITE_APPS == ["notebooks", "tree"]
    assert not (site / "lite" / "repl").exists() and not (site / "lite" / "lab").exists()
    page = guarded(browser, server)
    code = "from IPython.display import Javascript, display; display(Javascript('window.__pwned = 1'))"
    answer = page.goto(f"{server}lite/repl/index.html?kernel=python&toolbar=1&code={code}")
    assert answer.status == 404
    page.context.close()


def own_worker_registered(page) -> bool:
    return page.evaluate("navigator.serviceWorker.getRegistrations().then((all) => "
                         "all.some((r) => (r.active || r.installing || r.waiting).scriptURL.endsWith('/rulebook-sw.js')))")


def test_jupyterlite_leaves_the_sites_service_worker_in_place(browser, server):  # noqa: F811
    page = guarded(browser, server)
    page.goto(server + SANDBOX_PAGE)
    wait_until(page, "navigator.serviceWorker.controller !== null", timeout=60_000)
    page.goto(server + "lite/notebooks/index.html?path=dominion/03-turn-example.ipynb")
    expect(page.locator(".jp-Notebook")).to_be_visible(timeout=60_000)
    page.wait_for_timeout(3_000)  # JupyterLite checks and registers its workers as it starts
    assert own_worker_registered(page)
    page.context.close()


# --- the service worker's caches: poisoned, and after a rebuild ---------------------------------------------
def sandbox_move(page, server) -> None:  # noqa: F811
    """Opens the Dominion Sandbox page and plays one move: Python starts and runs the engines."""
    page.goto(server + SANDBOX_PAGE)
    sandbox = page.locator(".rbs").first
    sandbox.wait_for(timeout=20_000)
    sandbox.locator(f'.rbs-move[title="{SANDBOX_MOVE}"]').click()
    expect(sandbox.locator(".rb-outcome")).to_be_visible(timeout=PYODIDE_LOAD)


def cached_files(page) -> dict[str, int]:
    """The site worker's Python cache: address → size."""
    return page.evaluate("""async () => {
        const name = (await caches.keys()).find((n) => n.startsWith("rulebook-live-"));
        const cache = await caches.open(name), out = {};
        for (const request of await cache.keys()) out[request.url] = (await (await cache.match(request)).arrayBuffer()).byteLength;
        return out;
    }""")


def wait_until_cached(page, count: int) -> dict[str, int]:
    wait_until(page, "navigator.serviceWorker.controller !== null", timeout=60_000)
    wait_until(page, f"""async () => {{
        const name = (await caches.keys()).find((n) => n.startsWith("rulebook-live-"));
        return Boolean(name) && (await (await caches.open(name)).keys()).length >= {count};
    }}""", timeout=120_000)
    return cached_files(page)


def python_files(site: Path) -> list[str]:
    worker = (site / "rulebook-sw.js").read_text(encoding="utf-8")
    return list(json.loads(re.search(r"const FILES = new Map\(Object\.entries\((\{.*?\})\)", worker, re.S).group(1)))


def test_a_poisoned_cache_is_never_served(site, browser, server):  # noqa: F811
    page = guarded(browser, server)
    page.goto(server + SANDBOX_PAGE)
    files = python_files(site)
    before = wait_until_cached(page, len(files))
    poisoned = server + "lite/static/pyodide/pyodide.mjs"
    assert poisoned in before
    # Any script of the origin (a notebook in JupyterLite too) can write Cache Storage: poison Python's loader
    # and the page itself, as the attack in issue 28 did.
    page.evaluate("""async ([url, page]) => {
        const poison = "globalThis.__pwned = 1;\\n";
        for (const name of await caches.keys()) {
            const cache = await caches.open(name);
            if (name.startsWith("rulebook-live-")) {
                const real = await (await cache.match(url)).text();
                await cache.put(url, new Response(poison + real, {headers: {"Content-Type": "text/javascript"}}));
            } else {
                await cache.put(page, new Response("<script>" + poison + "</script>", {headers: {"Content-Type": "text/html"}}));
            }
        }
    }""", [poisoned, server + SANDBOX_PAGE])
    sandbox_move(page, server)
    assert_nothing_ran(page)
    assert cached_files(page)[poisoned] == before[poisoned]  # the build's copy again
    page.context.set_offline(True)  # offline, the page's copy is served only as the build made it
    try:
        page.goto(server + SANDBOX_PAGE)
    except Exception:  # noqa: BLE001 (a refused copy: the browser's offline error page)
        pass
    assert page.evaluate("typeof window.__pwned") == "undefined"
    page.context.close()


def test_a_returning_reader_runs_the_rebuilt_site(site, browser, tmp_path):  # noqa: F811
    """A copy of the site, visited; then its engines' wheel is rebuilt (a new module in it), staged and the
    worker rewritten as the build does; the same browser comes back and must run the new wheel."""
    copy = tmp_path / "html"
    shutil.copytree(site, copy)
    live = copy / "_static" / "vendor" / "live"
    with serving(copy) as server:
        page = guarded(browser, server)
        page.goto(server + SANDBOX_PAGE)
        wait_until_cached(page, len(python_files(copy)))
        sandbox_move(page, server)

        wheels = live_wheels(live)
        rebuilt_dir = tmp_path / "rebuilt"
        rebuilt_dir.mkdir()
        rebuilt = []
        for wheel in wheels:
            target = rebuilt_dir / wheel.name
            with zipfile.ZipFile(wheel) as old, zipfile.ZipFile(target, "w") as new:
                for item in old.infolist():
                    new.writestr(item, old.read(item))
                if wheel.name.startswith("executable_rulebook"):
                    new.writestr("tutor/_rebuilt.py", "def mark() -> str:\n    return '새 빌드'\n")
            rebuilt.append(target)
        for folder in {w.parent for w in wheels}:
            shutil.rmtree(folder)
        stage_wheels(live, rebuilt)
        write_service_worker(copy)

        sandbox_move(page, server)  # the same context: its worker, its caches, its HTTP cache
        mark = page.evaluate("rulebookLive.python().call('tutor._rebuilt', 'mark')")
        assert mark == "새 빌드"
        assert page.errors == [] and page.outside == []
        page.context.close()


# --- the pages themselves ---------------------------------------------------------------------------------
class _Scripts(HTMLParser):
    """Inline scripts that would run, event-handler attributes, and where the policy stands in <head>."""

    def __init__(self) -> None:
        super().__init__()
        self.inline, self.handlers, self.policy_first, self._seen, self._in_script = [], [], None, 0, False
        self.policy = ""

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.handlers += [name for name in attrs if name.startswith("on")]
        if tag == "meta" and (attrs.get("http-equiv") or "").lower() == "content-security-policy":
            self.policy_first, self.policy = self._seen == 0, attrs.get("content", "")
        if tag in ("script", "link", "style"):
            self._seen += 1
        self._in_script = tag == "script" and "src" not in attrs and \
            attrs.get("type", "text/javascript") in ("text/javascript", "module", "application/javascript")

    def handle_data(self, data):
        if self._in_script and data.strip():
            self.inline.append(data.strip()[:80])

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_script = False


def test_every_page_has_the_policy_first_and_no_inline_script(site):
    # doctools.js would make the plural rule with eval; no-eval-plural.js knows Korean's one form only
    assert '"plural_expr": "0"' in (site / "_static" / "translations.js").read_text(encoding="utf-8")
    pages = [p for p in site.rglob("*.html") if "lite" not in p.relative_to(site).parts]
    assert len(pages) > 100
    for path in pages:
        found = _Scripts()
        found.feed(path.read_text(encoding="utf-8"))
        where = path.relative_to(site)
        assert found.policy_first, f"{where}: no Content-Security-Policy before its scripts"
        assert found.inline == [], f"{where}: inline script {found.inline[0]!r}"
        assert found.handlers == [], f"{where}: event-handler attribute {found.handlers[0]}"
        assert "'unsafe-inline'" not in found.policy.split("style-src")[0], where
        if where.name in ("workbench.html", "practice.html"):  # where links and saves arrive: no eval either
            assert "'unsafe-eval'" not in found.policy, where


# --- issue 38: runaway work, prototypes, frames, storage, long names, long saves ------------------------------
KINGDOM = ["저장고", "해자", "마을", "민병대", "개조", "대장장이", "알현실", "시장", "광산", "나무꾼"]
BASIC = ["동", "은", "금", "사유지", "공작령", "속주", "저주"]
CHOICE_BOMB = f"""\
game: dominion
title: 저장고로 버릴 카드 고르기
players: [윤주, 민호]
setup:
  kingdom: [{", ".join(KINGDOM)}]
  윤주: {{hand: [저장고, {", ".join(card for card in BASIC + KINGDOM for _ in range(5))}]}}
steps:
  - {{by: 윤주, move: play 저장고}}
"""
"""Cellar with five copies of each of the game's 17 cards: every sub-multiset of the hand is a discard."""
NORMAL = """\
game: dominion
title: 보물 내기
players: [윤주, 민호]
setup:
  윤주: {hand: [동, 동, 동, 동, 은]}
steps:
  - {by: 윤주, move: play all}
  - check: {윤주.coins: 6}
"""
STOPPED_SAID = re.compile("초가 넘게 걸려 계산을 멈췄습니다")
ANSWERED = ("ok", "failed", "unusable", "stopped")


def verdict(page) -> str:
    return page.evaluate("document.getElementById('rb-workbench').dataset.verdict || ''")


def frame_latency(page) -> float:
    """ms from now until the page has drawn a frame and run a task: what a click waits for."""
    return page.evaluate("() => new Promise((done) => { const t = performance.now(); "
                         "requestAnimationFrame(() => setTimeout(() => done(performance.now() - t), 0)); })")


def click_latency(page, selector: str) -> float:
    """ms from a click on ``selector`` (a control that needs no Python) to its handler and the next frame."""
    return page.evaluate("""(selector) => new Promise((done) => {
        const control = document.querySelector(selector), t = performance.now();
        control.addEventListener("click", () => requestAnimationFrame(() => done(performance.now() - t)), { once: true });
        control.click();
    })""", selector)


@pytest.mark.parametrize("embed", [False, True], ids=["workbench", "embed"])
def test_the_choice_bomb_ends_in_a_verdict_or_the_budgets_message_and_the_page_answers(browser, server, embed):  # noqa: F811
    """Issue 38: Cellar over a hand of 85 cards. Whether the engine bounds the choice (a verdict) or not (the live
    client's budget stops the call), an answer comes within 15 s, the page answers clicks within 200 ms
    throughout, and afterwards Python answers a normal question without a reload."""
    page = guarded(browser, server)
    fragment = link(CHOICE_BOMB)
    assert len(fragment) < 1_000
    page.goto(f"{server}workbench.html{'?embed' if embed else ''}#{fragment}")
    wait_until(page, "typeof rulebookLive === 'object' && rulebookLive.python().ready !== undefined")
    page.evaluate("rulebookLive.python().ready.then(() => { window.__pythonReady = performance.now(); })")
    control = ".rbw-verdict" if embed else ".rbw-start > summary"  # the embed view has no other control
    worst, waited = 0.0, 0
    while verdict(page) not in ANSWERED:
        assert waited < 60_000, "no verdict and no message"
        worst = max(worst, frame_latency(page), click_latency(page, control))
        page.wait_for_timeout(250)
        waited += 250
    took = page.evaluate("({ open: performance.now(), ready: performance.now() - window.__pythonReady, "
                         "run: performance.now() - Number(document.getElementById('rb-workbench').dataset.runBegan) })")
    print(f"\nchoice bomb ({'embed' if embed else 'workbench'}): {verdict(page)} {took['open'] / 1000:.1f} s after "
          f"opening, {took['ready'] / 1000:.1f} s after Python was ready, {took['run'] / 1000:.1f} s after its run was "
          f"asked for; slowest control {worst:.0f} ms")
    # From opening, Python's start and the workbench's warm-up come first: seconds on a quiet machine, many
    # more on a loaded one. The run itself ends within the budget (6 s) and the restart's notice.
    assert took["run"] < 15_000
    assert worst < 200
    if verdict(page) == "stopped":
        stopped = page.locator(".rbw-stopped")
        expect(stopped).to_contain_text(STOPPED_SAID)
        expect(stopped).to_contain_text("링크 속 질문은 그대로" if embed else "편집기의 글은 그대로")
        expect(page.locator(".rbw-run-again")).to_be_visible()
    if embed:  # the fresh Python answers (the embed view has no other question to ask)
        answer = page.evaluate("(text) => rulebookLive.python().call('tutor.workbench', 'run', text)", NORMAL)
        assert json.loads(answer)["ok"]
    else:  # a normal question, without a reload
        stopped = verdict(page) == "stopped"
        if stopped:  # its run never finished: the mark stays, and a reload would not run it on its own
            assert page.evaluate("localStorage.getItem('rulebook-workbench-running')") == "1"
        page.evaluate("document.querySelector('.rbw-start').open = true")  # the control clicked above toggles it
        page.locator(".rbw-new").click()
        wait_until(page, "document.getElementById('rb-workbench').dataset.verdict === 'ok'", timeout=30_000)
    assert_nothing_ran(page)
    assert page.errors == []
    page.context.close()


def test_a_call_past_the_budget_is_stopped_and_every_control_works_again(browser, server):  # noqa: F811
    """The budget itself, honestly: a real run against a budget of 1 ms (rulebookLive.budgetMs, the page's
    documented hook) is stopped; the text stays, the message is Korean, and with the budget back the same
    question runs to its verdict."""
    page = guarded(browser, server)
    open_workbench(page, server, link(NORMAL))
    wait_until(page, "document.getElementById('rb-workbench').dataset.verdict === 'ok'", timeout=30_000)
    expect(page.locator(".rbw-moves .rbw-move").first).to_be_visible(timeout=15_000)
    assert page.evaluate("rulebookLive.budgetMs") == page.evaluate("rulebookLive.BUDGET_MS") == 6_000
    page.evaluate("rulebookLive.budgetMs = 1")
    started = page.evaluate("performance.now()")
    page.locator(".rbw-run").click()
    expect(page.locator(".rbw-stopped")).to_contain_text(STOPPED_SAID, timeout=10_000)
    said_ms = page.evaluate("performance.now()") - started
    expect(page.locator(".rbw-stopped")).to_contain_text("0.001초가 넘게")  # the budget, in seconds: 1 ms is not "0초"
    expect(page.locator(".rbw-stopped")).to_contain_text("편집기의 글은 그대로")
    assert verdict(page) == "stopped" and page.locator(".rbw-steps").is_hidden()
    assert editor_text(page) == NORMAL
    assert frame_latency(page) < 200
    page.evaluate("rulebookLive.budgetMs = rulebookLive.BUDGET_MS")
    again = page.evaluate("performance.now()")
    page.locator(".rbw-run-again").click()
    wait_until(page, "document.getElementById('rb-workbench').dataset.verdict === 'ok'", timeout=30_000)
    expect(page.locator(".rbw-moves .rbw-move").first).to_be_visible(timeout=15_000)  # the step tools too
    back_ms = page.evaluate("performance.now()") - again
    print(f"\nbudget 1 ms: message {said_ms:.0f} ms after the click; verdict again {back_ms / 1000:.1f} s later "
          "(a fresh Python from the snapshot)")
    assert page.locator(".rbw-stopped").count() == 0
    assert page.errors == [] and page.outside == []
    page.context.close()


def test_a_practice_call_past_the_budget_is_stopped_and_the_game_can_go_on(browser, server):  # noqa: F811
    """Resuming a saved game of 300 moves, each replayed (far longer than the budget of 1 ms on any machine, so
    the budget's timer always fires before the answer; a quick set-up once answered first on a busy machine and
    nothing was stopped): stopped, said in Korean, the save kept; with the budget back, the same page resumes
    it in the fresh Python and plays on."""
    table = Table("dominion", [Seat("윤주", "normal"), Seat("민호", "easy")], {}, seed=5)
    while not (len(table.session.moves) >= 300 and table.to_move() == "윤주"):
        table.handle("bot")
    table.seats["윤주"] = Seat("윤주")  # the same game with 윤주 at the screen
    page = guarded(browser, server)
    page.goto(server + "dominion/practice.html")
    expect(page.locator(".rbp-start")).to_be_visible(timeout=PYODIDE_LOAD)
    page.evaluate("([key, saved]) => localStorage.setItem(key, saved)", ["rulebook-practice-dominion", table.save()])
    page.reload()
    expect(page.locator(".rbp-resume")).to_be_visible(timeout=PYODIDE_LOAD)
    page.evaluate("rulebookLive.budgetMs = 1")
    page.locator(".rbp-resume").click()
    stopped = page.locator(".rbp-stopped")
    expect(stopped).to_contain_text(STOPPED_SAID, timeout=10_000)
    expect(stopped).to_contain_text("저장된 게임을 다시 두어 보는 데 0.001초가 넘게")  # what stopped, the budget's digits
    expect(stopped).to_contain_text("‘이어서 하기’로 이어 갈 수 있습니다")  # the save is kept
    page.evaluate("rulebookLive.budgetMs = rulebookLive.BUDGET_MS")
    page.locator(".rbp-resume").click()
    expect(page.locator(".rbp")).to_have_attribute("data-state", "person", timeout=30_000)
    made = len(table.session.moves)
    assert page.locator(".rbp").get_attribute("data-moves") == str(made)  # every move replayed
    page.locator(".rbp-move").first.click()  # the game goes on in the fresh Python
    wait_until(page, f"Number(document.querySelector('.rbp').dataset.moves) > {made}", timeout=30_000)
    assert page.errors == [] and page.outside == []
    page.context.close()


def test_a_stored_text_whose_run_never_finished_waits_for_the_reader(browser, server):  # noqa: F811
    """A notebook (or a run that never ended) left a text with its run mark: it is restored, not run."""
    page = guarded(browser, server)
    page.goto(server + "index.html")
    page.evaluate("(text) => { localStorage.setItem('rulebook-workbench-text', text); "
                  "localStorage.setItem('rulebook-workbench-running', '1'); }", NORMAL)
    page.goto(server + "workbench.html")
    expect(page.locator(".rbw.rbw-ready")).to_be_attached(timeout=PYODIDE_LOAD)
    held = page.locator(".rbw-unrun")
    expect(held).to_contain_text("저절로 실행하지 않고")
    assert verdict(page) == "held" and page.evaluate("document.getElementById('rb-workbench').dataset.runs") is None
    page.evaluate("document.querySelector('.rbw-advanced').open = true")
    assert editor_text(page) == NORMAL
    page.locator(".rbw-run-held").click()
    wait_until(page, "document.getElementById('rb-workbench').dataset.verdict === 'ok'", timeout=30_000)
    expect(page.locator(".rbw-moves .rbw-move").first).to_be_visible(timeout=15_000)
    assert page.evaluate("localStorage.getItem('rulebook-workbench-running')") is None  # finished: cleared
    assert page.errors == []
    page.context.close()


# --- keys from data never reach a prototype -----------------------------------------------------------------
PROTO_PLAYERS = """\
game: dominion
title: 이상한 이름
players: [__proto__, 민호]
steps:
  - {by: __proto__, move: play all}
"""


def test_a_player_named_proto_is_edited_on_the_board_without_touching_prototypes(browser, server):  # noqa: F811
    page = guarded(browser, server)
    open_workbench(page, server, link(PROTO_PLAYERS))
    wait_until(page, "document.getElementById('rb-workbench').dataset.verdict === 'ok'", timeout=30_000)
    zone = page.locator(".rbw-zone-button[data-zone='[\"__proto__\",\"hand\"]']")
    expect(zone).to_be_visible(timeout=15_000)
    zone.click()
    editor = page.locator(".rbw-zone-editor")
    editor.locator(".rbw-picker-input").fill("은")
    editor.locator(".rbw-pick", has_text=re.compile("^은$")).click()
    wait_until(page, "Array.from(document.querySelectorAll('.rbw-editor .cm-line'), (l) => l.textContent)"
                     ".join('\\n').includes('__proto__:')", timeout=15_000)
    text = editor_text(page)
    assert re.search(r"^  __proto__:", text, re.M), text
    assert re.search(r"hand: \[[^\]]*은", text), text
    wait_until(page, "Number(document.getElementById('rb-workbench').dataset.runs) > 1", timeout=30_000)
    polluted = page.evaluate("""() => [Object.getOwnPropertyNames(Object.prototype).filter((k) =>
        !['constructor', '__defineGetter__', '__defineSetter__', 'hasOwnProperty', '__lookupGetter__', '__lookupSetter__',
          'isPrototypeOf', 'propertyIsEnumerable', 'toString', 'valueOf', '__proto__', 'toLocaleString'].includes(k)),
        ({}).hand, Object.getPrototypeOf({}) === Object.prototype]""")
    assert polluted == [[], None, True]
    assert page.locator(".rbw-form-note").inner_text().count("__proto__") == 1  # the form steps aside, saying why
    assert_nothing_ran(page)
    assert page.errors == []
    page.context.close()


# --- frames of another site -----------------------------------------------------------------------------------
def test_pages_refuse_another_sites_frame_but_the_embed_view_runs(browser, server, tmp_path):  # noqa: F811
    embed = f"{server}workbench.html?embed#{link(NORMAL)}"
    (tmp_path / "frame.html").write_text(
        "<!doctype html><meta charset='utf-8'><title>남의 사이트</title>"
        f"<iframe id='whole' src='{server}workbench.html' width='600' height='400'></iframe>"
        f"<iframe id='practice' src='{server}dominion/practice.html' width='600' height='400'></iframe>"
        f"<iframe id='embed' src='{embed}' width='720' height='640'></iframe>", encoding="utf-8")
    with serving(tmp_path) as other:
        assert other != server  # another port: another origin
        page = guarded(browser, server)
        page.context.route(f"{other}**", lambda route: route.continue_())  # the other site, also on this computer
        page.goto(other + "frame.html")
        for name, address in (("whole", f"{server}workbench.html"), ("practice", f"{server}dominion/practice.html")):
            frame = page.frame_locator(f"#{name}")
            refusal = frame.locator(".rb-framed")
            expect(refusal).to_contain_text("다른 사이트 안(프레임)에서는 열리지 않습니다")
            opener = refusal.locator("a")
            assert opener.get_attribute("href") == address and opener.get_attribute("target") == "_blank"
            assert "noopener" in opener.get_attribute("rel")
            assert frame.locator("#rb-workbench, .rbp, article").count() == 0  # the page's content is gone
        for framed in page.frames[1:3]:  # and none of its scripts ran: no live client, no Python
            assert framed.evaluate("[typeof rulebookLive, typeof rulebookStore]") == ["undefined", "undefined"]
        embedded = page.frame_locator("#embed")
        expect(embedded.locator(".rbw.rbw-ready")).to_be_attached(timeout=PYODIDE_LOAD)
        expect(embedded.locator(".rbw-answer, .rbw-result").first).to_be_visible(timeout=30_000)
        assert embedded.locator(".rb-framed").count() == 0
        page.screenshot(path="/tmp/rulebook-framed.png", full_page=True)
        assert page.errors == []
        page.context.close()


# --- a browser that keeps nothing -----------------------------------------------------------------------------
NO_STORAGE = """
for (const name of ["localStorage", "sessionStorage"]) {
  Object.defineProperty(window, name, { configurable: true,
    get() { throw new DOMException("The operation is insecure.", "SecurityError"); } });
}
"""


def test_pages_work_without_storage_and_say_what_they_cannot_keep(browser, server):  # noqa: F811
    page = guarded(browser, server)
    page.context.add_init_script(NO_STORAGE)
    page.goto(server + "index.html")
    assert page.evaluate("rulebookStore.kept") is False
    open_workbench(page, server, link(NORMAL))
    wait_until(page, "document.getElementById('rb-workbench').dataset.verdict === 'ok'", timeout=30_000)
    expect(page.locator(".rbw-storage-note")).to_contain_text("저장하지 못합니다")
    page.locator(".rbw-new").click()  # a new question, typed into the editor, all without storage
    wait_until(page, "Number(document.getElementById('rb-workbench').dataset.runs) > 1", timeout=30_000)
    page.goto(server + "dominion/practice.html")
    expect(page.locator(".rbp-start")).to_be_visible(timeout=PYODIDE_LOAD)
    expect(page.locator(".rbp-storage-note")).to_contain_text("게임을 저장할 수 없습니다")
    page.locator(".rbp-start").click()
    expect(page.locator(".rbp")).to_have_attribute("data-state", "person", timeout=30_000)
    page.locator(".rbp-move").first.click()
    wait_until(page, "Number(document.querySelector('.rbp').dataset.moves) > 0", timeout=30_000)
    assert page.errors == [] and page.outside == []
    page.context.close()


# --- long names and long saves --------------------------------------------------------------------------------
LONG_NAMES = f"""\
game: dominion
title: {"제" * 200}
question: {"Q" * 200}
players: [윤주, {"민" * 100}]
steps:
  - {{by: 윤주, move: play all}}
"""


@pytest.mark.parametrize("embed", [False, True], ids=["workbench", "embed"])
def test_a_long_unbroken_title_wraps_at_phone_width(browser, server, embed):  # noqa: F811
    page = guarded_page(browser, server, viewport={"width": 390, "height": 844})
    page.goto(f"{server}workbench.html{'?embed' if embed else ''}#{link(LONG_NAMES)}")
    expect(page.locator(".rbw.rbw-ready")).to_be_attached(timeout=PYODIDE_LOAD)
    wait_until(page, "document.getElementById('rb-workbench').dataset.verdict === 'ok'", timeout=30_000)
    page.wait_for_timeout(500)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.locator(".rbw-verdict").screenshot(path=f"/tmp/rulebook-long-title-{'embed' if embed else 'workbench'}-390.png")
    assert page.errors == []
    page.context.close()


def test_a_save_of_twenty_thousand_moves_is_refused_at_once_and_kept(browser, server):  # noqa: F811
    page = guarded(browser, server)
    page.goto(server + "dominion/practice.html")
    expect(page.locator(".rbp-start")).to_be_visible(timeout=PYODIDE_LOAD)
    page.locator(".rbp-start").click()
    expect(page.locator(".rbp")).to_have_attribute("data-state", re.compile("person|computer|handoff|over"),
                                                   timeout=30_000)
    key = "rulebook-practice-dominion"
    save = json.loads(page.evaluate("(key) => localStorage.getItem(key)", key))
    save["moves"] = [[save["seats"][0]["name"], "end"]] * 20_000
    planted = json.dumps(save, ensure_ascii=False)
    page.evaluate("([key, save]) => localStorage.setItem(key, save)", [key, planted])
    page.reload()
    page.locator(".rbp-resume").click()
    started = page.evaluate("performance.now()")
    expect(page.locator(".rbp-reason")).to_contain_text("수가 너무 많아", timeout=30_000)
    took = page.evaluate("performance.now()") - started
    print(f"\na save of 20,000 moves: refused {took:.0f} ms after 이어서 하기")
    assert took < 3_000
    assert page.evaluate("(key) => localStorage.getItem(key)", key) == planted
    assert page.errors == []
    page.context.close()
