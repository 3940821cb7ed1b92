"""The map and the cards a game is played with: a base data file plus a scenario's inline changes.

The whole world travels inside the game state as one JSON string (so a state stays plain JSON and a
clone copies it for free); ``world_of`` parses it once per distinct string and caches the result.
"""
from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from engines.core import BadSetup, NameIndex
from engines.core.data import load_data

MAPS = {"teaching": "teaching.yaml", "교육용": "teaching.yaml", "board2018": "board2018.yaml",
        "2018": "board2018.yaml"}
ZONE_KINDS = ("sea", "ocean", "wasteland")
EMPIRE_BUILDINGS = ("capital", "torch")
KINGDOM_BUILDINGS = ("capital", "city", "none")
ABILITIES = ("monument_per_icon", "fort_per_icon", "siege_tokens")
BOOST_EFFECTS = ("armies", "siege_tokens", "forts", "battle_bonus", "fleet")
# Where a fact of the data comes from (docs: map-data): the rulebook's text, the project's reference
# notes (e.g. the published epoch I card list), or our own placeholder. Unlabelled facts are the rulebook's.
SOURCES = ("rulebook", "reference", "assumed")
SETUP_RULE = "hotw.map-data"


def build_world_json(setup: Mapping[str, Any]) -> str:
    """The base map named by ``setup['map']`` with the scenario's additions, checked, as JSON."""
    name = str(setup.get("map", "teaching"))
    if name not in MAPS:
        raise BadSetup(f"알 수 없는 지도 '{name}' (가능한 지도: teaching, board2018)", rule=SETUP_RULE)
    data = json.loads(json.dumps(load_data("engines.history_of_the_world", MAPS[name])))
    for key in ("lands", "zones", "regions", "empires", "events"):
        for item, fields in (setup.get(key) or {}).items():
            base = data[key].get(str(item)) or {}
            data[key][str(item)] = {**base, **(fields or {})}
    for key in ("borders", "straits"):
        data[key] = [*data[key], *(setup.get(key) or [])]
    if "building_points" in setup:
        data["building_points"] = {**data["building_points"], **setup["building_points"]}
    text = json.dumps(data, ensure_ascii=False, sort_keys=True)
    world_of(text)  # validates
    return text


@dataclass(frozen=True)
class World:
    name: str
    partial: bool
    lands: dict[str, dict[str, Any]]
    regions: dict[str, dict[str, Any]]
    zones: dict[str, dict[str, Any]]
    empires: dict[str, dict[str, Any]]
    events: dict[str, dict[str, Any]]
    neighbours: dict[str, frozenset[str]]  # land → lands across a border or a strait
    straits: frozenset[frozenset[str]]
    zone_links: dict[str, frozenset[str]]  # zone → zones it touches
    building_points: dict[str, int]
    names: NameIndex

    def region_lands(self, region: str) -> list[str]:
        return [land for land, info in self.lands.items() if info.get("region") == region]

    def zones_touching(self, land: str) -> list[str]:
        return [z for z, info in self.zones.items() if land in info["lands"]]

    def card(self, name: str) -> dict[str, Any]:
        return self.empires.get(name) or self.events[name]

    def token(self, region: str, epoch: int) -> dict[str, Any] | None:
        """The token on a region in ``epoch``: the newest one whose first epoch has come (it stays
        until a later token of the same region replaces it)."""
        tokens = [t for t in self.regions[region].get("tokens") or [] if t["epoch"] <= epoch]
        return max(tokens, key=lambda t: t["epoch"]) if tokens else None


