"""Run the conformance harness at full size (the test suite runs a CI-sized number).

    .venv/bin/python benchmarks/conformance.py dominion --games 2000 --players 2 3 4
    .venv/bin/python benchmarks/conformance.py history_of_the_world --games 220 --players 3 4 5 6 --all-options
    .venv/bin/python benchmarks/conformance.py through_the_ages --games 300 --players 2 3 4 --sample-legal \
        --bot-share 0.7 --coverage leader wonders --options '{"mode": "full", "edition": 2015}'

``--bot-share`` lets the game's own bot choose that share of the moves (the games reach their late game more
often); ``--coverage`` prints what the games exercised: the verbs applied, the most frequent verb + first
argument, and for each fact of ``observe`` how many names it showed; a fact named after ``--coverage`` is
printed in full (each name with the number of games it showed in), a verb named with all its first arguments.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.core import get_game  # noqa: E402
from engines.core.conformance import Coverage, option_sets, run_random_games  # noqa: E402

TOP = 40  # verb + first argument pairs printed


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
    parser.add_argument("--bot-share", type=float, default=0.0,
                        help="share of the players' moves (0-1) the game's own bot chooses; the rest are uniform")
    parser.add_argument("--coverage", nargs="*", metavar="FACT_OR_VERB",
                        help="print what the games exercised; the names of each fact, the first arguments of each "
                             "verb named here in full")
    args = parser.parse_args()
    start = time.perf_counter()
    game = get_game(args.game)
    if args.bot_share and game.bot is None:
        parser.error(f"{args.game} has no bot (Game.bot), so --bot-share cannot be used")
    if not 0 <= args.bot_share <= 1:
        parser.error("--bot-share is a share between 0 and 1")
    options = option_sets(game) if args.all_options else args.options
    report = run_random_games(game, games=args.games, player_counts=args.players, options=options, seed=args.seed,
                              check_every_legal_move=not args.sample_legal, bot_share=args.bot_share)
    elapsed = time.perf_counter() - start
    print(f"{args.game}: {report.games} games, {report.moves} moves (longest {report.longest}), "
          f"by players {report.finished_by_count}, refused at set-up {len(report.refused)}, no failure, "
          f"{elapsed:.1f} s")
    if args.coverage is not None:
        print_coverage(report.coverage, args.coverage)


def print_coverage(coverage: Coverage, named: list[str]) -> None:
    print(f"verbs applied: {_counts(coverage.verbs)}")
    print(f"verb + first argument, top {TOP} of {len(coverage.first_args)}: "
          f"{_counts(coverage.first_args, TOP)}")
    print("names each fact showed: "
          + ", ".join(f"{fact} {len(names)}" for fact, names in sorted(coverage.facts.items())))
    for name in named:  # a name may be both (TtA's verb and fact "leader"): both are printed
        if name in coverage.verbs:
            args = Counter({a: k for a, k in coverage.first_args.items() if a.partition(" ")[0] == name})
            print(f"verb {name} ({coverage.verbs[name]} moves; first arguments): {_counts(args) or '-'}")
        if name in coverage.facts or name not in coverage.verbs:
            names = coverage.facts.get(name, Counter())
            print(f"fact {name} ({len(names)} names, games each showed in): {_counts(names) or '-'}")


def _counts(counter: Counter[str], top: int | None = None) -> str:
    return ", ".join(f"{name} {count}" for name, count in counter.most_common(top))


if __name__ == "__main__":
    main()
