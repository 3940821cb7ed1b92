"""Bot games of Through the Ages' advanced and full modes with the military invariants checked after every move.

The civil engine's bot (``engines.through_the_ages.bot``) picks among the legal moves; after each move the
game's invariants run (tokens, cards, and the military ones: every military card accounted for, strength equal
to units + tactics + bonuses, the military hand within its limit after the political action, no negative
count). Reports the games run, the military moves seen and any failure.

    .venv/bin/python benchmarks/tta_military_games.py --games 300 --mode advanced
    .venv/bin/python benchmarks/tta_military_games.py --games 300 --mode full --edition 2015
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.core import Rng  # noqa: E402
from engines.through_the_ages import GAME, bot  # noqa: E402
from engines.through_the_ages.military import RULES  # noqa: E402

NAMES = ("P1", "P2", "P3", "P4")
READINGS = ({}, {"tie_break": "all", "defence_limit": "military-actions", "aggression_choice": "defender"})


def play(seed: int, players: int, options: dict, verbs: Counter) -> int:
    state = GAME.new_game(list(NAMES[:players]), seed=seed, options=options)
    chooser = Rng.from_seed(seed ^ 0xB07)
    moves = 0
    history: list[str] = []
    while not GAME.is_over(state):
        move = bot.choose(state, GAME.legal_moves(state), chooser)
        history.append(f"{GAME.current_player(state)}: {move}")
        state = GAME.apply(state, move)
        try:
            GAME.check_invariants(state)
        except AssertionError as exc:
            raise AssertionError(f"seed {seed}, {players} players, {options}: {exc}; moves {history[-10:]}") from None
        if move.verb in RULES.verbs:
            verbs[move.verb] += 1
        moves += 1
        if moves > 20_000:
            raise AssertionError(f"seed {seed}: no end after {moves} moves")
    return moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--mode", choices=("advanced", "full"), default="advanced")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--edition", type=int, choices=(2006, 2015), default=2006)
    args = parser.parse_args()
    verbs: Counter = Counter()
    start, total = time.perf_counter(), 0
    for i in range(args.games):
        seed = args.seed + i
        options = {"mode": args.mode, "edition": args.edition, **READINGS[(i // 3) % len(READINGS)]}
        total += play(seed, 2 + i % 3, options, verbs)
    print(f"{args.mode} ({args.edition}): {args.games} bot games, {total} moves, no failure, {time.perf_counter() - start:.1f} s; "
          f"military moves {dict(verbs.most_common())}")


if __name__ == "__main__":
    main()
