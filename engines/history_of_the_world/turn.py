"""One player's turn: kingdom, founding, invasions and battles, fortifying, monuments, retiring."""
from __future__ import annotations

from engines.core import IllegalMove, WrongPhase
from engines.core.korean import josa

from . import draft
from .scoring import add_points, turn_points
from .state import CAPITALS_CITIES, FORTS, MONUMENTS, SIEGE_TOKENS, Combat, HotwState, Land, Turn
from .world import World


def fail(message: str, rule: str, code: str) -> IllegalMove:
    return IllegalMove(message, rule=rule, code=code)


def current(state: HotwState) -> Turn:
    assert state.turn is not None
    return state.turn


def active_lands(state: HotwState, player: str) -> list[str]:
    return [name for name, land in state.lands.items() if land.owner == player and not land.retired]


def in_use(state: HotwState, piece: str) -> int:
    if piece == "fort":
        return sum(land.fort for land in state.lands.values())
    kinds = ("capital", "city") if piece == "capital" else (piece,)
    return sum(b in kinds for land in state.lands.values() for b in land.buildings)


# --- the flow of an epoch ----------------------------------------------------------------------
def set_turn_order(state: HotwState, world: World) -> None:
    chosen = [card for card in state.empire_cards.values() if card is not None]
    state.turn_order = sorted(chosen, key=lambda c: (world.empires[c]["order"], c))
    state.turn_index = 0


def begin_turn(state: HotwState, world: World) -> None:
    """The leader calls the next empire someone chose; its player takes the catapult."""
    if state.turn_index >= len(state.turn_order):
        end_epoch(state, world)
        return
    empire = state.turn_order[state.turn_index]
    player = next(p for p, card in state.empire_cards.items() if card == empire)
    state.turn = Turn(player=player, empire=empire)


def next_turn(state: HotwState, world: World) -> None:
    state.turn_index += 1
    begin_turn(state, world)


def end_epoch(state: HotwState, world: World) -> None:
    """Unused kingdoms of this epoch go back to the box; kept boosts stay; then the next epoch opens."""
    for player, cards in state.events.items():
        state.events[player] = [c for c in cards if not (world.events[c]["kind"] == "kingdom"
                                                         and world.events[c]["epoch"] <= state.epoch)]
    state.turn, state.turn_order = None, []
    if state.epoch >= state.last_epoch:
        state.over = True
        return
    state.epoch += 1
    draft.start_draft(state)


# --- founding ----------------------------------------------------------------------------------
def found(state: HotwState, world: World, card_name: str, is_empire: bool) -> None:
    """Clear the start land, fill the card with armies (siege tokens for any shortfall), stand one
    army on the start land with the card's building, and put out its fleets and caravans."""
    t = current(state)
    card = world.card(card_name)
    t.force, t.step = card_name, "invade"
    start = card["start"]
    old = state.lands[start]
    if old.owner is not None:
        state.reserve[old.owner] += 1
    state.lands[start] = Land()
    take_armies(state, card["armies"])
    if is_empire and card.get("ability") == "siege_tokens":
        t.siege_tokens = min(SIEGE_TOKENS, t.siege_tokens + card.get("siege_tokens", 0))
    if t.card_armies:
        t.card_armies -= 1
        state.lands[start].owner = t.player
    if card["building"] in ("capital", "city") and in_use(state, "capital") < CAPITALS_CITIES:
        state.lands[start].buildings.append(card["building"])
    for zone in card["fleets"]:
        place_fleet(state, world, zone, founding=True)


def take_armies(state: HotwState, count: int) -> None:
    t = current(state)
    armies = min(count, state.reserve[t.player])
    state.reserve[t.player] -= armies
    t.card_armies += armies
    t.siege_tokens = min(SIEGE_TOKENS, t.siege_tokens + count - armies)


