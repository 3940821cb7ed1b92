"""The practice games' computer players: every game, mode and edition plays to its end, the same way from the
same seed, and ``normal`` is the stronger level."""
import pytest

from engines.core import CHANCE, Rng, get_game, to_json
from engines.core.registry import GAMES
from tutor import bots

TABLES = [
    ("dominion", {}, {"kingdom": "random"}, 2),
    ("carta_impera_victoria", {}, {}, 3),
    ("through_the_ages", {"mode": "simple"}, {}, 2),
    ("through_the_ages", {"mode": "advanced"}, {}, 3),
    ("through_the_ages", {"mode": "full"}, {}, 2),
    ("through_the_ages", {"mode": "full", "edition": 2015}, {}, 2),
    ("history_of_the_world", {}, {}, 3),
]
NAMES = ("가", "나", "다", "라")


@pytest.mark.parametrize("game_id, options, setup, players", TABLES)
def test_a_table_of_computers_plays_a_whole_game_the_same_way_from_the_same_seed(game_id, options, setup, players):
    game = get_game(game_id)
    seats = dict(zip(NAMES, ["normal", "easy"] * players))
    seats = dict(list(seats.items())[:players])
    first = bots.play_game(game, seats, seed=11, options=options, setup=setup)
    assert game.is_over(first) and game.winners(first)
    again = bots.play_game(game, seats, seed=11, options=options, setup=setup)
    assert to_json(again) == to_json(first)


@pytest.mark.parametrize("game_id, options", [("dominion", {}), ("through_the_ages", {"mode": "advanced"}),
                                              ("carta_impera_victoria", {})])
def test_normal_wins_most_games_against_easy(game_id, options):
    game = get_game(game_id)
    won = 0
    for seed in range(12):
        seats = {"가": "normal", "나": "easy"} if seed % 2 else {"나": "easy", "가": "normal"}
        final = bots.play_game(game, seats, seed=seed, options=options)
        won += "가" in game.winners(final)
    assert won >= 8, f"normal won {won} of 12"


def test_a_bot_only_ever_chooses_a_legal_move():
    game = get_game("through_the_ages")
    state, rng = game.new_game(["가", "나"], seed=3, options={"mode": "full"}), Rng.from_seed(1)
    for _ in range(150):
        player = game.current_player(state)
        if player is None:
            break
        move = game.sample_chance(state) if player == CHANCE else bots.choose(game, state, "normal", rng)
        assert player == CHANCE or move in game.legal_moves(state)
        state = game.apply(state, move)


def test_every_game_describes_both_levels_in_korean():
    for info in GAMES:
        module = bots.strategy(get_game(info.id))
        assert set(module.STRATEGY) == set(bots.LEVELS)
        for text in module.STRATEGY.values():
            assert sum("가" <= ch <= "힣" for ch in text) > 20


def test_an_unknown_level_is_refused():
    game = get_game("dominion")
    with pytest.raises(ValueError, match="unknown level"):
        bots.choose(game, game.new_game(["가", "나"]), "hard", Rng.from_seed(0))
