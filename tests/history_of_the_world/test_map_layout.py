"""The map's layout: stored for the built-in maps, a force layout for small maps, a grid for any larger one."""
from pathlib import Path

from engines.history_of_the_world import GAME
from tutor.replay import replay
from tutor.scenario import load_scenario
from tutor.views import render
from tutor.views.history_of_the_world import (FORCE_MOST, HEIGHT, force_layout, map_shape, shape_key,
                                              stored_layouts, world)

SCENARIOS = Path(__file__).resolve().parents[2] / "tutor" / "scenarios" / "history_of_the_world"
REGIONS = ["북녘", "서녘", "가운데땅", "동녘", "남녘"]


def test_every_built_in_map_has_its_force_layout_stored():
    shapes = {}
    for path in sorted(SCENARIOS.glob("*.yaml")):
        shape = map_shape(world(replay(load_scenario(path)).state_at(0)))
        shapes.setdefault(shape_key(shape), (shape, path.name))
    stored = stored_layouts()
    for key, (shape, name) in shapes.items():
        assert key in stored, f"{name}: run scripts/store-hotw-layouts.py to store its map's layout"
        assert {n: list(p) for n, p in force_layout(shape).items()} == stored[key], name


def big_world(lands: int, seas: int):
    names = [f"땅{i:03}" for i in range(lands)]
    return GAME.new_game(["윤주", "민호", "서연"], setup={
        "lands": {n: {"region": REGIONS[i % 5]} for i, n in enumerate(names)},
        "zones": {f"바다{i:03}": {"kind": "sea", "lands": [names[i % lands], names[(i * 7 + 3) % lands]]}
                  for i in range(seas)},
        "borders": [[names[i], names[i + 1]] for i in range(lands - 1)] + [[names[0], "큰강"]]})


def test_a_map_of_hundreds_of_places_is_drawn_as_a_grid_as_tall_as_it_needs():
    state = big_world(198, 200)
    shape = map_shape(world(state))
    assert sum(len(lands) for _, lands in shape[0]) + len(shape[2]) > FORCE_MOST
    html = render(GAME, state)
    height = int(html.split('viewBox="0 0 500 ', 1)[1].split('"', 1)[0])
    assert height > 7 * HEIGHT  # 429 places in rows of 5
    w = world(state)
    assert len(w.lands) > 198 and len(w.zones) > 200
    assert html.count('class="rb-map-land"') == len(w.lands) and html.count('class="rb-map-zone"') == len(w.zones)
