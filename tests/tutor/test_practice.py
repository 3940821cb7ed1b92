"""The practice table (tutor.practice): whole games, exports that replay, hidden cards, saves, undo."""
import json
import subprocess
import sys

import pytest

from engines.core import get_game
from tutor.live import Session
from tutor.practice import FORMAT, Seat, Table, TableError, setup_info
from tutor.replay import replay
from tutor.scenario import load_scenario


def play_until(table: Table, moves: int, person=None) -> dict:
    """Let the computers and ``person`` (a function snapshot → notation, default: the first legal move) play
    ``moves`` moves or to the end."""
    snap = table.snapshot()
    for _ in range(moves):
        if snap["over"]:
            break
        if snap["handoff"]:
            snap = table.handle("reveal")
        elif snap["bot"]:
            snap = table.handle("bot")
        else:
            choice = person(snap) if person else snap["groups"][0]["moves"][0][0]
            snap = table.handle("play", choice)
            assert snap["error"] is None, snap["error"]
    return snap


def buyer(snap: dict) -> str:
    """A person who buys the dearest card offered and otherwise ends the phase."""
    groups = {g["verb"]: g["moves"] for g in snap["groups"]}
    if "buy" in groups:
        return groups["buy"][-1][0]
    if "play" in groups and any(m[0] == "play all" for m in groups["play"]):
        return "play all"
    return groups.get("end", snap["groups"][0]["moves"])[0][0]


TABLES = [
    ("dominion", [Seat("윤주"), Seat("민호", "normal")], {"kingdom": "random"}, 400),
    ("through_the_ages", [Seat("윤주", "normal"), Seat("민호", "easy")], {"mode": "advanced", "edition": "2015"}, 90),
    ("carta_impera_victoria", [Seat("윤주"), Seat("민호", "easy"), Seat("서연", "normal")], {"mode": "draft"}, 60),
    ("history_of_the_world", [Seat("윤주", "easy"), Seat("민호", "normal"), Seat("서연")], {}, 80),
]


