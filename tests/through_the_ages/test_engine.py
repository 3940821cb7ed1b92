"""Behaviour of the simple game that the scenarios do not already pin down."""
import pytest

from engines.core import BadSetup, IllegalMove, Move, RulesError, to_json
from engines.through_the_ages import GAME, levels, tokens
from engines.through_the_ages.catalog import EDITIONS, card, edition_cards
from engines.through_the_ages.setup import civil_cards_in_game


def game(players=("윤주", "민호"), **setup):
    return GAME.new_game(list(players), seed=5, setup=setup)


def civ(state, player="윤주"):
    return state.civs[player]


@pytest.mark.parametrize("mode, ages", [("simple", ["A", "I"]), ("advanced", ["A", "I", "II"]),
                                        ("full", ["A", "I", "II", "III"])])
def test_each_mode_plays_with_its_ages_civil_decks(mode, ages):
    state = GAME.new_game(["a", "b"], options={"mode": mode})
    assert list(state.decks) == ages
    # two players: cards without the 2-player count are out (Age II: 51 cards for 4, fewer for 2)
    if "II" in ages:
        four = GAME.new_game(["a", "b", "c", "d"], options={"mode": mode})
        assert len(state.decks["II"]) < len(four.decks["II"])


def test_an_unknown_mode_is_refused():
    with pytest.raises(BadSetup) as err:
        GAME.new_game(["a", "b"], options={"mode": "expert"})
    assert err.value.code == "bad-option-value"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_standard_setup(players):
    state = GAME.new_game([f"p{i}" for i in range(players)], seed=1)
    assert all(c is not None for c in state.row)
    assert len(state.decks["A"]) == 7 and len(state.events) == 9
    for i, p in enumerate(state.players):
        c = state.civs[p]
        assert (c.yellow_bank, c.idle, c.blue_bank, sum(c.workers.values())) == (18, 1, 18, 6)
    assert civ(state, state.players[0]).civil_left == 1


def test_first_refill_ends_age_a_and_overflows_into_age_one():
    # three cards left in the row and three in the Age A deck: the rest of the refill comes from Age I
    state = game(["a", "b", "c", "d"], card_row={11: "모세", 12: "피라미드", 13: "절약 A"},
                 decks={"A": ["호메로스", "명당 A", "공중 정원"], "I": ["철", "관개농업", "연금술", "드라마", "검사",
                                                               "기사", "신학", "법전"]})
    for _ in range(4):
        state = GAME.apply(state, "end")
    assert state.round == 2 and state.age == "I" and not state.decks["A"]
    assert [card(c).name for c in state.row] == ["모세", "피라미드", "절약 A", "호메로스", "명당 A", "공중 정원",
                                                 "철", "관개농업", "연금술", "드라마", "검사", "기사", "신학"]
    assert state.decks["I"] == ["code_of_laws"]


def test_payment_moves_tokens_down_and_keeps_the_most_in_the_bank():
    state = game(윤주={"technologies": ["철"], "blue": {"청동": 3, "철": 2}})
    c = civ(state)
    assert tokens.value(c, "mine") == 7
    tokens.pay(c, "mine", 3)
    assert (c.blue["bronze"], c.blue["iron"]) == (0, 2)


def test_payment_makes_change_on_a_lower_card():
    state = game(윤주={"technologies": ["철"], "blue": {"철": 2}})
    c = civ(state)
    bank = c.blue_bank
    tokens.pay(c, "mine", 3)
    assert (c.blue["bronze"], c.blue["iron"], c.blue_bank) == (1, 0, bank + 1)


def test_gain_uses_the_highest_card_first_and_stops_when_the_bank_is_empty():
    state = game(윤주={"technologies": ["관개농업"], "blue": {"청동": 17}})
    c = civ(state)
    assert tokens.gain(c, "farm", 3) == 2  # one token (2 food) fits, the second token is missing
    assert (c.blue["irrigation"], c.blue_bank) == (1, 0)


@pytest.mark.parametrize("bank,cost,eat", [(18, 2, 0), (17, 2, 0), (16, 3, 1), (12, 4, 2), (9, 4, 2), (8, 5, 3),
                                           (4, 7, 4), (1, 7, 4), (0, None, 6)])
def test_yellow_bank_sections(bank, cost, eat):
    state = game(윤주={"idle": 25 - 6 - bank})
    section = levels.yellow_section(civ(state))
    assert (section["grow"], section["eat"]) == (cost, eat)


