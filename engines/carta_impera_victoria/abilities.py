"""Step 2 of a turn: permanent abilities, culture's inspiration, sacrifices, and the choices they wait for.

Each ``check_*`` raises the rejection (state untouched); each ``do_*`` carries out a checked move.
An ability that needs choices queues them in ``state.pending`` (see ``TASK_VERB``); the player answers
them one card at a time before doing anything else.
"""
from __future__ import annotations

from engines.core import IllegalMove
from engines.core.korean import josa

from .data import (CULTURE, ECONOMY, MILITARY, NUMBERS, RELIGION, SCIENCE, SUITS, UTOPIA, ability_name,
                   suit_rule)
from .state import (TASK_VERB, CartaState, culture_token, level, levels, playable, playable_in_hand, tableau_size)

PERMANENT = "carta.ability.permanent"
SACRIFICE = "carta.ability.sacrifice"
# Module constants (not calls) so that the docs' error index can read which rule a code cites.
MILITARY_RULE, RELIGION_RULE, ECONOMY_RULE = suit_rule(MILITARY), suit_rule(RELIGION), suit_rule(ECONOMY)
CULTURE_RULE = suit_rule(CULTURE)

TASK_PROMPT = {
    "hand-discard": "손의 카드 1장을 골라 버리세요.",
    "tableau-discard": "자기 앞의 카드 1장을 골라 버리세요.",
    "attack": "공격으로 버릴 자기 앞의 카드 1장을 고르세요.",
    "tableau-take": "자기 앞의 카드 1장을 골라 손으로 가져오세요.",
    "pile-take": "버린 카드 더미의 카드 1장을 손에 넣으세요.",
    "play": "손에 든 카드 1장을 자기 앞에 내려놓으세요.",
    "give": "돌려줄 카드 1장을 고르세요.",
}


def check_play(state: CartaState, player: str, suit: str, rule: str) -> None:
    if suit not in state.hands[player]:
        raise IllegalMove(f"{player}의 손에 {suit} 카드가 없습니다.", rule=rule, code="not-in-hand")
    if not playable(state, player, suit):
        raise IllegalMove(f"{suit} 분야는 무역 봉쇄되어 이번 차례에 어떤 방법으로도 내려놓을 수 없습니다.",
                          rule=ECONOMY_RULE, code="embargoed")


def _not_enough(state: CartaState, player: str, suit: str, n: int) -> str | None:
    """Why ``player`` could not finish ``suit``'s permanent ability with ``n`` cards, or None."""
    hand, tableau = state.hands[player], tableau_size(state, player)
    if suit == MILITARY and len(hand) < n:
        return f"손에 버릴 카드가 {n}장 있어야 합니다."
    if suit == ECONOMY and (tableau < n or playable_in_hand(state, player) < n):
        return f"자기 앞에 버릴 카드 {n}장과 손에 내려놓을 수 있는 카드 {n}장이 있어야 합니다."
    if suit == SCIENCE:
        takeable = sum(c for s, c in state.tableaux[player].items() if playable(state, player, s))
        if tableau < n or playable_in_hand(state, player) + min(n, takeable) < n:
            return f"자기 앞에서 가져올 카드 {n}장과, 그 뒤 내려놓을 수 있는 카드 {n}장이 있어야 합니다."
    if suit == UTOPIA and len(state.discard) < n:
        return f"버린 카드 더미에 카드가 {n}장 있어야 합니다."
    return None


def check_use(state: CartaState, me: str, suit: str, lvl: int) -> None:
    if suit == CULTURE:
        raise IllegalMove("문화 능력은 '능력 쓰기'가 아니라 '영감'으로 씁니다.", rule=CULTURE_RULE, code="use-inspire")
    if suit == RELIGION:
        raise IllegalMove("종교의 지속 능력(손 카드 한도)은 늘 적용되므로 따로 쓰지 않습니다.",
                          rule=RELIGION_RULE, code="passive-ability")
    _check_permanent(state, me, me, suit, lvl)


