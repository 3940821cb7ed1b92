"""The game state: plain dataclasses, JSON-able, cloned by the core on every move."""
from __future__ import annotations

from dataclasses import dataclass, field

from engines.core import BaseState

ARMIES_PER_COLOUR = 25
CAPITALS_CITIES = 24  # double-sided pieces: one supply for both
MONUMENTS = 20
FORTS = 14
SIEGE_TOKENS = 15


@dataclass(kw_only=True)
class Land:
    owner: str | None = None  # whose army stands here (one army per land)
    retired: bool = False
    buildings: list[str] = field(default_factory=list)  # "capital" or "city", and/or "monument"
    fort: bool = False


@dataclass(kw_only=True)
class Combat:
    land: str
    defender: str
    naval: bool  # the invasion came over a fleet: the defender may reroll once
    stage: str = "roll"  # roll (dice awaited) | reroll (defender decides) | reroll-roll | lost (attacker decides)
    attack: list[int] = field(default_factory=list)
    defence: list[int] = field(default_factory=list)
    rerolls: list[str] = field(default_factory=list)  # unused defence rerolls: "rough", "naval"
    reroll_index: int = 0  # which defence die the reroll being rolled replaces
    siege: int = 0  # pieces put on the catapult during this invasion


@dataclass(kw_only=True)
class Draft:
    """One epoch's card choosing. Standard: decks travel down and up the ranking at once, modelled as
    sequential picks; classic: the holder turns up the top card and keeps it or gives it away."""

    ranking: list[str]  # by score, leader first
    decks: dict[str, list[str]]  # "event" / "empire" → cards still in that deck (top first)
    holders: dict[str, str]  # deck → who holds it now
    step: int = 0  # standard draft: how many passes have been made
    picked: dict[str, list[str]] = field(default_factory=dict)  # deck → players who picked this step
    next_deck: str = "event"  # classic draft: which deck decides next


@dataclass(kw_only=True)
class Turn:
    player: str
    empire: str  # this turn's empire card
    force: str | None = None  # the card leading now: a kingdom or the empire; None before founding
    step: str = "start"  # start | invade | monuments | scored
    kingdom_done: bool = False
    card_armies: int = 0
    siege_tokens: int = 0
    catapult_armies: int = 0
    catapult_tokens: int = 0
    fleets: list[str] = field(default_factory=list)  # seas, oceans and wastelands holding my fleets/caravans
    spread: list[str] = field(default_factory=list)  # oceans whose fleet also counts in every sea they touch
    played: list[str] = field(default_factory=list)  # event cards used this turn (boosts, kingdom)
    battle_bonus: int = 0
    free_forts: int = 0  # from boosts
    ability_forts: int = 0  # forts already placed by the fort-per-icon ability
    monuments_owed: int = 0
    combat: Combat | None = None
    bump_pending: bool = False  # the score marker landed on another: up or down?


@dataclass(kw_only=True)
class HotwState(BaseState):
    world: str  # the map and cards as JSON (see world.py)
    epoch: int
    last_epoch: int
    scores: dict[str, int]
    lands: dict[str, Land]
    reserve: dict[str, int]  # armies in front of each player
    decks: dict[int, dict[str, list[str]]]  # epoch → {"empire": [...], "event": [...]}
    empire_cards: dict[str, str | None]  # this epoch's empire card per player
    events: dict[str, list[str]]  # event cards held
    draft: Draft | None = None
    turn_order: list[str] = field(default_factory=list)  # empires of this epoch in calling order
    turn_index: int = 0
    turn: Turn | None = None
    last_dice: list[int] = field(default_factory=list)
    over: bool = False
