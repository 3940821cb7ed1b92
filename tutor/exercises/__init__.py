"""Predict-the-outcome exercises: questions in ``tutor/exercises/<game>.yaml``, answers from the engine.

An exercise points at one move of a built-in scenario (``scenario`` and the move's text ``move``, the
``nth`` time it occurs) and asks, before the move is shown, what will happen:

- ``ask: verdict`` — does the engine accept the move or reject it? (``answer: accepted|rejected``)
- ``ask: fact`` — the value of an observable ``fact`` after the move (``choices`` and ``answer`` are values);
- ``ask: legal`` — which of the ``choices`` (moves) the engine accepts in the position before the move.

A verdict question may name a ``fact`` too: the feedback then says how the move changed it. ``why`` is an
optional sentence of the author's, for what the engine cannot say (why a rule allows a move).

The author writes the answer; ``solve`` replays the scenario and asks the engine. The widget shows the
engine's answer and explanation, and a test checks that the author and the engine agree. The choices are
shown in an order that does not depend on the answer or on how the author listed them: the two verdicts
always as "accepted, rejected", numbers from small to large, anything else in an order seeded by the
exercise's name.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from engines.core import RulesError
from engines.core.korean import josa
from engines.dominion.cards import CARDS as DOMINION_CARDS

from tutor.replay import StepResult, Trace, replay
from tutor.scenario import load_builtin
from tutor.views import fact_text
from tutor.views.common import value_text
from tutor.yamlsource import Problem, parse_yaml

EXERCISE_DIR = Path(__file__).resolve().parent
KINDS = ("verdict", "fact", "legal")
LEVELS = {1: "쉬움", 2: "보통", 3: "어려움"}
VERDICT_CHOICES = {"accepted": "받아들여진다", "rejected": "거부된다"}
TTA_MODES = {"simple": "맛보기 게임", "advanced": "숙련 게임", "full": "본격 게임"}
KEYS = {"id", "level", "title", "scenario", "move", "nth", "ask", "question", "fact", "choices", "answer", "rule",
        "why"}


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
    why: str | None = None  # the author's sentence on why the rule allows the move, shown after answering
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
    choices: list[Any]  # the author's choices, in the order shown (see ``display_order``)
    labels: list[str]  # the choices as the reader sees them, in that order
    notes: list[dict[str, str]]  # per choice (legal moves): the engine's rejection {message, rule}, or {}
    correct: int  # index of the correct choice among those shown
    answer: Any  # the engine's answer, in the author's terms
    explanation: str  # Korean, from the engine: the move's description and its verdict or effect
    rule: str  # the rule section a wrong answer points to
    changed: list[list[str]] = field(default_factory=list)  # [fact, before, after] of the move

    @property
    def before(self) -> Any:
        return self.trace.state_at(self.step.index - 1)

    @property
    def ruleset(self) -> str:
        return ruleset(self.spec.game, self.trace.scenario.variant, self.trace.scenario.rules)


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
    if ask == "fact" and "fact" not in entry:
        bad("ask: fact 문제에는 fact를 반드시 적습니다.")
    if ask == "legal" and "fact" in entry:
        bad("ask: legal 문제에는 fact를 적지 않습니다 (보기마다 행동이 다릅니다).")
    return ExerciseSpec(
        game=game, id=str(entry["id"]), level=entry["level"], title=str(entry["title"]),
        scenario=str(entry["scenario"]), move=str(entry["move"]), nth=int(entry.get("nth", 1)), ask=ask,
        question=str(entry["question"]).strip(), choices=choices, answer=entry["answer"],
        fact=entry.get("fact"), rule=entry.get("rule"), why=_why(entry.get("why"), bad), line=line)


def _why(text: Any, bad: Any) -> str | None:
    if text is None:
        return None
    text = str(text).strip()
    if not text.endswith((".", "다", ")")):
        bad("why는 마침표로 끝나는 한국어 문장으로 적습니다.")
    return text


def display_order(spec: ExerciseSpec) -> list[int]:
    """The order the choices are shown in, as indices into ``spec.choices``: fixed for verdicts and
    true/false, small to large for numbers, otherwise seeded by the exercise's name and each choice's
    text. Never by the answer, and never by the order the author listed them in."""
    indices, values = list(range(len(spec.choices))), spec.choices
    if spec.ask == "verdict":  # accepted first, then rejected, always
        return sorted(indices, key=lambda i: list(VERDICT_CHOICES).index(values[i]))
    if all(isinstance(v, bool) for v in values):
        return sorted(indices, key=lambda i: not values[i])  # 예 before 아니오
    if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
        return sorted(indices, key=lambda i: values[i])

    def seeded(i: int) -> str:
        return hashlib.sha256(f"{spec.name}\n{values[i]}".encode()).hexdigest()

    return sorted(indices, key=seeded)


def solve(spec: ExerciseSpec) -> Solution:
    """Replay the exercise's scenario and let the engine answer it."""
    trace = replay(load_builtin(f"{spec.game}/{spec.scenario}"))
    step = _find_step(spec, trace)
    game = trace.game
    error = step.error or {}
    choices = [spec.choices[i] for i in display_order(spec)]
    if spec.fact is not None and spec.fact not in step.facts:
        raise ExerciseError(f"{spec.name}: 엔진이 관찰하는 사실에 {josa(repr(spec.fact), '이')} 없습니다.")
    if spec.ask == "verdict":
        labels, notes = [VERDICT_CHOICES[c] for c in choices], [{} for _ in choices]
        matches = [c == step.verdict for c in choices]
        answer: Any = step.verdict
    elif spec.ask == "fact":
        answer = step.facts[spec.fact]
        ordered = spec.fact.rsplit(".", 1)[-1] in game.ordered_facts
        labels = [fact_text(game, spec.fact, c)[1] for c in choices]
        notes = [{} for _ in choices]
        matches = [_same(c, answer, ordered) for c in choices]
    else:
        before = trace.state_at(step.index - 1)
        labels, notes, matches = [], [], []
        for text in choices:
            try:
                move = game.parse(before, str(text))
            except RulesError as exc:
                raise ExerciseError(f"{spec.name}: 보기 {josa(repr(text), '을')} 읽을 수 없습니다: {exc.message}") from None
            labels.append(game.describe(before, move))
            try:
                game.apply(before, move, by=step.by)
            except RulesError as exc:
                notes.append({"message": _sentence(exc.message), "rule": exc.rule or ""})
                matches.append(False)
                continue
            notes.append({})
            matches.append(True)
        answer = next((c for c, m in zip(choices, matches) if m), None)
    if matches.count(True) != 1:
        raise ExerciseError(f"{spec.name}: 엔진의 답({value_text(answer)})에 맞는 보기가 {matches.count(True)}개입니다 "
                            "(정확히 하나여야 합니다).")
    rule = error.get("rule") if step.verdict == "rejected" and spec.ask != "legal" else None
    rule = rule or spec.rule or (trace.scenario.rules[0] if trace.scenario.rules else "")
    correct = matches.index(True)
    if spec.ask == "legal":
        explanation = _join(f"보기 가운데 받아들여지는 것은 「{labels[correct]}」 하나뿐입니다.", spec.why)
    else:
        explanation = _explain(trace, spec, step)
    return Solution(spec=spec, trace=trace, step=step, choices=choices, labels=labels, notes=notes,
                    correct=correct, answer=answer, explanation=explanation, rule=rule,
                    changed=[_change(game, k, b, a) for k, (b, a) in step.changed.items()])


