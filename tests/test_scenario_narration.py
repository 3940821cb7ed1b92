"""Every built-in example explains itself: it has at least one ``say:`` step, so the reader never opens on
"시작 상태입니다" and plays moves with no word of what to watch or why a move is refused (issue 31)."""
import re

import pytest

from tutor.scenario import SCENARIO_DIR, builtin_scenarios, load_scenario

SCENARIOS = builtin_scenarios()
# The fallback a program writes when it cannot choose a particle; narration is written by people.
FALLBACK_PARTICLE = re.compile(r"을\(를\)|를\(을\)|은\(는\)|는\(은\)|이\(가\)|가\(이\)|과\(와\)|와\(과\)|\(으\)로")


def _says(path) -> list[str]:
    return [step.say for step in load_scenario(path).steps if step.say is not None]


def test_every_builtin_scenario_has_narration():
    silent = [p.relative_to(SCENARIO_DIR).as_posix() for p in SCENARIOS if not _says(p)]
    assert len(SCENARIOS) > 300  # the loader found the built-ins
    assert silent == [], f"{len(silent)} scenarios without a say: step: {silent}"


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.relative_to(SCENARIO_DIR).as_posix() for p in SCENARIOS])
def test_narration_is_written_korean(path):
    for said in _says(path):
        assert said.strip(), "an empty say: step"
        assert not FALLBACK_PARTICLE.search(said), said
