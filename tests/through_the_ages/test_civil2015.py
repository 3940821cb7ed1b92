"""2015 leaders and wonders beyond what a scenario can show: Bill Gates at the end of the game, which 2015
cards take a 2006 card's effect (civil2015.effect), Homer under a wonder (listed moves, St Peter's Basilica),
Churchill's choice (listed moves, his pool)."""
from engines.through_the_ages import GAME, levels, turn
from engines.through_the_ages.civil2015 import effect
from tests.through_the_ages.test_conformance import tried_on_copies


def gates_game(leader: str) -> object:
    return GAME.new_game(["윤주", "민호"], options={"mode": "full", "edition": 2015},
                         setup={"round": 9, "age": "III", "active": "윤주",
                                "윤주": {"leader": leader, "technologies": ["연금술"], "workers": {"연금술": 1},
                                        "idle": 0}})


def test_bill_gates_scores_his_labs_resources_when_the_game_ends():
    gates, chaplin = gates_game("빌 게이츠"), gates_game("찰리 채플린")
    for state in (gates, chaplin):
        turn.finish(state)
    assert gates.final_bonus == chaplin.final_bonus
    assert gates.civs["윤주"].culture - chaplin.civs["윤주"].culture == 1  # one level-1 lab


def test_shared_effects_answer_with_the_2006_id_and_changed_ones_with_their_own():
    assert effect("aristotle@15") == "aristotle" and effect("great_wall@15") == "great_wall"
    assert effect("charlie_chaplin@15") == "rock_and_roll_icon" and effect("sid_meier@15") == "game_designer"
    assert effect("napoleon_bonaparte@15") == "napoleon_bonaparte@15" and effect("napoleon_bonaparte") == "napoleon_bonaparte"
    assert effect(None) is None


def homer_game(wonders: list[str]) -> object:
    state = GAME.new_game(["윤주", "민호"], options={"mode": "full", "edition": 2015},
                          setup={"round": 5, "age": "I", "active": "윤주",
                                 "윤주": {"leader": "호메로스", "wonders": wonders, "hand": ["칭기즈 칸"]}})
    return GAME.apply(state, "pass")


def test_legal_moves_offer_homer_under_each_completed_wonder():
    moves = {str(m) for m in GAME.legal_moves(homer_game(["피라미드", "콜로서스"])) if m.verb == "leader"}
    assert moves == {'leader "칭기즈 칸"', 'leader "칭기즈 칸" 피라미드', 'leader "칭기즈 칸" 콜로서스'}


def test_the_wonder_over_homer_has_a_happy_face_st_peters_counts_too():
    # St Peter's Basilica (2015): +1 for every other card with a happy face; the pyramids have one with Homer
    plain, under = (GAME.apply(homer_game(["피라미드", "성 베드로 대성당"]), move)
                    for move in ("leader 칭기즈 칸", "leader 칭기즈 칸 피라미드"))
    assert levels.happy_raw(under.civs["윤주"]) - levels.happy_raw(plain.civs["윤주"]) == 2


def churchill_game(**player) -> object:
    state = GAME.new_game(["윤주", "민호"], options={"mode": "full", "edition": 2015},
                          setup={"round": 10, "age": "III", "active": "윤주", "윤주": {"leader": "윈스턴 처칠", **player}})
    return GAME.apply(state, "pass")


def test_churchill_is_offered_once_a_turn_and_the_listing_agrees_with_apply():
    state = churchill_game(hand=["기사"], science=2)
    assert {str(m) for m in GAME.legal_moves(state) if m.verb == "churchill"} == {"churchill 문화", "churchill 군사"}
    assert GAME.legal_moves(state) == tried_on_copies(state)
    state = GAME.apply(state, "churchill 군사")
    assert not [m for m in GAME.legal_moves(state) if m.verb == "churchill"]
    assert "develop 기사" in {str(m) for m in GAME.legal_moves(state)}  # 5 science: 3 of Churchill's and 2
    assert GAME.legal_moves(state) == tried_on_copies(state)
    assert GAME.legal_moves(homer_game(["피라미드"])) == tried_on_copies(homer_game(["피라미드"]))


def test_churchills_military_pool_goes_with_him():
    state = GAME.apply(churchill_game(hand=["시드 마이어"]), "churchill 군사")
    assert levels.military_resources(state.civs["윤주"]) == 3 and levels.military_science(state.civs["윤주"]) == 3
    state = GAME.apply(state, "leader 시드 마이어")
    assert levels.military_resources(state.civs["윤주"]) == 0 and levels.military_science(state.civs["윤주"]) == 0


def test_bachs_upgrades_are_listed_exactly_at_either_upgrade_price():
    """Bach 2015's upgrade of a lab (연금술, 6) to a cheaper theater (드라마, 4): free under "excess",
    2 resources under "difference"; the listing must agree with apply at every purse."""
    listed = {}
    for price in ("excess", "difference"):
        for resources in (0, 1, 2, 6):
            state = GAME.new_game(["윤주", "민호"], options={"mode": "full", "edition": 2015, "bach_upgrade_price": price},
                                  setup={"round": 5, "age": "II", "active": "윤주",
                                         "윤주": {"leader": "요한 제바스티안 바흐", "technologies": ["드라마", "연금술"],
                                                 "workers": {"연금술": 1}, "resources": resources,
                                                 "hand": ["도시 성장 I"]}})
            state = GAME.apply(state, "pass")
            assert GAME.legal_moves(state) == tried_on_copies(state)
            listed[price, resources] = "upgrade 연금술 드라마" in {str(m) for m in GAME.legal_moves(state)}
    assert listed[("excess", 0)] and not listed[("difference", 1)] and listed[("difference", 2)]
