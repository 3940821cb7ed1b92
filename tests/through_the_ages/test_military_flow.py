"""Military decks through a game: dealing by mode and player count, drawing, reshuffling, boxing, the end of
an age, the final scoring, and random advanced and full games with the military invariants."""
from collections import Counter

import pytest

from engines.core.conformance import run_random_games
from engines.through_the_ages import GAME
from engines.through_the_ages.catalog import card
from engines.through_the_ages.military import RULES, deck, events, wars


def game(mode: str, players: int = 2, seed: int = 3, setup=None):
    return GAME.new_game(["윤주", "민호", "철수", "영희"][:players], seed=seed, options={"mode": mode}, setup=setup)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_advanced_deal_by_player_count(players):
    state = game("advanced", players)
    assert len(state.events) == players + 2 and all(card(e).age == "A" for e in state.events)
    assert len(state.final_events) == 4 and all(card(e).type == "event" and card(e).age == "III"
                                                for e in state.final_events)
    assert set(state.military_decks) == {"I", "II"}
    kinds = Counter(card(c).type for d in state.military_decks.values() for c in d)
    assert kinds["war"] == 0
    assert (kinds["pact"] == 0) == (players == 2)
    assert sum(card(c).age == "A" for c in state.military_box) == 10 - (players + 2)  # the rest of Age A is boxed


def test_full_deal_has_wars_and_three_decks_and_no_final_events():
    state = game("full", 3)
    assert set(state.military_decks) == {"I", "II", "III"} and state.final_events == []
    kinds = Counter(card(c).type for c in state.military_decks["III"])
    assert kinds["war"] == 4 and kinds["pact"] == 4


def test_an_empty_deck_is_refilled_from_its_own_discards():
    state = game("advanced")
    state.age = "I"
    state.military_discards["I"] = state.military_decks["I"][:3]
    state.military_decks["I"] = []
    drawn = deck.draw_one(state)
    assert drawn is not None and len(state.military_decks["I"]) == 2 and state.military_discards["I"] == []


def test_a_past_age_card_discarded_goes_to_the_box():
    state = game("advanced")
    state.age = "II"
    boxed = len(state.military_box)
    deck.discard(state, "raid_1")
    deck.discard(state, "raid_2")
    assert len(state.military_box) == boxed + 1 and state.military_discards["II"] == ["raid_2"]


def test_drawing_is_capped_at_three_and_cards_drawn_then_are_usable_next_turn():
    state = game("advanced")
    state.age = "I"
    civ = state.civs["윤주"]
    civ.military_fresh = ["x"]
    RULES.draw(state, "윤주", 5)
    assert len(civ.military_hand) == 3 and civ.military_fresh == []


def test_end_of_age_boxes_the_old_deck_old_hand_cards_and_old_pacts():
    state = game("advanced", 3)
    state.age = "III"
    state.civs["윤주"].military_hand = ["raid_1", "raid_2"]
    state.pacts = [{"card": "open_borders_agreement", "owner": "윤주", "a": "윤주", "b": "민호"}]
    RULES.end_of_age(state, "II")
    assert state.military_decks == {} and state.civs["윤주"].military_hand == ["raid_2"]
    assert state.pacts == [] and "open_borders_agreement" in state.military_box


def test_final_scoring_of_impact_of_colonies_and_wonders():
    state = game("advanced")
    state.final_events = ["impact_of_colonies", "impact_of_wonders"]
    state.civs["윤주"].colonies = ["fertile_territory_1", "historic_territory_2"]
    state.civs["민호"].wonders = ["colossus", "great_wall"]
    assert {p: sum(e.values()) for p, e in RULES.final_scoring(state).items()} == {"윤주": 8, "민호": 5 + 4}


def test_impact_of_strength_ranks_by_strength_with_three_players():
    state = game("advanced", 3)
    state.civs["민호"].workers["warriors"] = 3
    state.civs["민호"].yellow_bank -= 2
    state.civs["철수"].workers["warriors"] = 0
    state.civs["철수"].yellow_bank += 1
    assert events.impact(state, "impact_of_strength") == {"민호": 14, "윤주": 7, "철수": 0}


@pytest.mark.parametrize("options", [{"mode": "advanced"}, {"mode": "full"},
                                     {"mode": "advanced", "tie_break": "all", "defence_limit": "military-actions",
                                      "aggression_choice": "defender"},
                                     {"mode": "full", "concession": "off", "ravaged_wonders": "ignore",
                                      "cooperation_revolution": False, "corruption_variant": "on"}])
def test_random_games_keep_the_military_invariants(options):
    report = run_random_games(GAME, games=3, player_counts=(2, 3, 4), options=(options,), seed=40,
                              check_every_legal_move=False)
    assert report.games == 3 and sum(report.finished_by_count.values()) == 3


def test_raid_one_lets_the_attacker_pick_the_building_and_pays_half_its_cost_rounded_up():
    from engines.through_the_ages.military import aggressions, losses
    state = game("advanced")
    attacker, defender = state.civs["윤주"], state.civs["민호"]
    defender.technologies.append("drama")
    defender.workers["drama"], defender.yellow_bank = 1, defender.yellow_bank - 1
    picks = aggressions.succeed(state, "raid_1", "윤주", "민호")
    assert losses.ask(state, picks) is True  # philosophy's lab or drama's theater: the attacker chooses
    assert (state.step["kind"], state.step["player"], losses.options(state, state.step)) == (
        "pick", "윤주", ["philosophy", "drama"])
    assert losses.choose(state, "drama") is False
    assert defender.workers["drama"] == 0 and defender.idle == 2 and defender.workers["philosophy"] == 1
    assert attacker.blue.get("bronze", 0) == 3  # drama costs 5: half rounded up is 3 resources


