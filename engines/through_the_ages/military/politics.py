"""The political phase and the decisions it opens (tta.advanced.political and the sections below).

At the start of a turn (from round 2) the active player may take one political action: prepare a future
event, play an aggression, declare a war (full game), offer a pact or cancel one, or pass. A decision
of another player that follows (a bid, a defence, an answer to a pact, a war's sacrifices) is a move of
that player; ``state.step`` holds the decision in progress. When the political action is over the
active player discards military cards above the hand limit (tta.advanced.military-cards).
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from engines.core.korean import josa

from .. import levels
from ..actions import fail, add_science, recount
from ..catalog import UNITS, card
from ..state import Civ, TtaState
from .. import tokens, turn
from ..editions import has
from . import aggressions, colonies, deck, defence_cards, events, forces, losses, people
from .deck import take_from_hand

RULES = {
    "political": "tta.advanced.political",
    "event": "tta.advanced.events",
    "colony": "tta.advanced.colonies",
    "aggression": "tta.advanced.aggression",
    "pact": "tta.advanced.pacts",
    "war": "tta.full.wars",
    "cards": "tta.advanced.military-cards",
    "tactics": "tta.advanced.tactics",
}
COOK_RULE = "tta15.cards.leaders"
LEVEL = {"A": 0, "I": 1, "II": 2, "III": 3}


def active(state: TtaState) -> str:
    return state.players[state.active]


# --- the turn ------------------------------------------------------------------------------------
def open_political(state: TtaState) -> None:
    civ = state.civs[active(state)]
    if civ.skip_political:  # International Agreement: this turn's political action is lost
        civ.skip_political = False
        close_political(state, acted=False)
        return
    state.political = True


CAESAR = "julius_caesar@15"


def caesar_second(state: TtaState, acted: bool) -> bool:
    """Julius Caesar (2015), once a game: after a political action, another one (tta15.cards.leaders). It is
    spent when the second action is over; passing on it keeps it for a later turn, or spends it too under
    option caesar_declined: spent (tta15.options.caesar)."""
    civ = state.civs[active(state)]
    opened, civ.caesar_open = civ.caesar_open, False
    if opened and (acted or state.options.get("caesar_declined") == "spent"):
        civ.caesar_used = True
        return False
    if not acted or civ.leader != CAESAR or civ.caesar_used or state.over or active(state) in state.resigned:
        return False
    civ.caesar_open = True
    return True


def close_political(state: TtaState, acted: bool = True) -> None:
    """The political action is over (``acted``: one was played, not passed): now the hand limit (unless
    Development of Politics spared it), or first Julius Caesar's second political action."""
    state.political = False
    state.step = None
    if caesar_second(state, acted):
        state.political = True
        return
    if has(state, "hand_limit_at_end"):  # the limit waits for the end of the turn (hold_end)
        return
    player = active(state)
    state.hand_limit_checked = None if state.keep_military_hand else levels.military_hand_limit(state.civs[player])
    if must_discard(state):
        state.step = {"kind": "discard", "player": player}


def must_discard(state: TtaState) -> bool:
    """Whether closing the political phase now makes the active player discard above the hand limit first."""
    civ = state.civs[active(state)]
    return not has(state, "hand_limit_at_end") and not state.keep_military_hand \
        and len(civ.military_hand) > levels.military_hand_limit(civ)


# The kinds of military card in Korean, for a refusal that says which kind a move wants.
TYPE_WORDS = {"event": "이벤트", "territory": "영토", "aggression": "침략", "war": "전쟁", "pact": "조약",
              "tactics": "전술", "bonus": "보너스", "defense": "방어 보너스"}


