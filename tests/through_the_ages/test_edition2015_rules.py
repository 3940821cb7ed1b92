"""2015 rules that no scenario reaches in a few moves: rankings made after the game is over."""
from engines.through_the_ages.game import GAME
from engines.through_the_ages.military import events


def test_rankings_after_the_game_count_from_the_start_player():
    state = GAME.new_game(["윤주", "민호"], seed=1, options={"mode": "full", "edition": 2015})
    state.active = 1  # the last turn was 민호's; both civilizations have strength 1
    assert events.impact(state, "impact_of_strength@15") == {"민호": 10, "윤주": 0}
    state.over = True
    assert events.impact(state, "impact_of_strength@15") == {"윤주": 10, "민호": 0}


def test_the_2006_edition_keeps_the_last_player_first():
    state = GAME.new_game(["윤주", "민호"], seed=1, options={"mode": "full"})
    state.active, state.over = 1, True
    assert events.impact(state, "impact_of_strength") == {"민호": 10, "윤주": 0}
