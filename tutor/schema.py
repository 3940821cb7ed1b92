"""One JSON Schema for scenario files, checked before anything runs, with Korean messages.

The scenario's own keys are described here; ``variant`` is built from the game's ``Option`` choices
and ``setup`` comes from the game's ``setup_schema`` module (plain data beside the engine, so the
engines need no schema library and still run in the browser). Besides the JSON Schema keywords, a
schema may say ``{"name": KIND}``: a text that must be a known name of that kind (a card, a suit …),
looked up with the engine's ``NameIndex`` in every spelling; the kind ``player`` is the scenario's
``players``.
"""
from __future__ import annotations

import functools
import importlib
import importlib.util
import sys
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from engines.core import Game, NameIndex
from engines.core.korean import josa
from engines.core.protocol import MAX_MOVE_CHARS

from .optional import optional_module
from .yamlsource import Document, Problem, shown


if TYPE_CHECKING:
    from jsonschema import ValidationError

SCHEMA_WHEELS = ["jsonschema==4.17.3", "pyrsistent==0.20.0"]
"""The jsonschema that checks scenario files in Pyodide (the workbench, JupyterLite), shipped as wheels
among the live wheels and in the JupyterLite build: 4.18+ needs rpds-py, which has no pure-Python wheel;
4.17, on pyrsistent, checks every built-in scenario the same."""


@functools.cache
def _jsonschema() -> Any:
    """jsonschema, imported when a scenario is first checked (so that replaying, e.g. in the browser,
    does not need it). It probes optional format checkers when imported; one of them (rfc3987_syntax,
    which Jupyter installs) builds a grammar for over a second. Scenario schemas use no formats, so the
    probe is told that package is absent while jsonschema loads (it stays usable afterwards).

    In the browser the site ships jsonschema 4.17 (``SCHEMA_WHEELS``; 4.18+ needs rpds-py, which has no
    pure-Python wheel) in the live Python's snapshot. Where there is none (a JupyterLite notebook before its
    set-up cell) the schema check is skipped (None): the engines still refuse a set-up they cannot use."""
    if sys.platform == "emscripten" and importlib.util.find_spec("jsonschema") is None:
        return None
    if "rfc3987_syntax" in sys.modules or "jsonschema" in sys.modules:
        return importlib.import_module("jsonschema")
    sys.modules["rfc3987_syntax"] = None  # type: ignore[assignment]
    try:
        return importlib.import_module("jsonschema")
    finally:
        del sys.modules["rfc3987_syntax"]

MAX_STEPS = 500
MAX_TEXT = 2_000  # narration, titles, descriptions
_TEXT = {"type": "string", "maxLength": MAX_TEXT}
_ID = {"type": "string", "minLength": 1, "maxLength": 100}
_NAME = {"type": ["string", "integer"], "minLength": 1, "maxLength": 100}
_PLAYER = {**_NAME, "pattern": r"^[^.]*$",  # a fact is "<player>.<fact>": a dot in a name would split it
           "title": "플레이어 이름에는 마침표(.)를 쓸 수 없습니다 (사실 이름에서 플레이어와 사실을 나누는 글자입니다)"}

SCENARIO: dict[str, Any] = {
    "type": "object",
    "required": ["game", "players", "steps"],
    "additionalProperties": False,
    "properties": {
        "game": _ID,
        "title": {"type": "string", "maxLength": 200},
        "description": _TEXT,
        "question": _TEXT,
        "rules": {"type": "array", "maxItems": 50, "items": _ID},
        "players": {"type": "array", "minItems": 1, "maxItems": 10, "items": _PLAYER},
        "seed": {"type": "integer", "minimum": 0, "maximum": 2**32 - 1},
        "variant": {"type": "object"},
        "setup": {"type": "object"},
        "steps": {"type": "array", "minItems": 1, "maxItems": MAX_STEPS, "items": {
            "type": "object",
            "additionalProperties": False,
            "minProperties": 1,
            "properties": {
                "say": {"type": ["string", "integer"], "maxLength": MAX_TEXT},
                "move": {"type": ["string", "integer"], "minLength": 1, "maxLength": MAX_MOVE_CHARS},
                "by": _NAME,
                "expect": {"enum": ["ok", "illegal"]},
                "error": _ID,
                "check": {"type": "object", "minProperties": 1, "maxProperties": 100},
                "ask": {"type": "boolean"},
            },
        }},
    },
}

TYPES_KO = {"string": "글자", "integer": "정수", "number": "수", "boolean": "참/거짓(true, false)",
            "array": "목록", "object": "매핑(키: 값)", "null": "빈 값(null)"}