def usable(civ: Civ, cid: str, types: tuple[str, ...], rule: str) -> None:
    """A card the player may play now: in the military hand, of the right type, not drawn this turn."""
    wanted = "나 ".join(TYPE_WORDS.get(t, t) for t in types)
    if cid not in civ.military_hand:
        held = sorted({card(c).name for c in civ.military_hand if card(c).type in types})
        raise fail("not-in-military-hand", f"{card(cid).name} 카드가 군사 카드 손에 없습니다: 이 행동에는 손의 {wanted} "
                   f"카드를 씁니다 (손에 있는 {wanted} 카드: {', '.join(held) or '없음'}).", rule)
    if card(cid).type not in types:
        kind = TYPE_WORDS.get(card(cid).type)
        raise fail("wrong-card-type", f"{card(cid).name} 카드는 {kind + ' ' if kind else ''}카드입니다: 이 행동에는 "
                   f"군사 카드 손의 {wanted} 카드를 씁니다.", rule)
    if civ.military_fresh.count(cid) >= civ.military_hand.count(cid):
        raise fail("card-drawn-this-turn", f"{card(cid).name} 카드는 이번 턴에 가져온 군사 카드라서 다음 턴부터 "
                   "씁니다.", rule)


# --- future events and the current event ----------------------------------------------------------
def prepare_event(state: TtaState, cid: str) -> None:
    """Lay an event or territory face down as a future event, score its age in culture, reveal the
    current event."""
    check_event(state, cid)
    civ = state.civs[active(state)]
    take_from_hand(civ, cid)
    state.future_events.append(cid)
    civ.culture += LEVEL[card(cid).age]
    reveal_current(state)


def check_event(state: TtaState, cid: str) -> None:
    usable(state.civs[active(state)], cid, ("event", "territory"), RULES["event"])


def reveal_current(state: TtaState) -> None:
    """Turn up the top current event and carry it out; the last one makes the future events current,
    shuffled, older ages on top."""
    if not state.events:
        close_political(state)
        return
    eid = state.events.pop(0)
    if not state.events:
        future = list(state.future_events)
        state.rng.shuffle(future)
        state.events = sorted(future, key=lambda c: LEVEL[card(c).age])
        state.future_events.clear()
    c = card(eid)
    if c.type == "territory":
        start_auction(state, eid)
        return
    state.past_events.append(eid)
    picks: list[losses.Pick] = []
    if c.age == "A":
        age_a_event(state, eid)
    elif c.age == "III":
        events.score_impact(state, eid)
    else:
        picks = events.apply_event(state, eid)
    # an Age A event's choices (state.pending) are answered before anything else; Ravages of Time asks its own
    if state.step is None and not losses.ask(state, picks):
        close_political(state)


def age_a_event(state: TtaState, eid: str) -> None:
    """Age A events work as in the simple game (the civil engine's effect), plus Development of Politics."""
    if card(eid).family == "development_of_politics":
        for p in state.players:
            deck.draw(state, state.civs[p], 3, fresh=p == active(state))
        state.keep_military_hand = True
        return
    state.events.insert(0, state.past_events.pop())
    turn.reveal_event(state)


# --- colonies -----------------------------------------------------------------------------------
def start_auction(state: TtaState, territory: str) -> None:
    order = state.players[state.active:] + state.players[:state.active]
    state.step = {"kind": "auction", "card": territory, "order": order, "passed": [], "high": 0,
                  "leader": None, "turn": order[0]}


def max_bid(state: TtaState, player: str) -> int:
    civ = state.civs[player]
    everything = forces.units(civ)
    value = forces.units_value(civ, everything)
    ready = playable_now(state, player)
    bonus = [c for c in ready if card(c).type == "bonus"]
    return colonies.max_bid(value, bonus, colonies.flat_bonus(in_play(civ)), len(ready) - len(bonus),
                            levels.leader(civ))


def playable_now(state: TtaState, player: str) -> list[str]:
    """The military hand's copies the player may use now: a card drawn during its owner's turn waits until the
    owner's next turn; others' turns are fine."""
    civ = state.civs[player]
    if player != active(state):
        return list(civ.military_hand)
    return list((Counter(civ.military_hand) - Counter(civ.military_fresh)).elements())


