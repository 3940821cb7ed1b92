"""Sandbox: try moves live from a scenario's position (ipywidgets; needs a running kernel).

It lists the legal moves as Korean descriptions (click one), accepts typed notation, shows the new
view, explains a rejection with its rule link, has undo/redo, and exports the moves made as the
``steps:`` of a scenario YAML.
"""
from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as w
import yaml

from engines.core import Game, RulesError
from tutor import views
from tutor.replay import Trace, replay
from tutor.scenario import builtin_path, load_scenario

from .common import DOCS_URL, rule_links, views_css


class Sandbox(w.VBox):
    def __init__(self, game: Game, state: Any, title: str = "", docs_url: str = DOCS_URL) -> None:
        self.game = game
        self.title = title
        self.docs_url = docs_url
        self._states = [state]  # _states[i] is the position after the first i moves made here
        self._moves: list[tuple[str, str]] = []  # (by, canonical notation) of the moves made
        self._undone: list[tuple[str, str, Any]] = []  # redo stack: (by, notation, state)
        self.last_error: RulesError | None = None

        self._head = w.HTML()
        self._view = w.HTML()
        self._message = w.HTML()
        self._moves_box = w.Box(layout=w.Layout(display="flex", flex_flow="row wrap"))
        self._text = w.Text(placeholder="표기법으로 입력 (예: buy 은)", continuous_update=False,
                            layout=w.Layout(width="16rem"))
        self._text.observe(self._typed, names="value")
        submit = w.Button(description="입력한 행동 하기", layout=w.Layout(width="auto"))
        submit.on_click(lambda _: self._typed({"new": self._text.value}))
        self._undo = w.Button(description="↶ 되돌리기", layout=w.Layout(width="auto"))
        self._undo.on_click(lambda _: self.undo())
        self._redo = w.Button(description="↷ 다시 하기", layout=w.Layout(width="auto"))
        self._redo.on_click(lambda _: self.redo())
        self._yaml = w.HTML()
        super().__init__([
            self._head, self._view, self._message,
            w.HTML("<b>지금 할 수 있는 행동</b> (눌러서 하기)"), self._moves_box,
            w.HBox([self._text, submit]), w.HBox([self._undo, self._redo]),
            w.HTML("<b>시나리오로 내보내기</b> (steps: 아래에 붙이세요)"), self._yaml,
        ])
        self._refresh()

    # --- constructors -----------------------------------------------------------------------------
    @classmethod
    def from_trace(cls, trace: Trace, at: int | None = None) -> Sandbox:
        """From the position after step ``at`` of a replayed scenario (0 = its start; default: the end)."""
        if at is None:
            at = len(trace.steps)
        if not 0 <= at <= len(trace.steps):
            raise ValueError(f"at은 0~{len(trace.steps)} 사이여야 합니다 (받은 값: {at}).")
        return cls(trace.game, trace.state_at(at), title=f"{trace.scenario.title} — {at}단계 뒤부터")

    @classmethod
    def from_file(cls, path: str | Path, at: int | None = None) -> Sandbox:
        return cls.from_trace(replay(load_scenario(path)), at=at)

    @classmethod
    def builtin(cls, name: str, at: int | None = None) -> Sandbox:
        """``Sandbox.builtin("dominion/market", at=3)``: a built-in scenario after its 3rd step."""
        return cls.from_file(builtin_path(name), at=at)

    # --- the Python API the buttons use -----------------------------------------------------------
    @property
    def state(self) -> Any:
        return self._states[-1]

    @property
    def moves(self) -> list[tuple[str, str]]:
        """The moves made here so far, as (by, notation)."""
        return list(self._moves)

    def legal_moves(self) -> list[tuple[str, str]]:
        """(notation, Korean description) of every legal move now."""
        return [(str(m), self.game.describe(self.state, m)) for m in self.game.legal_moves(self.state)]

    def play(self, move: str) -> RulesError | None:
        """Make a move given in notation; returns the rejection (and changes nothing) if illegal."""
        by = self.game.current_player(self.state)
        try:
            parsed = self.game.parse(self.state, move)
            new = self.game.apply(self.state, parsed)
        except RulesError as error:
            self.last_error = error
            self._refresh(error=error)
            return error
        self.last_error = None
        self._states.append(new)
        self._moves.append((by or "", str(parsed)))
        self._undone.clear()
        self._refresh(done=self.game.describe(self._states[-2], parsed))
        return None

    def undo(self) -> bool:
        if not self._moves:
            return False
        by, notation = self._moves.pop()
        self._undone.append((by, notation, self._states.pop()))
        self._refresh()
        return True

    def redo(self) -> bool:
        if not self._undone:
            return False
        by, notation, state = self._undone.pop()
        self._moves.append((by, notation))
        self._states.append(state)
        self._refresh()
        return True

    def to_yaml(self) -> str:
        """The moves made, as scenario steps (``- {by: 윤주, move: buy 은}``)."""
        steps = [{"by": by, "move": notation} for by, notation in self._moves]
        return yaml.safe_dump(steps, allow_unicode=True, sort_keys=False, default_flow_style=None, width=200)

    def __repr__(self) -> str:  # stable across runs (nbval compares it)
        return f"Sandbox({self.game.id!r}, {len(self._moves)}수)"

    # --- drawing --------------------------------------------------------------------------------------
    def _typed(self, change: dict[str, Any]) -> None:
        text = change["new"].strip()
        if text:
            self._text.value = ""
            self.play(text)

    def _refresh(self, error: RulesError | None = None, done: str = "") -> None:
        player = self.game.current_player(self.state)
        turn = "게임이 끝났습니다" if player is None else f"차례: {escape(self.game.player_label(player))}"
        self._head.value = (
            f"<style>{views_css()}</style><div class='rb-sandbox-head'><b>{escape(self.title or self.game.title)}</b>"
            f" · {turn} · 이 실험판은 실행 중인 노트북(커널)에서만 누를 수 있습니다.</div>")
        self._view.value = views.render(self.game, self.state)
        self._message.value = self._explain(error) if error else (
            f"<div style='color:#1f8a3b'>✓ {escape(done)}</div>" if done else "")
        buttons = []
        for notation, description in self.legal_moves():
            button = w.Button(description=description, tooltip=notation, layout=w.Layout(width="auto"))
            button.on_click(lambda _, n=notation: self.play(n))
            buttons.append(button)
        self._moves_box.children = buttons
        self._undo.disabled = not self._moves
        self._redo.disabled = not self._undone
        snippet = self.to_yaml() if self._moves else "(아직 둔 행동이 없습니다)"
        self._yaml.value = f"<pre>{escape(snippet)}</pre>"

    def _explain(self, error: RulesError) -> str:
        link = rule_links({error.rule}).get(error.rule)
        rule = escape(error.rule)
        if link:
            rule = (f"<a href='{escape(self.docs_url + link['href'])}' target='_blank'>"
                    f"{escape(link['title'])} ({rule})</a>")
        return (f"<div style='color:#c62828'>✗ 거부됨: {escape(error.message)}<br>"
                f"<code>{escape(error.code)}</code> · 규칙: {rule}</div>")