def place_fleet(state: HotwState, world: World, zone: str, founding: bool) -> None:
    t = current(state)
    if zone not in t.fleets:
        t.fleets.append(zone)
    if world.zones[zone]["kind"] == "ocean" and (founding or state.options["ocean_spread"] == "always"):
        if zone not in t.spread:
            t.spread.append(zone)


# --- where an invasion can go ------------------------------------------------------------------
def fleet_zones(state: HotwState, world: World) -> set[str]:
    """Zones holding my fleet or caravan, counting every sea touched by an ocean fleet (section 21)."""
    t = current(state)
    zones = set(t.fleets)
    for ocean in t.spread:
        zones |= {z for z in world.zone_links[ocean] if world.zones[z]["kind"] == "sea"}
    return zones


def routes(state: HotwState, world: World) -> dict[str, list[str | None]]:
    """Each land the current force may invade → its routes: None over a border or strait, or the last
    zone of a chain of my fleets/caravans that touches it."""
    t = current(state)
    mine = set(active_lands(state, t.player))
    found_routes: dict[str, list[str | None]] = {}
    for land in mine:
        for other in world.neighbours[land]:
            found_routes.setdefault(other, [None])
    held = fleet_zones(state, world)
    reached = {z for z in held if mine & set(world.zones[z]["lands"])}
    frontier = list(reached)
    while frontier:
        for nxt in world.zone_links[frontier.pop()] & held:
            if nxt not in reached:
                reached.add(nxt)
                frontier.append(nxt)
    for zone in world.zones:
        if zone in reached:
            for land in world.zones[zone]["lands"]:
                found_routes.setdefault(land, []).append(zone)
    return {land: found_routes[land] for land in world.lands if land in found_routes and land not in mine}


def invade(state: HotwState, world: World, land: str, zone: str | None) -> None:
    t = current(state)
    check_invasion(state, world, land, zone)
    target = state.lands[land]
    t.card_armies -= 1
    if target.owner is None or target.owner == t.player:
        if target.owner == t.player:  # my own retired army goes back to me; no battle
            state.reserve[t.player] += 1
        target.owner, target.retired = t.player, False
        return
    naval = zone is not None and world.zones[zone]["kind"] != "wasteland"
    t.combat = Combat(land=land, defender=target.owner, naval=naval)


def may_invade(state: HotwState, land: str) -> bool:
    """Whether the option lets me invade ``land`` at all (``own_retired: forbidden`` closes my retired lands)."""
    target = state.lands[land]
    return not (target.owner == current(state).player and state.options["own_retired"] == "forbidden")


def check_invasion(state: HotwState, world: World, land: str, zone: str | None) -> None:
    """Raise if ``invade land [zone]`` is not allowed now; ``legal_moves`` lists the routes that pass."""
    t = current(state)
    _need_invasion_step(state)
    if t.card_armies == 0:
        if t.siege_tokens:
            raise fail("제국 카드에 군대가 없습니다. 공성 토큰은 군대가 아니어서 침공에 쓸 수 없습니다.",
                       "hotw.siege", "tokens-cannot-invade")
        raise fail("제국 카드에 남은 군대가 없어 더 침공할 수 없습니다.", "hotw.turn.invade", "no-armies")
    if land in active_lands(state, t.player):
        raise fail(f"{land}에는 이미 내 활동 군대가 있습니다.", "hotw.invasion", "own-land")
    options = routes(state, world).get(land, [])
    if zone is None and None not in options:
        hint = f" 내 함대·카라반이 있는 {josa(options[-1], '을')} 거쳐서는 닿을 수 있습니다: 거쳐 갈 바다 구역을 " \
            "함께 고르세요." if options else ""
        raise fail(f"{josa(land, '은')} 내 활동 군대가 있는 땅과 맞닿아 있지 않습니다.{hint}", "hotw.invasion",
                   "not-adjacent")
    if zone is not None and zone not in options:
        raise fail(f"내 함대·카라반의 사슬로 {josa(zone, '을')} 거쳐 {land}에 닿을 수 없습니다.", "hotw.fleets",
                   "no-fleet-route")
    if not may_invade(state, land):
        raise fail(f"{land}에는 내 퇴역 군대가 있어 침공할 수 없습니다.", "hotw.invasion", "own-retired")