def _check_permanent(state: CartaState, me: str, owner: str, suit: str, lvl: int) -> None:
    if suit in state.used_permanent:
        raise IllegalMove(f"이번 차례에 이미 {suit}의 지속 능력을 썼습니다 (분야마다 차례에 한 번).",
                          rule=PERMANENT, code="permanent-used")
    if level(state, owner, suit) < lvl:
        who = "" if owner == me else f"{owner}의 "
        need = levels(state)[lvl - 1]
        raise IllegalMove(f"{suit} {lvl}단계 지속 능력에는 {suit} 카드가 {need}장 이상 놓여 있어야 하는데 {who or '자기 '}앞에 "
                          f"{state.tableaux[owner][suit]}장뿐입니다 ({len(state.players)}인 게임).", rule=PERMANENT,
                          code="level-not-reached")
    problem = None if suit == RELIGION else _not_enough(state, me, suit, lvl)
    if problem:
        raise IllegalMove(f"{ability_name(suit, lvl)}: {problem}", rule=suit_rule(suit), code="not-enough-cards")


def check_inspire(state: CartaState, me: str, target: str, suit: str, lvl: int) -> None:
    if state.inspired:
        raise IllegalMove("영감은 차례마다 능력 하나만 복사합니다.", rule=CULTURE_RULE, code="inspiration-used")
    if culture_token(state) != me:
        raise IllegalMove("문화 카드를 혼자 가장 많이 가져야 영감을 쓸 수 있습니다 (동률이면 쓸 수 없습니다).",
                          rule=CULTURE_RULE, code="no-culture-majority")
    if target == me or suit == CULTURE:
        raise IllegalMove("영감은 다른 플레이어의 문화 아닌 분야 지속 능력을 복사합니다.",
                          rule=CULTURE_RULE, code="bad-target")
    _check_permanent(state, me, target, suit, lvl)


def check_sacrifice(state: CartaState, me: str, suit: str, args: tuple[str, ...]) -> None:
    if suit == CULTURE:
        raise IllegalMove("문화에는 폐기 능력이 없습니다.", rule=CULTURE_RULE, code="no-sacrifice")
    if suit in state.used_sacrifice:
        raise IllegalMove(f"이번 차례에 이미 {suit}의 폐기 능력을 썼습니다 (분야마다 차례에 한 번).",
                          rule=SACRIFICE, code="sacrifice-used")
    if state.tableaux[me][suit] == 0:
        raise IllegalMove(f"폐기 능력에 쓸 {suit} 카드가 자기 앞에 없습니다.", rule=SACRIFICE, code="no-card")
    if suit == MILITARY and tableau_size(state, me) < 2:
        raise IllegalMove("공격: 군사 카드 말고도 버릴 카드가 자기 앞에 1장 더 있어야 합니다.",
                          rule=MILITARY_RULE, code="not-enough-cards")
    if args and args[0] == me:
        raise IllegalMove(f"{josa(ability_name(suit, None), '은')} 다른 플레이어를 골라야 합니다.",
                          rule=suit_rule(suit), code="bad-target")
    if len(args) == 2 and state.tableaux[args[0]][args[1]] == 0:
        raise IllegalMove(f"{args[0]}의 앞에 {args[1]} 카드가 없어 그 위에 얹을 수 없습니다.",
                          rule=suit_rule(suit), code="bad-target")


def check_task(state: CartaState, me: str, verb: str, suit: str) -> None:
    task = state.pending[0]
    rule = suit_rule(state.resolving) if state.resolving else PERMANENT
    if verb != TASK_VERB[task]:
        raise IllegalMove(f"쓰던 능력의 선택을 먼저 마치세요: {TASK_PROMPT[task]}", rule=rule, code="pending-choice")
    if task in ("hand-discard", "give") and suit not in state.hands[me]:
        raise IllegalMove(f"손에 {suit} 카드가 없습니다.", rule=rule, code="not-in-hand")
    if task in ("tableau-discard", "attack", "tableau-take") and state.tableaux[me][suit] == 0:
        raise IllegalMove(f"자기 앞에 {suit} 카드가 없습니다.", rule=rule, code="no-card")
    if task == "pile-take" and suit not in state.discard:
        raise IllegalMove(f"버린 카드 더미에 {suit} 카드가 없습니다.", rule=rule, code="no-card")
    if task == "tableau-take" and not _can_still_play(state, me, suit):
        raise IllegalMove(f"{suit} 카드를 가져오면 이어서 내려놓을 수 있는 카드가 모자랍니다 (무역 봉쇄).",
                          rule=rule, code="not-enough-cards")
    if task == "play":
        check_play(state, me, suit, rule)


