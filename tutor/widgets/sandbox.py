"""Sandbox: try moves live from a scenario's position (anywidget), in a kernel or on a static page.

It lists the legal moves as Korean buttons, accepts typed notation, shows the new view, explains a
rejection with a link to its rule section, has undo/redo (and a seeded dice roll where chance is to
move), and exports the moves made as the ``steps:`` of a scenario YAML with a copy button.

One widget, two back ends for the same ``tutor.live.Session``: in a Jupyter kernel the front end
sends each request to Python here; on a static docs page (no kernel) it starts the session from the
``position`` trait in Pyodide, loaded from the site's own files on first use (``sandbox.js``).
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from engines.core import CHANCE, Game, RulesError
from tutor.live import Session
from tutor.replay import Trace, replay
from tutor.scenario import builtin_path, load_scenario
from tutor.workbench_link import dump, link, scenario_link

from .common import DOCS_URL, game_rule_links, esm, widget_css



class Sandbox(anywidget.AnyWidget):
    _esm = esm("sandbox.js")
    _css = widget_css("sandbox.css")

    game_id = traitlets.Unicode().tag(sync=True)
    # The starting state as JSON text (JavaScript numbers would round its 64-bit seed): an in-page
    # session starts from it.
    position = traitlets.Unicode().tag(sync=True)
    # What a reader sees first: the position the Sandbox was opened at. A static page always opens
    # here, even when the notebook's own code (a hidden test cell) has played moves since: those are
    # not the reader's, so they are neither undoable nor in the export.
    opening = traitlets.Dict().tag(sync=True)
    # What the front end draws now (Session.snapshot); sent as {} while it is still the opening.
    snapshot = traitlets.Dict().tag(sync=True, to_json=lambda value, widget: {} if value == widget.opening else value)
    rules = traitlets.Dict().tag(sync=True)  # rule id → {title, href relative to the docs root}
    docs_url = traitlets.Unicode(DOCS_URL).tag(sync=True)  # docs root when not on a docs page
    workbench = traitlets.Unicode().tag(sync=True)  # its scenario at its step as a workbench link's fragment, or ""
    # Its scenario cut where it opened, as a workbench link's fragment (Session's lead): once the reader
    # moves, the snapshot's own "workbench" link is this plus their moves.
    lead = traitlets.Unicode().tag(sync=True)

    def __init__(self, game: Game, state: Any, title: str = "", docs_url: str = DOCS_URL, lead: str = "") -> None:
        self.session = Session(game, state, title, lead)
        opening = self.session.snapshot()
        super().__init__(game_id=game.id, position=json.dumps(game.to_json(state)), opening=opening,
                         snapshot=opening, rules=game_rule_links(game.id), docs_url=docs_url, lead=lead)
        self.on_msg(self._on_request)

    # --- constructors -----------------------------------------------------------------------------
    @classmethod
    def from_trace(cls, trace: Trace, at: int | None = None) -> Sandbox:
        """From the position after step ``at`` of a replayed scenario (0 = its start; default: the end)."""
        if at is None:
            at = len(trace.steps)
        if not 0 <= at <= len(trace.steps):
            raise ValueError(f"at은 0~{len(trace.steps)} 사이여야 합니다 (받은 값: {at}).")
        sandbox = cls(trace.game, trace.state_at(at), title=f"{trace.scenario.title} — {at}단계 뒤부터",
                      lead=_lead(trace, at))
        sandbox.workbench = scenario_link(trace.scenario.path, at)
        return sandbox

    @classmethod
    def from_file(cls, path: str | Path, at: int | None = None) -> Sandbox:
        return cls.from_trace(replay(load_scenario(path)), at=at)

    @classmethod
    def builtin(cls, name: str, at: int | None = None) -> Sandbox:
        """``Sandbox.builtin("dominion/market", at=3)``: a built-in scenario after its 3rd step."""
        return cls.from_file(builtin_path(name), at=at)

    # --- the Python API (what the buttons do in a kernel) -----------------------------------------
    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def state(self) -> Any:
        return self.session.state

    @property
    def moves(self) -> list[tuple[str, str]]:
        """The moves made here so far, as (by, notation)."""
        return self.session.moves

    @property
    def last_error(self) -> RulesError | None:
        return self.session.last_error

    def legal_moves(self) -> list[tuple[str, str]]:
        """(notation, Korean description) of every legal move now."""
        return self.session.legal_moves()

    def play(self, move: str) -> RulesError | None:
        """Make a move given in notation; returns the rejection (and changes nothing) if illegal."""
        error = self.session.play(move)
        self.snapshot = self.session.snapshot()
        return error

    def roll(self) -> RulesError | None:
        """Let chance move as the seed says (e.g. roll the dice)."""
        error = self.session.roll()
        self.snapshot = self.session.snapshot()
        return error

    def undo(self) -> bool:
        undone = self.session.undo()
        self.snapshot = self.session.snapshot()
        return undone

    def redo(self) -> bool:
        redone = self.session.redo()
        self.snapshot = self.session.snapshot()
        return redone

    def to_yaml(self) -> str:
        """The moves made, as scenario steps (``- {by: 윤주, move: buy 은}``)."""
        return self.session.to_yaml()

    def __repr__(self) -> str:  # stable across runs (nbval compares it)
        return f"Sandbox({self.game.id!r}, {len(self.moves)}수)"

    def _on_request(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        snapshot = self.session.handle(str(content.get("op", "")), str(content.get("arg", "")))
        self.snapshot = {**snapshot, "answer": content.get("id")}  # a new value even if nothing changed


def _lead(trace: Trace, at: int) -> str:
    """The scenario file of ``trace`` cut after its step ``at``, as a workbench link's fragment showing
    that step; "" for a scenario with no file. The chance draws replay made by itself since the last
    written step kept are written out, since the step that made it draw them is cut off."""
    doc = trace.scenario.lines
    if not trace.scenario.path.is_file() or doc is None or not isinstance(doc.data, dict):
        return ""
    shown = trace.steps[:at]
    written = [i for i, step in enumerate(shown) if step.kind != "auto"]
    drawn = shown[written[-1] + 1 if written else 0:]
    steps = (doc.data.get("steps") or [])[:len(written)] + [{"by": CHANCE, "move": step.move} for step in drawn]
    return link(dump({**doc.data, "steps": steps}), at)
