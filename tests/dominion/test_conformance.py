"""Random games through the conformance harness, with kingdoms drawn from all 32 kingdom cards."""
from engines.core import Rng, to_json
from engines.core.conformance import run_random_games
from engines.dominion.cards import KINGDOM
from engines.dominion.game import Dominion


class AnyKingdom(Dominion):
    """Dominion with 10 kingdom cards drawn from the seed among all 32 (1st-edition ones included)."""

    def setup(self, players, rng, options, setup):
        pool = list(KINGDOM)
        rng.peek().shuffle(pool)
        return super().setup(players, rng, options, {"kingdom": pool[:10]})


def test_random_games_keep_every_invariant():
    report = run_random_games(AnyKingdom(), games=30, player_counts=(2, 3, 4), seed=100,
                              options=({}, {"throne_room_first_edition": True}), check_every_legal_move=False)
    assert report.games == 30 and report.finished_by_count == {2: 10, 3: 10, 4: 10}


def test_every_legal_move_is_accepted_and_round_trips():
    report = run_random_games(AnyKingdom(), games=2, player_counts=(2, 3), seed=7)
    assert report.games == 2 and report.moves > 200


def test_accepted_moves_leave_the_state_they_were_given_untouched():
    """The state's fast copies share what a move does not change: every legal move along random games shows it."""
    game, chooser = AnyKingdom(), Rng.from_seed(5)
    for seed in range(4):
        state = game.new_game(["윤주", "민호", "지수"][:2 + seed % 2], seed=seed)
        while not game.is_over(state):
            before, legal = to_json(state), game.legal_moves(state)
            for move in legal:
                game.apply(state, move)
                assert to_json(state) == before, move
            state = game.apply(state, chooser.choice(legal))
