"""Replaying a scenario on its engine into a trace: per step the move, the verdict, the facts.

Notation errors and unknown fact names are problems of the file, not of the rules: they are collected
and raised together as a ``ScenarioError`` after the replay. Rejections by the rules are verdicts.
Anything else that goes wrong inside the engine is a bug: it is raised as an ``EngineError`` that
holds what a bug report needs, never as a bare traceback.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import functools
import json
import traceback

from engines.core import CHANCE, BadNotation, Game, Move, NameIndex, RulesError, UnknownCard, get_game, normalize

from engines.core.korean import josa

from .facts import FactIndex
from .narrate import changed_facts
from .views import fact_text
from .schema import suggestion, where_listed
from .scenario import Problem, Scenario, ScenarioError, Step
from .rules import docs_dir
from .yamlsource import shown

Namesakes = Callable[[str], tuple[str, ...]]  # the cards a spelling several of them share may name

# Rejections that are not about the rules being shown: a step with ``expect: illegal`` and no ``error:``
# is not satisfied by them (name the code in ``error:`` to expect one on purpose).
NOT_RULES = {"wrong-player": "차례가 아닌 플레이어의 행동", "bad-notation": "표기법 오류",
             "unknown-card": "없는 이름"}


class EngineError(Exception):
    """An unexpected exception inside the engine while replaying: a bug to report, with its details."""

    def __init__(self, scenario: Scenario, line: int, move: str | None, exc: BaseException) -> None:
        self.scenario, self.line, self.move, self.exc = scenario, line, move, exc
        super().__init__(self.report())

    def report(self) -> str:
        where = f"{self.scenario.path}:{self.line or '?'}"
        frames = traceback.extract_tb(self.exc.__traceback__)[-4:]
        stack = "\n".join(f"    {f.filename}:{f.lineno} ({f.name})" for f in frames)
        return (f"{where}: 엔진 내부 오류 — 시나리오 파일이 아니라 엔진의 버그입니다. 아래 내용을 버그 보고에 "
                f"붙여 주세요.\n  게임: {self.scenario.game_id}, 행동: {shown(self.move or '(준비 중)', 80)}\n"
                f"  오류: {type(self.exc).__name__}: {shown(self.exc, 200)}\n{stack}")


@dataclass
class StepResult:
    index: int  # 1-based position in the trace
    line: int  # line of the step in the scenario file (0 for moves drawn from the seed)
    kind: str  # "say" | "move" | "check" | "auto" (a chance move drawn from the seed)
    facts: dict[str, Any]  # the observable facts after this step
    state: Any  # the engine state after this step
    say: str | None = None
    by: str | None = None
    move: str | None = None  # canonical notation
    description: str | None = None  # the move in Korean
    verdict: str | None = None  # "accepted" | "rejected"
    error: dict[str, Any] | None = None  # code, message, rule of a rejection
    expected: str | None = None  # "ok" | "illegal"
    checks: list[str] = field(default_factory=list)  # fact keys checked in this step
    failures: list[str] = field(default_factory=list)  # expectations that did not hold (Korean)
    changed: dict[str, list[Any]] = field(default_factory=dict)  # key → [before, after]
    answers: list[str] = field(default_factory=list)  # the engine's answers to the step's ``ask`` (Korean)
    # the engine's answers to what a step that does not ask expects (a refusal, a checked fact), in the same
    # sentences: the workbench shows them for an example's own checks; ``tutor check`` marks those ✔/✘ instead
    checked: list[str] = field(default_factory=list)
    held: dict[str, bool] = field(default_factory=dict)  # checked fact key → its given value held (keys given one)

    @property
    def ok(self) -> bool:
        return not self.failures

    def to_json(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != "state"}


@dataclass
class Trace:
    scenario: Scenario
    game: Game
    initial_state: Any
    initial_facts: dict[str, Any]
    steps: list[StepResult]

    @property
    def ok(self) -> bool:
        return all(step.ok for step in self.steps)

    @property
    def final_state(self) -> Any:
        return self.steps[-1].state if self.steps else self.initial_state

    def state_at(self, n: int) -> Any:
        """The state after step ``n`` (0 = the starting position)."""
        return self.initial_state if n <= 0 else self.steps[min(n, len(self.steps)) - 1].state

    def to_json(self) -> dict[str, Any]:
        s = self.scenario
        return {"file": str(s.path), "game": s.game_id, "title": s.title, "rules": s.rules,
                "players": s.players, "ok": self.ok, "initial_facts": self.initial_facts,
                "steps": [step.to_json() for step in self.steps]}


def replay(scenario: Scenario) -> Trace:
    """The trace of ``scenario``; raises ``ScenarioError`` for a problem of the file, ``EngineError`` for
    an engine bug."""
    context = {"line": 0, "move": None}
    try:
        return _replay(scenario, context)
    except (ScenarioError, EngineError):
        raise
    except Exception as exc:  # noqa: BLE001 — anything else is an engine bug: report it, don't crash
        raise EngineError(scenario, context["line"], context["move"], exc) from exc


def _replay(scenario: Scenario, context: dict[str, Any]) -> Trace:
    game = get_game(scenario.game_id)
    problems: list[Problem] = []
    try:
        state = game.new_game(scenario.players, seed=scenario.seed, options=scenario.variant,
                              setup=scenario.setup)
    except RulesError as exc:
        raise ScenarioError(scenario.path, _setup_problems(game, scenario, exc)) from None
    facts = game.observe(state)
    trace = Trace(scenario, game, state, facts, [])

    def record(result: StepResult) -> None:
        result.changed = changed_facts(trace.steps[-1].facts if trace.steps else facts, result.facts)
        trace.steps.append(result)

    for step in scenario.steps:
        context.update(line=step.line, move=step.move)
        state = _draw_pending_chance(game, state, step, record, len(trace.steps))
        result = StepResult(index=len(trace.steps) + 1, line=step.line, kind="say", facts=game.observe(state),
                            state=state, say=step.say)
        if step.move is not None:
            state = _play_step(game, state, step, result, problems)
        if step.check is not None:
            result.kind = result.kind if step.move is not None else "check"
            _check(game, state, step, result, problems)
        record(result)
        if step.ask:
            result.answers = _answers(trace, len(trace.steps) - 1, step)
        elif step.expect == "illegal" or step.check is not None:
            result.checked = _answers(trace, len(trace.steps) - 1, step)
    if problems:
        raise ScenarioError(scenario.path, problems)
    return trace


def _answers(trace: Trace, n: int, step: Step) -> list[str]:
    """The engine's answers at step ``n``, one Korean sentence each: the move's "답: 예. … (규칙: …)" or
    "답: 아니요. … (규칙: …)" (a move asked, or one the step expects refused), each checked fact's
    "답: … 입니다.". In a question, an expectation the reader gave is said to hold or not ("내 예상과 같습니다")."""
    result = trace.steps[n]
    lines = []
    if result.move and result.verdict in ("accepted", "rejected") and (step.ask or step.expect == "illegal"):
        line = _move_answer(trace, n)
        if step.ask and step.expect in ("ok", "illegal"):  # "할 수 있나요?" with the reader's own guess
            line += " 내 예상과 같습니다." if (result.verdict == "accepted") == (step.expect == "ok") \
                else " 내 예상과 다릅니다."
        lines.append(line)
    given = dict(zip(result.checks, (step.check or {}).values())) if len(result.checks) == len(step.check or {}) else {}
    for key in result.checks:
        line = fact_answer(trace.game, key, result.facts)
        if step.ask and key in result.held:
            line += " 내 예상과 같습니다." if result.held[key] else f" 내 예상({_said(given.get(key))})과 다릅니다."
        lines.append(line)
    return lines


def _move_answer(trace: Trace, n: int) -> str:
    """"답: 예. <what the move does> (규칙: …)" or "답: 아니요. <the engine's reason> (규칙: …)"."""
    from .narrate import focus, outcome

    result, game = trace.steps[n], trace.game
    if result.verdict == "accepted":
        sentence = outcome(game, result.description or "", result.changed, trace.scenario.players,
                           focus(trace.steps, n))
        before = trace.state_at(n)  # steps[n] is step n + 1: the state before it is the state after step n
        title = rule_title(game.rule_of_move(before, game.parse(before, result.move or "")) or "")
        return f"답: 예. {sentence}" + (f" (규칙: {title})" if title else "")
    error = result.error or {}
    title = rule_title(error.get("rule") or "")
    reason = str(error.get("message") or "").strip()
    reason = reason if reason.endswith((".", "!", "?")) else reason + "."
    return f"답: 아니요. {reason}" + (f" (규칙: {title})" if title else "")


EMPTY_PLACES = ("손", "덱", "더미", "폐기장")
"""The last words of fact labels that name a place: empty, it "비어 있습니다" (윤주 손, 폐기장); anything else
with nothing in it, or no value, "없습니다" (승자, 윤주 버린 카드)."""


def fact_answer(game: Game, key: str, facts: dict[str, Any]) -> str:
    """A checked fact's answer: "답: 윤주 버린 카드는 금입니다.", an empty place's "답: 윤주 손은 비어 있습니다.",
    and "답: 승자는 없습니다." for nothing, no value, or a fact the game leaves out now."""
    value = facts.get(key)
    label, shown_value = fact_text(game, key, value)
    if key in facts and value == [] and label.rsplit(" ", 1)[-1] in EMPTY_PLACES:
        return f"답: {josa(label, '은')} 비어 있습니다."
    if shown_value in ("—", "없음") or key not in facts:  # absent, empty, or no value (and no word for none)
        return f"답: {josa(label, '은')} 없습니다."
    return f"답: {josa(label, '은')} {shown_value}입니다."


def rule_title(rule: str) -> str:
    """A rule section's Korean title, from the docs or the index packed into the wheel ("" if unknown)."""
    return _rule_titles().get(rule, "")


