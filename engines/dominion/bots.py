"""Two simple strategies that play through the public protocol only (``legal_moves`` + ``apply``).

Big Money buys Province with 8, Gold with 6–7, Silver with 3–5 and plays all its Treasures;
Big Money + Smithy also plays a Smithy when it can and buys one with exactly 4 (as pyminion's bots do).
Decisions other cards ask of a bot (a Militia's discards…) are answered with the first listed move,
except that a Moat is always revealed.
"""
from __future__ import annotations

from collections.abc import Callable

from engines.core import Game, Move

Bot = Callable[[Game, object], Move]

# Legal moves are looked up by (verb, args): hashing plain tuples is much cheaper than comparing Moves.
END = ("end", ())
PLAY_ALL = ("play", ("all",))
REVEAL_MOAT = ("reveal", ("해자",))
SMITHY = ("play", ("대장장이",))
BUY = {card: ("buy", (card,)) for card in ("속주", "금", "은", "대장장이", "공작령")}
MONEY = [BUY["속주"], BUY["금"], BUY["은"]]


def _legal(game: Game, state: object) -> tuple[list[Move], dict[tuple, Move]]:
    legal = game.legal_moves(state)
    return legal, {(m.verb, m.args): m for m in legal}


def _common(legal: list[Move], by_key: dict[tuple, Move]) -> Move | None:
    """Moves both strategies make alike: answer decisions, play every Treasure."""
    if REVEAL_MOAT in by_key:
        return by_key[REVEAL_MOAT]
    if END not in by_key:
        return legal[0]  # a decision
    return by_key.get(PLAY_ALL)


def _buy_money(by_key: dict[tuple, Move]) -> Move:
    return next((by_key[key] for key in MONEY if key in by_key), by_key[END])


def big_money(game: Game, state: object) -> Move:
    legal, by_key = _legal(game, state)
    return _common(legal, by_key) or _buy_money(by_key)


def big_money_smithy(game: Game, state: object) -> Move:
    legal, by_key = _legal(game, state)
    if SMITHY in by_key:
        return by_key[SMITHY]
    move = _common(legal, by_key)
    if move is not None:
        return move
    if BUY["대장장이"] in by_key and BUY["공작령"] not in by_key:
        return by_key[BUY["대장장이"]]  # exactly 4 coins
    return _buy_money(by_key)


def play_game(game: Game, bots: dict[str, Bot], seed: int = 0, setup: dict | None = None) -> object:
    """Play one game to its end; returns the final state."""
    state = game.new_game(list(bots), seed=seed, setup=setup)
    while (player := game.current_player(state)) is not None:
        state = game.apply(state, bots[player](game, state))
    return state
