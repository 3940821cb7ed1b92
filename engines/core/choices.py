"""Choices of several things at once (discard any number of cards, keep some of them): counted, never listed whole.

A choice of ``least``..``most`` items from a pool of ``n`` can have exponentially many answers, so an engine checks
an answer by counting (``Choice.admits``: multiset containment and the count range) and lists at most
``MOST_LISTED`` of them (``Choice.listed``, smallest answers first); ``Game.large_choice`` gives the shape of a
choice whose answers ``legal_moves`` lists only in part.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from .moves import Move
from .rng import Rng

MOST_LISTED = 256
"""The most answers of one choice ``legal_moves`` lists; a choice with more gives its shape (``Game.large_choice``)."""


@dataclass(frozen=True)
class Choice:
    """One move is ``verb`` followed by ``least``..``most`` names of ``pool``, each as often as the pool holds it
    at most, in the pool's order (the pool is in canonical order: a name's copies together)."""

    verb: str
    pool: tuple[str, ...]
    least: int
    most: int

    def counts(self) -> list[tuple[str, int]]:
        """Each name of the pool with its copies, in the pool's order."""
        return list(Counter(self.pool).items())

    def answers(self) -> int:
        """How many different answers the choice has (by counting, never listing)."""
        return count_submultisets([n for _, n in self.counts()], self.least, self.most)

    def admits(self, move: Move) -> bool:
        """Is ``move`` an answer: the verb, a count in range, names the pool holds that many times, in its order?"""
        if move.verb != self.verb or not self.least <= len(move.args) <= self.most:
            return False
        have = Counter(self.pool)
        if any(have[name] < n for name, n in Counter(move.args).items()):
            return False
        rank = {name: i for i, (name, _) in enumerate(self.counts())}
        return all(rank[a] <= rank[b] for a, b in zip(move.args, move.args[1:]))

    def listed(self, limit: int = MOST_LISTED) -> list[Move]:
        """The first ``limit`` answers: the fewest names first (``submultisets``' order)."""
        moves = []
        for combo in submultisets(self.counts(), self.least, self.most):
            if len(moves) == limit:
                break
            moves.append(Move(self.verb, combo))
        return moves

    def sample(self, rng: Rng) -> Move:
        """An answer drawn from ``rng`` (its size uniform among the sizes the pool allows, then name by name)."""
        counts = self.counts()
        most = min(self.most, len(self.pool))
        size = self.least + rng.below(most - self.least + 1)
        names = list(self.pool)
        taken: Counter[str] = Counter()
        for _ in range(size):
            taken[names.pop(rng.below(len(names)))] += 1
        return Move(self.verb, tuple(name for name, _ in counts for _ in range(taken[name])))


def count_submultisets(copies: list[int], least: int, most: int) -> int:
    """How many sub-multisets with ``least``..``most`` items a multiset with these copies of each item has."""
    ways = [1] + [0] * most  # ways[k]: sub-multisets of the items seen so far with k items
    for n in copies:
        new = [0] * (most + 1)
        window = 0
        for k in range(most + 1):  # new[k] = ways[k] + ways[k-1] + … + ways[k-n]
            window += ways[k]
            if k - n - 1 >= 0:
                window -= ways[k - n - 1]
            new[k] = window
        ways = new
    return sum(ways[max(least, 0):most + 1])


def submultisets(counts: list[tuple[str, int]], least: int, most: int) -> Iterator[tuple[str, ...]]:
    """Every sub-multiset of the pool with ``least``..``most`` items, the smaller first, and within a size fewer
    copies of an earlier name first (so the answers of one size come as a depth-first walk of the pool gives them);
    lazily, and every branch walked gives an answer, so taking the first few costs little."""
    suffix = [0] * (len(counts) + 1)  # suffix[i]: the items from counts[i] on
    for i in range(len(counts) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + counts[i][1]

    def exactly(i: int, size: int) -> Iterator[tuple[str, ...]]:
        if size == 0:
            yield ()
            return
        if i == len(counts) or suffix[i] < size:
            return
        name, n = counts[i]
        for k in range(min(n, size) + 1):
            if suffix[i + 1] >= size - k:
                for rest in exactly(i + 1, size - k):
                    yield (name,) * k + rest

    for size in range(max(least, 0), min(most, suffix[0]) + 1):
        yield from exactly(0, size)