def test_rejected_move_changes_nothing():
    state = game(윤주={"resources": 1})
    before = to_json(state)
    with pytest.raises(IllegalMove):
        GAME.apply(state, "build 종교")
    assert to_json(state) == before


def test_masonry_discounts_age_one_buildings_and_builds_two_stages():
    state = game(round=2, 윤주={"technologies": ["석공술", "드라마"], "wonder": "피라미드", "resources": 9, "idle": 2})
    state = GAME.apply(state, "build 드라마")  # 5 - 1
    assert tokens.value(civ(state), "mine") == 5
    state = GAME.apply(state, "wonder 2")  # 3 + 2 in one civil action
    assert (civ(state).wonder_stages, civ(state).civil_left, tokens.value(civ(state), "mine")) == (2, 2, 0)


def test_legal_moves_list_every_stage_count_and_the_liner_growth():
    state = GAME.new_game(["윤주", "민호"], seed=5, options={"mode": "advanced"}, setup={
        "round": 2, "윤주": {"technologies": ["건축"], "wonder": "피라미드", "wonders": ["원양 여객선"],
                            "resources": 12, "food": 6}})
    state = GAME.apply(state, "pass")  # the political action
    listed = {str(m) for m in GAME.legal_moves(state)}
    assert {"wonder", "wonder 2", "wonder 3", 'grow "원양 여객선"'} <= listed and "wonder 4" not in listed
    assert "pyramids" in GAME.apply(state, "wonder 3").civs["윤주"].wonders  # all three stages at once
    state = GAME.apply(state, "grow 원양 여객선")
    assert 'grow "원양 여객선"' not in {str(m) for m in GAME.legal_moves(state)}  # once a turn


def test_efficient_upgrade_takes_two_off_the_difference():
    state = game(round=2, 윤주={"technologies": ["연금술"], "hand": ["효율적인 향상 I"], "resources": 1})
    state = GAME.apply(state, "action 효율적인 향상 철학 연금술")  # 6 - 3 - 2
    assert civ(state).workers["alchemy"] == 1 and tokens.value(civ(state), "mine") == 0
    assert civ(state).civil_left == 3


def test_library_of_alexandria_raises_the_hand_limit():
    state = game(윤주={"wonders": ["알렉산드리아 도서관"]})
    assert levels.hand_limit(civ(state)) == 5


@pytest.mark.parametrize("setup,stat,value", [
    ({"leader": "알렉산드로스 대왕", "workers": {"전사": 3}, "idle": 0}, "strength", 6),
    ({"leader": "율리우스 카이사르"}, "strength", 2),
    ({"leader": "호메로스", "workers": {"전사": 3}, "idle": 0}, "culture_level", 2),
    ({"leader": "잔 다르크", "technologies": ["신학"], "workers": {"신학": 2}}, "strength", 5),
    ({"leader": "칭기즈 칸", "technologies": ["기사"], "workers": {"기사": 2, "전사": 0}}, "culture_level", 2),
    ({"leader": "미켈란젤로", "wonders": ["공중 정원"], "workers": {"종교": 1}}, "culture_level", 1 + 1 + 1 + 2),
    ({"wonders": ["만리장성"], "technologies": ["검사"], "workers": {"검사": 2, "전사": 1}}, "strength", 8),
    ({"wonders": ["성 베드로 대성당"], "workers": {"종교": 2}}, "happiness", 4),
    ({"leader": "레오나르도 다 빈치", "technologies": ["연금술"], "workers": {"연금술": 1, "철학": 1}}, "science_level", 4),
    ({"government": "신권정치"}, "happiness", 2),
])
def test_card_effects_on_levels(setup, stat, value):
    state = game(윤주=setup)
    assert GAME.observe(state)[f"윤주.{stat}"] == value


def test_levels_are_capped():
    state = game(윤주={"technologies": ["드라마"], "workers": {"드라마": 16, "종교": 2}, "idle": 0,
                      "government": "신권정치", "wonders": ["성 베드로 대성당"]})
    facts = GAME.observe(state)
    assert levels.culture_raw(civ(state)) == 37 and facts["윤주.culture_level"] == 30
    assert facts["윤주.happiness"] == 8


