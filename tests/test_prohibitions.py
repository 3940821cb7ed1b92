"""Every prohibition a game declares is shown by a scenario step with ``expect: illegal`` and its code.

A game's own rejection codes are its ``error_codes`` (the conformance harness fails on a rejection whose
code is not declared there), so they are the list of what a reader can be refused.
"""
import functools

import pytest

from engines.core import get_game
from tutor.scenario import builtin_scenarios, load_scenario

GAMES = ("dominion", "carta_impera_victoria", "through_the_ages", "history_of_the_world")

# Codes of a set-up the game cannot start from (BadSetup): not moves, so no step can show them.
SET_UP = {"bad-kingdom", "player-count", "player-names", "unknown-option"}

# A code with no possible example, and why. Keep this short: each entry is a prohibition no reader can meet.
UNREACHABLE = {
    ("history_of_the_world", "no-free-square"):
        "scores stay distinct and only rise, so the marker's own old square is always free below it",
}


@functools.cache
def shown_codes() -> dict[str, set[str]]:
    shown: dict[str, set[str]] = {}
    for path in builtin_scenarios():
        scenario = load_scenario(path)
        shown.setdefault(scenario.game_id, set()).update(s.error for s in scenario.steps if s.error)
    return shown


@pytest.mark.parametrize("game", GAMES)
def test_every_prohibition_has_an_illegal_example(game):
    codes = set(get_game(game).error_codes) - SET_UP
    missing = sorted(c for c in codes if c not in shown_codes().get(game, set()) and (game, c) not in UNREACHABLE)
    assert not missing, f"codes without an `expect: illegal` scenario step: {missing}"


def test_the_exceptions_are_still_declared():
    declared = {code for game in GAMES for code in get_game(game).error_codes}
    assert SET_UP <= declared, f"{SET_UP - declared} no longer declared: drop from SET_UP"
    for game, code in UNREACHABLE:
        assert code in get_game(game).error_codes, f"{game} no longer declares {code}: drop it from UNREACHABLE"
