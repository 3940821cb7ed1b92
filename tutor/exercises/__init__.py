"""Predict-the-outcome exercises: questions in ``tutor/exercises/<game>.yaml``, answers from the engine.

An exercise points at one move of a built-in scenario (``scenario`` and the move's text ``move``, the
``nth`` time it occurs) and asks, before the move is shown, what will happen:

- ``ask: verdict`` — does the engine accept the move or reject it? (``answer: accepted|rejected``)
- ``ask: fact`` — the value of an observable ``fact`` after the move (``choices`` and ``answer`` are values);
- ``ask: legal`` — which of the ``choices`` (moves) the engine accepts in the position before the move.

The author writes the answer; ``solve`` replays the scenario and asks the engine. The widget shows the
engine's answer and explanation, and a test checks that the author and the engine agree.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from engines.core import RulesError
from engines.core.korean import josa

from tutor.replay import StepResult, Trace, replay
from tutor.scenario import load_builtin
from tutor.views import fact_text
from tutor.views.common import value_text
from tutor.yamlsource import Problem, parse_yaml

EXERCISE_DIR = Path(__file__).resolve().parent
KINDS = ("verdict", "fact", "legal")
LEVELS = {1: "쉬움", 2: "보통", 3: "어려움"}
VERDICT_CHOICES = {"accepted": "받아들여진다", "rejected": "거부된다"}
KEYS = {"id", "level", "title", "scenario", "move", "nth", "ask", "question", "fact", "choices", "answer", "rule"}


class ExerciseError(ValueError):
    """An exercise file or entry that cannot be used; the message (Korean) names the file and line."""


@dataclass(frozen=True)
class ExerciseSpec:
    game: str
    id: str
    level: int
    title: str
    scenario: str  # built-in scenario name within the game, e.g. "market"
    move: str  # the scenario move the question is about, as written in the scenario file
    nth: int  # which occurrence of that move: 1 = the first, -1 = the last
    ask: str  # one of KINDS
    question: str
    choices: tuple[Any, ...]  # values (fact), move texts (legal), or the two verdicts
    answer: Any  # the author's answer
    fact: str | None = None
    rule: str | None = None  # the rule section behind the answer (a rejection cites its own)
    line: int = 0

    @property
    def name(self) -> str:
        return f"{self.game}/{self.id}"


@dataclass
class Solution:
    """What the engine says: the correct choice, and the explanation shown after answering."""
    spec: ExerciseSpec
    trace: Trace
    step: StepResult
    labels: list[str]  # the choices as the reader sees them
    notes: list[dict[str, str]]  # per choice (legal moves): the engine's rejection {message, rule}, or {}
    correct: int  # index of the correct choice
    answer: Any  # the engine's answer, in the author's terms
    explanation: str  # Korean, from the engine: the move's description and its verdict or effect
    rule: str  # the rule section a wrong answer points to
    changed: list[list[str]] = field(default_factory=list)  # [fact, before, after] of the move

    @property
    def before(self) -> Any:
        return self.trace.state_at(self.step.index - 1)


def exercise_file(game: str) -> Path:
    return EXERCISE_DIR / f"{game}.yaml"


def games() -> list[str]:
    return sorted(p.stem for p in EXERCISE_DIR.glob("*.yaml"))


@cache
def load_exercises(game: str) -> tuple[ExerciseSpec, ...]:
    path = exercise_file(game)
    if not path.is_file():
        raise ExerciseError(f"{path}: 연습 문제 파일이 없습니다.")
    doc, problems = parse_yaml(path.read_text(encoding="utf-8"))
    specs: list[ExerciseSpec] = []
    if doc is not None:
        if not isinstance(doc.data, dict) or not isinstance(doc.data.get("exercises"), list):
            problems.append(Problem(1, "exercises: 아래에 문제 목록이 있어야 합니다."))
        else:
            for i, entry in enumerate(doc.data["exercises"]):
                spec = _spec(game, entry, doc.line("exercises", i) or 0, problems)
                if spec is not None:
                    specs.append(spec)
    ids = [s.id for s in specs]
    problems += [Problem(s.line, f"id {josa(repr(s.id), '이')} 두 번 나옵니다.") for i, s in enumerate(specs) if s.id in ids[:i]]
    if problems:
        raise ExerciseError("\n".join(f"{path}:{p.line or '?'}: {p.message}" for p in problems))
    return tuple(specs)


def get_exercise(name: str) -> ExerciseSpec:
    """``"dominion/market-coins"`` → that exercise."""
    game, _, ex_id = name.partition("/")
    for spec in load_exercises(game):
        if spec.id == ex_id:
            return spec
    raise ExerciseError(f"연습 문제 {josa(repr(name), '이')} 없습니다 ({exercise_file(game).name}).")


def _spec(game: str, entry: Any, line: int, problems: list[Problem]) -> ExerciseSpec | None:
    def bad(message: str) -> None:
        problems.append(Problem(line, message))

    if not isinstance(entry, dict):
        bad("문제 하나는 id, scenario, move, ask, question 등을 가진 매핑이어야 합니다.")
        return None
    unknown = set(entry) - KEYS
    if unknown:
        bad(f"알 수 없는 항목: {', '.join(sorted(map(str, unknown)))}")
    missing = [k for k in ("id", "level", "title", "scenario", "move", "ask", "question", "answer") if k not in entry]
    if missing:
        bad(f"필수 항목이 없습니다: {', '.join(missing)}")
        return None
    ask = entry["ask"]
    if ask not in KINDS:
        bad(f"ask는 {', '.join(KINDS)} 중 하나여야 합니다.")
        return None
    if entry["level"] not in LEVELS:
        bad("level은 1(쉬움), 2(보통), 3(어려움) 중 하나여야 합니다.")
    if ask == "verdict":
        if "choices" in entry or entry["answer"] not in VERDICT_CHOICES:
            bad("ask: verdict 문제는 choices 없이 answer: accepted 또는 rejected를 적습니다.")
        choices: tuple[Any, ...] = tuple(VERDICT_CHOICES)
    else:
        choices = tuple(entry.get("choices") or ())
        if len(choices) < 2:
            bad("choices에 보기가 두 개 이상 있어야 합니다.")
    if not isinstance(entry.get("nth", 1), int) or entry.get("nth") == 0:
        bad("nth는 0이 아닌 정수여야 합니다 (1 = 처음, -1 = 마지막).")
    if (ask == "fact") != ("fact" in entry):
        bad("fact는 ask: fact 문제에만, 그리고 반드시 적습니다.")
    return ExerciseSpec(
        game=game, id=str(entry["id"]), level=entry["level"], title=str(entry["title"]),
        scenario=str(entry["scenario"]), move=str(entry["move"]), nth=int(entry.get("nth", 1)), ask=ask,
        question=str(entry["question"]).strip(), choices=choices, answer=entry["answer"],
        fact=entry.get("fact"), rule=entry.get("rule"), line=line)


def solve(spec: ExerciseSpec) -> Solution:
    """Replay the exercise's scenario and let the engine answer it."""
    trace = replay(load_builtin(f"{spec.game}/{spec.scenario}"))
    step = _find_step(spec, trace)
    game = trace.game
    error = step.error or {}
    if spec.ask == "verdict":
        labels, notes = [VERDICT_CHOICES[c] for c in spec.choices], [{} for _ in spec.choices]
        matches = [c == step.verdict for c in spec.choices]
        answer: Any = step.verdict
    elif spec.ask == "fact":
        facts = step.facts
        if spec.fact not in facts:
            raise ExerciseError(f"{spec.name}: 엔진이 관찰하는 사실에 {josa(repr(spec.fact), '이')} 없습니다.")
        answer = facts[spec.fact]
        ordered = spec.fact.rsplit(".", 1)[-1] in game.ordered_facts
        labels = [fact_text(game, spec.fact, c)[1] for c in spec.choices]
        notes = [{} for _ in spec.choices]
        matches = [_same(c, answer, ordered) for c in spec.choices]
    else:
        before = trace.state_at(step.index - 1)
        labels, notes, matches = [], [], []
        for text in spec.choices:
            try:
                move = game.parse(before, str(text))
            except RulesError as exc:
                raise ExerciseError(f"{spec.name}: 보기 {josa(repr(text), '을')} 읽을 수 없습니다: {exc.message}") from None
            labels.append(game.describe(before, move))
            try:
                game.apply(before, move, by=step.by)
            except RulesError as exc:
                notes.append({"message": exc.message, "rule": exc.rule or ""})
                matches.append(False)
                continue
            notes.append({})
            matches.append(True)
        answer = next((c for c, m in zip(spec.choices, matches) if m), None)
    if matches.count(True) != 1:
        raise ExerciseError(f"{spec.name}: 엔진의 답({value_text(answer)})에 맞는 보기가 {matches.count(True)}개입니다 "
                            "(정확히 하나여야 합니다).")
    rule = error.get("rule") if step.verdict == "rejected" and spec.ask != "legal" else None
    rule = rule or spec.rule or (trace.scenario.rules[0] if trace.scenario.rules else "")
    correct = matches.index(True)
    explanation = f"{labels[correct]} → 엔진이 받아들입니다." if spec.ask == "legal" else _explain(game, spec, step)
    return Solution(spec=spec, trace=trace, step=step, labels=labels, notes=notes, correct=correct,
                    answer=answer, explanation=explanation, rule=rule,
                    changed=[_change(game, k, b, a) for k, (b, a) in step.changed.items()])


