"""Game states to plain JSON and back, and fast deep copies, for dataclass-based states.

Supported field types: None, bool, int, float, str, Enum, list[T], tuple[T, ...], dict[K, V]
(keys str, int or Enum), ``T | None`` and nested dataclasses. Anything else is a programming error.
"""
from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
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
    """A deep copy, several times faster than ``copy.deepcopy`` for plain state trees."""
    if isinstance(value, _ATOMS) or isinstance(value, enum.Enum):
        return value
    if isinstance(value, list):
        return [clone(v) for v in value]  # type: ignore[return-value]
    if isinstance(value, dict):
        return {k: clone(v) for k, v in value.items()}  # type: ignore[return-value]
    if isinstance(value, tuple):
        return tuple(clone(v) for v in value)  # type: ignore[return-value]
    copy = object.__new__(type(value))
    for name in _field_names(type(value)):
        object.__setattr__(copy, name, clone(getattr(value, name)))
    return copy


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
    if origin is dict:
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
