"""Options declare their allowed values; set-up refuses any other; conformance plays every alternative."""
import re

import pytest

from engines.core import GAMES, BadSetup, Option, get_game
from engines.core.conformance import option_sets, run_random_games

ENGINES = [info.id for info in GAMES]
PLAYER_COUNTS = {"dominion": (2, 3, 4), "carta_impera_victoria": (2, 3, 4), "through_the_ages": (2, 3, 4),
                 "history_of_the_world": (3, 4, 5, 6)}


def test_a_yes_no_option_allows_exactly_false_and_true():
    option = Option(False, "설명")
    assert option.choices == (False, True) and option.alternatives() == (True,)
    assert option.allows(True) and not option.allows(1) and not option.allows("true")


def test_a_default_outside_the_choices_is_a_programming_error():
    with pytest.raises(ValueError):
        Option("a", "설명", choices=("b", "c"))


@pytest.mark.parametrize("game_id", ENGINES)
def test_every_option_of_every_engine_declares_its_choices(game_id):
    game = get_game(game_id)
    for name, option in game.options.items():
        assert option.choices and option.alternatives(), f"{game_id}: option {name} declares no alternative"


@pytest.mark.parametrize("game_id, options", [
    ("carta_impera_victoria", {"team_dominance": 7}),
    ("history_of_the_world", {"draft": 7}),
    ("history_of_the_world", {"monument_points": "1"}),
    ("dominion", {"throne_room_first_edition": 1}),
    ("through_the_ages", {"mode": "fast"}),
    ("through_the_ages", {"michelangelo_minimum": True}),
])
def test_a_value_outside_the_choices_is_refused_in_korean(game_id, options):
    game = get_game(game_id)
    players = ["가", "나", "다"]
    with pytest.raises(BadSetup) as exc:
        game.new_game(players, options=options)
    name = next(iter(options))
    assert exc.value.code == "bad-option-value"
    assert f"옵션 {name}에는 " in exc.value.message and "가능한 값" in exc.value.message
    assert not re.search(r"\d[은는을를]\s", exc.value.message)  # no particle guessed after a number


def test_option_sets_are_defaults_each_alternative_alone_and_all_together():
    game = get_game("carta_impera_victoria")
    sets = option_sets(game)
    assert sets[0] == {}
    assert {"team_dominance": "sum"} in sets and {"mode": "draft"} in sets
    assert sets[-1] == {"mode": "draft", "team": True, "flipped_utopias_score": True, "empty_suit_scores": True,
                        "team_dominance": "sum"}
    assert len(sets) == 1 + sum(len(o.alternatives()) for o in game.options.values()) + 1


def test_an_alternative_is_played_with_the_options_it_needs_to_show():
    """A reading of a military rule is played in a full game to its end, a 2015 one in the 2015 edition."""
    sets = option_sets(get_game("through_the_ages"))
    assert {"mode": "full", "concession": "off", "aggression_choice": "defender"} in sets
    assert {"mode": "full", "concession": "off", "edition": 2015, "copy_tactic_cost": 1} in sets
    assert {"aggression_choice": "defender"} not in sets  # alone it would play a simple game without military cards


@pytest.mark.parametrize("game_id", ENGINES)
def test_conformance_under_every_option_alternative(game_id):
    """One random game per option set, at the first player count the set can be played with (a team
    game needs four); every set must be playable at some count."""
    game = get_game(game_id)
    for number, options in enumerate(option_sets(game)):
        refused = []
        for players in PLAYER_COUNTS[game_id]:
            report = run_random_games(game, games=1, player_counts=(players,), options=(options,), seed=number,
                                      check_every_legal_move=False)
            if report.games:
                break
            refused += [code for _, _, code in report.refused]
        else:
            raise AssertionError(f"{game_id} cannot be played with {options}: {refused}")


def test_a_reading_both_editions_share_is_played_in_each():
    """Options with a tuple of contexts: each alternative in each game where the rule shows."""
    sets = option_sets(get_game("through_the_ages"))
    for context in ({"mode": "full", "concession": "off"}, {"mode": "full", "concession": "off", "edition": 2015}):
        assert {**context, "ravaged_wonders": "ignore"} in sets
    assert {"mode": "advanced", "edition": 2015, "robespierre_revolution": "remaining"} in sets
    assert {"mode": "advanced", "robespierre_revolution": "remaining"} in sets
