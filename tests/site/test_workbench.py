"""The question workbench (docs/workbench.md) in a real browser, every request off the local server
blocked: a Dominion question built from a new game through the form, shared as a link and opened
again; a Through the Ages full-game example opened at a step and changed; a broken file's Korean
problems with their lines; links that cannot be opened; each game at phone width.

With WORKBENCH_SCREENSHOTS=1 the walk-through also saves the screenshots of docs/guide/question.md.
"""
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tutor import site as docs_site
from tutor.scenario import builtin_path
from tutor.workbench_link import link

from ..tutor.test_question import BANDIT, QUESTION

from .test_browser import browser, guarded_page, server, wait_until  # noqa: F401 (fixtures shared with the site test)

PYODIDE_LOAD = 90_000  # ms; a cold start is ~7 s on an idle machine, CI shares its cores
RUN = 15_000  # ms, one check and replay after the engines are loaded
SHOTS = docs_site.DOCS / "guide" / "question"
BUILTIN = builtin_path("dominion/moat").read_text(encoding="utf-8")
GAMES = ["dominion", "carta_impera_victoria", "through_the_ages", "history_of_the_world"]


@pytest.fixture
def page(browser, server):  # noqa: F811
    page = guarded_page(browser, server, viewport={"width": 1100, "height": 900})
    yield page
    assert page.outside == [] and page.errors == []
    page.context.close()


def open_workbench(page, server, query: str = "", fragment: str = "") -> None:
    page.goto(f"{server}workbench.html{query}{fragment}")
    expect(page.locator(".rbw.rbw-ready")).to_be_attached(timeout=PYODIDE_LOAD)
    show_yaml(page)


def show_yaml(page) -> None:
    """Opens the advanced view (YAML and the form), folded at first."""
    page.evaluate("document.querySelector('.rbw-advanced').open = true")


def runs(page) -> int:
    return int(page.locator("#rb-workbench").get_attribute("data-runs") or 0)


def wait_run(page, before: int) -> str:
    """Waits for a run after the ``before``-th; returns its verdict (ok, failed, unusable)."""
    wait_until(page, f"Number(document.getElementById('rb-workbench').dataset.runs || 0) > {before}", timeout=RUN)
    page.wait_for_timeout(700)  # a form change or an edit may start one more run: let it settle
    return page.locator("#rb-workbench").get_attribute("data-verdict")


def click_and_run(page, selector: str) -> str:
    """Clicks a step tool's button and waits for the run of the text it changed; returns its verdict."""
    before = runs(page)
    page.click(selector)
    return wait_run(page, before)


def editor_text(page) -> str:
    return page.locator(".rbw-editor .cm-content").inner_text()


def type_into_editor(page, text: str) -> None:
    page.locator(".rbw-editor .cm-content").click()
    page.keyboard.press("Control+A")
    page.keyboard.press("Delete")
    page.keyboard.insert_text(text)


def opt_in(page, path: str) -> None:
    """Ticks the form's check box that adds the optional field at json-editor's ``path``."""
    box = page.locator(f'.rbw-form [data-schemapath="{path}"] .json-editor-opt-in').first
    box.check()


def ask_fact(page, label: str) -> str:
    """Asks "이 값은?" of the fact with this Korean label; the verdict of the run that follows."""
    fact = page.locator(".rbw-fact-list option", has_text=label)
    page.select_option(".rbw-fact-list", fact.first.get_attribute("value"))
    before = runs(page)
    page.click(".rbw-ask-fact")
    return wait_run(page, before)


def shot(target, name: str) -> None:
    """A screenshot of a part of the page (or the page) for the guide, when asked for."""
    if os.environ.get("WORKBENCH_SCREENSHOTS") == "1":
        SHOTS.mkdir(exist_ok=True)
        page = getattr(target, "page", target)
        page.evaluate("document.querySelectorAll('.back-to-top').forEach((b) => { b.style.display = 'none'; })")
        target.screenshot(path=str(SHOTS / f"{name}.png"))


