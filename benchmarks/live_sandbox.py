"""The live site's speed in headless Chromium, every request off 127.0.0.1 blocked: for each game's
Sandbox, the time to ready (cold, then on a second visit in the same browser profile), the first move
and the median and p90 of the moves after it; and the time until a JupyterLite notebook's kernel is idle.

Serves the built site (``bash scripts/build-docs.sh`` first). "Ready" is from the Sandbox coming into view
(which starts Python) to the moment its engines have loaded and warmed up; a move is from the click to
the redrawn Sandbox, timed inside the page. Where the Sandbox loads its files from (network, HTTP cache,
Cache Storage) and how long each took comes from the page's Resource Timing entries.

    .venv/bin/python benchmarks/live_sandbox.py
    .venv/bin/python benchmarks/live_sandbox.py --games dominion --moves 20 --lite-runs 0 --phases
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time

from playwright.sync_api import sync_playwright

from tutor.site import HTML, serving

SITE = HTML
PAGES = {
    "dominion": "notebooks/dominion/03-turn-example.html",
    "carta_impera_victoria": "notebooks/carta_impera_victoria/02-turn.html",
    "through_the_ages": "notebooks/through_the_ages/06-first-round.html",
    "history_of_the_world": "notebooks/history_of_the_world/02-turn.html",
}
LITE_NOTEBOOK = "dominion/03-turn-example.ipynb"
# Outside requests fail at name resolution (Playwright's request routing would also turn off the HTTP
# cache, which a second visit measures); every request off the local server is still counted.
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]

# One move in the page: click the first legal move (or the dice) and wait for the redraw.
MOVE = """async (el) => {
  const yaml = () => el.querySelector('.rbs-yaml').textContent;
  const before = yaml(), button = el.querySelector('.rbs-move, .rbs-roll');
  if (!button) return null;
  const start = performance.now();
  button.click();
  await new Promise((resolve) => {
    const seen = new MutationObserver(() => { if (yaml() !== before) { seen.disconnect(); resolve(); } });
    seen.observe(el, { subtree: true, childList: true, characterData: true });
  });
  return performance.now() - start;
}"""
# The page's one live client (docs/_static/live/client.js) starts Python when the Sandbox comes into view;
# ready is when its Web Worker says so.
READY = """async () => {
  await rulebookLive.python().ready;
  return performance.now();
}"""
# Pyodide's files and the wheels: [name, start, duration (ms), bytes over the network (0: a cache),
# answered by the site's service worker (from Cache Storage, or fetched and stored by it)].
RESOURCES = """() => performance.getEntriesByType('resource')
  .filter((e) => /pyodide|\\.whl|python_stdlib/.test(e.name))
  .map((e) => [e.name.split('/').pop(), Math.round(e.startTime), Math.round(e.duration), e.transferSize,
               e.workerStart > 0])"""


# Where the start goes (--phases), in a fresh page: the same steps as sandbox.js, each timed, with the
# wasm compile alone for scale.
PHASES = """async () => {
  const live = globalThis.rulebookLive, t = [], mark = (n) => t.push([n, performance.now()]);
  mark('start');
  const bytes = await (await fetch(live.pyodide + 'pyodide.asm.wasm')).arrayBuffer(); mark('fetch pyodide.asm.wasm');
  await WebAssembly.compile(bytes); mark('compile it alone');
  const { loadPyodide } = await import(live.pyodide + 'pyodide.mjs');
  const pyodide = await loadPyodide({ indexURL: live.pyodide }); mark('loadPyodide (Python starts)');
  await pyodide.loadPackage(live.wheels, { messageCallback: () => {} }); mark('install the wheels');
  pyodide.runPython('import tutor.live'); mark('import the engines and views');
  // live.warm calls through the live client; here the same calls go straight to this Pyodide
  const direct = { call: async (module, name, ...args) => pyodide.pyimport(module)[name](...args) };
  if (live.warm) { await live.warm(direct); mark('warm-up (a throwaway first move)'); }
  return t.slice(1).map(([n, v], i) => [n, Math.round(v - t[i][1])]);
}"""


def seconds(value: float | None) -> str:
    """A time in seconds, or a dash where the page did not show that phase (a snapshot has no wheels to fetch)."""
    return "—" if value is None else f"{value:.2f} s"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def visit(context, base: str, path: str, moves: int) -> dict:
    """Open ``path``, point at its first Sandbox, time ready, the first move and ``moves`` more."""
    page = context.new_page()
    page.goto(base + path, wait_until="load")
    sandbox = page.locator(".rbs").first
    sandbox.wait_for(timeout=30_000)
    start = page.evaluate("() => performance.now()")
    sandbox.scroll_into_view_if_needed()  # in view: the Sandbox starts Python
    # and the reader points at it (what started Python before; an event, since the page is busy loading)
    sandbox.dispatch_event("pointerenter")
    ready = page.evaluate(READY)
    files = page.evaluate(RESOURCES)
    wheels = [f for f in files if f[0].endswith(".whl")]
    result = {"ready_s": (ready - start) / 1000, "resources": files,
              "network_bytes": sum(f[3] for f in files),
              "via_service_worker": sum(f[4] for f in files),
              # Pyodide's own start (wasm compiled, interpreter up), then installing and warming the engines
              "pyodide_s": (wheels[0][1] - start) / 1000 if wheels else None,
              "engines_s": (ready - wheels[0][1]) / 1000 if wheels else None}
    times = []
    handle = sandbox.element_handle()
    for _ in range(moves + 1):
        spent = page.evaluate(MOVE, handle)
        if spent is None:
            break
        times.append(spent)
    result["first_ms"] = times[0] if times else None
    result["later_ms"] = times[1:]
    page.close()
    return result


def lite_idle(browser, base: str, notebook: str, outside: list[str]) -> dict:
    """Seconds from opening ``notebook`` in JupyterLite (fresh profile) to its kernel reported idle, and
    when (from the same start) the kernel's worker asked for Pyodide's wasm and for its first package
    (micropip: Pyodide has started) and last package before idle."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    context.on("request", lambda r: r.url.startswith((base, "data:", "blob:")) or outside.append(r.url))
    asked: list[tuple[float, str]] = []
    context.on("request", lambda r: asked.append((time.perf_counter(), r.url.split("?")[0].split("/")[-1])))
    page = context.new_page()
    start = time.perf_counter()
    page.goto(base + "lite/notebooks/index.html?path=" + notebook)
    page.locator(".jp-KernelStatus-success").wait_for(timeout=180_000)  # as tests/site/test_live.py
    idle = time.perf_counter() - start
    context.close()
    wasm = next((t for t, name in asked if name == "pyodide.asm.wasm"), start) - start
    wheels = [t - start for t, name in asked if name.endswith(".whl") and t - start < idle]
    return {"idle_s": idle, "wasm_asked_s": wasm, "first_package_s": wheels[0] if wheels else None,
            "last_package_s": wheels[-1] if wheels else None}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", nargs="*", default=list(PAGES), choices=list(PAGES))
    parser.add_argument("--page", action="append", default=[], metavar="GAME=PATH",
                        help="time the Sandbox of another page for a game (e.g. history_of_the_world="
                             "notebooks/history_of_the_world/04-defence-and-siege.html)")
    parser.add_argument("--moves", type=int, default=15, help="moves timed after the first")
    parser.add_argument("--lite-runs", type=int, default=2, help="JupyterLite cold opens (0: none)")
    parser.add_argument("--json", action="store_true", help="also print the raw numbers as JSON")
    parser.add_argument("--phases", action="store_true", help="also time each step of the start, per game")
    args = parser.parse_args()
    PAGES.update(dict(item.split("=", 1) for item in args.page))
    if not (SITE / "index.html").is_file():
        sys.exit(f"{SITE} 에 사이트가 없습니다: 먼저 bash scripts/build-docs.sh 로 빌드하세요.")
    outside: list[str] = []
    report: dict = {}
    with serving(SITE) as base, sync_playwright() as playwright:
        for game in args.games:
            with tempfile.TemporaryDirectory() as profile:  # a new browser profile: a first-time reader
                context = playwright.chromium.launch_persistent_context(
                    profile, executable_path="/usr/bin/chromium", args=ARGS, viewport={"width": 1100, "height": 900})
                context.on("request", lambda r: r.url.startswith((base, "data:", "blob:")) or outside.append(r.url))
                cold = visit(context, base, PAGES[game], args.moves)
                again = visit(context, base, PAGES[game], 0)
                context.close()
            report[game] = {"cold": cold, "second": again}
            later = cold["later_ms"]
            print(f"{game:22} ready cold {seconds(cold['ready_s'])} (Pyodide {seconds(cold['pyodide_s'])} + engines "
                  f"{seconds(cold['engines_s'])}), second visit {seconds(again['ready_s'])} (Pyodide "
                  f"{seconds(again['pyodide_s'])}, {again['via_service_worker']} of {len(again['resources'])} files "
                  f"from the service worker); first move {cold['first_ms'] or 0:.0f} ms (second visit "
                  f"{again['first_ms'] or 0:.0f} ms); "
                  + (f"later moves median {statistics.median(later):.0f} ms, p90 {percentile(later, 0.9):.0f} ms "
                     f"over {len(later)}" if later else "no later moves"), flush=True)
        if args.phases:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            for game in args.games:
                page = browser.new_page()
                page.goto(base + PAGES[game])
                steps = page.evaluate(PHASES)
                report[game]["phases_ms"] = steps
                print(f"{game:22} start: " + ", ".join(f"{name} {ms} ms" for name, ms in steps), flush=True)
                page.close()
            browser.close()
        if args.lite_runs:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            idle = [lite_idle(browser, base, LITE_NOTEBOOK, outside) for _ in range(args.lite_runs)]
            browser.close()
            report["lite"] = idle
            print(f"JupyterLite kernel idle after opening {LITE_NOTEBOOK}: " + "; ".join(
                f"{run['idle_s']:.1f} s (page until the worker asks for Pyodide {run['wasm_asked_s']:.1f} s, "
                f"Pyodide starts until its first package {run['first_package_s'] - run['wasm_asked_s']:.1f} s, "
                f"kernel packages {run['last_package_s'] - run['first_package_s']:.1f} s, "
                f"then imports until idle {run['idle_s'] - run['last_package_s']:.1f} s)" for run in idle), flush=True)
    print(f"requests leaving 127.0.0.1: {len(outside)} {outside[:3]}")
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main()
