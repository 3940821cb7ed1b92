"""Dominion playout speed: our engine against pyminion, both playing Big Money vs Big Money + Smithy.

    .venv/bin/python benchmarks/dominion_playouts.py [--games N] [--rounds R]
    .venv/bin/python benchmarks/dominion_playouts.py --callgrind [--games N]

Our bots go through the public protocol (``legal_moves`` then ``GAME.apply``, which validates and
copies the state), on the rulebook's recommended first kingdom. pyminion (install it into the venv
for this only: ``.venv/bin/pip install pyminion``) has no Woodcutter, so its kingdom takes Festival
instead; neither strategy buys either card. Rounds alternate the two engines so that machine load
hits both alike; rates are per CPU second of this process (``time.process_time``), which other
programs on the machine disturb less than wall time, and the best round of each is reported.

``--callgrind`` counts instructions instead, which load on the machine does not change: it runs this
script under valgrind's callgrind (``apt-get install valgrind``) playing 0 and then N games of each
engine, and reports (instructions(N) - instructions(0)) / N, so that start-up and imports cancel out.
Hash randomisation is fixed (``PYTHONHASHSEED=0``) so that repeated counts agree.
"""
from __future__ import annotations

import argparse
import logging
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

from engines.dominion import GAME
from engines.dominion.bots import big_money, big_money_smithy

BOTS = {"BM": big_money, "BMS": big_money_smithy}


def ours(games: int, seed: int = 0) -> float:
    start = time.process_time()
    for i in range(games):
        state = GAME.new_game(list(BOTS), seed=seed + i)
        while (player := GAME.current_player(state)) is not None:
            state = GAME.apply(state, BOTS[player](GAME, state))
    return games / (time.process_time() - start)


def step_latency(games: int = 20) -> float:
    """Median time of one ``legal_moves`` + ``apply`` of the bots' chosen move, in microseconds."""
    times = []
    for i in range(games):
        state = GAME.new_game(list(BOTS), seed=10_000 + i)
        while (player := GAME.current_player(state)) is not None:
            move = BOTS[player](GAME, state)
            start = time.perf_counter()
            GAME.legal_moves(state)
            state = GAME.apply(state, move)
            times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e6


def pyminion_runner():
    """A function playing N pyminion games, or None when pyminion is not installed."""
    try:
        from pyminion.bots.examples import BigMoney, BigMoneySmithy
        from pyminion.expansions import base
        from pyminion.game import Game
    except ImportError:
        return None
    logging.disable(logging.CRITICAL)  # pyminion logs every move
    kingdom = [base.cellar, base.market, base.militia, base.mine, base.moat, base.remodel, base.smithy,
               base.village, base.festival, base.workshop]

    def run(games: int) -> float:
        start = time.process_time()
        for _ in range(games):
            Game(players=[BigMoney(), BigMoneySmithy()], expansions=[base.base_set], kingdom_cards=kingdom,
                 log_stdout=False).play()
        return games / (time.process_time() - start)

    return run


def instructions(engine: str, games: int) -> int:
    """Instructions valgrind counts for this script playing ``games`` games of ``engine`` (and starting up)."""
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, __file__,
                           "--play", engine, "--games", str(games)], capture_output=True, text=True, timeout=3600,
                          env={**os.environ, "PYTHONHASHSEED": "0"}, check=True)
    return int(re.search(r"Collected : (\d+)", done.stderr).group(1))


def callgrind(games: int) -> None:
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    per_game = {}
    for engine in ("ours", "pyminion"):
        if engine == "pyminion" and pyminion_runner() is None:
            print("pyminion is NOT installed: only our engine is counted (.venv/bin/pip install pyminion)")
            break
        per_game[engine] = (instructions(engine, games) - instructions(engine, 0)) / games
        print(f"{engine + ':':9} {per_game[engine]:12,.0f} instructions/game (callgrind, {games} games)")
    if len(per_game) == 2:
        print(f"ratio {per_game['pyminion'] / per_game['ours']:.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per round and engine")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--callgrind", action="store_true", help="count instructions per game with valgrind")
    parser.add_argument("--play", choices=("ours", "pyminion"), help=argparse.SUPPRESS)  # what --callgrind runs
    args = parser.parse_args()
    if args.play:
        if args.games:
            (ours if args.play == "ours" else pyminion_runner())(args.games)
        return
    if args.callgrind:
        callgrind(args.games)
        return
    pm = pyminion_runner()
    if pm is None:
        print("pyminion is NOT installed: only our engine is measured (.venv/bin/pip install pyminion)")
    our_rates, pm_rates = [], []
    for _ in range(args.rounds):
        our_rates.append(ours(args.games))
        if pm is not None:
            pm_rates.append(pm(args.games))
    best = max(our_rates)
    print(f"ours:     {best:8.1f} games/s (2-player BM vs BM+Smithy, best of {args.rounds} x {args.games})")
    if pm_rates:
        print(f"pyminion: {max(pm_rates):8.1f} games/s  -> ratio {best / max(pm_rates):.2f}x")
    print(f"median legal_moves + apply: {step_latency():.1f} µs")


if __name__ == "__main__":
    main()