def pick(page, at: int, move: str) -> None:
    """Clicks the button of a legal move (``move`` in notation, which the page keeps off screen) after step ``at``."""
    expect(page.locator(f".rbw-moves[data-at='{at}']")).to_be_attached(timeout=RUN)
    button = page.locator(f".rbw-moves .rbw-move[data-move='{move}']")
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".rbw-chosen")).to_have_text(f"고른 행동: {button.inner_text()}")


def pick_refused(page, at: int, move: str) -> None:
    """Opens "다른 행동 시도" (if it is not open) after step ``at`` and clicks the refused ``move``."""
    expect(page.locator(f".rbw-moves[data-at='{at}']")).to_be_attached(timeout=RUN)
    if page.locator(".rbw-try-other").get_attribute("aria-expanded") != "true":
        page.click(".rbw-try-other")
    page.locator(".rbw-try-search").fill(move)  # the list shows 30 at a time: find the move in it
    button = page.locator(f".rbw-refused .rbw-move[data-move='{move}']")
    button.click(timeout=RUN)
    expect(button).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".rbw-chosen")).to_have_text(f"고른 행동: {button.inner_text()} (엔진이 거부할 행동)")
    expect(page.locator(".rbw-add-move")).to_be_hidden()


def test_a_dominion_question_from_a_new_game_and_its_link(page, server, browser, tmp_path):  # noqa: F811
    open_workbench(page, server, "?game=dominion")
    page.select_option(".rbw-game", "dominion")
    page.select_option(".rbw-count", "2")
    before = runs(page)
    page.click(".rbw-new")
    assert wait_run(page, before) == "ok"
    assert "game: dominion" in editor_text(page) and "players: [윤주, 민호]" in editor_text(page)

    # the set-up through the form: 윤주's hand and deck, cards found by any spelling
    opt_in(page, "root.setup.윤주")
    opt_in(page, "root.setup.윤주.hand")
    opt_in(page, "root.setup.윤주.deck")
    for zone, cards in (("hand", ["Moat", "마을", "동"]), ("deck", ["은", "Gold"])):
        for i, card in enumerate(cards):
            page.locator(f'.rbw-form [data-schemapath="root.setup.윤주.{zone}"] .json-editor-btn-add').first.click()
            field = page.locator(f'.rbw-form input[name="root[setup][윤주][{zone}][{i}]"]')
            assert field.get_attribute("list") == "wb-names-card"
            field.fill(card)
            field.press("Tab")
    expect(page.locator(".rbw-editor .cm-content")).to_contain_text("hand: [Moat, 마을, 동]", timeout=RUN)
    expect(page.locator(".rbw-editor .cm-content")).to_contain_text("deck: [은, Gold]")
    aliases = page.locator("#wb-names-card option[value='해자']").get_attribute("label")
    assert "Moat" in aliases

    # a move offered at the start, a refusal expected after it, and a check of a fact
    pick(page, 0, "play 해자")
    assert click_and_run(page, ".rbw-add-move") == "ok"
    expect(page.locator(".rbw-at")).to_have_text("1단계 뒤에서")
    pick_refused(page, 1, "play 마을")
    assert click_and_run(page, ".rbw-add-refused") == "ok"
    assert ask_fact(page, "윤주 손") == "ok"
    text = editor_text(page)
    assert "{by: 윤주, move: play 해자}" in text
    assert "{by: 윤주, move: play 마을, expect: illegal, error: no-actions}" in text
    assert "{ask: true, check: {윤주.hand: null}}" in text, text
    verdict = page.locator(".rbw-result")
    expect(verdict).to_contain_text("답: 윤주 손은 ")
    player = page.locator(".rbw-player .rbp")
    expect(player.locator(".rbp-counter")).to_have_text("3 / 3단계")
    player.locator(".rbp-prev").click()
    rejected = player.locator(".rb-lesson")  # the refusal the question expects, with its reason and rule
    expect(rejected).to_contain_text("남은 행동이 없어")
    rule = rejected.locator("a.rb-rule")  # the section's title to read; the id only in the address
    assert "#dominion-turn-action" in rule.get_attribute("href") and "dominion.turn" not in rule.inner_text()
    report = page.locator(".rbw-report pre").text_content()
    assert "통과" in report and "no-actions" in report
    with page.expect_download() as download:
        page.click(".rbw-download")
    download.value.save_as(tmp_path / "질문.yaml")
    cli = subprocess.run([sys.executable, "-m", "tutor.cli", "check", "질문.yaml"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=120)
    assert cli.returncode == 0 and cli.stdout.strip() == report.strip()

    # the link opens the same question, run, in a fresh browser (nothing stored)
    page.click(".rbw-copy")
    expect(page.locator(".rbw-link")).to_have_value(re.compile(r"workbench\.html(\?game=dominion)?#v1\.[A-Za-z0-9_-]+\.2$"))  # the step shown
    expect(page.locator(".rbw-status")).to_contain_text("링크를 복사했습니다")
    link = page.locator(".rbw-link").input_value()
    other = guarded_page(browser, server, viewport={"width": 390, "height": 800})
    other.goto(link)
    expect(other.locator("#rb-workbench[data-verdict]")).to_have_attribute("data-verdict", "ok", timeout=PYODIDE_LOAD)
    assert other.locator(".rbw-report pre").text_content() == report
    expect(other.locator(".rbw-player .rbp-counter")).to_have_text("2 / 3단계")
    show_yaml(other)
    assert editor_text(other) == text
    assert other.outside == [] and other.errors == []
    other.context.close()


def test_a_through_the_ages_full_game_example_changed(page, server):  # noqa: F811
    open_workbench(page, server, "?game=through_the_ages")
    page.select_option(".rbw-game", "through_the_ages")
    page.select_option(".rbw-example", "through_the_ages/full-end")
    page.fill(".rbw-example-step", "3")
    before = runs(page)
    page.click(".rbw-from-example")
    assert wait_run(page, before) == "ok"
    assert "variant: {mode: full}" in editor_text(page)
    expect(page.locator(".rbw-player .rbp-counter")).to_have_text(re.compile(r"^3 / \d+단계$"))
    expect(page.locator(".rbw-player .rbp-step")).to_contain_text("시대: IV")  # step 3 checks facts

    # one number changed in the form: the game starts a round later, so it is over a round early
    before = runs(page)
    field = page.locator('.rbw-form input[name="root[setup][round]"]')
    assert field.get_attribute("type") == "number"
    field.fill("3")
    field.press("Tab")
    assert wait_run(page, before) == "failed"
    assert "round: 3" in editor_text(page)
    expect(page.locator(".rbw-result")).to_contain_text("✘ 예상과 다른 단계가 있습니다")
    assert "✘ 기대와 다름" in page.locator(".rbw-report pre").text_content()

    # and the Sandbox opens at the step shown
    page.click(".rbw-open-sandbox")
    sandbox = page.locator(".rbw-sandbox .rbs")
    expect(sandbox.locator(".rbs-title")).to_contain_text("단계 뒤부터")
    sandbox.locator(".rbs-move").first.click()
    expect(sandbox.locator(".rbs-yaml")).to_contain_text("move:", timeout=RUN)  # played in this page's Python


def test_a_broken_file_shows_its_korean_problems_with_their_lines(page, server, tmp_path):  # noqa: F811
    open_workbench(page, server, "?game=dominion")
    before = runs(page)
    type_into_editor(page, "game: dominion\nplayers: [윤주, 민호]\nsetup:\n  윤주: {hand: [해자, 없는카드]}\n"
                           "steps:\n  - {by: 윤주, move: play 해자\n")
    assert wait_run(page, before) == "unusable"
    problems = page.locator(".rbw-problems")
    expect(problems).to_contain_text("7번째 줄: YAML 문법 오류")
    expect(page.locator(".rbw-editor .cm-lint-marker-error")).to_have_count(1)
    shot(page.locator(".rbw-advanced"), "4-problem")

    before = runs(page)
    page.keyboard.press("Control+End")
    page.keyboard.press("Backspace")
    page.keyboard.insert_text("}\n")
    assert wait_run(page, before) == "unusable"
    expect(problems).to_contain_text("setup.윤주.hand.2번째: 도미니언 카드에 없는 이름입니다: '없는카드'")
    # the same lines as `tutor check` prints for the file the page downloads
    with page.expect_download() as download:
        page.click(".rbw-download")
    assert download.value.suggested_filename == "질문.yaml"
    download.value.save_as(tmp_path / "질문.yaml")
    cli = subprocess.run([sys.executable, "-m", "tutor.cli", "check", "질문.yaml"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=120)
    assert cli.returncode == 2
    assert problems.locator("li").all_inner_texts() == [re.sub(r"^질문\.yaml:(\d+): ", r"\1번째 줄: ", line)
                                                         for line in cli.stderr.strip().splitlines()]
    # kept in the browser: a reload brings the text back as it was typed
    page.reload()
    expect(page.locator(".rbw.rbw-ready")).to_be_attached(timeout=PYODIDE_LOAD)
    show_yaml(page)
    assert "없는카드" in editor_text(page)


BAD_LINKS = [
    ("#v9.AAAA", "더 새로운 형식(v9)"),
    ("#v1.!!!!", "링크가 망가졌습니다"),
    ("#" + link(BUILTIN)[:40], "잘렸거나 망가져서"),  # not even base64
    ("#" + link(BUILTIN)[:41], "잘렸거나 망가져서"),  # a deflate stream cut short
    ("#hello", "작업대 링크가 아닙니다"),
]


def test_links_that_cannot_be_opened_say_why(page, server):  # noqa: F811
    for n, (fragment, message) in enumerate(BAD_LINKS):
        page.goto(f"{server}workbench.html?link={n}{fragment}")  # a new load each time, not a jump in the page
        expect(page.locator(".rbw-link-problem")).to_contain_text(message)
    expect(page.locator(".rbw.rbw-ready")).to_be_attached(timeout=PYODIDE_LOAD)  # and the page still works
    before = runs(page)
    page.click(".rbw-new")
    assert wait_run(page, before) == "ok"


def test_a_link_made_outside_the_page_opens_at_its_step(page, server):  # noqa: F811
    open_workbench(page, server, "", "#" + link(BUILTIN, step=2))
    expect(page.locator(".rbw-player .rbp-counter")).to_have_text("2 / 4단계", timeout=RUN)
    assert editor_text(page).strip() == BUILTIN.strip()


def test_a_hostile_file_or_an_unknown_game_in_a_link(page, server):  # noqa: F811
    open_workbench(page, server, "?game=dominion")
    laughs = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{c}: &{c} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}]\n"
        for p, c in zip("abcdefg", "bcdefgh"))
    for text, message in ((laughs, "값이 너무 많습니다"), ("game: chess\nplayers: [a]\nsteps: [{say: x}]\n", "알 수 없는 게임")):
        before = runs(page)
        type_into_editor(page, text)
        assert wait_run(page, before) == "unusable"
        expect(page.locator(".rbw-problems")).to_contain_text(message)


