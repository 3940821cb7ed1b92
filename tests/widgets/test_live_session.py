"""The Sandbox's session as a static page runs it in Pyodide: rebuilt from JSON text, it opens where
the Sandbox was opened (not after moves the notebook's code made), with each game's own example move
and HotW's seeded dice."""
import json

import pytest

from engines.core import CHANCE
from tutor.live import MOVE_BUTTONS, Session
from tutor.widgets import Sandbox

# one Sandbox position from each game's notebooks
POSITIONS = {
    "dominion": ("dominion/example-market-smithy", 0),
    "carta_impera_victoria": ("carta_impera_victoria/permanent", 3),
    "through_the_ages": ("through_the_ages/first-round-picks", 0),
    "history_of_the_world": ("history_of_the_world/fortify", 11),  # right after an invasion: dice to roll
}


def _in_page(sent: dict) -> Session:
    """What sandbox.js does on a static page with the widget's state as sent: a session at the opening."""
    return Session.from_json(sent["game_id"], json.loads(sent["position"]), sent["opening"]["title"])


@pytest.mark.parametrize("game", POSITIONS)
def test_the_page_opens_where_the_sandbox_was_opened_not_after_the_notebooks_own_moves(game):
    sandbox = Sandbox.builtin(*POSITIONS[game])
    sent = sandbox.get_state()
    assert sent["snapshot"] == {} and sent["opening"] == sandbox.snapshot  # the view is not sent twice
    first = sandbox.legal_moves()[0][0] if not sandbox.snapshot["roll"] else None
    sandbox.roll() if first is None else sandbox.play(first)  # what a hidden test cell does
    sent = json.loads(json.dumps(sandbox.get_state()))
    assert sent["snapshot"]["can_undo"] and sent["snapshot"]["yaml"]
    page = _in_page(sent)
    assert page.moves == [] and page.state == Sandbox.builtin(*POSITIONS[game]).state
    assert page.snapshot() == sent["opening"] and not sent["opening"]["can_undo"] and sent["opening"]["yaml"] == ""
    page.handle("play", sandbox.moves[-1][1])  # the reader's own moves go on from there like the kernel's
    assert page.state == sandbox.state and page.snapshot()["view"] == sandbox.snapshot["view"]


@pytest.mark.parametrize("game", POSITIONS)
def test_the_example_move_is_the_games_own(game):
    sandbox = Sandbox.builtin(*POSITIONS[game])
    example = sandbox.snapshot["example"]
    assert example.split()[0] in sandbox.game.verbs
    assert sandbox.game.parse(sandbox.state, example)  # a move of this game, in this position


def test_hotw_dice_are_one_seeded_roll_button_beside_typed_dice():
    sandbox = Sandbox.builtin(*POSITIONS["history_of_the_world"])
    assert sandbox.game.current_player(sandbox.state) == CHANCE
    assert len(sandbox.legal_moves()) > MOVE_BUTTONS
    assert sandbox.snapshot["moves"] == [] and sandbox.snapshot["roll"] == "주사위 굴리기"
    assert sandbox.roll() is None
    rolled = sandbox.moves[-1]
    assert rolled[0] == CHANCE and rolled[1].startswith("roll ") and "전투: " in sandbox.snapshot["done"]
    sandbox.undo()
    sandbox.roll()
    assert sandbox.moves[-1] == rolled  # the seed decides: the same roll again from the same state
    sandbox.undo()
    assert sandbox.play("roll 6 6 1 1") is None and sandbox.moves[-1] == (CHANCE, "roll 6 6 1 1")  # typed dice


def test_a_rejection_in_the_snapshot_names_its_rule_and_a_link():
    sandbox = Sandbox.builtin(*POSITIONS["dominion"])
    assert sandbox.play("buy 속주") is not None
    error = sandbox.snapshot["error"]
    assert error["code"] == "wrong-phase" and error["rule"] == "dominion.turn.buy"
    assert sandbox.rules[error["rule"]]["href"] == "dominion/turn.html#dominion-turn-buy"
    assert all(rule_id.startswith("dominion.") for rule_id in sandbox.rules)
