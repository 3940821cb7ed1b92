"""Every block of a game's view that shows something a scenario's ``setup:`` can set carries ``data-zone``,
its path into that mapping, so the workbench's board editor knows what a click on it edits."""
import json
import re
from html.parser import HTMLParser

import pytest

from engines.carta_impera_victoria import GAME as CARTA
from engines.dominion import GAME as DOMINION
from engines.history_of_the_world import GAME as HOTW
from engines.through_the_ages import GAME as TTA
from tutor import views
from tutor.replay import replay
from tutor.scenario import builtin_scenarios, load_scenario
from tutor.schema import setup_schema
from tutor.views import common

GAMES = ("dominion", "carta_impera_victoria", "through_the_ages", "history_of_the_world")


class _Zones(HTMLParser):
    """Each ``data-zone`` element's path, with the text inside it."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[list | None] = []  # per open element: [path, text] if it has a zone
        self.zones: list[tuple[list, str]] = []

    def handle_starttag(self, tag, attrs):
        zone = dict(attrs).get("data-zone")
        self.open.append(None if zone is None else [json.loads(zone), ""])

    def handle_startendtag(self, tag, attrs):
        assert "data-zone" not in dict(attrs), tag  # a mark on an empty element holds nothing to click

    def handle_endtag(self, tag):
        done = self.open.pop()
        if done is not None:
            self.zones.append((done[0], done[1]))

    def handle_data(self, data):
        for entry in self.open:
            if entry is not None:
                entry[1] += data


def zones(html: str) -> dict[tuple[str, ...], list[str]]:
    """path → the texts of the blocks marked with it (a path may mark several, as a technology row each)."""
    parser = _Zones()
    parser.feed(html)
    parser.close()
    assert parser.open == [], "unclosed elements"
    found: dict[tuple[str, ...], list[str]] = {}
    for path, text in parser.zones:
        assert isinstance(path, list) and path and all(isinstance(key, str) for key in path), path
        found.setdefault(tuple(path), []).append(text)
    return found


def resolves(schema: dict, path: tuple[str, ...], players: list[str]) -> bool:
    """Whether ``path`` leads somewhere in a JSON Schema: through ``properties``, ``additionalProperties``
    (under its ``propertyNames``) and any ``anyOf`` branch."""
    if not path:
        return True
    if any(resolves(branch, path, players) for branch in schema.get("anyOf", [])):
        return True
    key, rest = path[0], path[1:]
    if key in schema.get("properties", {}):
        return resolves(schema["properties"][key], rest, players)
    extra, names = schema.get("additionalProperties"), schema.get("propertyNames", {})
    if not isinstance(extra, dict):
        return False
    if "pattern" in names and not re.search(names["pattern"], key):
        return False
    if names.get("name") == "player" and key not in players:
        return False
    return resolves(extra, rest, players)


def test_resolves_walks_the_schema_and_refuses_what_it_lacks():
    schema = setup_schema(TTA, ["윤주"])
    assert resolves(schema, ("card_row", "13"), ["윤주"]) and resolves(schema, ("윤주", "workers"), ["윤주"])
    assert not resolves(schema, ("card_row", "14"), ["윤주"])  # the row has 13 slots
    assert not resolves(schema, ("민호", "hand"), ["윤주"]) and not resolves(schema, ("윤주", "deck"), ["윤주"])
    hotw = setup_schema(HOTW, ["윤주"])
    assert resolves(hotw, ("scores", "윤주"), ["윤주"]) and not resolves(hotw, ("scores", "민호"), ["윤주"])


# scenarios drawn at every step, for what shows only mid-game (pacts, wars, resigned players)
EVERY_STEP = {"2015-pacts.yaml", "2015-war.yaml", "2015-resignation.yaml", "2015-tactics.yaml"}


@pytest.mark.parametrize("game_id", GAMES)
def test_every_marked_path_is_a_setup_key_of_the_game(game_id):
    """Every built-in scenario of the game drawn at its start and its end: each mark leads into its set-up
    schema."""
    seen = set()
    for path in builtin_scenarios():
        if path.parent.name != game_id:
            continue
        trace = replay(load_scenario(path))
        players = trace.scenario.players
        schema = setup_schema(trace.game, players)
        steps = range(len(trace.steps) + 1) if path.name in EVERY_STEP else (0, len(trace.steps))
        for n in steps:
            for zone in zones(views.render(trace.game, trace.state_at(n), zones=True)):
                assert resolves(schema, zone, players), (path.name, n, zone)
                seen.add(tuple("<player>" if key in players else key for key in zone[:2]))
    assert len(seen) >= 4, seen
    if game_id == "through_the_ages":
        assert {("pacts",), ("wars",), ("resigned",), ("<player>", "tactics"), ("<player>", "military_hand"),
                ("common_tactics",)} <= seen


def test_dominion_marks_hand_deck_discard_trash_and_each_supply_pile():
    state = DOMINION.new_game(["윤주", "민호"], setup={
        "supply": {"속주": 3}, "trash": ["저주"],
        "윤주": {"hand": ["민병대", "동"], "deck": ["금", "은", "동"], "discard": ["사유지"]}})
    found = zones(views.render(DOMINION, state, zones=True))
    assert found[("윤주", "hand")] == ["손4민병대행동·공격0동보물"]
    assert found[("윤주", "deck")] == ["덱 3"]
    assert found[("윤주", "discard")] == ["버린 카드2사유지승점"]
    assert found[("trash",)] == ["폐기장0저주저주"]
    assert found[("supply", "속주")] == ["8×3속주승점"] and "속주" in found[("supply",)][0]
    assert {("민호", "hand"), ("민호", "deck"), ("민호", "discard")} <= set(found)
    hidden = zones(views.render(DOMINION, state, "민호", zones=True))
    assert hidden[("윤주", "hand")] == ["손2장 (가려 둠)"]  # the practice table: still the same zone


def test_through_the_ages_marks_the_row_and_each_board_part():
    state = TTA.new_game(["윤주", "민호"], seed=2, setup={
        "card_row": {1: "모세", 13: "피라미드"}, "round": 3,
        "윤주": {"leader": "함무라비", "wonder": "콜로서스", "wonder_stages": 1, "hand": ["철"], "food": 2}})
    found = zones(views.render(TTA, state, zones=True))
    row = found[("card_row",)][0]
    assert "1모세지도자1번 칸" in row and "1(빈 칸)2번 칸" in row and "3피라미드문화 유산13번 칸" in row
    assert found[("round",)] == ["3라운드"] and found[("age",)] == ["1시대"]
    assert found[("윤주", "leader")] == ["지도자함무라비"]
    assert found[("윤주", "hand")] == ["손철기술 카드"]
    assert found[("윤주", "wonder")][0].startswith("건설 중인 문화 유산콜로서스1/2단계")
    assert ("윤주", "wonder_stages") in found
    assert "전제정치" in found[("윤주", "government")][0]
    assert found[("윤주", "workers")].count("일꾼 2 ") == 2  # a farm and a mine with two workers each
    assert found[("윤주", "food")] == ["파란 토큰 2 = 식량 2 "] and found[("윤주", "resources")] == ["파란 토큰 0 = 자원 0 "]
    assert any("농업" in text for text in found[("윤주", "technologies")])
    assert found[("윤주", "idle")] == ["일하지 않는 일꾼 1 "]
    assert found[("윤주", "culture")][0].startswith("문화 0") and ("민호", "science") in found


def test_carta_marks_tableau_by_suit_hand_deck_discard():
    state = CARTA.new_game(["윤주", "민호"], setup={"윤주": {"tableau": {"군사": 2}, "hand": ["종교"]}})
    found = zones(views.render(CARTA, state, zones=True))
    assert found[("윤주", "tableau", "군사")] == ["×2군사능력 없음"]
    assert found[("윤주", "tableau")][0].startswith("자기 앞")
    assert found[("윤주", "hand")] == ["손종교"]
    assert found[("deck",)][0].startswith("더미 ") and ("discard",) in found and ("민호", "hand") in found


def test_history_of_the_world_marks_every_land_the_scores_and_the_epoch():
    state = HOTW.new_game(["윤주", "민호", "서연"], setup={"epoch": 2, "scores": {"윤주": 4, "민호": 7, "서연": 9},
                                                           "board": {"갈대늪": {"army": "민호", "fort": True}}})
    found = zones(views.render(HOTW, state, zones=True))
    lands = {path[1] for path in found if path[0] == "board"}
    assert len(lands) == 20 and found[("board", "갈대늪")] == ["갈대늪, 민호 (퇴역), 요새갈대늪"]
    assert found[("scores", "민호")] == ["승점 7"] and found[("epoch",)] == ["시대 2"]
    assert {("deal", "윤주", "events"), ("deal", "서연", "empire")} <= set(found)


def test_without_a_path_the_blocks_are_drawn_as_before():
    assert common.card("시장", "action", "5", cost=5, count=2, label="행동", inner="<i></i>") == (
        '<span class="rb-card rb-badged" data-kind="action"><span class="rb-cost" title="비용">5</span>'
        '<span class="rb-count" title="장수">×2</span>시장<span class="rb-type">행동</span>'
        '<span class="rb-note">5</span><i></i></span>')
    assert common.zone("손", ["동"], {"동": "treasure"}) == (
        '<div class="rb-zone"><div class="rb-zone-title">손</div><div class="rb-cards">'
        '<span class="rb-card" data-kind="treasure">동</span></div></div>')
    assert common.zone("버린 카드", []) == (
        '<div class="rb-zone"><div class="rb-zone-title">버린 카드</div><div class="rb-cards">'
        '<span class="rb-empty">없음</span></div></div>')
    assert common.stats([("행동", 1), ("덱", 5)]) == (
        '<div class="rb-stats"><span class="rb-stat"><span class="rb-stat-label">행동</span> <b>1</b></span>'
        '<span class="rb-stat"><span class="rb-stat-label">덱</span> <b>5</b></span></div>')
    assert common.tokens("blue", 1, 1, "단계") == (
        '<span class="rb-tokens" title="단계" aria-label="단계"><span class="rb-token" data-colour="blue"></span>'
        '<span class="rb-token rb-spent" data-colour="blue"></span></span>')
    assert common.zone_attr(None) == ""


def test_a_path_is_escaped_json_on_the_block():
    assert common.zone_attr(["윤주", "hand"]) == ' data-zone="[&quot;윤주&quot;,&quot;hand&quot;]"'
    odd = ['a"b', "<&'>"]
    for html in (common.zone("손", [], edit=odd), common.stat("덱", 3, odd), common.card("동", edit=odd),
                 common.stats([("덱", 3, odd)]), common.tokens("red", 1, edit=odd)):
        assert list(zones(html)) == [tuple(odd)], html


def test_only_the_board_editor_gets_the_marks():
    state = DOMINION.new_game(["윤주", "민호"], seed=1)
    assert 'data-zone="' in views.render(DOMINION, state, zones=True)
    assert "data-zone" not in views.render(DOMINION, state)  # the rules pages, the Sandbox, the practice table