@functools.cache
def _rule_titles() -> dict[str, str]:
    from .rules import PACKED_INDEX, defined_sections

    titles = {rule: section.title for rule, section in defined_sections().items()} if docs_dir().is_dir() else {}
    if not titles and PACKED_INDEX.is_file():
        titles = {rule: s["title"] for rule, s in json.loads(PACKED_INDEX.read_text(encoding="utf-8")).items()}
    return titles


MAX_SETUP_PROBLEMS = 20
MAX_SETUP_TRIES = 300  # set-ups tried to find the culprits: a file with a huge set-up stops looking sooner


def _setup_problems(game: Game, scenario: Scenario, first: RulesError) -> list[Problem]:
    """Every reason the game cannot be set up, each at the line of the set-up entry that causes it.

    An engine stops at the first problem, so the culprit of each is found by leaving entries out (``_culprit``).
    It is set aside and the rest is tried again, until the set-up works or no entry explains what is left."""
    problems: list[Problem] = []
    setup, error = scenario.setup, first
    tries = iter(range(MAX_SETUP_TRIES))
    while error is not None and len(problems) < MAX_SETUP_PROBLEMS:
        culprit = None if "option" in error.code else _culprit(game, scenario, setup, error, tries)
        if culprit is None:
            where = ("variant",) if "option" in error.code else ("setup",) if scenario.setup else ("players",)
            problems.append(Problem(scenario.line_of(*where), f"게임을 준비할 수 없습니다: {error}"))
            break
        path, error_after = culprit
        problems.append(Problem(scenario.line_of("setup", *path), f"게임을 준비할 수 없습니다: {error}"))
        setup = _without(setup, path)
        error = error_after
    return problems


