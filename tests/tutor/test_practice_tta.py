"""Through the Ages at the practice table: the end of a turn foretold before and after, an uprising announced before
the turn ends and in the log, a battle's result with both strengths, a forced discard with its reason."""
import json
import re

from engines.core import Move
from tutor.practice import Seat, Table


def computers_until(table: Table, done, moves: int = 3000) -> bool:
    for _ in range(moves):
        if done(table) or table.to_move() is None:
            break
        table.handle("bot")
    return done(table)


def test_the_preview_gives_each_line_before_and_after_as_the_engine_ends_the_turn():
    table = Table("through_the_ages", [Seat("윤주"), Seat("민호", "normal")], {"mode": "advanced"}, seed=4)
    for notation in ("take 1", "take 2"):  # anything, so the turn is not the very first one
        if table.handle("play", notation)["error"]:
            break
    snap = table.snapshot()
    ended = table.game.observe(table.game.apply(table.state, Move("end", ())))
    now = table.game.observe(table.state)
    lines = dict(line.split(": ", 1) for line in snap["preview"])
    for label, fact in (("문화", "culture"), ("과학", "science"), ("식량", "food"), ("자원", "resources")):
        said = re.match(r"(-?\d+)에서 (-?\d+)(으로|로) \(", lines[label]) or re.match(r"((-?\d+)) \(", lines[label])
        assert said, lines[label]  # "3에서 5로 (…)", or "3 (…)" when the turn's end leaves it as it is
        assert (int(said[1]), int(said[2])) == (now[f"윤주.{fact}"], ended[f"윤주.{fact}"]), (label, lines[label])


def test_an_uprising_is_announced_before_the_turn_ends_and_said_in_the_log():
    computers = Table("through_the_ages", [Seat("윤주", "normal"), Seat("민호", "easy")],
                      {"mode": "advanced", "edition": "2015"}, seed=5)
    rioting = lambda t: t.to_move() == "민호" and t.game.observe(t.state).get("민호.uprising")  # noqa: E731
    assert computers_until(computers, rioting)
    saved = json.loads(computers.save())
    saved["seats"][1]["level"] = ""  # the same game, 민호 now a person at the screen
    table = Table.resume(json.dumps(saved, ensure_ascii=False))
    snap = table.snapshot()
    facts = table.game.observe(table.state)
    riot = [w for w in snap["warnings"] if w.startswith("폭동")]
    assert riot and f"불만 있는 일꾼 {facts['민호.discontent']}명" in riot[0], snap["warnings"]
    assert f"일하지 않는 일꾼 {facts['민호.idle_workers']}명" in riot[0] and "생산과 유지를 하지 않아" in riot[0]
    ends = [m for g in snap["groups"] if g["verb"] == "end" for m, _ in g["moves"]]
    snap = table.handle("play", ends[0])
    while snap["prompt"].startswith("군사 카드가 한도보다 많습니다"):  # the 2015 hand limit at the end of a turn
        assert re.search(r"손에 (\d+)장, 군사 카드 한도 (\d+)장", snap["prompt"]), snap["prompt"]
        snap = table.handle("play", snap["groups"][0]["moves"][0][0])
    said = [e["text"] for e in snap["log"] if e["by"] == "민호" and e["n"]][-1]
    assert "민호에게 폭동이 일어나 이번 턴에는 생산과 유지를 하지 못했습니다" in said, said


def test_a_battle_says_both_strengths_and_who_won():
    table = Table("through_the_ages", [Seat("윤주", "normal"), Seat("민호", "easy")],
                  {"mode": "advanced", "edition": "2015"}, seed=5)
    assert computers_until(table, lambda t: t.state.last_battle is not None)
    battle = table.state.last_battle
    said = table.snapshot()["log"][-1]["text"]
    result = re.search(r"(침략|전쟁) 결과\((.+?)\): (\S+)의 공격 (\d+) 대 (\S+)의 방어 (\d+)\. ", said)
    assert result, said
    assert (int(result[4]), int(result[6])) == (battle["attack"], battle["defence"])
    winner = result[3] if battle["won"] else result[5]
    assert f"{winner}가" in said or f"{winner}이" in said, said
