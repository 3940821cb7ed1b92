"""What each kingdom card does when played, as steps on the state's task stack.

Playing a card runs its effect function at once; parts that wait for a choice set ``state.pending``
(a ``Decision``) and parts that must come later are pushed as tasks ``[handler, *args]`` (the last
task runs first). ``run`` carries tasks out until a choice is needed; a choice with a single
possible answer is made automatically.
"""
from __future__ import annotations

from collections.abc import Callable

from .cards import ACTIONS, ATTACKS, COPPER, CURSE, GOLD, MOAT, SILVER, TREASURES, VICTORIES
from .state import Decision, DominionState, draw, gain, top_cards


def ask(state: DominionState, kind: str, player: str, source: str, *, cards: list[str] | None = None,
        target: str = "", limit: int = 0) -> None:
    state.pending = Decision(kind=kind, player=player, source=source, cards=cards or [],
                             target=target or player, limit=limit)


def others(state: DominionState, player: str) -> list[str]:
    """The other players in turn order, starting at the left of ``player``."""
    i = state.players.index(player)
    return state.players[i + 1:] + state.players[:i]


def discard_top(state: DominionState, player: str, n: int) -> None:
    z = state.zones[player]
    for _ in range(n):
        z.discard.append(z.deck.pop())


def remove_from_top(state: DominionState, player: str, card: str, depth: int) -> None:
    """Take ``card`` out of the top ``depth`` cards of the deck (cards looked at or revealed there)."""
    deck = state.zones[player].deck
    for i in range(len(deck) - 1, len(deck) - 1 - depth, -1):
        if deck[i] == card:
            del deck[i]
            return
    raise AssertionError(f"{card} is not among the top {depth} cards")


# --- attacks ---------------------------------------------------------------------------------------

def reactions(state: DominionState, player: str, card: str, use: str) -> None:
    """An Attack is played: each other player holding a Moat may reveal it, in turn order, before any
    of the Attack's effects (dominion.rules.reaction); then this use of the card resolves."""
    state.immune = ()
    state.tasks.append(["use", player, card, use])
    state.tasks += [["moat", v, card] for v in reversed(others(state, player)) if MOAT in state.zones[v].hand]


def attack(state: DominionState, player: str, handler: str, *, include_self: bool = False,
           final: list | None = None) -> None:
    """Hit everyone not protected by a Moat (revealed before the card's effects), in turn order."""
    tasks: list[list] = [final] if final else []
    tasks += [[handler, player, v] for v in reversed(others(state, player))]
    if include_self:
        tasks.append([handler, player, player])
    state.tasks.extend(tasks)


def moat(state: DominionState, victim: str, card: str) -> None:
    """Ask for the Moat only if the attack could change something for the victim (dominion.card.moat).

    Like any choice with one possible answer, the skipped question is recorded as made (``forced``).
    """
    if harmless(state, victim, card):
        why = f"{card} 공격은 {victim}에게 아무 영향이 없어 해자를 공개할지 묻지 않고 넘어갔습니다"
        state.forced += ((victim, "pass", why),)
    else:
        ask(state, "moat", victim, card)


def harmless(state: DominionState, victim: str, card: str) -> bool:
    """Whether ``card``'s attack cannot touch ``victim``, judged from what the table can see now."""
    z = state.zones[victim]
    if card == "민병대":
        return len(z.hand) <= 3
    if card == "마녀":
        return state.supply[CURSE] == 0
    if card == "관료":
        return not any(c in VICTORIES for c in z.hand)
    return not (z.deck or z.discard)  # Bandit, Spy, Thief reveal from the deck


def militia_hit(state: DominionState, attacker: str, victim: str) -> None:
    hand = state.zones[victim].hand
    if victim not in state.immune and len(hand) > 3:
        ask(state, "militia", victim, "민병대", limit=len(hand) - 3)


def witch_hit(state: DominionState, attacker: str, victim: str) -> None:
    if victim not in state.immune:
        gain(state, victim, CURSE)


def bureaucrat_hit(state: DominionState, attacker: str, victim: str) -> None:
    if victim not in state.immune and any(c in VICTORIES for c in state.zones[victim].hand):
        ask(state, "bureaucrat", victim, "관료")


def bandit_hit(state: DominionState, attacker: str, victim: str) -> None:
    if victim in state.immune:
        return
    revealed = top_cards(state, victim, 2)
    if any(c in TREASURES and c != COPPER for c in revealed):
        ask(state, "bandit", victim, "노상강도", cards=revealed)
    else:
        discard_top(state, victim, len(revealed))