def test_a_single_building_is_lost_without_a_choice():
    from engines.through_the_ages.military import aggressions, losses
    state = game("advanced")
    picks = aggressions.succeed(state, "raid_1", "윤주", "민호")
    assert losses.ask(state, picks) is False and state.civs["민호"].workers["philosophy"] == 0


def test_assassinate_costs_the_leaders_level_and_recounts_its_tokens():
    from engines.through_the_ages.military import aggressions
    state = game("advanced")
    defender = state.civs["민호"]
    defender.leader = "michelangelo"
    assert aggressions.cost(state, "assassinate", "민호") == 1
    aggressions.succeed(state, "assassinate", "윤주", "민호")
    assert defender.leader is None and state.civs["윤주"].culture == 3


def test_spy_takes_no_more_science_than_the_defender_has():
    from engines.through_the_ages.military import aggressions
    state = game("advanced")
    state.civs["민호"].science, state.civs["윤주"].science = 3, 2
    aggressions.succeed(state, "spy", "윤주", "민호")
    assert (state.civs["민호"].science, state.civs["윤주"].science) == (0, 5)


def test_war_over_territory_moves_one_yellow_token_plus_one_per_five_strength():
    state = game("full")
    winner, loser = state.civs["윤주"], state.civs["민호"]
    before = (winner.yellow_total, loser.yellow_total)
    wars.war_spoils(state, "war_over_territory", "윤주", "민호", 11)
    assert (winner.yellow_total, loser.yellow_total) == (before[0] + 3, before[1] - 3)


def test_churchill_discount_only_for_units_while_a_war_on_him_waits():
    state = game("full")
    state.civs["민호"].leader = "winston_churchill"
    assert wars.churchill_discount(state, "민호", "swordsmen") == 0  # no war declared on him
    state.wars.append({"card": "war_over_territory", "attacker": "윤주", "defender": "민호"})
    assert wars.churchill_discount(state, "민호", "swordsmen") == 2
    assert wars.churchill_discount(state, "민호", "bronze") == 0  # a mine is no unit
    assert wars.churchill_discount(state, "윤주", "swordsmen") == 0  # the declarer gets nothing


def test_international_agreement_declined_keeps_the_political_action():
    state = game("advanced")
    state.age, state.step = "II", {"kind": "agreement", "card": "international_agreement", "player": "민호",
                                   "budget": 5, "taken": 0}
    events.agreement_done(state, "민호")
    assert state.step is None and not state.civs["민호"].skip_political


def test_a_defence_lists_each_unit_and_bonus_card_one_at_a_time_and_counts_them_at_the_end():
    setup = {"round": 3, "age": "II", "active": "윤주",
             "윤주": {"technologies": ["소총병"], "workers": {"전사": 0, "소총병": 4}, "military_hand": ["스파이"]},
             "민호": {"technologies": ["기사"], "workers": {"전사": 1, "기사": 2}, "idle": 0,
                    "military_hand": ["방어 보너스 II", "방어 보너스 II"]}}
    state = game("advanced", setup=setup)
    for move in ("attack 스파이 민호", "sacrifice"):
        state = GAME.apply(state, move)
    legal = {str(m) for m in GAME.legal_moves(state)}
    assert legal == {"defend", "defend 전사", "defend 기사", 'defend "방어 보너스 II"'}
    for move in ('defend "방어 보너스 II"', "defend 기사", 'defend "방어 보너스 II"'):
        state = GAME.apply(state, move)
    assert {str(m) for m in GAME.legal_moves(state)} == {"defend", "defend 전사", "defend 기사"}
    state = GAME.apply(state, "defend")
    # strength 1 + 2 + 2 = 5, two cards of +4, the knight sacrificed once more: 5 + 8 + 2 = 15 against 12
    assert state.last_battle == {"card": "spy", "attack": 12, "defence": 15, "won": False}
    assert state.civs["민호"].workers["knights"] == 1 and state.civs["민호"].military_hand == []


@pytest.mark.parametrize("reading", ["decided", "undecided"])
def test_no_concession_once_the_own_wars_decision_has_begun(reading):
    from engines.core import Move, RulesError
    setup = {"round": 4, "age": "II", "active": "민호",
             "wars": [{"card": "기술 전쟁", "attacker": "민호", "defender": "윤주"}]}
    state = GAME.new_game(["윤주", "민호"], seed=3, options={"mode": "full", "concession_wars": reading},
                          setup=setup)
    assert (Move("resign") in GAME.legal_moves(state)) == (reading == "undecided")
    state = GAME.apply(state, Move("sacrifice"))  # the declarer announces its strength: the decision has begun
    assert Move("resign") not in GAME.legal_moves(state)
    with pytest.raises(RulesError) as rejected:
        GAME.apply(state, Move("resign"))
    assert rejected.value.code == "war-first" and state.resigned == []