def in_play(civ: Civ) -> list[str]:
    return [*civ.technologies, *civ.wonders]


def bid(state: TtaState, player: str, amount: int) -> None:
    step = state.step
    if amount <= step["high"]:
        raise fail("bid-too-low", f"입찰은 지금 최고가 {step['high']}보다 높아야 합니다 (부른 값 {amount}).", RULES["colony"])
    most = max_bid(state, player)
    if amount > most:
        spend = ("보너스를 다 쓰고 제임스 쿡으로 군사 카드를 버려도"
                 if colonies.cook_discards(levels.leader(state.civs[player])) else "보너스를 다 써도")
        raise fail("bid-too-high", f"{josa(player, '은')} 유닛을 모두 희생하고 {spend} {most}까지만 "
                   f"낼 수 있습니다 (부른 값 {amount}).", RULES["colony"])
    step["high"], step["leader"] = amount, player
    next_bidder(state)


def pass_bid(state: TtaState, player: str) -> None:
    state.step["passed"].append(player)
    next_bidder(state)


def next_bidder(state: TtaState) -> None:
    step = state.step
    order, turn = step["order"], step["turn"]
    live = [p for p in order if p not in step["passed"]]
    if step["leader"] and live == [step["leader"]]:
        state.step = {"kind": "colonize", "card": step["card"], "player": step["leader"], "bid": step["high"],
                      "sent": []}
        return
    if not live:  # everyone passed: the territory is a past event
        state.past_events.append(step["card"])
        close_political(state)
        return
    i = order.index(turn)
    step["turn"] = next(p for p in order[i + 1:] + order[:i + 1] if p in live)


def check_colonize(state: TtaState, player: str) -> None:
    """What was sent holds a unit and covers the bid (raises if not)."""
    civ = state.civs[player]
    sent = state.step["sent"]
    units, cards = split_sent(sent)
    flat = colonies.flat_bonus(in_play(civ))
    colonies.check_payment(state.step["bid"], len(units), forces.sacrifice_value(civ, units), cards, flat,
                           cook_cards(sent), levels.leader(civ))


def colonize(state: TtaState, player: str) -> None:
    """The auction's winner has sent units (at least one), bonus cards and James Cook's discards (2015)
    covering the bid: the colony. The cards are discarded."""
    check_colonize(state, player)
    civ = state.civs[player]
    step = state.step
    units, cards = split_sent(step["sent"])
    forces.sacrifice(civ, units)
    for c in [*cards, *cook_cards(step["sent"])]:
        take_from_hand(civ, c)
        deck.discard(state, c)
    settle(state, player, step["card"])
    close_political(state)


COLUMBUS_2015 = "christopher_columbus@15"
COLUMBUS = ("christopher_columbus", COLUMBUS_2015)  # both editions' cards


def check_settle(state: TtaState, territory: str) -> None:
    civ = state.civs[active(state)]
    if levels.leader(civ) not in COLUMBUS:
        raise fail("not-columbus", "손의 영토를 바로 식민지로 삼는 것은 크리스토퍼 콜럼버스의 능력입니다.", RULES["colony"])
    if civ.columbus_used:
        raise fail("columbus-used", "크리스토퍼 콜럼버스의 능력은 게임에서 한 번만 씁니다.", RULES["colony"])
    usable(civ, territory, ("territory",), RULES["colony"])


def columbus(state: TtaState, territory: str) -> None:
    """Christopher Columbus: a political action makes a territory from the hand a colony, with no auction and
    no unit sent. The 2006 card does it once a game and stays; the 2015 card leaves play to do it
    (tta15.cards.leaders)."""
    check_settle(state, territory)
    civ = state.civs[active(state)]
    take_from_hand(civ, territory)
    if levels.leader(civ) == COLUMBUS_2015:
        people.lose_leader(civ)
    else:
        civ.columbus_used = True
    settle(state, active(state), territory)
    close_political(state)