def _can_still_play(state: CartaState, me: str, suit: str) -> bool:
    """After taking ``suit`` back, can the plays the experiment/research owes still be made?"""
    plays = state.pending.count("play")
    takes_after = state.pending.count("tableau-take") - 1
    gain = 1 if playable(state, me, suit) else 0
    takeable = sum(c for s, c in state.tableaux[me].items() if playable(state, me, s)) - gain
    return playable_in_hand(state, me) + gain + min(takes_after, takeable) >= plays


# --- carrying out checked moves -------------------------------------------------------------------
PERMANENT_TASKS = {
    MILITARY: ["hand-discard"],
    ECONOMY: ["tableau-discard", "play"],
    SCIENCE: ["tableau-take", "play"],
    UTOPIA: ["pile-take"],
}


def do_permanent(state: CartaState, suit: str, lvl: int) -> None:
    """Use (or, by inspiration, copy) ``suit``'s permanent ability at ``lvl``: queue its choices."""
    state.used_permanent.append(suit)
    if suit == RELIGION:  # only by inspiration: the copied hand limit holds for this turn's draw
        state.copied_limit = NUMBERS["hand_limit"][lvl]
        return
    state.resolving = suit
    state.pending = [task for task in PERMANENT_TASKS[suit] for _ in range(lvl)]


def do_sacrifice(state: CartaState, me: str, suit: str, args: tuple[str, ...]) -> None:
    state.used_sacrifice.append(suit)
    state.resolving = suit
    state.tableaux[me][suit] -= 1
    if suit == ECONOMY:  # the flipped card lies on the victim's suit until that player's turn ends
        state.embargoes[args[0]].append(args[1])
        return
    if suit == UTOPIA:   # the flipped card stays on the victim's suit for the rest of the game
        state.flipped[args[0]][args[1]] += 1
        return
    state.discard.append(suit)
    if suit == MILITARY:
        state.pending = ["attack"]
    elif suit == RELIGION:
        victim = args[0]
        taken, state.hands[victim] = state.hands[victim], []
        state.hands[me] += taken
        state.give_to = victim
        state.pending = ["give"] * len(taken)
    elif suit == SCIENCE:
        drawn = state.deck[:NUMBERS["discovery"]]
        del state.deck[:len(drawn)]
        state.hands[me] += drawn
        state.pending = ["hand-discard"] * len(drawn)


def do_task(state: CartaState, me: str, suit: str) -> None:
    task = state.pending.pop(0)
    if task == "hand-discard":
        state.hands[me].remove(suit)
        state.discard.append(suit)
    elif task in ("tableau-discard", "attack"):
        state.tableaux[me][suit] -= 1
        state.discard.append(suit)
        if task == "attack":
            for other in state.players:
                if other != me and state.tableaux[other][suit]:
                    state.tableaux[other][suit] -= 1
                    state.discard.append(suit)
    elif task == "tableau-take":
        state.tableaux[me][suit] -= 1
        state.hands[me].append(suit)
    elif task == "pile-take":
        state.discard.remove(suit)
        state.hands[me].append(suit)
    elif task == "play":
        state.hands[me].remove(suit)
        state.tableaux[me][suit] += 1
    elif task == "give":
        state.hands[me].remove(suit)
        state.hands[state.give_to].append(suit)
    if not state.pending:
        state.resolving = state.give_to = None


def task_suits(state: CartaState, me: str) -> list[str]:
    """Suits worth offering for the pending choice (the checks decide which are legal)."""
    task = state.pending[0]
    if task in ("hand-discard", "give", "play"):
        return [s for s in SUITS if s in state.hands[me]]
    if task == "pile-take":
        return [s for s in SUITS if s in state.discard]
    return [s for s in SUITS if state.tableaux[me][s]]
