"""Lesson plans (``docs/<game>/lesson.md``) hold together.

A plan names exercises in two ways: by the number the exercises page gives them ("연습 1, 4, 2, 8" in its
timing table) and by their label (``{ref}`exercise-<game>-<id>``` in its step list). Every name must resolve
to an exercise; the table and the step list must name the same exercises for the same steps, with the same
minutes; every exercise must be in a mode (Through the Ages' basic, advanced or full game, its 2015 edition,
Dominion's first-edition cards, Carta's draft or team game) the plan has taught by then; the yes/no
questions must not all have one answer; a question must not give its answer away; and the plan must open on
an ordinary example that none of its exercises replays.
"""
import re
import sys
from functools import cache
from pathlib import Path

import pytest

from tutor.exercises import ExerciseSpec, get_exercise, load_exercises, solve
from tutor.rules import RULE_ID, defined_sections
from tutor.scenario import Scenario, load_builtin

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
sys.path.insert(0, str(DOCS / "_ext"))
from inline_widgets import exercises_page  # noqa: E402  (the numbering the exercises page shows)

GAMES = ["dominion", "carta_impera_victoria", "through_the_ages", "history_of_the_world"]
STEPS_HEADING = "## 차례대로"
EXERCISE_REF = re.compile(r"\{ref\}`exercise-([a-z_]+)-([a-z0-9-]+)`")
RULE_REF = re.compile(rf"\{{ref\}}`(?:[^`<]*<)?({RULE_ID})>?`")
EXAMPLE = re.compile(r"```\{example\}\s+([^\n`]+)")
NUMBERS = re.compile(r"연습\s*((?:\d+\s*(?:[~–,·]|중|및)?\s*)+)")
MINUTES_ROW = re.compile(r"^\|\s*(\d+)\s*[–-]\s*(\d+)\s*분\s*\|")
STEP = re.compile(r"^(\d+)\.\s+\*\*[^*(]*\((\d+)분\)\*\*")


# --- reading a plan --------------------------------------------------------------------------------------

@cache
def plan(game: str) -> str:
    return (DOCS / game / "lesson.md").read_text(encoding="utf-8")


@cache
def numbering(game: str) -> dict[int, str]:
    """Exercise number → id, exactly as the exercises page numbers and labels them."""
    page = exercises_page(game)
    found = re.findall(rf"^\(exercise-{game}-([a-z0-9-]+)\)=\n### (\d+)\. ", page, re.M)
    return {int(number): ex_id for ex_id, number in found}


def numbers_in(text: str) -> list[int]:
    """"연습 1~3", "연습 10, 12", "연습 22·24 중 하나" → the numbers, ranges expanded."""
    out: list[int] = []
    for group in NUMBERS.findall(text):
        for lo, hi in re.findall(r"(\d+)(?:\s*[~–]\s*(\d+))?", group):
            out += list(range(int(lo), int(hi or lo) + 1))
    return out


def table_rows(game: str) -> list[str]:
    head = plan(game).split(STEPS_HEADING)[0]
    return [line for line in head.splitlines() if MINUTES_ROW.match(line)]


def steps(game: str) -> list[str]:
    """The numbered items of the step list, each with its continuation lines."""
    body = plan(game).split(STEPS_HEADING, 1)[1]
    items: list[str] = []
    for line in body.splitlines():
        if STEP.match(line):
            items.append(line)
        elif items and (line.startswith("   ") or not line.strip()) and not line.startswith("#"):
            items[-1] += "\n" + line
        elif line.strip():
            break
    return items


def resolve(game: str, number: int) -> str:
    ids = numbering(game)
    assert number in ids, f"{game}: the plan names 연습 {number}, the exercises page has 1–{len(ids)}"
    return ids[number]


def named_exercises(game: str) -> list[tuple[int, ExerciseSpec]]:
    """Every exercise the plan names, with the place in the plan text where it is first named."""
    text = plan(game)
    found: dict[str, int] = {}
    for match in EXERCISE_REF.finditer(text):
        assert match.group(1) == game, f"{game}: the plan names another game's exercise {match.group(0)}"
        found.setdefault(match.group(2), match.start())
    for match in NUMBERS.finditer(text):
        for number in numbers_in(match.group(0)):
            found.setdefault(resolve(game, number), match.start())
    return sorted(((pos, get_exercise(f"{game}/{ex_id}")) for ex_id, pos in found.items()), key=lambda p: p[0])


@cache
def solved(name: str):
    return solve(get_exercise(name))


@cache
def scenario(name: str) -> Scenario:
    return load_builtin(name)


# --- modes -----------------------------------------------------------------------------------------------