# --- battle ------------------------------------------------------------------------------------
def defence_dice(state: HotwState) -> int:
    combat = current(state).combat
    assert combat is not None
    return 2 if state.lands[combat.land].fort else 1


def roll(state: HotwState, world: World, dice: list[int]) -> None:
    combat = current(state).combat
    assert combat is not None
    if combat.stage == "roll":
        if len(dice) != 2 + defence_dice(state):
            raise WrongPhase(f"이 전투의 주사위는 공격 2개와 방어 {defence_dice(state)}개입니다.",
                             rule="hotw.combat")
        combat.attack, combat.defence = dice[:2], dice[2:]
        combat.rerolls = (["rough"] if world.lands[combat.land]["rough"] else []) + (["naval"] if combat.naval else [])
    else:
        if len(dice) != 1:
            raise WrongPhase("방어자가 다시 굴리는 주사위는 1개입니다.", rule="hotw.defence")
        combat.defence[combat.reroll_index] = dice[0]
    state.last_dice = [*combat.attack, *combat.defence]
    _after_roll(state, world)


def attack_value(state: HotwState, attack: list[int] | None = None) -> int:
    """The attack's value: its best die (of ``attack``, dice about to be rolled, when given) and its bonuses."""
    t = current(state)
    assert t.combat is not None
    siege = t.combat.siege if state.options["siege_bonus"] == "cumulative" else min(t.combat.siege, 1)
    return max(attack or t.combat.attack) + siege + t.battle_bonus


def _after_roll(state: HotwState, world: World) -> None:
    combat = current(state).combat
    assert combat is not None
    # A defender already winning has nothing to gain from a reroll, so we do not ask.
    if combat.rerolls and attack_value(state) >= max(combat.defence):
        combat.stage = "reroll"
    else:
        _resolve(state, world)


def reroll(state: HotwState, keep: bool, world: World, die: int | None = None) -> None:
    combat = current(state).combat
    assert combat is not None
    if keep:
        combat.rerolls = []
        _resolve(state, world)
        return
    combat.reroll_index = combat.defence.index(reroll_die(state, die))
    combat.rerolls.pop(0)
    combat.stage = "reroll-roll"


def choose_die(state: HotwState) -> bool:
    """Whether the defender names the die for the next reroll: the naval bonus lets them pick any die
    (section 21, option ``naval_reroll: choose``); rough terrain rerolls the highest (section 11)."""
    combat = current(state).combat
    assert combat is not None
    return combat.rerolls[0] == "naval" and state.options["naval_reroll"] == "choose"


def reroll_die(state: HotwState, die: int | None) -> int:
    """The defence die the next reroll replaces; raises if ``die`` (a value shown, or None) does not fit."""
    combat = current(state).combat
    assert combat is not None
    shown = ", ".join(map(str, combat.defence))
    if choose_die(state):
        if die not in combat.defence:
            raise fail(f"해군 방어 보너스로는 다시 굴릴 방어 주사위 하나를 골라야 합니다(지금 방어 주사위: {shown}).",
                       "hotw.fleets", "choose-die")
        return die
    if die is not None:
        bonus = "험지" if combat.rerolls[0] == "rough" else "해군"
        raise fail(f"{bonus} 방어 보너스로는 가장 높은 방어 주사위({max(combat.defence)})를 다시 굴립니다: 다시 굴릴 "
                   "주사위를 고르지 않습니다.",
                   "hotw.defence", "reroll-highest")
    return max(combat.defence)


def _resolve(state: HotwState, world: World) -> None:
    t = current(state)
    combat = t.combat
    assert combat is not None
    attack, defence = attack_value(state), max(combat.defence)
    if attack < defence:
        combat.stage = "lost"
        return
    land = state.lands[combat.land]
    state.reserve[combat.defender] += 1
    if attack > defence:
        land.owner, land.retired = t.player, False
    else:  # both armies removed
        state.reserve[t.player] += 1
        land.owner, land.retired = None, False
    _end_battle(state)
    land.fort = False
    if _collapse(state, land) and t.force == t.empire and world.empires[t.empire]["building"] == "torch":
        add_points(state, t.player, 1)


