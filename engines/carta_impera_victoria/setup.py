"""Set-up: the aged deck, the first player, the basic or draft start, and a scenario's overrides."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import BadSetup, NameIndex, Rng, UnknownCard

from .data import NUMBERS, SUITS, age_cards, suit_names
from .state import DRAFT, CartaState, seat

RULE = "carta.setup"
PLAYER_KEYS = {"hand", "tableau", "flipped"}
GAME_KEYS = {"first", "deck", "deck_size", "discard"}


def build(players: list[str], rng: Rng, options: dict[str, Any], overrides: dict[str, Any]) -> CartaState:
    """The standard set-up for these players, then ``overrides`` (see docs: carta.setup)."""
    if options["mode"] not in ("basic", "draft"):
        raise BadSetup("mode는 basic(기본) 또는 draft(드래프트)입니다.", rule=RULE)
    if options["team"] and len(players) != 4:
        raise BadSetup("팀 게임은 4명이 두 팀으로 나뉘어 합니다.", rule="carta.team")
    removed: list[str] = []
    deck: list[str] = []
    for age in (1, 2, 3):  # age I ends on top, age III at the bottom
        cards = age_cards(age)
        rng.shuffle(cards)
        cut = NUMBERS["removed_per_age"][len(players)]
        removed += cards[:cut]
        deck += cards[cut:]
    first = players[rng.below(len(players))]  # whoever is dealt the yellow reference board
    state = CartaState(
        players=players, rng=rng, options=options, deck=deck, removed=removed, discard=[],
        hands={p: [] for p in players}, tableaux={p: dict.fromkeys(SUITS, 0) for p in players},
        flipped={p: dict.fromkeys(SUITS, 0) for p in players}, embargoes={p: [] for p in players},
        first=first, current=first)
    _apply_overrides(state, overrides)
    deal = NUMBERS["draft_deal"] if options["mode"] == "draft" else NUMBERS["basic_hand"]
    named = {p for p in players if p in overrides}  # their cards are exactly what the set-up says
    for i in range(len(players)):
        player = seat(state, state.first, i)
        if player in named:
            if options["mode"] == "draft" and len(state.hands[player]) != deal:
                raise BadSetup(f"드래프트 방식에서는 준비에 적은 {player}의 hand가 처음 받는 카드 {deal}장이어야 "
                               f"합니다(지금 {len(state.hands[player])}장).", rule=RULE)
        else:
            state.hands[player] = [state.deck.pop(0) for _ in range(min(deal, len(state.deck)))]
    if "deck_size" in overrides:
        size = int(overrides["deck_size"])
        if not 0 <= size <= len(state.deck):
            raise BadSetup(f"deck_size는 0~{len(state.deck)} 사이여야 합니다.", rule=RULE)
        state.removed += state.deck[size:]
        del state.deck[size:]
    if options["mode"] == "draft":
        state.packets = state.hands
        state.hands = {p: [] for p in players}
        state.phase = DRAFT
    return state


def _apply_overrides(state: CartaState, overrides: Mapping[str, Any]) -> None:
    names = suit_names()
    unknown = set(overrides) - GAME_KEYS - set(state.players)
    if unknown:
        raise BadSetup(f"준비(setup)에 알 수 없는 항목: {', '.join(sorted(map(str, unknown)))} "
                       f"(가능: {', '.join(sorted(GAME_KEYS))}, 플레이어 이름)", rule=RULE)
    if "first" in overrides:
        if overrides["first"] not in state.players:
            raise BadSetup(f"first는 플레이어 이름이어야 합니다: {overrides['first']}", rule=RULE)
        state.first = state.current = overrides["first"]
    for player in state.players:
        spec = overrides.get(player, {})
        if not isinstance(spec, Mapping) or set(spec) - PLAYER_KEYS:
            raise BadSetup(f"{player}의 준비 항목은 {', '.join(sorted(PLAYER_KEYS))}입니다.", rule=RULE)
        if "hand" in spec:
            state.hands[player] = [_pull(state, card, names) for card in _cards(spec["hand"])]
        for key, zone in (("tableau", state.tableaux), ("flipped", state.flipped)):
            for card in _cards(spec.get(key, [])):
                zone[player][_pull(state, card, names)] += 1
    state.discard = [_pull(state, card, names) for card in _cards(overrides.get("discard", []))]
    top = [_pull(state, card, names) for card in _cards(overrides.get("deck", []))]
    state.deck[:0] = top


def _cards(spec: Any) -> list[str]:
    """A card list, or a mapping suit → count (``{군사: 3, 종교: 1}``)."""
    if isinstance(spec, Mapping):
        return [str(card) for card, count in spec.items() for _ in range(int(count))]
    if isinstance(spec, list):
        return [str(card) for card in spec]
    raise BadSetup(f"카드 목록이나 '분야: 장수' 표가 와야 합니다: {spec!r}", rule=RULE)


def _pull(state: CartaState, card: str, names: NameIndex) -> str:
    """Take one card of that suit out of the deck (else from the set-aside cards) for a scenario zone."""
    suit = names.get(card)
    if suit is None:
        raise UnknownCard(f"카르타 임페라 빅토리아의 분야가 아닙니다: '{card}'.", rule=RULE)
    for pile in (state.deck, state.removed):
        if suit in pile:
            del pile[len(pile) - 1 - pile[::-1].index(suit)]  # from the bottom, keeping the top order
            return suit
    raise BadSetup(f"{suit} 카드가 모자랍니다 (전체 장수를 넘었습니다).", rule=RULE)
