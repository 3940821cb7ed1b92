"""Game states to plain JSON and back, and fast deep copies, for dataclass-based states.

Supported field types: None, bool, int, float, str, Enum, list[T], tuple[T, ...], dict[K, V]
(keys str, int or Enum), ``Mapping[K, V]`` (read-only: see ``clone``), ``T | None`` and nested dataclasses.
Anything else is a programming error.
"""
from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

T = TypeVar("T")
_ATOMS = (str, int, float, bool, type(None))


def to_json(value: Any) -> Any:
    """A JSON-ready copy of a state (dicts, lists, strings, numbers, booleans, None)."""
    if isinstance(value, _ATOMS):
        return value
    if isinstance(value, enum.Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    if isinstance(value, dict):
        return {_key_to_json(k): to_json(v) for k, v in value.items()}
    raise TypeError(f"cannot serialise {type(value).__name__}")


def from_json(cls: type[T], data: Any) -> T:
    """Rebuild a value of type ``cls`` from what ``to_json`` produced."""
    return _load(cls, data)


def clone(value: T) -> T:
    """A deep copy, much faster than ``copy.deepcopy`` for plain state trees.

    Each dataclass gets a copier generated once from its field types: immutable values (strings,
    numbers, enums, tuples of them, frozen dataclasses of them) are shared, lists and dicts of them
    are copied flat, and only mutable parts are walked. A field annotated ``Mapping`` is read-only
    (set once, never changed in place — the game's options), so copies share it. The field types must
    be honest: a field annotated ``list[str]`` must not hold a list of lists.
    """
    return _COPIERS[type(value)](value)


def prepare(cls: type) -> None:
    """Read the type hints of ``cls`` and of every dataclass its fields can hold, and make their copiers:
    what ``from_json`` and ``clone`` would otherwise do the first time they meet each type (the hints of
    postponed annotations are compiled, slow where Python runs in the browser)."""
    seen: set[Any] = set()
    todo: list[Any] = [cls]
    while todo:
        tp = todo.pop()
        if tp in seen:
            continue
        seen.add(tp)
        todo.extend(typing.get_args(tp))
        if isinstance(tp, type) and dataclasses.is_dataclass(tp):
            todo.extend(_hints(tp).values())
            _COPIERS[tp]  # noqa: B018 - made on first use: used here to make it now


class _Copiers(dict[type, Callable[[Any], Any]]):
    """type → its copier, made on first use."""

    def __missing__(self, cls: type) -> Callable[[Any], Any]:
        copier = self[cls] = _make_copier(cls)
        return copier


_COPIERS = _Copiers()


def _identity(value: T) -> T:
    return value


def _make_copier(cls: type) -> Callable[[Any], Any]:
    if issubclass(cls, (*_ATOMS, enum.Enum)):
        return _identity
    if issubclass(cls, list):
        return lambda v: [clone(x) for x in v]
    if issubclass(cls, dict):
        return lambda v: {k: clone(x) for k, x in v.items()}
    if issubclass(cls, tuple):
        return lambda v: tuple(clone(x) for x in v)
    if dataclasses.is_dataclass(cls):
        return _dataclass_copier(cls)
    raise TypeError(f"cannot clone {cls.__name__}")


def _dataclass_copier(cls: type) -> Callable[[Any], Any]:
    """A copier of ``cls``, written as Python source from its field types and compiled once (see ``clone``)."""
    if _immutable(cls):
        return _identity
    try:
        hints = _hints(cls)
    except (NameError, TypeError):  # unresolvable annotations: copy every field generically
        hints = {}
    names = _field_names(cls)
    if cls.__dictoffset__ == 0:  # slots, no instance dict
        exprs = {name: _copy_expr(hints.get(name, Any), f"v.{name}", 0) for name in names}
        body = "\n".join(f"    _set(new, {name!r}, {expr})" for name, expr in exprs.items())
    else:  # copy the instance dict flat (fast), then replace the fields that hold mutable values
        exprs = {name: _copy_expr(hints.get(name, Any), f"d[{name!r}]", 0) for name in names}
        deep = "".join(f"    d[{name!r}] = {expr}\n" for name, expr in exprs.items() if expr != f"d[{name!r}]")
        body = f"    d = v.__dict__.copy()\n{deep}    _set(new, '__dict__', d)"
    source = f"def copy(v):\n    new = _new(cls)\n{body}\n    return new\n"
    namespace: dict[str, Any] = {"_new": object.__new__, "_set": object.__setattr__, "cls": cls, "_copiers": _COPIERS}
    exec(compile(source, f"<clone {cls.__qualname__}>", "exec"), namespace)
    return namespace["copy"]


def _copy_expr(tp: Any, var: str, depth: int) -> str:
    """A Python expression that deep-copies ``var``, a value of type ``tp``."""
    if _immutable(tp):
        return var
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    item = f"x{depth}"
    if origin is Mapping:  # read-only by declaration: shared
        return var
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in args if a is not type(None)]
        if len(inner) == 1:
            return f"(None if {var} is None else {_copy_expr(inner[0], var, depth)})"
    elif origin is list and args:
        if _immutable(args[0]):
            return f"{var}[:]"
        return f"[{_copy_expr(args[0], item, depth + 1)} for {item} in {var}]"
    elif origin is dict and args:
        if _immutable(args[1]):
            return f"{var}.copy()"
        return f"{{k{depth}: {_copy_expr(args[1], item, depth + 1)} for k{depth}, {item} in {var}.items()}}"
    elif origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return f"tuple({_copy_expr(args[0], item, depth + 1)} for {item} in {var})"
    return f"_copiers[{var}.__class__]({var})"  # a nested dataclass, or a type the hints do not pin down