NameSource = Callable[[str], tuple[NameIndex | None, str]]  # kind → (its names, where a reader finds them)


def check_scenario(data: Any, doc: Document, game: Game | None) -> list[Problem]:
    """Every place where ``data`` (a whole scenario) breaks the schema, in file order."""
    players = [str(p) for p in data.get("players", [])] if isinstance(data, dict) and \
        isinstance(data.get("players"), list) else []
    schema = scenario_schema(game, players)
    names = _name_source(game, players)
    jsonschema = _jsonschema()
    if jsonschema is None:
        return []
    validator = jsonschema.validators.extend(jsonschema.Draft202012Validator, {"name": _name_keyword(names)})(schema)
    problems = []
    for error in _leaves(validator.iter_errors(_string_keys(data))):
        path = list(error.absolute_path)
        at = path
        if error.validator == "additionalProperties":  # point at the first unknown key itself
            at = path + [next(k for k in error.instance if k not in error.schema.get("properties", {}))]
        problems.append(Problem(_line(doc, data, at), _message(error, path)))
    return sorted(problems, key=lambda p: p.line or 0)


def scenario_schema(game: Game | None, players: list[str]) -> dict[str, Any]:
    """The schema of a scenario of ``game`` with these players (``variant`` and ``setup`` filled in)."""
    properties = dict(SCENARIO["properties"])
    if game is not None:
        properties["variant"] = variant_schema(game)
        properties["setup"] = setup_schema(game, players)
    return {**SCENARIO, "properties": properties}


def variant_schema(game: Game) -> dict[str, Any]:
    options = {name: {"enum": list(o.choices)} if o.choices else {"type": _json_type(o.default)}
               for name, o in game.options.items()}
    return {"type": "object", "additionalProperties": False, "properties": options}


def setup_schema(game: Game, players: list[str]) -> dict[str, Any]:
    """The game's declared set-up schema, with one entry per player where it describes a player's set-up."""
    module = setup_schema_module(game)
    if module is None:
        return {"type": "object"}
    schema = {k: v for k, v in module.SCHEMA.items() if k != "$defs"}
    player = module.SCHEMA.get("$defs", {}).get("player")
    if player is not None:
        schema["properties"] = {**schema.get("properties", {}), **{p: player for p in players}}
    return schema


def setup_schema_module(game: Game) -> Any:
    """The game's ``setup_schema`` module (its ``SCHEMA`` and name indexes), or None when it has none."""
    return optional_module(f"{type(game).__module__.rsplit('.', 1)[0]}.setup_schema")


def _name_source(game: Game | None, players: list[str]) -> NameSource:
    module = setup_schema_module(game) if game is not None else None
    player_index = NameIndex({p: () for p in players})

    def names(kind: str) -> tuple[NameIndex | None, str]:
        if kind == "player":
            return player_index, "players에 적은 이름"
        if module is None:
            return None, ""
        return module.name_index(kind), getattr(module, "WHERE_LISTED", {}).get(kind, "")
    return names


def where_listed(game: Game, kind: str) -> str:
    """Where a reader finds the valid names of ``kind`` (Korean), for "혹시 …?" messages."""
    return _name_source(game, [])(kind)[1]


def _name_keyword(names: NameSource) -> Callable[..., Iterator[ValidationError]]:
    def check(validator: Any, kind: str, instance: Any, schema: Mapping[str, Any]) -> Iterator[ValidationError]:
        if not isinstance(instance, (str, int)) or isinstance(instance, bool):
            return
        index, listed = names(kind)
        if index is None or str(instance) in index:
            return
        hint = suggestion(index, str(instance)) + (f" (이름 목록: {listed})" if listed else "")
        yield _jsonschema().ValidationError(f"{schema.get('title', '이 게임')}에 없는 이름입니다: '{shown(instance)}'.{hint}")
    return check


def suggestion(index: NameIndex, text: str) -> str:
    close = index.suggest(text)
    return f" 혹시 {' 또는 '.join(close)}?" if close else ""


def _leaves(errors: Iterator[ValidationError]) -> Iterator[ValidationError]:
    """The errors to report: for a failed ``anyOf``, the errors of the one branch whose shape the value
    has (``{군사: 30}`` is a mapping: say what is wrong in it), else the ``anyOf`` itself."""
    seen: set[tuple[Any, ...]] = set()
    for error in errors:
        for leaf in _branch_errors(error):
            key = (tuple(leaf.absolute_path), leaf.validator, leaf.message)
            if key not in seen:
                seen.add(key)
                yield leaf