def _collapse(state: HotwState, land: Land) -> bool:
    """One building falls: by default a capital turns into a city, else a city goes, else a monument."""
    order = ["capital", "city", "monument"]
    if state.options["collapse_order"] == "monument-first":
        order = ["monument", "capital", "city"]
    for building in order:
        if building in land.buildings:
            land.buildings.remove(building)
            if building == "capital":
                land.buildings.append("city")
            return True
    return False


def _end_battle(state: HotwState) -> None:
    """The catapult's armies go back to their owner; a finished siege also discards the card's tokens."""
    t = current(state)
    assert t.combat is not None
    state.reserve[t.player] += t.catapult_armies
    t.catapult_armies = t.catapult_tokens = 0
    if t.combat.siege:
        t.siege_tokens = 0
    t.combat = None


def siege(state: HotwState, use_army: bool) -> None:
    t = current(state)
    combat = _lost_battle(state)
    if use_army or not t.siege_tokens:
        if not t.card_armies:
            raise fail("공성에 쓸 군대도 공성 토큰도 없습니다. 후퇴해야 합니다.", "hotw.combat", "no-siege-pieces")
        t.card_armies -= 1
        t.catapult_armies += 1
    else:
        t.siege_tokens -= 1
        t.catapult_tokens += 1
    combat.siege += 1
    combat.stage, combat.attack, combat.defence = "roll", [], []


def retreat(state: HotwState) -> None:
    t = current(state)
    _lost_battle(state)
    state.reserve[t.player] += 1  # the invading army
    _end_battle(state)


def _lost_battle(state: HotwState) -> Combat:
    combat = current(state).combat
    if combat is None or combat.stage != "lost":
        raise fail("공성이나 후퇴는 전투에서 졌을 때만 고릅니다. 이기거나 공멸한 전투는 이미 끝났습니다.",
                   "hotw.combat", "no-lost-battle")
    return combat


# --- fortify, boosts, monuments, retiring ------------------------------------------------------
def icons(state: HotwState, world: World) -> int:
    """Resource icons on the lands of my active armies (a land may show two)."""
    return sum(world.lands[land]["resources"] for land in active_lands(state, current(state).player))


def icon_lands(state: HotwState, world: World) -> int:
    """Lands of my active armies that show at least one resource icon."""
    return sum(world.lands[land]["resources"] > 0 for land in active_lands(state, current(state).player))


def ability(state: HotwState, world: World) -> str | None:
    """The empire's special ability; it never applies to a kingdom (section 16)."""
    t = current(state)
    return world.empires[t.empire].get("ability") if t.force == t.empire else None


def fortify(state: HotwState, world: World, land: str) -> None:
    t = current(state)
    payment = fortify_payment(state, world, land)
    if payment == "boost":
        t.free_forts -= 1
    elif payment == "ability":
        t.ability_forts += 1
    else:
        t.card_armies -= 1
        state.reserve[t.player] += 1
    state.lands[land].fort = True


