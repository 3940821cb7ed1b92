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


def mirror(snap: dict) -> str:
    """Both people play the same simple money game: the dearest of 속주, 금, 은; all treasures; else end."""
    moves = [m[0] for g in snap["groups"] for m in g["moves"]]
    return next((m for m in ("buy 속주", "buy 금", "buy 은", "play all", "end") if m in moves), moves[0])


def test_a_dominion_tie_states_the_tie_break_and_why_it_decided():
    table = Table("dominion", [Seat("윤주"), Seat("민호")], {}, seed=38)  # seed 38: 4 속주 each, 윤주 ends it
    snap = play_until(table, 2000, mirror)
    assert snap["over"] and table.game.winners(table.state) == ["민호"]
    assert "윤주 27점 (속주 4장 +24점, 사유지 3장 +3점), 16턴." in snap["ending"]
    assert snap["ending"][-1] == ("윤주와 민호가 27점으로 같습니다. 동점이면 턴을 덜 한 사람이 이깁니다: 윤주 16턴, 민호 15턴. "
                                  "그래서 턴을 덜 한 민호가 이깁니다.")
    assert "턴을 덜 한 민호가 이깁니다" in snap["result"] and snap["banner"]["kind"] == "over"
    assert not snap["can_undo"]  # after the end: a new game and the review only


def test_a_carta_hegemony_is_named_on_the_end_screen():
    table = Table("carta_impera_victoria", [Seat("윤주", "normal"), Seat("민호", "easy")], {}, seed=3)
    snap = play_until(table, 3000)
    assert snap["over"] and table.game.observe(table.state)["hegemony"] == "윤주"
    assert "주도권 승리로 곧바로 이겼습니다" in snap["ending"][-1] and "지배력 점수를 따지지 않습니다" in snap["ending"][-1]
    assert any(line.startswith("민호: 지배력") for line in snap["ending"])


def test_the_computers_militia_asks_the_person_with_its_card_and_count():
    table = Table("dominion", [Seat("윤주"), Seat("민호", "normal")], {}, seed=3)
    prompts = []
    snap = table.snapshot()
    while not snap["over"] and not prompts:
        if snap["bot"]:
            snap = table.handle("bot")
        else:
            if snap["prompt"]:
                prompts.append(snap["prompt"])
                asked = snap
            snap = table.handle("play", mirror(snap) if not snap["prompt"] else snap["groups"][0]["moves"][0][0])
    assert prompts == ["민병대 (민호가 냄): 손이 3장이 되도록 버릴 카드들을 고르세요 (2장)."]
    # the person decides during the computer's turn: the banner and the status row say both, and agree
    assert asked["banner"] == {"kind": "person", "text": "윤주가 결정합니다 (사람): 민호의 턴에 민호가 낸 민병대에 답하세요"}
    assert asked["turn"] == "턴: 민호 · 결정: 윤주 (사람)"


def test_the_table_says_whose_turn_and_shows_the_computers_last_move():
    table = Table("dominion", [Seat("윤주"), Seat("민호", "normal")], {}, seed=3)
    snap = table.snapshot()
    assert snap["banner"] == {"kind": "person", "text": "윤주의 턴입니다 (사람): 아래에서 할 행동을 고르세요"}
    snap = table.handle("play", "end")
    snap = table.handle("play", "end")
    assert snap["banner"]["kind"] == "computer" and snap["banner"]["text"].startswith("민호의 턴입니다 (컴퓨터")
    assert snap["last"] == ""  # a person's move is in the log; the computer's are shown beside the board
    # each game's word for a turn, as its glossary says
    carta = Table("carta_impera_victoria", [Seat("윤주"), Seat("민호")], {}, seed=3).snapshot()
    assert carta["banner"]["text"].startswith("윤주의 차례입니다") and carta["turn_word"] == "차례"
    snap = table.handle("bot")
    assert snap["last"].startswith("민호") and snap["last"] == snap["log"][-1]["text"]


def test_tta_previews_the_end_of_the_turn_and_words_a_choice_with_its_event():
    table = Table("through_the_ages", [Seat("윤주"), Seat("민호", "normal")], {"mode": "advanced"}, seed=4)
    snap = table.snapshot()
    labels = [line.split(":")[0] for line in snap["preview"]]
    assert labels == ["문화", "과학", "식량", "자원", "행복"], labels
    asked = []
    for _ in range(400):
        if snap["over"] or asked:
            break
        if snap["bot"]:
            snap = table.handle("bot")
            continue
        if snap["prompt"]:
            asked.append((snap["prompt"], [d for g in snap["groups"] for _, d in g["moves"]]))
        snap = table.handle("play", snap["groups"][-1]["moves"][0][0])
    if asked:  # an event asked the person: the prompt gives its name and effect, each answer names it too
        prompt, answers = asked[0]
        name = prompt.split(":")[0]
        assert prompt != name and all(name in answer for answer in answers)


def test_ending_a_tta_turn_links_this_rounds_section_and_the_2015_editions():
    game = get_game("through_the_ages")
    state = game.new_game(["윤주", "민호"], seed=1, options={"mode": "simple"})
    from engines.core import Move
    assert game.rule_of_move(state, Move("end", ())) == "tta.simple.round1.production"
    later = game.new_game(["윤주", "민호"], seed=1, options={"mode": "simple"})
    later.round = 5
    assert game.rule_of_move(later, Move("end", ())) == "tta.simple.later.upkeep"
    edition = game.new_game(["윤주", "민호"], seed=1, options={"mode": "advanced", "edition": 2015})
    edition.round = 5
    assert game.rule_of_move(edition, Move("end", ())) == "tta15.end-of-turn"


def test_the_normal_tta_computer_does_not_disband_a_unit_to_rebuild_it():
    table = Table("through_the_ages", [Seat("윤주", "normal"), Seat("민호", "normal")],
                  {"mode": "advanced", "edition": "2006"}, seed=5)
    play_until(table, 500)
    turn: list[str] = []
    for by, notation in table.session.moves:
        if turn and by != turn[0]:
            turn = []
        turn = turn or [by]
        if notation.startswith("build ") and "destroy " + notation[len("build "):] in turn:
            raise AssertionError(f"{by} disbanded and rebuilt {notation[6:]} in one turn: {turn}")
        turn.append(notation)


def test_a_hotw_battle_says_whose_dice_and_who_won():
    table = Table("history_of_the_world", [Seat("윤주", "normal"), Seat("민호", "normal"), Seat("서연", "easy")], {}, seed=5)
    snap = play_until(table, 400)
    battles = [e["text"] for e in snap["log"] if "전투:" in e["text"]]
    assert battles and all("주사위" in b and " 대 방어 " in b for b in battles), battles[:3]
    assert any("의 공격 주사위" in b and ("이깁니다" in b or "막아 냅니다" in b or "비겨" in b) for b in battles)
    assert all("chance" not in e["text"] for e in snap["log"])
