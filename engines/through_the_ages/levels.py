"""What a civilization's cards and workers produce now: the three levels, happiness, action tokens.

Nothing here is stored: the levels are always recomputed from the cards and the workers on them, so
they cannot drift from the board (the markers of the physical game are a cache of this).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .catalog import URBAN, UNITS, Card, board, card
from .civil2015 import effect
from .state import Civ

if TYPE_CHECKING:
    from .state import TtaState


def leader(civ: Civ) -> str | None:
    """The leader's effect: its id, or the 2006 id whose effect a 2015 leader has (civil2015.effect)."""
    return effect(civ.leader)


def wonders(civ: Civ) -> set[str]:
    """The completed wonders' effects, as ``leader``."""
    return {effect(w) for w in civ.wonders}


def limit(name: str) -> int:
    return board()["limits"][name]


def flat_cards(civ: Civ) -> list[Card]:
    """Cards whose numbers count once, without workers: government, leader, completed wonders, specials."""
    ids = [civ.government, *civ.wonders, *(t for t in civ.technologies if card(t).type == "special"), *civ.colonies]
    if civ.leader:
        ids.append(civ.leader)
    return [card(i) for i in ids]


def per_worker(civ: Civ, stat: str, kinds: tuple[str, ...] | None = None) -> int:
    return sum(n * getattr(card(t), stat) for t, n in civ.workers.items()
               if kinds is None or card(t).kind in kinds)


def count(civ: Civ, kinds: tuple[str, ...]) -> int:
    """Workers on technologies of these kinds (buildings or units)."""
    return sum(n for t, n in civ.workers.items() if card(t).kind in kinds)


def flat(civ: Civ, stat: str) -> int:
    value = getattr(card(civ.government), stat) + (getattr(card(civ.leader), stat) if civ.leader else 0)
    for ids in (civ.wonders, civ.colonies):
        value += sum(getattr(card(i), stat) for i in ids)
    return value + sum(getattr(c, stat) for c in map(card, civ.technologies) if c.type == "special")


def best(civ: Civ, kinds: tuple[str, ...]) -> str | None:
    """The highest technology of these kinds with a worker on it (the "best" lab, theater, mine …)."""
    staffed = [t for t, n in civ.workers.items() if n and card(t).kind in kinds]
    return max(staffed, key=lambda t: card(t).level, default=None)


def level_sum(civ: Civ, kinds: tuple[str, ...]) -> int:
    """The levels of every building of these kinds, one per worker."""
    return sum(n * card(t).level for t, n in civ.workers.items() if card(t).kind in kinds)


RAVAGED_CULTURE = 2  # a wonder turned face down by Ravages of Time produces this instead of its effects


def culture_raw(civ: Civ) -> int:
    value = per_worker(civ, "culture") + flat(civ, "culture") + RAVAGED_CULTURE * len(civ.ravaged)
    leads = leader(civ)
    if leads == "homer":
        value += min(2, civ.workers.get("warriors", 0))
    elif leads in ("michelangelo", "michelangelo@15"):
        value += per_worker(civ, "happy", ("temple", "theater")) + sum(card(w).happy for w in civ.wonders)
        value += homer_wonder(civ) is not None
    elif leads == "genghis_khan":
        value += count(civ, ("cavalry",))
    elif leads == "william_shakespeare":
        value += count(civ, ("library",)) + 2 * min(count(civ, ("library",)), count(civ, ("theater",)))
    elif leads == "william_shakespeare@15":  # each library-theater pair
        value += 2 * min(count(civ, ("library",)), count(civ, ("theater",)))
    elif leads == "james_cook":
        value += 2 * len(civ.colonies)
    elif leads == "james_cook@15" and civ.colonies:  # the first colony 2, each after it 1
        value += len(civ.colonies) + 1
    elif leads in ("js_bach", "js_bach@15"):
        value += count(civ, ("theater",))
    elif leads == "rock_and_roll_icon":
        top = best(civ, ("theater",))
        value += card(top).culture if top else 0
    elif leads == "game_designer":
        value += level_sum(civ, ("lab",))
    return value