def _branch_errors(error: ValidationError) -> list[ValidationError]:
    if error.validator not in ("anyOf", "oneOf") or not error.context:
        return [error]
    branches: dict[Any, list[ValidationError]] = {}
    for sub in error.context:
        branches.setdefault(sub.schema_path[0], []).append(sub)
    shaped = [subs for subs in branches.values()
              if not any(e.validator in ("type", "const", "enum") and not e.relative_path for e in subs)]
    if len(shaped) != 1:
        return [error]
    return [leaf for sub in shaped[0] for leaf in _branch_errors(sub)]


_NAMED = 8


def _message(error: ValidationError, path: list[Any]) -> str:
    where = _where(path)
    kind, value, schema, instance = error.validator, error.validator_value, error.schema, error.instance
    now = f" (지금: {_show(instance)})"
    if kind == "type":
        wanted = " 또는 ".join(TYPES_KO[t] for t in ([value] if isinstance(value, str) else value))
        return f"{where}: {_must_be(wanted)}{now}."
    if kind in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        low, high = schema.get("minimum"), schema.get("maximum")
        span = f"{low}~{high}" if low is not None and high is not None else \
            f"{low} 이상" if low is not None else f"{high} 이하"
        return f"{where}: {span}의 정수여야 합니다{now}."
    if kind in ("enum", "const"):
        choices = value if kind == "enum" else [value]
        return f"{where}: {', '.join(map(_show, choices))} 가운데 하나여야 합니다{now}."
    if kind == "additionalProperties":
        allowed = list(schema.get("properties", {}))
        unknown = [k for k in instance if k not in allowed]
        named = unknown[:_NAMED]  # a hostile file may hold thousands: the message names a few and counts the rest
        hints = [suggestion(NameIndex({a: () for a in allowed}), str(k)) for k in named]
        more = f" 외 {len(unknown) - len(named):,}개" if len(unknown) > len(named) else ""
        return (f"{where}: 알 수 없는 항목 " + ", ".join(f"'{shown(k)}'{h}" for k, h in zip(named, hints)) + more +
                f" (쓸 수 있는 항목: {', '.join(allowed) or '없음'}).")
    if kind == "required":
        missing = [k for k in value if k not in instance]
        return f"{where}에 필수 항목이 빠졌습니다: {', '.join(missing)}."
    if kind == "pattern":
        return f"{where}: {schema['title']}{now}."
    if kind in ("minItems", "minProperties"):
        return f"{where}: 비어 있으면 안 됩니다." if value == 1 else f"{where}: {value}개 이상이어야 합니다."
    if kind in ("maxItems", "maxProperties"):
        return f"{where}: 너무 많습니다 ({len(instance)}개; {value}개까지)."
    if kind == "minLength":
        return f"{where}: 비어 있으면 안 됩니다."
    if kind == "maxLength":
        return f"{where}: 너무 깁니다 ({len(instance)}자; {value}자까지)."
    if kind == "uniqueItems":
        return f"{where}: 같은 값이 두 번 나옵니다{now}."
    if kind == "name":
        return f"{where}: {error.message}"
    return f"{where}: {schema.get('title') or schema.get('description') or '형식이 맞지 않습니다'}{now}."


def _must_be(word: str) -> str:
    """``word`` + 이어야/여야 합니다, by its last sound."""
    return f"{word}{'여야' if josa(word, '이').endswith('가') else '이어야'} 합니다"


def _where(path: list[Any]) -> str:
    parts = [f"{p + 1}번째" if isinstance(p, int) else shown(p, 30) for p in path]
    return ".".join(parts) if parts else "파일"


def _show(value: Any) -> str:
    if isinstance(value, bool) or value is None:
        return {True: "true", False: "false", None: "null"}[value]
    if isinstance(value, (dict, list)):
        return "매핑" if isinstance(value, dict) else "목록"
    return shown(value, 30)


def _json_type(value: Any) -> str:
    return {bool: "boolean", int: "integer", float: "number", str: "string"}.get(type(value), "object")


def _string_keys(value: Any) -> Any:
    """JSON Schema knows only text keys: ``{2: …}`` is checked as ``{"2": …}``."""
    if isinstance(value, dict):
        return {str(k): _string_keys(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_string_keys(v) for v in value]
    return value


def _line(doc: Document, data: Any, path: list[Any]) -> int | None:
    """The line of the value at ``path`` (with text keys) in the original document."""
    real: list[Any] = []
    node = data
    for part in path:
        if isinstance(node, dict):
            part = next((k for k in node if str(k) == str(part)), part)
            node = node.get(part)
        elif isinstance(node, list) and isinstance(part, int) and part < len(node):
            node = node[part]
        real.append(part)
    return doc.line(*real)
