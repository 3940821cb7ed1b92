"""Strongest and weakest civilizations, for events (tta.advanced.events).

With two players, "the two strongest" means the stronger one and "the two weakest" the weaker one: the 2006
rulebook says so in its events section (right after the tip that current and future events number the players
plus two), and the 2015 glossary repeats it (tta15.ranking). Option ``two_of_two`` keeps ``one`` (the rule, the
default) and offers ``both`` (both civilizations) only as a house variant that goes against the rulebook. Ties are ranked by turn order from
the active player, who is counted first (stronger, richer): the 2015 glossary says so; for the 2006 edition
the option ``tie_break`` reads it (``turn-order``, the default, as in 2015; ``all`` lets every tied
civilization share the place).
"""
from __future__ import annotations

from collections.abc import Callable

from .. import levels
from ..editions import has
from ..state import TtaState


def order_from_active(state: TtaState) -> list[str]:
    """Turn order from the player whose turn it is; in the 2015 edition, once the game is over, from the start
    player (its glossary, tta15.ranking)."""
    first = 0 if state.over and has(state, "rank_from_start_when_over") else state.active
    return state.players[first:] + state.players[:first]


def strength(state: TtaState, player: str) -> int:
    return levels.strength(state, player)


def top(state: TtaState, key: Callable[[str], int], n: int = 1, lowest: bool = False) -> list[str]:
    """The ``n`` civilizations with the highest (or lowest) value; ties by turn order (2006: by the option
    ``tie_break``)."""
    order = order_from_active(state)
    if len(order) == 2 and n == 2 and not has(state, "two_of_two_both"):
        n = 1
    ranked = sorted(order, key=lambda p: (key(p) if lowest else -key(p), order.index(p) * (-1 if lowest else 1)))
    chosen = ranked[:n]
    if has(state, "ties_share"):
        edge = key(chosen[-1])
        chosen += [p for p in ranked[n:] if key(p) == edge]
    return chosen


def strongest(state: TtaState, n: int = 1) -> list[str]:
    return top(state, lambda p: strength(state, p), n)


def weakest(state: TtaState, n: int = 1) -> list[str]:
    return top(state, lambda p: strength(state, p), n, lowest=True)