@pytest.mark.parametrize("game, seats, picked, moves", TABLES, ids=[t[0] for t in TABLES])
def test_export_replays_to_the_same_position(tmp_path, game, seats, picked, moves):
    table = Table(game, seats, picked, seed=11)
    play_until(table, moves, buyer if game == "dominion" else None)
    path = tmp_path / "practice.yaml"
    path.write_text(table.to_scenario(), encoding="utf-8")
    trace = replay(load_scenario(path))
    engine = get_game(game)
    assert engine.to_json(trace.state_at(len(trace.steps))) == engine.to_json(table.state)
    done = subprocess.run([sys.executable, "-m", "tutor.cli", "check", str(path)], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "통과" in done.stdout


def test_a_whole_dominion_game_against_the_normal_computer():
    table = Table("dominion", [Seat("윤주"), Seat("민호", "normal")], {}, seed=3)
    snap = play_until(table, 2000, buyer)
    assert snap["over"] and "게임이 끝났습니다" in snap["result"]
    assert snap["log"][-1]["rule"] == get_game("dominion").end_rule


@pytest.mark.parametrize("game, seats, picked, moves", TABLES, ids=[t[0] for t in TABLES])
def test_every_move_in_the_log_links_its_rule(game, seats, picked, moves):
    table = Table(game, seats, picked, seed=11)
    snap = play_until(table, 40, buyer if game == "dominion" else None)
    links = setup_info(game)["rules"]  # the page draws a link for the ids it has here
    logged = [entry for entry in snap["log"] if entry["n"]]
    assert len(logged) >= 20
    unlinked = [(entry["text"], entry["rule"]) for entry in logged if entry["rule"] not in links]
    assert not unlinked, unlinked


def test_a_move_links_the_card_it_plays_or_answers():
    table = Table("dominion", [Seat("윤주"), Seat("민호")], {}, seed=3)
    dominion = get_game("dominion")
    table.session = Session(dominion, dominion.new_game(
        ["윤주", "민호"], seed=3, setup={"윤주": {"hand": ["마을", "작업장", "동", "동", "사유지"]}}))
    for move in ("play 마을", "play 작업장", "gain 은", "end", "play all", "buy 동"):
        assert table.handle("play", move)["error"] is None, move
    rules = [entry["rule"] for entry in table.snapshot()["log"] if entry["n"]]
    assert rules == ["dominion.card.village", "dominion.card.workshop", "dominion.card.workshop", "dominion.turn",
                     "dominion.turn.buy", "dominion.turn.buy"]


def test_a_refusal_keeps_the_state_and_names_its_rule():
    table = Table("dominion", [Seat("윤주"), Seat("민호", "easy")], {}, seed=3)
    before = table.save()
    snap = table.handle("play", "buy 속주")  # still the action phase
    assert snap["error"]["code"] == "wrong-phase" and snap["error"]["rule"] == "dominion.turn.buy"
    assert table.save() == before
    assert snap["log"][-1]["refused"] and "buy 속주" in snap["log"][-1]["text"]
    unreadable = table.handle("play", "사자 속주")
    assert unreadable["error"]["code"] == "bad-notation" and "동사" in unreadable["error"]["message"]


def test_why_explains_a_kind_of_move_that_cannot_be_made_now():
    table = Table("dominion", [Seat("윤주"), Seat("민호", "easy")], {}, seed=3)
    snap = table.snapshot()
    assert "buy" in [b["verb"] for b in snap["blocked"]] and "buy" not in [g["verb"] for g in snap["groups"]]
    why = table.handle("why", "buy")["why"]
    assert why["rule"] == "dominion.turn.buy" and "구매 단계" in why["message"]
    assert table.handle("look")["why"] is None  # asked once, shown once


def test_a_computer_moves_only_on_its_own_turn():
    table = Table("dominion", [Seat("윤주"), Seat("민호", "normal")], {}, seed=3)
    assert not table.bot_move()
    snap = table.handle("play", "end")
    assert snap["to_move"] == "윤주"


# --- hidden information --------------------------------------------------------------------------------------
def test_the_hand_off_screen_carries_nothing_of_the_table():
    table = Table("dominion", [Seat("윤주"), Seat("민호")], {}, seed=3)
    table.handle("play", "end")
    snap = table.handle("play", "end")  # 윤주 ends her action and buy phases: 민호's turn
    assert snap["handoff"] == "민호" and snap["to_move"] == "민호"
    assert snap["view"] == "" and snap["log"] == [] and snap["groups"] == []
    assert table.handle("play", "end")["moves_made"] == snap["moves_made"]  # nothing is played before the hand-off
    shown = table.handle("reveal")
    assert shown["viewer"] == "민호" and shown["groups"] and "가려 둠" in shown["view"]


def test_other_players_hidden_cards_are_drawn_face_down():
    table = Table("dominion", [Seat("윤주"), Seat("민호")], {}, seed=3)
    view = table.snapshot()["view"]
    assert view.count("가려 둠") == 1  # 민호's hand; 윤주 sees her own
    assert "5장 (가려 둠)" in view


def test_a_tta_military_hand_stays_hidden_from_the_other_person():
    table = Table("through_the_ages", [Seat("윤주"), Seat("민호")], {"mode": "advanced"}, seed=4)
    from engines.through_the_ages.catalog import card

    snap = table.snapshot()
    for _ in range(400):
        civs = table.state.civs
        viewer = snap["viewer"]
        other = next(p for p in table.state.players if p != viewer)
        names = {card(c).name for c in civs[other].military_hand} - {card(c).name for c in civs[viewer].military_hand}
        if names and not snap["handoff"]:
            break
        assert not snap["over"]  # at the end every hand is shown
        snap = play_until(table, 1)
    assert names, "the other person never held a military card"
    seen = snap["view"] + json.dumps(snap["log"], ensure_ascii=False)
    assert not any(name in seen for name in names), names


def test_a_secret_move_is_logged_without_its_card_for_the_others():
    table = Table("history_of_the_world", [Seat("윤주"), Seat("민호"), Seat("서연")], {}, seed=2)
    snap = table.snapshot()
    take = next(m for g in snap["groups"] if g["verb"] == "take" for m in g["moves"])
    mover = snap["to_move"]
    card = take[0].split(" ", 1)[1]
    snap = table.handle("play", take[0])
    table.handle("reveal")
    other_log = table.snapshot()["log"]
    assert other_log[-1]["text"].startswith(mover) and card not in other_log[-1]["text"]
    assert other_log[-1]["rule"] == get_game("history_of_the_world").verbs["take"].rule
    assert card not in table.snapshot()["view"]


# --- saves -------------------------------------------------------------------------------------------------
def test_a_save_resumes_to_the_same_game():
    table = Table("carta_impera_victoria", [Seat("윤주"), Seat("민호", "normal")], {"mode": "draft"}, seed=9)
    play_until(table, 30)
    again = Table.resume(table.save())
    engine = get_game("carta_impera_victoria")
    assert engine.to_json(again.state) == engine.to_json(table.state)
    assert again.snapshot()["log"] == table.snapshot()["log"]


@pytest.mark.parametrize("damage, said", [
    (lambda s: s[: len(s) // 2], "망가져"),
    (lambda s: "null", "형식"),
    (lambda s: json.dumps({**json.loads(s), "format": FORMAT + 1}), "더 새로운"),
    (lambda s: json.dumps({**json.loads(s), "seats": "x"}), "망가져"),
    (lambda s: json.dumps({**json.loads(s), "moves": [["윤주", "buy 금"]]}), "받아들이지 않습니다"),
    (lambda s: json.dumps({**json.loads(s), "moves": [["민호", "end"]]}), "차례"),
    (lambda s: json.dumps({**json.loads(s), "game": "chess"}), ""),
    # hostile saves (issue 28): each a Korean reason, never an uncaught error or a dead interpreter
    (lambda s: s.replace('"seed": 3', '"seed": Infinity'), "시드"),
    (lambda s: s.replace('"seed": 3', '"seed": 1e999'), "시드"),
    (lambda s: s.replace('"seed": 3', '"seed": -4'), "시드"),
    (lambda s: "[" * 200_000 + "]" * 200_000, "깊게"),
    (lambda s: s[:-1] + ', "x": ' + "{\"a\": " * 50 + "1" + "}" * 50 + "}", "깊게"),
])
def test_a_save_that_no_longer_loads_says_why_in_korean(damage, said):
    table = Table("dominion", [Seat("윤주"), Seat("민호", "easy")], {}, seed=3)
    play_until(table, 5, buyer)
    with pytest.raises((TableError, ValueError)) as caught:
        Table.resume(damage(table.save()))
    if said:
        assert isinstance(caught.value, TableError) and said in str(caught.value)


# --- undo --------------------------------------------------------------------------------------------------
def test_undo_takes_back_a_persons_move_and_the_computers_after_it():
    table = Table("dominion", [Seat("윤주"), Seat("민호", "normal")], {}, seed=3)
    assert not table.snapshot()["can_undo"] and not table.undo()
    snap = play_until(table, 4, buyer)  # 윤주's whole turn and 민호's (the computer's) first move
    assert snap["can_undo"] and table.session.moves[-1][0] == "민호"
    last_person = max(i for i, (by, _) in enumerate(table.session.moves) if by == "윤주")
    table.handle("undo")
    assert len(table.session.moves) == last_person and table.to_move() == "윤주"
    assert "되돌렸습니다" in table.snapshot()["log"][-1]["text"]


def test_a_table_of_computers_has_no_undo():
    table = Table("carta_impera_victoria", [Seat("윤주", "easy"), Seat("민호", "normal")], {}, seed=1)
    snap = play_until(table, 10)
    assert not snap["can_undo"] and not table.undo()


# --- set-up ------------------------------------------------------------------------------------------------
def test_set_up_choices_reach_the_engine():
    table = Table("through_the_ages", [Seat("윤주"), Seat("민호", "easy")], {"mode": "full", "edition": "2015"})
    assert table.state.options["mode"] == "full" and table.state.options["edition"] == 2015
    random = Table("dominion", [Seat("윤주"), Seat("민호", "easy")], {"kingdom": "random"}, seed=8)
    first = Table("dominion", [Seat("윤주"), Seat("민호", "easy")], {}, seed=8)
    assert random.state.kingdom != first.state.kingdom
    team = Table("carta_impera_victoria", [Seat(n, "easy") for n in "가나다라"], {"mode": "team"})
    assert team.state.options["team"]
    with pytest.raises(TableError, match="4명"):
        Table("carta_impera_victoria", [Seat("가"), Seat("나")], {"mode": "team"})
    with pytest.raises(TableError, match="3~6명"):
        Table("history_of_the_world", [Seat("가"), Seat("나")], {})
    with pytest.raises(TableError, match="서로 다른 이름"):
        Table("dominion", [Seat("가"), Seat("가")], {})
    with pytest.raises(TableError, match="마침표"):  # "<player>.<fact>" would split at the dot
        Table("dominion", [Seat("윤.주"), Seat("민호")], {})


def test_the_page_gets_choices_strategy_lines_and_rule_links():
    info = setup_info("through_the_ages")
    assert [c["key"] for c in info["choices"]] == ["mode", "edition"]
    assert [level for level, _, _ in info["levels"]] == ["easy", "normal"] and all(line for *_, line in info["levels"])
    assert info["rules"][get_game("through_the_ages").setup_rule]["href"].startswith("through_the_ages/")
