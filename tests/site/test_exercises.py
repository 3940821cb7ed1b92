"""Exercises, inline examples and the printable summaries on the built site, in a real browser with every
request that leaves the local server blocked and recorded (none allowed): a wrong answer shows the
engine's reason and a working link to the rule; a right answer is confirmed; a rules page plays its
examples; each game's one-page summary prints to exactly one A4 page."""
import re

import pytest

from tutor.exercises import load_exercises
from tests.site.test_browser import SCREENSHOTS, browser, page, server  # noqa: F401 (fixtures)

GAMES = ["dominion", "carta_impera_victoria", "through_the_ages", "history_of_the_world"]


def _exercise(page, name):
    box = page.locator(f'.rbx[data-exercise="{name}"]')
    box.wait_for(timeout=20000)
    box.scroll_into_view_if_needed()
    return box


def test_a_wrong_answer_shows_the_engines_reason_and_the_rule(page, server):
    page.goto(server + "dominion/exercises.html")
    box = _exercise(page, "dominion/smithy-twice")
    assert box.locator(".rbx-result").inner_text() == ""  # nothing revealed before answering
    box.locator(".rbx-choice", has_text="받아들여진다").click()
    result = box.locator(".rbx-result")
    assert "틀렸습니다" in result.inner_text() and "거부된다" in result.inner_text()
    assert "남은 액션이 없어 액션 카드를 더 낼 수 없습니다" in result.inner_text()  # the engine's own message
    link = result.locator("a.rbx-rule")
    assert link.get_attribute("href") == "../dominion/turn.html#dominion-turn-action"
    box.screenshot(path=f"{SCREENSHOTS}/rulebook-exercise-wrong.png")
    link.click()
    page.wait_for_url("**/dominion/turn.html#dominion-turn-action")
    assert page.locator("#dominion-turn-action").count() == 1
    assert page.outside == [] and page.errors == []


def test_a_right_answer_is_confirmed_and_can_be_tried_again(page, server):
    page.goto(server + "dominion/exercises.html")
    box = _exercise(page, "dominion/market-buys")
    box.locator(".rbx-choice", has_text="3").click()
    result = box.locator(".rbx-result")
    assert "맞았습니다" in result.inner_text() and "2 → 3" in result.inner_text()
    assert box.locator(".rbx-choice.rbx-answer").inner_text() == "3"
    box.locator(".rbx-again").click()
    assert result.inner_text() == "" and box.locator(".rbx-choice:disabled").count() == 0
    assert page.outside == [] and page.errors == []


def test_a_wrong_move_choice_is_explained_by_its_own_rejection(page, server):
    page.goto(server + "dominion/exercises.html")
    box = _exercise(page, "dominion/mine-gain")
    box.locator(".rbx-choice", has_text="금을").click()
    text = box.locator(".rbx-result").inner_text()
    assert "금의 비용 6이 한도 3보다 큽니다" in text
    assert box.locator("a.rbx-rule").get_attribute("href").endswith("#dominion-card-mine")
    assert page.outside == [] and page.errors == []


@pytest.mark.parametrize("game", GAMES)
def test_every_exercise_of_a_game_renders(page, server, game):
    count = len(load_exercises(game))
    page.goto(server + f"{game}/exercises.html")
    page.locator(".rbx").nth(count - 1).wait_for(timeout=20000)
    assert page.locator(".rbx").count() == count >= 12
    assert page.outside == [] and page.errors == []


@pytest.mark.parametrize("game", GAMES)
def test_the_summary_prints_on_one_page(page, server, game):
    page.goto(server + f"{game}/summary.html")
    title = page.locator("h1").first.inner_text().strip("¶ \n")
    assert title.startswith("한 장 요약")
    pdf = page.pdf(format="A4", outline=True, tagged=True)  # the outline lists the headings
    pages = re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf)
    assert len(pages) == 1, f"{game}: {len(pages)} pages"
    # The document's title and outline are stored as text (UTF-16), whatever fonts the machine has.
    titles = [bytes.fromhex(t.decode()).decode("utf-16-be").lstrip("\ufeff")
              for t in re.findall(rb"/Title\s*<([0-9A-Fa-f]+)>", pdf)]
    assert title in titles, titles
    assert page.outside == [] and page.errors == []
