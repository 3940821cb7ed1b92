"""The 2015 military cards whose text differs from the 2006 card of the same family, and the cards only the
2015 edition prints (docs: edition2015.md, tta15.military-cards). Every other 2015 military card shares
its family's behaviour in ``events``, ``aggressions`` and ``wars``.

``event`` and ``impact`` answer for a 2015 card they know and return None otherwise, so the callers fall
back on the shared behaviour.
"""
from __future__ import annotations

from .. import levels, tokens
from ..catalog import UNITS, URBAN, card
from ..state import TtaState
from ..turn import corrupt
from . import deck, losses, people, ranking

FOOD, RES = "farm", "mine"
STRENGTH_CARDS = (5, 3)  # Politics of Strength: cards the strongest draws, the weakest discards


def event(state: TtaState, eid: str) -> list[losses.Pick] | None:
    """Carry out a 2015 event of Age I or II that differs from 2006 and return the losses a player chooses;
    None if the shared effect applies."""
    civs, family = state.civs, card(eid).family
    order = ranking.order_from_active(state)
    picks: list[losses.Pick] = []
    if family == "rebellion":  # 2015: the civil actions are spent at once, not at the next turn's start
        for p in order:
            civs[p].civil_left = max(0, civs[p].civil_left - 2 * levels.discontent(civs[p]))
    elif family == "civil_unrest":  # 2015 adds: the most discontented also return a blue token
        most = max(levels.discontent(civs[p]) for p in order)
        for p in order:
            civs[p].culture = max(0, civs[p].culture - 4 * levels.discontent(civs[p]))
            if most and levels.discontent(civs[p]) == most:
                picks.append(losses.blue_token(p, eid))
    elif family == "economic_progress":  # the card's own order: corruption first, then food, eating, resources
        for p in order:
            civ = civs[p]
            corrupt(civ)
            tokens.produce(civ, FOOD)
            tokens.pay(civ, FOOD, min(levels.yellow_section(civ)["eat"], tokens.value(civ, FOOD)))
            tokens.produce(civ, RES)
    elif family == "prosperity":
        for p in order:
            tokens.gain(civs[p], FOOD, levels.happiness(civs[p]))
    elif family == "politics_of_strength":
        picks += politics_of_strength(state, eid)
    else:
        return None
    return picks


def politics_of_strength(state: TtaState, eid: str) -> list[losses.Pick]:
    """The strongest draws 5 military cards, the weakest discards 3 of its choice (returned as the pick); in
    the game's last age, with no military deck, the strongest scores 5 culture and the weakest loses 3
    instead (reading: a card for a culture point)."""
    draw, drop = STRENGTH_CARDS
    strong, weak = ranking.strongest(state)[0], ranking.weakest(state)[0]
    if deck.draw_age(state) is None:
        state.civs[strong].culture += draw
        state.civs[weak].culture = max(0, state.civs[weak].culture - drop)
        return []
    deck.draw(state, state.civs[strong], draw, fresh=strong == state.players[state.active])
    return [losses.military_cards(weak, eid, drop)]


def aggression(state: TtaState, cid: str, attacker: str, defender: str) -> list[losses.Pick] | None:
    """Carry out a successful 2015 aggression that differs from 2006 and return the losses a player chooses;
    None if the shared effect applies. The raid's buildings are the pick of the player option
    ``aggression_choice`` names; what an infiltration removes is the attacker's (the card says so)."""
    att, dfn = state.civs[attacker], state.civs[defender]
    c = card(cid)
    if c.family == "enslave":  # 2015: 2 resources and 2 food (2006: 3 resources)
        if not (dfn.idle or people.staffed(dfn)):
            return []
        tokens.gain(att, RES, 2)
        tokens.gain(att, FOOD, 2)
        return [losses.worker(defender, cid)]
    if c.family == "infiltrate":
        chooser = losses.aggression_chooser(state, attacker, defender, cid)
        return [losses.infiltration(defender, chooser, cid, attacker)]
    if c.family == "raid":  # one urban building per entry, of that level or lower; half the cost rounded up
        chooser = losses.aggression_chooser(state, attacker, defender, cid)
        return [losses.raid_2015(defender, chooser, cid, c.extra["max_levels"], attacker)]
    if c.family == "armed_intervention":  # the attacker scores what was lost, or the card's 7 (intervention_culture)
        lost = min(c.extra["amount"], dfn.culture)
        dfn.culture -= lost
        att.culture += lost if state.options["intervention_culture"] == "lost" else c.extra["amount"]
    else:
        return None
    return []


def impact(state: TtaState, eid: str) -> dict[str, int] | None:
    """Culture from a 2015 Age III event that differs from 2006 or is new; None if the shared one applies."""
    family = card(eid).family
    score = {
        "impact_of_agriculture": agriculture,
        "impact_of_colonies": lambda civ: 3 * len(civ.colonies),
        "impact_of_balance": balance,
        "impact_of_variety": variety,
    }.get(family)
    return None if score is None else {p: score(state.civs[p]) for p in state.players}


def agriculture(civ) -> int:
    """Culture for each food produced, and 4 more when that exceeds the consumption."""
    food = levels.production(civ, FOOD)
    return food + (4 if food > levels.yellow_section(civ)["eat"] else 0)


def balance(civ) -> int:
    """Twice the least of the civilization's science, culture, food and resource production (corruption and
    consumption ignored)."""
    return 2 * min(levels.science_level(civ), levels.culture_level(civ), levels.production(civ, FOOD),
                   levels.production(civ, RES))


def variety(civ) -> int:
    """2 culture for each kind of unit, each kind of urban building (with a worker on it) and each special
    technology."""
    kinds = {card(t).kind for t, n in civ.workers.items() if n and card(t).kind in (*UNITS, *URBAN)}
    specials = [t for t in civ.technologies if card(t).type == "special"]
    return 2 * (len(kinds) + len(specials))