def fortify_payment(state: HotwState, world: World, land: str) -> str:
    """How a fort on ``land`` would be paid now (a boost's free fort, the ability, or an army from the
    card); raises if it cannot be built. ``legal_moves`` asks the same question."""
    t = current(state)
    if t.step not in ("invade", "monuments") or t.combat is not None:
        raise WrongPhase("요새화는 침공 단계에서, 전투 중이 아닐 때 합니다.", rule="hotw.fortify")
    target = state.lands[land]
    if target.owner != t.player or target.retired:
        raise fail(f"{land}에는 내 활동 군대가 없어 요새화할 수 없습니다.", "hotw.fortify", "not-my-land")
    if target.fort:
        raise fail(f"{land}에는 이미 요새가 있습니다. 한 땅에 요새는 하나까지입니다.", "hotw.fortify", "fort-exists")
    if in_use(state, "fort") >= FORTS:
        raise fail("공급처에 요새가 남아 있지 않습니다.", "hotw.fortify", "no-forts-left")
    if t.free_forts:
        return "boost"
    if ability(state, world) == "fort_per_icon" and t.ability_forts < icons(state, world):
        return "ability"
    if t.step == "invade" and t.card_armies:
        return "army"
    if t.step == "monuments":
        raise fail("군대를 치르는 요새화는 침공 단계에서만 할 수 있습니다.", "hotw.fortify", "fortify-too-late")
    raise fail("요새화에 치를 군대가 제국 카드에 없습니다(공성 토큰으로는 치를 수 없습니다).", "hotw.fortify",
               "no-armies")


def play_boost(state: HotwState, world: World, card_name: str) -> None:
    t = current(state)
    card = world.events.get(card_name, {"kind": "empire"})
    if card["kind"] != "boost":
        what = "왕국 카드입니다. 왕국 카드로는 왕국을 세웁니다" if card["kind"] == "kingdom" else \
            "제국 카드입니다. 제국 카드로는 그 차례의 제국을 세웁니다"
        raise fail(f"{josa(card_name, '은')} {what}: 강화 효과는 강화 카드로만 얻습니다.", "hotw.events", "not-a-boost")
    if card_name not in state.events[t.player]:
        raise fail(f"{card_name} 카드를 가지고 있지 않습니다.", "hotw.events", "card-not-held")
    if t.force is not None and t.force != t.empire:
        raise fail("왕국을 이끄는 동안에는 강화 카드를 쓸 수 없습니다.", "hotw.events", "boost-in-kingdom")
    if t.force is None and state.options["boost_timing"] == "after-founding":
        raise fail("이 게임은 강화 카드를 제국을 세운 뒤에만 쓰는 선택 규칙을 따릅니다: 제국을 먼저 세우세요.",
                   "hotw.events", "boost-before-empire")
    if t.combat is not None:
        raise fail("전투가 진행되는 도중에는 강화 카드를 쓸 수 없습니다.", "hotw.events", "in-combat")
    if t.force is None:  # the boost serves this turn's empire, so no kingdom can be led after it
        t.kingdom_done = True
    effect = card["effect"]
    take_armies(state, effect.get("armies", 0))
    t.siege_tokens = min(SIEGE_TOKENS, t.siege_tokens + effect.get("siege_tokens", 0))
    t.free_forts += effect.get("forts", 0)
    t.battle_bonus += effect.get("battle_bonus", 0)
    if "fleet" in effect:
        place_fleet(state, world, effect["fleet"], founding=False)
    state.events[t.player].remove(card_name)
    t.played.append(card_name)


def start_kingdom(state: HotwState, world: World, card_name: str) -> None:
    t = current(state)
    card = world.events.get(card_name, {"kind": "empire"})
    if card["kind"] != "kingdom":
        what = "강화 카드입니다" if card["kind"] == "boost" else "제국 카드입니다"
        raise fail(f"{josa(card_name, '은')} {what}: 왕국은 이번 시대의 왕국 카드로만 세웁니다.", "hotw.events",
                   "not-a-kingdom")
    if card["epoch"] != state.epoch:
        raise fail(f"{josa(card_name, '은')} 제{card['epoch']}시대의 왕국입니다. 왕국은 고른 그 시대에만 쓸 수 있습니다.",
                   "hotw.events", "kingdom-expired")
    if card_name not in state.events[t.player]:
        raise fail(f"{card_name} 카드를 가지고 있지 않습니다.", "hotw.events", "card-not-held")
    if t.step != "start" or t.kingdom_done:
        raise fail("왕국은 제국을 이끌기 전에, 한 차례에 한 번만 이끕니다.", "hotw.turn.kingdom", "kingdom-too-late")
    state.events[t.player].remove(card_name)
    t.played.append(card_name)
    found(state, world, card_name, is_empire=False)


