"""Widgets drawing move nothing the reader is looking at (issue 37): on pages with players, exercises and
Sandboxes, the Cumulative Layout Shift of the first 6 s stays within 0.1, because each widget's box keeps
about its least drawn height until the widget is in it (docs/_ext/inline_widgets.css). Without that, the
exercises pages measured 0.19 at phone width: the first exercise drawn pushed the next four out of view."""
from pathlib import Path

import pytest

from .test_browser import browser, guarded_page, server  # noqa: F401  (fixtures)

MOST = 0.1  # the "good" threshold of Core Web Vitals
BATCH = 4
# The pages that shifted most before the reservation, then every 10th page that draws widgets.
WORST = ["carta_impera_victoria/end.html", "carta_impera_victoria/exercises.html", "carta_impera_victoria/turn.html",
         "dominion/exercises.html", "history_of_the_world/example.html", "history_of_the_world/exercises.html"]
SHIFTS = """window.__shift = 0; window.__moved = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.hadRecentInput) continue;
    window.__shift += entry.value;
    for (const source of entry.sources || []) {
      const node = source.node;
      window.__moved.push(`${Math.round(entry.startTime)} ms ${node ? node.nodeName + "." + node.className : "?"}: `
        + `${Math.round(source.previousRect.y)} → ${Math.round(source.currentRect.y)}`);
    }
  }
}).observe({ type: "layout-shift", buffered: true });"""


def widget_pages(html: Path) -> list[str]:
    return sorted(str(p.relative_to(html)) for p in html.rglob("*.html")
                  if not p.relative_to(html).parts[0] == "lite" and "widget-view+json" in p.read_text(errors="ignore"))


@pytest.mark.parametrize("width", [390, 1024])
def test_widgets_drawing_shift_nothing_in_view(browser, server, site, width):  # noqa: F811
    pages = widget_pages(site)
    assert len(pages) > 50 and set(WORST) <= set(pages)
    chosen = WORST + [p for p in pages[::10] if p not in WORST]
    shifted = []
    for start in range(0, len(chosen), BATCH):
        opened = []
        for name in chosen[start:start + BATCH]:
            page = guarded_page(browser, server, viewport={"width": width, "height": 800})
            page.context.add_init_script(SHIFTS)
            page.goto(server + name, wait_until="commit")
            opened.append((name, page))
        for _, page in opened:
            page.wait_for_load_state("load")
        opened[-1][1].wait_for_timeout(6000)
        for name, page in opened:
            drawn = page.evaluate("document.querySelectorAll('.rbp, .rbx, .rbs').length")
            value = page.evaluate("window.__shift")
            if drawn == 0 or value > MOST:
                moved = page.evaluate("window.__moved.slice(0, 4)")
                shifted.append(f"{name}: {value:.3f} ({drawn} widgets drawn; {moved})")
            assert page.errors == [] and page.outside == []
            page.context.close()
    assert shifted == [], shifted
