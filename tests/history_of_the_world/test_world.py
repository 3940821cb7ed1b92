"""The map and card data: the teaching map is complete and consistent; the 2018 board is marked partial."""
import pytest

from engines.core import BadSetup
from engines.core.data import load_data
from engines.history_of_the_world.world import build_world_json, world_of


def teaching():
    return world_of(build_world_json({"map": "teaching"}))


def test_teaching_map_has_every_kind_of_map_feature():
    w = teaching()
    assert len(w.regions) == 5 and len(w.lands) == 20
    assert all(info["region"] in w.regions for info in w.lands.values())
    kinds = {info["kind"] for info in w.zones.values()}
    assert kinds == {"sea", "ocean", "wasteland"}
    assert w.straits and any(info["rough"] for info in w.lands.values())
    assert sum(info["resources"] for info in w.lands.values()) >= 8
    ocean = next(z for z, info in w.zones.items() if info["kind"] == "ocean")
    assert sum(w.zones[z]["kind"] == "sea" for z in w.zone_links[ocean]) >= 2


def test_teaching_map_is_connected_by_borders_and_straits():
    w = teaching()
    seen, frontier = {"큰강"}, ["큰강"]
    while frontier:
        for n in w.neighbours[frontier.pop()] - seen:
            seen.add(n)
            frontier.append(n)
    assert seen == set(w.lands)


@pytest.mark.parametrize("epoch", [1, 2, 3, 4, 5])
def test_teaching_cards_serve_six_players_every_epoch(epoch):
    w = teaching()
    empires = [c for c, info in w.empires.items() if info["epoch"] == epoch]
    events = [c for c, info in w.events.items() if info["epoch"] == epoch]
    assert len(empires) == 6 and len(events) == 6
    assert sorted(w.empires[c]["order"] for c in empires) == [1, 2, 3, 4, 5, 6]
    assert any(w.events[c]["kind"] == "kingdom" for c in events)


def test_region_tokens_are_replaced_by_the_next_token_of_the_region():
    w = teaching()
    for region, info in w.regions.items():
        tokens = sorted(info["tokens"], key=lambda t: t["epoch"])
        for token, nxt in zip(tokens, tokens[1:]):
            assert token["until"] + 1 == nxt["epoch"], region
        assert tokens[-1]["until"] == 5
    assert w.token("북녘", 1) is None
    assert w.token("가운데땅", 2)["values"] == [2, 5, 8]
    assert w.token("가운데땅", 3)["values"] == [3, 7, 11]


def test_2018_board_holds_what_the_rulebook_states_and_says_it_is_partial():
    raw = load_data("engines.history_of_the_world", "board2018.yaml")
    assert raw["partial"] is True
    w = world_of(build_world_json({"map": "board2018"}))
    assert sorted(w.region_lands("중동")) == sorted(
        ["아라비아", "레반트", "아나톨리아", "메소포타미아", "티그리스", "자그로스", "페르시아고원"])
    assert w.region_lands("북부 아프리카") == ["나일"]
    assert set(w.zones["북해"]["lands"]) >= {"이베리아", "갈리아", "브리타니아", "게르마니아", "스칸디나비아", "볼가"}
    assert w.zone_links["인도양"] == {"아라비아해"}
    armies = {c: w.empires[c]["armies"] for c in w.empires}
    assert armies == {"수메르": 3, "이집트": 4, "미노스": 3, "히타이트": 4, "아시리아": 6, "주": 4,
                      "베다 도시국가": 5, "그리스": 6}
    assert w.empires["그리스"]["siege_tokens"] == 2
    assert w.names.get("Mesopotamia") == "메소포타미아"


def test_scenario_overrides_add_borders_and_change_lands():
    w = world_of(build_world_json({"map": "board2018", "borders": [["레반트", "나일"]],
                                   "lands": {"자그로스": {"resources": 1, "rough": True}}}))
    assert "나일" in w.neighbours["레반트"]
    assert w.lands["자그로스"] == {**w.lands["자그로스"], "resources": 1, "rough": True, "region": "중동"}


@pytest.mark.parametrize("setup, message", [
    ({"borders": [["큰강", "아틀란티스"]]}, "아틀란티스"),
    ({"empires": {"새제국": {"epoch": 1, "armies": 3, "start": "큰강", "ability": "flying"}}}, "flying"),
    ({"events": {"새카드": {"epoch": 1, "kind": "boost", "effect": {"gold": 3}}}}, "새카드"),
    ({"zones": {"새바다": {"kind": "lake", "lands": []}}}, "새바다"),
    ({"map": "atlantis"}, "atlantis"),
])
def test_bad_map_data_is_refused_with_a_korean_message(setup, message):
    with pytest.raises(BadSetup) as error:
        build_world_json(setup)
    assert message in error.value.message


def test_board2018_labels_where_each_fact_comes_from():
    w = world_of(build_world_json({"map": "board2018"}))
    for name, card in w.empires.items():
        stated = {"name", "order", "armies", "start", "building"} | {k for k in ("fleets", "ability") if card.get(k)}
        assert set(card["sources"]) == stated, name
    # Facts the rulebook's text does not contain (they come from the reference notes) are not labelled "rulebook".
    for name in ("수메르", "주", "베다 도시국가", "그리스"):
        assert "rulebook" not in w.empires[name]["sources"].values(), name
    assert [n for n, c in w.empires.items() if c["sources"]["armies"] == "rulebook"] == ["아시리아"]
    assert w.empires["이집트"]["sources"]["ability"] == w.empires["그리스"]["sources"]["ability"] == "reference"
    assert all(w.lands[land]["source"] == "reference" for land in ("크레타", "핀두스", "양쯔"))
    with pytest.raises(BadSetup):
        build_world_json({"map": "board2018", "lands": {"크레타": {"source": "rumour"}}})
