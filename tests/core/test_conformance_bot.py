"""The conformance harness's bot share (the game's own bot plays some of the moves) and its coverage report."""
import pytest

from engines.core import get_game
from engines.core.conformance import run_random_games


def greedy(state, legal, rng):
    """Double the points as soon as there are any, then bank them: never rolls again once it has points."""
    verbs = [m.verb for m in legal]
    for verb in ("play", "hold"):
        if verb in verbs:
            return legal[verbs.index(verb)]
    return rng.choice(legal)


class _PigWithBot(type(get_game("pig"))):
    bot = staticmethod(greedy)


def test_the_bot_share_changes_the_games_and_replays_from_the_seed():
    game = _PigWithBot()
    def run(share):
        report = run_random_games(game, games=12, player_counts=(2, 3), seed=5, bot_share=share)
        return report.moves, report.coverage.first_args, report.coverage.verbs
    uniform, botted = run(0.0), run(0.7)
    assert botted != uniform
    assert run(0.7) == botted and run(0.0) == uniform
    # the greedy bot never rolls with points in hand: fewer rolls per banked turn than uniform play
    assert botted[2]["roll"] / botted[2]["hold"] < uniform[2]["roll"] / uniform[2]["hold"]
    # no share: the games are those of a game without a bot
    assert run_random_games(get_game("pig"), games=12, player_counts=(2, 3), seed=5).coverage.first_args == uniform[1]


def test_coverage_counts_the_moves_and_the_names_shown():
    # target 2 and a bot for every move: each game is some (roll, roll 1) pairs, then roll, roll N>1, play 두배, hold
    report = run_random_games(_PigWithBot(), games=5, player_counts=(2,), options=({"target": 2},), seed=3,
                              bot_share=1.0)
    coverage = report.coverage
    rolls = {n: coverage.first_args[f"roll {n}"] for n in range(1, 7)}
    assert coverage.verbs["hold"] == coverage.verbs["play"] == coverage.first_args["play 두배"] == 5
    assert sum(rolls.values()) - rolls[1] == 5  # one scoring roll per game
    assert coverage.verbs["roll"] == 2 * sum(rolls.values())  # every roll asked for is followed by its result
    assert set(coverage.verbs) == {"roll", "play", "hold"} and sum(coverage.verbs.values()) == report.moves
    assert coverage.first_args.keys() == {"play 두배", *(f"roll {n}" for n, k in rolls.items() if k)}
    # 두배 is in each player's hand in every game; players' names (turn, winners) are not counted
    assert coverage.facts == {"hand": {"두배": 5}}


def test_a_game_without_a_bot_or_a_share_out_of_range_is_refused():
    with pytest.raises(ValueError, match="no bot"):
        run_random_games(get_game("pig"), games=1, bot_share=0.5)
    with pytest.raises(ValueError, match="between 0 and 1"):
        run_random_games(_PigWithBot(), games=1, bot_share=1.5)
