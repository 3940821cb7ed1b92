"""Exercise: predict the outcome of a scenario's move, then see the engine's answer (anywidget).

The engine answers when the widget is created (``tutor.exercises.solve``): the choices, the correct one,
the explanation and the rule link all travel in traits, so once rendered the widget needs no kernel
and works on the static docs pages.
"""
from __future__ import annotations

from typing import Any

import anywidget
import traitlets

from tutor import views
from tutor.exercises import LEVELS, Solution, get_exercise, solve

from .common import DOCS_URL, rule_links, esm, widget_css


class Exercise(anywidget.AnyWidget):
    _esm = esm("exercise.js")
    _css = widget_css("exercise.css")

    name = traitlets.Unicode().tag(sync=True)  # "<game>/<id>"
    title = traitlets.Unicode().tag(sync=True)
    level = traitlets.Unicode().tag(sync=True)  # 쉬움 · 보통 · 어려움
    ruleset = traitlets.Unicode().tag(sync=True)  # the mode and edition, e.g. "맛보기 게임 · 2006년판"
    question = traitlets.Unicode().tag(sync=True)
    move = traitlets.Dict().tag(sync=True)  # {by, notation, description} of the move asked about, or {}
    choices = traitlets.List(traitlets.Unicode()).tag(sync=True)
    notes = traitlets.List(traitlets.Dict()).tag(sync=True)  # per choice: the engine's {message, rule} rejecting it
    correct = traitlets.Int().tag(sync=True)
    explanation = traitlets.Unicode().tag(sync=True)
    changed = traitlets.List(traitlets.List(traitlets.Unicode())).tag(sync=True)  # [fact, before, after]
    rule = traitlets.Unicode().tag(sync=True)
    rules = traitlets.Dict().tag(sync=True)  # rule id → {title, href relative to the docs root}
    view = traitlets.Unicode().tag(sync=True)  # the position before the move
    chosen = traitlets.Int(-1).tag(sync=True)  # the reader's answer; -1 = not answered yet
    docs_url = traitlets.Unicode(DOCS_URL).tag(sync=True)

    def __init__(self, solution: Solution, **kwargs: Any) -> None:
        self.solution = solution
        spec, step = solution.spec, solution.step
        move = {} if spec.ask == "legal" else {"by": step.by or "", "notation": step.move or "",
                                               "description": step.description or ""}
        super().__init__(
            name=spec.name, title=spec.title, level=LEVELS[spec.level], ruleset=solution.ruleset, question=spec.question, move=move,
            choices=solution.labels, notes=solution.notes, correct=solution.correct,
            explanation=solution.explanation, changed=solution.changed if step.verdict == "accepted" else [],
            rule=solution.rule, rules=rule_links({solution.rule} | {n["rule"] for n in solution.notes if n.get("rule")}),
            view=views.render(solution.trace.game, solution.before), **kwargs)

    @classmethod
    def builtin(cls, name: str) -> Exercise:
        """An exercise of ``tutor/exercises/<game>.yaml`` by ``<game>/<id>``, e.g. ``"dominion/market-buys"``."""
        return cls(solve(get_exercise(name)))

    def __repr__(self) -> str:  # stable across runs (nbval compares it)
        return f"Exercise({self.name!r}, {self.title!r})"
