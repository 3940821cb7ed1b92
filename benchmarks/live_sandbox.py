"""The live site's speed in headless Chromium, every request off 127.0.0.1 blocked: for each game's
Sandbox, the time to ready (cold, then on a second visit in the same browser profile), the first move
and the median and p90 of the moves after it; and the time until a JupyterLite notebook's kernel is idle.

Serves the built site (``bash scripts/build-docs.sh`` first). "Ready" is from the Sandbox coming into view
(which starts Python) to the moment its engines have loaded and warmed up; a move is from the click to
the redrawn Sandbox, timed inside the page. Where the Sandbox loads its files from (network, HTTP cache,
Cache Storage) and how long each took comes from the page's Resource Timing entries.

    .venv/bin/python benchmarks/live_sandbox.py
    .venv/bin/python benchmarks/live_sandbox.py --games dominion --moves 20 --no-lite
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
# The Sandbox's loader (sandbox.js) is a promise on globalThis, settled once the engines have loaded and
# warmed up; ready is when it settles.
READY = """async () => {
  while (!globalThis.rulebookPyodide) await new Promise((r) => setTimeout(r, 5));
  await globalThis.rulebookPyodide;
  return performance.now();
}"""
# Pyodide's files and the wheels: [name, start, duration (ms), bytes over the network (0: a cache)].
RESOURCES = """() => performance.getEntriesByType('resource')
  .filter((e) => /pyodide|\\.whl|python_stdlib/.test(e.name))
  .map((e) => [e.name.split('/').pop(), Math.round(e.startTime), Math.round(e.duration), e.transferSize])"""


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
    sandbox.scroll_into_view_if_needed()  # in view: the Sandbox starts Python (pointing at it would too)
    sandbox.hover()
    ready = page.evaluate(READY)
    files = page.evaluate(RESOURCES)
    wheels = [f for f in files if f[0].endswith(".whl")]
    result = {"ready_s": (ready - start) / 1000, "resources": files,
              "network_bytes": sum(f[3] for f in files),
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


def lite_idle(browser, base: str, notebook: str, outside: list[str]) -> float:
    """Seconds from opening ``notebook`` in JupyterLite (fresh profile) to its kernel reported idle."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    context.on("request", lambda r: r.url.startswith((base, "data:", "blob:")) or outside.append(r.url))
    page = context.new_page()
    start = time.perf_counter()
    page.goto(base + "lite/notebooks/index.html?path=" + notebook)
    page.locator(".jp-KernelStatus-success").wait_for(timeout=180_000)  # as tests/site/test_live.py
    seconds = time.perf_counter() - start
    context.close()
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", nargs="*", default=list(PAGES), choices=list(PAGES))
    parser.add_argument("--moves", type=int, default=15, help="moves timed after the first")
    parser.add_argument("--lite-runs", type=int, default=2, help="JupyterLite cold opens (0: none)")
    parser.add_argument("--json", action="store_true", help="also print the raw numbers as JSON")
    args = parser.parse_args()
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
            print(f"{game:22} ready cold {cold['ready_s']:.2f} s (Pyodide {cold['pyodide_s']:.2f} s + engines "
                  f"{cold['engines_s']:.2f} s, {cold['network_bytes'] / 1e6:.1f} MB fetched), second visit "
                  f"{again['ready_s']:.2f} s (Pyodide {again['pyodide_s']:.2f} s, {again['network_bytes'] / 1e6:.1f} MB); "
                  f"first move {cold['first_ms']:.0f} ms (second visit {again['first_ms']:.0f} ms); "
                  + (f"later moves median {statistics.median(later):.0f} ms, p90 {percentile(later, 0.9):.0f} ms "
                     f"over {len(later)}" if later else "no later moves"), flush=True)
        if args.lite_runs:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            idle = [lite_idle(browser, base, LITE_NOTEBOOK, outside) for _ in range(args.lite_runs)]
            browser.close()
            report["lite_idle_s"] = idle
            print(f"JupyterLite kernel idle after opening {LITE_NOTEBOOK}: "
                  + ", ".join(f"{s:.1f} s" for s in idle), flush=True)
    print(f"requests leaving 127.0.0.1: {len(outside)} {outside[:3]}")
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main()
