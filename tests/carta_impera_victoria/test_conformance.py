"""Random-play conformance of the Carta Impera Victoria engine (the large run is in the engineer's notes)."""
import pytest

from engines.carta_impera_victoria import GAME
from engines.core.conformance import run_random_games


@pytest.mark.parametrize("player_counts, options, games", [
    ((2, 3, 4), {}, 6),
    ((2, 3, 4), {"mode": "draft"}, 3),
    ((4,), {"team": True}, 2),
    ((4,), {"team": True, "mode": "draft", "team_dominance": "sum"}, 1),
    ((2, 3), {"flipped_utopias_score": True, "empty_suit_scores": True}, 2),
])
def test_random_games_keep_every_card_and_the_protocol(player_counts, options, games):
    report = run_random_games(GAME, games=games, player_counts=player_counts, options=[options], seed=100)
    assert report.games == games
    assert sum(report.finished_by_count.values()) == games


def test_invariant_catches_a_lost_card():
    state = GAME.new_game(["윤주", "민호"], seed=3)
    state.hands["윤주"].pop()
    with pytest.raises(AssertionError):
        GAME.check_invariants(state)
