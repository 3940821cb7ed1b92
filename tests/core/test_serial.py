"""``clone``: an equal copy that shares nothing mutable, for hand-made types and for every engine's states."""
from __future__ import annotations

import dataclasses
import enum
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest

from engines.core import CHANCE, Rng, clone, get_game
from engines.core.conformance import option_sets
from engines.core.registry import GAMES
from engines.core.serial import from_json, to_json


class Colour(enum.Enum):
    RED = "red"


@dataclass(frozen=True)
class Point:
    x: int
    y: int


@dataclass(frozen=True)
class Bag:  # frozen, but holds a list: must not be shared
    items: list[str]


@dataclass(kw_only=True, slots=True)
class Slotted:
    names: list[str] = field(default_factory=list)


@dataclass(kw_only=True)
class Tree:
    label: str
    colour: Colour
    where: Point
    bag: Bag
    slotted: Slotted
    children: list[Tree] = field(default_factory=list)
    counts: dict[str, list[int]] = field(default_factory=dict)
    maybe: dict[str, int] | None = None
    pairs: tuple[list[int], ...] = ()
    anything: Any = None
    settings: Mapping[str, Any] = field(default_factory=dict)  # read-only: shared by copies


def _mutable_objects(value: Any) -> list[Any]:
    """Every list, dict and non-frozen dataclass instance inside ``value`` (frozen ones only via their contents;
    a field declared read-only, ``Mapping``, not at all)."""
    found: list[Any] = []
    if isinstance(value, (list, dict)):
        found.append(value)
        for item in (value.values() if isinstance(value, dict) else value):
            found += _mutable_objects(item)
    elif isinstance(value, tuple):
        for item in value:
            found += _mutable_objects(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        if not type(value).__dataclass_params__.frozen:
            found.append(value)
        hints = typing.get_type_hints(type(value))
        for f in dataclasses.fields(value):
            if typing.get_origin(hints[f.name]) is not Mapping:
                found += _mutable_objects(getattr(value, f.name))
    return found


def assert_deep_copy(original: Any, copy: Any) -> None:
    assert copy == original and type(copy) is type(original)
    shared = {id(x) for x in _mutable_objects(original)} & {id(x) for x in _mutable_objects(copy)}
    assert not shared, "the copy shares a mutable object with the original"


def test_clone_copies_every_mutable_part_and_shares_immutable_ones():
    leaf = Tree(label="잎", colour=Colour.RED, where=Point(1, 2), bag=Bag(["a"]), slotted=Slotted(names=["x"]))
    tree = Tree(label="뿌리", colour=Colour.RED, where=Point(0, 0), bag=Bag(["b", "c"]), slotted=Slotted(),
                children=[leaf], counts={"k": [1, 2]}, maybe={"m": 3}, pairs=([4], [5]),
                anything={"deep": [[1]]}, settings={"mode": "full"})
    copy = clone(tree)
    assert_deep_copy(tree, copy)
    assert copy.where is tree.where  # a frozen dataclass of numbers is shared, not copied
    assert copy.settings is tree.settings  # a read-only mapping is shared
    assert from_json(Tree, to_json(tree)) == tree
    copy.children[0].slotted.names.append("y")
    copy.counts["k"].append(3)
    copy.anything["deep"][0].append(2)
    assert leaf.slotted.names == ["x"] and tree.counts == {"k": [1, 2]} and tree.anything == {"deep": [[1]]}


def test_clone_of_plain_containers_and_atoms():
    value = {"a": [1, {"b": (2, [3])}], "c": None}
    copy = clone(value)
    assert copy == value and copy["a"][1]["b"][1] is not value["a"][1]["b"][1]
    assert clone("글") == "글" and clone(Colour.RED) is Colour.RED
    with pytest.raises(TypeError):
        clone(object())


@pytest.mark.parametrize("info", GAMES, ids=lambda info: info.id)
def test_clone_of_every_engine_state_shares_nothing_mutable(info):
    game = get_game(info.id)
    state = game.new_game([f"P{i}" for i in range(1, max(3, game.min_players) + 1)], seed=3)
    chooser = Rng.from_seed(3)
    for _ in range(120):
        if game.is_over(state):
            break
        assert_deep_copy(state, clone(state))
        assert to_json(clone(state)) == to_json(state)
        legal = game.legal_moves(state)
        move = game.sample_chance(state) if game.current_player(state) == CHANCE else chooser.choice(legal)
        state = game.apply(state, move)


@pytest.mark.parametrize("info", GAMES, ids=lambda info: info.id)
def test_apply_shares_the_options_and_never_changes_them(info):
    """Copies share the options (declared read-only), so no move of any engine may change them."""
    game = get_game(info.id)
    players = max(game.min_players, min(4, game.max_players))  # four: every option (a team game) can be set
    state = game.new_game([f"P{i}" for i in range(1, players + 1)], seed=5, options=option_sets(game)[-1])
    first, snapshot = state.options, dict(state.options)
    chooser = Rng.from_seed(5)
    for _ in range(200):
        if game.is_over(state):
            break
        legal = game.legal_moves(state)
        move = game.sample_chance(state) if game.current_player(state) == CHANCE else chooser.choice(legal)
        state = game.apply(state, move)
        assert state.options is first and state.options == snapshot


@dataclass(frozen=True)
class Chain:  # frozen and recursive: immutable all the way down, so shared
    label: str
    rest: Chain | None = None


@dataclass
class Holder:
    chain: Chain
    notes: list[str]


def test_clone_shares_a_recursive_frozen_dataclass():
    holder = Holder(chain=Chain("a", Chain("b")), notes=["x"])
    copy = clone(holder)
    assert copy == holder and copy.chain is holder.chain and copy.notes is not holder.notes