ALEXANDER = "alexander_the_great@15"


def check_dismiss(state: TtaState) -> None:
    if state.civs[active(state)].leader != ALEXANDER:
        raise fail("not-alexander", "정치 행동으로 지도자를 내보내고 노란 토큰을 얻는 것은 2015년판 알렉산드로스 대왕의 "
                   "능력입니다.", "tta15.cards.leaders")


def dismiss(state: TtaState) -> None:
    """Alexander the Great (2015): a political action removes him from play and adds a yellow token from the
    box to the yellow bank."""
    check_dismiss(state)
    civ = state.civs[active(state)]
    civ.discarded.append(civ.leader)
    civ.leader = None
    civ.yellow_total += 1
    civ.yellow_bank += 1
    close_political(state)


# --- sending units and bonus cards, one at a time -------------------------------------------------
SENDER = {"colonize": "player", "attack": "attacker", "defend": "defender", "war": "turn"}


def sender(state: TtaState) -> str:
    """Who sends units (and bonus cards) in the decision in progress."""
    return state.step[SENDER[state.step["kind"]]]


def send(state: TtaState, player: str, cid: str, rule: str, bonus_cards: bool = True) -> None:
    """Add one unit to sacrifice or one bonus card to the decision in progress (``step["sent"]``). Nothing
    leaves the civilization until the player finishes the decision (the bare verb), so every choice is a
    move of its own and legal_moves can list them all."""
    check_send(state, player, cid, rule, bonus_cards)
    state.step["sent"].append(cid)


def check_send(state: TtaState, player: str, cid: str, rule: str, bonus_cards: bool = True) -> None:
    """May the player add this unit or bonus card to what was sent (raises if not)?"""
    sent: list[str] = state.step["sent"]
    civ = state.civs[player]
    c = card(cid)
    if state.step["kind"] == "defend" and has(state, "defence_by_cards"):
        defence_cards.check_defence_card(state, player, cid)
    elif c.type == "bonus" and bonus_cards:
        usable_bonus(state, player, [*split_sent(sent)[1], cid], rule)
    elif c.type == "bonus":
        who = "침략하는 사람은" if state.step["kind"] == "attack" else "전쟁의 결판에서는"
        raise fail("wrong-card-type", f"{who} 보너스 카드를 쓰지 않고 유닛만 희생합니다.", rule)
    elif c.type != "technology" and state.step["kind"] == "colonize":
        check_cook_card(state, player, cid)
    elif c.type != "technology":
        raise fail("wrong-card-type", f"{c.name} 카드는 보너스 카드가 아닙니다.", rule)
    elif c.kind not in UNITS:
        raise fail("not-a-unit", f"{c.name} 카드는 군사 유닛이 아니라 희생할 수 없습니다.", forces.SACRIFICE_RULE)
    else:
        if last_round(state) and state.step["kind"] != "colonize":  # a colony is still paid in units
            raise fail("no-sacrifice-last-round", "마지막 라운드의 침략과 전쟁에서는 누구도 유닛을 희생해 군사력을 "
                       "올리지 못합니다.", rule)
        have = civ.workers.get(cid, 0)
        if have <= sent.count(cid):
            raise fail("no-such-unit", f"{c.name} 유닛이 {have}개뿐인데 {sent.count(cid) + 1}개째를 희생하려 "
                       "했습니다.", forces.SACRIFICE_RULE)
    if state.step["kind"] == "defend" and state.options.get("defence_limit", "none") == "military-actions" \
            and civ.military_left <= len(sent) and not has(state, "defence_by_cards"):
        raise fail("no-military-action", f"방어에 카드나 유닛 하나마다 군사 행동 하나를 씁니다: 이미 {len(sent)}개를 "
                   f"냈고 군사 행동은 {civ.military_left}개입니다.", rule)


def split_sent(sent: list[str]) -> tuple[list[str], list[str]]:
    """(units, bonus cards) among what was sent."""
    return [c for c in sent if card(c).type == "technology"], [c for c in sent if card(c).type == "bonus"]