SHAKESPEARE_PAIRS = {"theater": "library", "library": "theater"}


def shakespeare_discount(civ: Civ, kind: str) -> int:
    """William Shakespeare (2015): a theater 1 less (resource or science) with a library, a library with a theater."""
    other = SHAKESPEARE_PAIRS.get(kind)
    return int(civ.leader == "william_shakespeare@15" and other is not None and count(civ, (other,)) > 0)


def culture_level(civ: Civ) -> int:
    return max(0, min(limit("culture_level"), culture_raw(civ)))


SCIENTISTS = ("leonardo_da_vinci", "isaac_newton", "albert_einstein")  # best lab or library: + its level


def science_raw(civ: Civ, reading: str = "best") -> int:
    """``reading`` (option leonardo_best): the leaders' extra science from the best lab or library ("best")
    or from each of them ("each")."""
    value = per_worker(civ, "science") + flat(civ, "science")
    if leader(civ) in SCIENTISTS:
        if reading == "each":
            value += level_sum(civ, ("lab", "library"))
        else:
            top = best(civ, ("lab", "library"))
            value += card(top).level if top else 0
    elif leader(civ) == "game_designer":
        value -= count(civ, ("lab",))
    return value


def science_level(civ: Civ, reading: str = "best") -> int:
    return max(0, min(limit("science_level"), science_raw(civ, reading)))


def strength_raw(civ: Civ) -> int:
    value = per_worker(civ, "strength") + flat(civ, "strength")
    leads = leader(civ)
    if leads == "alexander_the_great":
        value += count(civ, UNITS)
    elif leads == "joan_of_arc":
        value += per_worker(civ, "happy", ("temple",))
    elif leads == "joan_of_arc@15":  # the government's happy faces count too
        value += per_worker(civ, "happy", ("temple",)) + card(civ.government).happy
    elif leads == "genghis_khan":
        value += count(civ, ("cavalry",))
    elif leads == "napoleon_bonaparte@15":  # +2 for each type of unit the civilization has
        value += 2 * len({card(t).kind for t, n in civ.workers.items() if n and card(t).kind in UNITS})
    if "great_wall" in wonders(civ):
        value += count(civ, ("infantry", "artillery"))
    return value


def civil_strength(civ: Civ) -> int:
    """Units and civil cards only (all of it in the simple game), capped like the level."""
    return max(0, min(limit("strength"), strength_raw(civ)))


def strength(state: TtaState, player: str) -> int:
    """The strength level: units and cards, plus what the military cards add (tactics …), capped at 60."""
    from .hooks import military
    value = strength_raw(state.civs[player]) + military(state).strength_bonus(state, player)
    return max(0, min(limit("strength"), value))


def homer_wonder(civ: Civ) -> str | None:
    """The wonder Homer (2015) was slid under, while it is completed and face up: it has one happy face more
    (tta15.cards.homer). Turned face down by Ravages of Time it loses that with its other effects."""
    return next((w for w in civ.under_wonders.values() if w in civ.wonders), None)


def happy_raw(civ: Civ) -> int:
    homer = homer_wonder(civ)
    value = per_worker(civ, "happy") + flat(civ, "happy") + (homer is not None)
    if "st_peters_basilica@15" in civ.wonders:  # +1 for every other card and every worker with a happy face
        value += sum(n for t, n in civ.workers.items() if card(t).happy > 0)
        value += sum(1 for c in flat_cards(civ) if (c.happy > 0 or c.id == homer) and c.id != "st_peters_basilica@15")
    return value * 2 if "st_peters_basilica" in civ.wonders else value


def happiness(civ: Civ) -> int:
    return max(0, min(limit("happiness"), happy_raw(civ)))


