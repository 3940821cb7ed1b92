"""Random games on the teaching map through the core harness, plus the HotW invariants over whole games."""
from engines.core import CHANCE, Rng
from engines.core.conformance import run_random_games
from engines.history_of_the_world import GAME


def test_random_games_for_every_player_count():
    report = run_random_games(GAME, games=12, player_counts=(3, 4, 5, 6), seed=40, check_every_legal_move=False)
    assert report.finished_by_count == {3: 3, 4: 3, 5: 3, 6: 3}


def test_every_legal_move_is_accepted_in_a_classic_draft_game():
    report = run_random_games(GAME, games=1, player_counts=(3,), options=({"draft": "classic"},), seed=7)
    assert report.games == 1


def test_scores_only_fall_by_the_collision_rule_and_the_game_ends_after_epoch_five():
    for seed in range(3):
        state = GAME.new_game(["가", "나", "다", "라"], seed=seed)
        chooser = Rng.from_seed(seed)
        epochs = set()
        while not GAME.is_over(state):
            before = dict(state.scores)
            legal = GAME.legal_moves(state)
            move = GAME.sample_chance(state) if GAME.current_player(state) == CHANCE else chooser.choice(legal)
            state = GAME.apply(state, move)
            GAME.check_invariants(state)
            epochs.add(state.epoch)
            for player, score in state.scores.items():
                assert score >= before[player] or str(move) == "bump down", (seed, move, player)
        assert epochs == {1, 2, 3, 4, 5}
        assert GAME.winners(state) == [max(state.scores, key=state.scores.get)]