def test_leonardo_gives_a_resource_for_each_technology():
    state = game(round=2, 윤주={"leader": "레오나르도 다 빈치", "hand": ["철"], "science": 5})
    state = GAME.apply(state, "develop 철")
    assert tokens.value(civ(state), "mine") == 1 and civ(state).blue["bronze"] == 1


def test_barbarossa_grows_straight_into_a_unit():
    state = game(round=2, 윤주={"leader": "프리드리히 바르바로사", "food": 1, "resources": 1, "idle": 0,
                               "workers": {"농업": 2, "청동": 2, "철학": 1, "전사": 2}})
    state = GAME.apply(state, "grow 전사")
    c = civ(state)
    assert (c.workers["warriors"], c.idle, c.yellow_bank, c.civil_left, c.military_left) == (3, 0, 17, 3, 2)
    assert tokens.value(c, "farm") == 0 and tokens.value(c, "mine") == 0


def test_settlement_and_trade_routes_events():
    state = game(round=2, active="민호", events=["정착 발전", "교역로 발전"])
    state = GAME.apply(state, "end")
    assert civ(state).idle == 2 and civ(state).yellow_bank == 17
    state = GAME.apply(GAME.apply(state, "end"), "end")
    assert civ(state).science >= 1 + 1  # one from the event, one from Philosophy
    assert state.past_events == ["development_of_settlement", "development_of_trade_routes"]


def test_notation_round_trips_and_names_the_copy_in_hand():
    state = game(round=2, 윤주={"hand": ["천재 공학자 I"], "wonder": "콜로서스", "resources": 1})
    move = GAME.parse(state, "action 천재 공학자")
    assert move.args == ("천재 공학자 I",) and GAME.parse(state, str(move)) == move
    assert GAME.parse(state, "upgrade bronze iron").args == ("청동", "철")


def test_a_whole_game_ends_with_bonus_scoring():
    state = game()
    while not GAME.is_over(state):
        state = GAME.apply(state, "choose 아니오" if state.pending and GAME.legal_moves(state)[-1].args == ("아니오",)
                           else "choose 식량" if state.pending else "end")
    assert state.over and set(state.final_bonus) == {"윤주", "민호"}
    assert state.final_bonus["윤주"] == {"technologies": 0, "strength": 2, "happiness": 0, "science": 1,
                                        "production": 4, "total": 7}


def test_first_round_offers_only_affordable_takes():
    state = game(["a", "b", "c"])
    assert [str(m) for m in GAME.legal_moves(state)] == ["take 1", "take 2", "take 3", "take 4", "take 5", "end"]
    state = GAME.apply(GAME.apply(state, "take 1"), "end")
    assert "take 9" in map(str, GAME.legal_moves(state)) and "take 10" not in map(str, GAME.legal_moves(state))


def test_descriptions_use_the_right_particles():
    state = game(round=2, card_row={1: "철", 2: "피라미드"})
    assert GAME.describe(state, GAME.parse(state, "take 1")) == "윤주가 카드 열 1번 칸의 철을 가져옵니다."
    assert GAME.describe(state, GAME.parse(state, "take 2")) == "윤주가 카드 열 2번 칸의 피라미드를 가져옵니다."
    assert GAME.describe(state, GAME.parse(state, "build 전사")) == "윤주가 전사 유닛을 하나 만듭니다."
    assert GAME.describe(state, GAME.parse(state, "upgrade 청동 철")) == "윤주가 청동의 일꾼 하나를 철로 향상합니다."


@pytest.mark.parametrize("move", [Move("take", ("풍작",)), Move("take", ("²",)), Move("take", ("14",)), Move("take"),
                                  Move("end", ("x",)), Move("build"), Move("upgrade", ("청동",)), Move("fly"),
                                  Move("wonder", ("5",)), Move("build", ("없는카드",)), Move("take", (3,))])
def test_a_move_object_is_checked_like_text(move):
    state = game(round=2, active="윤주")
    before = to_json(state)
    with pytest.raises(RulesError) as err:
        GAME.apply(state, move)
    assert err.value.code in ("bad-notation", "unknown-card")
    assert to_json(state) == before


def test_cards_placed_by_the_setup_leave_their_deck():
    state = game(round=2, active="윤주", 윤주={"hand": ["철"]}, 민호={"technologies": ["철"]})
    assert "iron" not in state.decks["I"]  # two copies for two players: one in a hand, one on a table
    assert len(civil_cards_in_game(state)) == len(civil_cards_in_game(game(round=2)))


