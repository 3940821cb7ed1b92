"""Every built-in scenario replays and every expectation in it holds."""
import pytest

from tutor.replay import replay
from tutor.scenario import SCENARIO_DIR, builtin_scenarios, load_scenario

SCENARIOS = builtin_scenarios()


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.relative_to(SCENARIO_DIR).as_posix() for p in SCENARIOS])
def test_builtin_scenario_passes(path):
    trace = replay(load_scenario(path))
    failures = [f"step {s.index} (line {s.line}): {f}" for s in trace.steps for f in s.failures]
    assert not failures, "\n".join(failures)


def test_scenario_folders_are_games():
    from engines.core import GAMES
    assert {p.parent.name for p in SCENARIOS} <= {info.id for info in GAMES}
