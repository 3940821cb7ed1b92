"""Every prohibition an engine can raise is shown by a scenario step with ``expect: illegal`` and its code.

The codes are read from the engines' source: a string given as ``code=...``, or in the place of a parameter
named ``code`` of a helper defined in the same engine (``fail(code, message, rule)``, ``fail(message, rule,
code)``). Set-up errors are not moves, so ``BadSetup`` is left out.
"""
import ast
import functools
from pathlib import Path

import pytest

from tutor.rules import ROOT
from tutor.scenario import builtin_scenarios, load_scenario

GAMES = ("dominion", "carta_impera_victoria", "through_the_ages", "history_of_the_world")
NOT_MOVES = {"BadSetup"}

# A code with no possible example, and why. Keep this short: each entry is a prohibition no reader can meet.
UNREACHABLE = {
    ("history_of_the_world", "no-free-square"):
        "scores stay distinct and only rise, so the marker's own old square is always free below it",
}


def _name(call: ast.Call) -> str | None:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None


def raised_codes(game: str) -> dict[str, str]:
    """Each code the engine ``game`` can refuse a move with, and one place that raises it."""
    trees = {p: ast.parse(p.read_text(encoding="utf-8")) for p in sorted((ROOT / "engines" / game).rglob("*.py"))}
    code_at = {n.name: [a.arg for a in n.args.args].index("code")
               for t in trees.values() for n in ast.walk(t)
               if isinstance(n, ast.FunctionDef) and "code" in [a.arg for a in n.args.args]}
    found: dict[str, str] = {}
    for path, tree in trees.items():
        for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call) and _name(n) not in NOT_MOVES):
            values = [k.value for k in call.keywords if k.arg == "code"]
            at = code_at.get(_name(call))
            if at is not None and len(call.args) > at:
                values.append(call.args[at])
            for v in values:
                if isinstance(v, ast.Constant) and isinstance(v.value, str):
                    found.setdefault(v.value, f"{path.relative_to(ROOT)}:{call.lineno}")
    return found


@functools.cache
def shown_codes() -> dict[str, set[str]]:
    shown: dict[str, set[str]] = {}
    for path in builtin_scenarios():
        scenario = load_scenario(path)
        shown.setdefault(scenario.game_id, set()).update(s.error for s in scenario.steps if s.error)
    return shown


@pytest.mark.parametrize("game", GAMES)
def test_every_prohibition_has_an_illegal_example(game):
    codes = raised_codes(game)
    assert len(codes) >= 5, f"found only {sorted(codes)}: the source scan no longer sees how {game} raises"
    missing = {c: where for c, where in codes.items()
               if c not in shown_codes().get(game, set()) and (game, c) not in UNREACHABLE}
    assert not missing, f"codes without an `expect: illegal` scenario step: {missing}"


def test_unreachable_codes_are_still_raised():
    for game, code in UNREACHABLE:
        assert code in raised_codes(game), f"{code} is no longer raised by {game}: drop it from UNREACHABLE"