@functools.lru_cache(maxsize=64)
def world_of(text: str) -> World:
    data = json.loads(text)
    lands, regions, zones = data["lands"], data["regions"], data["zones"]
    empires, events = data["empires"], data["events"]

    def fail(message: str) -> BadSetup:
        return BadSetup(f"지도·카드 자료 오류: {message}", rule=SETUP_RULE)

    def need_land(name: str, where: str) -> None:
        if name not in lands:
            raise fail(f"{where}: 지도에 없는 땅 '{name}'.")

    for land, info in lands.items():
        if info.get("region") is not None and info["region"] not in regions:
            raise fail(f"땅 {land}: 없는 지역 '{info['region']}'.")
        info.setdefault("rough", False)
        info.setdefault("resources", 0)
    neighbours: dict[str, set[str]] = {land: set() for land in lands}
    for pair in [*data["borders"], *data["straits"]]:
        if len(pair) != 2 or pair[0] == pair[1]:
            raise fail(f"경계 {pair}는 서로 다른 땅 두 개여야 합니다.")
        for land in pair:
            need_land(land, "경계")
        neighbours[pair[0]].add(pair[1])
        neighbours[pair[1]].add(pair[0])
    links: dict[str, set[str]] = {z: set() for z in zones}
    for zone, info in zones.items():
        if info.get("kind") not in ZONE_KINDS:
            raise fail(f"구역 {zone}의 종류는 sea, ocean, wasteland 가운데 하나입니다.")
        info.setdefault("lands", [])
        for land in info["lands"]:
            need_land(land, f"구역 {zone}")
        for other in info.get("touches") or []:
            if other not in zones:
                raise fail(f"구역 {zone}: 없는 구역 '{other}'에 닿습니다.")
            links[zone].add(other)
            links[other].add(zone)
    for region, info in regions.items():
        for token in info.get("tokens") or []:
            if not (1 <= int(token["epoch"]) <= 5 and len(token["values"]) == 3):
                raise fail(f"지역 {region}의 토큰은 시대(1~5)와 점수 세 개가 필요합니다.")
    for name, card in empires.items():
        _check_force(card, name, EMPIRE_BUILDINGS, lands, zones, fail)
        if card.get("ability") not in (None, *ABILITIES):
            raise fail(f"제국 {name}: 모르는 특수능력 '{card['ability']}'.")
        card.setdefault("order", 1)
    for name, card in events.items():
        if card.get("kind") == "kingdom":
            _check_force(card, name, KINGDOM_BUILDINGS, lands, zones, fail)
        elif card.get("kind") == "boost":
            effect = card.get("effect") or {}
            if not effect or set(effect) - set(BOOST_EFFECTS):
                raise fail(f"강화 카드 {name}의 효과는 {', '.join(BOOST_EFFECTS)} 가운데서 고릅니다.")
            if "fleet" in effect and effect["fleet"] not in zones:
                raise fail(f"강화 카드 {name}: 없는 구역 '{effect['fleet']}'.")
        else:
            raise fail(f"사건 카드 {name}의 종류는 boost나 kingdom입니다.")
        card.setdefault("epoch", 1)
    for table in (lands, zones, empires, events):
        for name, info in table.items():
            labels = [info.get("source", "rulebook"), *(info.get("sources") or {}).values()]
            if set(labels) - set(SOURCES):
                raise fail(f"{name}의 출처 표시는 {', '.join(SOURCES)} 가운데 하나입니다.")
    clash = set(empires) & set(events)
    if clash:
        raise fail(f"제국 카드와 사건 카드의 이름이 겹칩니다: {', '.join(sorted(clash))}")

    names = NameIndex()
    for table in (lands, regions, zones, empires, events):
        for name, info in table.items():
            names.add(name, *[a for a in [info.get("en"), *(info.get("aliases") or [])] if a])
    return World(
        name=data["name"], partial=bool(data.get("partial")), lands=lands, regions=regions, zones=zones,
        empires=empires, events=events,
        neighbours={k: frozenset(v) for k, v in neighbours.items()},
        straits=frozenset(frozenset(p) for p in data["straits"]),
        zone_links={k: frozenset(v) for k, v in links.items()},
        building_points={k: int(v) for k, v in data["building_points"].items()},
        names=names,
    )


def _check_force(card: dict[str, Any], name: str, buildings: Iterable[str], lands: Mapping[str, Any],
                 zones: Mapping[str, Any], fail: Any) -> None:
    if card.get("start") not in lands:
        raise fail(f"카드 {name}: 지도에 없는 시작 땅 '{card.get('start')}'.")
    if not isinstance(card.get("armies"), int) or card["armies"] < 1:
        raise fail(f"카드 {name}의 군대 수는 1 이상의 정수입니다.")
    card.setdefault("building", "capital")
    if card["building"] not in buildings:
        raise fail(f"카드 {name}: 건축물 표시 '{card['building']}' 대신 {', '.join(buildings)} 가운데 하나를 씁니다.")
    card.setdefault("fleets", [])
    for zone in card["fleets"]:
        if zone not in zones:
            raise fail(f"카드 {name}: 없는 함대·카라반 구역 '{zone}'.")
    card.setdefault("epoch", 1)
