"""The contract between the civil turn flow and the military subpackage (advanced and full games).

The civil engine (``game``, ``turn``, ``actions``, ``levels``) knows nothing of military cards. Where the
military rules come in, it calls one method of ``military()``: the ``Military`` object exported as
``RULES`` by ``engines/through_the_ages/military/__init__.py``. Without that subpackage (or in the
simple game) the base class below answers: no military rules at all.

Turn flow of the advanced and full games, with the hook each step calls:

1. ``setup(state, given)`` — after the civil set-up: military decks, removals by mode and player count,
   current events (Age A, players + 2, face down), the advanced game's four Age III events. ``given``
   is the scenario's ``setup:``; the military keys are ``game_setup_keys`` / ``player_setup_keys``.
2. Start of a player's turn: the civil engine refills the card row (ending an age if a civil deck ran
   out: see 6.) and puts the action tokens back, then calls ``start_turn(state)`` (wars declared last
   turn resolve; the political phase opens).
3. While ``blocks_civil(state)`` returns a Korean reason (political phase, an auction, a defence …),
   civil verbs are refused with that reason; ``current_player(state)`` may name another player who has to
   answer (a bid, a defence). ``legal_moves(state)`` lists the military moves open now (political
   actions, tactics in the action phase …); moves whose verb is in ``verbs`` go to ``parse_args``,
   ``play`` and ``describe`` of this object.
4. ``strength_bonus(state, player)``: tactics, air forces and anything else the military cards add to the
   units' and cards' strength; ``levels.strength(state, player)`` adds it (capped at 60).
5. End of turn: ``hold_end(state)`` may open a decision first (2015: discard down to the hand limit); then
   production and maintenance (skipped on an uprising), then ``draw(state, player, n)`` with
   ``n`` = unused military actions, at most 3 (none on an uprising or in Age IV).
6. ``end_of_age(state, ended)`` when the civil deck of age ``ended`` runs out (the civil side has already
   discarded the hands', leaders' and wonders' obsolete cards and, in the full game, the two yellow
   tokens): box the old military deck, put the new one out, discard pacts two ages old.
7. ``final_scoring(state)`` at the game's end: culture per player from each Age III event.

State the military subpackage owns is in ``state.py`` (``Civ.military_hand``, ``tactics``,
``colonies``; ``TtaState.military_decks``, ``military_discards``, ``future_events``, ``final_events``,
``political``); add further fields there in the blocks marked "military".
"""
from __future__ import annotations

import functools
import importlib
from typing import TYPE_CHECKING, Any, Mapping

from engines.core import Move, Option, Verb

if TYPE_CHECKING:
    from .state import TtaState


class Military:
    """No military rules: the simple game, or the civil engine without its military subpackage."""

    verbs: Mapping[str, Verb] = {}
    options: Mapping[str, Option] = {}
    error_codes: Mapping[str, str] = {}
    game_setup_keys: frozenset[str] = frozenset()
    player_setup_keys: frozenset[str] = frozenset()

    def setup(self, state: TtaState, given: dict[str, Any]) -> None:
        """Deal the military decks and events for ``state.options['mode']``; apply the military set-up keys."""

    def start_turn(self, state: TtaState) -> None:
        """The active player's turn begins (row refilled, action tokens reset)."""

    def blocks_civil(self, state: TtaState) -> str | None:
        """Why civil actions are closed now (Korean), or None when they are open."""
        return None

    def leave_political(self, state: TtaState) -> None:
        """A civil action or ``end`` while the political phase is open: the phase closes without a political
        action, as ``pass`` closes it (the political action is optional)."""

    def blocks_after_political(self, state: TtaState) -> bool:
        """Whether leaving the open political phase now opens a decision that closes the civil actions."""
        return False

    def current_player(self, state: TtaState) -> str | None:
        """A player who must answer a military decision now, else None (the active player acts)."""
        return None

    def legal_moves(self, state: TtaState) -> list[Move]:
        return []

    def parse_args(self, state: TtaState, verb: str, args: list[str]) -> Move:
        raise AssertionError(f"no military verb {verb}")

    def play(self, state: TtaState, move: Move) -> None:
        raise AssertionError(f"no military verb {move.verb}")

    def describe(self, state: TtaState, move: Move) -> str:
        raise AssertionError(f"no military verb {move.verb}")

    def rule_of_move(self, state: TtaState, move: Move) -> str:
        """The section of the military decision ``move`` answers, or "" (then the verb's own section)."""
        return ""

    def strength_bonus(self, state: TtaState, player: str) -> int:
        return 0

    def hold_end(self, state: TtaState) -> bool:
        """True when ``end`` must wait for a military decision first (2015: the hand limit); the decision
        ends the turn when it is made."""
        return False

    def build_discount(self, state: TtaState, player: str, tid: str) -> int:
        """Resources less the player pays to build on technology ``tid`` because of the military side."""
        return 0

    def before_production(self, state: TtaState, player: str) -> None:
        """What the military side settles as the player's turn ends, before production (option trade_routes)."""

    def research_partner(self, state: TtaState, player: str) -> tuple[str, int] | None:
        """The player who pays 1 science when ``player`` develops a technology (Scientific Cooperation) and
        the science the pact saves ``player``."""
        return None

    def draw(self, state: TtaState, player: str, n: int) -> None:
        """Draw ``n`` military cards for the player's unused military actions."""

    def end_of_age(self, state: TtaState, ended: str) -> None:
        """Age ``ended`` is over (its civil deck ran out)."""

    def final_scoring(self, state: TtaState) -> dict[str, dict[str, int]]:
        """Culture each player scores at the end from each Age III event (player -> event id -> culture)."""
        return {}

    def observe(self, state: TtaState) -> dict[str, Any]:
        """Military facts (game-wide and ``<player>.<fact>``) added to ``observe``."""
        return {}

    def check_invariants(self, state: TtaState) -> None:
        """Assert the military side's invariants (decks and hands accounted for …)."""

    def move_universe(self, state: TtaState) -> list[Move]:
        return []


@functools.cache
def installed() -> Military:
    """The military subpackage's ``RULES`` if it is there (and exports it yet), else the empty rules."""
    try:
        module = importlib.import_module(f"{__package__}.military")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__package__}.military":
            raise
        return Military()
    return getattr(module, "RULES", None) or Military()


NONE = Military()


def military(state: TtaState) -> Military:
    """The military rules in force: none in the simple game."""
    return NONE if state.options["mode"] == "simple" else installed()