def is_cook_card(cid: str) -> bool:
    """A military card sent to a colonisation that is neither a unit nor a bonus card: a James Cook discard
    (2015)."""
    return card(cid).type not in ("technology", "bonus")


def cook_cards(sent: list[str]) -> list[str]:
    return [c for c in sent if is_cook_card(c)]


def check_cook_card(state: TtaState, player: str, cid: str) -> None:
    """James Cook (2015): while colonizing, up to 2 military cards that are not bonus cards may be discarded
    for +1 each (a bonus card counts its own colonisation value instead, which is never less)."""
    civ = state.civs[player]
    leads, name = levels.leader(civ), card(cid).name
    allowed = colonies.cook_discards(leads)
    if not allowed:
        if leads == colonies.COOK_2006:
            raise fail("cook-2006", f"{name} 카드는 식민지화 보너스 카드가 아닙니다. 2006년판 제임스 쿡은 군사 카드를 "
                       "버리게 하지 않고, 보낸 식민지화 보너스 카드마다 +1을 더합니다.", RULES["colony"])
        if state.edition == 2015:  # the 2015 Cook is in this game's cards: say what he would allow
            raise fail("not-cook", f"{name} 카드는 식민지화 보너스 카드가 아닙니다. 식민지를 얻을 때 다른 군사 카드를 "
                       "버려 +1을 얻는 것은 2015년판 제임스 쿡이 이끌 때만 됩니다.", COOK_RULE)
        raise fail("wrong-card-type", f"{name} 카드는 보너스 카드가 아닙니다.", RULES["colony"])
    discarded = cook_cards(state.step["sent"])
    if len(discarded) >= allowed:
        raise fail("cook-limit", f"제임스 쿡으로 버릴 수 있는 군사 카드는 {allowed}장까지입니다 (이미 "
                   f"{', '.join(card(c).name for c in discarded)} 카드를 냈습니다).", COOK_RULE)
    check_held(state, player, [*discarded, cid], COOK_RULE)


def last_round(state: TtaState) -> bool:
    return state.last_round is not None and state.round >= state.last_round


def usable_bonus(state: TtaState, player: str, cards: list[str], rule: str) -> None:
    """Bonus cards the player may play now: each copy held and not drawn during the player's own turn."""
    for cid in dict.fromkeys(cards):
        if card(cid).type != "bonus":
            raise fail("wrong-card-type", f"{card(cid).name} 카드는 보너스 카드가 아닙니다.", rule)
    check_held(state, player, cards, rule)


def check_held(state: TtaState, player: str, cards: list[str], rule: str) -> None:
    """Each copy of these military cards is in the hand and was not drawn during the player's own turn."""
    civ = state.civs[player]
    for cid in dict.fromkeys(cards):
        wanted, held = cards.count(cid), civ.military_hand.count(cid)
        if held < wanted:
            raise fail("not-in-military-hand", f"{card(cid).name} 카드를 {wanted}장 내려 했지만 손에 {held}장뿐입니다.",
                       rule)
        fresh = civ.military_fresh.count(cid) if player == active(state) else 0
        if held - fresh < wanted:
            raise fail("card-drawn-this-turn", f"{card(cid).name} 카드는 이번 턴에 가져온 카드입니다.", rule)


def settle(state: TtaState, player: str, territory: str) -> None:
    """The colony: its permanent tokens now, its immediate bonus once."""
    civ = state.civs[player]
    people.gain_colony(civ, territory)
    now: dict[str, int] = card(territory).extra.get("immediate", {})
    add_science(civ, now.get("science", 0))
    civ.culture += now.get("culture", 0)
    tokens.gain(civ, "farm", now.get("food", 0))
    tokens.gain(civ, "mine", now.get("resources", 0))
    people.gain_population(civ, now.get("grow", 0))
    deck.draw(state, civ, now.get("military_cards", 0), fresh=player == active(state))


