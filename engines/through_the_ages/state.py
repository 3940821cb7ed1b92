"""The state of a game: each player's civilization, the card row, the decks and whose turn it is."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engines.core import BaseState


@dataclass(kw_only=True)
class Civ:
    """One player's personal board and the cards in front of them."""

    # yellow tokens: bank + idle + workers == yellow_total; blue: bank + on cards + on the wonder == blue_total
    yellow_total: int
    blue_total: int
    yellow_bank: int
    idle: int
    blue_bank: int
    workers: dict[str, int]  # technology id -> workers on it (buildings, farms, mines, units)
    blue: dict[str, int]  # farm/mine technology id -> blue tokens (food or resources) on it
    technologies: list[str]  # technology cards in play, in the order played (board ones first)
    government: str
    edition: int = 2006  # the game's edition: which board tables (growth, corruption …) this board prints
    leader: str | None = None
    wonders: list[str] = field(default_factory=list)  # completed
    wonder: str | None = None  # under construction
    wonder_stages: int = 0  # stages built (blue tokens on the wonder)
    wonder_unmarked: int = 0  # of those, built without a blue token (option wonder_stage_token: skip)
    hand: list[str] = field(default_factory=list)
    fresh: list[str] = field(default_factory=list)  # cards taken this turn (action cards wait a turn)
    leader_ages: list[str] = field(default_factory=list)  # ages whose leader this player has taken
    discarded: list[str] = field(default_factory=list)  # played action cards, replaced leaders and technologies
    culture: int = 0
    science: int = 0
    civil_left: int = 0  # white tokens still on the government card this turn
    military_left: int = 0  # red tokens still on it
    # resources for military units only, this turn: granted by action cards (Patriotism …) and spent so far;
    # Homer's one a turn counts while he leads (levels.military_resources)
    military_granted: int = 0
    military_spent: int = 0
    military_extra: int = 0  # red tokens action cards added this turn (above the total)
    civil_used: bool = False  # a civil action was used this turn (revolution must come first)
    paid: dict[str, int] = field(default_factory=dict)  # "farm"/"mine" -> food/resources paid in the game so far
    liner_used: bool = False  # Ocean Liner Service's free growth was used this turn
    bach_used: bool = False  # J.S. Bach's (2015) upgrade to a theater was made this turn
    hammurabi_used: bool = False  # Hammurabi's military action was spent as a civil one this turn
    # cards slid under a completed wonder, card id -> wonder id: 2015 Homer, giving it a happy face
    # (levels.homer_wonder)
    under_wonders: dict[str, str] = field(default_factory=dict)
    churchill: str = ""  # this turn: Winston Churchill's (2015) choice, "culture" or "military"
    military_science_spent: int = 0  # this turn: of the science for military unit technologies only (Churchill)
    leader_change: str = ""  # this turn: "played" (a leader came into play with none before) or "replaced"
    # --- military (advanced and full games; owned by the military subpackage, see hooks.py) ---
    military_hand: list[str] = field(default_factory=list)
    tactics: str | None = None  # the tactics card whose armies count (2015: where the player's flag stands)
    own_tactics: list[str] = field(default_factory=list)  # 2015: played from the hand, exclusive until next turn
    colonies: list[str] = field(default_factory=list)
    military_fresh: list[str] = field(default_factory=list)  # drawn during the owner's turn: wait until it ends
    civil_penalty: int = 0  # white tokens lost at the start of the next turn (Rebellion)
    skip_political: bool = False  # the next political action is lost (International Agreement)
    caesar_used: bool = False  # Julius Caesar's (2015) second political action was played (once a game)
    caesar_open: bool = False  # the political phase is open again for it now
    columbus_used: bool = False  # Christopher Columbus's one colony from the hand was taken
    ravaged: list[str] = field(default_factory=list)  # wonders turned face down by Ravages of Time: 2 culture each
    # military actions the pacts in force give (Open Borders Agreement): recomputed from state.pacts whenever a
    # pact begins or ends (military.politics.pacts_changed), so the civil totals need no game state
    pact_actions: int = 0


@dataclass(kw_only=True)
class Pending:
    """A choice an event leaves to one player before play goes on."""

    player: str
    event: str


@dataclass(kw_only=True)
class TtaState(BaseState):
    civs: dict[str, Civ]
    row: list[str | None]  # the card row, slots 1-13 (index 0 is slot 1)
    decks: dict[str, list[str]]  # civil decks by age, top card first
    events: list[str]  # the current-event deck, top first
    past_events: list[str] = field(default_factory=list)
    box: list[str] = field(default_factory=list)  # civil cards out of the game: swept off the row, Age A left over
    civil_cards: int = 0  # civil cards in the game at the start (so none is ever lost or duplicated)
    age: str = "A"
    round: int = 1
    active: int = 0  # index of the player whose turn it is (player 0 is the start player)
    last_round: int | None = None  # set when the last civil card is dealt
    pending: list[Pending] = field(default_factory=list)
    over: bool = False
    final_bonus: dict[str, dict[str, int]] = field(default_factory=dict)
    extra_turns: int = 0  # full game: turns still to play after Age III ran out and its round ended
    # --- military (advanced and full games; owned by the military subpackage, see hooks.py) ---
    military_decks: dict[str, list[str]] = field(default_factory=dict)  # by age, top card first
    military_discards: dict[str, list[str]] = field(default_factory=dict)  # by age
    future_events: list[str] = field(default_factory=list)
    final_events: list[str] = field(default_factory=list)  # advanced game: the four Age III events
    political: bool = False  # the active player's political phase is open
    military_box: list[str] = field(default_factory=list)  # military cards out of the game
    military_cards: int = 0  # military cards in the game at the start (none is ever lost or duplicated)
    common_tactics: list[str] = field(default_factory=list)  # 2015: tactics cards anyone may copy
    pacts: list[dict[str, str]] = field(default_factory=list)  # {card, owner (proposer), a, b}
    wars: list[dict[str, str]] = field(default_factory=list)  # declared, decided at the declarer's next turn
    step: dict[str, Any] | None = None  # a military decision in progress (auction, defence, pact answer …)
    keep_military_hand: bool = False  # Development of Politics: no discarding this turn
    hand_limit_checked: int | None = None  # the active player's military hand limit when it was last checked
    last_battle: dict[str, Any] | None = None  # the last aggression or war: totals and outcome
    trade_route_used: bool = False  # the active player exchanged through its Trade Routes Agreement this turn
    trade_route_mark: int = 0  # what it had paid of the traded-for kind (Civ.paid) just after that exchange
    resigned: list[str] = field(default_factory=list)  # players who conceded or resigned (no longer in ``players``)

    @property
    def edition(self) -> int:
        """The edition played (option ``edition``): 2006 or 2015."""
        return int(self.options.get("edition", 2006))
