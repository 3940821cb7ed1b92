"""The built site as a learner meets its players and Sandboxes, in a real browser: light pages (the
widgets' repeated text kept once), every player drawn from the shared table, steps that read as a
lesson at desktop and phone widths, and Sandboxes that open untouched."""
import json
import re

import pytest

from .test_browser import browser, guarded_page, server  # noqa: F401 (fixtures shared with the site test)

MEGABYTE = 1_000_000
CHECKER = ["확인할 사실", "모든 사실이 시나리오와 같습니다", "시나리오가 기대한 대로", "거부된 시도", "✓", "✗"]
STATE = re.compile(r'<script type="application/vnd.jupyter.widget-state\+json">(.*?)</script>', re.S)


def test_no_page_weighs_more_than_a_megabyte(site):
    sizes = {path.relative_to(site).as_posix(): path.stat().st_size for path in site.rglob("*.html")}
    heavy = {page: size for page, size in sizes.items() if size > MEGABYTE}
    assert heavy == {}
    largest = max(sizes, key=sizes.get)
    print(f"largest page: {largest} {sizes[largest]} bytes; {len(sizes)} pages")


def test_a_page_keeps_its_widgets_repeated_text_once(site):
    html = (site / "through_the_ages" / "military.html").read_text(encoding="utf-8")
    data = json.loads(STATE.search(html).group(1))
    shared = data["rulebook_shared"]
    assert len(shared) == len(set(shared))
    esm = [model["state"]["_esm"] for model in data["state"].values() if "_esm" in model["state"]]
    assert len(esm) > 40 and all(set(ref) == {"$rb"} for ref in esm)  # a reference each, the module once


@pytest.mark.parametrize("width", [1024, 390])
def test_a_rules_page_full_of_players_reads_as_lessons(browser, server, width):  # noqa: F811
    page = guarded_page(browser, server, viewport={"width": width, "height": 900})
    page.goto(server + "through_the_ages/military.html")
    page.locator(".rbp-counter").first.wait_for(timeout=30000)
    views = page.locator('script[type="application/vnd.jupyter.widget-view+json"]').count()
    assert page.locator(".rbp").count() == views > 40  # every player drawn, folded ones too

    war = page.locator(".rbp", has_text="기술 전쟁 — 선언").first
    step, outcome = war.locator(".rbp-step"), ""
    for _ in range(40):  # on through the narration to the step where the war is decided
        war.locator(".rbp-next").click()
        shown = step.locator(".rb-outcome")
        if shown.count() and (outcome := shown.first.inner_text()).startswith("민호가 아무것도 희생하지 않고"):
            break
    assert outcome.startswith("민호가 아무것도 희생하지 않고 군사력을 알립니다 (") and "윤주 과학 1에서 9로" in outcome
    changes = step.locator("details.rbp-details")
    assert changes.get_attribute("open") is None and "바뀐 사실 10개" in changes.inner_text()
    shown = step.inner_text()
    if "이 예제에서 볼 것" not in shown:  # the checks are the move's own step or the next one
        war.locator(".rbp-next").click()
        shown = step.inner_text()
    assert "이 예제에서 볼 것" in shown and "지난 싸움 이김: 예" in shown
    war.screenshot(path=f"/tmp/rulebook-war-{width}.png")

    order = page.evaluate("""() => [...document.querySelectorAll('.rbp')].filter(p => p.offsetParent).map(p => {
        const seen = [];
        for (let i = 0; i < 40; i++) {
          const step = p.querySelector('.rbp-step');
          seen.push([...step.children].map(c => c.className).join(' '));
          const next = p.querySelector('.rbp-next');
          if (next.disabled) break;
          next.click();
        }
        return seen;
      })""")
    steps = [classes for player in order for classes in player]
    assert len(steps) > 200
    with_both = [c for c in steps if "rbp-say" in c and "rbp-move" in c]
    assert all(c.index("rbp-say") < c.index("rbp-move") for c in with_both)  # narration first
    assert any("rb-lesson" in c for c in steps) and not any("rb-failure" in c for c in steps)
    text = " ".join(page.locator(".rbp").all_inner_texts())
    assert [phrase for phrase in CHECKER if phrase in text] == []
    assert page.outside == [] and page.errors == []
    page.context.close()


def test_every_sandbox_opens_untouched(browser, server, site):  # noqa: F811
    """A notebook's hidden test cells play in its Sandbox; the page still opens at the Sandbox's position."""
    page = guarded_page(browser, server, viewport={"width": 1024, "height": 900})
    pages = [p for p in sorted((site / "notebooks").rglob("*.html"))
             if "tutor.widgets.sandbox.Sandbox" in p.read_text(encoding="utf-8")]
    opened = 0
    for path in pages:
        page.goto(server + path.relative_to(site).as_posix())
        sandboxes = page.locator(".rbs")
        sandboxes.first.wait_for(timeout=20000)
        for i in range(sandboxes.count()):
            sandbox = sandboxes.nth(i)
            assert not sandbox.locator(".rbs-undo").is_enabled(), path
            assert sandbox.locator(".rbs-yaml").inner_text() == "(아직 둔 행동이 없습니다)", path
            opened += 1
    assert opened >= 30
    assert page.outside == [] and page.errors == []
    page.context.close()
