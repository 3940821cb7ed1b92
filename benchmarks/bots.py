"""Strength and speed of the practice games' computer players (tutor.bots), reported in notes.

    .venv/bin/python benchmarks/bots.py --games 200
    .venv/bin/python benchmarks/bots.py --games 200 --only dominion

For each game, ``normal`` plays ``easy`` (seats alternate, so each level moves first as often; History of the
World seats one ``normal`` among two ``easy``, where an equal player would win a third): the share of games
``normal`` wins (a shared win counts as a share). Dominion's ``normal`` also plays Big Money + Smithy on random
kingdoms. The time per computer move is CPython's on this machine: the page (Pyodide) is some times slower.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.core import Game, Rng, get_game  # noqa: E402
from engines.dominion.bots import big_money_smithy  # noqa: E402
from tutor import bots  # noqa: E402

# (game, options, setup, seats): the first seat is the one measured
MATCHES: list[tuple[str, dict[str, Any], dict[str, Any], tuple[str, ...]]] = [
    ("dominion", {}, {"kingdom": "random"}, ("normal", "easy")),
    ("dominion", {}, {"kingdom": "random"}, ("normal", "big_money_smithy")),
    ("carta_impera_victoria", {}, {}, ("normal", "easy")),
    ("through_the_ages", {"mode": "simple"}, {}, ("normal", "easy")),
    ("through_the_ages", {"mode": "advanced"}, {}, ("normal", "easy")),
    ("through_the_ages", {"mode": "full"}, {}, ("normal", "easy")),
    ("through_the_ages", {"mode": "full", "edition": 2015}, {}, ("normal", "easy")),
    ("history_of_the_world", {}, {}, ("normal", "easy", "easy")),
]
NAMES = ("가", "나", "다", "라")


def _timed(times: list[float], level: str) -> bots.Bot:
    def play(game: Game, state: Any, rng: Rng) -> Any:
        start = time.perf_counter()
        move = (big_money_smithy(game, state) if level == "big_money_smithy"
                else bots.choose(game, state, level, rng))
        times.append(time.perf_counter() - start)
        return move
    return play


def match(game_id: str, options: dict[str, Any], setup: dict[str, Any], seats: tuple[str, ...],
          games: int) -> tuple[float, list[float]]:
    game, won, times = get_game(game_id), 0.0, []
    for i in range(games):
        order = seats[i % len(seats):] + seats[:i % len(seats)]  # the measured level takes each seat in turn
        players = dict(zip(NAMES, order))
        measured = next(p for p, level in players.items() if level == seats[0])
        table = {p: _timed(times if p == measured else [], level) for p, level in players.items()}
        final = bots.play_game(game, table, seed=i, options=options, setup=setup)
        winners = game.winners(final)
        if measured in winners:
            won += 1 / len(winners)
    return won / games, times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--only", nargs="*", help="game ids to measure (default: all)")
    args = parser.parse_args()
    print(f"{'game':<24} {'options':<34} {'against':<18} {'won':>6} {'median ms':>10} {'max ms':>8}")
    for game_id, options, setup, seats in MATCHES:
        if args.only and game_id not in args.only:
            continue
        share, times = match(game_id, options, setup, seats, args.games)
        print(f"{game_id:<24} {str(options):<34} {' + '.join(seats[1:]):<18} {share:>6.1%} "
              f"{statistics.median(times) * 1000:>10.2f} {max(times) * 1000:>8.1f}", flush=True)


if __name__ == "__main__":
    main()