# --- aggressions ---------------------------------------------------------------------------------
def pact_between(state: TtaState, one: str, other: str) -> list[dict[str, str]]:
    return [p for p in state.pacts if {p["a"], p["b"]} == {one, other}]


def role(pact: dict[str, str], player: str) -> dict[str, Any]:
    return card(pact["card"]).extra["roles"]["a" if pact["a"] == player else "b"]


def check_target(state: TtaState, attacker: str, defender: str, rule: str, war: bool = False) -> None:
    if defender == attacker or defender not in state.players:
        raise fail("bad-target", "공격할 상대는 다른 플레이어여야 합니다.", rule)
    if levels.leader(state.civs[attacker]) == "mahatma_gandhi":
        raise fail("gandhi", "마하트마 간디가 이끄는 문명은 침략이나 전쟁 카드를 쓸 수 없습니다.", rule)
    for pact in pact_between(state, attacker, defender):
        if role(pact, attacker).get("no_attack"):
            raise fail("pact-forbids-attack", f"{card(pact['card']).name} 조약이 {defender}에 대한 공격을 막습니다.",
                       rule)
    if war and any(p["b"] == defender and role(p, defender).get("no_war_on") for p in state.pacts):
        raise fail("pact-forbids-attack", f"주권 상실 조약의 B인 {defender}에게는 아무도 전쟁을 선언할 수 없습니다.", rule)


def spend(civ: Civ, n: int, rule: str) -> None:
    check_spend(civ, n, rule)
    civ.military_left -= n


def check_spend(civ: Civ, n: int, rule: str) -> None:
    if civ.military_left < n:
        raise fail("no-military-action", f"군사 행동이 {n}개 필요한데 {civ.military_left}개 남았습니다.", rule)


def attacked(state: TtaState, attacker: str, defender: str) -> None:
    """An aggression or war is played: pacts that end on an attack end; Joan of Arc scores 5 (2006 card: the
    2015 one gives strength instead, levels.py).

    Leaders are compared by ``levels.leader``, the effect they have: a 2015 leader sharing its 2006 effect
    (civil2015.SAME_AS_2006) answers with the 2006 id, one whose text differs with its own."""
    for pact in pact_between(state, attacker, defender):
        if card(pact["card"]).extra.get("ends_on_attack"):
            end_pact(state, pact)
    if levels.leader(state.civs[defender]) == "joan_of_arc":
        state.civs[defender].culture += 5


def attack(state: TtaState, cid: str, defender: str) -> None:
    """The card is played against the defender; then the attacker names sacrifices one at a time
    (``sacrifice 기사`` … ``sacrifice``) unless there is nothing to choose (no unit, the last round, or the
    2015 edition, whose attacker never sacrifices)."""
    player = active(state)
    civ = state.civs[player]
    civ.military_left -= check_attack(state, cid, defender)
    take_from_hand(civ, cid)
    base = levels.strength(state, player) + open_borders(state, player, defender)
    attacked(state, player, defender)
    state.step = {"kind": "attack", "card": cid, "attacker": player, "defender": defender, "base": base,
                  "sent": []}
    if last_round(state) or not forces.units(civ) or not has(state, "attacker_sacrifices"):  # nothing to choose
        announce_attack(state)


def check_attack(state: TtaState, cid: str, defender: str) -> int:
    """The military actions the aggression costs, or the reason it may not be played."""
    player = active(state)
    civ = state.civs[player]
    usable(civ, cid, ("aggression",), RULES["aggression"])
    check_target(state, player, defender, RULES["aggression"])
    missing = aggressions.target_missing(state, cid, defender)
    if missing:
        raise fail("nothing-to-take", f"{defender}에게는 {missing}: {card(cid).name} 카드를 쓸 수 없습니다.",
                   RULES["aggression"])
    cost = aggressions.cost(state, cid, defender)
    check_spend(civ, cost, RULES["aggression"])
    return cost


