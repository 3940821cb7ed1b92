"""No engine notation on a reader's screen (issue 31): no error code (kebab-case English such as
not-enough-coins: those stay in the CLI, in ``tutor check`` and in tooltips), no ``a→b`` state-diff fragment
and no raw backtick. Checked over the built site's pages (their prose and what their widgets say), the practice
table of every game after some moves, refusals and "왜?", and the workbench's verdict area, in a real browser."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from engines.core import get_game
from engines.core.errors import CORE_ERROR_CODES
from tutor.practice import Seat, Table
from tutor.scenario import builtin_path
from tutor.workbench_link import link

from .leaks import WIDGET_STATE, _Text, _widget_words
from .test_browser import browser, guarded_page, server, wait_until  # noqa: F401 (fixtures shared with the site test)
from .test_practice import MOVE, moves_made, open_practice, start

GAMES = ["dominion", "carta_impera_victoria", "through_the_ages", "history_of_the_world"]
CODES = sorted({*CORE_ERROR_CODES, *(code for g in GAMES for code in get_game(g).error_codes)}, key=len, reverse=True)
NOTATION = {
    "error code": re.compile(rf"(?<![\w-])(?:{'|'.join(map(re.escape, CODES))})(?![\w-])"),
    # a state diff written as before→after with nothing between (prose arrows "행동 → 생산" have spaces)
    "a→b fragment": re.compile(r"[^\s(]→[^\s)]"),
    "raw backtick": re.compile(r"`"),
}


def notation(text: str) -> list[str]:
    """Each piece of engine notation in ``text``, as "kind: the words around it"."""
    return [f"{kind}: {text[max(0, m.start() - 30):m.end() + 30]!r}"
            for kind, pattern in NOTATION.items() for m in pattern.finditer(text)]


def test_the_check_finds_each_kind_and_leaves_prose_alone():
    assert len(notation("속주는 비용이 8인데 코인이 3뿐입니다. 규칙: 구매 단계 not-enough-coins")) == 1
    assert len(notation("(민호 덱 장수 16→11, 윤주 행동 0→1)")) == 2
    assert len(notation("결정 손이 3장이 되도록 버릴 카드들→—")) == 1
    assert len(notation("(`leader 새 지도자 문화 유산`)")) == 2
    assert notation("카드 열 채우기 → 행동 → 생산과 유지 (민호 덱 장수 16에서 11로). 다음 단계 (→)") == []


def _pages(site: Path) -> list[Path]:
    return sorted(p for p in site.rglob("*.html") if p.relative_to(site).parts[0] not in {"lite", "_sources", "_static"})


def test_built_pages_show_no_engine_notation(site):
    found = {}
    for path in _pages(site):
        html = path.read_text(encoding="utf-8")
        parser = _Text()  # prose: code blocks and inline code (the notation pages' own examples) left out
        parser.feed(html)
        parser.close()
        words = ["".join(parser.prose)] + [w for state in WIDGET_STATE.findall(html)
                                           for w in _widget_words(json.loads(state))]
        if hits := [hit for text in words for hit in notation(text)]:
            found[path.relative_to(site).as_posix()] = hits[:5]
    assert found == {}


def _seen(snap: dict) -> list[str]:
    """What the practice page writes as text from a snapshot (the notation on buttons' titles aside)."""
    texts = [snap["turn"], snap["banner"]["text"], snap.get("result", ""), snap.get("prompt", ""), snap.get("last", ""),
             *snap.get("ending", []), *snap.get("preview", [])]
    texts += [e["text"] for e in snap["log"]]
    texts += [g["label"] for g in snap["groups"]] + [d for g in snap["groups"] for _, d in g["moves"]]
    texts += [b["label"] for b in snap["blocked"]]
    for problem in (snap["error"], snap["why"]):
        if problem:
            texts += [problem["message"], problem.get("label", "")]
    return texts


TABLES = [
    ("dominion", [Seat("윤주"), Seat("민호", "normal")], {"kingdom": "first"}),
    ("carta_impera_victoria", [Seat("윤주"), Seat("민호", "easy"), Seat("서연", "normal")], {"mode": "draft"}),
    ("through_the_ages", [Seat("윤주"), Seat("민호", "normal")], {"mode": "advanced", "edition": "2015"}),
    ("history_of_the_world", [Seat("윤주", "easy"), Seat("민호", "normal"), Seat("서연")], {}),
]


@pytest.mark.parametrize("game, seats, picked", TABLES, ids=[t[0] for t in TABLES])
def test_the_practice_table_shows_no_engine_notation(game, seats, picked):
    table = Table(game, seats, picked, seed=4)
    seen: list[str] = []
    snap = table.snapshot()
    for n in range(120):
        if snap["over"]:
            break
        if snap["handoff"]:
            snap = table.handle("reveal")
        elif snap["bot"]:
            snap = table.handle("bot")
        else:
            if n % 7 == 0:  # a refusal and a "왜?" now and then: their sentences are what a reader reads
                seen += _seen(table.handle("play", get_game(game).verbs[next(iter(get_game(game).verbs))].example))
                for blocked in snap["blocked"][:3]:
                    seen += _seen(table.handle("why", blocked["verb"]))
            snap = table.handle("play", snap["groups"][-1]["moves"][0][0])
        seen += _seen(snap)
    assert [hit for text in seen for hit in notation(text)] == []


def test_the_practice_page_and_the_workbench_verdict_show_no_engine_notation(browser, server):  # noqa: F811
    page = open_practice(browser, server, "dominion")
    start(page, [None, "normal"], seed=3)
    page.locator(".rbp-input").fill("buy 속주")  # refused: the code goes to the rule link's tooltip only
    page.locator(".rbp-submit").click()
    lesson = page.locator(".rbp-lesson")
    expect(lesson).to_contain_text("구매 단계", timeout=MOVE)
    assert "not-enough-coins" in lesson.locator(".rbp-rule").get_attribute("title") or \
        "wrong-phase" in lesson.locator(".rbp-rule").get_attribute("title")
    page.locator(".rbp-blocked summary").click()
    page.locator('.rbp-why[data-verb="buy"]').click()
    expect(page.locator(".rbp-lesson").last).to_contain_text("구매 단계", timeout=MOVE)
    for _ in range(6):
        before = moves_made(page)
        page.locator(".rbp-move").last.click()
        wait_until(page, "n => { const r = document.querySelector('.rbp'); return Number(r.dataset.moves) > n"
                         " && r.dataset.state !== 'computer'; }", arg=before, timeout=MOVE * 2)
        assert notation(page.locator(".rbp-table").inner_text()) == []
    assert page.outside == [] and page.errors == []
    page.context.close()

    page = guarded_page(browser, server, viewport={"width": 1100, "height": 900})
    text = builtin_path("dominion/market").read_text(encoding="utf-8")  # a refusal the example expects, on purpose
    page.goto(f"{server}workbench.html#{link(text)}")
    player = page.locator(".rbw-verdict .rbp")
    expect(player.locator(".rbp-counter")).to_be_visible(timeout=120_000)
    refused = 0
    while True:
        verdict = page.locator(".rbw-verdict").inner_text()  # the tutor check report is folded: the CLI's own words
        assert notation(verdict) == [], verdict
        refused += page.locator(".rbw-verdict .rb-lesson").count()
        if player.locator(".rbp-next").is_disabled():
            break
        player.locator(".rbp-next").click()
    assert refused >= 1
    assert page.outside == [] and page.errors == []
    page.context.close()


# --- the rules pages' own words (issue 36) ----------------------------------------------------------------
# Every rules page's prose speaks the learner's language. Move notation, option keys, rule ids and notes on writing
# scenarios live on the notation and options pages, or in the page's one folded "시나리오로 적기" note.
DOCS = Path(__file__).resolve().parents[2] / "docs"
# Every page of every game but the pages for scenario writers themselves (notation, options, observable facts,
# map data), whose words are the scenario's by nature.
TOOL_PAGES = ("notation", "options", "facts", "map-data")
LEARNER_PAGES = sorted(f"{game}/{path.name}" for game in ("dominion", "carta_impera_victoria", "through_the_ages",
                                                          "history_of_the_world")
                       for path in (DOCS / game).glob("*.md") if path.stem not in TOOL_PAGES)
PROSE_DIRECTIVES = ("{admonition}", "{note}", "{tip}", "{important}", "{warning}", "{hint}", "{seealso}")
FENCE = re.compile(r"^(`{3,}|:{3,})([^\n]*)\n(.*?)^\1[ \t]*$", re.S | re.M)
SCENARIO_NOTE = re.compile(r'<details class="rb-scenario-note">.*?</details>', re.S)
RULE_ID = re.compile(r"\b(?:dominion|tta15|tta|carta|hotw)\.[a-z0-9][\w.-]*")
# Rule sections about writing scenarios themselves (how a scenario's set-up is applied): their words are
# the scenario's keys by nature, as on the notation pages. Each runs from its label to the next label.
TOOL_SECTIONS = ("dominion.setup.scenario",)


def learner_prose(text: str) -> str:
    """What a reader reads of a page's source: admonitions' text kept, code, widgets' arguments, rule-section
    labels, cross-reference targets, HTML tags and the folded scenario note left out."""
    def block(match: re.Match) -> str:
        info, body = match.group(2).strip(), match.group(3)
        if not info.startswith(PROSE_DIRECTIVES):
            return ""
        title = info.split("}", 1)[1]
        return title + "\n" + "\n".join(line for line in body.splitlines() if not line.startswith(":"))
    for label in TOOL_SECTIONS:
        text = re.sub(rf"^\({re.escape(label)}\)=\n.*?(?=^\([^)\n]+\)=[ \t]*$|\Z)", "", text, flags=re.S | re.M)
    text = FENCE.sub(block, SCENARIO_NOTE.sub("", text))
    text = re.sub(r"^\([^)\n]+\)=[ \t]*$", "", text, flags=re.M)  # the spine: labels stay, unseen
    text = re.sub(r"\{(?:ref|doc|numref|term)\}`[^`]*`", "", text)
    return re.sub(r"<[^>]+>", "", text)


def engine_words(game: str, prose: str) -> list[str]:
    """Option keys and their word values, rule ids, move verbs and error codes in ``prose``, each with its
    neighbourhood."""
    g = get_game(game)
    words = {*g.options, *g.verbs, *g.error_codes, *CORE_ERROR_CODES, "variant", "setup", "tutor"}
    words |= {c for o in g.options.values() for c in (o.choices or ()) if isinstance(c, str) and re.fullmatch(r"[a-z_-]+", c)}
    found = [m for m in RULE_ID.finditer(prose)]
    found += [m for m in re.finditer(r"(?<![\w-])[a-z][a-z_-]*(?![\w-])", prose) if m.group(0) in words]
    return [prose[max(0, m.start() - 25):m.end() + 25].replace("\n", " ") for m in found]


def test_the_prose_check_sees_engine_words_and_not_the_folded_note():
    page = ("(tta.simple.round2)=\n# 7. 두 번째 라운드\n\n엔진에서는 `grow`로 적습니다. {ref}`tta.simple.round2.build`\n\n"
            "```{admonition} 읽기\n:class: note\n기본값 `needed`는 규칙 id tta.options.wonder-stage-token을 따릅니다.\n```\n\n"
            "```{example} through_the_ages/population\n```\n\n"
            '<details class="rb-scenario-note">\n<summary>시나리오로 적기</summary>\n\n`variant: {mode: simple}`\n\n</details>\n')
    hits = engine_words("through_the_ages", learner_prose(page))
    assert len(hits) == 3 and all(any(w in h for h in hits) for w in ("`grow`", "`needed`", "tta.options")), hits
    assert not any("round2.build" in h or "mode: simple" in h for h in hits), hits
    assert engine_words("through_the_ages", learner_prose("인구를 늘립니다. 건물을 짓습니다 (3 2 1).")) == []
    assert len(engine_words("carta_impera_victoria", "두 번 쓰면 `permanent-used`입니다.")) == 1


@pytest.mark.parametrize("page", LEARNER_PAGES)
def test_a_rules_chapter_speaks_the_learners_language(page):
    text = (DOCS / page).read_text(encoding="utf-8")
    assert engine_words(page.split("/")[0], learner_prose(text)) == []
    assert text.count('<details class="rb-scenario-note">') <= 1  # one folded note per page at most
    assert "추출" not in learner_prose(text) and "깨진 글" not in text  # how gaps were filled: docs/sources.md