def civil_total(civ: Civ) -> int:
    """White tokens: the government's plus those leaders, wonders and special technologies add."""
    return max(0, flat(civ, "civil_actions"))


def military_total(civ: Civ) -> int:
    return max(0, flat(civ, "military_actions") + civ.pact_actions)


def military_resources(civ: Civ) -> int:
    """Resources for military units only, left this turn: the action cards' plus Homer's one while he leads,
    and Winston Churchill's (2015)."""
    homer = leader(civ) in ("homer", "homer@15")
    return max(0, civ.military_granted + (1 if homer else 0) + churchill_military(civ, "resources")
               - civ.military_spent)


CHURCHILL = "winston_churchill@15"


def churchill_military(civ: Civ, what: str) -> int:
    """Winston Churchill (2015), "military" chosen this turn and while he leads: the science or resources
    (``what``) he gives for military units and their technologies (tta15.cards.churchill)."""
    if civ.leader != CHURCHILL or civ.churchill != "military":
        return 0
    return card(CHURCHILL).extra["choice"][what]


def military_science(civ: Civ) -> int:
    """Science for developing military unit technologies only, left this turn (Winston Churchill, 2015)."""
    return max(0, churchill_military(civ, "science") - civ.military_science_spent)


def library(civ: Civ) -> int:
    """The Library of Alexandria: one more civil card and one more military card in the hand."""
    return 1 if "library_of_alexandria" in wonders(civ) else 0


def hand_limit(civ: Civ) -> int:
    return civil_total(civ) + library(civ)


def military_hand_limit(civ: Civ) -> int:
    """The military cards a hand may keep (tta.advanced.military-cards): one per military action, and the
    Library's one more."""
    return military_total(civ) + library(civ)


def building_limit(civ: Civ) -> int:
    return card(civ.government).building_limit


def production(civ: Civ, kind: str) -> int:
    """Food ("farm") or resources ("mine") the workers and leaders produce each turn."""
    if kind == "farm":
        return per_worker(civ, "food", ("farm",))
    value = per_worker(civ, "resources", ("mine",))
    if "transcontinental_railroad" in wonders(civ):  # one of the best mines produces twice
        top = best(civ, ("mine",))
        value += card(top).resources if top else 0
    if leader(civ) in ("nikola_tesla", "bill_gates@15"):  # each lab: resources of its level
        value += level_sum(civ, ("lab",))
    return value


def farewell_culture(civ: Civ) -> int:
    """Bill Gates (2015): when he leaves play or the game ends, culture equal to the resources his labs add."""
    return level_sum(civ, ("lab",)) if civ.leader == "bill_gates@15" else 0


def urban_count(civ: Civ, kind: str) -> int:
    assert kind in URBAN
    return count(civ, (kind,))


def yellow_section(civ: Civ) -> dict:
    """The section of the yellow bank its leftmost remaining token (or the empty bank) lies in.

    Tokens beyond the printed 18 (from colonies) lie in the rightmost section."""
    return next(s for s in board(civ.edition)["yellow_sections"] if s["left"][0] <= civ.yellow_bank)


def happy_needed(civ: Civ) -> int:
    """Happy faces the emptied sections of the yellow bank ask for (tta.advanced.happiness)."""
    return yellow_section(civ)["happy"]


def discontent(civ: Civ) -> int:
    """Discontented workers: one per happy face missing."""
    return max(0, happy_needed(civ) - happiness(civ))


def uprising(civ: Civ) -> bool:
    """More discontented workers than idle workers to mark them: no production this turn."""
    return discontent(civ) > civ.idle


def corruption(civ: Civ) -> int:
    """Resources lost after production, by the leftmost empty section of the blue bank (tta.advanced.corruption).

    Tokens beyond the printed ones (Justice System, colonies) lie in the rightmost section."""
    return next(s for s in board(civ.edition)["blue_sections"] if s["left"][0] <= civ.blue_bank)["corruption"]
