"""The live parts' start-up in headless Chromium, every request off 127.0.0.1 blocked: for a Sandbox, the
workbench and a practice game, the time until each is ready on a first (cold) visit and on a return visit
in the same browser profile (the service worker's caches filled), whether Python came from the build's
memory snapshot, and the longest main-thread task meanwhile (Python runs in a Web Worker: a long task
is the page's own work). Also the snapshot's and the site's size.

Serves the built site (``bash scripts/build-docs.sh`` first), or the copy ``--site`` names (run from a git
worktree, set ``PYTHONPATH=.``: the shared virtual environment's ``tutor`` is the main checkout's).

    .venv/bin/python benchmarks/live_pages.py
    .venv/bin/python benchmarks/live_pages.py --runs 3 --site /tmp/other-build/html
"""
from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from tutor.livesite import SNAPSHOT
from tutor.site import HTML, serving

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
WATCH = """
window.__tasks = [];
new PerformanceObserver((list) => { for (const t of list.getEntries()) window.__tasks.push(t.duration); })
  .observe({ type: "longtask", buffered: true });
"""
# ms until ready, each from what starts it: the Sandbox from coming into view, the pages from navigation
SANDBOX = """async () => {
  const el = document.querySelector(".rbs");
  const t0 = performance.now();
  el.scrollIntoView();
  await rulebookLive.python().ready;
  return performance.now() - t0;
}"""
PAGE_READY = """async (selector) => {
  while (!document.querySelector(selector)) await new Promise((r) => setTimeout(r, 10));
  return performance.now();
}"""
PARTS = {
    "실험판 (TtA 14)": ("notebooks/through_the_ages/14-pacts-and-wars.html", None),
    "작업대": ("workbench.html?game=dominion", ".rbw.rbw-ready"),
    "연습 게임 (도미니언)": ("dominion/practice.html", ".rbp-start"),
}


def visit(page, server: str, path: str, selector: str | None) -> dict:
    page.goto(server + path)
    if selector is None:
        page.wait_for_timeout(1000)  # the page's own loading first; then the Sandbox comes into view
        page.wait_for_selector(".rbs", state="attached", timeout=60_000)  # drawn late on a busy machine
        ready = page.evaluate(SANDBOX)
    else:
        ready = page.evaluate(PAGE_READY, selector)
    start = page.evaluate("rulebookLive.python().ready")
    return {"ready": ready / 1000, "from": start["from"], "python": start["ms"] / 1000,
            "longest": max(page.evaluate("window.__tasks"), default=0)}


def filled(page) -> None:
    """Waits until the service worker controls the page and holds Python's files."""
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
    page.wait_for_function("""async () => {
        const name = (await caches.keys()).find((n) => n.startsWith("rulebook-live-"));
        return Boolean(name) && (await (await caches.open(name)).keys()).length >= 6;
    }""", timeout=120_000, polling=500)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--site", type=Path, default=HTML, help="the built site to serve")
    args = parser.parse_args()
    rows = {name: {"cold": [], "return": [], "longest": [], "from": set()} for name in PARTS}
    with serving(args.site) as server, sync_playwright() as playwright:
        for _ in range(args.runs):
            for name, (path, selector) in PARTS.items():
                with tempfile.TemporaryDirectory() as profile:
                    context = playwright.chromium.launch_persistent_context(
                        profile, executable_path="/usr/bin/chromium", args=ARGS, bypass_csp=True)  # wait_for_function evals
                    context.add_init_script(WATCH)
                    page = context.new_page()
                    first = visit(page, server, path, selector)
                    filled(page)
                    again = visit(page, server, path, selector)
                    context.close()
                row = rows[name]
                row["cold"].append(first["ready"])
                row["return"].append(again["ready"])
                row["longest"] += [first["longest"], again["longest"]]
                row["from"] |= {first["from"], again["from"]}
    print("| 부분 | 준비 (처음) | 준비 (다시 방문) | 가장 긴 메인 스레드 작업 | 파이썬 시작 |")
    print("|---|---|---|---|---|")
    for name, row in rows.items():
        print(f"| {name} | {statistics.median(row['cold']):.2f} s | {statistics.median(row['return']):.2f} s | "
              f"{max(row['longest']):.0f} ms | {', '.join(sorted(row['from']))} |")
    snapshot = next(args.site.glob(f"_static/vendor/live/*/{SNAPSHOT}"))
    site = sum(p.stat().st_size for p in args.site.rglob("*") if p.is_file())
    print(f"\n스냅숏 {snapshot.stat().st_size / 1e6:.1f} MB (gzip), 사이트 {site / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
