"""The flow of the game around the actions: the card row, events, production and maintenance, the end."""
from __future__ import annotations

from . import levels, tokens
from engines.core.errors import RulesError
from engines.core.korean import josa

from .actions import (FOOD, RES, add_science, build, check_build, check_develop, check_grow, clear_wonder, develop, fail,
                      grow, recount)
from .catalog import AGES, MODE_AGES, PRODUCTION, URBAN, board, by_name, card
from .editions import has
from .hooks import military
from .state import Civ, Pending, TtaState


# --- start of a turn --------------------------------------------------------------------------------
def reset_actions(state: TtaState, civ: Civ) -> None:
    """Put the action tokens back on the government card (round 1: 1, 2, 3, 4 civil actions, no military)."""
    refill_tokens(civ)
    if state.round == 1:
        civ.civil_left, civ.military_left = state.active + 1, 0


def refill_tokens(civ: Civ) -> None:
    """Every action token back on the government card; the turn's own counts start again."""
    civ.civil_left, civ.military_left = levels.civil_total(civ), levels.military_total(civ)
    civ.civil_used = civ.liner_used = civ.hammurabi_used = civ.bach_used = False
    civ.leader_change = civ.churchill = ""
    civ.fresh.clear()
    civ.military_granted = civ.military_spent = civ.military_extra = civ.military_science_spent = 0


def refresh_at_end(state: TtaState) -> bool:
    """When the action tokens go back (tta15.end-of-turn): the 2015 edition refreshes them at the end of the
    owner's turn, so military actions spent defending in others' turns are missing from the next one; the
    2006 edition puts them back at the start of the turn."""
    return has(state, "tokens_back_at_end")


def refill_row(state: TtaState, sweep: bool = True) -> None:
    """Remove the front cards (by player count; not when ``sweep`` is off: International Agreement), slide
    the rest left and deal new cards into the gaps."""
    for i in range(board()["row_removal"][len(state.players)] if sweep else 0):
        if state.row[i] is not None:
            state.box.append(state.row[i])
            state.row[i] = None
    cards = [c for c in state.row if c is not None]
    state.row[:] = cards + [None] * (len(state.row) - len(cards))
    if state.last_round is not None:
        return
    for i, slot in enumerate(state.row):
        if slot is None:
            while not state.decks.get(state.age):
                end_age(state)
                if state.last_round is not None:
                    return
            state.row[i] = state.decks[state.age].pop(0)
    if state.age == "A":  # Age A ends at the first refill: its remaining cards go back to the box
        state.box += state.decks["A"]
        state.decks["A"].clear()
        end_age(state)
    elif not state.decks[state.age]:  # the age's last card is on the row: the age is over
        end_age(state)


def end_age(state: TtaState) -> None:
    """The current age is over (tta.advanced.end-of-age): the next begins, older cards become obsolete.

    When the last age of the mode ends the game's last round is set: the simple and advanced games end
    with this round; the full game (Age IV) plays to the end of the round and then one more round,
    unless the age ended at the start player's turn, when this round is the last.
    """
    ended = state.age
    mode = state.options["mode"]
    if mode == "simple" and ended == "I":  # the simple game has no later age: its last round is in Age I
        state.last_round = state.round
        return
    state.age = AGES[AGES.index(ended) + 1]
    if mode != "simple" and ended != "A":
        obsolete = AGES[AGES.index(ended) - 1]
        for civ in state.civs.values():
            discard_obsolete(civ, obsolete)
            if mode == "full":  # two yellow tokens from the bank back to the box; never a worker
                lost = min(2, civ.yellow_bank)
                civ.yellow_bank -= lost
                civ.yellow_total -= lost
        military(state).end_of_age(state, ended)
    if state.age not in MODE_AGES[mode]:  # no more civil cards: the game's last round(s)
        late = mode == "full" and state.active != 0
        state.last_round = state.round + (1 if late else 0)


