"""Exercises, inline examples and the printable summaries on the built site, in a real browser with every
request that leaves the local server blocked and recorded (none allowed): a wrong answer shows the
engine's reason and a working link to the rule; a right answer is confirmed; a rules page plays its
examples; each game's one-page summary prints to exactly one A4 page."""
import json
import re

import pytest

from tutor.exercises import get_exercise, load_exercises, solve
from tutor.widgets.common import rule_links
from tests.site.test_browser import SCREENSHOTS, browser, page, server  # noqa: F401 (fixtures)

GAMES = ["dominion", "carta_impera_victoria", "through_the_ages", "history_of_the_world"]


def _exercise(page, name):
    box = page.locator(f'.rbx[data-exercise="{name}"]')
    box.wait_for(timeout=20000)
    box.scroll_into_view_if_needed()
    return box


def test_a_wrong_answer_shows_the_engines_reason_and_the_rule(page, server):
    error = solve(get_exercise("dominion/smithy-twice")).step.error  # what the engine says, in Python
    href = "../" + rule_links({error["rule"]})[error["rule"]]["href"]
    page.goto(server + "dominion/exercises.html")
    box = _exercise(page, "dominion/smithy-twice")
    assert box.locator(".rbx-result").inner_text() == ""  # nothing revealed before answering
    box.locator(".rbx-choice", has_text="받아들여진다").click()
    result = box.locator(".rbx-result")
    assert "틀렸습니다" in result.inner_text() and "거부된다" in result.inner_text()
    assert error["message"] in result.inner_text()
    link = result.locator("a.rbx-rule")
    assert link.get_attribute("href") == href
    box.screenshot(path=f"{SCREENSHOTS}/rulebook-exercise-wrong.png")
    link.click()
    page.wait_for_url("**/" + href.removeprefix("../"))
    assert page.locator("#" + href.split("#")[1]).count() == 1
    assert page.outside == [] and page.errors == []


def test_exercises_work_from_file_urls(browser, site):
    """Opened straight from disk (file://), e.g. a copied html folder on a school laptop."""
    context = browser.new_context()
    outside = []  # anything not read from the disk is blocked and kept here
    context.route(re.compile(r"^(?!file://)"), lambda route: (outside.append(route.request.url), route.abort()))
    page = context.new_page()
    page.goto((site / "history_of_the_world" / "exercises.html").as_uri())
    error = solve(get_exercise("history_of_the_world/not-adjacent")).step.error
    href = rule_links({error["rule"]})[error["rule"]]["href"]
    box = _exercise(page, "history_of_the_world/not-adjacent")
    box.locator(".rbx-choice", has_text="받아들여진다").click()
    assert error["message"] in box.locator(".rbx-result").inner_text()
    box.locator("a.rbx-rule").click()
    page.wait_for_url("**/" + href)
    assert page.locator("#" + href.split("#")[1]).count() == 1
    assert outside == []
    context.close()


def test_a_right_answer_is_confirmed_and_can_be_tried_again(page, server):
    page.goto(server + "dominion/exercises.html")
    box = _exercise(page, "dominion/market-buys")
    box.locator(".rbx-choice", has_text="3").click()
    result = box.locator(".rbx-result")
    assert "맞았습니다" in result.inner_text() and "그래서 윤주의 구매는 2에서 3이 됩니다." in result.inner_text()
    assert "→" not in result.inner_text()  # the table of changed facts is folded away
    assert box.locator(".rbx-choice.rbx-answer").inner_text() == "3"
    box.locator(".rbx-again").click()
    assert result.inner_text() == "" and box.locator(".rbx-choice:disabled").count() == 0
    assert page.outside == [] and page.errors == []


def test_a_wrong_move_choice_is_explained_by_its_own_rejection(page, server):
    page.goto(server + "dominion/exercises.html")
    box = _exercise(page, "dominion/mine-gain")
    solution = solve(get_exercise("dominion/mine-gain"))
    gold = solution.choices.index("gain 금")
    box.locator(".rbx-choice").nth(gold).click()
    assert solution.notes[gold]["message"] in box.locator(".rbx-result").inner_text()
    others = box.locator(".rbx-fold", has_text="다른 보기가 안 되는 이유")
    others.locator("summary").click()  # the other wrong choices' reasons, folded
    assert solution.notes[solution.choices.index("gain 사유지")]["message"] in others.inner_text()
    rule = solution.notes[gold]["rule"]
    assert box.locator("a.rbx-rule").get_attribute("href") == "../" + rule_links({rule})[rule]["href"]
    assert page.outside == [] and page.errors == []


