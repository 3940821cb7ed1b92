"""Military decks, hands and discards (tta.advanced.setup, tta.advanced.military-cards).

Each age has its own military deck and its own discard pile; a deck that runs out is refilled by
shuffling its discards. A card of a past age that is discarded goes back to the box.
"""
from __future__ import annotations

from engines.core import Rng

from ..catalog import AGES, MILITARY_DECKS, card, data
from ..state import Civ, TtaState

MILITARY_TYPES = ("event", "territory", "aggression", "war", "pact", "tactics", "bonus")
FINAL_EVENTS = 4  # the advanced game's Age III events turned up for the final scoring
MAX_DRAW = 3  # cards drawn for unused military actions at the end of a turn



def military_deck(age: str, players: int, mode: str, edition: int = 2006) -> list[str]:
    """An age's military deck for this player count and mode, unshuffled (one id per copy).

    The copies per player count drop the cards marked 3+ / 4+ (in the 2006 reference only the pacts, which
    leave a 2-player game); the advanced game also takes the wars out."""
    deck: list[str] = []
    for raw in data(MILITARY_DECKS[age], edition)["cards"]:
        if mode == "advanced" and raw["type"] == "war":
            continue
        deck += [raw["id"]] * raw.get("copies", [1, 1, 1])[players - 2]
    return deck


def deal(state: TtaState, rng: Rng) -> None:
    """Deal the military side: Age A current events (players + 2, face down), the age decks the mode uses,
    and in the advanced game four Age III events turned up for the final scoring."""
    mode, n = state.options["mode"], len(state.players)
    ages = ("I", "II") if mode == "advanced" else ("I", "II", "III")
    age_a = [raw["id"] for raw in data(MILITARY_DECKS["A"], state.edition)["cards"]]
    rng.shuffle(age_a)
    state.events = age_a[:n + 2]
    state.military_box += age_a[n + 2:]
    for age in ages:
        deck = military_deck(age, n, mode, state.edition)
        rng.shuffle(deck)
        state.military_decks[age] = deck
        state.military_discards[age] = []
    if mode == "advanced":
        third = military_deck("III", n, mode, state.edition)
        rng.shuffle(third)
        while len(state.final_events) < FINAL_EVENTS and third:
            cid = third.pop(0)
            (state.final_events if card(cid).type == "event" else state.military_box).append(cid)
        state.military_box += third


def draw_age(state: TtaState) -> str | None:
    """The age whose military deck is on the board: the current age's (none in Age IV)."""
    return state.age if state.age in state.military_decks else None


def draw_one(state: TtaState) -> str | None:
    """Take the top card of the current military deck, reshuffling its discards when it runs out."""
    age = draw_age(state)
    if age is None:
        return None
    deck = state.military_decks[age]
    if not deck and state.military_discards[age]:
        deck += state.military_discards[age]
        state.military_discards[age].clear()
        state.rng.shuffle(deck)
    return deck.pop(0) if deck else None


def draw(state: TtaState, civ: Civ, n: int, fresh: bool) -> int:
    """Draw up to ``n`` military cards into the hand; ``fresh`` cards wait until the owner's next turn."""
    got = 0
    for _ in range(n):
        cid = draw_one(state)
        if cid is None:
            break
        civ.military_hand.append(cid)
        if fresh:
            civ.military_fresh.append(cid)
        got += 1
    return got


def take_from_hand(civ: Civ, cid: str) -> None:
    """A card leaves the hand; a copy marked as drawn this turn goes with it once no unmarked copy is left."""
    civ.military_hand.remove(cid)
    if civ.military_fresh.count(cid) > civ.military_hand.count(cid):
        civ.military_fresh.remove(cid)


def discard(state: TtaState, cid: str) -> None:
    """A used or discarded military card: onto its age's discard pile, or to the box if its age is past."""
    age = card(cid).age
    if age in state.military_discards and AGES.index(age) >= AGES.index(state.age):
        state.military_discards[age].append(cid)
    else:
        state.military_box.append(cid)


def end_of_age(state: TtaState, ended: str) -> None:
    """The deck of the age that ended goes back to the box with its discards (the new age's deck is drawn
    from now on); a discard pile of an older age is boxed as well."""
    for age in list(state.military_decks):
        if AGES.index(age) <= AGES.index(ended):
            state.military_box += state.military_decks.pop(age) + state.military_discards.pop(age)
