"""A standard YAML tag with a value it cannot take (``move: !!bool maybe``) is a Korean problem on its line."""
import subprocess
import sys

import pytest

from tutor.scenario import ScenarioError, parse_scenario
from tutor.yamlsource import parse_yaml

HEAD = "game: dominion\nplayers: [윤주, 민호]\nsteps:\n  - by: 윤주\n"


def problems(text: str) -> list:
    with pytest.raises(ScenarioError) as exc:
        parse_scenario(text)
    return exc.value.problems


@pytest.mark.parametrize("value, says", [
    ("!!bool maybe", "!!bool 태그의 값이 잘못되었습니다 (지금: 'maybe'; 쓸 수 있는 값: true, false)"),
    ("!!bool", "!!bool 태그의 값이 잘못되었습니다 (지금: 비어 있음;"),
    ("!!int x", "!!int 태그의 값이 잘못되었습니다 (지금: 'x'; 쓸 수 있는 값: 정수)"),
    ("!!int", "!!int 태그의 값이 잘못되었습니다 (지금: 비어 있음;"),
    ("!!int 1.5", "!!int 태그의 값이 잘못되었습니다 (지금: '1.5';"),
    ("!!float y", "!!float 태그의 값이 잘못되었습니다 (지금: 'y'; 쓸 수 있는 값: 수)"),
    ("!!float 0x1F", "!!float 태그의 값이 잘못되었습니다 (지금: '0x1F';"),
    ("!!null x", "!!null 태그의 값이 잘못되었습니다 (지금: 'x'; 쓸 수 있는 값: null 또는 빈 값)"),
    ("!!timestamp z", "YAML 태그는 쓸 수 없습니다: !!timestamp (값 'z')"),
    ("!!timestamp 2024-05-01", "날짜로 읽히는 값은 쓸 수 없습니다: '2024-05-01'"),
    ("!!binary aGk=", "YAML 태그는 쓸 수 없습니다: !!binary (값 'aGk=')"),
    ("!!binary ?", "'?'로 시작하는 키를 쓸 수 없습니다"),
])
def test_a_tag_that_cannot_take_its_value_is_explained_on_its_line(value, says):
    found = problems(f"{HEAD}    move: {value}\n")
    assert [p.line for p in found] == [5] and says in found[0].message, found


@pytest.mark.parametrize("value, read", [
    ("!!float 1", 1.0), ("!!int 0x1F", 31), ("!!bool yes", True), ("!!str 5", "5"), ('!!int "7"', 7), ("!!null", None),
])
def test_a_tag_that_can_take_its_value_reads_it(value, read):
    doc, found = parse_yaml(f"move: {value}\n")
    assert found == [] and doc.data == {"move": read} and type(doc.data["move"]) is type(read)


def test_tutor_check_ends_a_bad_tag_value_with_exit_2_and_no_traceback(tmp_path):
    path = tmp_path / "bool-maybe.yaml"
    path.write_text(f"{HEAD}    move: !!bool maybe\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "tutor.cli", "check", str(path)], capture_output=True, text=True,
                          encoding="utf-8", timeout=60)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"{path}:5: !!bool 태그의 값이 잘못되었습니다" in done.stdout + done.stderr