@pytest.mark.parametrize("game", GAMES)
def test_every_exercise_of_a_game_renders(page, server, game):
    count = len(load_exercises(game))
    page.goto(server + f"{game}/exercises.html")
    page.locator(".rbx").nth(count - 1).wait_for(timeout=20000)
    assert page.locator(".rbx").count() == count >= 20
    assert page.outside == [] and page.errors == []


@pytest.mark.parametrize("name, ruleset", [
    ("through_the_ages/first-round-build", "맛보기 게임 · 2006년판"),
    ("through_the_ages/political-once", "숙련 게임 · 2006년판"),  # an easy one, yet not of the basic game
    ("through_the_ages/cook-2015", "본격 게임 · 2015년판"),
    ("dominion/smithy-twice", "기본 게임 · 2판"),
])
def test_each_exercise_shows_its_mode_and_edition(page, server, name, ruleset):
    game = name.split("/")[0]
    page.goto(server + f"{game}/exercises.html")
    box = _exercise(page, name)
    assert box.locator(".rbx-head .rbx-ruleset").inner_text() == ruleset
    assert page.locator(".rbx").count() == page.locator(".rbx-ruleset").count()  # every exercise of the page
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


def test_cells_that_only_assert_are_hidden_from_readers():
    from inline_widgets import hide_test_cells, is_test_cell

    def code(source, **metadata):
        return {"cell_type": "code", "metadata": metadata, "source": source}

    assert is_test_cell(code("facts = trace.steps[-1].facts\nassert trace.ok\n"))
    assert is_test_cell(code("x = 1", tags=["test"]))
    assert not is_test_cell(code("assert trace.ok\nplayer"))  # shows something: stays
    assert not is_test_cell(code("player = ScenarioPlayer.builtin('dominion/market')\nplayer"))
    assert not is_test_cell({"cell_type": "markdown", "metadata": {}, "source": "assert"})
    notebook = {"cells": [code("assert 1 == 1"), code("1 + 1")], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    hidden = json.loads(hide_test_cells(json.dumps(notebook)))
    assert [c["metadata"].get("tags") for c in hidden["cells"]] == [["remove-cell"], None]


def test_the_exercises_page_lists_every_exercise_by_level_under_a_label():
    from inline_widgets import exercises_page

    text = exercises_page("dominion")
    specs = load_exercises("dominion")
    assert [line for line in text.splitlines() if line.startswith("## ")] == ["## 쉬움", "## 보통", "## 어려움"]
    for number, spec in enumerate(specs, 1):
        assert f"(exercise-dominion-{spec.id})=\n### {number}. {spec.title}\n\n```{{exercise}} {spec.name}" in text


def test_a_rules_page_plays_its_examples_inline(page, server, site):
    html = (site / "dominion" / "cards-2-3.html").read_text(encoding="utf-8")
    views = len(re.findall(r'class="rb-example"', html))
    assert views >= 8 and "tutor/scenarios/" not in html  # players, not file paths
    page.goto(server + "dominion/cards-2-3.html")
    players = page.locator(".rb-example .rbp")
    players.nth(views - 1).wait_for(state="attached", timeout=20000)
    assert players.count() == views
    first = players.first
    first.scroll_into_view_if_needed()
    counter = first.locator(".rbp-counter")
    start = counter.inner_text()
    first.locator(".rbp-next").click()
    assert counter.inner_text() != start
    assert page.outside == [] and page.errors == []


def test_a_notebook_page_asks_its_exercises_and_hides_its_asserts(page, server, site):
    html = (site / "notebooks" / "dominion" / "02-turn-phases.html").read_text(encoding="utf-8")
    assert "assert " not in html  # the test cells ran at build time but are not shown
    page.goto(server + "notebooks/dominion/02-turn-phases.html")
    box = _exercise(page, "dominion/buy-in-action-phase")
    box.locator(".rbx-choice", has_text="거부된다").click()
    assert "맞았습니다" in box.locator(".rbx-result").inner_text()
    assert page.outside == [] and page.errors == []
