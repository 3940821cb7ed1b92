"""An answer everywhere (issue 39): in a real browser, with every request off the local server blocked, a
built-in example opened with "이 예제에서 시작" answers its own expectations (its expected refusals and
checked facts) as "답:" sentences in the verdict's head, a long list folded after the first few; a new
question that asks nothing says what to do next instead of "통과"; and the saved picture holds the
question and the answers under the board (and is the board alone when there are none).

The expected sentences are written here by hand, from the example files and the rules, not made by the
code under test.
"""
import base64
import re

import yaml
from playwright.sync_api import expect

from tutor.scenario import builtin_path

from .korean_text import fallbacks, orphans
from .test_browser import browser, guarded_page, server, wait_until  # noqa: F401 (fixtures)
from .test_workbench import RUN, open_workbench, page, runs, wait_run  # noqa: F401 (a fixture)
from .test_workbench_share import INK, png_size, spy_on_pictures

HEAD = ".rbw-verdict .rbw-result"


def start_example(page, game: str, name: str) -> str:
    """Picks ``game`` and its example ``name`` in the start controls, clicks "이 예제에서 시작"; the verdict."""
    page.select_option(".rbw-game", game)
    expect(page.locator(f".rbw-example option[value='{game}/{name}']")).to_be_attached(timeout=RUN)
    page.select_option(".rbw-example", f"{game}/{name}")
    before = runs(page)
    page.click(".rbw-from-example")
    return wait_run(page, before)


def korean_problems(text: str) -> list[str]:
    """Particle fallbacks, words missing before particles and English words, line by line (a cited rule's
    title may name its card in English too, as the rule's page does: 해자 (Moat))."""
    lines = text.splitlines()
    english = re.findall(r"[A-Za-z]{2,}", "\n".join(re.sub(r" \(규칙: .+\)$", "", line) for line in lines))
    return [found for line in lines for found in fallbacks(line) + orphans(line)] + english


def test_a_started_example_answers_its_own_checks(page, server):  # noqa: F811
    open_workbench(page, server)
    head = page.locator(HEAD)
    # a new question asks nothing yet: no "통과", but what to do next
    expect(head).to_contain_text("아직 엔진에 물은 것이 없습니다", timeout=RUN)
    expect(head).to_contain_text("‘할 수 있나요?’")
    expect(head).to_contain_text("‘이 값은?’")
    assert "통과" not in head.inner_text()

    assert start_example(page, "dominion", "moat") == "ok"
    answers = head.locator(".rbw-checked-answer")
    expect(answers).to_have_count(4)
    assert answers.all_inner_texts() == [
        "답: 윤주 손은 동, 동, 동, 사유지, 은, 금입니다.", "답: 윤주 행동은 0입니다.", "답: 윤주 덱은 동입니다.",
        "답: 아니요. ‘공개’ 행동은 카드 효과가 물을 때만 씁니다. 지금은 행동 단계입니다. (규칙: 턴의 세 단계)"]
    expect(head.locator(".rbw-asked")).to_have_text("4단계: ‘윤주는 해자를 보여 공격을 막습니다.’ 할 수 있나요?")
    expect(head).to_contain_text("✔ 통과")
    assert head.locator("details").count() == 0  # four answers: all shown
    assert not korean_problems(head.inner_text()), korean_problems(head.inner_text())

    # the reader asks a fact at the start with their own guess: their answer first, the example's folded
    expect(page.locator(".rbw-moves[data-at='0']")).to_be_attached(timeout=RUN)
    fact = page.locator(".rbw-fact-list option", has_text="윤주 행동").first
    page.select_option(".rbw-fact-list", fact.get_attribute("value"))
    page.fill(".rbw-expect", "1")
    before = runs(page)
    page.click(".rbw-ask-fact")
    assert wait_run(page, before) == "ok"
    expect(head.locator(".rbw-answer")).to_have_text(["답: 윤주 행동은 1입니다. 내 예상과 같습니다."])
    expect(head.locator("details.rbw-more-answers summary")).to_have_text("거부될 행동과 확인한 사실에 대한 답 4개")
    assert "통과" not in head.inner_text()


def test_many_answers_show_the_first_few_and_fold_the_rest(page, server):  # noqa: F811
    steps = yaml.safe_load(builtin_path("dominion/bandit").read_text(encoding="utf-8"))["steps"]
    expected = sum(len(s.get("check") or {}) + (s.get("expect") == "illegal") for s in steps)
    open_workbench(page, server)
    assert start_example(page, "dominion", "bandit") == "ok"
    head = page.locator(HEAD)
    shown = head.locator(":scope > .rbw-checked .rbw-checked-answer")
    folded = head.locator("details.rbw-more-answers .rbw-checked-answer")
    summary = head.locator("details.rbw-more-answers summary")
    expect(summary).to_have_text(re.compile(r"나머지 답 \d+개"))
    rest = int(re.search(r"\d+", summary.inner_text()).group())
    assert 6 <= shown.count() < expected and rest == folded.count() == expected - shown.count()
    expect(folded.first).to_be_hidden()
    summary.click()
    expect(folded.first).to_be_visible()
    lines = shown.all_inner_texts() + folded.all_inner_texts()
    assert all(line.startswith("답: ") for line in lines), lines
    refusals = [line for line in lines if line.startswith("답: 아니요.")]
    assert refusals and all(re.search(r"\. \(규칙: .+\)$", line) for line in refusals), refusals
    assert not korean_problems(head.inner_text()), korean_problems(head.inner_text())


def save_picture(page, tmp_path) -> tuple[int, int]:
    with page.expect_download(timeout=RUN) as download:
        page.click(".rbw-picture")
    download.value.save_as(tmp_path / "board.png")
    return png_size((tmp_path / "board.png").read_bytes())


def test_the_picture_holds_the_answers_under_the_board_or_the_board_alone(page, server, tmp_path):  # noqa: F811
    spy_on_pictures(page)
    open_workbench(page, server)
    expect(page.locator(HEAD)).to_contain_text("아직 엔진에 물은 것이 없습니다", timeout=RUN)
    board = ".rbw-player .rbp-viewbox"
    height = page.evaluate(f"document.querySelector('{board}').scrollHeight")
    _, tall = save_picture(page, tmp_path)
    pictured = page.evaluate("window.pictured")
    assert len(pictured) == 1 and pictured[0]["className"] == "rbp-viewbox"  # nothing asked: the board alone
    assert "답:" not in pictured[0]["text"] and abs(tall - 2 * (height + 24)) <= 2, (tall, height)

    assert start_example(page, "dominion", "moat") == "ok"
    height = page.evaluate(f"document.querySelector('{board}').scrollHeight")
    _, tall = save_picture(page, tmp_path)
    last = page.evaluate("window.pictured")[-1]
    assert last["board"] and last["className"] != "rbp-viewbox"  # the board and the words, in one sheet
    assert "답: 윤주 손은 동, 동, 동, 사유지, 은, 금입니다." in last["text"]
    assert "답: 아니요. ‘공개’ 행동은 카드 효과가 물을 때만 씁니다." in last["text"]
    assert tall > 2 * (height + 24) + 60  # lines of words below the board
    assert page.locator(".rbw-sheet").count() == 0  # the sheet is gone once pictured
    ink, colours = page.evaluate(INK, base64.b64encode((tmp_path / "board.png").read_bytes()).decode())
    assert ink > 0.02 and colours > 20, (ink, colours)  # drawn, not a blank sheet