@functools.cache
def _immutable(tp: Any) -> bool:
    """True for types whose values never change in place, so copies may share them."""
    if tp in _ATOMS or (isinstance(tp, type) and issubclass(tp, enum.Enum)) or tp in _ASKING:
        return True  # (a type met again while asking about itself adds nothing mutable)
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType, tuple):
        return all(a is Ellipsis or _immutable(a) for a in args)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp) and tp.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        try:
            hints = _hints(tp)
        except (NameError, TypeError):
            return False
        _ASKING.add(tp)
        try:
            return all(_immutable(hints[f.name]) for f in dataclasses.fields(tp))
        finally:
            _ASKING.discard(tp)
    return False


_ASKING: set[type] = set()  # frozen dataclasses whose fields ``_immutable`` is looking at


def _key_to_json(key: Any) -> str:
    if isinstance(key, enum.Enum):
        return str(key.value)
    if isinstance(key, (str, int)) and not isinstance(key, bool):
        return str(key)
    raise TypeError(f"cannot serialise a dict key of type {type(key).__name__}")


@functools.cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _load(tp: Any, data: Any) -> Any:
    if tp is Any:
        return data
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        inner = [a for a in args if a is not type(None)]
        if len(inner) != 1:
            raise TypeError(f"ambiguous union {tp}")
        return _load(inner[0], data)
    if origin is list:
        return [_load(args[0], v) for v in data]
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_load(args[0], v) for v in data)
        return tuple(_load(a, v) for a, v in zip(args, data, strict=True))
    if origin in (dict, Mapping):
        key_type, value_type = args
        return {_load_key(key_type, k): _load(value_type, v) for k, v in data.items()}
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return tp(data)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        hints = _hints(tp)
        values = {f.name: _load(hints[f.name], data[f.name]) for f in dataclasses.fields(tp) if f.name in data}
        obj = object.__new__(tp)
        for f in dataclasses.fields(tp):
            object.__setattr__(obj, f.name, values[f.name])
        return obj
    if tp in (str, bool, type(None)):
        return data
    if tp is int:
        return int(data)
    if tp is float:
        return float(data)
    raise TypeError(f"cannot load type {tp}")


def _load_key(tp: Any, key: str) -> Any:
    if tp is int:
        return int(key)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return tp(type(next(iter(tp)).value)(key))
    return key