@cache
def first_edition_sections() -> frozenset[str]:
    return frozenset(i for i, s in defined_sections().items() if s.page == "dominion/cards-first-edition")


def required_sections(game: str, sc: Scenario) -> set[str]:
    """The rule sections (ids or id prefixes) a class must have met before an exercise on this scenario:
    its mode and edition."""
    variant = dict(sc.variant)
    if game == "through_the_ages":
        mode = variant.get("mode", "simple")
        needed = {"tta.simple"} | ({"tta.advanced"} if mode in ("advanced", "full") else set())
        needed |= {"tta.full"} if mode == "full" else set()
        return needed | ({"tta15"} if variant.get("edition") == 2015 else set())
    if game == "dominion":
        needed = {r for r in sc.rules if r in first_edition_sections()}
        return needed | ({"dominion.card.throne-room"} if variant.get("throne_room_first_edition") else set())
    if game == "carta_impera_victoria":
        return ({"carta.setup.draft"} if variant.get("mode") == "draft" else set()) | (
            {"carta.team"} if variant.get("team") else set())
    return {"hotw.classic-draft"} if variant.get("draft") == "classic" else set()


def taught(game: str, upto: int) -> set[str]:
    """The rule sections the plan has shown by a point in its text: those it cites and those its examples
    cite, before that point."""
    text = plan(game)[:upto]
    cited = set(RULE_REF.findall(text))
    for match in EXAMPLE.finditer(text):
        for name in match.group(1).split():
            cited |= set(scenario(name).rules)
    return cited


def covered(needed: str, cited: set[str]) -> bool:
    return any(c == needed or c.startswith(needed + ".") for c in cited)


# --- the tests -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_every_exercise_a_plan_names_exists(game):
    named = named_exercises(game)
    assert len(named) >= 8, f"{game}: the plan names {len(named)} exercises"
    for _, spec in named:
        solved(spec.name)  # raises when the exercise or its scenario is broken


@pytest.mark.parametrize("game", GAMES)
def test_the_table_and_the_step_list_agree(game):
    rows, items = table_rows(game), steps(game)
    assert [int(b) - int(a) for a, b in (MINUTES_ROW.match(r).groups() for r in rows)] == \
           [int(STEP.match(s).group(2)) for s in items], f"{game}: the table's minutes are not the steps' minutes"
    by_row = [{resolve(game, n) for n in numbers_in(r)} for r in rows]
    by_step = [{m.group(2) for m in EXERCISE_REF.finditer(s)} for s in items]
    assert [ids for ids in by_row if ids] == [ids for ids in by_step if ids], (
        f"{game}: the table's exercise numbers (→ ids) are not those of the step list")
    assert sum(int(STEP.match(s).group(2)) for s in items) == 45, f"{game}: a lesson is 45 minutes"


@pytest.mark.parametrize("game", GAMES)
def test_each_exercise_is_in_a_mode_the_class_has_learned(game):
    for pos, spec in named_exercises(game):
        sc = scenario(f"{game}/{spec.scenario}")
        cited = taught(game, pos)
        missing = sorted(n for n in required_sections(game, sc) if not covered(n, cited))
        assert not missing, (f"{game}: exercise {spec.id} ({dict(sc.variant) or 'default rules'}) needs "
                             f"{missing}, which the plan has not shown before naming it")


@pytest.mark.parametrize("game", GAMES)
def test_yes_no_answers_are_balanced(game):
    answers = [solved(spec.name).answer for _, spec in named_exercises(game) if spec.ask == "verdict"]
    accepted, rejected = answers.count("accepted"), answers.count("rejected")
    assert accepted >= 2 and rejected >= 2 and abs(accepted - rejected) <= 1, (
        f"{game}: {accepted} accepted, {rejected} rejected")


@pytest.mark.parametrize("game", GAMES)
def test_questions_do_not_state_their_answer(game):
    """A question may give the situation, not the engine's reason: when the refusal turns on two or more
    numbers ("식량이 3 필요한데 2뿐입니다"), the question must not hand over all of them."""
    for _, spec in named_exercises(game):
        sol = solved(spec.name)
        if spec.ask != "verdict" or sol.answer != "rejected":
            continue
        reason = set(re.findall(r"\d+", sol.step.error["message"]))
        stated = set(re.findall(r"\d+", spec.question))
        assert len(reason) < 2 or not reason <= stated, f"{game}/{spec.id}: the question states {sorted(reason)}"
        for word in ("거부", "받아들여", "할 수 없", "못 합니다", "안 됩니다"):
            assert word not in spec.question, f"{game}/{spec.id}: the question says {word!r}"


