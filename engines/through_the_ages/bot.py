"""A simple bot for test games: a legal move by weighted chance, favouring what builds a civilization.

Uniformly random play takes cards and ends turns more than it develops, builds or completes wonders, so
few late technologies, governments and wonders come into play. This bot prefers those moves (and never
destroys its own buildings), so test games of every mode reach the late game with full tableaus. It
only ever picks from ``legal_moves``.
"""
from __future__ import annotations

from engines.core import Move, Rng

WEIGHTS = {"develop": 8, "revolution": 8, "leader": 6, "wonder": 6, "build": 5, "upgrade": 5, "action": 4,
           "grow": 2, "take": 2, "tactics": 3, "end": 1, "destroy": 0,
           "resign": 0}  # a test game should reach its end, not stop at an honourable concession


def choose(legal: list[Move], rng: Rng) -> Move:
    """One of ``legal``: by verb weight (other verbs 1), uniformly within the weight."""
    weighted = [(m, WEIGHTS.get(m.verb, 1)) for m in legal]
    total = sum(w for _, w in weighted)
    if not total:
        return rng.choice(legal)
    pick = rng.below(total)
    for move, weight in weighted:
        if pick < weight:
            return move
        pick -= weight
    raise AssertionError("unreachable")
