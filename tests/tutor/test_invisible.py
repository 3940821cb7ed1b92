"""Characters a reader cannot see never change what runs: refused in a scenario with their line, and
names that differ only by them are one name."""
import subprocess
import sys

import pytest

from engines.core import GAMES, BadSetup, get_game
from engines.core.names import normalize
from tutor.practice import Seat, Table, TableError
from tutor.scenario import ScenarioError, parse_scenario

# A comment line that hides a set-up after a character YAML reads as a line break.
HIDDEN_SETUP = ("game: dominion\nplayers: [윤주, 민호]\n"
                "# 평범한 주석\u2028setup: {윤주: {hand: [금, 금, 금, 금, 금]}}\n"
                "steps:\n  - check: {윤주.coins: 0}\n")
INVISIBLES = ["\u2028", "\u2029", "\u200b", "\u200c", "\u200d", "\u200e", "\u200f", "\u061c", "\ufeff", "\u2060",
              "\u00ad", "\u3164", "\ufe0f", "\U000e0041", "\u202e"]


def test_a_line_separator_in_a_comment_is_refused_on_its_line():
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(HIDDEN_SETUP)
    [problem] = caught.value.problems
    assert problem.line == 3
    assert "줄 바꿈으로 읽는" in problem.message and "\\u2028" in problem.message


@pytest.mark.parametrize("char", INVISIBLES, ids=[f"U+{ord(c):04X}" for c in INVISIBLES])
def test_every_invisible_character_is_refused_with_its_line(char):
    text = f"game: dominion\nplayers: [윤주, 민호]\nsteps:\n  - say: 윤{char}주의 차례\n"
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(text)
    [problem] = caught.value.problems
    assert problem.line == 4 and "쓸 수 없는 문자" in problem.message
    assert char not in problem.message  # echoed as an escape, never as the character itself


def test_a_leading_byte_order_mark_in_a_file_is_still_read(tmp_path):
    path = tmp_path / "bom.yaml"
    path.write_bytes("\ufeffgame: dominion\nplayers: [윤주, 민호]\nsteps:\n  - say: 시작\n".encode())
    done = subprocess.run([sys.executable, "-m", "tutor.cli", "check", str(path)], capture_output=True, text=True,
                          timeout=120, encoding="utf-8")
    assert done.returncode == 0, done.stdout + done.stderr


def test_tutor_check_never_passes_the_hidden_set_up(tmp_path):
    path = tmp_path / "hidden.yaml"
    path.write_text(HIDDEN_SETUP, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "tutor.cli", "check", str(path)], capture_output=True, text=True,
                          timeout=120, encoding="utf-8")
    assert done.returncode == 2
    assert f"{path}:3: 쓸 수 없는 문자(\\u2028)" in done.stdout + done.stderr


@pytest.mark.parametrize("game_id", [info.id for info in GAMES])
@pytest.mark.parametrize("twin", ["윤주\u200b", "윤\u200d주", "\u110b\u1172\u11ab주"])
def test_names_that_look_the_same_are_one_name(game_id, twin):
    game = get_game(game_id)
    players = ["윤주", twin, "민호", "서연"][:max(game.min_players, 2)]
    with pytest.raises(BadSetup) as caught:
        game.new_game(players, seed=1)
    assert caught.value.code == "player-names"


def test_normalize_drops_invisible_characters_and_composes_hangul():
    assert normalize("윤\u200b주\u2060") == normalize("\u110b\u1172\u11ab주") == normalize("윤주")
    assert normalize("Moat") == "moat"


def test_a_practice_seat_with_an_invisible_character_is_refused_in_korean():
    with pytest.raises(TableError, match="보이지 않는 문자"):
        Table("dominion", [Seat("윤\u200b주"), Seat("민호", "easy")])


def test_a_lone_carriage_return_is_refused_but_windows_line_ends_are_read():
    with pytest.raises(ScenarioError) as caught:
        parse_scenario("game: dominion\nplayers: [윤주, 민호]\nsteps:\n  - say: 시작\r  - say: 끝\n")
    [problem] = caught.value.problems
    assert problem.line == 4 and "줄 바꿈으로 읽는" in problem.message
    windows = parse_scenario("game: dominion\r\nplayers: [윤주, 민호]\r\nsteps:\r\n  - say: 시작\r\n")
    assert windows.steps[0].say == "시작"
