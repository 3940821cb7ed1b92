"""What ``tutor check`` does to one scenario file, shared by the command (``tutor.cli``) and the workbench,
which checks a reader's text in the page exactly so: the file loaded with its ``rules:`` ids checked
against the docs, and its replay as text (narration, each move's verdict and sentence, the checks).
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from engines.core import CHANCE, GAMES

from .narrate import LESSON, LOOK_AT, focus, outcome
from .replay import Trace
from .rules import unknown_rules
from .scenario import Scenario, ScenarioError, load_scenario
from .yamlsource import Problem, shown


def load_checked(path: Path) -> Scenario:
    """A scenario file, loaded and validated, whose ``rules:`` ids all exist in the docs (which define
    the sections of the four games; a test fixture's ids are its own)."""
    scenario = load_scenario(path)
    unknown = unknown_rules(scenario.rules) if any(info.id == scenario.game_id for info in GAMES) else {}
    if unknown:
        problems = [Problem(scenario.line_of("rules", scenario.rules.index(rule)),
                            f"rules: 정의되지 않은 규칙 절 id입니다: {shown(rule, 80)}."
                            + (f" 혹시 {' 또는 '.join(close)}?" if close else "")
                            + " (규칙 절 목록: tutor sections)") for rule, close in unknown.items()]
        raise ScenarioError(path, problems)
    return scenario


def trace_text(trace: Trace) -> str:
    """The replay as ``tutor check`` prints it: the title, each step's lines and the verdict."""
    s = trace.scenario
    lines = [f"▶ {s.path} — {s.title} ({trace.game.title})"]
    if s.question:
        lines.append(f"  질문: {s.question.strip()}")
    for n, step in enumerate(trace.steps):
        lines.extend(f"  {step.index:>3} {line}" for line in _step_lines(trace, n))
    checks = sum(len(step.checks) for step in trace.steps)
    moves = sum(1 for step in trace.steps if step.move)
    verdict = "통과 ✔" if trace.ok else "실패 ✘"
    lines.append(f"  결과: {verdict} (행동 {moves}개, 확인 {checks}개)")
    return "\n".join(lines) + "\n"


def _step_lines(trace: Trace, n: int) -> list[str]:
    """A step as the player shows it, in text: narration, the move and its sentence, or a refusal the
    example shows on purpose (🚫, a lesson); ✘ marks only what went against the scenario."""
    step = trace.steps[n]
    lines = []
    if step.say:
        lines.append(f"💬 {step.say}")
    if step.move:
        who = "우연" if step.by == CHANCE else step.by
        head = f"{who}: {step.move}"
        sentence = outcome(trace.game, step.description or "", step.changed, trace.scenario.players,
                           focus(trace.steps, n))
        err = step.error or {}
        if step.kind == "auto":
            lines.append(f"🎲 {head} — {sentence} (시드에서 뽑음)")
        elif step.verdict == "accepted":
            lines.append(f"✔ {head} — {sentence}")
        elif step.verdict == "rejected" and step.ok:
            lines.append(f"🚫 {head} — {LESSON}: {err.get('message')} ({err.get('code')}) [규칙 {err.get('rule')}]")
        elif step.verdict == "rejected":
            lines.append(f"✘ {head} — 거부: {err.get('message')} ({err.get('code')}) [규칙 {err.get('rule')}]")
        else:
            lines.append(f"✘ {head}")
        if step.verdict == "accepted" and step.changed:
            lines.append(f"   바뀐 사실: {changes_text(step.changed)}")
    lines.extend(step.answers)
    if step.checks and not step.failures and not step.answers:
        lines.append(f"✔ {LOOK_AT} {len(step.checks)}개 모두 맞음: {', '.join(step.checks)}")
    lines.extend(f"✘ {failure}" if failure.startswith("예상과 다름") else f"✘ 기대와 다름 — {failure}"
                 for failure in step.failures)
    return lines


MAX_CHANGES = 8


def changes_text(changed: dict[str, list[Any]]) -> str:
    """``{"윤주.coins": [0, 2], "윤주.hand": [[동, 은], [은]]}`` → "윤주.coins 0→2, 윤주.hand −동"."""
    parts = []
    for key, (before, after) in changed.items():
        if isinstance(before, list) and isinstance(after, list):
            gained, lost = Counter(map(str, after)) - Counter(map(str, before)), \
                Counter(map(str, before)) - Counter(map(str, after))
            items = [f"+{n}" for n in gained.elements()] + [f"−{n}" for n in lost.elements()]
            parts.append(f"{key} {' '.join(items) if items else '(순서 바뀜)'}")
        else:
            parts.append(f"{key} {_value(before)}→{_value(after)}")
    more = len(parts) - MAX_CHANGES
    return ", ".join(parts[:MAX_CHANGES]) + (f" 외 {more}개" if more > 0 else "")


def _value(value: Any) -> str:
    if isinstance(value, bool) or value is None:
        return {True: "예", False: "아니오", None: "없음"}[value]
    return str(value)