@pytest.mark.parametrize("game", GAMES)
def test_every_exercise_of_a_plan_says_why(game):
    for _, spec in named_exercises(game):
        assert spec.why, f"{game}/{spec.id}: a plan's exercise needs the author's why (the rule in words)"


@pytest.mark.parametrize("game", GAMES)
def test_the_plan_opens_on_an_ordinary_example_no_exercise_replays(game):
    text = plan(game)
    first = EXAMPLE.search(text)
    assert first, f"{game}: the plan shows no example"
    named = named_exercises(game)
    assert first.start() < named[0][0], f"{game}: the first example comes after the first exercise"
    name = first.group(1).split()[0]
    moves = [step.expect for step in scenario(name).steps if step.move is not None and step.by != "chance"]
    assert moves and moves.count("ok") >= moves.count("illegal"), (
        f"{game}: {name} refuses more moves than it accepts; open on an ordinary example")
    replayed = {f"{game}/{spec.scenario}" for _, spec in named}
    assert name not in replayed, f"{game}: the exercises replay the opening example {name}"
    for row in table_rows(game):
        if "예제" in row:
            shown = set(RULE_REF.findall(row))
            assert shown <= set(scenario(name).rules), f"{game}: the table's example {shown} is not {name}"


def test_the_chapel_feedback_allows_trashing_nothing_as_the_rules_page_does():
    page = (DOCS / "dominion" / "cards-2-3.md").read_text(encoding="utf-8")
    assert "0장도 됩니다" in page
    feedback = solved("dominion/chapel-five").explanation
    assert "한 장도 폐기하지 않아도 됩니다" in feedback and "pass" in feedback and "4장" in feedback


def test_the_remodel_feedback_says_why_it_cannot_trash_itself():
    feedback = solved("dominion/remodel-itself").explanation
    assert "플레이 영역" in feedback and "손에 남은 카드" in feedback


def test_plans_reference_only_defined_rule_sections():
    sections = defined_sections()
    for game in GAMES:
        unknown = sorted(set(RULE_REF.findall(plan(game))) - set(sections))
        assert not unknown, f"{game}: {unknown}"


def test_the_numbers_resolve_as_the_exercises_page_numbers_them():
    ids = numbering("through_the_ages")
    assert list(ids) == list(range(1, len(load_exercises("through_the_ages")) + 1))
    assert ids[1] == load_exercises("through_the_ages")[0].id
    assert numbers_in("연습 1~3") == [1, 2, 3]
    assert numbers_in("연습 10, 12·14 중 하나") == [10, 12, 14]


# --- one-page summaries ----------------------------------------------------------------------------------

SUMMARIES = [DOCS / game / "summary.md" for game in GAMES] + [DOCS / "through_the_ages" / "summary-advanced.md"]


def test_the_advanced_and_full_game_has_its_own_one_page_summary():
    page = DOCS / "through_the_ages" / "summary-advanced.md"
    text = page.read_text(encoding="utf-8")
    assert text.startswith("# 한 장 요약: 쓰루 디 에이지스 (숙련·본격 게임)")
    assert "::::{container} rb-summary" in text and len(re.findall(r"^```\{rubric\} ", text, re.M)) >= 6
    toctree = (DOCS / "through_the_ages" / "index.md").read_text(encoding="utf-8").split("```{toctree}", 1)[1]
    assert "\nsummary-advanced\n" in toctree
    cited = set(RULE_REF.findall(text))
    sections = defined_sections()
    assert cited and cited <= set(sections), sorted(cited - set(sections))
    # It sums up what the advanced and full games add: every citation is theirs, and both are there.
    assert all(c.startswith(("tta.advanced", "tta.full")) for c in cited), sorted(cited)
    for needed in ("tta.advanced.political", "tta.advanced.aggression", "tta.advanced.happiness",
                   "tta.advanced.corruption", "tta.advanced.end-of-age", "tta.advanced.end", "tta.full.wars",
                   "tta.full.end"):
        assert needed in cited, needed


@pytest.mark.parametrize("page", SUMMARIES, ids=lambda p: p.parent.name + "/" + p.stem)
def test_a_summary_cites_rules_as_text_a_printed_page_can_be_read_by(page):
    """On paper a link is only its words: a citation reads as the section's title in 「」, never as a bare arrow."""
    text = page.read_text(encoding="utf-8")
    assert not re.search(r"→\s*\{(?:ref|doc)\}", text), f"{page.name}: an arrow before a link"
    refs = re.findall(r"\{ref\}`[^`]+`", text)
    assert refs and all(f"「{ref}」" in text for ref in refs), f"{page.name}: a rule link outside 「」"
