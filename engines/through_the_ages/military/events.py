"""What each event card of Ages I and II does when it is revealed as the current event, and how the
Age III events score (tta.advanced.events). Choices the card leaves to a player are made by the engine
by the fixed rules written in ``people`` (see the page's notes), except which worker, building or colony
is lost (``losses``, returned as picks for the political phase to ask) and Ravages of Time's wonder (a
``ravage`` step)."""
from __future__ import annotations

from .. import levels, tokens
from ..actions import add_science, fail, recount, take
from ..catalog import PRODUCTION, UNITS, URBAN, card
from ..state import TtaState
from . import cards2015, losses, people, ranking

FOOD, RES = "farm", "mine"


def apply_event(state: TtaState, eid: str) -> list[losses.Pick]:
    """Carry out an Age A, I or II event for every civilization (Age A: the simple game's effects too);
    returns the losses whose choice belongs to a player."""
    civs = state.civs
    picks: list[losses.Pick] = []
    order = ranking.order_from_active(state)
    family = card(eid).family
    own = cards2015.event(state, eid) if card(eid).edition == 2015 else None
    if own is not None:  # a 2015 text of its own
        return own
    if family == "barbarians":
        leader = ranking.top(state, lambda p: civs[p].culture)[0]
        if leader in ranking.weakest(state, 2):
            picks.append(losses.worker(leader, eid))
    elif family == "border_conflict":
        for p in ranking.weakest(state):
            picks.append(losses.building(p, p, eid, (*URBAN, *PRODUCTION)))
        for p in ranking.strongest(state):
            tokens.gain(civs[p], RES, 3)
    elif family == "crusades":
        for p in ranking.strongest(state):
            civs[p].culture += 4
        for p in ranking.weakest(state):
            civs[p].culture = max(0, civs[p].culture - 4)
    elif family == "cultural_influence":
        for p in order:
            civs[p].culture += levels.culture_level(civs[p])
    elif family == "foray":
        for p in ranking.strongest(state, 2):
            picks.append(losses.gain(p, eid, 3))
    elif family in ("good_harvest", "new_deposits", "economic_progress"):
        for p in order:
            civ = civs[p]
            if family != "new_deposits":
                tokens.produce(civ, FOOD)
                if family == "economic_progress":
                    eat = levels.yellow_section(civ)["eat"]
                    tokens.pay(civ, FOOD, min(eat, tokens.value(civ, FOOD)))
            if family != "good_harvest":
                tokens.produce(civ, RES)
                if family == "economic_progress":
                    tokens.pay(civ, RES, min(levels.corruption(civ), tokens.value(civ, RES)))
    elif family == "immigration":
        best = max(levels.happiness(civs[p]) for p in order)
        for p in order:
            if levels.happiness(civs[p]) == best:
                people.gain_population(civs[p], 1)
    elif family == "pestilence":
        for p in order:
            picks.append(losses.worker(p, eid))
    elif family == "raiders":
        for p in ranking.weakest(state, 2):
            picks.append(losses.goods(p, p, eid, 2))
    elif family == "rats":
        for p in order:
            tokens.pay(civs[p], FOOD, tokens.value(civs[p], FOOD))
    elif family == "rebellion":
        for p in order:
            civs[p].civil_penalty += 2 * levels.discontent(civs[p])
    elif family == "reign_of_terror":
        for p in ranking.weakest(state):
            picks.append(losses.worker(p, eid))
    elif family == "scientific_breakthrough":
        for p in order:
            add_science(civs[p], levels.science_level(civs[p]))
    elif family == "uncertain_borders":
        weak, strong = ranking.weakest(state)[0], ranking.strongest(state)[0]
        if weak != strong and civs[weak].yellow_bank:
            civs[weak].yellow_bank -= 1
            civs[weak].yellow_total -= 1
            civs[strong].yellow_bank += 1
            civs[strong].yellow_total += 1
    elif family == "civil_unrest":
        for p in order:
            civs[p].culture = max(0, civs[p].culture - 4 * levels.discontent(civs[p]))
    elif family == "cold_war":
        for p in ranking.strongest(state, 2):
            add_science(civs[p], 6)
    elif family == "crime_wave":
        for p in ranking.weakest(state, 2):
            civs[p].culture = max(0, civs[p].culture - 3)
            picks.append(losses.blue_token(p, eid))
    elif family == "emigration":
        for p in order:
            for _ in range(-(-levels.discontent(civs[p]) // 2)):
                if civs[p].idle:
                    civs[p].idle -= 1
                    civs[p].yellow_bank += 1
    elif family == "iconoclasm":
        for p in order:
            civ = civs[p]
            if civ.leader and card(civ.leader).age != state.age:
                people.lose_leader(civ)
    elif family == "independence_declaration":
        for p in ranking.weakest(state):
            picks.append(losses.colony(p, p, eid))
    elif family == "national_pride":
        for p in ranking.top(state, lambda p: civs[p].culture):
            civs[p].culture += 5
    elif family == "popularization_of_science":
        for p in order:
            civs[p].culture += levels.science_level(civs[p])
    elif family == "refugees":
        weak, strong = ranking.weakest(state)[0], ranking.strongest(state)[0]
        if weak != strong:
            civs[weak].culture = max(0, civs[weak].culture - 3)
            picks.append(losses.worker(weak, eid))
            civs[strong].culture += 3
            people.gain_population(civs[strong], 1)
    elif family == "ravages_of_time":
        choosing = []
        for p in order:
            old = ravageable(civs[p])
            if len(old) == 1:
                ravage(civs[p], old[0])
            elif old:
                choosing.append(p)
        if choosing:  # each of them turns one of several old wonders face down: their move, in turn order
            state.step = {"kind": "ravage", "card": eid, "players": choosing[1:], "player": choosing[0]}
    elif family == "international_agreement":
        strongest = ranking.strongest(state)[0]
        state.step = {"kind": "agreement", "card": eid, "player": strongest, "budget": AGREEMENT_ACTIONS,
                      "taken": 0}
    elif family == "terrorism":
        poorest = ranking.top(state, lambda p: civs[p].culture, lowest=True)[0]
        for p in order:
            if p != poorest:
                picks.append(losses.building(p, poorest, eid, URBAN))
    else:
        raise AssertionError(f"event {eid} has no effect in the advanced game")
    return picks


# --- International Agreement: the strongest civilization takes civil cards for up to 5 civil actions -----
AGREEMENT_ACTIONS = 5


def agreement_take(state: TtaState, player: str, slot: int) -> None:
    """Take a card from the row, paid from the card's budget of civil actions (not the player's own)."""
    civ = state.civs[player]
    step = state.step
    own, spare = civ.civil_left, civ.hammurabi_used
    civ.civil_left, civ.hammurabi_used = step["budget"], True  # the budget only: no Hammurabi's military action
    try:
        take(state, civ, slot)
        step["taken"] += 1
    finally:  # the player's own civil actions are untouched, whether the card could be taken or not
        step["budget"], civ.civil_left, civ.hammurabi_used = civ.civil_left, own, spare


def agreement_done(state: TtaState, player: str) -> None:
    """The strongest civilization stops taking: if it took a card it loses its next political action;
    the row's cards slide left and new ones fill it (which may end the age)."""
    from .. import turn
    if state.step["taken"]:
        state.civs[player].skip_political = True
    state.step = None
    turn.refill_row(state, sweep=False)


def ravageable(civ) -> list[str]:
    """Completed wonders of Ages A and I: what Ravages of Time may turn face down."""
    return [w for w in civ.wonders if card(w).age in ("A", "I")]


def ravage(civ, wid: str) -> None:
    """The wonder is turned face down: it loses its effects and produces 2 culture instead."""
    def flip() -> None:
        civ.wonders.remove(wid)
        civ.ravaged.append(wid)
    recount(civ, flip)


def choose_ravaged(state: TtaState, player: str, wid: str) -> None:
    """A player's choice for Ravages of Time; the next player who has a choice follows."""
    civ = state.civs[player]
    if wid not in ravageable(civ):
        old = ", ".join(card(w).name for w in ravageable(civ))
        raise fail("not-ravageable", f"세월의 풍파로 뒤집을 수 있는 것은 완성한 A시대나 1시대 문화 유산({old})입니다.",
                   "tta.advanced.events")
    ravage(civ, wid)
    step = state.step
    if step["players"]:
        step["player"] = step["players"].pop(0)
    else:
        state.step = None



# --- Age III events: culture at the end (and when revealed during the full game) -------------------
RANK_CULTURE = {2: (10, 0), 3: (14, 7, 0), 4: (15, 10, 5, 0)}
WONDER_CULTURE = {"A": 5, "I": 4, "II": 3, "III": 2}


def impact(state: TtaState, eid: str) -> dict[str, int]:
    """Culture each civilization scores from an Age III event."""
    civs = state.civs
    mode = state.options["mode"]
    out: dict[str, int] = {}
    family = card(eid).family
    own = cards2015.impact(state, eid) if card(eid).edition == 2015 else None
    if own is not None:  # a 2015 text of its own
        return own
    if family in ("impact_of_science", "impact_of_strength"):
        value = (lambda p: levels.science_level(civs[p])) if family == "impact_of_science" \
            else (lambda p: levels.strength(state, p))
        ranked = ranking.top(state, value, len(state.players))
        return {p: RANK_CULTURE[len(state.players)][i] for i, p in enumerate(ranked)}
    for p in state.players:  # not a player who conceded
        civ = civs[p]
        levels_of = lambda kinds: sum(n * card(t).level for t, n in civ.workers.items() if card(t).kind in kinds)  # noqa: E731
        out[p] = {
            "impact_of_agriculture": lambda: levels.production(civ, FOOD),
            "impact_of_architecture": lambda: levels_of(URBAN),
            "impact_of_colonies": lambda: 4 * len(civ.colonies),
            "impact_of_competition": lambda: levels_of((*UNITS, "arena")),
            "impact_of_government": lambda: 2 * levels.civil_total(civ) + levels.military_total(civ),
            "impact_of_happiness": lambda: min(16, 2 * levels.happiness(civ)) - 2 * levels.discontent(civ),
            "impact_of_industry": lambda: levels.production(civ, RES),
            "impact_of_population": lambda: 2 * max(0, content_workers(civ) - 10),
            "impact_of_progress": lambda: 2 * sum(card(t).level for t in (civ.government, *civ.technologies)
                                                  if card(t).type in ("government", "special")),
            "impact_of_technology": lambda: 4 * sum(1 for t in (civ.government, *civ.technologies)
                                                    if card(t).age == ("II" if mode == "advanced" else "III")),
            "impact_of_wonders": lambda: sum(WONDER_CULTURE[card(w).age] for w in civ.wonders)
            + sum(WONDER_CULTURE[card(w).age] for w in civ.ravaged if state.options["ravaged_wonders"] == "count"),
        }[family]()
    return out


def content_workers(civ) -> int:
    """Workers (idle and on cards) who are not discontented."""
    return civ.idle + sum(civ.workers.values()) - levels.discontent(civ)


def score_impact(state: TtaState, eid: str) -> dict[str, int]:
    gained = impact(state, eid)
    for p, culture in gained.items():
        state.civs[p].culture = max(0, state.civs[p].culture + culture)
    return gained


def is_age_three(eid: str) -> bool:
    return card(eid).age == "III"

