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

BIG_MONEY = ("속주", "금", "은")


def _strategy(smithy: bool) -> Bot:
    def choose(game: Game, state: object) -> Move:
        """Legal moves come actions first, then ``play all``, then buys dearest first, then ``end``."""
        legal = game.legal_moves(state)
        last = legal[-1]
        if last.verb != "end":  # a decision a card asks for
            return next((m for m in legal if m.verb == "reveal"), legal[0])
        duchy = False  # a Duchy is affordable: 5 coins or more
        for move in legal:
            verb, args = move.verb, move.args
            if verb == "play" and (args[0] == "all" or (smithy and args[0] == "대장장이")):
                return move
            if verb == "buy":
                card = args[0]
                if card in BIG_MONEY:
                    return move
                duchy = duchy or card == "공작령"
                if smithy and card == "대장장이" and not duchy:
                    return move  # exactly 4 coins: Duchy (5) would have come first
        return last

    return choose


big_money = _strategy(smithy=False)
big_money_smithy = _strategy(smithy=True)

