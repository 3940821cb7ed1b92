"""2015 rules that no scenario reaches in a few moves: rankings made after the game is over, a territory
that costs a blue token; James Cook's discards listed exactly as apply takes them."""
import pytest

from engines.core import IllegalMove, Move, RulesError
from engines.through_the_ages import tokens
from engines.through_the_ages.catalog import edition_cards
from engines.through_the_ages.game import GAME
from engines.through_the_ages.military import colonies, events, losses, people, politics


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


def colonizing_under(leader, edition, hand=("방어 보너스 I", "습격 I", "십자군", "야만인의 침입")):
    """민호 has won the auction for Historic Territory I with a bid of 4 and has sent his warrior."""
    minho = {"workers": {"전사": 1}, "military_hand": list(hand), **({"leader": leader} if leader else {})}
    state = GAME.new_game(["윤주", "민호"], seed=1, options={"mode": "full", "edition": edition}, setup={
        "round": 4, "age": "II", "active": "윤주", "events": ["역사적인 땅 I"], "윤주": {"military_hand": ["역병"]},
        "민호": minho})
    for move in ("event 역병", "pass", "bid 2", "colonize 전사"):
        state = GAME.apply(state, move)
    return state


def accepted(state, move):
    try:
        GAME.apply(state, move)
    except RulesError:
        return False
    return True


def every_colonize_move(state):
    """Every card of the edition and the bare verb: what apply accepts, tried the slow way."""
    names = {c.name for c in edition_cards(state.edition).values()}
    moves = [Move("colonize")] + [Move("colonize", (n,)) for n in sorted(names)]
    return [m for m in moves if accepted(state, m)]


@pytest.mark.parametrize("leader, edition", [("제임스 쿡", 2015), (None, 2015), ("제임스 쿡", 2006)])
def test_the_colonize_listing_is_exactly_what_apply_accepts(leader, edition):
    state = colonizing_under(leader, edition)
    expected = sorted(every_colonize_move(state), key=str)
    assert sorted(GAME.legal_moves(state), key=str) == expected
    discards = {m.args[0] for m in expected if m.args and m.args[0] in ("습격 I", "십자군", "야만인의 침입")}
    assert discards == ({"습격 I", "십자군", "야만인의 침입"} if (leader, edition) == ("제임스 쿡", 2015) else set())
    if discards:  # after two discards no third is listed
        state = GAME.apply(GAME.apply(state, "colonize 습격 I"), "colonize 십자군")
        assert sorted(GAME.legal_moves(state), key=str) == sorted(every_colonize_move(state), key=str)
        assert all(m.args != ("야만인의 침입",) for m in GAME.legal_moves(state))


def test_a_short_payment_names_cooks_part_with_its_numbers():
    state = colonizing_under("제임스 쿡", 2015)
    state = GAME.apply(state, "colonize 습격 I")
    state.step["bid"] = 4  # as if 4 had been bid: warrior 1 + one discard 1 = 2
    with pytest.raises(IllegalMove) as short:
        GAME.apply(state, "colonize")
    assert short.value.code == "bid-not-covered"
    assert "제임스 쿡(버린 카드 1장) 1 = 2" in short.value.message


def test_cook_raises_the_highest_bid_by_two_discards_at_most():
    state = colonizing_under("제임스 쿡", 2015, hand=("습격 I", "십자군", "야만인의 침입"))
    assert politics.max_bid(state, "민호") == 1 + 2  # the warrior and two of the three cards
    assert colonies.max_bid(1, ["bonus_1@15"], 0, other_cards=1, leader="james_cook@15") == 3
    assert colonies.max_bid(1, ["bonus_1"], 0, other_cards=3, leader="james_cook") == 3  # 2006: the card +1
