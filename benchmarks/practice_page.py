"""The computer's turn time on the practice page, in headless Chromium (the issue's target: ≤ 1 s, median ≤ 200 ms).

Serves the built site (``bash scripts/build-docs.sh`` first) on 127.0.0.1, blocks every other request, opens each
game's 연습 게임 page, seats only computers, and lets them play whole games in the page. The page times each
computer move in Python (``globalThis.rulebookBotTimes``: the request from JavaScript to the snapshot back, the
move, the chance after it, the log sentence and the board's HTML included).

    .venv/bin/python benchmarks/practice_page.py
    .venv/bin/python benchmarks/practice_page.py through_the_ages --games 2
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time

from playwright.sync_api import sync_playwright

from tutor.site import HTML, serving

# game → (seats' levels, set-up choices, page time limit in ms for one whole game)
TABLES = {
    "dominion": (["normal", "easy"], {"kingdom": "random"}, 300_000),
    "carta_impera_victoria": (["normal", "easy", "normal"], {"mode": "draft"}, 300_000),
    "through_the_ages": (["normal", "easy"], {"mode": "advanced", "edition": "2006"}, 900_000),
    "history_of_the_world": (["normal", "easy", "normal"], {}, 900_000),
}


def play(page, base: str, game: str, seed: int) -> tuple[list[float], float]:
    levels, picked, limit = TABLES[game]
    page.goto(f"{base}{game}/practice.html")
    page.locator(".rbp-start").wait_for(timeout=180_000)
    while page.locator(".rbp-seat").count() < len(levels):
        page.locator(".rbp-more").click()
    for row, level in zip(page.locator(".rbp-seat").all(), levels):
        row.locator(".rbp-level").select_option(level)
    for key, value in picked.items():
        page.locator(f'.rbp-choice[data-key="{key}"]').select_option(value)
    page.locator(".rbp-seed").fill(str(seed))
    page.evaluate("globalThis.rulebookBotTimes.length = 0")
    started = time.perf_counter()
    page.locator(".rbp-start").click()
    page.locator(".rbp-speed").select_option("fast")
    page.wait_for_function("document.querySelector('.rbp').dataset.state === 'over'", timeout=limit)
    return page.evaluate("globalThis.rulebookBotTimes.slice()"), time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(TABLES))
    parser.add_argument("--games", dest="count", type=int, default=1, help="whole games per game (seeds 1, 2, …)")
    args = parser.parse_args()
    outside: list[str] = []
    worst = 0.0
    with serving(HTML) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                             args=["--headless", "--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": 1024, "height": 900}, bypass_csp=True)  # wait_for_function evals
        page.route("**/*", lambda r: r.continue_() if r.request.url.startswith(base)
                   else (outside.append(r.request.url), r.abort()))
        print(f"{'game':24} {'moves':>6} {'median ms':>10} {'p95 ms':>8} {'max ms':>8} {'game s':>7}")
        for game in args.games:
            times: list[float] = []
            wall = 0.0
            for seed in range(1, args.count + 1):
                samples, seconds = play(page, base, game, seed)
                times += samples
                wall += seconds
            times.sort()
            worst = max(worst, times[-1])
            print(f"{game:24} {len(times):6d} {statistics.median(times):10.0f} "
                  f"{times[int(0.95 * (len(times) - 1))]:8.0f} {times[-1]:8.0f} {wall:7.1f}")
        browser.close()
    if outside:
        print(f"requests off the local server (blocked): {len(outside)}", file=sys.stderr)
        return 1
    return 0 if worst <= 1000 else 2


if __name__ == "__main__":
    sys.exit(main())
