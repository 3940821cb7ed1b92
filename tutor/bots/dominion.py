"""Dominion's computer players.

``normal`` is Big Money with the best "terminal" card of the kingdom: the strategy the Dominion community
uses as its yardstick, and stronger than Big Money + Smithy whenever the kingdom has Witch or Militia.
"""
from __future__ import annotations

from typing import Any

from engines.core import Choice, Game, Move, Rng
from engines.dominion.cards import ACTIONS, COINS, COST, TREASURES, VICTORIES, VP

from .lookahead import weighted

STRATEGY = {
    "easy": "고를 수 있는 행동 가운데 하나를 무작위로 고릅니다. 비싼 카드를 살 때와 카드를 낼 때를 조금 더 자주 고릅니다.",
    "normal": "'큰돈' 전략입니다. 코인 8이면 속주, 6~7이면 금, 3~5이면 은을 사고, 왕국에서 가장 센 카드 하나"
              "(마녀, 민병대, 대장장이, 회의실, 도서관 … 가운데 있는 것)를 덱 크기에 맞춰 몇 장 섞습니다. "
              "게임 끝이 가까우면 공작령과 사유지도 삽니다.",
}

# The terminal cards Big Money pairs best with, strongest first (simulator results of the Dominion community).
TERMINALS = ("마녀", "민병대", "대장장이", "회의실", "도서관", "관료", "노상강도", "해자")
PROVINCE, DUCHY, ESTATE, GOLD, SILVER = "속주", "공작령", "사유지", "금", "은"


def weight(state: Any, move: Move) -> float:
    if move.verb == "buy":
        return 1 + COST.get(move.args[0], 0)
    if move.verb == "play":
        return 4
    return 1


def easy(game: Game, state: Any, legal: list[Move], rng: Rng) -> Move:
    return weighted(legal, state, weight, rng)


def _keep_value(card: str) -> float:
    """How much a card is worth keeping in hand or deck: victory cards and curses least, then Copper."""
    if card in VICTORIES or VP.get(card, 0) < 0:
        return -10 + VP.get(card, 0) * 0.1
    return COST.get(card, 0) + COINS.get(card, 0)


def _cheapest(choice: Choice) -> list[Move]:
    """For a choice too large to list whole: for each number of cards it allows, the cards least worth keeping."""
    cheap = sorted(choice.pool, key=_keep_value)
    by_order = {name: i for i, (name, _) in enumerate(choice.counts())}
    return [Move(choice.verb, tuple(sorted(cheap[:n], key=by_order.__getitem__)))
            for n in range(choice.least, min(choice.most, len(cheap)) + 1)]


def _decide(legal: list[Move], choice: Choice | None = None) -> Move:
    """A card's question (Militia's discard, a gain, a trash …): keep what is worth most. Of a choice listed only
    in part (``Game.large_choice``), the answers that give up the cards least worth keeping are weighed too."""
    if choice is not None and choice.verb in ("discard", "trash"):
        legal = [*legal, *_cheapest(choice)]
    reveal = next((m for m in legal if m.verb == "reveal"), None)
    if reveal:
        return reveal

    def value(move: Move) -> float:
        cards = [a for a in move.args if a in COST]
        if move.verb in ("gain", "keep", "topdeck"):
            return sum(_keep_value(c) for c in cards)
        if move.verb in ("discard", "trash", "skip"):
            return -sum(_keep_value(c) for c in cards)
        return -0.5  # pass: between a good and a bad choice
    return max(legal, key=value)


def normal(game: Game, state: Any, legal: list[Move], rng: Rng) -> Move:
    facts = game.observe(state)
    if facts.get("decision"):
        return _decide(legal, game.large_choice(state))
    me = game.current_player(state)
    terminal = next((c for c in TERMINALS if c in facts["kingdom"]), None)
    verbs = {m.verb: m for m in legal}
    plays = {m.args[0]: m for m in legal if m.verb == "play"}
    if terminal in plays:
        return plays[terminal]
    other_action = next((plays[c] for c in plays if c in ACTIONS and c != terminal), None)
    if other_action and facts.get("phase") == "action":
        return other_action
    if "all" in plays:
        return plays["all"]
    buys = {m.args[0]: m for m in legal if m.verb == "buy"}
    if buys:
        return buys.get(_buy(facts, me, terminal, set(buys)), verbs.get("end", legal[-1]))
    return verbs.get("end", legal[-1])


def _buy(facts: dict[str, Any], me: str, terminal: str | None, affordable: set[str]) -> str | None:
    """What Big Money buys with what it can afford (the dearest it can is the affordable set's top)."""
    deck = [*facts[f"{me}.hand"], *facts[f"{me}.deck"], *facts[f"{me}.discard"], *facts[f"{me}.in_play"]]
    provinces_left = facts.get("supply.속주", 8)
    golds = deck.count(GOLD)
    terminals = deck.count(terminal) if terminal else 0
    coins = max((COST[c] for c in affordable if c in TREASURES | VICTORIES or c == terminal), default=0)
    if PROVINCE in affordable and (golds > 0 or provinces_left <= 6):
        return PROVINCE
    if DUCHY in affordable and provinces_left <= 4:
        return DUCHY
    if ESTATE in affordable and provinces_left <= 2 and coins < 5:
        return ESTATE
    if GOLD in affordable:
        return GOLD
    if terminal in affordable and terminals < 1 + len(deck) // 11:
        return terminal
    if SILVER in affordable:
        return SILVER
    return None