def announce_attack(state: TtaState) -> None:
    """The attacker's sacrifices are made: the defender answers the announced total."""
    step = state.step
    total = step["base"] + forces.sacrifice(state.civs[step["attacker"]], step["sent"])
    state.step = {"kind": "defend", "card": step["card"], "attacker": step["attacker"],
                  "defender": step["defender"], "attack": total, "sent": []}


def open_borders(state: TtaState, attacker: str, defender: str) -> int:
    return sum(role(p, attacker).get("attack_bonus", 0) for p in pact_between(state, attacker, defender))


def defend(state: TtaState) -> None:
    """The defender has sent bonus cards and sacrifices (or nothing: the aggression succeeds unless the
    defender is already as strong)."""
    step = state.step
    defender = step["defender"]
    if has(state, "defence_by_cards"):
        total = levels.strength(state, defender) + defence_cards.defence_cards(state, defender, step["sent"])
    else:
        total = levels.strength(state, defender) + sent_defence(state, defender)
    step["defence"] = total
    picks = aggressions.succeed(state, step["card"], step["attacker"], defender) if step["attack"] > total else []
    deck.discard(state, step["card"])
    state.last_battle = {"card": step["card"], "attack": step["attack"], "defence": total,
                         "won": step["attack"] > total}
    if not losses.ask(state, picks):
        close_political(state)


def sent_defence(state: TtaState, defender: str) -> int:
    """What the sent bonus cards and sacrificed units add (2006); the cards are discarded."""
    civ = state.civs[defender]
    units, cards = split_sent(state.step["sent"])
    if state.options.get("defence_limit", "none") == "military-actions":
        spend(civ, len(state.step["sent"]), RULES["aggression"])
    twice = 2 if levels.leader(civ) == "winston_churchill" else 1
    for c in cards:
        take_from_hand(civ, c)
        deck.discard(state, c)
    return twice * sum(card(c).extra["defense"] for c in cards) + forces.sacrifice(civ, units)


def choose_loss(state: TtaState, answer: Any) -> None:
    """The answer to a ``pick`` or ``split`` step; the political action is over once no choice waits."""
    if not losses.choose(state, answer):
        close_political(state)


# --- pacts ---------------------------------------------------------------------------------------
def offer_pact(state: TtaState, cid: str, target: str, own_role: str) -> None:
    player = active(state)
    civ = state.civs[player]
    usable(civ, cid, ("pact",), RULES["pact"])
    if target == player or target not in state.players:
        raise fail("bad-target", "조약은 다른 플레이어에게 제안합니다.", RULES["pact"])
    take_from_hand(civ, cid)
    state.step = {"kind": "answer", "card": cid, "proposer": player, "target": target, "role": own_role}


def answer_pact(state: TtaState, accept: bool) -> None:
    step = state.step
    proposer, target = step["proposer"], step["target"]
    if accept:
        for old in [p for p in state.pacts if p["owner"] == proposer]:  # one own pact: the old one goes
            end_pact(state, old)
        a, b = (proposer, target) if step["role"] == "A" else (target, proposer)
        state.pacts.append({"card": step["card"], "owner": proposer, "a": a, "b": b})
        pacts_changed(state)
    else:
        state.civs[proposer].military_hand.append(step["card"])
    close_political(state)


def end_pact(state: TtaState, pact: dict[str, str]) -> None:
    state.pacts.remove(pact)
    deck.discard(state, pact["card"])
    pacts_changed(state)


def pact_actions(state: TtaState, player: str) -> int:
    """Military actions the player's pacts give (Open Borders Agreement: one each)."""
    return sum(role(p, player).get("military_actions", 0) for p in state.pacts if player in (p["a"], p["b"]))