def ruleset(game: str, variant: dict[str, Any], rules: list[str]) -> str:
    """The game's mode and edition an exercise is played in, in Korean: a reader sees at once whether it
    belongs to what the class has met (the TtA basic game, Dominion's second edition, ...)."""
    if game == "through_the_ages":
        return f"{TTA_MODES[variant.get('mode', 'simple')]} · {variant.get('edition', 2006)}년판"
    if game == "dominion":
        first = {f"dominion.card.{c.id.replace('_', '-')}" for c in DOMINION_CARDS.values() if c.edition == "1"}
        if variant.get("throne_room_first_edition"):
            return "기본 게임 · 알현실의 1판 읽기"
        return "기본 게임 · 1판 카드" if first.intersection(rules) else "기본 게임 · 2판"
    if game == "carta_impera_victoria":
        parts = ["드래프트 준비" if variant.get("mode") == "draft" else "기본 게임"]
        return " · ".join(parts + (["4인 팀 게임"] if variant.get("team") else []))
    return "클래식 드래프트" if variant.get("draft") == "classic" else "기본 게임"


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


def _explain(trace: Trace, spec: ExerciseSpec, step: StepResult) -> str:
    """The feedback in sentences: for a rejection the engine's reason; for an accepted move the engine's
    description of it, then what it did to the fact the question is about, then the author's ``why``."""
    if step.verdict == "rejected":
        refused = "이 행동은 거부됩니다." if spec.ask == "verdict" else "이 행동은 거부되어 아무것도 바뀌지 않습니다."
        return _join(refused, _sentence(step.error["message"]), _consequence(trace, spec, step), spec.why)
    accepted = "이 행동은 받아들여집니다." if spec.ask == "verdict" else ""
    return _join(accepted, _subject(trace, step), _consequence(trace, spec, step), spec.why)


