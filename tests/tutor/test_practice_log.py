"""The practice table's log says all of a move in Korean sentences: every change or "외 N개" with the rest carried,
no bare 예/아니오/없음, no "(…) (…)"."""
import re

import pytest

from engines.core import get_game
from tutor.narrate import account, outcome
from tutor.practice import Seat, Table

RAW = re.compile(r"\S (예|아니오|없음)(?=[,.)]| 외)")
LATIN = re.compile(r"[A-Za-z_]{2,}")
ROMAN = re.compile(r"(?<![A-Za-z])[IVX]+(?![A-Za-z])")
MORE = re.compile(r" 외 (\d+)개[).]")

GAMES = [
    ("dominion", [Seat("윤주", "normal"), Seat("민호", "easy")], {}, 700),
    ("carta_impera_victoria", [Seat("윤주", "normal"), Seat("민호", "easy")], {}, 400),
    ("through_the_ages", [Seat("윤주", "normal"), Seat("민호", "easy")], {"mode": "advanced", "edition": "2015"}, 400),
    ("history_of_the_world", [Seat("윤주", "normal"), Seat("민호", "easy"), Seat("서연", "normal")], {}, 400),
]


def computers(table: Table, moves: int) -> dict:
    for _ in range(moves):
        if table.to_move() is None:
            break
        table.handle("bot")
    return table.snapshot()


@pytest.mark.parametrize("game, seats, picked, moves", GAMES, ids=[g[0] for g in GAMES])
def test_every_log_entry_says_all_of_its_move_in_words(game, seats, picked, moves):
    snap = computers(Table(game, seats, picked, seed=5), moves)
    entries = [e for e in snap["log"] if e["n"]]
    assert len(entries) >= 150
    folded = 0
    for entry in entries:
        text = entry["text"]
        assert not RAW.search(text), text
        assert ") (" not in text, text
        assert not LATIN.search(ROMAN.sub("", text)), text
        counted = MORE.search(text)
        assert (int(counted[1]) if counted else 0) == len(entry["more"]), (text, entry["more"])
        for change in entry["more"]:
            assert not RAW.search(change + ".") and not LATIN.search(ROMAN.sub("", change)), change
        folded += bool(entry["more"])
    assert folded  # a long game has moves that change more than the sentence names


def test_a_change_beyond_the_sentence_is_counted_and_carried():
    game = get_game("dominion")
    changed = {"윤주.coins": [0, 5], "윤주.buys": [1, 2], "윤주.actions": [1, 0], "윤주.vp": [3, 9]}
    sentence, rest = account(game, "윤주는 시장을 냅니다.", changed, ["윤주"])
    assert sentence.endswith(" 외 1개).") and len(rest) == 1
    assert outcome(game, "윤주는 시장을 냅니다.", changed, ["윤주"]) == sentence
    everything = sentence + " ".join(rest)
    assert all(number in everything for number in ("0에서 5로", "1에서 2로", "1에서 0으로", "3에서 9로"))


def test_yes_no_and_empty_facts_read_as_sentences():
    tta = get_game("through_the_ages")
    said, _ = account(tta, "민호가 턴을 마칩니다.", {"political_phase": [True, False], "card_row.3": ["법전", None],
                                                    "윤주.uprising": [False, True]}, ["윤주", "민호"])
    assert "정치 단계가 끝났습니다" in said and "카드 열 3 칸이 비었습니다" in said
    assert "윤주는 지금 턴을 마치면 폭동이 납니다" in said
    hotw = get_game("history_of_the_world")
    said, _ = account(hotw, "윤주가 군대를 퇴역시킵니다.", {"모래언덕.fort": [False, True], "곰숲.retired": [False, True]})
    assert "모래언덕에 요새가 섰습니다" in said and "곰숲의 군대가 퇴역했습니다" in said


def test_a_sentence_that_closes_a_bracket_gets_no_second_one_beside_it():
    game = get_game("carta_impera_victoria")
    said = outcome(game, "민호: 이단 심문을 씁니다 (받은 만큼 돌려줍니다).", {"윤주.hand_size": [3, 0]}, ["윤주", "민호"])
    assert ") (" not in said and said.startswith("민호: 이단 심문을 씁니다 (받은 만큼 돌려줍니다). ")
    assert "3에서 0으로" in said


REASON = {"dominion": r"(속주 더미가|공급처의 더미 \d+개\(.+\)가) 바닥나 게임이 끝났습니다\.",
          "carta_impera_victoria": r"(주도권 승리로|더미가 바닥나고).* 게임이 (곧바로 )?끝났습니다\.",
          "through_the_ages": r"마지막 시민 카드가 나온 뒤 그 라운드를 끝으로 게임이 끝났습니다 \(\S+시대, \d+라운드\)\.",
          "history_of_the_world": r"마지막 시대인 \d+시대\(모두 \d+시대\)가 끝나 게임이 끝났습니다\."}


@pytest.mark.parametrize("game, seats, picked, moves", GAMES, ids=[g[0] for g in GAMES])
def test_the_end_screen_and_the_logs_last_line_say_why_the_game_ended(game, seats, picked, moves):
    table = Table(game, seats, picked, seed=5)
    snap = computers(table, 5000)
    assert snap["over"]
    reason = snap["ending"][0]
    assert re.match(REASON[game], reason), reason
    assert reason in snap["log"][-1]["text"] and reason in snap["result"]
    if game == "dominion":  # the piles named are the ones the engine shows empty
        facts = table.game.observe(table.state)
        empty = {k.split(".", 1)[1] for k, v in facts.items() if k.startswith("supply.") and v == 0}
        named = re.search(r"\((.+)\)", reason)
        assert reason.startswith("속주") == ("속주" in empty)
        assert named is None or set(named[1].split(", ")) == empty


def test_each_table_shows_what_wins_from_the_engines_numbers():
    carta = Table("carta_impera_victoria", [Seat("윤주"), Seat("민호", "easy"), Seat("서연", "easy")], {}, seed=1)
    facts = carta.game.observe(carta.state)
    need = facts["윤주.hegemony_target.군사"]
    assert need == 7 and f"자기 앞에 {need}장 놓고" in carta.snapshot()["goal"] and "3명 게임" in carta.snapshot()["goal"]
    two = Table("carta_impera_victoria", [Seat("윤주"), Seat("민호", "easy")], {}, seed=1)
    assert "자기 앞에 8장 놓고" in two.snapshot()["goal"] and "점수는 지배력" in two.snapshot()["goal"]
    tta = Table("through_the_ages", [Seat("윤주"), Seat("민호", "easy")], {"mode": "full"}, seed=1)
    assert "문화가 가장 높은 사람이 이깁니다. 3시대 시민 카드" in tta.snapshot()["goal"]
    hotw = Table("history_of_the_world", [Seat("윤주"), Seat("민호", "easy"), Seat("서연", "easy")], {}, seed=1)
    assert f"마지막 {hotw.state.last_epoch}시대가 끝날 때" in hotw.snapshot()["goal"]
    dominion = Table("dominion", [Seat("윤주"), Seat("민호", "easy")], {}, seed=1)
    assert "속주 더미(남은 8장)" in dominion.snapshot()["goal"]
    assert computers(Table("dominion", [Seat("윤주", "easy"), Seat("민호", "easy")], {}, seed=1), 3000)["goal"] == ""