def monument_sites(state: HotwState, world: World) -> list[str]:
    """Lands where the next monument may go: my active lands without one, best priority tier only."""
    t = current(state)
    if in_use(state, "monument") >= MONUMENTS:
        return []
    free = [land for land in active_lands(state, t.player) if "monument" not in state.lands[land].buildings]
    if state.options["monument_priority"] == "free":
        return free
    tiers = (lambda l: "capital" in state.lands[l].buildings, lambda l: "city" in state.lands[l].buildings,
             lambda l: world.lands[l]["resources"] > 0, lambda l: True)
    return next(([land for land in free if tier(land)] for tier in tiers if any(tier(l) for l in free)), [])


def owed_monuments(state: HotwState, world: World) -> int:
    """One monument per two lands showing a resource icon (section 6-5: lands, not icons; a land with
    two icons alone owes nothing); the monument-per-icon ability owes one per icon instead."""
    t = current(state)
    if t.step == "monuments":
        return t.monuments_owed
    if ability(state, world) == "monument_per_icon":
        return icons(state, world)
    return icon_lands(state, world) // 2


def end_invasions(state: HotwState, world: World) -> None:
    t = current(state)
    _need_invasion_step(state, allow_monuments=True)
    if t.step == "invade":
        t.monuments_owed = owed_monuments(state, world)
        t.step = "monuments"


def build_monument(state: HotwState, world: World, land: str) -> None:
    t = current(state)
    end_invasions(state, world)
    if t.monuments_owed == 0:
        raise fail("세워야 할 기념물이 남아 있지 않습니다.", "hotw.turn.monuments", "no-monument-owed")
    sites = monument_sites(state, world)
    if land not in sites:
        if land in active_lands(state, t.player) and "monument" not in state.lands[land].buildings and sites:
            raise fail(f"기념물은 우선순위가 더 높은 땅({', '.join(sites)})에 먼저 세웁니다.",
                       "hotw.turn.monuments", "monument-priority")
        raise fail(f"{land}에는 기념물을 세울 수 없습니다(내 활동 군대가 있고 기념물이 없는 땅이어야 합니다).",
                   "hotw.turn.monuments", "monument-site")
    state.lands[land].buildings.append("monument")
    t.monuments_owed -= 1


def retire(state: HotwState, world: World) -> None:
    t = current(state)
    end_invasions(state, world)
    if t.monuments_owed and monument_sites(state, world):
        raise fail(f"기념물을 {t.monuments_owed}개 더 세워야 퇴역할 수 있습니다.", "hotw.turn.monuments",
                   "monuments-owed")
    state.reserve[t.player] += t.card_armies
    t.card_armies = t.siege_tokens = 0
    t.fleets, t.spread = [], []
    for land in active_lands(state, t.player):
        state.lands[land].retired = True
    if t.force != t.empire:  # a kingdom: no scoring; the empire comes next
        state.turn = Turn(player=t.player, empire=t.empire, kingdom_done=True, played=t.played)
        return
    t.step = "scored"
    add_points(state, t.player, turn_points(state, world, t.player))
    if not t.bump_pending:
        next_turn(state, world)


def _need_invasion_step(state: HotwState, allow_monuments: bool = False) -> None:
    t = current(state)
    if t.combat is not None:
        raise fail("전투가 끝나지 않았습니다(주사위, 다시 굴리기, 공성·후퇴 가운데 하나를 기다립니다).",
                   "hotw.combat", "in-combat")
    if t.step == "start":
        raise WrongPhase("먼저 제국을 세웁니다. 왕국 카드가 있다면 그 전에 왕국을 세웁니다.", rule="hotw.turn.found")
    if t.step == "monuments" and not allow_monuments:
        raise fail("기념물 건설을 시작했으므로 침공은 끝났습니다.", "hotw.turn.monuments", "invasions-over")
