"""The civil and military actions of a turn.

Each function raises ``IllegalMove`` (with a code and the rule id) when the rules forbid the move. It may
raise after changing part of the state: ``Game.apply`` works on a copy, so a rejected move leaves nothing.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from engines.core import IllegalMove, clone
from engines.core.korean import josa

from . import levels, tokens
from .catalog import PRODUCTION, UNITS, URBAN, Card, age_word, card, row_cost
from .civil2015 import effect
from .editions import EDITIONS
from .hooks import military
from .state import Civ, TtaState

FOOD, RES = "farm", "mine"
LINER = "ocean_liner_service"
LINERS = (LINER, "ocean_liner_service@15")  # 2015: the growth costs no food either (tta15.cards.wonders)


def fail(code: str, message: str, rule: str) -> IllegalMove:
    return IllegalMove(message, rule=rule, code=code)


# --- paying for actions --------------------------------------------------------------------------
# Each action below is split in two: ``check_*`` raises if the rules forbid it and returns what it costs,
# changing nothing; the action itself calls its check first and then changes the state. ``legal_moves``
# calls only the checks, so listing a move and playing it cannot disagree.
HAMMURABI = "hammurabi@15"


def hammurabi_spare(civ: Civ) -> int:
    """Hammurabi (2015): one military action a turn may be spent as a civil action, once the white ones run out."""
    return int(civ.leader == HAMMURABI and not civ.hammurabi_used and civ.military_left > 0)


def civil_actions(civ: Civ) -> int:
    """The civil actions that may still be spent this turn (Hammurabi's spare military action included)."""
    return civ.civil_left + hammurabi_spare(civ)


def need_civil(civ: Civ, n: int, rule: str = "tta.simple.round2.actions") -> None:
    if civil_actions(civ) < n:
        spare = f" (함무라비의 군사 행동 {hammurabi_spare(civ)}개까지)" if civ.leader == HAMMURABI else ""
        raise fail("no-civil-action", f"시민 행동이 {n}개 필요한데 {civ.civil_left}개 남았습니다{spare}.", rule)


def need_military(civ: Civ, rule: str = "tta.simple.round2.military") -> None:
    if civ.military_left < 1:
        raise fail("no-military-action", "군사 행동이 남아 있지 않습니다.", rule)


def spend_civil(civ: Civ, n: int, rule: str = "tta.simple.round2.actions") -> None:
    need_civil(civ, n, rule)
    if civ.civil_left < n:  # Hammurabi's military action makes up the last one
        civ.military_left -= 1
        civ.hammurabi_used = True
        n -= 1
    civ.civil_left -= n
    civ.civil_used = True


def spend_military(civ: Civ, rule: str = "tta.simple.round2.military") -> None:
    need_military(civ, rule)
    civ.military_left -= 1


def need_food(civ: Civ, amount: int, rule: str) -> None:
    if tokens.value(civ, FOOD) < amount:
        raise fail("not-enough-food", f"식량이 {amount} 필요한데 {tokens.value(civ, FOOD)}뿐입니다.", rule)


def pay_food(civ: Civ, amount: int, rule: str) -> None:
    need_food(civ, amount, rule)
    tokens.pay(civ, FOOD, amount)


def resources(civ: Civ, military: bool = False) -> int:
    """The resources that may pay now: the blue tokens' worth, plus the turn's military-only ones for units."""
    return tokens.value(civ, RES) + (levels.military_resources(civ) if military else 0)


def need_resources(civ: Civ, amount: int, rule: str, military: bool = False) -> int:
    """Check the resources are there; returns the part the turn's military-only resources pay."""
    have = resources(civ, military)
    if have < amount:
        raise fail("not-enough-resources", f"자원이 {amount} 필요한데 {have}뿐입니다.", rule)
    return min(levels.military_resources(civ), amount) if military else 0


def pay_resources(civ: Civ, amount: int, rule: str, military: bool = False) -> None:
    """Pay resources; for military units the turn's military-only resources go first."""
    bonus = need_resources(civ, amount, rule, military)
    civ.military_spent += bonus
    tokens.pay(civ, RES, amount - bonus)


def add_science(civ: Civ, n: int) -> None:
    civ.science = min(levels.limit("science"), civ.science + n)


def recount(civ: Civ, change: Callable[[], None]) -> None:
    """Apply ``change`` and adjust the action tokens on the government card to the new totals.

    Gained tokens can be used at once; a lost token is taken from the used ones first, and only when
    none is used any more from the unused ones (tta.simple.round2.leader). Tokens an action card added
    this turn (Patriotism) count among the ones owned this turn.
    """
    civil, military = levels.civil_total(civ), levels.military_total(civ)
    change()
    for attr, old, new, extra in (("civil_left", civil, levels.civil_total(civ), 0),
                                  ("military_left", military, levels.military_total(civ), civ.military_extra)):
        left = getattr(civ, attr)
        used = old + extra - left
        setattr(civ, attr, left + new - old if new >= old else left - max(0, old - new - used))


# --- the card row ---------------------------------------------------------------------------------
def take(state: TtaState, civ: Civ, slot: int) -> None:
    """Take the card in ``slot`` of the card row."""
    cost = check_take(state, civ, slot)
    cid = state.row[slot - 1]
    c = card(cid)
    spend_civil(civ, cost, "tta.simple.round1.card-row")
    state.row[slot - 1] = None
    if goes_to_hand(c):
        civ.hand.append(cid)
        civ.fresh.append(cid)
        if c.type == "leader":
            civ.leader_ages.append(c.age)
    else:
        civ.wonder, civ.wonder_stages = cid, 0
    if c.is_tech and levels.leader(civ) == "aristotle":
        add_science(civ, 1)


# 2015 Taj Mahal: 2 civil actions less after these leader changes this turn, by the option taj_mahal_leader
TAJ_MAHAL = {"replaced": ("replaced",), "played": ("replaced", "played")}


def check_take(state: TtaState, civ: Civ, slot: int, hand_limit: int | None = None) -> int:
    """The civil actions taking the card in ``slot`` costs, or the reason it may not be taken.

    ``hand_limit``: the civilization's hand limit when the caller has it already (checking all 13 slots)."""
    rule = "tta.simple.round2.take-card"
    if not 1 <= slot <= len(state.row) or state.row[slot - 1] is None:
        raise fail("empty-slot", f"카드 열 {slot}번 칸에 카드가 없습니다.", "tta.simple.round1.card-row")
    cid = state.row[slot - 1]
    c = card(cid)
    if not goes_to_hand(c):
        check_room(civ, False)
    else:
        if c.type == "leader" and c.age in civ.leader_ages:
            raise fail("leader-this-age", f"{age_word(c.age)} 지도자는 이미 한 장 가져왔습니다.", "tta.simple.round1.leader")
        if c.is_tech and (cid in civ.hand or cid in civ.technologies or cid == civ.government):
            raise fail("duplicate-technology", f"{c.name} 기술 카드는 이미 손이나 테이블에 있습니다.", rule)
        check_room(civ, True, levels.hand_limit(civ) if hand_limit is None else hand_limit)
    cost = take_cost(state, civ, slot)
    need_civil(civ, cost, "tta.simple.round1.card-row")
    return cost


def take_cost(state: TtaState, civ: Civ, slot: int) -> int:
    """The civil actions the card in ``slot`` (not empty) costs this civilization."""
    cid = state.row[slot - 1]
    c = card(cid)
    cost = row_cost(slot)
    if not goes_to_hand(c):
        completed = len(civ.wonders) + (len(civ.ravaged) if state.options.get("ravaged_wonders") == "count" else 0)
        if civ.leader == "michelangelo":  # one action less, down to the option's minimum
            cost = max(state.options["michelangelo_minimum"], cost + completed - 1)
        elif civ.leader != "michelangelo@15":  # 2015: nothing extra for the wonders one has
            cost += completed
        if cid == "taj_mahal@15" and civ.leader_change in TAJ_MAHAL[state.options["taj_mahal_leader"]]:
            cost = max(state.options["row_discount_minimum"], cost - 2)
    elif c.type == "leader" and civ.leader == HAMMURABI:
        cost = max(state.options["row_discount_minimum"], cost - 1)
    return cost


def goes_to_hand(c: Card) -> bool:
    """A card taken from the row goes to the hand; a wonder goes to the board, to be built."""
    return c.type != "wonder"


def has_room(civ: Civ, to_hand: bool, hand_limit: int = 0) -> bool:
    """Is the place a taken card goes free: room in the hand (under its limit), or no other wonder under
    construction?"""
    return len(civ.hand) < hand_limit if to_hand else not civ.wonder


def check_room(civ: Civ, to_hand: bool, hand_limit: int = 0) -> None:
    """The reason there is no room for a taken card (``has_room``), if any."""
    if has_room(civ, to_hand, hand_limit):
        return
    if to_hand:
        raise fail("hand-full", f"손에 시민 카드가 {len(civ.hand)}장이라 더 가져올 수 없습니다 "
                   f"(한도 {hand_limit}장).", "tta.simple.round2.hand-limit")
    raise fail("wonder-in-progress", f"건설 중인 문화 유산({card(civ.wonder).name})이 있어 "
               "다른 문화 유산을 가져올 수 없습니다.", "tta.simple.round1.wonder")


# --- population and buildings ---------------------------------------------------------------------
def grow(civ: Civ, free: bool = False, discount: int = 0, rule: str = "tta.simple.round2.population",
         moses: bool = True) -> None:
    """Move a token from the yellow bank to the idle workers, paying the food its section asks."""
    tokens.pay(civ, FOOD, check_grow(civ, free, discount, rule, moses))
    civ.yellow_bank -= 1
    civ.idle += 1


def check_grow(civ: Civ, free: bool = False, discount: int = 0, rule: str = "tta.simple.round2.population",
               moses: bool = True) -> int:
    """The food growing by one costs now, or the reason it cannot be done (``moses``: his discount counts)."""
    section = levels.yellow_section(civ)
    if section["grow"] is None:
        raise fail("no-population-left", "노란색 저장소에 토큰이 없어 인구를 늘릴 수 없습니다.", rule)
    if free:
        return 0
    discount += 1 if levels.leader(civ) == "moses" and moses else 0
    cost = max(0, section["grow"] - discount)
    need_food(civ, cost, rule)
    return cost


# Frederick Barbarossa grows and builds a unit at once: for a civil action (2006) or a military one (2015)
BARBAROSSA_15 = "frederick_barbarossa@15"
BARBAROSSA = ("frederick_barbarossa", BARBAROSSA_15)


def grow_action(civ: Civ, unit: str | None = None) -> None:
    """The civil action: grow by one; with Frederick Barbarossa the new worker may go straight into a unit;
    ``unit`` Ocean Liner Service: its free growth."""
    check_grow_action(civ, unit)
    if unit in LINERS:
        grow(civ, free=unit != LINER, discount=card(unit).extra.get("grow_discount", 0),
             rule="tta.advanced.wonders")
        civ.liner_used = True
        return
    if unit and civ.leader == BARBAROSSA_15:
        spend_military(civ, "tta15.cards.leaders")
    else:
        spend_civil(civ, 1)
    grow(civ, discount=1 if unit else 0)  # Barbarossa: one food and one resource less
    if unit:
        build(civ, unit, discount=1, kinds=UNITS, action=False)


def check_grow_action(civ: Civ, unit: str | None = None) -> None:
    """The reason ``grow_action`` may not be done, if any (changing nothing)."""
    if unit in LINERS:  # once a turn, without a civil action, paying 5 food less (2015: no food)
        rule = "tta.advanced.wonders"
        if unit not in civ.wonders:
            raise fail("cannot-build-here", "원양 여객선을 완성해야 이렇게 인구를 늘릴 수 있습니다.", rule)
        if civ.liner_used:
            raise fail("once-a-turn", "원양 여객선으로는 한 턴에 한 번만 인구를 늘립니다.", rule)
        check_grow(civ, free=unit != LINER, discount=card(unit).extra.get("grow_discount", 0), rule=rule)
        return
    if unit is not None:
        if civ.leader not in BARBAROSSA:
            raise fail("not-barbarossa", "인구를 늘리며 바로 군사 유닛을 만드는 것은 프리드리히 바르바로사의 능력입니다.",
                       "tta.simple.round2.abilities")
        if card(unit).kind not in UNITS:
            raise fail("cannot-build-here", f"{josa(card(unit).name, '은')} 군사 기술이 아닙니다: 바르바로사는 인구를 늘리며 "
                       "군사 유닛을 만듭니다.",
                       "tta.simple.round2.abilities")
    if unit and civ.leader == BARBAROSSA_15:
        need_military(civ, "tta15.cards.leaders")
    else:
        need_civil(civ, 1, "tta.simple.round2.population")
    check_grow(civ, discount=1 if unit else 0)
    if unit:  # the worker the growth adds is the one that builds
        check_build(civ, unit, 1, UNITS, action=False, idle=1)


def in_play(civ: Civ, tid: str, rule: str) -> None:
    if tid not in civ.technologies:
        raise fail("no-such-technology", f"{card(tid).name} 기술 카드가 테이블에 없습니다.", rule)


def build_rule(kind: str) -> str:
    if kind in URBAN:
        return "tta.simple.round2.urban"
    return "tta.simple.round2.military" if kind in UNITS else "tta.simple.round2.build"


def construction(civ: Civ) -> dict:
    """The construction special technology in play (석공술, 건축, 공학): its discounts and stages, or none."""
    tid = next((t for t in civ.technologies if card(t).kind == "construction"), None)
    return card(tid).extra if tid else {}


def build_cost(civ: Civ, tid: str) -> int:
    """Resources to build one building or unit: urban buildings of level I+ cost less with a construction
    technology (by level: tta.advanced.construction), theaters one less with J.S. Bach."""
    c = card(tid)
    discount = 0
    if c.kind in URBAN and c.level >= 1:
        discount = construction(civ).get("building_discount", [0, 0, 0])[c.level - 1]
    if c.kind == "theater" and civ.leader == "js_bach":
        discount += 1
    return max(0, c.build - discount - levels.shakespeare_discount(civ, c.kind))


SCHOOLS = ("lab", "library")


def tesla_surcharge(state: TtaState, player: str) -> int:
    """Nikola Tesla: every other civilization pays 1 resource more to build or upgrade a lab or library."""
    return int(any(state.civs[p].leader == "nikola_tesla" for p in state.players if p != player))


def check_limit(civ: Civ, kind: str) -> None:
    if kind in URBAN and levels.urban_count(civ, kind) >= levels.building_limit(civ):
        raise fail("building-limit", f"정부의 도시 건물 제한({levels.building_limit(civ)}개)에 닿아 "
                   "이 종류의 도시 건물을 더 지을 수 없습니다.", "tta.board.despotism")


def build(civ: Civ, tid: str, discount: int = 0, kinds: tuple[str, ...] | None = None,
          action: bool = True, tesla: int = 0) -> None:
    """Put an idle worker on a technology as a farm, mine, urban building or unit."""
    cost = check_build(civ, tid, discount, kinds, action, tesla=tesla)
    c = card(tid)
    if action:
        if c.kind in UNITS:
            civ.military_left -= 1
        else:
            spend_civil(civ, 1)
    pay_resources(civ, cost, build_rule(c.kind), military=c.kind in UNITS)
    civ.idle -= 1
    civ.workers[tid] = civ.workers.get(tid, 0) + 1


def _kind_words(kinds: tuple[str, ...]) -> str:
    """Kinds of building in the rule's words: 농장이나 광산, 도시 건물, 군사 유닛."""
    words = [w for w, group in (("농장", ("farm",)), ("광산", ("mine",)), ("도시 건물", URBAN), ("군사 유닛", UNITS))
             if set(group) & set(kinds)]
    return "".join(josa(w, "이나") + " " for w in words[:-1]) + words[-1]


def check_build(civ: Civ, tid: str, discount: int = 0, kinds: tuple[str, ...] | None = None,
                action: bool = True, idle: int = 0, tesla: int = 0) -> int:
    """The resources building on ``tid`` costs, or the reason it cannot be built (``idle``: workers
    about to join the idle ones, for Barbarossa's growth; ``tesla``: see ``tesla_surcharge``)."""
    c = card(tid)
    rule = build_rule(c.kind)
    if c.type != "technology" or c.kind not in (*PRODUCTION, *URBAN, *UNITS):
        raise fail("cannot-build-here", f"{josa(c.name, '은')} 농장, 광산, 도시 건물이나 군사 유닛의 기술이 아닙니다: "
                   "일꾼은 그런 기술 카드 위에 짓습니다.", rule)
    if kinds is not None and c.kind not in kinds:
        raise fail("cannot-build-here", f"{josa(c.name, '은')} {_kind_words((c.kind,))}의 기술입니다: 이 행동으로는 "
                   f"{_kind_words(kinds)}만 짓습니다.", rule)
    in_play(civ, tid, rule)
    if action:
        if c.kind in UNITS:
            need_military(civ, rule)
        else:
            need_civil(civ, 1, rule)
    check_limit(civ, c.kind)
    if not civ.idle + idle:
        raise fail("no-idle-worker", "일하지 않는 일꾼이 없습니다.", rule)
    cost = build_price(civ, tid, discount, tesla)
    need_resources(civ, cost, rule, military=c.kind in UNITS)
    return cost


def build_price(civ: Civ, tid: str, discount: int = 0, tesla: int = 0) -> int:
    """The resources building on ``tid`` costs, ``discount`` less (``tesla``: see ``tesla_surcharge``)."""
    return max(0, build_cost(civ, tid) - discount) + (tesla if card(tid).kind in SCHOOLS else 0)


def upgrade(civ: Civ, old: str, new: str, discount: int = 0, action: bool = True, tesla: int = 0,
            bach_price: str = "excess") -> None:
    """Move a worker from a lower technology to a higher one of the same kind, paying the difference."""
    cost = check_upgrade(civ, old, new, discount, action, tesla, bach_price)
    if bach_upgrade(civ, old, new, action):
        civ.bach_used = True
    if action:
        if card(old).kind in UNITS:
            civ.military_left -= 1
        else:
            spend_civil(civ, 1)
    pay_resources(civ, cost, "tta.simple.round2.upgrade", military=card(old).kind in UNITS)
    civ.workers[old] -= 1
    civ.workers[new] = civ.workers.get(new, 0) + 1


def bach_upgrade(civ: Civ, old: str, new: str, action: bool = True) -> bool:
    """J.S. Bach (2015): for a civil action, an urban building becomes a theater of the same level or higher."""
    a, b = card(old), card(new)
    return (civ.leader == "js_bach@15" and action and a.type == "technology" and a.kind in URBAN
            and a.kind != "theater" and b.kind == "theater" and b.level >= a.level)


def check_upgrade(civ: Civ, old: str, new: str, discount: int = 0, action: bool = True, tesla: int = 0,
                  bach_price: str = "excess") -> int:
    """The resources the upgrade costs, or the reason it cannot be done. ``bach_price`` is option
    ``bach_upgrade_price``: what Bach's upgrade to a cheaper theater costs (see ``upgrade_price``)."""
    a, b = card(old), card(new)
    rule = "tta.simple.round2.military-upgrade" if a.kind in UNITS else "tta.simple.round2.upgrade"
    in_play(civ, old, rule)
    in_play(civ, new, rule)
    if bach_upgrade(civ, old, new, action):
        if civ.bach_used:
            raise fail("once-a-turn", "바흐로 도시 건물을 극장으로 바꾸는 향상은 한 턴에 한 번뿐입니다.", "tta15.cards.leaders")
        check_limit(civ, "theater")  # one more theater
    elif a.type != "technology" or a.kind != b.kind or b.level <= a.level:
        raise fail("bad-upgrade", f"{a.name}에서 {josa(b.name, '으로')}는 향상할 수 없습니다 "
                   "(같은 종류의 더 높은 등급으로만 향상합니다).", rule)
    if not civ.workers.get(old):
        raise fail("no-worker-there", f"{a.name} 위에 일꾼이 없습니다.", rule)
    if action:
        if a.kind in UNITS:
            need_military(civ, rule)
        else:
            need_civil(civ, 1, rule)
    cost = upgrade_price(civ, old, new, discount, tesla, bach_price, action)
    need_resources(civ, cost, rule, military=a.kind in UNITS)
    return cost


def upgrade_price(civ: Civ, old: str, new: str, discount: int = 0, tesla: int = 0, bach_price: str = "excess",
                  action: bool = True) -> int:
    """The resources moving a worker from ``old`` to ``new`` costs: what the new building costs more. Only
    J.S. Bach's upgrade can go to a cheaper card (a level-I lab to a level-I theater); then it costs nothing, or
    with ``bach_price`` "difference" (option ``bach_upgrade_price``) the gap between the two costs all the same."""
    gap = build_cost(civ, new) - build_cost(civ, old)
    if bach_price == "difference" and bach_upgrade(civ, old, new, action):
        gap = abs(gap)
    return max(0, gap - discount) + (tesla if card(old).kind in SCHOOLS else 0)


def destroy(civ: Civ, tid: str) -> None:
    """Take a worker off a building, farm, mine or unit; it becomes idle (nothing is refunded)."""
    check_destroy(civ, tid)
    if card(tid).kind in UNITS:
        civ.military_left -= 1
    else:
        spend_civil(civ, 1)
    civ.workers[tid] -= 1
    civ.idle += 1


def check_destroy(civ: Civ, tid: str) -> None:
    c = card(tid)
    rule = "tta.simple.round2.military" if c.kind in UNITS else "tta.simple.round2.destroy"
    in_play(civ, tid, rule)
    if not civ.workers.get(tid):
        raise fail("no-worker-there", f"{c.name} 위에 일꾼이 없습니다.", rule)
    if c.kind in UNITS:
        need_military(civ, rule)
    else:
        need_civil(civ, 1, rule)


# --- wonders ------------------------------------------------------------------------------------
def check_stage(civ: Civ, stages: int = 1) -> None:
    """What building wonder stages needs besides their payment: a wonder with that many stages left."""
    rule = "tta.simple.round2.wonder"
    if civ.wonder is None:
        raise fail("no-wonder", "건설 중인 문화 유산이 없습니다.", rule)
    w = card(civ.wonder)
    if stages > len(w.stages) - civ.wonder_stages:
        raise fail("too-many-stages", f"{w.name}에는 남은 단계가 {len(w.stages) - civ.wonder_stages}개뿐입니다.", rule)


def check_stages(civ: Civ, stages: int, discount: int = 0, token: str = "needed") -> None:
    """The reason the next ``stages`` stages cannot be built and paid, if any. Paying may take change from
    the blue bank that the next stage's token needs, so the payment is tried on a copy."""
    check_stage(civ, stages)
    _pay_stages(clone(civ), stages, discount, token)


def build_stages(civ: Civ, stages: int, discount: int = 0, token: str = "needed") -> None:
    """Build the next stage(s) of the wonder under construction (paying each), completing it at the last."""
    check_stage(civ, stages)
    _pay_stages(civ, stages, discount, token)
    if civ.wonder_stages == len(card(civ.wonder).stages):
        complete_wonder(civ)


def _pay_stages(civ: Civ, stages: int, discount: int, token: str) -> None:
    """Pay for the stages one by one and mark each with a blue token (the last stage needs none). With the
    blue bank empty, ``token`` (option wonder_stage_token) says whether the stage waits (``needed``) or is
    built without its token (``skip``)."""
    rule = "tta.simple.round2.wonder"
    w = card(civ.wonder)
    for _ in range(stages):
        cost = max(0, w.stages[civ.wonder_stages] - discount)
        discount = 0  # a card's discount is for one stage
        pay_resources(civ, cost, rule)
        last = civ.wonder_stages + 1 == len(w.stages)
        if not last and not civ.blue_bank:
            if token == "needed":
                raise fail("no-blue-token", "단계를 표시할 파란 토큰이 파란색 저장소에 없습니다.",
                           "tta.options.wonder-stage-token")
            civ.wonder_unmarked += 1
        else:
            civ.blue_bank -= 1
        civ.wonder_stages += 1


def clear_wonder(civ: Civ) -> str:
    """Take the wonder under construction off its place (completed or lost); the blue tokens on its stages go
    back to the bank. Returns its id."""
    wid = civ.wonder
    civ.blue_bank += civ.wonder_stages - civ.wonder_unmarked
    civ.wonder, civ.wonder_stages, civ.wonder_unmarked = None, 0, 0
    return wid


def complete_wonder(civ: Civ) -> None:
    recount(civ, lambda: civ.wonders.append(clear_wonder(civ)))
    more = card(civ.wonders[-1]).extra.get("blue_tokens", 0)  # Taj Mahal (2015): its blue token joins the bank
    civ.blue_total += more
    civ.blue_bank += more
    civ.culture += completion_culture(civ, civ.wonders[-1])


def completion_culture(civ: Civ, wid: str) -> int:
    """Culture an Age III wonder scores once, when it is completed."""
    wid = effect(wid)
    if wid == "hollywood@15":  # twice the culture the theaters and libraries produce
        return 2 * levels.per_worker(civ, "culture", ("theater", "library"))
    if wid == "internet@15":  # the urban buildings' culture, science and strength
        return sum(levels.per_worker(civ, stat, URBAN) for stat in ("culture", "science", "strength"))
    if wid == "hollywood":
        return 2 * levels.level_sum(civ, ("theater", "library"))
    if wid == "internet":
        return 2 * levels.level_sum(civ, ("lab", "library"))
    if wid == "first_space_flight":
        return sum(card(t).level for t in [*civ.technologies, civ.government])
    if wid == "fast_food_chains":
        return levels.count(civ, (*URBAN, *UNITS)) + 2 * levels.count(civ, PRODUCTION)
    return 0


def check_wonder(civ: Civ, stages: int, token: str = "needed") -> None:
    """The reason building ``stages`` stages with one civil action is not allowed, if any."""
    rule = "tta.simple.round2.wonder"
    most = construction(civ).get("wonder_stages", 1)
    if stages > most:
        raise fail("one-stage-only", f"시민 행동 하나로 지을 수 있는 문화 유산 단계는 {most}단계입니다 "
                   "(석공술 2, 건축 3, 공학 4).", rule if stages == 2 else "tta.advanced.construction")
    need_civil(civ, 1, rule)
    check_stages(civ, stages, token=token)


def wonder(civ: Civ, stages: int, token: str = "needed") -> None:
    """Build wonder stages with one civil action (``token``: see ``_pay_stages``)."""
    check_wonder(civ, stages, token)
    spend_civil(civ, 1, "tta.simple.round2.wonder")
    build_stages(civ, stages, token=token)


# --- cards from the hand ---------------------------------------------------------------------------
# What each use of a hand card needs, as the rule says it: the kind of card (for a refusal of another kind) and
# the rule itself (for a card of that kind not in the hand).
FROM_HAND = {"leader": ("지도자", "지도자는 손에 든 지도자 카드를 내려놓습니다"),
             "technology|special|government": ("기술", "기술은 손에 든 기술 카드로 개발합니다"),
             "government": ("정부", "혁명은 손에 든 정부 카드로 합니다"),
             "action": ("행동", "행동 카드는 손에 든 것을 씁니다")}


def from_hand(civ: Civ, cid: str, kind: str, rule: str) -> None:
    c = card(cid)
    wanted, how = FROM_HAND[kind]
    if c.type not in kind.split("|"):
        raise fail("wrong-card-type", f"{josa(c.name, '은')} {wanted} 카드가 아닙니다: {how}.", rule)
    if cid not in civ.hand:
        raise fail("not-in-hand", f"{c.name} 카드가 손에 없습니다: {how}.", rule)


HOMER = "homer@15"


def check_leader(civ: Civ, cid: str, wonder: str | None = None) -> None:
    """The reason the leader may not be played (``wonder``: 2015 Homer, replaced, goes under it), if any."""
    rule = "tta.simple.round2.leader"
    from_hand(civ, cid, "leader", rule)
    need_civil(civ, 1, rule)
    if wonder is not None:
        check_under_wonder(civ, wonder)


def check_under_wonder(civ: Civ, wonder: str) -> None:
    """Homer (2015), when replaced, may go under one of the player's completed wonders (tta15.cards.homer)."""
    rule = "tta15.cards.homer"
    if civ.edition != 2015:
        raise fail("edition-2015-only", "지도자를 문화 유산 밑에 넣는 것은 2015년판 호메로스의 능력입니다.", rule)
    if civ.leader != HOMER:
        now = card(civ.leader).name if civ.leader else "없음"
        raise fail("not-homer", f"문화 유산 밑에 넣을 수 있는 지도자는 바뀌는 호메로스뿐입니다 (지금 지도자: {now}).",
                   rule)
    if wonder not in civ.wonders:
        done = ", ".join(card(w).name for w in civ.wonders) or "없음"
        raise fail("not-completed-wonder", f"{josa(card(wonder).name, '은')} 내 앞에 완성되어 앞면인 문화 유산이 "
                   f"아닙니다 (완성한 문화 유산: {done}).", rule)


def play_leader(civ: Civ, cid: str, wonder: str | None = None) -> None:
    """Play a leader from the hand; one already in play leaves (2015 Homer under ``wonder`` if named)."""
    check_leader(civ, cid, wonder)
    spend_civil(civ, 1)
    # tta15.cards.leaders: replacing a leader gives the action back, unless Homer goes under a wonder
    if civ.leader and EDITIONS[civ.edition].has("leader_refund") and wonder is None:
        civ.civil_left += 1

    def seat() -> None:
        civ.hand.remove(cid)
        if civ.leader and wonder:
            civ.under_wonders[civ.leader] = wonder
        elif civ.leader:  # the former leader is discarded with its effects
            civ.culture += levels.farewell_culture(civ)
            civ.discarded.append(civ.leader)
        civ.leader_change = "replaced" if civ.leader or civ.leader_change == "replaced" else "played"
        civ.leader = cid
    recount(civ, seat)


CHURCHILL_CHOICES = {"문화": "culture", "군사": "military"}  # the written word -> Civ.churchill


def churchill_word(civ: Civ) -> str | None:
    """The written word of Churchill's (2015) choice this turn, if one was made."""
    return next((k for k, v in CHURCHILL_CHOICES.items() if v == civ.churchill), None)


def check_churchill(civ: Civ) -> None:
    """The reason Winston Churchill's (2015) choice of the turn may not be made now, if any."""
    rule = "tta15.cards.churchill"
    if civ.edition != 2015:
        raise fail("edition-2015-only", "턴마다 문화나 군사를 고르는 것은 2015년판 윈스턴 처칠의 능력입니다.", rule)
    if civ.leader != levels.CHURCHILL:
        now = card(civ.leader).name if civ.leader else "없음"
        raise fail("not-churchill", f"윈스턴 처칠이 이끄는 문명만 고릅니다 (지금 지도자: {now}).", rule)
    chosen = churchill_word(civ)
    if chosen:
        raise fail("once-a-turn", f"처칠의 선택은 턴마다 한 번이고, 이번 턴에는 이미 {josa(chosen, '을')} 골랐습니다.",
                   rule)


def churchill(civ: Civ, choice: str) -> None:
    """Winston Churchill (2015), once a turn: 3 culture now, or ("military") 3 science and 3 resources for
    military units and their technologies this turn (levels.churchill_military)."""
    check_churchill(civ)
    civ.churchill = choice
    if choice == "culture":
        civ.culture += card(levels.CHURCHILL).extra["choice"]["culture"]


class Cooperation(NamedTuple):
    """Scientific Cooperation seen from the developing player: the partner who pays 1 science, and the
    science the pact card saves."""
    civ: Civ
    discount: int


def research_partner(state: TtaState, player: str, revolution: bool = False) -> Cooperation | None:
    """The player's Scientific Cooperation when it develops a technology (option cooperation_revolution: a
    revolution counts too), or None."""
    if revolution and not state.options.get("cooperation_revolution", True):
        return None
    pact = military(state).research_partner(state, player)
    return Cooperation(state.civs[pact[0]], pact[1]) if pact else None


def check_partner(partner: Cooperation | None) -> int:
    """The science Scientific Cooperation saves, or why the technology cannot be developed now."""
    if partner is None:
        return 0
    if partner.civ.science < 1:
        raise fail("partner-cannot-pay", "과학 협력의 상대에게 낼 과학 점수 1이 없어 지금은 기술을 개발할 수 없습니다.",
                   "tta.advanced.pacts")
    return partner.discount


def check_develop(civ: Civ, cid: str, by_card: bool = False, discount: int = 0, action: bool = True,
                  partner: Cooperation | None = None) -> int:
    """The science developing ``cid`` costs (``discount`` less), or the reason it cannot be developed
    (``action``: it takes a civil action; an event's free development does not; ``partner``: see
    ``research_partner``)."""
    c = card(cid)
    rule = "tta.simple.round2.government.peaceful" if c.type == "government" else "tta.simple.round2.technology"
    from_hand(civ, cid, "technology|special|government", rule)
    if c.type == "government" and by_card:
        raise fail("wrong-card-type", "과학의 발전으로 정부를 바꾸는 것은 혁명으로만 합니다.", rule)
    if not by_card and action:
        need_civil(civ, 1, rule)
    science = max(0, development_cost(civ, cid) - discount - check_partner(partner))
    have = civ.science + unit_science(civ, cid, science)
    if have < science:
        raise fail("not-enough-science", f"과학 점수가 {science} 필요한데 {have}뿐입니다.", rule)
    return science


def unit_science(civ: Civ, cid: str, science: int) -> int:
    """The part of ``science`` the turn's science for military unit technologies pays (Churchill, 2015)."""
    return min(levels.military_science(civ), science) if card(cid).kind in UNITS else 0


def develop(civ: Civ, cid: str, by_card: bool = False, discount: int = 0, action: bool = True,
            partner: Cooperation | None = None) -> None:
    """Play a technology from the hand for its science cost; a government this way is the peaceful change."""
    c = card(cid)
    science = check_develop(civ, cid, by_card, discount, action, partner)
    if partner is not None:
        partner.civ.science -= 1
    if not by_card and action:
        spend_civil(civ, 1)
    used = levels.civil_total(civ) - civ.civil_left
    military_used = levels.military_total(civ) - civ.military_left
    pool = unit_science(civ, cid, science)  # spent first
    civ.military_science_spent += pool
    civ.science -= science - pool

    def lay_down() -> None:
        civ.hand.remove(cid)
        if c.type == "government":
            civ.discarded.append(civ.government)
            civ.government = cid
        elif c.type == "special":
            lay_special(civ, cid)
        else:
            civ.technologies.append(cid)
    recount(civ, lay_down)
    if c.type == "government":  # the used tokens stay used under the new government
        civ.civil_left = max(0, levels.civil_total(civ) - used)
        civ.military_left = max(0, levels.military_total(civ) - military_used)
    technology_played(civ)


def lay_special(civ: Civ, cid: str) -> None:
    """A special technology comes into play (developed, or taken in a War over Technology): it replaces the
    older one of its kind (the caller recounts the action tokens)."""
    old = [t for t in civ.technologies if card(t).type == "special" and card(t).kind == card(cid).kind]
    civ.discarded += old
    civ.technologies[:] = [t for t in civ.technologies if t not in old] + [cid]
    # Justice System, Civil Service: their blue tokens, not added again over the one replaced
    more = card(cid).extra.get("blue_tokens", 0) - max((card(t).extra.get("blue_tokens", 0) for t in old), default=0)
    civ.blue_total += max(0, more)
    civ.blue_bank += max(0, more)


def development_cost(civ: Civ, cid: str) -> int:
    """The science developing ``cid`` costs before any discount: a government's peaceful change, or the
    technology's research cost."""
    c = card(cid)
    return c.peaceful if c.type == "government" else research_cost(civ, cid)


def research_cost(civ: Civ, cid: str) -> int:
    """Science to develop a technology: J.S. Bach 1 less for theaters (2015: 2), Churchill 3 less for units,
    William Shakespeare (2015) 1 less for a theater or library."""
    c = card(cid)
    less = {"js_bach": 1, "js_bach@15": 2}.get(civ.leader or "", 0) if c.kind == "theater" else 0
    less += levels.shakespeare_discount(civ, c.kind)
    less += 3 if c.kind in UNITS and civ.leader == "winston_churchill" else 0
    return max(0, c.research - less)


def technology_played(civ: Civ, leonardo: bool = True) -> None:
    """What a leader gives each time a technology card is played (developed, a revolution …).

    ``leonardo`` (option leonardo_revolution for a revolution): Leonardo da Vinci's resource counts."""
    leads = levels.leader(civ)
    if leads == "leonardo_da_vinci" and leonardo:
        tokens.gain(civ, RES, 1)
    elif leads == "isaac_newton":  # one spent civil action comes back
        civ.civil_left = min(levels.civil_total(civ), civ.civil_left + 1)
    elif leads == "albert_einstein":
        civ.culture += 3


def check_revolution(civ: Civ, cid: str, by_card: bool = False, partner: Cooperation | None = None,
                     robespierre: str = "unspent") -> int:
    """The science the revolution costs, or the reason it cannot be made now.

    ``robespierre`` (option robespierre_revolution): with Maximilien Robespierre the revolution spends the
    military actions instead, ``unspent`` all of them (none spent yet this turn), ``remaining`` those left
    (at least one)."""
    rule = "tta.simple.round2.government.revolution"
    from_hand(civ, cid, "government", rule)
    if levels.leader(civ) == "maximilien_robespierre":
        if robespierre == "unspent" and civ.military_left < levels.military_total(civ) + civ.military_extra:
            raise fail("revolution-not-first", "로베스피에르의 혁명은 이번 턴에 군사 행동을 쓰기 전에만 할 수 있습니다.",
                       "tta.options.robespierre")
        if robespierre == "remaining" and civ.military_left < 1:
            raise fail("no-military-action", "로베스피에르의 혁명에 쓸 군사 행동이 남아 있지 않습니다.",
                       "tta.options.robespierre")
    elif civ.civil_used and not by_card:
        raise fail("revolution-not-first", "혁명은 이번 턴의 첫 시민 행동으로만 할 수 있습니다.", rule)
    science = max(0, card(cid).research - check_partner(partner))
    if civ.science < science:
        raise fail("not-enough-science", f"과학 점수가 {science} 필요한데 {civ.science}뿐입니다.", rule)
    return science


def revolution(civ: Civ, cid: str, by_card: bool = False, leonardo: bool = True, partner: Cooperation | None = None,
               robespierre: str = "unspent") -> None:
    """Change the government by revolution: the first and only civil action of the turn, lower cost.

    ``by_card``: through 과학의 발전 played as the turn's first civil action (checked by the caller);
    ``robespierre``: see ``check_revolution``.
    """
    science = check_revolution(civ, cid, by_card, partner, robespierre)
    by_military = levels.leader(civ) == "maximilien_robespierre"  # pays with the military actions instead
    if civ.leader == "maximilien_robespierre@15":  # and scores 3 culture for it
        civ.culture += 3
    civ.science -= science
    if partner is not None:
        partner.civ.science -= 1
    civil_used = levels.civil_total(civ) - civ.civil_left
    military_used = levels.military_total(civ) - civ.military_left

    def replace() -> None:
        civ.hand.remove(cid)
        civ.discarded.append(civ.government)
        civ.government = cid
    recount(civ, replace)
    if by_military:
        civ.military_left = 0
        civ.civil_left = max(0, levels.civil_total(civ) - civil_used)
    else:
        civ.civil_left = 0
        civ.civil_used = True
        civ.military_left = max(0, levels.military_total(civ) - military_used)
    technology_played(civ, leonardo)


# Action cards that build a farm or mine (풍요로운 땅) or an urban building (명당, 도시 성장) for less.
BUILDERS = {"rich_land": PRODUCTION, "ideal_building_site": URBAN, "urban_growth": URBAN}
RESERVES = {"식량": FOOD, "자원": RES}  # 예비 물자 (2015): the player names which one to gain


def builds_or_upgrades(c: Card) -> bool:
    """2015's 풍요로운 땅 and 도시 성장 build *or upgrade* (one target: build, two: upgrade); 2006's 풍요로운 땅
    and 명당 only build (tta15.cards.actions)."""
    return c.edition == 2015 and c.family in BUILDERS


def action_targets(c: Card) -> tuple[int, ...]:
    """How many arguments the action card takes (cards to build on or upgrade, or 예비 물자's choice)."""
    if c.family in BUILDERS:
        return (1, 2) if builds_or_upgrades(c) else (1,)
    return {"efficient_upgrade": (2,), "breakthrough": (1,), "reserves": (1,)}.get(c.family, (0,))


def _targets(c: Card) -> str:
    """What an action card is played on, in the rule's words (for a refusal of a card played on too few or many)."""
    if c.family in BUILDERS:
        where = "농장이나 광산" if BUILDERS[c.family] == PRODUCTION else "도시 건물"
        return f"{where} 기술을 하나(지을 곳) 또는 둘(향상할 것과 향상될 것) 골라" if builds_or_upgrades(c) \
            else f"{where} 기술을 하나(지을 곳) 골라"
    return {"efficient_upgrade": "기술을 둘(향상할 것과 향상될 것) 골라", "breakthrough": "개발할 기술 카드를 하나 골라",
            "reserves": "식량이나 자원 가운데 하나를 골라"}.get(c.family, "다른 카드를 고르지 않고")


def _builder(state: TtaState, player: str, c: Card, args: tuple[str, ...], check: bool) -> None:
    """풍요로운 땅, 명당, 도시 성장: check (or do) the build on ``args[0]``, or the upgrade ``args[0]`` → ``args[1]``."""
    civ, kinds = state.civs[player], BUILDERS[c.family]
    tesla = tesla_surcharge(state, player) if kinds == URBAN else 0
    if len(args) == 1:
        (check_build if check else build)(civ, args[0], c.discount, kinds, action=False, tesla=tesla)
        return
    if card(args[0]).kind not in kinds:
        raise fail("bad-upgrade", f"{josa(c.name, '은')} {'농장과 광산' if kinds == PRODUCTION else '도시 건물'}에만 "
                   "씁니다.", "tta15.cards.actions")
    (check_upgrade if check else upgrade)(civ, args[0], args[1], c.discount, action=False, tesla=tesla)


def check_action(state: TtaState, player: str, cid: str, args: tuple[str, ...]) -> None:
    """The reason the action card may not be played so (with these targets), if any."""
    civ = state.civs[player]
    rule = "tta.simple.round2.action-card"
    from_hand(civ, cid, "action", rule)
    if civ.hand.count(cid) <= civ.fresh.count(cid):
        raise fail("card-taken-this-turn", f"{josa(card(cid).name, '은')} 이번 턴에 가져온 카드라 다음 턴부터 씁니다.",
                   "tta.simple.round1.action-card")
    c = card(cid)
    family = c.family
    needs = action_targets(c)
    if len(args) not in needs:
        raise fail("bad-card-target", f"{josa(c.name, '은')} {_targets(c)} 씁니다 (고른 것 {len(args)}개).", rule)
    if family == "reserves" and args[0] not in RESERVES:
        raise fail("bad-card-target", f"{josa(c.name, '은')} 식량이나 자원 가운데 얻을 것 하나를 골라 씁니다.",
                   "tta15.cards.actions")
    need_civil(civ, 1, rule)
    # the card's own action: none of these checks looks at the civil action or the card it spends
    if family == "frugality":
        check_grow(civ, moses=state.options["frugality_moses"])
    elif family in BUILDERS:
        _builder(state, player, c, args, check=True)
    elif family == "efficient_upgrade":
        if card(args[0]).kind in UNITS:
            raise fail("bad-upgrade", "효율적인 향상은 농장, 광산, 도시 건물에만 씁니다.", rule)
        check_upgrade(civ, args[0], args[1], c.discount, action=False, tesla=tesla_surcharge(state, player))
    elif family == "breakthrough":
        if card(args[0]).type == "government":
            if state.options["breakthrough_government"] == "forbidden":
                raise fail("wrong-card-type", "이 게임의 읽기(과학의 발전과 정부 카드: 쓸 수 없음)에서는 "
                           "과학의 발전을 정부 카드에 쓸 수 없습니다: 정부는 혁명이나 평화로운 교체로만 바꿉니다.", "tta.options.breakthrough-government")
            if civ.civil_used:
                raise fail("revolution-not-first", "혁명은 이번 턴의 첫 시민 행동으로만 할 수 있습니다.",
                           "tta.simple.round2.government.revolution")
            check_revolution(civ, args[0], by_card=True, partner=research_partner(state, player, revolution=True),
                             robespierre=state.options["robespierre_revolution"])
        else:
            check_develop(civ, args[0], by_card=True, partner=research_partner(state, player))
    elif family == "engineering_genius":
        check_stages(civ, 1, c.discount, state.options["wonder_stage_token"])


def play_action(state: TtaState, player: str, cid: str, args: tuple[str, ...]) -> None:
    """Play an action card (one civil action, including any action the card contains)."""
    check_action(state, player, cid, args)
    civ = state.civs[player]
    c = card(cid)
    family = c.family
    spend_civil(civ, 1)
    civ.hand.remove(cid)
    civ.discarded.append(cid)
    if family == "work_of_art":
        civ.culture += c.culture
    elif family == "revolutionary_idea":
        add_science(civ, c.science)
    elif family == "bountiful_harvest":
        tokens.gain(civ, FOOD, c.food)
    elif family == "mineral_deposits":
        tokens.gain(civ, RES, c.resources)
    elif family == "frugality":
        grow(civ, moses=state.options["frugality_moses"])
        tokens.gain(civ, FOOD, c.food)
    elif family in BUILDERS:
        _builder(state, player, c, args, check=False)
    elif family == "cultural_heritage":  # 2015: science and culture
        add_science(civ, c.science)
        civ.culture += c.culture
    elif family == "stockpile":  # 2015: food and resources
        tokens.gain(civ, FOOD, c.food)
        tokens.gain(civ, RES, c.resources)
    elif family == "reserves":  # 2015: food or resources, as the player names
        tokens.gain(civ, RESERVES[args[0]], c.extra["amount"])
    elif family == "efficient_upgrade":
        upgrade(civ, args[0], args[1], c.discount, action=False, tesla=tesla_surcharge(state, player))
    elif family == "engineering_genius":
        build_stages(civ, 1, c.discount, state.options["wonder_stage_token"])
    elif family == "patriotism":
        civ.military_left += c.military_actions
        civ.military_extra += c.military_actions
        civ.military_granted += c.resources
    elif family == "breakthrough":
        if card(args[0]).type == "government":
            revolution(civ, args[0], by_card=True, leonardo=state.options["leonardo_revolution"],
                       partner=research_partner(state, player, revolution=True),
                       robespierre=state.options["robespierre_revolution"])
        else:
            develop(civ, args[0], by_card=True, partner=research_partner(state, player))
        add_science(civ, c.science)
    elif family in ("wave_of_nationalism", "military_build_up"):  # per stronger civilization
        mine = levels.strength(state, player)
        ahead = sum(levels.strength(state, p) > mine for p in state.players if p != player)
        civ.military_granted += ahead * c.extra["per_civ"][len(state.players) - 2]
    elif family == "endowment_for_the_arts":  # per civilization with more culture
        ahead = sum(state.civs[p].culture > civ.culture for p in state.players if p != player)
        civ.culture += ahead * c.extra["per_civ"][len(state.players) - 2]
    else:
        raise AssertionError(f"no behaviour for action card {cid}")
