"""Random simple games through the core's conformance harness, with the game's own invariants."""
import pytest

from engines.core import Move, RulesError, Rng, to_json
from engines.core.conformance import run_random_games
from engines.through_the_ages import GAME, bot
from engines.through_the_ages.catalog import card
from engines.through_the_ages.game import NAME, Position
from engines.through_the_ages.hooks import military


def test_random_games_keep_the_invariants_and_end():
    report = run_random_games(GAME, games=6, player_counts=(2, 3, 4), seed=100)
    assert report.games == 6 and report.finished_by_count == {2: 2, 3: 2, 4: 2}


def test_invariants_catch_a_lost_token():
    state = GAME.new_game(["a", "b"], seed=1)
    state.civs["a"].blue_bank -= 1
    with pytest.raises(AssertionError, match="blue tokens"):
        GAME.check_invariants(state)


def test_invariants_catch_a_lost_card():
    state = GAME.new_game(["a", "b"], seed=1)
    state.row[0] = None
    with pytest.raises(AssertionError, match="civil card"):
        GAME.check_invariants(state)


def test_listing_legal_moves_leaves_the_state_alone():
    chooser = Rng.from_seed(4)
    state = GAME.new_game(["a", "b", "c"], seed=4)
    for _ in range(150):
        if GAME.is_over(state):
            break
        before = to_json(state)
        legal = GAME.legal_moves(state)
        assert to_json(state) == before
        state = GAME.apply(state, chooser.choice(legal))


@pytest.mark.parametrize("mode", ["advanced", "full"])
def test_random_advanced_and_full_games_keep_the_invariants_and_end(mode):
    # CI-sized; benchmarks/conformance.py runs the large counts
    report = run_random_games(GAME, games=3, player_counts=(2, 3, 4), options=({"mode": mode},), seed=300)
    assert report.games == 3 and report.finished_by_count == {2: 1, 3: 1, 4: 1}


def test_every_reading_alone_and_all_together_is_conformant():
    readings = [{"breakthrough_government": "forbidden"}, {"leonardo_revolution": False}, {"leonardo_best": "each"},
                {"frugality_moses": False}, {"famine_floor": "negative"}, {"michelangelo_minimum": 0}]
    together = {k: v for r in readings for k, v in r.items()}
    report = run_random_games(GAME, games=7, player_counts=(3,), options=(*readings, together), seed=500,
                              check_every_legal_move=False)
    assert report.games == 7


@pytest.mark.parametrize("mode, last_age", [("simple", "I"), ("advanced", "III"), ("full", "IV")])
def test_bot_games_reach_the_end_of_the_last_age(mode, last_age):
    for seed in range(2):
        chooser = Rng.from_seed(seed)
        state = GAME.new_game(["a", "b", "c"], seed=seed, options={"mode": mode})
        while not GAME.is_over(state):
            GAME.check_invariants(state)
            state = GAME.apply(state, bot.choose(state, GAME.legal_moves(state), chooser))
        GAME.check_invariants(state)
        assert state.age == last_age and GAME.winners(state)
        played = [t for c in state.civs.values() for t in [*c.technologies, c.government, *c.wonders]]
        assert len(played) > 3 * 7  # more than the six board cards each: the civilizations grew


def test_the_bot_favours_taking_a_wonder_and_building_its_stages():
    state = GAME.new_game(["a", "b"], seed=1, options={"mode": "full", "edition": 2015})
    kinds = {slot: card(cid).type for slot, cid in enumerate(state.row, 1) if cid}
    wonder = next(slot for slot, kind in kinds.items() if kind == "wonder")
    other = next(slot for slot, kind in kinds.items() if kind != "wonder")
    assert bot.weight(state, Move("take", (str(wonder),))) > bot.weight(state, Move("take", (str(other),)))
    assert bot.weight(state, Move("wonder", ())) > max(bot.WEIGHTS[v] for v in ("develop", "build", "take"))


def tried_on_copies(state):
    """What legal_moves must list, found the slow way: every candidate (every card of the row, every move
    that needs a civil or military action even when none is left, every build, upgrade, wonder stage and
    development whatever its price) that apply accepts."""
    def accepted(move):
        try:
            GAME.apply(state, move)
        except RulesError:
            return False
        return True
    civil = []
    if state.pending or not military(state).blocks_civil(state):
        anything_left = Position.of(state)._replace(civil_left=True, military_left=True, resources=(99, 99),
                                                    science=(99, 99))
        takes = [] if state.pending else [Move("take", (str(s),)) for s, c in enumerate(state.row, 1) if c]
        civil = takes + [Move(verb, tuple(NAME.get(a, a) for a in args))
                         for verb, args in GAME._candidates(anything_left) if verb != "take"]
    simple = state.options["mode"] == "simple"  # no military rules, no military moves
    rest = [] if state.pending or simple else list(dict.fromkeys(military(state)._candidates(state)))
    return [m for m in civil + rest if accepted(m)]


@pytest.mark.parametrize("mode, edition", [("simple", 2006), ("advanced", 2006), ("full", 2006), ("advanced", 2015),
                                           ("full", 2015)])
def test_listing_by_checks_agrees_with_trying_every_candidate(mode, edition):
    # legal_moves asks each candidate of the check its action runs first, and leaves out cards the hand has
    # no room for; trying each on a copy of the state must give the same list. Resignation is listed and
    # checked but not chosen, so the game goes on past its first rounds.
    chooser = Rng.from_seed(21)
    state = GAME.new_game(["a", "b", "c"], seed=21, options={"mode": mode, "edition": edition})
    for _ in range(300):
        if GAME.is_over(state):
            break
        legal = GAME.legal_moves(state)
        assert legal == tried_on_copies(state)
        state = GAME.apply(state, chooser.choice([m for m in legal if m.verb != "resign"] or legal))
    assert state.round > 5 or GAME.is_over(state)


def test_a_development_is_listed_when_churchills_science_for_units_pays_it():
    # 2015 Churchill's "military" choice: 3 science for unit technologies only (edition2015-churchill.yaml)
    state = GAME.new_game(["윤주", "민호"], seed=1, options={"mode": "full", "edition": 2015}, setup={
        "round": 10, "age": "III", "active": "윤주",
        "윤주": {"leader": "윈스턴 처칠", "hand": ["기사", "연금술"], "science": 2, "resources": 0, "idle": 2}})
    for move in ("pass", "churchill 군사"):
        state = GAME.apply(state, move)
    legal = GAME.legal_moves(state)
    assert legal == tried_on_copies(state)
    assert Move("develop", ("기사",)) in legal and Move("develop", ("연금술",)) not in legal
