"""A sandbox session: a position, the moves tried from it, undo/redo and the YAML export.

This is the Sandbox's logic with no widget in it, so the same code runs behind both of the Sandbox's
back ends: a Jupyter kernel, and Pyodide inside a static docs page (which imports only the engines,
``tutor.views``, ``tutor.workbench_link`` and PyYAML). Every call answers with a ``snapshot()``: plain JSON the front end draws.
"""
from __future__ import annotations

import json
from typing import Any

import yaml

from engines.core import CHANCE, Game, RulesError, get_game

from . import views
from .narrate import changed_facts, choice_note, outcome
from .workbench_link import continued

MOVE_BUTTONS = 24
"""A chance player with more legal moves than this (HotW's dice) gets one seeded "roll" button."""


class Session:
    def __init__(self, game: Game, state: Any, title: str = "", lead: str = "") -> None:
        self.game = game
        self.title = title
        # A workbench link's fragment to the scenario that leads here (its steps end at this position):
        # the moves made here continue it in the snapshot's "workbench" link. "" when there is none.
        self.lead = lead
        self._states = [state]  # _states[i] is the position after the first i moves made here
        self._moves: list[tuple[str, str]] = []  # (by, canonical notation) of the moves made
        self._undone: list[tuple[str, str, Any]] = []  # redo stack: (by, notation, state)
        self.last_error: RulesError | None = None
        self.done = ""  # what the move just made did, in a Korean sentence (tutor.narrate.outcome)

    @classmethod
    def from_json(cls, game_id: str, state: dict[str, Any], title: str = "", lead: str = "") -> Session:
        """A session from ``to_json()`` of its start: how a static page opens the Sandbox in Pyodide."""
        game = get_game(game_id)
        return cls(game, game.from_json(state), title, lead)

    @property
    def state(self) -> Any:
        return self._states[-1]

    @property
    def moves(self) -> list[tuple[str, str]]:
        return list(self._moves)

    def legal_moves(self) -> list[tuple[str, str]]:
        """(notation, Korean description) of every legal move now."""
        return [(str(m), self.game.describe(self.state, m)) for m in self.game.legal_moves(self.state)]

    def choice_note(self) -> str:
        """When ``legal_moves`` is only part of a choice's answers: how many there are and how to type another
        (``tutor.narrate.choice_note``); else ""."""
        choice = self.game.large_choice(self.state)
        return choice_note(choice) if choice is not None else ""

    def play(self, move: str) -> RulesError | None:
        """Make a move given in notation; returns the rejection (and changes nothing) if illegal."""
        by = self.game.current_player(self.state)
        try:
            parsed = self.game.parse(self.state, move)
            new = self.game.apply(self.state, parsed)
        except RulesError as error:
            self.last_error, self.done = error, ""
            return error
        self.last_error = None
        self.done = outcome(self.game, self.game.describe(self.state, parsed),
                            changed_facts(self.game.observe(self.state), self.game.observe(new)), self.state.players)
        self._states.append(new)
        self._moves.append((by or "", str(parsed)))
        self._undone.clear()
        return None

    def roll(self) -> RulesError | None:
        """Make the chance move the seed gives now (dice, shuffles) — what a table would roll."""
        if self.game.current_player(self.state) != CHANCE:
            return self.play("roll")  # not chance's turn: the engine says why
        return self.play(str(self.game.sample_chance(self.state)))

    def undo(self) -> bool:
        if not self._moves:
            return False
        by, notation = self._moves.pop()
        self._undone.append((by, notation, self._states.pop()))
        self.last_error, self.done = None, ""
        return True

    def redo(self) -> bool:
        if not self._undone:
            return False
        by, notation, state = self._undone.pop()
        self._moves.append((by, notation))
        self._states.append(state)
        self.last_error, self.done = None, ""
        return True

    def steps(self) -> list[dict[str, str]]:
        """The moves made, as scenario steps."""
        return [{"by": by, "move": notation} for by, notation in self._moves]

    def to_yaml(self) -> str:
        """The moves made, as scenario steps (``- {by: 윤주, move: buy 은}``)."""
        return yaml.safe_dump(self.steps(), allow_unicode=True, sort_keys=False, default_flow_style=None, width=200)

    def handle(self, op: str, arg: str = "") -> dict[str, Any]:
        """One request of a front end (``play``, ``roll``, ``undo``, ``redo``); answers the new snapshot."""
        actions = {"play": lambda: self.play(arg), "roll": self.roll, "undo": self.undo, "redo": self.redo}
        if op not in actions:
            raise ValueError(f"unknown sandbox request: {op!r}")
        actions[op]()
        return self.snapshot()

    def snapshot(self) -> dict[str, Any]:
        """Everything the front end draws, as JSON values."""
        player = self.game.current_player(self.state)
        listed = self.game.legal_moves(self.state)
        chance_button = player == CHANCE and len(listed) > MOVE_BUTTONS
        # Only moves drawn as buttons are described: a chance move's hundreds of outcomes hide behind one button.
        legal = [] if chance_button else [(str(m), self.game.describe(self.state, m)) for m in listed]
        error = self.last_error
        return {
            "title": self.title or self.game.title,
            "turn": "게임이 끝났습니다" if player is None else f"{views.turn_word(self.game)}: {self._label(player)}",
            "view": views.render(self.game, self.state),
            "moves": [] if chance_button else [list(m) for m in legal],
            "roll": self._roll_label(str(listed[0])) if chance_button else "",
            "example": str(listed[0]) if listed else next(iter(self.game.verbs.values())).example,
            "note": self.choice_note(),  # the moves are only part of a choice's answers: how to type another
            "done": self.done,
            "error": error and {"message": error.message, "code": error.code, "rule": error.rule},
            "yaml": self.to_yaml() if self._moves else "",
            "can_undo": bool(self._moves),
            "can_redo": bool(self._undone),
            # the lead and the moves made, in the workbench; "" until a move is made
            "workbench": continued(self.lead, self.steps()) if self.lead and self._moves else "",
        }

    def _label(self, player: str) -> str:
        """Who is to act, for a reader: chance is 우연 (its scenario id, chance, is for authors)."""
        return "우연" if player == CHANCE else self.game.player_label(player)

    @staticmethod
    def _roll_label(first: str) -> str:
        return "주사위 굴리기" if first.startswith("roll") else "시드대로 우연 진행"


# --- the page's entry points: a static page's Sandboxes, through the live client (one Python per page) -----
_sessions: dict[str, Session] = {}


def page_open(key: str, game_id: str, position: str, title: str, lead: str) -> None:
    """Sandbox ``key`` of the page, at its opening ``position`` (JSON text, as the widget carries it)."""
    _sessions[key] = Session.from_json(game_id, json.loads(position), title, lead)


def page_handle(key: str, op: str, arg: str) -> str:
    """One request of Sandbox ``key`` (play, roll, undo, redo); its snapshot as JSON text."""
    return json.dumps(_sessions[key].handle(op, arg), ensure_ascii=False)
