"""Median cost of one ``legal_moves`` + ``apply`` through the public protocol, for any registered game.

    .venv/bin/python benchmarks/protocol_latency.py            # the fixture game (tests/fixture/pig.py)
    .venv/bin/python benchmarks/protocol_latency.py dominion --players 2 --moves 20000
    .venv/bin/python benchmarks/protocol_latency.py through_the_ages --option mode=advanced --skip 40
    .venv/bin/python benchmarks/protocol_latency.py through_the_ages --option mode=full --option edition=2015 --skip 40

Through the Ages' target (issue 11, and issue 12 for the 2015 edition): a median of at most 100 µs for the
advanced and full game past its opening (the commands above). Its ``legal_moves`` asks each candidate move of the
check its action runs first (no copy of the state); a verb without such a check is tried on a copy
(engines/through_the_ages/game.py, military/rules.py). Candidates that a check shared by many must fail are not
listed at all: no civil or military action left, a card of the row costing more civil actions than are left, a
build's, upgrade's or wonder stage's price above the resources, a development's above the science. ``apply``'s
copy shares the read-only options (engines/core/serial.py).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import yaml  # noqa: E402

from engines.core import CHANCE, Rng, get_game, register  # noqa: E402


def measure(game_name: str, players: int, moves: int, seed: int, options: dict[str, str] | None = None,
            skip: int = 0) -> list[float]:
    """``skip``: moves of each game not timed (its opening), so the sample is of mid-game positions."""
    game = get_game(game_name)
    chooser = Rng.from_seed(seed)
    names = [f"P{i + 1}" for i in range(players)]
    state = game.new_game(names, seed=seed, options=options)
    played = 0
    samples: list[float] = []
    while len(samples) < moves:
        if game.is_over(state):
            seed += 1
            state = game.new_game(names, seed=seed, options=options)
            played = 0
        played += 1
        if played <= skip:
            legal = game.legal_moves(state)
            state = game.apply(state, game.sample_chance(state) if game.current_player(state) == CHANCE
                               else chooser.choice(legal))
            continue
        start = time.perf_counter()
        legal = game.legal_moves(state)
        move = game.sample_chance(state) if game.current_player(state) == CHANCE else chooser.choice(legal)
        state = game.apply(state, move)
        samples.append(time.perf_counter() - start)
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", nargs="?", default="pig")
    parser.add_argument("--players", type=int, default=None, help="default: 2, or the game's minimum if larger")
    parser.add_argument("--moves", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="an engine option, e.g. mode=advanced (Through the Ages)")
    parser.add_argument("--skip", type=int, default=0, help="untimed opening moves of each game")
    args = parser.parse_args()
    if args.game == "pig":
        from tests.fixture.pig import GAME
        register(GAME, "pig")
    players = args.players or max(2, get_game(args.game).min_players)
    # a value reads as in a scenario's variant: edition=2015 is a number, mode=full a word
    options = {key: yaml.safe_load(value) for key, value in (o.split("=", 1) for o in args.option)}
    samples = measure(args.game, players, args.moves, args.seed, options, args.skip)
    us = sorted(s * 1e6 for s in samples)
    print(f"{args.game}{' ' + str(options) if options else ''}, {players} players, {len(us)} moves: legal_moves + apply "
          f"median {statistics.median(us):.1f} µs, p90 {us[int(len(us) * 0.9)]:.1f} µs, mean {statistics.fmean(us):.1f} µs")


if __name__ == "__main__":
    main()
