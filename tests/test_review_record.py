"""The review of the narrated examples and rules pages is data (tutor/scenarios/review.yaml, issue 35): every
built-in example has an entry, a reviewed one says what it was read against, and every rulebook place it
cites exists."""
import re
from pathlib import Path

import pytest
import yaml

from tutor.scenario import builtin_scenarios
from tutor.sources import SEEDS

ROOT = Path(__file__).resolve().parent.parent
RECORD = yaml.safe_load((ROOT / "tutor" / "scenarios" / "review.yaml").read_text(encoding="utf-8"))
STATUSES = {"reviewed", "words"}  # words: wording checked against the replay, claims not yet against the rulebook
SEED_PLACE = re.compile(r"^(\d{3}_[0-9a-f]{16}\.txt):(\d+)(?:-(\d+))?")


def _name(path: Path) -> str:
    return path.relative_to(path.parent.parent).as_posix()


def test_every_builtin_example_has_an_entry_and_no_entry_is_stale():
    examples = {_name(p) for p in builtin_scenarios()}
    assert set(RECORD["scenarios"]) == examples


def test_every_entry_has_a_known_status_and_a_reviewed_one_its_sources_and_claims():
    for name, entry in RECORD["scenarios"].items():
        assert entry["status"] in STATUSES, name
        if entry["status"] == "reviewed":
            assert entry.get("claims", 0) > 0 and entry.get("source"), name


def test_every_reviewed_page_exists():
    for page in RECORD["pages"]:
        assert (ROOT / page).is_file(), page


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the rulebook texts (../shared/seeds) are not here")
def test_every_cited_rulebook_place_exists():
    lengths = {p.name: len(p.read_text(encoding="utf-8").splitlines()) for p in SEEDS.glob("*.txt")}
    bad = []
    for name, entry in [*RECORD["scenarios"].items(), *RECORD["pages"].items()]:
        for source in entry.get("source") or []:
            place = SEED_PLACE.match(str(source))
            if not place:
                continue
            seed, start, end = place.group(1), int(place.group(2)), int(place.group(3) or place.group(2))
            if seed not in lengths or not 1 <= start <= end <= lengths[seed]:
                bad.append(f"{name}: {source}")
    assert bad == []
