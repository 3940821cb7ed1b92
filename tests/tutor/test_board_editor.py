"""The board editor's zones (tutor.board_editor): every set-up key of every game is a zone with a Korean
label and an editor kind, and a zone the scenario leaves unset starts from what the game put there."""
import json
import re

import pytest

from engines.core import GAMES, get_game
from tutor import board_editor, workbench
from tutor.scenario import builtin_path
from tutor.schema import setup_schema_module

EXAMPLES = {"dominion": "dominion/moat", "carta_impera_victoria": "carta_impera_victoria/culture-religion",
            "through_the_ages": "through_the_ages/2015-card-row",
            "history_of_the_world": "history_of_the_world/draft-middle-player"}
KINDS = {"cards", "counts", "name", "number", "choice", "picks", "flag", "text", "texts", "rows", "table", "record", "either"}


def spec_of(name: str) -> dict:
    text = builtin_path(name).read_text(encoding="utf-8")
    assert json.loads(workbench.run(text))["ok"]
    return json.loads(board_editor.spec(text))


def kinds_in(node: dict) -> set[str]:
    found = {node["t"]} if node["t"] != "const" else set()
    for _, _, child in node.get("fields", []):
        found |= kinds_in(child)
    for child in [*node.get("branches", []), *([node["item"]] if "item" in node else [])]:
        found |= kinds_in(child)
    return found


@pytest.mark.parametrize("game_id", [info.id for info in GAMES])
def test_every_set_up_key_is_a_zone_with_a_korean_label(game_id):
    spec = spec_of(EXAMPLES[game_id])
    schema = setup_schema_module(get_game(game_id)).SCHEMA
    fields = {key: (label, node) for key, label, node in spec["zones"]["fields"]}
    player_keys = set(schema.get("$defs", {}).get("player", {}).get("properties", {}))
    players = spec["players"] if player_keys else []
    assert set(schema["properties"]) | set(players) == set(fields)
    labels = [label for label, _ in fields.values()]
    for player in players:
        assert {key for key, _, _ in fields[player][1]["fields"]} == player_keys
        labels += [label for key, label, _ in fields[player][1]["fields"]]
    english = [label for label in labels if re.search(r"[A-Za-z_]", label)]
    assert english == []
    assert kinds_in(spec["zones"]) <= KINDS
    assert spec["board"].startswith('<div class="rb-view">')


def test_a_zone_left_unset_starts_from_the_games_own_set_up():
    spec = spec_of("dominion/moat")
    text = builtin_path("dominion/moat").read_text(encoding="utf-8")
    trace = workbench._last["trace"]
    facts = trace.game.observe(trace.state_at(0))
    player = spec["players"][1]
    assert "hand" not in (spec["value"].get(player) or {})  # the scenario does not set it …
    assert spec["start"][f"{player}\0hand"] == facts[f"{player}.hand"]  # … so it starts from the dealt hand
    assert spec["start"]["supply"]["속주"] == facts["supply.속주"]
    assert "board" in json.loads(board_editor.spec(text))


def test_pickers_offer_every_spelling_and_the_ages_once():
    spec = spec_of("through_the_ages/2015-card-row")
    cards = dict(spec["names"]["card"])
    assert any("Julius Caesar" in other for other in cards.values())
    age = next(node for key, _, node in spec["zones"]["fields"] if key == "age")
    assert [value for value, _ in age["choices"]] == ["A", "I", "II", "III", "IV"]
    row = next(node for key, _, node in spec["zones"]["fields"] if key == "card_row")
    assert row["t"] == "either" and row["branches"][0]["holes"]  # a card-row slot may be empty


def test_a_text_that_did_not_run_has_no_board_but_its_zones():
    text = builtin_path("dominion/moat").read_text(encoding="utf-8").replace("title:", "title: 바뀐 제목\nx_title:")
    spec = json.loads(board_editor.spec(text))
    assert spec["board"] == "" and spec["start"] == {} and spec["zones"]["t"] == "record"


@pytest.mark.parametrize("game_id, together", [("dominion", True), ("carta_impera_victoria", True),
                                               ("through_the_ages", False), ("history_of_the_world", False)])
def test_the_editor_knows_where_a_players_zones_are_given_together(game_id, together):
    spec = spec_of(EXAMPLES[game_id])
    assert spec["together"] is together
    if together:  # what the flag says of the engine: one zone given, the others start empty
        game = get_game(game_id)
        zone = "hand" if game_id == "dominion" else "tableau"
        value = ["동"] if game_id == "dominion" else {"종교": 1}
        facts = game.observe(game.new_game(["윤주", "민호"], seed=1, setup={"윤주": {zone: value}}))
        assert facts["윤주.deck_size"] == 0 if game_id == "dominion" else facts["윤주.hand"] == []  # not dealt


def test_the_card_row_starts_from_its_numbered_slots():
    text = workbench.new_scenario("through_the_ages", json.dumps(["윤주", "민호"]), "{}")
    assert json.loads(workbench.run(text))["ok"]
    spec = json.loads(board_editor.spec(text))
    facts = workbench._last["trace"].game.observe(workbench._last["trace"].state_at(0))
    assert spec["start"]["card_row"] == [facts[f"card_row.{n}"] for n in range(1, 14)]


def test_scores_start_from_each_players_score():
    spec = spec_of("history_of_the_world/draft-middle-player")
    facts = workbench._last["trace"].game.observe(workbench._last["trace"].state_at(0))
    assert spec["start"]["scores"] == {p: facts[f"{p}.score"] for p in spec["players"]}