def _culprit(game: Game, scenario: Scenario, setup: dict[str, Any], error: RulesError,
             tries: Iterator[int]) -> tuple[tuple[Any, ...], RulesError | None] | None:
    """The set-up entry ``error`` comes from and the error left without it (None: the set-up then works).

    Entries are tried a level at a time, from the top: the one without which the set-up works, else one the
    message names (its key or a value in it) and without which the message changes, else any such one; then
    its own entries the same way, down to the most specific."""
    found: tuple[tuple[Any, ...], RulesError | None] | None = None
    while True:
        node = _at(setup, found[0] if found else ())
        keys = list(node) if isinstance(node, dict) else range(len(node)) if isinstance(node, list) else []
        ranked: list[tuple[int, tuple[Any, ...], RulesError | None]] = []
        for key in keys:
            path = (*found[0], key) if found else (key,)
            if next(tries, None) is None:
                return found
            try:
                game.new_game(scenario.players, seed=scenario.seed, options=scenario.variant,
                              setup=_without(setup, path))
            except RulesError as exc:
                if str(exc) != str(error):
                    named = any(word in str(error) for word in _words(key, _at(setup, path)))
                    ranked.append((0 if named else 1, path, exc))
                continue
            except Exception:  # noqa: BLE001 — an engine that cannot even fail cleanly without it: not this entry
                continue
            ranked.append((-1, path, None))
            break
        if not ranked:
            return found
        _, path, after = min(ranked, key=lambda r: r[0])
        found = (path, after)


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        value = value[part]
    return value


def _words(key: Any, value: Any) -> list[str]:
    """The key of a set-up entry and the plain values in it, as text (to find them named in a message)."""
    words = [] if isinstance(key, int) else [str(key)]
    children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else [value]
    for child in children:
        if isinstance(child, (dict, list)):
            words += _words(0, child)
        elif child is not None and not isinstance(child, bool):
            words.append(str(child))
    return [w for w in words if len(w) > 1]


