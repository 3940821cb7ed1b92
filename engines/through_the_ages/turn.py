"""The flow of the game around the actions: the card row, events, production and maintenance, the end."""
from __future__ import annotations

from . import levels, tokens
from .actions import FOOD, RES, add_science, build, fail, grow
from .catalog import AGES, URBAN, board, card
from .state import Civ, Pending, TtaState


# --- start of a turn --------------------------------------------------------------------------------
def reset_actions(state: TtaState, civ: Civ) -> None:
    """Put the action tokens back on the government card (round 1: 1, 2, 3, 4 civil actions, no military)."""
    if state.round == 1:
        civ.civil_left, civ.military_left = state.active + 1, 0
    else:
        civ.civil_left, civ.military_left = levels.civil_total(civ), levels.military_total(civ)
    civ.civil_used = False
    civ.fresh.clear()
    civ.military_resources = 1 if civ.leader == "homer" else 0


def refill_row(state: TtaState) -> None:
    """Remove the front cards (by player count), slide the rest left and deal new cards into the gaps."""
    for i in range(board()["row_removal"][len(state.players)]):
        if state.row[i] is not None:
            state.box.append(state.row[i])
            state.row[i] = None
    cards = [c for c in state.row if c is not None]
    state.row[:] = cards + [None] * (len(state.row) - len(cards))
    if state.last_round is not None:
        return
    for i, slot in enumerate(state.row):
        if slot is None:
            deck = next_deck(state)
            if deck is None:
                break
            state.row[i] = deck.pop(0)
    if state.age == "A":  # Age A ends at the first refill: its remaining cards go back to the box
        state.box += state.decks["A"]
        state.decks["A"].clear()
        state.age = "I"
    if next_deck(state) is None:
        state.last_round = state.round


def next_deck(state: TtaState) -> list[str] | None:
    """The deck new cards come from: the current age's, or the next age's once that runs out."""
    while not state.decks.get(state.age):
        later = AGES.index(state.age) + 1
        if later >= len(AGES) or AGES[later] not in state.decks or not state.decks[AGES[later]]:
            return None
        state.age = AGES[later]
    return state.decks[state.age]


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
        if e.get("choice") or (e.get("free_build") and can_free_build(civ, e["free_build"])):
            state.pending.append(Pending(player=p, event=eid))


def can_free_build(civ: Civ, tid: str) -> bool:
    """An event's free building or unit needs an idle worker and room under the building limit."""
    kind = card(tid).kind
    return bool(civ.idle) and not (kind in URBAN and levels.urban_count(civ, kind) >= levels.building_limit(civ))


CHOICES = {"식량": ("food", "음식"), "자원": ("resources", "resource"), "예": ("yes", "네"), "아니오": ("no", "아니요")}


def choices(state: TtaState) -> list[str]:
    e = card(state.pending[0].event).extra
    return ["식량", "자원"] if e.get("choice") else ["예", "아니오"]


def choose(state: TtaState, answer: str) -> None:
    """Settle the first pending event choice."""
    pending = state.pending[0]
    if answer not in choices(state):
        raise fail("bad-choice", f"지금 고를 수 있는 것: {', '.join(choices(state))}", "tta.simple.later.events")
    civ = state.civs[pending.player]
    e = card(pending.event).extra
    if answer in ("식량", "자원"):
        tokens.gain(civ, FOOD if answer == "식량" else RES, e["amount"])
    elif answer == "예":
        build(civ, e["free_build"], discount=card(e["free_build"]).build, action=False)
    state.pending.pop(0)


# --- end of a turn -------------------------------------------------------------------------------
def production(civ: Civ) -> None:
    """Production and maintenance: score culture and science, produce food, eat, produce resources."""
    civ.culture += levels.culture_level(civ)
    add_science(civ, levels.science_level(civ))
    tokens.produce(civ, FOOD)
    eat = levels.yellow_section(civ)["eat"]
    food = tokens.value(civ, FOOD)
    tokens.pay(civ, FOOD, min(eat, food))
    if eat > food:  # famine: 4 culture for each missing food
        civ.culture = max(0, civ.culture - 4 * (eat - food))
    tokens.produce(civ, RES)


def end_turn(state: TtaState) -> None:
    player = state.players[state.active]
    civ = state.civs[player]
    production(civ)
    civ.fresh.clear()
    civ.military_resources = 0
    last = state.active == len(state.players) - 1
    if last and state.last_round is not None:
        finish(state)
        return
    state.active = (state.active + 1) % len(state.players)
    if state.active == 0:
        state.round += 1
    start_turn(state)


def start_turn(state: TtaState) -> None:
    if state.round >= 2:
        refill_row(state)
    if state.active == 0 and state.round >= 3:
        reveal_event(state)
    reset_actions(state, state.civs[state.players[state.active]])


# --- the end of the simple game ---------------------------------------------------------------------
def bonus(civ: Civ) -> dict[str, int]:
    """The simple game's final bonus culture, by category."""
    age1 = [t for t in [*civ.technologies, civ.government] if card(t).age == "I"]
    parts = {
        "technologies": 2 * len(age1),
        "strength": 2 * levels.strength(civ),
        "happiness": 2 * levels.happiness(civ),
        "science": levels.science_level(civ),
        "production": levels.production(civ, "farm") + levels.production(civ, "mine"),
    }
    parts["total"] = sum(parts.values())
    return parts


def finish(state: TtaState) -> None:
    for p in state.players:
        state.final_bonus[p] = bonus(state.civs[p])
        state.civs[p].culture += state.final_bonus[p]["total"]
    state.over = True