def test_each_games_workbench_at_phone_width(browser, server):  # noqa: F811
    page = guarded_page(browser, server, viewport={"width": 390, "height": 800})
    open_workbench(page, server, "?game=dominion")
    for game in GAMES:  # each game picked in the page (one Pyodide start for the four)
        page.select_option(".rbw-game", game)
        before = runs(page)
        page.click(".rbw-new")
        assert wait_run(page, before) == "ok"
        assert f"game: {game}" in editor_text(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, game
        if game == "dominion":
            shot(page, "5-phone")
    assert page.outside == [] and page.errors == []
    page.context.close()


def test_rules_page_examples_and_sandboxes_open_in_the_workbench(page, server):  # noqa: F811
    page.goto(f"{server}notebooks/dominion/03-turn-example.html")
    sandbox = page.locator(".rbs").first
    sandbox.wait_for(timeout=20000)
    assert re.search(r"workbench\.html#v1\.[A-Za-z0-9_-]+(\.\d+)?$", sandbox.locator("a.rbs-workbench").get_attribute("href"))

    page.goto(f"{server}dominion/turn.html")
    player = page.locator(".rbp").first
    player.wait_for(timeout=20000)
    player.locator(".rbp-next").click()
    player.locator(".rbp-next").click()
    title = player.locator(".rbp-title").inner_text()
    player.locator("a.rbp-workbench").click()
    expect(page.locator("#rb-workbench[data-verdict]")).to_have_attribute("data-verdict", "ok", timeout=PYODIDE_LOAD)
    expect(page.locator(".rbw-player .rbp-counter")).to_have_text(re.compile(r"^2 / \d+단계$"))
    assert page.locator(".rbw-player .rbp-title").inner_text() == title


def test_the_workbench_opened_from_a_file_says_it_needs_a_web_server(browser, site):  # noqa: F811
    """From file:// the workbench's modules cannot load: the page says so at once instead of "준비하는 중"."""
    context = browser.new_context()
    page = context.new_page()
    page.goto((site / "workbench.html").as_uri())
    expect(page.locator(".rbw-status")).to_contain_text("웹 서버로 열면", timeout=10_000)
    context.close()


# the scenario of tests/tutor/test_question.py without its question and steps: the page adds them
QUESTION_START = BANDIT.replace(f"question: {QUESTION}\n", "").split("steps:")[0] + "steps:\n  - {say: 해자와 노상강도}\n"


def test_a_question_posed_by_clicking_is_answered_in_a_sentence(page, server, tmp_path):  # noqa: F811
    open_workbench(page, server, "?game=dominion")
    before = runs(page)
    type_into_editor(page, QUESTION_START)
    assert wait_run(page, before) == "ok"
    before = runs(page)
    page.fill(".rbw-question-text", "해자를 공개해도 노상강도를 낸 사람은 금을 얻나요?")
    page.press(".rbw-question-text", "Tab")
    assert wait_run(page, before) == "ok"
    assert "question: 해자를 공개해도 노상강도를 낸 사람은 금을 얻나요?" in editor_text(page)
    pick(page, 0, "play 노상강도")
    assert click_and_run(page, ".rbw-add-move") == "ok"
    pick(page, 1, "reveal 해자")
    assert "reveal" not in page.locator(".rbw-moves").inner_text()  # no notation on screen
    before = runs(page)
    page.click(".rbw-ask-move")
    assert wait_run(page, before) == "ok"
    assert ask_fact(page, "윤주 버린 카드") == "ok"
    text = editor_text(page)
    assert "{by: 민호, move: reveal 해자, ask: true}" in text and "{ask: true, check: {윤주.discard: null}}" in text
    verdict = page.locator(".rbw-verdict")
    head = verdict.locator(".rbw-result")
    expect(head.locator(".rbw-question")).to_have_text("질문: 해자를 공개해도 노상강도를 낸 사람은 금을 얻나요?")
    expect(head).to_contain_text("답: 예. 민호는 해자를 보여 공격을 막습니다")
    expect(head).to_contain_text("답: 윤주 버린 카드는 금입니다.")
    assert "통과: 모든 기대" not in head.inner_text()
    # the answer comes first, above the replay
    assert page.evaluate("""() => { const v = document.querySelector('.rbw-verdict');
        return v.firstElementChild.classList.contains('rbw-result'); }""")
    expect(page.locator(".rbw-report summary")).to_have_text("자세한 판정 기록")
    # the question travels in the downloaded file, and tutor check answers it too
    with page.expect_download() as download:
        page.click(".rbw-download")
    download.value.save_as(tmp_path / "질문.yaml")
    cli = subprocess.run([sys.executable, "-m", "tutor.cli", "check", "질문.yaml"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=120)
    assert cli.returncode == 0 and "답: 예. 민호는 해자를 보여 공격을 막습니다" in cli.stdout
    # and a reader's own expectation that is wrong: the run opens at that step
    before = runs(page)
    type_into_editor(page, text.replace("{윤주.discard: null}", "{윤주.discard: [은]}"))
    assert wait_run(page, before) == "failed"
    expect(head).to_contain_text("예상과 다른 단계")
    expect(page.locator(".rbw-player .rbp-step")).to_contain_text("예상과 다름: 예상 [은], 엔진 [금]")
    # a new question clears the old link and status
    page.click(".rbw-copy")
    expect(page.locator(".rbw-link")).to_be_visible()
    page.click(".rbw-new")
    expect(page.locator(".rbw-link")).to_be_hidden()
    expect(page.locator(".rbw-status")).to_have_text("")


TEXT_LOSS = [  # (what is typed after the set-up, the Korean problem it shows, or None for none)
    ("kingdum: [시장]\n", "kingdum"),
    ("메모: 나중에 다시 볼 것\n", "메모"),
    ("# 내 메모: 해자는 반응 카드\n", None),
]


@pytest.mark.parametrize("typed, problem", TEXT_LOSS)
def test_nothing_typed_is_lost_when_the_form_or_a_step_tool_writes(page, server, typed, problem):  # noqa: F811
    open_workbench(page, server, "?game=dominion")
    before = runs(page)
    page.click(".rbw-new")
    assert wait_run(page, before) == "ok"
    start = editor_text(page)
    mine = start.replace("steps:", typed + "steps:")
    before = runs(page)
    type_into_editor(page, mine)
    assert wait_run(page, before) == ("unusable" if problem else "ok")
    seed = page.locator('.rbw-form input[name="root[seed]"]')
    seed.fill("5")
    seed.press("Tab")
    page.wait_for_timeout(1500)
    if problem:  # nor does the board: a card added to a hand
        page.click('.rbw-zone-button[data-zone=\'["윤주","hand"]\']')
        page.fill(".rbw-zone-editor .rbw-picker-input", "은")
        page.click(".rbw-zone-editor .rbw-pick:text-is('은')")
        page.wait_for_timeout(1500)
        expect(page.locator(".rbw-board-note")).to_contain_text("YAML의 문제를 먼저 고치면")
    text = editor_text(page)
    for line in typed.splitlines():
        assert line in text  # every typed character still there
    if problem:
        assert text.rstrip() == mine.rstrip()  # the form and the board wrote nothing
        note = page.locator(".rbw-form-note")
        expect(note).to_contain_text("YAML의 문제를 먼저 고치면 양식으로도 고칠 수 있습니다 (")
        line = mine.splitlines().index(typed.strip()) + 1
        expect(note).to_contain_text(f"{line}번째 줄:")
        expect(page.locator(".rbw-problems")).to_contain_text(f"{line}번째 줄:")
        expect(page.locator(".rbw-problems")).to_contain_text(problem)
        return
    assert "seed: 5" in text and text.replace("seed: 5\n", "").rstrip() == mine.rstrip()
    # a step added by the tools is one more line: the comment stays
    pick(page, 0, "end")
    assert click_and_run(page, ".rbw-add-move") == "ok"
    after = editor_text(page)
    assert typed.strip() in after and "seed: 5" in after


def test_a_mis_indented_key_keeps_the_text_and_says_where(page, server):  # noqa: F811
    open_workbench(page, server, "?game=dominion")
    before = runs(page)
    page.click(".rbw-new")
    assert wait_run(page, before) == "ok"
    mine = editor_text(page).replace("setup: {}", "setup:\n  윤주:\n    deck: [동]\n      hand: [해자]")
    before = runs(page)
    type_into_editor(page, mine)
    assert wait_run(page, before) == "unusable"
    seed = page.locator('.rbw-form input[name="root[seed]"]')
    seed.fill("5")
    seed.press("Tab")
    page.wait_for_timeout(1500)
    assert editor_text(page).rstrip() == mine.rstrip()
    expect(page.locator(".rbw-form-note")).to_contain_text("YAML의 문제를 먼저 고치면 양식으로도 고칠 수 있습니다 (")
    expect(page.locator(".rbw-problems")).to_contain_text("번째 줄: YAML 문법 오류")


def test_steps_by_playing_land_after_the_step_shown(page, server):  # noqa: F811
    open_workbench(page, server, "?game=dominion", "#" + link(BUILTIN, step=1))
    expect(page.locator(".rbw-player .rbp-counter")).to_have_text("1 / 4단계", timeout=RUN)
    groups = page.locator(".rbw-moves .rbw-group-head").all_inner_texts()
    assert groups == ["카드 내기 (4)", "단계 끝내기 (1)"]  # the practice table's groups, in Korean
    assert not re.search(r"[A-Za-z]{2,}", page.locator(".rbw-steps").inner_text())  # no verb or code on screen

    # a legal move by its button, after step 1: it becomes step 2, not the last step
    pick(page, 1, "end")
    assert click_and_run(page, ".rbw-add-move") == "ok"
    steps = [line.strip() for line in editor_text(page).split("steps:")[1].strip().splitlines()]
    assert steps[:3] == ["- {by: 윤주, move: play 해자}", "- {by: 윤주, move: end}",
                         "- check: {윤주.hand: [동, 동, 동, 사유지, 은, 금], 윤주.actions: 0, 윤주.deck: [동]}"]
    expect(page.locator(".rbw-player .rbp-counter")).to_have_text("2 / 5단계")

    # a refused move, with its Korean reason and rule, added as an expected refusal: step 3
    pick_refused(page, 2, "buy 속주")
    row = page.locator(".rbw-refused .rbw-refusal", has=page.locator(".rbw-move[data-move='buy 속주']"))
    expect(row.locator(".rbw-reason")).to_have_text("속주는 비용이 8인데 코인이 0뿐입니다.")
    rule = row.locator("a.rbw-rule")
    expect(rule).to_have_text("규칙: 구매 단계")
    assert rule.get_attribute("href").endswith("dominion/turn.html#dominion-turn-buy")
    assert click_and_run(page, ".rbw-add-refused") == "ok"
    expect(page.locator(".rbw-player .rbp-counter")).to_have_text("3 / 6단계")

    # and as a question: step 4, answered "아니요" with the reason
    pick_refused(page, 3, "buy 속주")
    assert click_and_run(page, ".rbw-ask-move") == "ok"
    steps = [line.strip() for line in editor_text(page).split("steps:")[1].strip().splitlines()]
    assert steps[1:5] == ["- {by: 윤주, move: end}", "- {by: 윤주, move: buy 속주, expect: illegal, error: not-enough-coins}",
                          "- {by: 윤주, move: buy 속주, ask: true}",
                          "- check: {윤주.hand: [동, 동, 동, 사유지, 은, 금], 윤주.actions: 0, 윤주.deck: [동]}"]
    expect(page.locator(".rbw-result")).to_contain_text("답: 아니요. ")
    expect(page.locator(".rbw-result")).to_contain_text("코인이 0뿐입니다")
    expect(page.locator(".rbw-player .rbp-counter")).to_have_text("4 / 7단계")


def test_the_try_list_shows_thirty_at_a_time_and_finds_a_card_by_search(page, server):  # noqa: F811
    """"다른 행동 시도" (issue 39): each move's words once, at most 30 shown, narrowed by what the reader types."""
    open_workbench(page, server, "?game=dominion", "#" + link(builtin_path("dominion/throne-room").read_text(encoding="utf-8"), step=1))
    page.click(".rbw-try-other")
    moves = page.locator(".rbw-refused .rbw-move")
    expect(moves.first).to_be_visible(timeout=RUN)
    texts = moves.all_inner_texts()
    assert len(texts) == 30 and len(set(texts)) == 30
    expect(page.locator(".rbw-refused .rbw-hint").first).to_contain_text("30개만 보입니다")
    assert not re.search(r"\([을를이가은는]\)|[A-Za-z]{2,}", " ".join(texts))  # Korean, particles chosen
    page.locator(".rbw-try-search").fill("알현실로 대장장이")
    expect(moves).to_have_count(1)
    expect(moves.first).to_have_text("윤주는 알현실로 대장장이를 두 번 사용합니다.")
    page.locator(".rbw-try-search").fill("없는카드")
    expect(page.locator(".rbw-refused .rbw-hint").first).to_have_text("찾는 말이 든 행동이 없습니다. 다른 말로 찾아보세요.")
