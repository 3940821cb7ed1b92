"""HTML view of a Dominion state: the supply with pile sizes, then each player's cards and counters."""
from __future__ import annotations

from typing import Any

from engines.core import Game
from engines.dominion.cards import CARDS
from engines.dominion.decisions import SPECS

from .cards import dominion_key, dominion_types
from .common import SetupPath, card, player, stats, view, zone

PHASE = {"action": "행동 단계", "buy": "구매 단계", "over": "게임 끝"}

# Korean labels of the observable facts (docs/dominion/facts.md) for the player; scenarios keep the keys.
FACTS = {
    "hand": "손", "deck": "덱", "deck_size": "덱 장수", "discard": "버린 카드", "in_play": "낸 카드",
    "set_aside": "옆에 둔 카드", "actions": "행동", "buys": "구매", "coins": "코인", "vp": "승점", "turns": "턴 수",
    "supply": "공급처", "trash": "폐기장", "turn": "턴", "phase": "단계", "kingdom": "왕국 카드",
    "decision": "결정", "decider": "결정할 사람", "empty_piles": "빈 더미", "game_over": "게임 끝", "winners": "승자",
}
VALUES = {"phase": PHASE, "decision": {kind: spec.question for kind, spec in SPECS.items()}}


def kind(name: str) -> str:
    """The ``data-kind`` colour of a card: its most telling type."""
    types = CARDS[name].types
    for t in ("attack", "reaction", "curse", "victory", "treasure", "action"):
        if t in types:
            return t
    return ""


KIND = {name: kind(name) for name in CARDS}


def tile(name: str, count: int | None = None, edit: SetupPath = None) -> str:
    """A card with its cost (round badge), its types in words, in the supply the pile's size, and its words."""
    return card(name, KIND[name], cost=CARDS[name].cost, count=count, label=dominion_types(name), edit=edit,
                about=dominion_key(name))


def render(game: Game, state: Any, viewer: str | None = None) -> str:
    facts = game.observe(state)
    top = [("턴", facts["turn"]), ("단계", PHASE[facts["phase"]]), ("빈 더미", facts["empty_piles"])]
    if state.pending is not None:
        d = state.pending
        top.append(("결정", f"{d.player} — {d.source}: {SPECS[d.kind].question}"))
    if facts["game_over"]:
        top.append(("승자", ", ".join(facts["winners"]) or "—"))
    parts = [stats(top), _supply(state)]
    if state.pending is not None and state.pending.cards and viewer in (None, state.pending.player):
        parts.append(zone(f"{state.pending.source}: 보는 카드", state.pending.cards, tile=tile))
    parts.append(zone("폐기장", state.trash, tile=tile, edit=["trash"]))
    players = []
    for p in state.players:
        body = [stats([("행동", facts[f"{p}.actions"]), ("구매", facts[f"{p}.buys"]), ("코인", facts[f"{p}.coins"]),
                       ("덱", facts[f"{p}.deck_size"], [p, "deck"]), ("승점", facts[f"{p}.vp"]),
                       ("턴 수", facts[f"{p}.turns"])]),
                _hand(p, facts[f"{p}.hand"], viewer in (None, p)), zone("낸 카드", facts[f"{p}.in_play"], tile=tile)]
        if facts[f"{p}.set_aside"]:
            body.append(zone("옆에 둔 카드", facts[f"{p}.set_aside"], tile=tile))
        body.append(zone("버린 카드", facts[f"{p}.discard"], tile=tile, edit=[p, "discard"]))
        players.append(player(p, "".join(body), active=game.current_player(state) == p))
    parts.append(f'<div class="rb-row">{"".join(players)}</div>')
    return view("".join(parts))


def _hand(p: str, cards: list[str], shown: bool) -> str:
    if shown:
        return zone("손", cards, tile=tile, edit=[p, "hand"])
    return zone("손", [], empty=f"{len(cards)}장 (가려 둠)", edit=[p, "hand"])


def _supply(state: Any) -> str:
    """One tile per pile with its cost and count; an empty pile shows ×0."""
    return zone("공급처", state.supply, tile=lambda name: tile(name, state.supply[name], ["supply", name]),
                edit=["supply"])