def _find_step(spec: ExerciseSpec, trace: Trace) -> StepResult:
    """The ``nth`` move step whose move is ``spec.move`` (compared in canonical notation, so aliases match)."""
    found = [step for step in trace.steps if step.kind == "move" and step.verdict is not None
             and _canonical(trace, step, spec.move) == step.move]
    if not (found and -len(found) <= spec.nth <= len(found) and spec.nth != 0):
        raise ExerciseError(f"{spec.name}: 시나리오 {spec.scenario}에 행동 {josa(repr(spec.move), '이')} "
                            f"{spec.nth}번 나오지 않습니다.")
    return found[spec.nth - 1 if spec.nth > 0 else spec.nth]


def _canonical(trace: Trace, step: StepResult, text: str) -> str | None:
    try:
        return str(trace.game.parse(trace.state_at(step.index - 1), text))
    except RulesError:
        return None


def _change(game: Any, key: str, before: Any, after: Any) -> list[str]:
    """[label, before, after] of a changed fact, in the reader's words (Korean labels and values)."""
    label, shown_before = fact_text(game, key, before)
    return [label, shown_before, fact_text(game, key, after)[1]]


def _same(choice: Any, value: Any, ordered: bool) -> bool:
    if isinstance(value, (list, tuple)):
        if not isinstance(choice, (list, tuple)):
            return False
        mine, theirs = [str(c) for c in choice], [str(v) for v in value]
        return mine == theirs if ordered else sorted(mine) == sorted(theirs)
    if isinstance(value, bool) or isinstance(choice, bool):
        return choice is value
    return str(choice) == str(value)


def _explain(game: Any, spec: ExerciseSpec, step: StepResult) -> str:
    """The engine's words on the move: what it does, and why it was rejected or what it changed."""
    what = step.description or step.move or ""
    if step.verdict == "rejected":
        return f"{what} → 엔진이 거부합니다: {step.error['message']}"
    if spec.ask == "fact":
        before, after = step.changed.get(spec.fact, (step.facts[spec.fact],) * 2)
        _, shown_before, shown_after = _change(game, spec.fact, before, after)
        change = f"{shown_before} → {shown_after}" if before != after else f"그대로 {shown_after}"
        return f"{what} → 엔진이 받아들입니다. 이 행동 뒤의 값: {change}"
    return f"{what} → 엔진이 받아들입니다."
