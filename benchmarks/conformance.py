"""Run the conformance harness at full size (the test suite runs a CI-sized number).

    .venv/bin/python benchmarks/conformance.py dominion --games 2000 --players 2 3 4
    .venv/bin/python benchmarks/conformance.py history_of_the_world --games 220 --players 3 4 5 6 --all-options
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.core import get_game  # noqa: E402
from engines.core.conformance import option_sets, run_random_games  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, nargs="+", default=[2])
    parser.add_argument("--options", type=json.loads, nargs="*", default=[{}],
                        help='option sets as JSON, e.g. \'{"mode": "simple"}\'')
    parser.add_argument("--all-options", action="store_true",
                        help="cycle through the defaults, each option alternative alone and all together")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--sample-legal", action="store_true", help="apply one legal move per position, not all")
    args = parser.parse_args()
    start = time.perf_counter()
    game = get_game(args.game)
    options = option_sets(game) if args.all_options else args.options
    report = run_random_games(game, games=args.games, player_counts=args.players,
                              options=options, seed=args.seed, check_every_legal_move=not args.sample_legal)
    elapsed = time.perf_counter() - start
    print(f"{args.game}: {report.games} games, {report.moves} moves (longest {report.longest}), "
          f"by players {report.finished_by_count}, refused at set-up {len(report.refused)}, no failure, "
          f"{elapsed:.1f} s")


if __name__ == "__main__":
    main()
