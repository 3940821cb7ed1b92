"""A name several ages share (풍작 I/II/III) means the one card its context leaves: the deck's age, the ages of
the game's mode; only where the context leaves several is it refused, alike in set-up and moves (issue 29)."""
import pytest

from engines.core import BadNotation, UnknownCard
from engines.through_the_ages import GAME
from engines.through_the_ages.catalog import card


def new(mode="simple", **setup):
    return GAME.new_game(["윤주", "민호"], seed=1, options={"mode": mode}, setup={"round": 2, **setup})


def test_the_decks_age_decides():
    state = new(mode="full", decks={"II": ["풍작", "절약"], "I": ["절약"]})
    assert [GAME.observe(state)[k] for k in ("civil_deck.II", "civil_deck.I")] == [2, 1]
    assert [card(c).name for c in state.decks["II"]] == ["풍작 II", "절약 II"]
    assert [card(c).name for c in state.decks["I"]] == ["절약 I"]


def test_the_modes_ages_decide_in_the_hand_and_in_moves():
    state = new(윤주={"hand": ["풍작", "효율적인 향상"]})  # a simple game has Ages A and I only
    assert GAME.observe(state)["윤주.hand"] == ["풍작 I", "효율적인 향상 I"]
    assert GAME.parse(state, "develop 풍작").args == ("풍작 I",)
    with pytest.raises(UnknownCard, match=r"절약 A\(A시대\), 절약 I\(1시대\)\. 시대까지"):
        new(윤주={"hand": ["절약"]})
    with pytest.raises(BadNotation, match=r"절약 A\(A시대\), 절약 I\(1시대\)\. 시대까지"):
        GAME.parse(state, "develop 절약")


def test_a_check_value_matches_the_card_the_fact_holds():
    state = new(mode="full", 윤주={"hand": ["절약 II", "풍작 III"]})
    assert GAME.namesakes(state, "절약") == ("절약 A", "절약 I", "절약 II")
    assert GAME.namesakes(state, "절약 II") == ()