def _without(value: Any, path: tuple[Any, ...]) -> Any:
    """A copy of ``value`` without the entry at ``path``."""
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {k: _without(v, rest) if rest and k == head else v for k, v in value.items() if rest or k != head}
    return [_without(v, rest) if rest and i == head else v for i, v in enumerate(value) if rest or i != head]


def _draw_pending_chance(game: Game, state: Any, step: Step, record: Any, done: int) -> Any:
    """Resolve chance events the scenario does not script: before a check, or a move by a player."""
    by_player = step.move is not None and step.by is not None and normalize(step.by) != CHANCE
    if not (by_player or (step.move is None and step.check is not None)):
        return state
    while game.current_player(state) == CHANCE:
        move = game.sample_chance(state)
        description = game.describe(state, move)
        state = game.apply(state, move)
        done += 1
        record(StepResult(index=done, line=0, kind="auto", facts=game.observe(state), state=state,
                          by=CHANCE, move=str(move), description=description, verdict="accepted", expected="ok"))
    return state


def _play_step(game: Game, state: Any, step: Step, result: StepResult, problems: list[Problem]) -> Any:
    result.kind = "move"
    result.expected = step.expect
    result.by = step.by or game.current_player(state)
    result.move = step.move
    try:
        move = game.parse(state, step.move or "")
    except (BadNotation, UnknownCard) as exc:
        if step.expect == "illegal" and step.error == exc.code:  # a notation error shown on purpose
            _reject(result, exc, step)
            return state
        problems.append(Problem(step.line, f"행동을 읽을 수 없습니다 ('{shown(step.move)}'): {exc.message}"
                                           f"{_name_hint(game, state, step.move or '') if isinstance(exc, UnknownCard) else ''}"))
        result.failures.append(f"표기 오류: {exc.message}")
        return state
    except RulesError as exc:
        _reject(result, exc, step)
        return state
    result.move = str(move)
    try:
        new_state = game.apply(state, move, by=step.by)
    except RulesError as exc:
        result.description = describe_refused(game, state, move)
        _reject(result, exc, step)
        return state
    result.description = game.describe(state, move)
    result.verdict = "accepted"
    result.expected = "ok" if step.expect == "any" else step.expect
    result.state = new_state
    result.facts = game.observe(new_state)
    if step.expect == "illegal":
        result.failures.append("예상과 다름: 예상 거부, 엔진은 받아들임" if step.ask
                               else "규칙상 거부되어야 할 행동이 받아들여졌습니다.")
    return new_state


def describe_refused(game: Game, state: Any, move: Any) -> str | None:
    """What a refused move would have done, in Korean, when the engine can say it in this state (not once
    the game is over: nobody is to move, so there is nobody to describe it for). A move the engine cannot
    even describe now (HotW's ``found`` during the draft) is refused all the same: the description only
    decorates the refusal, so any failure to give one leaves it out."""
    if game.current_player(state) is None:
        return None
    try:
        return game.describe(state, move)
    except Exception:  # noqa: BLE001
        return None


def _reject(result: StepResult, exc: RulesError, step: Step) -> None:
    result.verdict = "rejected"
    result.error = {"code": exc.code, "message": exc.message, "rule": exc.rule}
    if step.expect == "any":  # a question: the refusal is its answer, shown as the lesson it is
        result.expected = "illegal"
        return
    if step.expect == "ok" and step.ask:
        result.failures.append(f"예상과 다름: 예상 허용, 엔진은 거부 ({exc.message})")
    elif step.expect == "ok":
        result.failures.append(f"거부되었습니다: {exc.message} [{exc.rule}]")
    elif step.error and exc.code != step.error:
        result.failures.append(f"거부 이유의 코드가 {exc.code}입니다 (기대: {step.error}).")
    elif not step.error and exc.code in NOT_RULES:
        result.failures.append(
            f"거부되었지만 규칙 때문이 아닙니다 ({NOT_RULES[exc.code]}: {exc.message}, {exc.code}). "
            f"expect: illegal은 error: 없이는 규칙에 따른 거부만 인정합니다. 이 거부를 보이려던 것이라면 "
            f"error: {exc.code}를 적으세요.")


