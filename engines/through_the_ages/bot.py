"""A simple bot for test games: a legal move by weighted chance, favouring what builds a civilization.

Uniformly random play takes cards and ends turns more than it develops, builds or completes wonders, so
few late technologies, governments and wonders come into play. This bot prefers those moves (and never
destroys its own buildings), so test games of every mode reach the late game with full tableaus. It
only ever picks from ``legal_moves``.
"""
from __future__ import annotations

from engines.core import Move, Rng

from .catalog import card
from .state import TtaState

WEIGHTS = {"develop": 8, "revolution": 8, "leader": 6, "wonder": 40, "build": 5, "upgrade": 5, "action": 4,
           "grow": 2, "take": 2, "tactics": 3, "end": 1, "destroy": 0,
           "resign": 0}  # a test game should reach its end, not stop at an honourable concession
# Taking a wonder from the row: a wonder card is one of the 13, and its stages are few of the moves, so
# without a push the wonders (and what they give, and Homer's place under one) seldom come into play.
TAKE_WONDER = 10


def weight(state: TtaState, move: Move) -> int:
    if move.verb == "take":
        cid = state.row[int(move.args[0]) - 1]
        if cid is not None and card(cid).type == "wonder":
            return TAKE_WONDER
    return WEIGHTS.get(move.verb, 1)


def choose(state: TtaState, legal: list[Move], rng: Rng) -> Move:
    """One of ``legal``: by weight (other verbs 1), uniformly within the weight."""
    weighted = [(m, weight(state, m)) for m in legal]
    total = sum(w for _, w in weighted)
    if not total:
        return rng.choice(legal)
    pick = rng.below(total)
    for move, w in weighted:
        if pick < w:
            return move
        pick -= w
    raise AssertionError("unreachable")
