"""The workbench's board editor: what the page needs to set up a question's starting position by clicking.

The page draws the starting position with the game's view (whose blocks carry the ``setup:`` path they
show, ``data-zone``) and edits one zone at a time. What a zone holds and how it is edited comes from the
game's set-up schema (``engines/<game>/setup_schema.py``, the one ``tutor check`` validates with), turned
here into a small tree of editor kinds with Korean labels, so every set-up key is reachable. A zone the
scenario does not set yet starts from what the game's own set-up put there (its observed fact), so the
reader edits what they see.
"""
from __future__ import annotations

import json
from typing import Any

from engines.core import get_game

from . import views
from .schema import setup_schema, setup_schema_module
from .workbench import KEYS_KO, key_label, last_state, name_list, scenario_data, setup_labels, spellings

Node = dict[str, Any]

CHOICES = {"teaching": "교육용 지도", "board2018": "2018년판 게임판 일부", "monument_per_icon": "이집트형 (기념물)",
           "fort_per_icon": "아시리아형 (요새)", "siege_tokens": "그리스형 (공성 토큰)", "sea": "바다", "ocean": "대양",
           "wasteland": "황무지", "torch": "횃불", "none": "없음", "boost": "강화", "kingdom": "왕국"}
"""Korean labels of the values an enum offers (History of the World's maps, abilities, zone kinds …)."""
OTHER_SPELLINGS = {"2018", "교육용"}
"""Values an enum also accepts as another spelling of one it offers (the maps): offered once."""


def spec(text: str) -> str:
    """The board editor of the scenario in ``text``: the start board's HTML (when the last run was of this
    text), the zones as an editor tree, the set-up's value, start values for the zones it leaves unset and
    the names each picker offers (JSON text)."""
    data = scenario_data(text)
    game = get_game(data["game"])
    players = [str(p) for p in data.get("players") or []]
    labels = setup_labels(game)
    module = setup_schema_module(game)
    kinds: set[str] = set()
    setup = data.get("setup") if isinstance(data.get("setup"), dict) else {}
    root = _node(setup_schema(game, players), players, labels, kinds)
    state = last_state(text)
    out: dict[str, Any] = {
        "game": game.id, "players": players, "zones": root, "value": setup,
        "names": {kind: name_list(module, kind) if kind != "player" else [[p, ""] for p in players]
                  for kind in sorted(kinds)},
        "seed": data.get("seed", 0),
        "together": bool(getattr(module, "GIVEN_TOGETHER", False)),
        "board": views.render(game, state, zones=True) if state is not None else "",
        "suggest": spellings(game.names(state)) if state is not None else [],
        "start": _start_values(game, state, root, players, getattr(module, "SEEN_AS", {})) if state is not None else {},
    }
    return json.dumps(out, ensure_ascii=False)


def _node(schema: Any, players: list[str], labels: dict[str, str], kinds: set[str], key: str = "") -> Node:
    """One schema entry as an editor kind (``t``): cards, counts, name, number, choice, picks, flag, text,
    texts, rows, table, record or either."""
    if not isinstance(schema, dict):
        return {"t": "text"}
    if "anyOf" in schema:
        branches = [b for b in schema["anyOf"] if b.get("type") != "null"]
        nullable = len(branches) < len(schema["anyOf"])
        if len(branches) == 1:
            return {**_node(branches[0], players, labels, kinds, key), "nullable": True}
        return {"t": "either", "nullable": nullable, "branches": [
            {"t": "const", "value": b["const"], "label": KEYS_KO.get(str(b["const"]), str(b["const"]))} if "const" in b
            else _node(b, players, labels, kinds, key) for b in branches]}
    types = schema.get("type")
    nullable = isinstance(types, list) and "null" in types
    kind = next((t for t in types if t != "null"), None) if isinstance(types, list) else types
    base: Node = {"nullable": True} if nullable else {}
    if "name" in schema:
        kinds.add(schema["name"])
        return {**base, "t": "name", "names": schema["name"]}
    if "enum" in schema:
        return {**base, "t": "choice", "choices": _choices(schema["enum"])}
    if kind == "integer":
        return {**base, "t": "number", "min": schema.get("minimum", 0), "max": schema.get("maximum", 999)}
    if kind == "boolean":
        return {**base, "t": "flag"}
    if kind == "array":
        items = schema.get("items") or {}
        limits = {"min": schema.get("minItems", 0), "max": schema.get("maxItems", 100),
                  "unique": bool(schema.get("uniqueItems"))}
        item = _node(items, players, labels, kinds)
        if item["t"] == "name":  # a zone of cards (a slot may be empty where the item may be null)
            return {**base, **limits, "t": "cards", "names": item["names"], "holes": bool(item.get("nullable"))}
        if item["t"] == "choice":
            return {**base, **limits, "t": "picks", "choices": item["choices"]}
        if item["t"] == "text":
            return {**base, **limits, "t": "texts"}
        return {**base, **limits, "t": "rows", "item": item}
    if kind == "object" or "properties" in schema or "additionalProperties" in schema:
        if "properties" in schema:
            fields = [[k, key_label(k, v, players, labels), _node(v, players, labels, kinds, k)]
                      for k, v in schema["properties"].items()]
            return {**base, "t": "record", "fields": fields}
        names = schema.get("propertyNames") or {}
        value = schema.get("additionalProperties") or {}
        item = _node(value, players, labels, kinds)
        if "name" in names:
            kinds.add(names["name"])
            if item["t"] == "number":
                return {**base, "t": "counts", "names": names["name"], "min": item["min"], "max": item["max"]}
            return {**base, "t": "table", "names": names["name"], "item": item}
        keys = _choices(names["enum"]) if "enum" in names else None
        return {**base, "t": "table", "keys": keys, "item": item}
    if kind == "string":
        return {**base, "t": "text"}
    return {**base, "t": "text"}


