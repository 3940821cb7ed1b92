"""The choices cards ask for: which moves answer each one, why another move is refused, what follows.

A decision kind is described by a ``Spec`` (its verbs, where its cards come from, which cards qualify,
how many go in one move, whether it may be declined); ``options`` lists the answering moves (a choice
of several cards with too many answers only in part: ``large_choice``), ``accepts`` judges one by counting and
``check`` explains a refusal with the matching error code. ``run`` drives the task stack.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from itertools import permutations

from engines.core import MOST_LISTED, Choice, IllegalMove, Move, WrongPhase
from engines.core.korean import josa

from .cards import (ACTIONS, COPPER, COST, MOAT, ORDER, TREASURES, VICTORIES, rule_of)
from .effects import HANDLERS, ask, discard_top, remove_from_top
from .state import Decision, DominionState, draw, gain

PASS = Move("pass")
FORCED = "이 선택은 할 수 있는 답이 하나뿐이라 그 답으로 이미 진행했습니다"
# The verbs of an answer as the reader's buttons name them (Verb.korean of the game's verbs).
VERB_WORDS = {"play": "내기", "gain": "얻기", "trash": "폐기", "discard": "버리기", "topdeck": "올리기", "reveal": "공개",
              "keep": "그대로 두기", "skip": "건너뛰기", "pass": "넘기기"}
DISCARD_DECK = Move("discard", ("deck",))
NON_COPPER_TREASURES = TREASURES - {COPPER}


@dataclass(frozen=True)
class Spec:
    verbs: tuple[str, ...]
    zone: str  # where the named cards must be: hand, discard, cards (the decision's own), supply
    question: str  # Korean: what is asked
    only: frozenset[str] | None = None  # the cards that qualify
    only_code: str = "illegal-move"
    may_pass: bool = False
    many: bool = False  # several cards in one move (how many: ``count_range``)


SPECS: dict[str, Spec] = {
    "moat": Spec(("reveal",), "hand", "해자를 보여 공격을 막을지", frozenset({MOAT}), may_pass=True),
    "throne": Spec(("play",), "hand", "두 번 사용할 행동 카드", ACTIONS, "not-an-action", may_pass=True),
    "vassal": Spec(("play",), "cards", "버린 행동 카드를 낼지", may_pass=True),
    "harbinger": Spec(("topdeck",), "discard", "버린 카드 더미에서 덱 위로 올릴 카드", may_pass=True),
    "chancellor": Spec(("discard",), "deck", "덱을 통째로 버릴지", may_pass=True),
    "cellar": Spec(("discard",), "hand", "버릴 카드들", may_pass=True, many=True),
    "chapel": Spec(("trash",), "hand", "폐기할 카드들(4장까지)", may_pass=True, many=True),
    "militia": Spec(("discard",), "hand", "손이 3장이 되도록 버릴 카드들", many=True),
    "poacher": Spec(("discard",), "hand", "빈 더미 수만큼 버릴 카드들", many=True),
    "moneylender": Spec(("trash",), "hand", "동을 폐기할지", frozenset({COPPER}), "not-a-copper", may_pass=True),
    "remodel-trash": Spec(("trash",), "hand", "폐기할 카드"),
    "remodel-gain": Spec(("gain",), "supply", "얻을 카드"),
    "gain": Spec(("gain",), "supply", "얻을 카드"),
    "mine-trash": Spec(("trash",), "hand", "폐기할 보물", TREASURES, "not-a-treasure", may_pass=True),
    "mine-gain": Spec(("gain",), "supply", "손에 얻을 보물", TREASURES, "not-a-treasure"),
    "artisan-gain": Spec(("gain",), "supply", "손에 얻을 카드"),
    "artisan-topdeck": Spec(("topdeck",), "hand", "덱 위에 올릴 손의 카드"),
    "library": Spec(("skip",), "cards", "뽑은 행동 카드를 건너뛰어 옆에 둘지, 손에 넣을지", may_pass=True),
    "sentry-trash": Spec(("trash",), "cards", "본 카드 중 폐기할 것", may_pass=True, many=True),
    "sentry-discard": Spec(("discard",), "cards", "본 카드 중 버릴 것", may_pass=True, many=True),
    "sentry-order": Spec(("topdeck",), "cards", "덱 위에 돌려놓을 순서(맨 위부터)", many=True),
    "bureaucrat": Spec(("topdeck",), "hand", "덱 위에 올릴 승점 카드", VICTORIES, "not-a-victory"),
    "bandit": Spec(("trash",), "cards", "폐기할 동 아닌 보물", NON_COPPER_TREASURES, "not-a-treasure"),
    "spy": Spec(("discard", "keep"), "cards", "공개된 카드를 버릴지 그대로 둘지"),
    "thief-trash": Spec(("trash",), "cards", "폐기시킬 보물", TREASURES, "not-a-treasure"),
    "thief-gain": Spec(("gain",), "cards", "폐기된 보물 중 얻을 것", may_pass=True),
}


def count_range(state: DominionState, d: Decision) -> tuple[int, int]:
    """How many cards one move of a ``many`` decision names."""
    hand = len(state.zones[d.player].hand)
    if d.kind == "cellar":
        return 1, hand
    if d.kind == "chapel":
        return 1, min(4, hand)
    if d.kind in ("militia", "poacher"):
        return d.limit, d.limit
    if d.kind == "sentry-order":
        return len(d.cards), len(d.cards)
    return 1, len(d.cards)


def may_pass(state: DominionState, d: Decision) -> bool:
    if d.kind == "throne" and state.options.get("throne_room_first_edition"):
        return not any(c in ACTIONS for c in state.zones[d.player].hand)
    return SPECS[d.kind].may_pass


def zone_cards(state: DominionState, d: Decision, spec: Spec) -> list[str]:
    """The cards a move of this decision may name (before the ``only`` filter)."""
    if spec.zone == "hand":
        return state.zones[d.player].hand
    if spec.zone == "discard":
        return state.zones[d.player].discard
    if spec.zone == "supply":
        return [c for c, n in state.supply.items() if n > 0 and COST[c] <= d.limit]
    return d.cards


def options(state: DominionState, d: Decision) -> list[Move]:
    """The answering moves, every one, except that a choice of several cards with more answers than
    ``MOST_LISTED`` lists that many (the fewest cards first; ``large_choice`` gives its shape)."""
    spec = SPECS[d.kind]
    if d.kind == "chancellor":
        moves = [DISCARD_DECK] if state.zones[d.player].deck else []
    elif d.kind == "sentry-order":
        moves = [Move("topdeck", p) for p in sorted(set(permutations(d.cards)))]
    elif spec.many:
        moves = several(state, d).listed()
    else:
        moves = [Move(verb, (c,)) for c in sorted(set(qualifying(state, d, spec)), key=ORDER.__getitem__)
                 for verb in spec.verbs]
    if may_pass(state, d):
        moves.append(PASS)
    return moves


def qualifying(state: DominionState, d: Decision, spec: Spec) -> list[str]:
    """The cards a move of this decision may name (``only`` applied)."""
    return [c for c in zone_cards(state, d, spec) if spec.only is None or c in spec.only]


def several(state: DominionState, d: Decision) -> Choice:
    """The shape of a decision that names several cards in one move (all but Sentry's order)."""
    spec = SPECS[d.kind]
    lo, hi = count_range(state, d)
    return Choice(spec.verbs[0], tuple(sorted(qualifying(state, d, spec), key=ORDER.__getitem__)), lo, hi)


def large_choice(state: DominionState, d: Decision) -> Choice | None:
    """The decision's shape when ``options`` lists only some of its answers."""
    if not SPECS[d.kind].many or d.kind == "sentry-order":
        return None
    choice = several(state, d)
    return choice if choice.answers() > MOST_LISTED else None


def answers(state: DominionState, d: Decision) -> int:
    """How many moves answer the decision, counted without listing them."""
    if SPECS[d.kind].many and d.kind != "sentry-order":
        return several(state, d).answers() + may_pass(state, d)
    return len(options(state, d))


def accepts(state: DominionState, d: Decision, move: Move) -> bool:
    """Does ``move`` answer the decision? Judged by counting (the cards named are there, as many as asked)."""
    spec = SPECS[d.kind]
    if move == PASS:
        return may_pass(state, d)
    if d.kind == "sentry-order":
        return move.verb == "topdeck" and Counter(move.args) == Counter(d.cards)
    if d.kind == "chancellor":
        return move == DISCARD_DECK and bool(state.zones[d.player].deck)
    if spec.many:
        return several(state, d).admits(move)
    return move.verb in spec.verbs and len(move.args) == 1 and move.args[0] in qualifying(state, d, spec)


def rule_words(state: DominionState, d: Decision) -> str:
    """What the card asking lets (or makes) the decider do, in the rule's words and numbers: the reason a refusal of
    an answer gives."""
    n, src = d.limit, d.source
    if d.kind == "throne" and state.options.get("throne_room_first_edition"):
        return "알현실(1판 해석)은 손에 행동 카드가 있으면 반드시 그중 1장을 골라 두 번 사용합니다"
    words = {
        "moat": "해자는 공격 카드가 사용될 때 손에서 공개해 그 공격을 막습니다",
        "throne": "알현실은 손의 행동 카드 1장을 골라 두 번 사용합니다",
        "vassal": f"신하는 버린 카드({', '.join(d.cards)})가 행동 카드일 때 그 카드를 낼 수 있습니다",
        "harbinger": "선구자는 버린 카드 더미의 카드 1장을 덱 위에 올릴 수 있습니다",
        "chancellor": "법관은 덱 전체를 한꺼번에 버린 카드 더미에 놓을 수 있습니다",
        "cellar": "저장고는 손의 카드를 원하는 만큼(1장 이상) 버리고 그만큼 뽑습니다",
        "chapel": "예배당은 손의 카드를 4장까지 폐기합니다",
        "militia": f"민병대의 공격을 받으면 손이 3장이 되도록 {n}장을 버립니다",
        "poacher": f"밀렵꾼은 빈 공급처 더미 수만큼 손의 카드 {n}장을 버립니다",
        "moneylender": "대금업자는 손의 동 1장을 폐기할 수 있습니다",
        "remodel-trash": "개조는 손의 카드 1장을 폐기합니다",
        "remodel-gain": f"개조는 폐기한 카드보다 비용이 2까지 더 비싼 카드, 곧 비용 {n} 이하의 카드를 얻습니다",
        "gain": f"{josa(src, '으로')}는 비용 {n} 이하의 카드를 얻습니다",
        "mine-trash": "광산은 손의 보물 1장을 폐기할 수 있습니다",
        "mine-gain": f"광산은 폐기한 보물보다 비용이 3까지 더 비싼 보물, 곧 비용 {n} 이하의 보물을 손으로 얻습니다",
        "artisan-gain": f"장인은 비용 {n} 이하의 카드를 손으로 얻습니다",
        "artisan-topdeck": "장인은 이어서 손의 카드 1장을 덱 위에 올립니다",
        "library": f"도서관은 뽑은 행동 카드({', '.join(d.cards)})를 옆에 두거나(건너뛰기) 손에 넣습니다(넘기기)",
        "sentry-trash": f"보초병은 덱 위에서 본 카드({', '.join(d.cards)}) 중 원하는 것을 폐기합니다",
        "sentry-discard": f"보초병은 덱 위에서 본 카드({', '.join(d.cards)}) 중 원하는 것을 버립니다",
        "sentry-order": f"보초병은 남은 카드({', '.join(d.cards)})를 모두 원하는 순서로 덱 위에 돌려놓습니다",
        "bureaucrat": "관료의 공격을 받으면 손의 승점 카드 1장을 덱 위에 올립니다",
        "bandit": f"노상강도는 공개한 카드({', '.join(d.cards)}) 중 동이 아닌 보물 1장을 폐기합니다",
        "spy": f"스파이는 공개된 카드({', '.join(d.cards)})를 버리게 하거나 그대로 둡니다",
        "thief-trash": f"도둑은 공개한 카드({', '.join(d.cards)}) 중 보물 1장을 폐기합니다",
        "thief-gain": f"도둑은 폐기한 보물({', '.join(d.cards)}) 중 원하는 것을 얻을 수 있습니다",
    }
    return words[d.kind]


# The kind of card a decision with ``only`` wants, as a refusal names it.
ONLY_WORDS = {"not-an-action": "행동 카드가", "not-a-treasure": "보물이", "not-a-victory": "승점 카드가",
              "not-a-copper": "동이"}
# The cards a decision is about, named as the rule names them (a card named that is not among them is refused so).
CARDS_WORDS = {"vassal": "버린 카드", "library": "뽑은 행동 카드", "sentry-trash": "덱 위에서 본 카드",
               "sentry-discard": "덱 위에서 본 카드", "sentry-order": "남은 카드", "bandit": "공개한 카드",
               "spy": "공개된 카드", "thief-trash": "공개한 카드", "thief-gain": "폐기한 보물", "chancellor": "덱"}
# Arguments that are no card: what they ask for, in words.
KEYWORD_WORDS = {"all": "보물 모두", "deck": "덱 전체"}


def check(state: DominionState, d: Decision, move: Move) -> None:
    """Accept a move that answers the decision, or raise the error that explains the refusal: what the card
    lets the decider do, with its numbers."""
    if accepts(state, d, move):
        return
    spec = SPECS[d.kind]
    rule = rule_of(d.source)
    said = rule_words(state, d)

    def no(code: str, why: str) -> IllegalMove:
        return IllegalMove(f"{why}: {said}.", rule=rule, code=code, move=move)

    if move.verb == "pass":
        raise no("must-choose", "이 선택은 건너뛸 수 없습니다")
    if move.verb not in spec.verbs:
        verbs = spec.verbs + (("pass",) if may_pass(state, d) else ())
        words = [f"‘{VERB_WORDS.get(v, v)}’" for v in verbs]
        can = "".join(josa(w, "이나") + " " for w in words[:-1]) + words[-1]
        raise WrongPhase(f"지금은 {josa(d.player, '이')} {d.source}의 선택에 답해야 합니다: {said}. 지금 할 수 있는 것은 "
                         f"{can}뿐입니다.", rule=rule, code="awaiting-decision", move=move)
    if d.kind == "chancellor":
        raise no("illegal-move", "카드를 골라 버리지 않습니다")
    lo, hi = count_range(state, d) if spec.many else (1, 1)
    if not lo <= len(move.args) <= hi:
        amount = f"{lo}장" if lo == hi else f"{lo}~{hi}장"
        raise no("wrong-count", f"카드를 {amount} 골라야 하는데 {len(move.args)}장을 골랐습니다")
    for card in move.args:
        if card in KEYWORD_WORDS:
            raise no(spec.only_code if spec.only is not None else "card-not-available",
                     f"{KEYWORD_WORDS[card]}는 고를 수 없습니다")
        if spec.only is not None and card not in spec.only:
            kind = ONLY_WORDS.get(spec.only_code, "") if d.kind != "bandit" else ""
            raise no(spec.only_code, f"{josa(card, '은')} {kind} 아닙니다" if kind else
                     f"{josa(card, '은')} 고를 수 없습니다")
    if spec.zone == "supply":
        card = move.args[0]
        if card not in state.supply:
            raise no("not-in-supply", f"{josa(card, '은')} 이번 게임의 공급처에 없습니다")
        if state.supply[card] == 0:
            raise no("pile-empty", f"공급처의 {card} 더미가 비었습니다")
        raise no("too-expensive", f"{card}의 비용 {josa(COST[card], '이')} 한도 {d.limit}보다 큽니다")
    have = Counter(zone_cards(state, d, spec))
    for card, n in Counter(move.args).items():
        if have[card] < n:
            code = {"hand": "card-not-in-hand", "discard": "card-not-in-discard"}.get(spec.zone, "card-not-available")
            where = {"hand": "손", "discard": "버린 카드 더미"}.get(spec.zone) or CARDS_WORDS.get(d.kind, "고른 카드")
            if have[card]:
                raise no(code, f"{card} {n}장을 골랐지만 {where}에는 {have[card]}장뿐입니다")
            if d.kind == "library" and card not in ACTIONS:
                raise no(code, f"{josa(card, '은')} 행동 카드가 아닙니다")
            if spec.zone in ("hand", "discard"):
                raise no(code, f"{where}에 {josa(card, '이')} 없습니다")
            raise no(code, f"{josa(card, '은')} {josa(where, '이')} 아닙니다")
    raise no("illegal-move", "이 선택에 맞지 않는 행동입니다")


# --- what each answer does ---------------------------------------------------------------------------

def _moat(s: DominionState, d: Decision, m: Move) -> None:
    if m.verb == "reveal":
        s.immune += (d.player,)


def _throne(s: DominionState, d: Decision, m: Move) -> None:
    if m.verb == "play":
        card = m.args[0]
        z = s.zones[d.player]
        z.hand.remove(card)
        z.in_play.append(card)
        s.tasks += [["effect", d.player, card, "again"], ["effect", d.player, card, "first"]]


def _vassal(s: DominionState, d: Decision, m: Move) -> None:
    if m.verb == "play":
        z = s.zones[d.player]
        z.in_play.append(z.discard.pop())  # the card just discarded from the deck
        s.tasks.append(["effect", d.player, m.args[0], "first"])


def _harbinger(s: DominionState, d: Decision, m: Move) -> None:
    if m.verb == "topdeck":
        z = s.zones[d.player]
        z.discard.remove(m.args[0])
        z.deck.append(m.args[0])


def _chancellor(s: DominionState, d: Decision, m: Move) -> None:
    if m.verb == "discard":
        z = s.zones[d.player]
        z.discard.extend(reversed(z.deck))
        z.deck = []


def _from_hand(s: DominionState, d: Decision, m: Move, to: str) -> None:
    z = s.zones[d.player]
    for card in m.args:
        z.hand.remove(card)
    (s.trash if to == "trash" else getattr(z, to)).extend(m.args)


def _cellar(s: DominionState, d: Decision, m: Move) -> None:
    if m.verb == "discard":
        _from_hand(s, d, m, "discard")
        draw(s, d.player, len(m.args))


def _trash_from_hand(s: DominionState, d: Decision, m: Move) -> None:
    if m.verb == "trash":
        _from_hand(s, d, m, "trash")


def _discard_from_hand(s: DominionState, d: Decision, m: Move) -> None:
    _from_hand(s, d, m, "discard")


def _moneylender(s: DominionState, d: Decision, m: Move) -> None:
    if m.verb == "trash":
        _from_hand(s, d, m, "trash")
        s.coins += 3


def _remodel_trash(s: DominionState, d: Decision, m: Move) -> None:
    _from_hand(s, d, m, "trash")
    ask(s, "remodel-gain", d.player, d.source, limit=COST[m.args[0]] + 2)


def _gain(s: DominionState, d: Decision, m: Move) -> None:
    gain(s, d.player, m.args[0])


def _mine_trash(s: DominionState, d: Decision, m: Move) -> None:
    if m.verb == "trash":
        _from_hand(s, d, m, "trash")
        ask(s, "mine-gain", d.player, d.source, limit=COST[m.args[0]] + 3)


def _gain_to_hand(s: DominionState, d: Decision, m: Move) -> None:
    gain(s, d.player, m.args[0], "hand")


def _artisan_gain(s: DominionState, d: Decision, m: Move) -> None:
    gain(s, d.player, m.args[0], "hand")
    ask(s, "artisan-topdeck", d.player, d.source)


def _topdeck_from_hand(s: DominionState, d: Decision, m: Move) -> None:
    _from_hand(s, d, m, "deck")


def _library(s: DominionState, d: Decision, m: Move) -> None:
    if m.verb == "pass":
        z = s.zones[d.player]
        z.hand.append(z.set_aside.pop())  # the Action just drawn waits last in set_aside


def _sentry_trash(s: DominionState, d: Decision, m: Move) -> None:
    left = _take_looked(s, d, m, s.trash)
    if left:
        ask(s, "sentry-discard", d.player, d.source, cards=left)


def _sentry_discard(s: DominionState, d: Decision, m: Move) -> None:
    left = _take_looked(s, d, m, s.zones[d.player].discard)
    if len(left) > 1:
        ask(s, "sentry-order", d.player, d.source, cards=left)


def _take_looked(s: DominionState, d: Decision, m: Move, to: list[str]) -> list[str]:
    """Move the named looked-at cards off the top of the deck into ``to``; the others, top first."""
    left = list(d.cards)
    if m.verb == "pass":
        return left
    for card in m.args:
        remove_from_top(s, d.target, card, len(left))
        left.remove(card)
        to.append(card)
    return left


def _sentry_order(s: DominionState, d: Decision, m: Move) -> None:
    deck = s.zones[d.player].deck
    deck[len(deck) - len(m.args):] = reversed(m.args)


def _trash_revealed(s: DominionState, d: Decision, m: Move) -> None:
    """Bandit and Thief: trash the chosen revealed card, discard the other revealed ones."""
    remove_from_top(s, d.target, m.args[0], len(d.cards))
    s.trash.append(m.args[0])
    discard_top(s, d.target, len(d.cards) - 1)
    if d.kind == "thief-trash":
        s.stolen += (m.args[0],)


def _spy(s: DominionState, d: Decision, m: Move) -> None:
    if m.verb == "discard":
        discard_top(s, d.target, 1)


def _thief_gain(s: DominionState, d: Decision, m: Move) -> None:
    if m.verb == "pass":
        s.stolen = ()
        return
    card = m.args[0]
    s.trash.reverse()  # the copy trashed last
    s.trash.remove(card)
    s.trash.reverse()
    s.zones[d.player].discard.append(card)
    left = list(s.stolen)
    left.remove(card)
    s.stolen = tuple(left)
    if s.stolen:
        ask(s, "thief-gain", d.player, d.source, cards=list(s.stolen))


RESOLVERS: dict[str, Callable[[DominionState, Decision, Move], None]] = {
    "moat": _moat, "throne": _throne, "vassal": _vassal, "harbinger": _harbinger,
    "chancellor": _chancellor, "cellar": _cellar, "chapel": _trash_from_hand,
    "militia": _discard_from_hand, "poacher": _discard_from_hand, "moneylender": _moneylender,
    "remodel-trash": _remodel_trash, "remodel-gain": _gain, "gain": _gain, "mine-trash": _mine_trash,
    "mine-gain": _gain_to_hand, "artisan-gain": _artisan_gain, "artisan-topdeck": _topdeck_from_hand,
    "library": _library, "sentry-trash": _sentry_trash, "sentry-discard": _sentry_discard,
    "sentry-order": _sentry_order, "bureaucrat": _topdeck_from_hand, "bandit": _trash_revealed,
    "spy": _spy, "thief-trash": _trash_revealed, "thief-gain": _thief_gain,
}
assert set(RESOLVERS) == set(SPECS)


def resolve(state: DominionState, move: Move) -> None:
    """Carry out the answer to the pending decision (already checked), then go on with the tasks."""
    d = state.pending
    assert d is not None
    state.pending = None
    RESOLVERS[d.kind](state, d, move)
    run(state)


def run(state: DominionState) -> None:
    """Carry out tasks until a real choice is needed; a choice with one possible answer makes itself."""
    while True:
        d = state.pending
        if d is not None:
            if answers(state, d) > 1:
                return
            moves = options(state, d)
            state.pending = None
            if moves:
                state.forced += ((d.player, str(moves[0]), FORCED),)
                RESOLVERS[d.kind](state, d, moves[0])
            continue
        if not state.tasks:
            return
        task = state.tasks.pop()
        HANDLERS[task[0]](state, *task[1:])
