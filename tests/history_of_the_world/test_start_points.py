"""The moments a new question may start at (the workbench's "시작할 때"): each epoch's draft, or its play with
the draft over, written with the engine's own set-up keys (``epoch``, ``deal``)."""
import pytest

from engines.core import get_game
from engines.history_of_the_world.setup_schema import start_points

GAME = get_game("history_of_the_world")


@pytest.mark.parametrize("count", [3, 6])
def test_every_start_point_sets_up_and_starts_where_it_says(count):
    players = ["윤주", "민호", "서연", "지훈", "하늘", "도윤"][:count]
    points = start_points(players)
    assert len(points) == 10 and len({label for label, _ in points}) == 10
    for label, setup in points:
        state = GAME.new_game(players, seed=3, setup=setup)
        epoch = int(label[1])
        assert state.epoch == epoch
        verbs = {m.verb for m in GAME.legal_moves(state)}
        if "고른 뒤" in label:  # the draft is over: the first moves are play moves
            assert state.draft is None and "found" in verbs and not verbs & {"take", "keep", "give"}
            assert all(state.empire_cards[p] for p in players)
        else:
            assert state.draft is not None and verbs <= {"take", "keep", "give"}


def test_epoch_two_after_the_draft_begins_with_the_first_empire_founding():
    setup = dict(start_points(["윤주", "민호", "서연"]))["제2시대, 카드를 고른 뒤"]
    assert setup["epoch"] == 2 and set(setup["deal"]) == {"윤주", "민호", "서연"}
    state = GAME.new_game(["윤주", "민호", "서연"], seed=1, setup=setup)
    assert GAME.current_player(state) == "윤주" and "found" in {m.verb for m in GAME.legal_moves(state)}
