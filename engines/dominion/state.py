"""The state of a Dominion game and the card movements every rule is built from.

Decks are stored bottom first (the top card is the last element), so drawing is ``list.pop()``;
``observe`` reports them top first. Cards are canonical Korean names.
"""
from __future__ import annotations

import functools
import math
from collections import Counter
from dataclasses import dataclass, field, replace

from engines.core import BaseState, IllegalMove, Rng
from engines.core.korean import josa

@dataclass(kw_only=True, slots=True)
class Zones:
    """One player's cards (slots: copying one is on the playout hot path)."""

    hand: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)  # bottom first: deck[-1] is the top card
    discard: list[str] = field(default_factory=list)  # bottom first: discard[-1] is face up
    in_play: list[str] = field(default_factory=list)
    set_aside: list[str] = field(default_factory=list)
    turns: int = 0  # turns completed, for the tie-break

    def copy(self) -> Zones:
        """A copy with its own lists (written out: setattr by name costs more than the copying)."""
        new = object.__new__(Zones)
        new.hand, new.deck, new.discard = self.hand[:], self.deck[:], self.discard[:]
        new.in_play, new.set_aside, new.turns = self.in_play[:], self.set_aside[:], self.turns
        return new


@dataclass(kw_only=True)
class Decision:
    """A choice a card asks of one player; ``cards`` are the cards it is about (looked at, revealed…)."""

    kind: str
    player: str  # who decides
    source: str  # the card that asks (for messages and rule ids)
    cards: list[str] = field(default_factory=list)
    target: str = ""  # the player whose cards are concerned (Spy, Thief), else the decider
    limit: int = 0  # a cost limit or a count, depending on the kind


@dataclass(kw_only=True)
class DominionState(BaseState):
    supply: dict[str, int]
    kingdom: list[str]
    buy_order: tuple[str, ...]  # the supply's cards, dearest first: the order buys are listed in
    zones: dict[str, Zones]
    trash: list[str] = field(default_factory=list)
    active: int = 0  # index of the player whose turn it is
    phase: str = "action"  # "action" or "buy"; "over" once the game has ended
    actions: int = 1
    buys: int = 1
    coins: int = 0
    bought: bool = False  # a card was bought: no more treasures this turn
    merchants: int = 0  # Merchant plays this turn, paid out on the first Silver
    silver_played: bool = False
    pending: Decision | None = None
    # Effects still to carry out, last one first: [handler, player, *args] (see effects.py).
    tasks: list[list[str]] = field(default_factory=list)
    # Tuples, so that copies can share them: players who revealed a Moat against the attack being
    # resolved, and the treasures trashed by the Thief being resolved.
    immune: tuple[str, ...] = ()
    stolen: tuple[str, ...] = ()
    card_total: int = 0  # cards in the game (supply, players, trash), fixed at set-up
    # Choices the engine made by itself during the last move (one possible answer, or a Moat it did not
    # ask for): (player, move, why). A scenario may confirm each by naming it (see Dominion.apply).
    forced: tuple[tuple[str, str, str], ...] = ()
    # Scripted shuffles not yet used: (player, the top cards of the new deck, top first).
    shuffles: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def copy(self) -> DominionState:
        """A deep copy, written out because the generic ``clone`` dominates playout time.

        ``players``, ``kingdom`` and ``options`` never change after set-up, so copies share them, and
        so is the PRNG: ``make_ready``, its only user after set-up, replaces it before drawing.
        """
        new = object.__new__(DominionState)
        # dict(), not .copy(): a copy of the split dict a fresh instance has is split too, and CPython
        # 3.11 cannot specialise attribute reads on a split __dict__; dict() makes a combined one.
        d = dict(self.__dict__)
        d["supply"] = self.supply.copy()
        d["zones"] = {p: z.copy() for p, z in self.zones.items()}
        d["trash"] = self.trash[:]
        if self.pending is not None:
            d["pending"] = replace(self.pending, cards=self.pending.cards[:])
        d["tasks"] = [t[:] for t in self.tasks]
        new.__dict__ = d
        return new

    def turn_copy(self, lists: tuple[str, ...] = ()) -> DominionState:
        """A copy for a move of the player whose turn it is outside card effects (play a Treasure or a
        simple Action, buy, end a phase), which is almost every playout move.

        Such a move changes that player's cards and the counters, and replaces the supply when it buys,
        never the trash or the (empty) task stack: the supply, the other players' zones, the trash and
        the task stack are shared, and of that player's card lists only ``lists`` are copied (the move
        changes them in place; it replaces any other it changes).
        """
        new = object.__new__(DominionState)
        d = dict(self.__dict__)  # as in copy
        zones = d["zones"] = self.zones.copy()
        player = self.players[self.active]
        old = zones[player]
        z = zones[player] = object.__new__(Zones)  # Zones.copy written out, sharing the lists
        z.hand, z.deck, z.discard, z.in_play, z.set_aside, z.turns = (
            old.hand, old.deck, old.discard, old.in_play, old.set_aside, old.turns)
        for name in lists:
            setattr(z, name, getattr(old, name)[:])
        new.__dict__ = d
        return new

    def empty_piles(self) -> int:
        return sum(1 for n in self.supply.values() if n == 0)


