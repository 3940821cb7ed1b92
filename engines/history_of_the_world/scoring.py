"""Scoring at the end of a turn: influence per region, buildings, and the score-track collision rule."""
from __future__ import annotations

from engines.core import IllegalMove

from .state import HotwState
from .world import World

LEVELS = ("none", "presence", "dominance", "control")


def region_level(state: HotwState, world: World, player: str, region: str) -> str:
    """presence: ≥1 army; dominance: ≥2 and more than anyone else; control: ≥3 and nobody else."""
    counts: dict[str, int] = {}
    for land in world.region_lands(region):
        owner = state.lands[land].owner
        if owner is not None:
            counts[owner] = counts.get(owner, 0) + 1
    mine = counts.pop(player, 0)
    others = max(counts.values(), default=0)
    if mine >= 3 and others == 0:
        return "control"
    if mine >= 2 and mine > others:
        return "dominance"
    return "presence" if mine >= 1 else "none"


def building_points(state: HotwState, world: World, player: str) -> int:
    return sum(points for source, _, _, points in turn_parts(state, world, player) if source == "building")


def turn_points(state: HotwState, world: World, player: str) -> int:
    return sum(points for *_, points in turn_parts(state, world, player))


def turn_parts(state: HotwState, world: World, player: str) -> list[tuple[str, str, str, int]]:
    """Where a turn's points come from (hotw.turn.scoring), each as (source, place, what, points):
    ("building", land, building, points) for each building on the player's lands, ("region", region, level,
    points) for each region whose token this epoch pays the player's level there."""
    worth = dict(world.building_points, monument=state.options["monument_points"])
    parts = [("building", name, b, worth[b]) for name, land in state.lands.items() if land.owner == player
             for b in land.buildings]
    for region in world.regions:
        level = region_level(state, world, player, region)
        token = world.token(region, state.epoch)
        if token is not None and level != "none":
            parts.append(("region", region, level, token["values"][LEVELS.index(level) - 1]))
    return parts


def cell(score: int) -> int:
    """The square of the score track a marker stands on (a marker past 99 shows its 100+ side)."""
    return score % 100


def add_points(state: HotwState, player: str, points: int) -> None:
    """Move the marker; if it lands on another marker, the player must choose up or down (``bump``)."""
    state.scores[player] += points
    if points and _occupied(state, player, state.scores[player]):
        assert state.turn is not None
        state.turn.bump_pending = True


def bump(state: HotwState, player: str, direction: str) -> None:
    state.scores[player] = bump_target(state, player, direction)
    assert state.turn is not None
    state.turn.bump_pending = False


def bump_target(state: HotwState, player: str, direction: str) -> int:
    """The first free score the marker reaches going ``up`` or ``down``; raises if there is none."""
    step = 1 if direction == "up" else -1
    score = state.scores[player] + step
    while _occupied(state, player, score):
        score += step
    if score < 0:
        raise IllegalMove("아래로 비켜설 빈 칸이 없습니다. 위로 비켜서야 합니다.", rule="hotw.turn.scoring",
                          code="no-free-square")
    return score


def _occupied(state: HotwState, player: str, score: int) -> bool:
    return any(cell(s) == cell(score) for p, s in state.scores.items() if p != player)
