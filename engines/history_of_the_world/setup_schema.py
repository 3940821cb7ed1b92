"""The ``setup:`` a History of the World scenario may give, as plain JSON Schema data (checked by ``tutor``).

The map and cards a scenario adds or changes have the same shape as the engine's map files
(docs: hotw.map-data); which names exist depends on the map, so the engine itself checks lands, zones
and cards by name once the map is built. ``{"name": "player"}`` marks a player of the scenario.
"""
from __future__ import annotations

from engines.core import NameIndex

from .world import ABILITIES, BOOST_EFFECTS, EMPIRE_BUILDINGS, KINGDOM_BUILDINGS, MAPS, ZONE_KINDS, build_world_json, world_of

TEXT = {"type": "string", "minLength": 1, "maxLength": 100}
TEXTS = {"type": "array", "maxItems": 100, "items": TEXT}
PAIR = {"type": "array", "minItems": 2, "maxItems": 2, "items": TEXT}
PLAYER = {"type": "string", "name": "player", "title": "플레이어"}
EPOCH = {"type": "integer", "minimum": 1, "maximum": 5}


def count(low: int, high: int) -> dict:
    return {"type": "integer", "minimum": low, "maximum": high}


def table(fields: dict) -> dict:
    """A mapping name → record (a record may be left empty to add a bare name)."""
    common = {"en": TEXT, "aliases": TEXTS, "source": {"type": "string"}, "assumed": {"type": "boolean"}}
    return {"type": "object", "maxProperties": 200, "propertyNames": TEXT, "additionalProperties": {
        "type": ["object", "null"], "additionalProperties": False, "properties": {**common, **fields}}}


FORCE = {"epoch": EPOCH, "armies": count(1, 30), "start": TEXT, "fleets": TEXTS}

SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "map": {"enum": sorted(MAPS)},
        "lands": table({"region": TEXT, "rough": {"type": "boolean"}, "resources": count(0, 3)}),
        "zones": table({"kind": {"enum": list(ZONE_KINDS)}, "lands": TEXTS, "touches": TEXTS}),
        "regions": table({"tokens": {"type": "array", "maxItems": 5, "items": {
            "type": "object", "required": ["epoch", "values"], "additionalProperties": False,
            "properties": {"epoch": EPOCH, "until": EPOCH,
                           "values": {"type": "array", "minItems": 3, "maxItems": 3, "items": count(0, 99)}}}}}),
        "empires": table({**FORCE, "order": count(1, 20), "building": {"enum": list(EMPIRE_BUILDINGS)},
                          "ability": {"enum": [None, *ABILITIES]}, "siege_tokens": count(0, 10)}),
        "events": table({**FORCE, "kind": {"enum": ["boost", "kingdom"]},
                         "building": {"enum": list(KINGDOM_BUILDINGS)},
                         "effect": {"type": "object", "additionalProperties": False, "properties": {
                             **{e: count(0, 10) for e in BOOST_EFFECTS if e != "fleet"}, "fleet": TEXT}}}),
        "borders": {"type": "array", "maxItems": 500, "items": PAIR},
        "straits": {"type": "array", "maxItems": 100, "items": PAIR},
        "building_points": {"type": "object", "additionalProperties": False,
                            "properties": {b: count(0, 10) for b in ("capital", "city", "monument")}},
        "decks": {"type": "object", "propertyNames": {"enum": ["1", "2", "3", "4", "5"], "title": "시대는 1~5입니다"},
                  "additionalProperties": {"type": ["object", "null"], "additionalProperties": False,
                                           "properties": {"empire": TEXTS, "event": TEXTS}}},
        "scores": {"type": "object", "propertyNames": PLAYER, "additionalProperties": count(0, 999)},
        "epoch": EPOCH,
        "last_epoch": EPOCH,
        "deal": {"type": "object", "propertyNames": PLAYER, "additionalProperties": {
            "type": ["object", "null"], "additionalProperties": False,
            "properties": {"empire": {"anyOf": [TEXT, {"type": "null"}]}, "events": TEXTS}}},
        "turn": TEXT,
        "board": {"type": "object", "maxProperties": 200, "propertyNames": TEXT, "additionalProperties": {
            "type": ["object", "null"], "additionalProperties": False, "properties": {
                "army": {"anyOf": [PLAYER, {"type": "null"}]},
                "buildings": {"type": ["array", "null"], "maxItems": 2, "uniqueItems": True,
                              "items": {"enum": ["capital", "city", "monument"]}},
                "fort": {"type": "boolean"}}}},
    },
}

SEEN_AS = {"scores": "{player}.score"}
"""Set-up keys whose value is what a fact shows per player (``scores: {윤주: 3}`` ↔ ``윤주.score``)."""


def name_index(kind: str) -> NameIndex | None:
    return None  # lands and cards depend on the map: the engine checks them


def start_points(players: list[str]) -> list[tuple[str, dict]]:
    """The moments a new scenario may start at, as (Korean label, the set-up keys that start there): each
    epoch's card draft, or that epoch's play with the draft over. After the draft each player holds one
    empire and one event card of the epoch (hotw.epoch-start); on the default map these are the epoch's
    first cards in empire order, dealt in the players' order (``deal`` skips the draft)."""
    w = world_of(build_world_json({}))
    points: list[tuple[str, dict]] = []
    for epoch in range(EPOCH["minimum"], EPOCH["maximum"] + 1):
        empires = sorted((c for c, info in w.empires.items() if info["epoch"] == epoch), key=lambda c: w.empires[c]["order"])
        events = sorted(c for c, info in w.events.items() if info["epoch"] == epoch)
        drafting = {} if epoch == EPOCH["minimum"] else {"epoch": epoch}
        points.append((f"제{epoch}시대, 카드를 고르기 전", drafting))
        deal = {p: {"empire": empire, "events": [event]} for p, empire, event in zip(players, empires, events)}
        points.append((f"제{epoch}시대, 카드를 고른 뒤", {"epoch": epoch, "deal": deal}))
    return points
