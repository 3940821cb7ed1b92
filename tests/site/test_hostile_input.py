"""Issue 38 in the page: a History of the World link with a map as big as the set-up schema allows gets its
verdict quickly, and characters a reader cannot see are refused with their line while the text is kept."""
import time

from playwright.sync_api import expect

from tutor.workbench_link import link

from ..fuzz.test_hostile_scenarios import hotw_big_map
from .test_browser import browser, server, wait_until  # noqa: F401 (fixtures shared with the site test)
from .test_hostile import assert_nothing_ran, editor_text, guarded, open_workbench, responsive_within, verdict

ANSWERED = ("ok", "failed", "unusable", "stopped")


def _answered(page, timeout: int = 30_000) -> None:
    wait_until(page, "Number(document.getElementById('rb-workbench').dataset.runs || 0) > 0", timeout=timeout)


def test_the_biggest_map_the_schema_allows_gets_its_verdict_within_ten_seconds(browser, server):  # noqa: F811
    page = guarded(browser, server)
    fragment = link(hotw_big_map())
    page.goto(f"{server}workbench.html#{fragment}")
    wait_until(page, "typeof rulebookLive === 'object' && rulebookLive.python().ready !== undefined")
    page.evaluate("rulebookLive.python().ready.then(() => { window.__pythonReady = performance.now(); })")
    began = time.monotonic()
    wait_until(page, "['ok', 'failed', 'unusable', 'stopped'].includes("
                     "document.getElementById('rb-workbench').dataset.verdict || '')", timeout=90_000)
    run = page.evaluate("performance.now() - Number(document.getElementById('rb-workbench').dataset.runBegan)")
    print(f"\nbig map: {verdict(page)} {run / 1000:.1f} s after its run was asked for "
          f"({time.monotonic() - began:.1f} s after opening)")
    assert verdict(page) == "ok"  # checked and drawn, not stopped by the budget
    assert run < 10_000
    assert page.locator(".rbw-board .rbv-map, .rbw-board svg").count() > 0  # the map is drawn
    responsive_within(page, 200)
    assert_nothing_ran(page)
    page.context.close()


HIDDEN_SETUP = ("game: dominion\nplayers: [윤주, 민호]\n# 평범한 주석\u2028setup: {윤주: {hand: [금, 금, 금]}}\n"
                "steps:\n  - {by: 윤주, move: end}\n")


def test_a_line_separator_hidden_in_a_comment_is_refused_on_its_line_and_kept(browser, server):  # noqa: F811
    page = guarded(browser, server)
    open_workbench(page, server, link(HIDDEN_SETUP))
    _answered(page)
    assert verdict(page) == "unusable"
    problems = page.locator(".rbw-problems")
    expect(problems).to_contain_text("3번째 줄")
    expect(problems).to_contain_text("줄 바꿈으로 읽는 문자")
    kept = editor_text(page)  # the reader's text stays whole in the editor, the hidden part included
    assert "평범한 주석" in kept and "setup: {윤주: {hand: [금, 금, 금]}}" in kept
    assert_nothing_ran(page)
    page.context.close()


def test_two_players_who_differ_only_by_an_invisible_character_are_refused(browser, server):  # noqa: F811
    page = guarded(browser, server)
    open_workbench(page, server, link("game: dominion\nplayers: [윤주, \"윤주\\u200b\"]\nsteps:\n  - say: 시작\n"))
    _answered(page)
    assert verdict(page) == "unusable"
    expect(page.locator(".rbw-problems")).to_contain_text("보이지 않는 문자")
    assert_nothing_ran(page)
    page.context.close()
