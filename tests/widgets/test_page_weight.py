"""Page weight: a ScenarioPlayer sends its views as HTML fragments and the changes between steps, and a
docs page keeps the text its widgets repeat (modules, styles, fragments) once."""
import copy
import json
import re
import sys
from pathlib import Path

import pytest
from ipywidgets.embed import dependency_state

from tutor.replay import replay
from tutor.scenario import load_builtin
from tutor.widgets import ScenarioPlayer
from tutor.widgets.fragments import decode, encode, patches, split

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "docs" / "_ext"))
from inline_widgets import SHARED, _script_json, share_strings  # noqa: E402

ONE_OF_EACH = ["dominion/market", "carta_impera_victoria/end-dominance", "through_the_ages/war-over-technology",
               "history_of_the_world/fleets"]


@pytest.mark.parametrize("name", ONE_OF_EACH)
def test_views_come_back_whole_from_fragments_and_patches(name):
    player = ScenarioPlayer.builtin(name)
    assert all("".join(split(view)) == view for view in player.rendered)
    assert decode(player.fragments, player.views) == player.rendered
    assert len(player.views[0]) > 20  # cut into many pieces, so that a move changes few of them


def test_a_later_view_is_sent_as_its_few_changes():
    player = ScenarioPlayer.builtin("through_the_ages/war-over-technology")
    full = len(player.views[0])
    changed = [sum(len(patch) for patch in view) for view in player.views[1:]]
    assert changed and max(changed) < full / 2, (full, changed)


def test_patches_apply_from_first_to_last():
    before, after = [1, 2, 3, 4, 5], [1, 7, 3, 5, 8, 9]
    current = list(before)
    for at, removed, *put in patches(before, after):
        current[at:at + removed] = put
    assert current == after
    assert decode(["a", "b", "c"], [[0, 1], [[1, 1, 2]], []]) == ["ab", "ac", "ac"]  # no patch: the same view
    assert encode(["<div>x</div><div>y</div>", "<div>x</div><div>z</div>"]) == (
        ["<div>x</div>", "<div>y</div>", "<div>z</div>"], [[0, 1], [[1, 1, 2]]])


def _page_state(names: list[str]) -> dict:
    state = {}
    for name in names:
        player = ScenarioPlayer(replay(load_builtin(name)))
        state.update(dependency_state([player], drop_defaults=False))
        player.close()
    return {"version_major": 2, "version_minor": 0, "state": state}


def _expanded(data: dict) -> dict:
    """The references resolved, as inline_widgets.js does in the page."""
    data = copy.deepcopy(data)
    shared = data.pop(SHARED)
    for model in data["state"].values():
        for key, value in model["state"].items():
            if isinstance(value, dict) and set(value) == {"$rb"}:
                ref = value["$rb"]
                model["state"][key] = [shared[i] for i in ref] if isinstance(ref, list) else shared[ref]
    return data


def test_a_page_keeps_what_its_widgets_repeat_once():
    data = _page_state(["dominion/market", "dominion/artisan"])
    shared = share_strings(copy.deepcopy(data))
    table = shared[SHARED]
    esm = next(iter(data["state"].values()))["state"]["_esm"]
    assert table.count(esm) == 1 and len(table) == len(set(table))
    assert _expanded(shared) == data
    assert "$rb" not in json.dumps(_expanded(shared))


def test_the_heaviest_rules_page_carries_well_under_a_megabyte_of_widget_state():
    """through_the_ages/military.md plays 51 scenarios; its widget state was 3.9 MB."""
    text = (ROOT / "docs" / "through_the_ages" / "military.md").read_text(encoding="utf-8")
    names = list(dict.fromkeys(n for line in re.findall(r"```\{example\}([^\n]*)", text) for n in line.split()))
    assert len(names) > 40
    weight = len(_script_json(share_strings(_page_state(names))).encode())
    # 600 KB until the tiles named their cards (data-card, ~7 KB here) and the steps said every change
    # (~8 KB): the budget is the page under a megabyte with room to spare, as ARCHITECTURE.md says
    assert weight < 650_000, weight
