"""Time to a usable live Sandbox on a cold page load, and per move after, in headless Chromium.

Serves the built site (``bash scripts/build-docs.sh`` first) on 127.0.0.1, blocks every other
request, opens a notebook page in a fresh browser (no cache), clicks the Sandbox's first legal move
and waits for the verdict (Pyodide and the engines load on that first use), then makes more moves.

    .venv/bin/python benchmarks/live_sandbox.py
    .venv/bin/python benchmarks/live_sandbox.py notebooks/through_the_ages/06-first-round.html --moves 20
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time

from playwright.sync_api import sync_playwright

from tutor.site import HTML, serving

SITE = HTML


def measure(page_path: str, moves: int) -> tuple[float, list[float], int]:
    outside: list[str] = []
    with serving(SITE) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                             args=["--headless", "--no-sandbox", "--disable-gpu"])
        page = browser.new_page()
        page.route("**/*", lambda r: r.continue_() if r.request.url.startswith(base)
                   else (outside.append(r.request.url), r.abort()))
        start = time.perf_counter()
        page.goto(base + page_path)
        sandbox = page.locator(".rbs").first
        answered = sandbox.locator(".rbs-message > *")  # what the move did, or why it was refused
        sandbox.locator(".rbs-move, .rbs-roll").first.click()
        answered.wait_for(timeout=120_000)
        cold = time.perf_counter() - start
        samples = []
        for _ in range(moves):
            choices = sandbox.locator(".rbs-move, .rbs-roll")
            if not choices.count():
                break
            before = sandbox.locator(".rbs-yaml").inner_text()
            start = time.perf_counter()
            choices.first.click()
            page.wait_for_function("([el, before]) => el.querySelector('.rbs-yaml').textContent !== before",
                                   arg=[sandbox.element_handle(), before])
            samples.append(time.perf_counter() - start)
        browser.close()
    return cold, samples, len(outside)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("page", nargs="?", default="notebooks/dominion/03-turn-example.html")
    parser.add_argument("--moves", type=int, default=10)
    args = parser.parse_args()
    if not (SITE / args.page).is_file():
        sys.exit(f"{SITE / args.page} 이 없습니다: 먼저 bash scripts/build-docs.sh 로 빌드하세요.")
    cold, samples, outside = measure(args.page, args.moves)
    print(f"cold page load → first move answered: {cold:.1f} s")
    if samples:
        print(f"each move after: median {statistics.median(samples) * 1000:.0f} ms, "
              f"max {max(samples) * 1000:.0f} ms over {len(samples)} moves")
    print(f"requests leaving 127.0.0.1: {outside}")


if __name__ == "__main__":
    main()