def discard_obsolete(civ: Civ, age: str) -> None:
    """Cards of ``age`` that are no use any more: in the hand, the leader, the wonder under construction."""
    old = [c for c in civ.hand if card(c).age == age]
    civ.hand[:] = [c for c in civ.hand if card(c).age != age]
    civ.discarded += old
    if civ.leader and card(civ.leader).age == age:
        def retire() -> None:
            civ.discarded.append(civ.leader)
            civ.leader = None
        recount(civ, retire)
    if civ.wonder and card(civ.wonder).age == age:
        civ.discarded.append(clear_wonder(civ))


def reveal_event(state: TtaState) -> None:
    """The start player reveals the top current event from round 3; it applies to every civilization."""
    if not state.events:
        return
    eid = state.events.pop(0)
    state.past_events.append(eid)
    c = card(eid)
    e = c.extra
    order = state.players[state.active:] + state.players[:state.active]
    for p in order:
        civ = state.civs[p]
        add_science(civ, c.science)
        tokens.gain(civ, FOOD, c.food)
        tokens.gain(civ, RES, c.resources)
        if e.get("grow") and civ.yellow_bank:
            grow(civ, free=True, rule="tta.simple.later.events")
        if e.get("choice") or (e.get("free_build") and can_free_build(civ, e["free_build"])) \
                or c.family == CIVILIZATION:
            state.pending.append(Pending(player=p, event=eid))


def can_free_build(civ: Civ, tid: str) -> bool:
    """An event's free building or unit needs an idle worker and room under the building limit."""
    kind = card(tid).kind
    return bool(civ.idle) and not (kind in URBAN and levels.urban_count(civ, kind) >= levels.building_limit(civ))


CHOICES = {"식량": ("food", "음식"), "자원": ("resources", "resource"), "예": ("yes", "네"), "아니오": ("no", "아니요"),
           "인구": ("population", "grow")}
CIVILIZATION = "development_of_civilization"  # 2015: a civil action of the player's choice, 1 cheaper


def choices(state: TtaState) -> list[str]:
    pending = state.pending[0]
    if card(pending.event).family == CIVILIZATION:
        return civilization_choices(state.civs[pending.player], state.options["civilization_government"])
    e = card(pending.event).extra
    return ["식량", "자원"] if e.get("choice") else ["예", "아니오"]


def civilization_choices(civ: Civ, government: bool) -> list[str]:
    """Development of Civilization (2015 event): grow (인구), build a farm, mine or urban building (the
    technology's name), or develop a technology from the hand (its name), each 1 food, resource or science
    cheaper and without an action; or nothing (아니오). A government card counts as a technology when option
    ``civilization_government`` says so (the 2015 turn summary lays governments down by developing them)."""
    rule = "tta.simple.later.events"
    tries = [("인구", lambda: check_grow(civ, discount=1, rule=rule))]
    tries += [(card(t).name, lambda t=t: check_build(civ, t, discount=1, kinds=(*PRODUCTION, *URBAN), action=False))
              for t in civ.technologies if card(t).kind in (*PRODUCTION, *URBAN)]
    tries += [(card(h).name, lambda h=h: check_develop(civ, h, discount=1, action=False))
              for h in dict.fromkeys(civ.hand) if card(h).is_tech and (government or card(h).type != "government")]
    out = ["아니오"]
    for answer, check in tries:
        try:
            check()
        except RulesError:
            continue
        out.append(answer)
    return out


def choose(state: TtaState, answer: str) -> None:
    """Settle the first pending event choice."""
    check_choice(state, answer)
    pending = state.pending[0]
    civ = state.civs[pending.player]
    e = card(pending.event).extra
    if card(pending.event).family == CIVILIZATION:
        if answer == "인구":
            grow(civ, discount=1, rule="tta.simple.later.events")
        elif answer != "아니오":
            cid = by_name(card(pending.event).edition)[answer]
            if cid in civ.hand:
                develop(civ, cid, discount=1, action=False)
            else:
                build(civ, cid, discount=1, action=False)
    elif answer in ("식량", "자원"):
        tokens.gain(civ, FOOD if answer == "식량" else RES, e["amount"])
    elif answer == "예":
        build(civ, e["free_build"], discount=card(e["free_build"]).build, action=False)
    state.pending.pop(0)


