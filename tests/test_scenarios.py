"""Every built-in scenario replays and every expectation in it holds, each answered in a Korean sentence."""
import re

import pytest

from tutor.replay import NOT_RULES, replay
from tutor.rules import defined_sections
from tutor.scenario import SCENARIO_DIR, builtin_scenarios, load_scenario

SCENARIOS = builtin_scenarios()


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.relative_to(SCENARIO_DIR).as_posix() for p in SCENARIOS])
def test_builtin_scenario_passes(path):
    trace = replay(load_scenario(path))
    failures = [f"step {s.index} (line {s.line}): {f}" for s in trace.steps for f in s.failures]
    assert not failures, "\n".join(failures)
    titles = {rule: section.title for rule, section in defined_sections().items()}
    for step in trace.steps:  # what the example expects, answered as the workbench shows it
        refused = step.expected == "illegal"
        assert len(step.checked) == len(step.checks) + refused and not step.answers, (step.index, step.checked)
        assert all(re.fullmatch(r"답: .+[.)]", line) for line in step.checked), step.checked
        if refused and step.error["code"] not in NOT_RULES:
            assert step.checked[0].startswith("답: 아니요. ") and step.error["message"] in step.checked[0]
            assert step.checked[0].endswith(f" (규칙: {titles[step.error['rule']]})"), step.checked[0]


def test_scenario_folders_are_games():
    from engines.core import GAMES
    assert {p.parent.name for p in SCENARIOS} <= {info.id for info in GAMES}