def _subject(trace: Trace, step: StepResult) -> str:
    """The engine's description of the move, with its player as the subject when the engine leaves it out
    ("손의 군사 카드를 자기 앞에 내려놓습니다." → "윤주는 손의 군사 카드를 …")."""
    what = _sentence(step.description or "")
    by = step.by or ""
    if not what or by not in trace.scenario.players or what.startswith(by):
        return what
    ability, colon, effect = what.partition(": ")  # "공격: 군사 카드 1장을 버리고 …" names the ability first
    if colon and len(ability) <= 8:
        return f"{josa(by, '은')} {josa(ability, '을')} 씁니다. {effect}"
    return f"{josa(by, '은')} {what}"


def _consequence(trace: Trace, spec: ExerciseSpec, step: StepResult) -> str:
    """"그래서 윤주의 코인은 2에서 4가 됩니다." for the fact the exercise names (nothing when it names none)."""
    if spec.fact is None:
        return ""
    game = trace.game
    after = step.facts[spec.fact]
    before = step.changed.get(spec.fact, (after, after))[0]
    label = _label(trace, fact_text(game, spec.fact, after)[0])
    shown_before, shown_after = fact_text(game, spec.fact, before)[1], fact_text(game, spec.fact, after)[1]
    if isinstance(after, bool):
        shown_before, shown_after = f"'{shown_before}'", f"'{shown_after}'"
    topic = josa(label, "은")
    if before == after:
        return f"{topic} 그대로 없습니다." if shown_after == "없음" else f"{topic} 그대로 {shown_after}입니다."
    if shown_after == "없음":
        return f"그래서 {topic} 없어집니다."
    start = "" if shown_before in ("없음", "—") else f"{shown_before}에서 "
    return f"그래서 {topic} {start}{josa(shown_after, '이')} 됩니다."


def _label(trace: Trace, label: str) -> str:
    """A fact's Korean label as a noun phrase in a sentence: "윤주 코인" → "윤주의 코인"."""
    first, _, rest = label.partition(" ")
    return f"{first}의 {rest}" if rest and first in trace.scenario.players else label


def _sentence(text: str) -> str:
    text = text.strip()
    return text if not text or text.endswith((".", "!", "?")) else text + "."


def _join(*sentences: str | None) -> str:
    return " ".join(s for s in sentences if s)
