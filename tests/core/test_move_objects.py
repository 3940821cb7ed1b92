"""A Move object is checked exactly as its text would be, in every game (issue 15, item 4)."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.core import GAMES, BadNotation, Move, RulesError, get_game, to_json

ENGINES = [info.id for info in GAMES]
PLAYERS = {"history_of_the_world": ["가", "나", "다"]}
ARGS = [(), ("x",), ("1",), ("0",), ("99",), ("²",), ("-1",), ("1", "2", "3", "4", "5", "6"), ("all",),
        ("풍작",), ("동",), ("군사",), ("큰강",)]


def outcome(game, state, move):
    """What applying gives: the state it leads to, or the code of the rejection (never a crash)."""
    try:
        return "accepted", to_json(game.apply(state, move))
    except RulesError as exc:
        return "rejected", exc.code


def start(game_id):
    game = get_game(game_id)
    return game, game.new_game(PLAYERS.get(game_id, ["가", "나"]), seed=3)


@pytest.mark.parametrize("game_id", ENGINES)
def test_every_verb_with_odd_arguments_is_judged_as_its_text(game_id):
    game, state = start(game_id)
    for verb in [*game.verbs, "xyzzy"]:
        for args in ARGS:
            move = Move(verb, args)
            assert outcome(game, state, move) == outcome(game, state, str(move)), move


@pytest.mark.parametrize("game_id", ENGINES)
def test_a_move_with_arguments_that_are_not_text_is_bad_notation(game_id):
    game, state = start(game_id)
    verb = next(iter(game.verbs))
    with pytest.raises(BadNotation):
        game.apply(state, Move(verb, (3,)))


@pytest.mark.parametrize("game_id", ENGINES)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_random_move_objects_are_judged_as_their_text(game_id, data):
    game, state = start(game_id)
    verb = data.draw(st.sampled_from(list(game.verbs)))
    args = tuple(data.draw(st.lists(st.text(min_size=1, max_size=5).filter(lambda t: t.strip() == t and t),
                                    max_size=3)))
    move = Move(verb, args)
    assert outcome(game, state, move) == outcome(game, state, str(move))