def _choices(values: list[Any]) -> list[list[Any]]:
    """An enum's values as [value, Korean label], one spelling each: the schema also accepts lower case and
    numbers for the ages (``a``, ``1``), which the picker need not offer twice."""
    roman = "I" in values  # the ages: A, I, II … (also accepted as 1, 2 …)
    kept = [v for v in values if v not in OTHER_SPELLINGS
            and not (isinstance(v, str) and v != v.upper() and v.upper() in values)
            and not (roman and (isinstance(v, int) or (isinstance(v, str) and v.isdigit())))]
    return [[v, "없음" if v is None else CHOICES.get(str(v)) or KEYS_KO.get(str(v), str(v))] for v in kept]


def _start_values(game: Any, state: Any, root: Node, players: list[str], seen_as: dict[str, str]) -> dict[str, Any]:
    """For each zone (a path joined by NUL), what the game's own set-up put there, read from its observed
    facts (``<player>.<fact>``, ``<fact>``, or ``<fact>.<name>`` gathered into a mapping; a key the game
    says is seen per player, ``SEEN_AS``, from each player's fact)."""
    facts = game.observe(state)
    out: dict[str, Any] = {key: {p: facts[template.format(player=p)] for p in players}
                           for key, template in seen_as.items()
                           if all(template.format(player=p) in facts for p in players)}

    def visit(node: Node, path: list[str]) -> None:
        if node["t"] == "record":
            for key, _, child in node["fields"]:
                visit(child, [*path, key])
            return
        fact = ".".join(path)
        if fact in seen_as:
            return
        if fact in facts:
            value = facts[fact]
        else:
            prefix = fact + "."
            value = {k[len(prefix):]: v for k, v in facts.items() if k.startswith(prefix) and "." not in k[len(prefix):]}
            if not value:
                return
        value = _as_list(node, value)
        if _fits(node, value):
            out["\0".join(path)] = value

    visit(root, [])
    return out


def _as_list(node: Node, value: Any) -> Any:
    """Numbered facts gathered into a mapping (``card_row.1`` …) as the list of slots a zone of cards holds."""
    lists = [b for b in node.get("branches", [node]) if b["t"] == "cards"]
    if not lists or not isinstance(value, dict) or not value or not all(str(k).isdigit() for k in value):
        return value
    return [value.get(str(n)) for n in range(1, max(int(k) for k in value) + 1)]


def _fits(node: Node, value: Any) -> bool:
    """Whether an observed value has the shape the zone's editor writes (so it can start from it)."""
    kind = node["t"]
    if kind == "either":
        return any(_fits(b, value) for b in node["branches"] if b["t"] != "const")
    if kind == "cards":
        return isinstance(value, list) and all(isinstance(v, str) or (v is None and node["holes"]) for v in value)
    if kind == "counts":
        return isinstance(value, dict) and all(isinstance(v, int) and not isinstance(v, bool) for v in value.values())
    if kind == "number":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind in ("name", "text"):
        return isinstance(value, str) or (value is None and bool(node.get("nullable")))
    if kind == "flag":
        return isinstance(value, bool)
    if kind == "picks":
        return isinstance(value, list)
    return False