def check_choice(state: TtaState, answer: str) -> None:
    """The reason ``answer`` does not settle the first pending choice, if any."""
    if answer not in choices(state):
        raise fail("bad-choice", f"지금 고를 수 있는 것: {', '.join(choices(state))}", "tta.simple.later.events")
    if answer == "예":  # the free building or unit
        pending = state.pending[0]
        tid = card(pending.event).extra["free_build"]
        check_build(state.civs[pending.player], tid, discount=card(tid).build, action=False)


# --- end of a turn -------------------------------------------------------------------------------
def check_hold_back(state: TtaState, civ: Civ, mine: str) -> None:
    """The corruption variant (option corruption_variant): a mine with a worker may produce one token less."""
    rule = "tta.advanced.corruption"
    if state.options["mode"] == "simple" or state.options["corruption_variant"] != "on":
        raise fail("variant-off", "광산에서 토큰을 하나 덜 생산하는 것은 자원 낭비의 변형 규칙입니다 "
                   "(숙련·본격 게임에서 모두 합의해 쓸 때만): 이 게임은 그 변형 규칙을 쓰지 않습니다.", rule)
    if card(mine).kind != RES or not civ.workers.get(mine):
        raise fail("not-a-working-mine", f"{josa(card(mine).name, '은')} 일꾼이 일하는 광산이 아닙니다: 덜 생산하는 "
                   "토큰은 일꾼이 있는 광산 하나에서 고릅니다.", rule)


def production(state: TtaState, civ: Civ, hold_back: str | None = None) -> bool:
    """Production and maintenance: score culture and science, produce food, eat, produce resources
    (``hold_back``: a mine producing one token less) and, in the advanced and full games, lose resources
    to corruption: after producing them (2006 rulebook), or first of all (2015, ``production_order``:
    tta15.end-of-turn). An uprising skips all of it (False)."""
    advanced = state.options["mode"] != "simple"
    if advanced and levels.uprising(civ):
        return False
    civ.culture += levels.culture_level(civ)
    add_science(civ, levels.science_level(civ, state.options["leonardo_best"]))
    first = has(state, "corruption_first")
    if advanced and first:
        corrupt(civ)
    tokens.produce(civ, FOOD)
    eat = levels.yellow_section(civ)["eat"]
    food = tokens.value(civ, FOOD)
    tokens.pay(civ, FOOD, min(eat, food))
    if eat > food:  # famine: 4 culture for each missing food
        civ.culture -= 4 * (eat - food)
        if culture_floor(state):
            civ.culture = max(0, civ.culture)
    tokens.produce(civ, RES, hold_back)
    extra = levels.production(civ, RES) - levels.per_worker(civ, "resources", (RES,))
    tokens.gain(civ, RES, extra)  # Transcontinental Railroad, Nikola Tesla
    if advanced and not first:
        corrupt(civ)
    return True


def corrupt(civ: Civ) -> None:
    """Lose the resources corruption asks for now, as many as there are (tta.advanced.corruption)."""
    tokens.pay(civ, RES, min(levels.corruption(civ), tokens.value(civ, RES)))


def uprising_draws(state: TtaState) -> bool:
    """Whether military cards are drawn after an uprising: never in 2006 (its rulebook); in 2015, whose
    glossary only skips the production phase, by the option ``uprising_cards``."""
    return has(state, "uprising_draws")


def culture_floor(state: TtaState) -> bool:
    """Whether lost culture stops at 0: always in the 2015 edition (its glossary, tta15.losing); in the 2006
    edition the option ``famine_floor`` reads the famine rule."""
    return has(state, "culture_floor")