def make_ready(state: DominionState, player: str, n: int) -> list[str]:
    """Make ``n`` cards available on top of the deck, shuffling the discard pile only if it is needed.

    Shuffling the discard pile under the cards still in the deck is the rule's "take what is left,
    then shuffle and go on": cards set aside, revealed or in play are in no pile and stay out.
    """
    z = state.zones[player]
    if len(z.deck) < n and z.discard:
        state.rng = Rng(state.rng.state)  # copies of the state share the old PRNG object (see copy)
        top = _scripted(state, player) if state.shuffles else ()
        rest = z.discard
        if top:
            rest = rest[:]
            for card in top:
                rest.remove(card)
        # The scripted cards on top; the deck is replaced, not changed (copies may share it).
        z.deck = shuffled(state.rng, rest) + list(reversed(top)) + z.deck
        z.discard = []
    return z.deck


def _scripted(state: DominionState, player: str) -> tuple[str, ...]:
    """The next scripted shuffle of ``player`` (taken off the list), checked against the discard pile."""
    i = next((i for i, (p, _) in enumerate(state.shuffles) if p == player), None)
    if i is None:
        return ()
    top = state.shuffles[i][1]
    state.shuffles = state.shuffles[:i] + state.shuffles[i + 1:]
    have = Counter(state.zones[player].discard)
    missing = Counter(top) - have
    if missing:
        pile = ", ".join(f"{c} {n}장" for c, n in sorted(have.items()))
        raise IllegalMove(f"{player}의 섞기로 정해 둔 순서({' '.join(top)})에 섞을 카드에 없는 "
                          f"{josa(', '.join(missing), '이')} 있습니다. 섞을 버린 카드 더미: {pile}.",
                          rule="dominion.notation.shuffle", code="bad-shuffle")
    return top


def shuffled(rng: Rng, cards: list[str]) -> list[str]:
    """The cards in a uniformly random order, picked by one random number read in the factorial base.

    The number has 32 bits more than n! needs, so no order is favoured by more than 2^-32; it takes
    one or two 64-bit draws for a deck of up to 30 cards, where ``Rng.shuffle`` needs one per card.
    Its digits are read a machine word at a time (``_chunks``): small-int arithmetic is much cheaper.
    """
    n = len(cards)
    x = 0
    for _ in range(_draws(n)):
        x = x << 64 | rng.next_u64()
    pop = cards[:].pop
    out: list[str] = []
    take = out.append
    for radix, digits in _chunks(n):
        x, rest = divmod(x, radix)  # the next len(digits) factorial-base digits are those of ``rest``
        for i in digits:
            take(pop(rest % i))
            rest //= i
    return out


@functools.cache
def _draws(n: int) -> int:
    """How many 64-bit draws give 32 bits more than n! needs."""
    return (math.factorial(n).bit_length() + 32 + 63) // 64


@functools.cache
def _chunks(n: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The radices n, n-1, …, 1 in runs whose product stays below 2^30, each with that product."""
    chunks = []
    while n:
        product, digits = 1, []
        while n and product * n < 1 << 30:
            product *= n
            digits.append(n)
            n -= 1
        chunks.append((product, tuple(digits)))
    return tuple(chunks)


def draw(state: DominionState, player: str, n: int) -> None:
    """Draw ``n`` cards (fewer if there are not enough); the deck is replaced, not changed (copies may share it)."""
    z = state.zones[player]
    deck = z.deck
    if len(deck) < n:
        deck = make_ready(state, player, n)
    n = min(n, len(deck))
    if n:
        z.hand += deck[:-n - 1:-1]
        z.deck = deck[:-n]


def top_cards(state: DominionState, player: str, n: int) -> list[str]:
    """The top ``n`` cards (fewer if there are not enough), top first; they stay on the deck."""
    deck = make_ready(state, player, n)
    return deck[:-n - 1:-1] if n else []


def gain(state: DominionState, player: str, card: str, where: str = "discard") -> bool:
    """Take ``card`` from the supply into ``where`` (discard, hand or deck top); nothing if the pile is empty."""
    if state.supply.get(card, 0) <= 0:
        return False
    state.supply[card] -= 1
    getattr(state.zones[player], where).append(card)
    return True