def test_more_copies_than_the_game_has_is_a_bad_setup():
    with pytest.raises(BadSetup) as err:
        game(round=2, 윤주={"hand": ["모세"]}, 민호={"hand": ["모세"]})
    assert err.value.code == "no-copy-left"


LEVELS = ("culture_level", "science_level", "strength", "happiness", "civil_actions_total", "military_actions_total",
          "military_resources", "hand_limit", "building_limit", "resource_production", "food_production")


@pytest.mark.parametrize("leader", [c.id for e in EDITIONS for c in edition_cards(e).values() if c.type == "leader"])
def test_a_leader_works_from_the_moment_it_is_seated(leader):
    """Issue 14: a continuing effect is derived from the cards in play, never granted at the start of a turn."""
    base = {"technologies": ["연금술", "인쇄술", "드라마", "기사"], "idle": 0,
            "workers": {"연금술": 1, "인쇄술": 1, "드라마": 1, "기사": 1, "종교": 1}}
    seated = GAME.new_game(["윤주", "민호"], options={"mode": "full", "edition": card(leader).edition},
                           setup={"round": 2, "active": "윤주", "age": "III", "윤주": {**base, "leader": card(leader).name}})
    played = GAME.new_game(["윤주", "민호"], options={"mode": "full", "edition": card(leader).edition},
                           setup={"round": 2, "active": "윤주", "age": "III", "윤주": {**base, "hand": [card(leader).name]}})
    played = GAME.apply(GAME.apply(played, "pass"), f'leader "{card(leader).name}"')
    seated = GAME.apply(seated, "pass")
    a, b = GAME.observe(seated), GAME.observe(played)
    assert {k: a[f"윤주.{k}"] for k in LEVELS} == {k: b[f"윤주.{k}"] for k in LEVELS}


@pytest.mark.parametrize("wonder", [c.id for e in EDITIONS for c in edition_cards(e).values() if c.type == "wonder"])
def test_a_wonder_works_from_the_moment_it_is_completed(wonder):
    w = card(wonder)
    base = {"technologies": ["연금술"], "workers": {"연금술": 1}, "idle": 0}
    done = GAME.new_game(["윤주", "민호"], options={"mode": "full", "edition": w.edition},
                         setup={"round": 2, "active": "윤주", "age": "III", "윤주": {**base, "wonders": [w.name]}})
    built = GAME.new_game(["윤주", "민호"], options={"mode": "full", "edition": w.edition},
                          setup={"round": 2, "active": "윤주", "age": "III",
                                 "윤주": {**base, "wonder": w.name, "wonder_stages": len(w.stages) - 1,
                                         "resources": w.stages[-1]}})
    built = GAME.apply(GAME.apply(built, "pass"), "wonder")
    done = GAME.apply(done, "pass")
    a, b = GAME.observe(done), GAME.observe(built)
    assert b["윤주.wonders"] == [w.name]
    assert {k: a[f"윤주.{k}"] for k in LEVELS} == {k: b[f"윤주.{k}"] for k in LEVELS}


def test_full_game_age_three_ending_at_the_start_players_turn_makes_that_round_the_last():
    state = GAME.new_game(["윤주", "민호"], options={"mode": "full"},
                          setup={"round": 2, "active": "민호", "age": "III", "decks": {"III": ["석유"]}})
    for move in ("pass", "end"):  # 민호 ends round 2; 윤주 (start player) refills in round 3: Age III runs out
        state = GAME.apply(state, move)
    assert (state.age, state.round, state.last_round) == ("IV", 3, 3)
    for move in ("pass", "end", "pass", "end"):
        state = GAME.apply(state, move)
    assert GAME.is_over(state) and state.round == 3


def test_a_military_decision_cites_its_own_section_and_other_moves_their_verbs():
    state = GAME.new_game(["윤주", "민호"], options={"mode": "advanced"}, setup={
        "round": 3, "age": "II", "active": "윤주", "events": ["사람이 거주하는 땅 I"],
        "윤주": {"military_hand": ["역병"]}, "민호": {"technologies": ["검사"], "workers": {"검사": 1}}})
    assert GAME.rule_of_move(state, GAME.parse(state, "pass")) == "tta.advanced.political"
    state = GAME.apply(state, "event 역병")  # the territory comes up: its colonisation auction
    assert GAME.rule_of_move(state, GAME.parse(state, "pass")) == "tta.advanced.colonies"
