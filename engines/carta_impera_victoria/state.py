"""The state of a game of Carta Impera Victoria and the counts the rules read from it."""
from __future__ import annotations

from dataclasses import dataclass, field

from engines.core import BaseState

from .data import CULTURE, NUMBERS, RELIGION, SUITS

# Phases of the game.
DRAFT = "draft"            # draft set-up: everyone keeps one card of the packet in front of them
DRAFT_TAKE = "draft-take"  # draft set-up: the face-up cards are taken, counter-clockwise
PLAY = "play"              # turn step 1: play a card from hand
ABILITIES = "abilities"    # turn step 2: abilities, in any order, then `end` (step 3 draws)
OVER = "over"

# Choices an ability still waits for, in order (the pending queue); the verb that answers each.
TASK_VERB = {
    "hand-discard": "discard",     # discard a card from your hand
    "tableau-discard": "discard",  # discard a card from your tableau
    "attack": "discard",           # discard a tableau card; every other player loses one of that suit
    "tableau-take": "take",        # take a tableau card back to your hand
    "pile-take": "take",           # take a card from the discard pile to your hand
    "play": "play",                # play a card from hand to your tableau
    "give": "give",                # give a card from your hand back to the inquisition's victim
}


@dataclass(kw_only=True)
class CartaState(BaseState):
    deck: list[str]                          # draw pile, top first
    removed: list[str]                       # cards set aside unseen, out of this game
    discard: list[str]                       # discard pile, oldest first
    hands: dict[str, list[str]]
    tableaux: dict[str, dict[str, int]]      # cards in front of each player, by suit
    flipped: dict[str, dict[str, int]]       # flipped utopia cards lying on a player's suits (democracy)
    embargoes: dict[str, list[str]]          # flipped economy cards lying on a player's suits (embargo)
    first: str                               # the owner of the yellow reference board
    current: str
    phase: str = PLAY
    packets: dict[str, list[str]] = field(default_factory=dict)  # draft: the cards offered to each player
    draft_round: int = 0
    kept: list[str] = field(default_factory=list)                # draft: who has kept a card this round
    center: list[str] = field(default_factory=list)              # draft: the face-up cards
    take_order: list[str] = field(default_factory=list)          # draft: who still takes a face-up card
    played: bool = False                                         # step 1 done this turn (not skipped)
    used_permanent: list[str] = field(default_factory=list)      # suits whose permanent ability was used this turn
    used_sacrifice: list[str] = field(default_factory=list)      # suits sacrificed this turn
    inspired: bool = False                                       # culture's inspiration used this turn
    copied_limit: int = 0                                        # hand limit copied from religion this turn
    pending: list[str] = field(default_factory=list)             # choices an ability still waits for
    resolving: str | None = None                                 # the suit whose ability the pending choices finish
    give_to: str | None = None                                   # the inquisition's victim
    hegemony: str | None = None                                  # who won by hegemony
    turn_number: int = 1


def levels(state: CartaState) -> tuple[int, int]:
    first, second = NUMBERS["levels"][len(state.players)]
    return first, second


def level(state: CartaState, player: str, suit: str) -> int:
    """The permanent-ability level (0, 1, 2) a player's cards of ``suit`` reach now."""
    first, second = levels(state)
    count = state.tableaux[player][suit]
    return 2 if count >= second else 1 if count >= first else 0


def hand_limit(state: CartaState, player: str) -> int:
    """Religion's level sets the limit; an inspiration that copied religion counts for this turn."""
    limit = NUMBERS["hand_limit"][level(state, player, RELIGION)]
    if player == state.current and state.phase in (PLAY, ABILITIES):
        limit = max(limit, state.copied_limit)
    return limit


def culture_token(state: CartaState) -> str | None:
    """The culture token lies with the player holding strictly the most culture cards, else in the middle."""
    counts = {p: state.tableaux[p][CULTURE] for p in state.players}
    best = max(counts.values())
    leaders = [p for p, c in counts.items() if c == best]
    return leaders[0] if best > 0 and len(leaders) == 1 else None


def hegemony_target(state: CartaState, player: str, suit: str) -> int:
    """Cards of ``suit`` that win by hegemony: 8 (2 players) or 7, plus each flipped utopia lying there."""
    return NUMBERS["hegemony"][len(state.players)] + state.flipped[player][suit]


def playable(state: CartaState, player: str, suit: str) -> bool:
    """An embargoed suit cannot be laid down in any way during its player's turn."""
    return suit not in state.embargoes[player]


def playable_in_hand(state: CartaState, player: str) -> int:
    return sum(1 for card in state.hands[player] if playable(state, player, card))


def tableau_size(state: CartaState, player: str) -> int:
    return sum(state.tableaux[player].values())


def seat(state: CartaState, player: str, offset: int) -> str:
    """The player ``offset`` seats to the left (clockwise, the turn order); negative goes right."""
    return state.players[(state.players.index(player) + offset) % len(state.players)]


def last_player(state: CartaState) -> str:
    """The last to play in a round: the first player's right-hand neighbour."""
    return seat(state, state.first, -1)


def team_of(state: CartaState, player: str) -> int | None:
    """Team game: partners sit opposite each other (seats 1 & 3 are team 1, seats 2 & 4 team 2)."""
    return state.players.index(player) % 2 + 1 if state.options.get("team") else None


def suit_order(cards: list[str]) -> list[str]:
    """The distinct suits among ``cards``, in reference-board order."""
    return [s for s in SUITS if s in cards]