def _name_hint(game: Game, state: Any, text: str) -> str:
    """ "혹시 …?" for the first word of a move that is no name of the game, and where names are listed."""
    names = game.names(state)
    try:
        words = Move.parse(text).args
    except ValueError:
        return ""
    unknown = next((w for w in names.join_tokens(list(words)) if w not in names and not w.isdigit()), None)
    if unknown is None:
        return ""
    listed = where_listed(game, "card")
    return suggestion(names, unknown) + (f" (이름 목록: {listed})" if listed else "")


def _check(game: Game, state: Any, step: Step, result: StepResult, problems: list[Problem]) -> None:
    names = game.names(state)
    facts = result.facts
    index = FactIndex(game, facts, names, list(state.players))
    for key, expected in (step.check or {}).items():
        actual_key = index.find(key)
        if actual_key is None:
            absent = index.absent(key)
            if absent is None:
                problems.append(Problem(step.check_lines.get(key) or step.line, index.problem(key)))
                continue
            result.checks.append(absent)
            if expected is not None:
                result.held[absent] = False
            if expected is not None and step.ask:
                result.failures.append(f"예상과 다름: 예상 {_show(expected)}, 엔진 없음")
            elif expected is not None:
                result.failures.append(f"{_fact_name(game, absent)}: 기대 {_show(expected)}, 실제 없음")
            continue
        result.checks.append(actual_key)
        ordered = any(part in game.ordered_facts for part in actual_key.split("."))
        if expected is None and step.ask:  # "이 값은?": the answer, not a check
            continue
        held = _same(expected, facts[actual_key], names, ordered, lambda name: game.namesakes(state, name))
        result.held[actual_key] = held
        if not held:
            if step.ask:
                result.failures.append(f"예상과 다름: 예상 {_show(expected)}, 엔진 {_show(facts[actual_key])}")
                continue
            result.failures.append(f"{_fact_name(game, actual_key)}: 기대 {_show(expected)}, "
                                   f"실제 {_show(facts[actual_key])}")


def _fact_name(game: Game, key: str) -> str:
    """The fact as the reader knows it, with the scenario key beside it: ``차례 (turn)``."""
    label, _ = fact_text(game, key, None)
    return key if label == key else f"{label} ({key})"


def _same(expected: Any, actual: Any, names: NameIndex, ordered: bool, namesakes: Namesakes) -> bool:
    if isinstance(actual, list):
        if not isinstance(expected, list) or len(expected) != len(actual):
            return False
        if ordered:
            return all(_same_atom(e, a, names, namesakes) for e, a in zip(expected, actual))
        left = list(actual)
        # names of one card first: a spelling several cards share takes whichever of them is left
        for e in sorted(expected, key=lambda v: isinstance(v, str) and bool(namesakes(v))):
            hit = next((i for i, a in enumerate(left) if _same_atom(e, a, names, namesakes)), None)
            if hit is None:
                return False
            del left[hit]
        return True
    return _same_atom(expected, actual, names, namesakes)


def _same_atom(expected: Any, actual: Any, names: NameIndex, namesakes: Namesakes) -> bool:
    """One value against the fact's: names in any spelling; a spelling several cards share (TtA's 풍작) matches
    the one of them the fact holds there."""
    if isinstance(actual, bool) or isinstance(expected, bool):
        return type(actual) is type(expected) and actual == expected
    if _atom(expected, names) == _atom(actual, names):
        return True
    return isinstance(expected, str) and isinstance(actual, str) and \
        normalize(actual) in {normalize(n) for n in namesakes(expected)}


def _atom(value: Any, names: NameIndex) -> Any:
    if isinstance(value, str):
        return normalize(names.get(value) or value)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _said(value: Any) -> str:
    """The reader's expected value in words: names joined by commas, 예/아니요, cut short."""
    if isinstance(value, list):
        return _said(", ".join(map(_said, value[:_SHOWN_ITEMS])) + (", …" if len(value) > _SHOWN_ITEMS else ""))
    if isinstance(value, bool):
        return "예" if value else "아니요"
    return shown(value, _SHOWN_CHARS)


def _show(value: Any) -> str:
    """A checked value in a message, cut short: a file's value may be as long as the file."""
    if isinstance(value, list):
        return shown("[" + ", ".join(map(str, value[:_SHOWN_ITEMS])) + (", …" if len(value) > _SHOWN_ITEMS else "") + "]",
                     _SHOWN_CHARS)
    if value is None:
        return "없음"
    return shown(value, _SHOWN_CHARS)


_SHOWN_ITEMS, _SHOWN_CHARS = 40, 400
