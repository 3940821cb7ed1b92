"""The start of an epoch: region tokens (read from the world by epoch) and choosing the cards.

Standard draft: the leader takes the event deck and the last player the empire deck at the same
time; both pick secretly and pass on, events down the ranking, empires up. The simultaneous picks are
modelled as sequential moves (event holder first); in a 3- or 5-player game the middle player holds
both decks at once and picks from each (in either order) before both move on. The last card of each
deck goes to its last holder without a decision.

Classic draft (option ``draft: classic``): the holder turns up the top card and keeps it or gives it
to someone who has no card of that kind yet; the deck then goes to the next player still without one.
"""
from __future__ import annotations

from engines.core import IllegalMove, Move, WrongPhase
from engines.core.korean import josa

from .state import Draft, HotwState

DECKS = ("event", "empire")


def start_draft(state: HotwState) -> None:
    ranking = sorted(state.players, key=lambda p: -state.scores[p])
    decks = {kind: list(state.decks[state.epoch][kind]) for kind in DECKS}
    state.draft = Draft(ranking=ranking, decks=decks, holders={"event": ranking[0], "empire": ranking[-1]},
                        picked={"event": [], "empire": []})
    state.empire_cards = {p: None for p in state.players}


def chooser(state: HotwState) -> str:
    draft = state.draft
    assert draft is not None
    if state.options["draft"] == "classic":
        return draft.holders[draft.next_deck]
    return next(draft.holders[kind] for kind in DECKS if draft.holders[kind] not in draft.picked[kind])


def legal(state: HotwState) -> list[Move]:
    draft = state.draft
    assert draft is not None
    player = chooser(state)
    if state.options["draft"] == "classic":
        kind = draft.next_deck
        lacking = [p for p in draft.ranking if p not in draft.picked[kind] and p != player]
        moves = [Move("keep")] if player not in draft.picked[kind] else []
        return moves + [Move("give", (p,)) for p in lacking]
    return [Move("take", (card,)) for kind in DECKS if draft.holders[kind] == player
            and player not in draft.picked[kind] for card in draft.decks[kind]]


def take(state: HotwState, card: str) -> None:
    """Standard draft: the chooser takes ``card`` from a deck they hold."""
    draft = state.draft
    assert draft is not None
    player = chooser(state)
    kind = next((k for k in DECKS if card in draft.decks[k]), None)
    if kind is None:
        raise IllegalMove(f"{josa(card, '은')} 이번 시대의 카드 더미에 없습니다.", rule="hotw.epoch-start",
                          code="card-not-in-deck")
    if draft.holders[kind] != player or player in draft.picked[kind]:
        raise IllegalMove(f"{josa(player, '은')} 지금 그 카드가 든 더미를 들고 있지 않습니다.", rule="hotw.epoch-start",
                          code="not-your-deck")
    _give(state, kind, card, player)
    if all(draft.holders[k] in draft.picked[k] for k in DECKS):
        _pass_decks(state)


def _pass_decks(state: HotwState) -> None:
    draft = state.draft
    assert draft is not None
    n = len(draft.ranking)
    draft.step += 1
    draft.holders = {"event": draft.ranking[draft.step], "empire": draft.ranking[n - 1 - draft.step]}
    if draft.step == n - 1:  # one card left in each deck: no choice
        for kind in DECKS:
            _give(state, kind, draft.decks[kind][0], draft.holders[kind])


def decide(state: HotwState, move: Move) -> None:
    """Classic draft: ``keep`` the top card or ``give`` it to a player without a card of that kind."""
    draft = state.draft
    assert draft is not None
    kind, player = draft.next_deck, chooser(state)
    card = draft.decks[kind][0]
    if move.verb == "keep":
        receiver = player
    else:
        receiver = move.args[0]
        if receiver == player:
            raise IllegalMove("자기에게는 주지 않고 그냥 갖습니다.", rule="hotw.classic-draft", code="give-to-self")
        if receiver in draft.picked[kind]:
            raise IllegalMove(f"{josa(receiver, '은')} 이미 그 종류의 카드를 받았습니다.", rule="hotw.classic-draft",
                              code="already-has-card")
    _give(state, kind, card, receiver)
    lacking = [p for p in draft.ranking if p not in draft.picked[kind]]
    if len(lacking) == 1:
        _give(state, kind, draft.decks[kind][0], lacking[0])
    elif lacking:
        order = draft.ranking if kind == "event" else draft.ranking[::-1]
        i = order.index(player)
        draft.holders[kind] = next(p for p in order[i + 1:] + order[:i + 1] if p in lacking)
    other = "empire" if kind == "event" else "event"
    draft.next_deck = other if draft.decks[other] else kind


def check_verb(state: HotwState, move: Move) -> None:
    classic = state.options["draft"] == "classic"
    if move.verb == "take" and classic:
        raise WrongPhase("클래식 드래프트에서는 맨 위 카드를 자기가 갖거나 다른 사람에게 줍니다.",
                         rule="hotw.classic-draft", move=move)
    if move.verb in ("keep", "give") and not classic:
        raise WrongPhase("기본 드래프트에서는 들고 있는 더미에서 카드를 고릅니다.", rule="hotw.epoch-start", move=move)
    if move.verb not in ("take", "keep", "give"):
        raise WrongPhase("지금은 시대를 시작하며 카드를 고르는 중입니다.", rule="hotw.epoch-start", move=move)


def _give(state: HotwState, kind: str, card: str, player: str) -> None:
    draft = state.draft
    assert draft is not None
    draft.decks[kind].remove(card)
    draft.picked[kind].append(player)
    if kind == "empire":
        state.empire_cards[player] = card
    else:
        state.events[player].append(card)


def done(state: HotwState) -> bool:
    draft = state.draft
    return draft is not None and all(len(draft.picked[k]) == len(draft.ranking) for k in DECKS)