def cooperation_partner(state: TtaState, player: str) -> tuple[str, int] | None:
    """The other civilization of the player's Scientific Cooperation pact and the science the card saves the
    player, if any."""
    return next(((p["b"] if p["a"] == player else p["a"], role(p, player)["research_discount"]) for p in state.pacts
                 if player in (p["a"], p["b"]) and role(p, player).get("research_discount")), None)


def pacts_changed(state: TtaState) -> None:
    """A pact began or ended: each civilization's pact military actions follow, its tokens with them (a
    gained one is usable at once, a lost one comes from the used ones first)."""
    for p, civ in state.civs.items():
        now = pact_actions(state, p)
        if civ.pact_actions != now:
            recount(civ, lambda: setattr(civ, "pact_actions", now))


def cancel_pact(state: TtaState, cid: str) -> None:
    player = active(state)
    mine = [p for p in state.pacts if p["card"] == cid and player in (p["a"], p["b"])]
    if not mine:
        made = [card(p["card"]).name for p in state.pacts if player in (p["a"], p["b"])]
        what = f"{josa(card(cid).name, '은')} 조약 카드가 아닙니다" if card(cid).type != "pact" else \
            f"{josa(player, '이')} 맺은 {card(cid).name} 조약이 없습니다"
        raise fail("no-such-pact", f"{what}: 파기할 수 있는 것은 자기가 맺은 조약"
                   f"({', '.join(made) if made else '지금은 없음'})입니다.", RULES["pact"])
    state.pacts.remove(mine[0])
    if has(state, "cancelled_pact_leaves"):  # tta15.pacts: out of the game
        state.military_box.append(mine[0]["card"])
    else:
        deck.discard(state, mine[0]["card"])
    pacts_changed(state)
    close_political(state)


def pact_strength(state: TtaState, player: str) -> int:
    return sum(role(p, player).get("strength", 0) for p in state.pacts if player in (p["a"], p["b"]))


def pact_production(state: TtaState, player: str) -> None:
    """What pacts add to production (2015 texts: culture, food, resources; International Tourism)."""
    civ = state.civs[player]
    for p in state.pacts:
        if player not in (p["a"], p["b"]):
            continue
        gets = role(p, player)
        partner = p["b"] if p["a"] == player else p["a"]
        civ.culture = max(0, civ.culture + gets.get("culture", 0)
                          + gets.get("culture_per_partner_wonder", 0) * len(state.civs[partner].wonders))
        tokens.gain(civ, "farm", gets.get("food", 0))
        if gets.get("resources", 0) > 0:
            tokens.gain(civ, "mine", gets["resources"])
        elif gets.get("resources", 0) < 0:
            tokens.pay(civ, "mine", min(-gets["resources"], tokens.value(civ, "mine")))


# --- the hand limit ---------------------------------------------------------------------------------
def discard_card(state: TtaState, cid: str) -> None:
    check_discard(state, cid)
    civ = state.civs[state.step["player"]]
    take_from_hand(civ, cid)
    deck.discard(state, cid)
    if len(civ.military_hand) <= levels.military_hand_limit(civ):
        after_discard(state)


def check_discard(state: TtaState, cid: str) -> None:
    if cid not in state.civs[state.step["player"]].military_hand:
        raise fail("not-in-military-hand", f"{card(cid).name} 카드가 군사 카드 손에 없습니다.", RULES["cards"])


def hold_end(state: TtaState) -> bool:
    """``end`` in an edition that checks the hand limit at the end of the turn (tta15.end-of-turn): if the hand
    is above the limit, the player first discards (a decision that ends the turn when the hand fits)."""
    player = active(state)
    civ = state.civs[player]
    if not has(state, "hand_limit_at_end") or len(civ.military_hand) <= levels.military_hand_limit(civ):
        return False
    state.step = {"kind": "discard", "player": player, "then": "end"}
    return True


def after_discard(state: TtaState) -> None:
    """The hand fits the limit: the decision is over, and the turn ends if the discarding was its end."""
    then = state.step.get("then")
    state.step = None
    if then == "end":
        turn.end_turn(state)
