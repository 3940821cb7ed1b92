"""2015 rules that no scenario reaches in a few moves: rankings made after the game is over, a territory
that costs a blue token."""
from engines.through_the_ages import tokens
from engines.through_the_ages.game import GAME
from engines.through_the_ages.military import events, losses, people


def scored(state, eid):
    """Who scores culture from the event (the 2-player table gives the weaker civilization 0)."""
    return {p: v for p, v in events.impact(state, eid).items() if v}


def test_rankings_after_the_game_count_from_the_start_player():
    state = GAME.new_game(["윤주", "민호"], seed=1, options={"mode": "full", "edition": 2015})
    state.active = 1  # the last turn was 민호's; both civilizations have strength 1
    assert scored(state, "impact_of_strength@15") == {"민호": 10}
    state.over = True
    assert scored(state, "impact_of_strength@15") == {"윤주": 10}


def test_the_2006_edition_keeps_the_last_player_first():
    state = GAME.new_game(["윤주", "민호"], seed=1, options={"mode": "full"})
    state.active, state.over = 1, True
    assert scored(state, "impact_of_strength") == {"민호": 10}


def test_vast_territory_takes_a_blue_token_from_a_mine_when_the_bank_is_empty():
    state = GAME.new_game(["윤주", "민호"], seed=1, options={"mode": "full", "edition": 2015})
    civ = state.civs["윤주"]
    civ.blue["bronze@15"], civ.blue_bank = civ.blue_bank, 0  # every blue token stored on the mine
    total, yellow = civ.blue_total, civ.yellow_bank
    people.gain_colony(civ, "vast_territory_1@15")
    assert (civ.blue_bank, civ.blue_total, civ.yellow_bank) == (0, total - 1, yellow + 3)
    assert civ.blue["bronze@15"] == total - 1
    people.lose_colony(civ, "vast_territory_1@15")  # the token comes back with the colony's loss
    assert (civ.blue_bank, civ.blue_total, civ.yellow_bank) == (1, total, yellow)


def test_a_raid_with_no_building_for_its_lower_limit_takes_the_other_alone():
    state = GAME.new_game(["윤주", "민호"], seed=1, options={"mode": "full", "edition": 2015})
    victim = state.civs["민호"]
    victim.workers["philosophy@15"] = 0  # no building of level II or lower but one of level III
    victim.technologies.append("computers@15")
    victim.workers["computers@15"] = 1
    raid = losses.raid_2015("민호", "윤주", "raid_3@15", [3, 2], "윤주")
    assert not losses.ask(state, [raid])  # nothing to choose: the level-II slot is empty
    assert victim.workers["computers@15"] == 0
    assert tokens.value(state.civs["윤주"], "mine") == 6  # half of 11, rounded up
