"""Seconds and memory of the real ``tutor`` command on the hostile choices of issue 38, and the in-process costs
they came from: a choice's legal moves, the Genghis Khan auction, the History of the World map's first render.

    .venv/bin/python benchmarks/hostile_choices.py

Targets: ``tutor check`` and ``tutor moves`` ≤ 2 s and ≤ 300 MB each; the auction's moves ≤ 1 s; a built-in map's
first render a few ms, the 423-place map's well under a second. The files are the hostile suite's
(tests/fuzz/test_hostile_scenarios.py), written to a temporary folder.
"""
from __future__ import annotations

import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the hostile files are the hostile suite's

from tests.fuzz.test_hostile_scenarios import HOSTILE_CHOICES  # noqa: E402
from tutor import views  # noqa: E402
from tutor.replay import replay  # noqa: E402
from tutor.scenario import load_scenario, parse_scenario  # noqa: E402
from tutor.views.history_of_the_world import layout  # noqa: E402
TIME = "/usr/bin/time"


def measured(command: list[str]) -> tuple[float, int, int]:
    """Seconds, peak memory (MB) and exit status of one command."""
    done = subprocess.run([TIME, "-f", "%e %M", sys.executable, "-m", "tutor.cli", *command], capture_output=True,
                          text=True, timeout=600, encoding="utf-8")
    seconds, kilobytes = re.findall(r"([\d.]+) (\d+)\s*$", done.stderr)[-1]
    return float(seconds), int(kilobytes) // 1024, done.returncode


def in_process(text: str, at: int) -> tuple[float, float]:
    """Milliseconds of one ``legal_moves`` and of a first render (layout cache cleared) after step ``at``."""
    trace = replay(parse_scenario(text))
    state = trace.state_at(at)
    start = time.perf_counter()
    trace.game.legal_moves(state)
    moves = (time.perf_counter() - start) * 1000
    layout.cache_clear()
    start = time.perf_counter()
    views.render(trace.game, state)
    return moves, (time.perf_counter() - start) * 1000


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        for name, (text, at) in sorted(HOSTILE_CHOICES.items()):
            path = Path(folder) / f"{name}.yaml"
            path.write_text(text, encoding="utf-8")
            check = measured(["check", str(path)])
            listing = measured(["moves", str(path), "--at", str(at)])
            moves, render = in_process(text, at)
            print(f"{name:<22} check {check[0]:.2f} s {check[1]} MB (exit {check[2]}); moves --at {at} {listing[0]:.2f} s "
                  f"{listing[1]} MB (exit {listing[2]}); legal_moves {moves:.1f} ms; first render {render:.1f} ms")
    fortify = replay(load_scenario(ROOT / "tutor/scenarios/history_of_the_world/fortify.yaml"))
    layout.cache_clear()
    start = time.perf_counter()
    views.render(fortify.game, fortify.state_at(3))
    print(f"history_of_the_world/fortify (notebook 04's Sandbox): first render {(time.perf_counter() - start) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
