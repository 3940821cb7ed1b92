"""Blue tokens as food and resources: what they are worth, paying with them, producing them.

A blue token on a farm or mine technology is worth that card's yield. Paying returns tokens to the
blue bank; change is made by moving a token down to a card of lower yield, never up. The engine
pays the way that leaves the most tokens in the bank: it keeps the value that remains on as few
tokens as possible, highest yields first (see the reading in docs/through_the_ages/options.md).
"""
from __future__ import annotations

from .catalog import card
from .state import Civ

STAT = {"farm": "food", "mine": "resources"}


def _cards(civ: Civ, kind: str) -> list[str]:
    """This civilization's farm or mine technologies, highest yield first."""
    return sorted((t for t in civ.technologies if card(t).kind == kind),
                  key=lambda t: -getattr(card(t), STAT[kind]))


def value(civ: Civ, kind: str) -> int:
    """Food ("farm") or resources ("mine"): the blue tokens on the civilization's cards of that kind."""
    stat = STAT[kind]
    return sum(n * getattr(c, stat) for t, n in civ.blue.items()
               if n and (c := card(t)).kind == kind and t in civ.technologies)


def pay(civ: Civ, kind: str, amount: int) -> None:
    """Spend ``amount`` food ("farm") or resources ("mine"); the caller has checked there is enough."""
    total = value(civ, kind)
    assert 0 <= amount <= total, (kind, amount, total)
    if amount == 0:
        return
    civ.paid[kind] = civ.paid.get(kind, 0) + amount
    rest = total - amount
    before = sum(civ.blue.get(t, 0) for t in _cards(civ, kind))
    room = 0  # tokens at this yield or above before paying: a token may only move down
    kept = 0
    for t in _cards(civ, kind):
        room += civ.blue.get(t, 0)
        each = getattr(card(t), STAT[kind])
        n = min(rest // each, room - kept)
        civ.blue[t] = n
        kept += n
        rest -= n * each
    if rest:  # change that needs more tokens than moved down: take them from the bank
        lowest = _cards(civ, kind)[-1]
        civ.blue[lowest] += rest // getattr(card(lowest), STAT[kind])
        kept += rest // getattr(card(lowest), STAT[kind])
    civ.blue_bank += before - kept
    assert civ.blue_bank >= 0


def gain(civ: Civ, kind: str, amount: int) -> int:
    """Produce ``amount`` food or resources from the blue bank, highest yields first; returns what was got."""
    got = 0
    for t in _cards(civ, kind):
        each = getattr(card(t), STAT[kind])
        while civ.blue_bank and amount - got >= each:
            civ.blue[t] = civ.blue.get(t, 0) + 1
            civ.blue_bank -= 1
            got += each
    return got


def produce(civ: Civ, kind: str, hold_back: str | None = None) -> int:
    """The production step: one blue token per worker on each farm (mine) while the bank lasts
    (``hold_back``: a mine that produces one token less, option corruption_variant)."""
    got = 0
    for t in _cards(civ, kind):
        for _ in range(civ.workers.get(t, 0) - (t == hold_back)):
            if not civ.blue_bank:
                return got
            civ.blue[t] = civ.blue.get(t, 0) + 1
            civ.blue_bank -= 1
            got += getattr(card(t), STAT[kind])
    return got
