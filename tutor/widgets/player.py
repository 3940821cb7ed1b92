"""ScenarioPlayer: steps through a replayed scenario with first/previous/next/last buttons (anywidget).

Every step (narration, the move and what it did, what the example asks to look at, the view) is
computed in Python when the widget is created and sent in the ``steps`` trait, so once rendered it
needs no kernel: the static docs pages embed it and their readers can step through it. The views
travel as HTML fragments and the changes between steps (``fragments.py``), not once per step.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from engines.core import CHANCE
from tutor import views
from tutor.narrate import changes, focus, looked_at, outcome
from tutor.replay import StepResult, Trace, replay
from tutor.scenario import builtin_path, load_scenario
from tutor.workbench_link import scenario_link

from .common import DOCS_URL, esm, rule_links, widget_css
from .fragments import encode


class ScenarioPlayer(anywidget.AnyWidget):
    _esm = esm("player.js")
    _css = widget_css("player.css")

    title = traitlets.Unicode().tag(sync=True)
    game_title = traitlets.Unicode().tag(sync=True)
    ok = traitlets.Bool().tag(sync=True)
    steps = traitlets.List(traitlets.Dict()).tag(sync=True)  # [0] is the starting position
    fragments = traitlets.List(traitlets.Unicode()).tag(sync=True)  # the views' distinct HTML pieces
    views = traitlets.List().tag(sync=True)  # distinct views, as fragments.encode gives them; steps point in
    index = traitlets.Int(0).tag(sync=True)  # the step shown; 0 = before the first step
    rules = traitlets.Dict().tag(sync=True)  # rule id → {title, href relative to the docs root}
    docs_url = traitlets.Unicode(DOCS_URL).tag(sync=True)  # docs root when not on a docs page
    workbench = traitlets.Unicode().tag(sync=True)  # the scenario as a workbench link's fragment, or ""

    def __init__(self, trace: Trace, index: int = 0, **kwargs: Any) -> None:
        self.trace = trace
        views_index: dict[str, int] = {}  # a say, check or rejected step repeats the view before it

        def view_of(state: Any) -> int:
            return views_index.setdefault(views.render(trace.game, state), len(views_index))

        steps = [_start(trace, view_of)] + [_step(trace, n, view_of) for n in range(len(trace.steps))]
        self.rendered = list(views_index)  # the distinct views in full, for Python readers
        fragments, encoded = encode(self.rendered)
        cited = {s["error"]["rule"] for s in steps if s.get("error") and s["error"].get("rule")}
        super().__init__(
            title=trace.scenario.title, game_title=trace.game.title, ok=trace.ok, steps=steps,
            fragments=fragments, views=encoded, index=max(0, min(index, len(steps) - 1)),
            rules=rule_links(cited | set(trace.scenario.rules)), workbench=scenario_link(trace.scenario.path),
            **kwargs)

    @classmethod
    def from_file(cls, path: str | Path, index: int = 0) -> ScenarioPlayer:
        return cls(replay(load_scenario(path)), index=index)

    @classmethod
    def builtin(cls, name: str, index: int = 0) -> ScenarioPlayer:
        """A built-in scenario by ``<game>/<name>``, e.g. ``ScenarioPlayer.builtin("dominion/market")``."""
        return cls.from_file(builtin_path(name), index=index)

    def __repr__(self) -> str:  # stable across runs (nbval compares it)
        return f"ScenarioPlayer({self.trace.scenario.title!r}, {len(self.steps) - 1}단계)"


def _start(trace: Trace, view_of: Callable[[Any], int]) -> dict[str, Any]:
    players = ", ".join(trace.scenario.players)
    return {"index": 0, "kind": "start", "say": f"시작 상태입니다 ({players}). ▶ 또는 → 키로 한 단계씩 진행합니다.",
            "view": view_of(trace.initial_state)}


def _step(trace: Trace, n: int, view_of: Callable[[Any], int]) -> dict[str, Any]:
    """Step ``n`` of the trace as the front end draws it: narration, the move and its sentence (or the
    refusal as a lesson), the facts the example looks at, every change (folded), the view."""
    game, step = trace.game, trace.steps[n]
    description = _description(step)
    if step.verdict == "accepted":
        description = outcome(game, description, step.changed, trace.scenario.players, focus(trace.steps, n))
    return {
        "index": step.index, "kind": step.kind, "say": step.say or "",
        "by": "우연" if step.by == CHANCE else step.by or "", "move": step.move or "", "description": description, "verdict": step.verdict,
        "lesson": step.verdict == "rejected" and step.expected == "illegal" and step.ok,
        "error": step.error, "failures": list(step.failures),
        "look": looked_at(game, step.facts, step.checks),
        "changed": changes(game, step.changed),
        "view": view_of(step.state),  # index into the views trait
    }


def _description(step: StepResult) -> str:
    """The move in Korean; for a refused move, what was tried, so it never reads as done.

    The engine describes a move as the player to act would make it, so a move claimed by someone
    else, or made once the game is over (nobody is to act), gets no description of its own.
    """
    if step.verdict != "rejected":
        return step.description or ""
    code = (step.error or {}).get("code")
    return NOT_DESCRIBED.get(code) or step.description or ""


# shown after "시도:" in the refusal's box
NOT_DESCRIBED = {"wrong-player": "차례가 아닌 사람의 행동", "game-over": "게임이 끝난 뒤의 행동"}
