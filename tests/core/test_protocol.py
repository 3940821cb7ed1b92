import json

import pytest

from engines.core import (CHANCE, CORE_ERROR_CODES, BadNotation, BadSetup, GameOver, IllegalMove, Move,
                          RulesError, UnknownCard, Verb, WrongPhase, WrongPlayer, clone, from_json, get_game,
                          to_json)
from engines.core.conformance import ConformanceFailure, run_random_games
from engines.core.registry import UnknownGame, resolve


def test_error_hierarchy_carries_code_message_rule_and_move():
    err = IllegalMove("비용이 부족합니다.", rule="dominion.turn.buy", code="too-expensive", move=Move("buy", ("속주",)))
    assert isinstance(err, RulesError) and isinstance(err, ValueError)
    assert (err.code, err.message, err.rule) == ("too-expensive", "비용이 부족합니다.", "dominion.turn.buy")
    assert err.to_json() == {"code": "too-expensive", "message": "비용이 부족합니다.", "rule": "dominion.turn.buy",
                             "move": "buy 속주"}
    for cls, code in ((WrongPlayer, "wrong-player"), (WrongPhase, "wrong-phase"), (UnknownCard, "unknown-card"),
                      (BadNotation, "bad-notation"), (GameOver, "game-over"), (BadSetup, "bad-setup")):
        assert cls("x", rule="r").code == code and code in CORE_ERROR_CODES


def test_registry_resolves_ids_and_korean_aliases():
    assert resolve("도미니언") == "dominion"
    assert resolve("Through the Ages") == "through_the_ages"
    assert resolve("세계의 역사") == "history_of_the_world"
    assert resolve("카르타 임페라 빅토리아") == "carta_impera_victoria"
    with pytest.raises(UnknownGame, match="알 수 없는 게임"):
        resolve("모노폴리")


def test_registered_fixture_is_found_by_alias(pig):
    assert get_game("피그 게임") is pig


def test_new_game_checks_player_count_names_and_options(pig):
    with pytest.raises(BadSetup) as exc:
        pig.new_game(["혼자"])
    assert exc.value.code == "player-count"
    with pytest.raises(BadSetup):
        pig.new_game(["윤주", "윤주"])
    with pytest.raises(BadSetup) as exc:
        pig.new_game(["a", "b"], options={"speed": 3})
    assert exc.value.code == "unknown-option" and "target" in exc.value.message
    assert pig.new_game(["a", "b"], options={"target": 5}).options == {"target": 5}


def test_apply_returns_a_new_state_and_rejection_leaves_the_old_one(pig):
    state = pig.new_game(["윤주", "민호"], seed=1)
    before = to_json(state)
    after = pig.apply(state, "roll")
    assert after is not state and to_json(state) == before
    assert pig.current_player(after) == CHANCE
    with pytest.raises(IllegalMove) as exc:
        pig.apply(state, "hold")
    assert exc.value.code == "nothing-to-hold" and exc.value.rule == "fixture.rules"
    assert to_json(state) == before


def test_validate_gives_the_same_error_as_apply(pig):
    state = pig.new_game(["윤주", "민호"])
    with pytest.raises(IllegalMove) as applied:
        pig.apply(state, "play 두배")
    with pytest.raises(IllegalMove) as validated:
        pig.validate(state, "play 두배")
    assert (applied.value.code, applied.value.message) == (validated.value.code, validated.value.message)


def test_wrong_player_and_game_over(pig):
    state = pig.new_game(["윤주", "민호"], options={"target": 2})
    with pytest.raises(WrongPlayer, match="윤주의 차례"):
        pig.apply(state, "roll", by="민호")
    state = pig.apply(pig.apply(state, "roll", by="윤주"), "roll 3", by="chance")
    state = pig.apply(state, "hold")
    assert pig.is_over(state) and pig.winners(state) == ["윤주"]
    with pytest.raises(GameOver):
        pig.apply(state, "roll")


def test_notation_errors(pig):
    state = pig.new_game(["a", "b"])
    with pytest.raises(BadNotation, match="동사"):
        pig.parse(state, "jump")
    with pytest.raises(UnknownCard, match="조커"):
        pig.parse(state, "play 조커")
    assert pig.parse(state, "PLAY double") == Move("play", ("두배",))


def test_a_move_cites_the_rule_its_verb_declares(pig, monkeypatch):
    state = pig.new_game(["a", "b"])
    assert pig.rule_of_move(state, Move("hold")) == ""  # the fixture's verbs declare none
    monkeypatch.setitem(pig.verbs, "hold", Verb("점수를 확정합니다.", "hold", rule="pig.hold"))
    assert pig.rule_of_move(state, Move("hold")) == "pig.hold"
    assert pig.rule_of_move(state, Move("fly")) == ""  # not a verb of the game


def test_chance_moves_are_sampled_from_the_seed_and_advance_it(pig):
    state = pig.apply(pig.new_game(["a", "b"], seed=9), "roll")
    first = pig.sample_chance(state)
    assert pig.sample_chance(state) == first  # sampling alone does not advance the seed
    assert pig.apply(state, first).rng.state != state.rng.state
    scripted = pig.apply(state, "roll 6")
    assert scripted.last_roll == 6 and scripted.rng.state == pig.apply(state, first).rng.state


def test_state_round_trips_through_json_and_clone_is_deep(pig):
    state = pig.apply(pig.apply(pig.new_game(["a", "b", "c"], seed=5), "roll"), "roll 4")
    data = json.loads(json.dumps(to_json(state)))
    assert from_json(type(state), data) == state
    copy = clone(state)
    copy.hands["a"].append("두배")
    assert state.hands["a"] == ["두배"]


def test_same_seed_and_moves_give_the_same_game(pig):
    def play(seed):
        state = pig.new_game(["a", "b"], seed=seed)
        for _ in range(40):
            if pig.is_over(state):
                break
            move = pig.sample_chance(state) if pig.current_player(state) == CHANCE else pig.legal_moves(state)[0]
            state = pig.apply(state, move)
        return to_json(state)
    assert play(11) == play(11)
    assert play(11) != play(12)


def test_conformance_harness_passes_on_the_fixture(pig):
    report = run_random_games(pig, games=60, player_counts=(2, 3, 4), options=({}, {"target": 10}))
    assert report.games == 60 and report.finished_by_count == {2: 20, 3: 20, 4: 20}
    assert report.moves > 60


class _Leaky(type(get_game("pig"))):
    """A broken variant of the fixture: 'hold' with nothing to hold is accepted, against legal_moves."""

    def play(self, state, move):
        if move.verb == "hold" and not state.turn_total:
            self._next_turn(state)
            return
        super().play(state, move)


class _Mutating(type(get_game("pig"))):
    """A broken variant that changes the caller's state before rejecting."""

    def apply(self, state, move, by=None):
        state.history.append(0)
        return super().apply(state, move, by)


def test_conformance_harness_catches_broken_engines():
    with pytest.raises(ConformanceFailure, match="not in legal_moves but was accepted"):
        run_random_games(_Leaky(), games=5)
    with pytest.raises(ConformanceFailure, match="changed the state"):
        run_random_games(_Mutating(), games=5)