def spy_hit(state: DominionState, attacker: str, victim: str) -> None:
    if victim in state.immune:
        return
    revealed = top_cards(state, victim, 1)
    if revealed:
        ask(state, "spy", attacker, "스파이", cards=revealed, target=victim)


def thief_hit(state: DominionState, attacker: str, victim: str) -> None:
    if victim in state.immune:
        return
    revealed = top_cards(state, victim, 2)
    if any(c in TREASURES for c in revealed):
        ask(state, "thief-trash", attacker, "도둑", cards=revealed, target=victim)
    else:
        discard_top(state, victim, len(revealed))


def thief_gain(state: DominionState, attacker: str) -> None:
    if state.stolen:
        ask(state, "thief-gain", attacker, "도둑", cards=list(state.stolen))


# --- other deferred steps ------------------------------------------------------------------------

def library_draw(state: DominionState, player: str) -> None:
    """Draw towards 7 cards; an Action drawn waits set aside while its owner decides (keep or skip)."""
    z = state.zones[player]
    while len(z.hand) < 7:
        deck = top_cards(state, player, 1)
        if not deck:
            break
        card = z.deck.pop()
        if card in ACTIONS:
            z.set_aside.append(card)
            state.tasks.append(["library", player])
            ask(state, "library", player, "도서관", cards=[card])
            return
        z.hand.append(card)
    z.discard.extend(z.set_aside)
    z.set_aside.clear()


def effect(state: DominionState, player: str, card: str, use: str) -> None:
    """One play of an Action card: ``use`` is "first", or "again" for Throne Room's second (no Feast
    trashing). Each play of an Attack asks for Moats anew, before that play's effects."""
    if card in ATTACKS:
        reactions(state, player, card, use)
    else:
        EFFECTS[card](state, player, use == "first")


def use_card(state: DominionState, player: str, card: str, use: str) -> None:
    EFFECTS[card](state, player, use == "first")


HANDLERS: dict[str, Callable[..., None]] = {
    "effect": effect, "use": use_card, "moat": moat, "library": library_draw, "thief-gain": thief_gain,
    "militia": militia_hit, "witch": witch_hit, "bureaucrat": bureaucrat_hit, "bandit": bandit_hit,
    "spy": spy_hit, "thief": thief_hit,
}


# --- the cards -------------------------------------------------------------------------------------
# Each takes (state, player, fresh); ``fresh`` is False for the second use under a Throne Room.

def cellar(s: DominionState, p: str, fresh: bool) -> None:
    s.actions += 1
    ask(s, "cellar", p, "저장고")


def chapel(s: DominionState, p: str, fresh: bool) -> None:
    ask(s, "chapel", p, "예배당")


def moat_play(s: DominionState, p: str, fresh: bool) -> None:
    draw(s, p, 2)


def harbinger(s: DominionState, p: str, fresh: bool) -> None:
    draw(s, p, 1)
    s.actions += 1
    ask(s, "harbinger", p, "선구자")


def merchant(s: DominionState, p: str, fresh: bool) -> None:
    draw(s, p, 1)
    s.actions += 1
    s.merchants += 1


def vassal(s: DominionState, p: str, fresh: bool) -> None:
    s.coins += 2
    top = top_cards(s, p, 1)
    if top:
        discard_top(s, p, 1)
        if top[0] in ACTIONS:
            ask(s, "vassal", p, "신하", cards=top)


def village(s: DominionState, p: str, fresh: bool) -> None:
    draw(s, p, 1)
    s.actions += 2


def workshop(s: DominionState, p: str, fresh: bool) -> None:
    ask(s, "gain", p, "작업장", limit=4)


def bureaucrat(s: DominionState, p: str, fresh: bool) -> None:
    gain(s, p, SILVER, "deck")
    attack(s, p, "bureaucrat")


def militia(s: DominionState, p: str, fresh: bool) -> None:
    s.coins += 2
    attack(s, p, "militia")


def moneylender(s: DominionState, p: str, fresh: bool) -> None:
    ask(s, "moneylender", p, "대금업자")


def poacher(s: DominionState, p: str, fresh: bool) -> None:
    draw(s, p, 1)
    s.actions += 1
    s.coins += 1
    empty = s.empty_piles()
    if empty and s.zones[p].hand:
        ask(s, "poacher", p, "밀렵꾼", limit=min(empty, len(s.zones[p].hand)))


