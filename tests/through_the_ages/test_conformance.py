"""Random simple games through the core's conformance harness, with the game's own invariants."""
import pytest

from engines.core import Rng, to_json
from engines.core.conformance import run_random_games
from engines.through_the_ages import GAME


def test_random_games_keep_the_invariants_and_end():
    report = run_random_games(GAME, games=6, player_counts=(2, 3, 4), seed=100)
    assert report.games == 6 and report.finished_by_count == {2: 2, 3: 2, 4: 2}


def test_invariants_catch_a_lost_token():
    state = GAME.new_game(["a", "b"], seed=1)
    state.civs["a"].blue_bank -= 1
    with pytest.raises(AssertionError, match="blue tokens"):
        GAME.check_invariants(state)


def test_invariants_catch_a_lost_card():
    state = GAME.new_game(["a", "b"], seed=1)
    state.row[0] = None
    with pytest.raises(AssertionError, match="civil card"):
        GAME.check_invariants(state)


def test_listing_legal_moves_leaves_the_state_alone():
    chooser = Rng.from_seed(4)
    state = GAME.new_game(["a", "b", "c"], seed=4)
    for _ in range(150):
        if GAME.is_over(state):
            break
        before = to_json(state)
        legal = GAME.legal_moves(state)
        assert to_json(state) == before
        state = GAME.apply(state, chooser.choice(legal))
