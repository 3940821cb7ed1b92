"""The question workbench in headless Chromium: the first verdict from a cold page load, a re-run after an
edit, and the length of the links "링크 복사" makes for every built-in scenario.

Serves the built site (``bash scripts/build-docs.sh`` first) on 127.0.0.1 and blocks every other request.

- cold: a fresh browser (no cache) opens a workbench link of a scenario; the time until its verdict is
  drawn (Pyodide, the engines and jsonschema load, the file is checked and replayed). Target ≤ 8 s.
- re-run: in that page, the scenario (20 steps or more) is edited and ▶ 실행 pressed; the time until the
  new verdict is drawn, and the page's own count for the check and replay and the drawing. Target ≤ 300 ms.
- links: every built-in scenario encoded by the page's own code (CompressionStream deflate-raw, base64url),
  as the whole URL on a site at https://example.org/rulebook/. Target: a typical link ≤ 2,000 characters.

    .venv/bin/python benchmarks/workbench.py [--scenario dominion/example-market-smithy] [--reruns 10]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time

from playwright.sync_api import sync_playwright

from tutor.scenario import builtin_path, builtin_scenarios, load_scenario
from tutor.site import HTML, serving
from tutor.workbench_link import link

SITE_URL = "https://example.org/rulebook/workbench.html#"  # a plausible public address for the lengths
ARGS = ["--headless", "--no-sandbox", "--disable-gpu"]


def measure(scenario: str, reruns: int) -> dict:
    text = builtin_path(scenario).read_text(encoding="utf-8")
    outside: list[str] = []
    with serving(HTML) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        page = browser.new_page(viewport={"width": 1100, "height": 900}, bypass_csp=True)  # wait_for_function evals
        page.route("**/*", lambda r: r.continue_() if r.request.url.startswith(base)
                   else (outside.append(r.request.url), r.abort()))
        start = time.perf_counter()
        page.goto(f"{base}workbench.html#{link(text)}")
        page.wait_for_selector("#rb-workbench[data-verdict]", timeout=120_000)
        cold = time.perf_counter() - start
        verdict = page.get_attribute("#rb-workbench", "data-verdict")

        walls, own = [], []
        page.evaluate("document.querySelector('.rbw-advanced').open = true")  # the YAML view, folded at first
        for i in range(reruns):
            page.locator(".rbw-editor .cm-content").click()
            page.keyboard.press("Control+End")
            page.keyboard.insert_text(f"# 고침 {i}\n")
            runs = int(page.get_attribute("#rb-workbench", "data-runs"))
            start = time.perf_counter()
            page.click(".rbw-run")
            page.wait_for_function(f"Number(document.getElementById('rb-workbench').dataset.runs) > {runs}")
            walls.append(time.perf_counter() - start)
            own.append(int(page.get_attribute("#rb-workbench", "data-run-ms")))
            page.wait_for_timeout(700)  # the edit's own delayed run, out of the way of the next sample

        texts = [path.read_text(encoding="utf-8") for path in builtin_scenarios()]
        fragments = page.evaluate("""async (texts) => {
            const { encode } = await import("./_static/workbench/link.js");
            return Promise.all(texts.map((t) => encode(t)));
        }""", texts)
        browser.close()
    return {"cold": cold, "verdict": verdict, "walls": walls, "own": own, "outside": len(outside),
            "lengths": sorted(len(SITE_URL) + len(f) for f in fragments),
            "steps": len(load_scenario(builtin_path(scenario)).steps)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scenario", default="dominion/example-market-smithy", help="a built-in with 20+ steps")
    parser.add_argument("--reruns", type=int, default=10)
    args = parser.parse_args()
    if not (HTML / "workbench.html").is_file():
        sys.exit(f"{HTML / 'workbench.html'} 이 없습니다: 먼저 bash scripts/build-docs.sh 로 빌드하세요.")
    r = measure(args.scenario, args.reruns)
    ms = lambda values: f"median {statistics.median(values) * 1000:.0f} ms, max {max(values) * 1000:.0f} ms"  # noqa: E731
    lengths = r["lengths"]
    print(f"scenario: {args.scenario} ({r['steps']} steps), verdict {r['verdict']}, requests blocked: {r['outside']}")
    print(f"first verdict, cold page load: {r['cold']:.2f} s (target ≤ 8 s)")
    print(f"re-run after an edit (click → verdict drawn), {len(r['walls'])} runs: {ms(r['walls'])} (target ≤ 300 ms)")
    print(f"  of which check + replay + drawing (page's own count): median {statistics.median(r['own']):.0f} ms")
    print(f"link length over {len(lengths)} built-in scenarios (whole URL on {SITE_URL[:-1]}): "
          f"min {lengths[0]}, median {statistics.median(lengths):.0f}, "
          f"90th percentile {lengths[int(len(lengths) * 0.9)]}, max {lengths[-1]}; "
          f"≤ 2,000 chars: {sum(n <= 2000 for n in lengths)}/{len(lengths)}")


if __name__ == "__main__":
    main()