def remodel(s: DominionState, p: str, fresh: bool) -> None:
    ask(s, "remodel-trash", p, "개조")


def smithy(s: DominionState, p: str, fresh: bool) -> None:
    draw(s, p, 3)


def throne_room(s: DominionState, p: str, fresh: bool) -> None:
    ask(s, "throne", p, "알현실")


def bandit(s: DominionState, p: str, fresh: bool) -> None:
    gain(s, p, GOLD)
    attack(s, p, "bandit")


def council_room(s: DominionState, p: str, fresh: bool) -> None:
    draw(s, p, 4)
    s.buys += 1
    for other in others(s, p):
        draw(s, other, 1)


def festival(s: DominionState, p: str, fresh: bool) -> None:
    s.actions += 2
    s.buys += 1
    s.coins += 2


def laboratory(s: DominionState, p: str, fresh: bool) -> None:
    draw(s, p, 2)
    s.actions += 1


def library(s: DominionState, p: str, fresh: bool) -> None:
    library_draw(s, p)


def market(s: DominionState, p: str, fresh: bool) -> None:
    draw(s, p, 1)
    s.actions += 1
    s.buys += 1
    s.coins += 1


def mine(s: DominionState, p: str, fresh: bool) -> None:
    ask(s, "mine-trash", p, "광산")


def sentry(s: DominionState, p: str, fresh: bool) -> None:
    draw(s, p, 1)
    s.actions += 1
    looked = top_cards(s, p, 2)
    if looked:
        ask(s, "sentry-trash", p, "보초병", cards=looked)


def witch(s: DominionState, p: str, fresh: bool) -> None:
    draw(s, p, 2)
    attack(s, p, "witch")


def artisan(s: DominionState, p: str, fresh: bool) -> None:
    ask(s, "artisan-gain", p, "장인", limit=5)


def chancellor(s: DominionState, p: str, fresh: bool) -> None:
    s.coins += 2
    ask(s, "chancellor", p, "법관")


def woodcutter(s: DominionState, p: str, fresh: bool) -> None:
    s.buys += 1
    s.coins += 2


def feast(s: DominionState, p: str, fresh: bool) -> None:
    in_play = s.zones[p].in_play
    if fresh and "연회" in in_play:
        in_play.reverse()  # remove the Feast played last
        in_play.remove("연회")
        in_play.reverse()
        s.trash.append("연회")
    ask(s, "gain", p, "연회", limit=5)


def spy(s: DominionState, p: str, fresh: bool) -> None:
    draw(s, p, 1)
    s.actions += 1
    attack(s, p, "spy", include_self=True)


def thief(s: DominionState, p: str, fresh: bool) -> None:
    s.stolen = ()
    attack(s, p, "thief", final=["thief-gain", p])


def adventurer(s: DominionState, p: str, fresh: bool) -> None:
    """Reveal until two Treasures; revealed cards wait set aside, so a reshuffle leaves them out."""
    z = s.zones[p]
    found = 0
    while found < 2 and top_cards(s, p, 1):
        card = z.deck.pop()
        if card in TREASURES:
            z.hand.append(card)
            found += 1
        else:
            z.set_aside.append(card)
    z.discard.extend(z.set_aside)
    z.set_aside.clear()


EFFECTS: dict[str, Callable[[DominionState, str, bool], None]] = {
    "저장고": cellar, "예배당": chapel, "해자": moat_play, "선구자": harbinger, "상인": merchant,
    "신하": vassal, "마을": village, "작업장": workshop, "관료": bureaucrat, "민병대": militia,
    "대금업자": moneylender, "밀렵꾼": poacher, "개조": remodel, "대장장이": smithy, "알현실": throne_room,
    "노상강도": bandit, "회의실": council_room, "축제": festival, "실험실": laboratory, "도서관": library,
    "시장": market, "광산": mine, "보초병": sentry, "마녀": witch, "장인": artisan, "법관": chancellor,
    "나무꾼": woodcutter, "연회": feast, "스파이": spy, "도둑": thief, "모험가": adventurer,
}
assert set(EFFECTS) == ACTIONS, "every Action card needs an effect"

# Actions whose effect only draws for their player and adds to the counters: no task, no choice, no
# other player's cards. Playing one needs no task stack, and a copy of the state that shares the rest.
SELF_ONLY = frozenset({"해자", "상인", "마을", "대장장이", "축제", "실험실", "시장", "나무꾼"})
