"""History of the World at the practice table: each score broken down by source, the siege's +1 in the battle line,
a warning before a kingdom card is lost."""
import json
import re

from engines.history_of_the_world.game import world
from tutor.practice import Seat, Table

SEATS = [Seat("윤주", "normal"), Seat("민호", "easy"), Seat("서연", "normal")]


def whole_game(seed: int = 5) -> Table:
    table = Table("history_of_the_world", SEATS, {}, seed=seed)
    for _ in range(3000):
        if table.to_move() is None:
            break
        table.handle("bot")
    return table


def test_every_score_of_a_turn_is_broken_down_by_source_and_adds_up():
    log = [e["text"] for e in whole_game().snapshot()["log"] if e["n"]]
    scored = [t for t in log if "군대를 퇴역시킵니다" in t and re.search(r"승점 (\d+)에서 (\d+)", t)]
    assert len(scored) >= 6
    for text in scored:
        before, after = map(int, re.search(r"승점 (\d+)에서 (\d+)", text).groups())
        said = re.search(r"[이가] 얻은 승점 (\d+)점: (.+?)\.$", text)
        assert said and int(said[1]) == after - before, text
        parts = said[2].split(", ")
        assert sum(int(re.search(r"(\d+)점$", p)[1]) for p in parts) == after - before, text
        assert all(re.match(r"(수도|도시|기념물) \d+개 \d+점$|\S+ (주둔|우세|지배) \d+점$", p) for p in parts), parts


def test_a_siege_shows_its_bonus_in_the_battle_line():
    log = [e["text"] for e in whole_game().snapshot()["log"] if e["n"]]
    sieges = [t for t in log if "공성 +" in t]
    assert sieges
    for text in sieges:
        value, best, bonus = map(int, re.search(r"공격 (\d+)\(가장 높은 주사위 (\d+), 공성 \+(\d+)", text).groups())
        assert value == best + bonus, text


def test_a_kingdom_card_about_to_be_lost_is_warned_of():
    table = Table("history_of_the_world", SEATS, {}, seed=5)

    def holding(t: Table) -> str | None:
        p = t.to_move()
        if p not in t.state.players or t.state.turn is None:
            return None
        events = world(t.state).events
        kept = [c for c in t.state.events[p] if events[c]["kind"] == "kingdom" and events[c]["epoch"] == t.state.epoch]
        return p if kept else None

    for _ in range(3000):
        if holding(table) or table.to_move() is None:
            break
        table.handle("bot")
    player = holding(table)
    assert player
    saved = json.loads(table.save())
    for seat in saved["seats"]:
        seat["level"] = "" if seat["name"] == player else seat["level"]
    snap = Table.resume(json.dumps(saved, ensure_ascii=False)).snapshot()
    assert any(w.startswith("왕국 카드 ") and "버려집니다" in w for w in snap["warnings"]), snap["warnings"]
