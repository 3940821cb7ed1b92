"""Every notebook run live in the site's JupyterLite (Pyodide in headless Chromium), as a teacher opens it
from "브라우저에서 실행": the time each takes from a cold page to its last cell, and any cell that failed.

Serves the built site (``bash scripts/build-docs.sh`` first) on 127.0.0.1 and blocks every other
request. The test suite runs one notebook this way (tests/site/test_live.py); this runs them all
(about 20-40 s each) and exits 1 if any cell failed or did not run.

    .venv/bin/python benchmarks/lite_notebooks.py
    .venv/bin/python benchmarks/lite_notebooks.py through_the_ages/15-editions.ipynb
"""
from __future__ import annotations

import argparse
import sys
import time

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import sync_playwright

from tutor.site import HTML, serving

SITE = HTML
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PROMPTS = "() => [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')].map(e => e.textContent)"
ERRORS = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.error']"


def run(browser, base: str, notebook: str, timeout: float) -> tuple[float, str]:
    """Seconds from opening the notebook to its last cell, and what went wrong ('' if nothing)."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    outside: list[str] = []
    page.route("**/*", lambda r: r.continue_() if r.request.url.startswith(base)
               else (outside.append(r.request.url), r.abort()))
    start = time.perf_counter()
    try:
        page.goto(base + "lite/notebooks/index.html?path=" + notebook)
        page.locator(".jp-KernelStatus-success").wait_for(timeout=timeout * 1000)  # see test_live.py
        for command in ("notebook:show-all-cell-code", "notebook:show-all-cell-outputs"):  # unfold test cells
            page.get_by_role("menuitem", name="보기", exact=True).click()
            page.locator(f'li[data-command="{command}"]').click()
        page.get_by_role("menuitem", name="실행", exact=True).click()
        page.locator('li[data-command="runmenu:run-all"]').click()
        # a failing cell stops Run All: wait for every cell to have run, or for an error to show
        page.wait_for_function(
            f"() => {{ const p = ({PROMPTS})(); return document.querySelector(\"{ERRORS}\")"
            " || (p.length && p.every(t => /\\[\\d+\\]/.test(t))); }", timeout=timeout * 1000)
        errors = page.locator(ERRORS).all_inner_texts()
        problem = errors[0].strip().splitlines()[-1] if errors else ""
    except PlaywrightTimeoutError:
        problem = f"not every cell ran in {timeout:.0f} s: {page.evaluate(PROMPTS)}"
    elapsed = time.perf_counter() - start
    if outside:
        problem += f" requests off the site: {outside[:3]}"
    context.close()
    return elapsed, problem


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("notebooks", nargs="*", help="paths under lite/files (default: all)")
    parser.add_argument("--timeout", type=float, default=300, help="seconds per notebook")
    args = parser.parse_args()
    files = SITE / "lite" / "files"
    notebooks = args.notebooks or sorted(p.relative_to(files).as_posix() for p in files.rglob("*.ipynb"))
    failed = 0
    with serving(SITE) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for notebook in notebooks:
            elapsed, problem = run(browser, base, notebook, args.timeout)
            failed += bool(problem)
            print(f"{elapsed:6.1f} s  {notebook}  {problem or 'ok'}", flush=True)
        browser.close()
    print(f"{len(notebooks)} notebooks, {failed} with a problem")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
