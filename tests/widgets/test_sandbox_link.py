"""A Sandbox's "작업대에서 열기" carries the moves the reader made in it, in a kernel and in the page."""
import base64
import json
import zlib
from pathlib import Path

import yaml

from tutor.cli import load_checked
from tutor.replay import replay
from tutor.scenario import builtin_path, load_scenario
from tutor.live import Session
from tutor.widgets import Sandbox

PIG = Path(__file__).parent / "pig.yaml"


def opened(fragment: str, tmp_path: Path) -> tuple[dict, int, Path]:
    """What the workbench page gets from a link: the scenario's data, the step shown, and the file."""
    version, data, step = fragment.split(".")
    assert version == "v1"
    text = zlib.decompress(base64.urlsafe_b64decode(data + "=" * (-len(data) % 4)), wbits=-15).decode()
    path = tmp_path / "질문.yaml"
    path.write_text(text, encoding="utf-8")
    return yaml.safe_load(text), int(step), path


def in_page(sandbox: Sandbox) -> Session:
    """The session a static page starts in Pyodide from the Sandbox's traits (sandbox.js)."""
    return Session.from_json(sandbox.game_id, json.loads(sandbox.position), sandbox.opening["title"], sandbox.lead)


def test_the_link_carries_the_steps_to_the_opening_then_the_moves_made(tmp_path):
    path = builtin_path("dominion/market")
    original = yaml.safe_load(path.read_text(encoding="utf-8"))
    sandbox = Sandbox.from_file(path, at=2)
    assert sandbox.session.snapshot()["workbench"] == ""  # before a move: the opening link (the trait) holds
    page = in_page(sandbox)
    move = sandbox.legal_moves()[-1][0]
    by = sandbox.game.current_player(sandbox.state)
    assert sandbox.play(move) is None and page.play(move) is None
    assert page.snapshot()["workbench"] == sandbox.snapshot["workbench"]

    data, step, file = opened(sandbox.snapshot["workbench"], tmp_path)
    assert data["steps"] == original["steps"][:2] + [{"by": by, "move": move}]
    assert step == 3  # shown at the move just made
    assert {k: v for k, v in data.items() if k != "steps"} == {k: v for k, v in original.items() if k != "steps"}
    trace = replay(load_checked(file))
    assert trace.ok and len(trace.steps) == step and trace.steps[-1].move == move
    assert sandbox.game.to_json(trace.final_state) == sandbox.game.to_json(sandbox.state)

    sandbox.undo()
    assert sandbox.snapshot["workbench"] == ""  # no moves made: back to the opening link


def test_chance_drawn_before_the_opening_is_written_out(pig, tmp_path):
    # Without its scripted dice, replay draws them by itself before 윤주's next move; the Sandbox opens
    # after that draw, so the cut scenario must keep the roll it got.
    text = PIG.read_text(encoding="utf-8").replace("  - {by: chance, move: roll 4}\n", "")
    source = tmp_path / "pig.yaml"
    source.write_text(text, encoding="utf-8")
    trace = replay(load_scenario(source))
    assert trace.steps[2].kind == "auto"
    sandbox = Sandbox.from_trace(trace, at=3)
    assert sandbox.play("hold") is None

    data, step, file = opened(sandbox.snapshot["workbench"], tmp_path)
    assert data["steps"][1:] == [{"by": "윤주", "move": "roll"}, {"by": "chance", "move": trace.steps[2].move},
                                 {"by": "윤주", "move": "hold"}]
    replayed = replay(load_checked(file))
    assert replayed.ok and len(replayed.steps) == step == 4
    assert sandbox.game.to_json(replayed.final_state) == sandbox.game.to_json(sandbox.state)