GENGHIS_CULTURE = 3


def genghis_culture(state: TtaState, player: str) -> int:
    """Genghis Khan (2015): 3 culture at the end of the turn for one of the two strongest civilizations (ties
    go to the player whose turn it is, as everywhere in 2015: military.ranking)."""
    if state.civs[player].leader != "genghis_khan@15":
        return 0
    from .military.ranking import strongest
    return GENGHIS_CULTURE if player in strongest(state, 2) else 0


def end_turn(state: TtaState, hold_back: str | None = None) -> None:
    """Production and maintenance, the military cards for unused military actions, then the next turn
    (``hold_back``: the corruption variant's mine). The 2015 edition first has the player discard military
    cards above the hand limit (a decision the military rules open; ``end`` goes on when it is made) and
    refreshes the action tokens last."""
    player = state.players[state.active]
    civ = state.civs[player]
    if hold_back:
        check_hold_back(state, civ, hold_back)
    if military(state).hold_end(state):
        return
    civ.culture += genghis_culture(state, player)
    military(state).before_production(state, player)
    produced = production(state, civ, hold_back)
    mode = state.options["mode"]
    if mode != "simple" and (produced or uprising_draws(state)) and state.age in MODE_AGES[mode]:
        military(state).draw(state, player, min(3, civ.military_left))
    civ.fresh.clear()
    if refresh_at_end(state):
        refill_tokens(civ)
    last = state.active == len(state.players) - 1
    if last and state.last_round is not None and state.round >= state.last_round:
        finish(state)
        return
    state.active = (state.active + 1) % len(state.players)
    if state.active == 0:
        state.round += 1
    start_turn(state)


def start_turn(state: TtaState) -> None:
    if state.round >= 2:
        refill_row(state)
    simple = state.options["mode"] == "simple"
    if simple and state.active == 0 and state.round >= 3:
        reveal_event(state)
    if state.round == 1 or not refresh_at_end(state):
        reset_actions(state, state.civs[state.players[state.active]])
    if not simple:
        military(state).start_turn(state)


def setup_actions(state: TtaState) -> None:
    """The action tokens of a set-up: the active player's for this turn; in the 2015 edition from round 2
    every player's (refreshed at the end of each one's last turn)."""
    if refresh_at_end(state) and state.round >= 2:
        for civ in state.civs.values():
            refill_tokens(civ)
    else:
        reset_actions(state, state.civs[state.players[state.active]])


# --- the end of the game -------------------------------------------------------------------------------
def bonus(state: TtaState, player: str) -> dict[str, int]:
    """The simple game's final bonus culture, by category."""
    civ = state.civs[player]
    age1 = [t for t in [*civ.technologies, civ.government] if card(t).age == "I"]
    parts = {
        "technologies": 2 * len(age1),
        "strength": 2 * levels.strength(state, player),
        "happiness": 2 * levels.happiness(civ),
        "science": levels.science_level(civ, state.options["leonardo_best"]),
        "production": levels.production(civ, "farm") + levels.production(civ, "mine"),
    }
    parts["total"] = sum(parts.values())
    return parts


def finish(state: TtaState) -> None:
    """Score the final bonus: the simple game's categories, or the Age III events of the other modes. The game
    is over first: rankings made now count from the start player (tta15.ranking)."""
    state.over = True
    if state.options["mode"] == "simple":
        state.final_bonus = {p: bonus(state, p) for p in state.players}
    else:
        scored = military(state).final_scoring(state)
        state.final_bonus = {}
        for p in state.players:
            each = scored.get(p, {})  # event id -> culture
            state.final_bonus[p] = {**each, "events": sum(each.values()), "total": sum(each.values())}
    for p in state.players:
        state.civs[p].culture += state.final_bonus[p]["total"] + levels.farewell_culture(state.civs[p])
