"""Store the History of the World view's force layouts of the built-in scenarios' maps
(tutor/views/history_of_the_world_layouts.json), so that no first move in a browser waits for one.

Run it after changing a built-in map, a scenario's map or the layout: .venv/bin/python scripts/store-hotw-layouts.py
"""
from __future__ import annotations

from pathlib import Path

from tutor.replay import replay
from tutor.scenario import load_scenario
from tutor.views.history_of_the_world import LAYOUTS, stored_layouts, world, write_layouts

SCENARIOS = Path(__file__).resolve().parent.parent / "tutor" / "scenarios" / "history_of_the_world"


def main() -> None:
    worlds = []
    for path in sorted(SCENARIOS.glob("*.yaml")):
        trace = replay(load_scenario(path))
        worlds += [world(trace.state_at(i)) for i in range(len(trace.steps) + 1)]
    write_layouts(worlds)
    stored_layouts.cache_clear()
    print(f"{len(stored_layouts())} layouts in {LAYOUTS}")


if __name__ == "__main__":
    main()
