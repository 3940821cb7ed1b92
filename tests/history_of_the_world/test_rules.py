"""Rules behaviour on small set-ups of the teaching map."""
import pytest

from engines.core import CHANCE, BadSetup, Move, RulesError
from engines.history_of_the_world import GAME

from .helpers import BASE, fact, play, start


def test_region_levels_follow_counts_and_rivals():
    # 가운데땅: 윤주 3 with nobody else → control; 남녘: 윤주 2 vs 서연 2 → presence only.
    board = {"큰강": {"army": "윤주"}, "돌성": {"army": "윤주"}, "황금벌": {"army": "윤주"},
             "구리골": {"army": "윤주"}, "남쪽만": {"army": "윤주"}, "야자섬": {"army": "서연"},
             "불꽃산": {"army": "서연"}, "들녘": {"army": "민호"}, "갈매항": {"army": "민호"}, "포도골": {"army": "서연"}}
    state = start(board=board)
    assert fact(state, "윤주.region.가운데땅") == "control"
    assert fact(state, "윤주.region.남녘") == "presence"
    assert fact(state, "민호.region.서녘") == "dominance"
    assert fact(state, "서연.region.서녘") == "presence"
    assert fact(state, "민호.region.북녘") == "none"


def test_scoring_counts_retired_armies_and_buildings_on_them():
    state = start(board={"돌성": {"army": "윤주", "buildings": ["city", "monument"]}})
    state = play(state, "found", "retire")
    # 가운데땅 dominance (큰강 + 돌성) 5, capital 2, city 1, monument 1.
    assert fact(state, "윤주.score") == 3 + 5 + 2 + 1 + 1


def test_collision_bump_up_skips_every_occupied_square():
    state = start(scores={"윤주": 3, "민호": 7, "서연": 8})
    state = play(state, "found", "retire")  # 3 + 4 = 7: 민호 is there
    assert GAME.current_player(state) == "윤주" and fact(state, "step") == "scored"
    assert [str(m) for m in GAME.legal_moves(state)] == ["bump up", "bump down"]
    state = play(state, "bump up")
    assert fact(state, "윤주.score") == 9 and fact(state, "turn") == "민호"


def test_bump_down_passes_the_100_mark_and_skips_occupied_squares():
    state = start(scores={"윤주": 99, "민호": 3, "서연": 2})
    state = play(state, "found", "retire")  # 99 + 4 = 103, square 3 (민호); square 2 is 서연's
    assert fact(state, "윤주.score") == 103
    assert fact(play(state, "bump down"), "윤주.score") == 101
    assert fact(play(state, "bump up"), "윤주.score") == 104


def test_ocean_fleet_counts_in_its_seas_and_fleets_chain():
    empires = {"갈매상인": {"epoch": 1, "order": 1, "armies": 4, "start": "갈매항", "fleets": ["큰대양"]}}
    state = start(empires=empires, deal={"윤주": {"empire": "갈매상인"}, "민호": {"empire": "언덕부족"},
                                         "서연": {"empire": "옥산왕조"}})
    state = play(state, "found")
    targets = {str(m) for m in GAME.legal_moves(state) if m.verb == "invade"}
    assert {"invade 포도골", "invade 들녘", "invade 얼음곶 북쪽바다", "invade 구리골 안쪽바다",
            "invade 야자섬 큰대양"} <= targets
    assert not any("비단길" in t for t in targets)


def test_ocean_fleet_from_an_event_spreads_only_when_the_option_says_always():
    events = {"대양함대": {"epoch": 1, "kind": "boost", "effect": {"fleet": "큰대양"}}}
    deal = {"윤주": {"empire": "섬사람들", "events": ["대양함대"]}, "민호": {"empire": "언덕부족"},
            "서연": {"empire": "옥산왕조"}}
    assert GAME.options["ocean_spread"].default == "founding"  # section 21 ties the spread to founding
    for spread, reaches in (("always", True), ("founding", False)):
        state = start(events=events, deal=deal, turn="섬사람들", options={"ocean_spread": spread})
        state = play(state, "found", "play 대양함대")
        targets = {str(m) for m in GAME.legal_moves(state) if m.verb == "invade"}
        assert ("invade 서리항 북쪽바다" in targets) is reaches
        assert "invade 갈매항 큰대양" in targets


def test_reroll_is_offered_only_to_a_defender_who_is_not_winning():
    state = start(board={"돌성": {"army": "민호"}})
    state = play(state, "found", "invade 돌성")
    assert GAME.current_player(state) == CHANCE
    winning = play(state, "roll 3 1 5")  # 돌성 is rough, but the defender already wins
    assert fact(winning, "step") == "invade" and GAME.current_player(winning) == "윤주"
    assert [str(m) for m in GAME.legal_moves(winning)] == ["siege", "siege army", "retreat"]
    losing = play(state, "roll 6 1 5")
    assert GAME.current_player(losing) == "민호"
    assert [m.verb for m in GAME.legal_moves(losing)] == ["reroll", "stand"]


def test_naval_reroll_lets_the_defender_pick_a_die_unless_the_option_says_highest():
    empires = {"갈매상인": {"epoch": 1, "order": 1, "armies": 5, "start": "갈매항", "fleets": ["큰대양"]}}
    deal = {"윤주": {"empire": "갈매상인"}, "민호": {"empire": "언덕부족"}, "서연": {"empire": "옥산왕조"}}
    setup = {"empires": empires, "deal": deal, "board": {"들녘": {"army": "민호", "fort": True}}}
    state = play(start(**setup), "found", "invade 들녘 안쪽바다", "roll 5 1 4 2")
    assert [str(m) for m in GAME.legal_moves(state)] == ["reroll 4", "reroll 2", "stand"]
    kept = play(state, "reroll 2", "roll 1")  # the 4 stays: 5 against 4 still loses, but the defender keeps 4
    assert fact(kept, "dice") == [5, 1, 4, 1]
    highest = play(start(**setup, options={"naval_reroll": "highest"}), "found", "invade 들녘 안쪽바다", "roll 5 1 4 2")
    assert [str(m) for m in GAME.legal_moves(highest)] == ["reroll", "stand"]
    assert fact(play(highest, "reroll", "roll 1"), "dice") == [5, 1, 1, 2]
    rough = play(start(board={"돌성": {"army": "민호", "fort": True}}), "found", "invade 돌성", "roll 6 1 4 2")
    assert [str(m) for m in GAME.legal_moves(rough)] == ["reroll", "stand"]  # rough terrain: the highest die
    with pytest.raises(RulesError) as error:
        GAME.apply(rough, "reroll 2")
    assert error.value.code == "reroll-highest"


def test_monuments_are_owed_per_two_lands_with_icons_not_per_two_icons():
    empires = {"황금부족": {"epoch": 1, "order": 1, "armies": 4, "start": "황금벌"}}
    deal = {"윤주": {"empire": "황금부족"}, "민호": {"empire": "언덕부족"}, "서연": {"empire": "옥산왕조"}}
    state = play(start(empires=empires, deal=deal), "found")  # 황금벌 shows two icons, but it is one land
    assert [str(m) for m in GAME.legal_moves(state) if m.verb in ("monument", "retire")] == ["retire"]
    state = play(state, "invade 돌성")  # a second land with an icon
    assert [str(m) for m in GAME.legal_moves(state) if m.verb in ("monument", "retire")] == ["monument 황금벌"]
    egypt = play(start(empires={"황금부족": {**empires["황금부족"], "ability": "monument_per_icon"}}, deal=deal), "found")
    assert [str(m) for m in GAME.legal_moves(egypt) if m.verb == "monument"] == ["monument 황금벌"]  # per icon


def test_own_retired_forbidden_lists_no_invasion_of_my_retired_land():
    board = {"갈대늪": {"army": "윤주"}, "남쪽만": {"army": "민호"}}
    for option, listed in (("reoccupy", True), ("forbidden", False)):
        state = play(start(board=board, options={"own_retired": option}), "found")
        assert (Move("invade", ("갈대늪",)) in GAME.legal_moves(state)) is listed
        for move in GAME.legal_moves(state):
            GAME.apply(state, move)  # everything listed is accepted


def test_boosts_before_founding_close_the_kingdom_and_follow_the_option():
    deal = {"윤주": {"empire": "강가부족", "events": ["갈대왕국", "증원 I"]}, "민호": {"empire": "언덕부족"},
            "서연": {"empire": "옥산왕조"}}
    state = start(deal=deal)
    assert [str(m) for m in GAME.legal_moves(state)] == ["kingdom 갈대왕국", "found", 'play "증원 I"']
    boosted = play(state, "play 증원 I")
    assert [str(m) for m in GAME.legal_moves(boosted)] == ["found"] and fact(boosted, "윤주.armies_left") == 2
    late = start(deal=deal, options={"boost_timing": "after-founding"})
    assert [str(m) for m in GAME.legal_moves(late)] == ["kingdom 갈대왕국", "found"]


def test_a_move_built_in_code_is_checked_like_typed_text():
    state = play(start(), "found")
    before = GAME.to_json(state)
    for move in (Move("invade"), Move("invade", ("큰강", "북쪽바다", "x")), Move("retire", ("x",)),
                 Move("fortify", ("아틀란티스",)), Move("bump", ("sideways",)), Move("reroll", ("7",)),
                 Move("roll", ("6", "x", "1")), Move("nonsense")):
        with pytest.raises(RulesError):
            GAME.apply(state, move)
        assert GAME.to_json(state) == before
    assert GAME.apply(state, Move("invade", ("Reed Marsh",))) == GAME.apply(state, "invade 갈대늪")


def test_describe_never_asserts_on_a_move_of_another_phase():
    drafting = GAME.new_game(["윤주", "민호", "서연"], seed=1)
    assert fact(drafting, "step") == "draft"
    assert GAME.describe(drafting, Move("found")).endswith(" 제국을 세웁니다.")
    with pytest.raises(RulesError):
        GAME.apply(drafting, "found")
    fighting = play(start(board={"갈대늪": {"army": "민호"}}), "found", "invade 갈대늪")
    for move in [*GAME.move_universe(fighting), Move("invade"), Move("roll", ("9",))]:
        try:  # a sentence, or the notation error apply would give; never an assertion or an IndexError
            assert GAME.describe(fighting, move)
        except RulesError as exc:
            assert exc.code in ("bad-notation", "unknown-card")


def test_collapse_order_option_takes_the_monument_first():
    board = {"갈대늪": {"army": "민호", "buildings": ["capital", "monument"]}}
    default = play(start(board=board), "found", "invade 갈대늪", "roll 6 1 2")
    assert fact(default, "갈대늪.buildings") == ["monument", "city"]
    other = play(start(board=board, options={"collapse_order": "monument-first"}), "found", "invade 갈대늪", "roll 6 1 2")
    assert fact(other, "갈대늪.buildings") == ["capital"]


def test_empty_land_keeps_its_buildings_and_fort():
    state = play(start(board={"갈대늪": {"buildings": ["city"], "fort": True}}), "found", "invade 갈대늪")
    assert fact(state, "갈대늪.buildings") == ["city"] and fact(state, "갈대늪.fort") is True


def test_founding_clears_the_start_land_and_returns_the_army_to_its_owner():
    state = start(board={"큰강": {"army": "민호", "buildings": ["monument"], "fort": True}})
    assert fact(state, "민호.reserve") == 24
    state = play(state, "found")
    assert fact(state, "큰강.buildings") == ["capital"] and fact(state, "큰강.fort") is False
    assert fact(state, "민호.reserve") == 25


def test_five_player_draft_middle_player_holds_both_decks():
    players = ["가", "나", "다", "라", "마"]
    decks = {1: {"event": ["증원 I", "공성술 I", "명장 I", "성벽 I", "갈대왕국"],
                 "empire": ["강가부족", "언덕부족", "모래유목민", "섬사람들", "서리부족"]}}
    state = GAME.new_game(players, setup={"last_epoch": 1, "decks": decks,
                                          "scores": {"가": 5, "나": 4, "다": 3, "라": 2, "마": 1}})
    order = []
    while fact(state, "step") == "draft":
        player = GAME.current_player(state)
        move = GAME.legal_moves(state)[0]
        order.append((player, "event" if move.args[0] in decks[1]["event"] else "empire"))
        state = GAME.apply(state, move)
    assert order == [("가", "event"), ("마", "empire"), ("나", "event"), ("라", "empire"),
                     ("다", "event"), ("다", "empire"), ("라", "event"), ("나", "empire")]
    assert all(len(fact(state, f"{p}.cards")) == 1 and fact(state, f"{p}.empire") for p in players)


def test_turn_order_follows_the_empire_cards_and_skips_unchosen_empires():
    state = start(deal={"윤주": {"empire": "옥산왕조"}, "민호": {"empire": "모래유목민"}, "서연": {"empire": "강가부족"}})
    seen = []
    while not GAME.is_over(state):
        seen.append(fact(state, "empire") or GAME.observe(state)["turn"])
        state = play(state, "found")
        seen[-1] = fact(state, "empire")
        state = play(state, "retire")
        while fact(state, "step") == "scored":
            state = play(state, "bump up")
    assert seen == ["강가부족", "모래유목민", "옥산왕조"]


def test_boost_armies_come_from_the_reserve_and_tokens_fill_a_shortfall():
    board = {land: {"army": "윤주"} for land in ["눈벌", "곰숲", "서리항", "얼음곶", "포도골", "바람언덕", "갈매항",
                                                  "들녘", "돌성", "황금벌", "비단길", "옥산", "해돋이항", "모래언덕",
                                                  "야자섬", "불꽃산", "구리골", "남쪽만", "갈대늪"]}
    state = start(board=board, deal={"윤주": {"empire": "강가부족", "events": ["증원 I"]},
                                     "민호": {"empire": "언덕부족"}, "서연": {"empire": "옥산왕조"}})
    state = play(state, "found", "play 증원 I")
    # 6 armies in reserve: 4 for the empire, then 2 of the boost's 2 — no tokens needed yet.
    assert (fact(state, "윤주.armies_left"), fact(state, "윤주.siege_tokens"), fact(state, "윤주.reserve")) == (5, 0, 0)


@pytest.mark.parametrize("setup", [
    {"scores": {"윤주": 3, "민호": 3, "서연": 1}},
    {"scores": {"윤주": 3, "민호": 103, "서연": 1}},
    {"board": {"아틀란티스": {"army": "윤주"}}},
    {"board": {"큰강": {"buildings": ["capital", "city"]}}},
    {"deal": {"윤주": {"empire": "황금제국"}}, "turn": "강가부족"},
    {"bogus": 1},
    {"epoch": 3, "last_epoch": 2},
])
def test_bad_setups_are_refused(setup):
    with pytest.raises(BadSetup):
        start(**setup)


def test_a_rejected_move_names_its_rule_and_leaves_the_state_alone():
    state = play(start(), "found")
    before = GAME.to_json(state)
    with pytest.raises(RulesError) as error:
        GAME.apply(state, "invade 옥산")
    assert (error.value.code, error.value.rule) == ("not-adjacent", "hotw.invasion")
    assert GAME.to_json(state) == before


def test_state_survives_json_mid_battle():
    state = play(start(board={"갈대늪": {"army": "민호", "fort": True}}), "found", "invade 갈대늪")
    again = GAME.from_json(GAME.to_json(state))
    assert again == state
    assert [str(m) for m in GAME.legal_moves(again)][:2] == ["roll 6 6 6 6", "roll 6 6 6 5"]
    assert len(GAME.legal_moves(again)) == 21 * 21


def test_supply_limits_forts_and_monuments():
    lands = ["눈벌", "곰숲", "서리항", "얼음곶", "포도골", "바람언덕", "갈매항", "들녘", "비단길", "옥산", "해돋이항",
             "모래언덕", "야자섬", "불꽃산"]
    state = play(start(board={land: {"fort": True} for land in lands}), "found")
    with pytest.raises(RulesError) as error:
        GAME.apply(state, "fortify 큰강")
    assert error.value.code == "no-forts-left"
    assert not [m for m in GAME.legal_moves(state) if m.verb == "fortify"]
    far = ["라인란트", "이베리아", "갈리아", "브리타니아", "게르마니아", "스칸디나비아", "볼가", "타림분지", "투란", "위하",
           "사천", "이라와디", "벵골", "갠지스", "힌두쿠시", "희망봉", "누비아", "고츠", "인더스", "데칸"]
    full = start(map="board2018", lands={"메소포타미아": {"resources": 1}, "자그로스": {"resources": 1}},
                 board={land: {"buildings": ["monument"]} for land in far},
                 deal={"윤주": {"empire": "아시리아"}, "민호": {"empire": "이집트"}, "서연": {"empire": "그리스"}}, turn="아시리아")
    full = play(full, "found", "invade 자그로스")
    assert [str(m) for m in GAME.legal_moves(full) if m.verb in ("monument", "retire")] == ["retire"]
    full = play(full, "retire")  # two lands with icons owe a monument, but all 20 monuments are on the board
    assert GAME.observe(full)["메소포타미아.buildings"] == ["capital"]


def test_setup_pieces_and_cards_come_out_of_the_game_and_each_card_exists_once():
    deal = {"윤주": {"empire": "강가부족", "events": ["증원 III"]}, "민호": {"empire": "언덕부족"}}
    for seed in range(6):  # a dealt card of a later epoch is never shuffled into that epoch's deck
        state = GAME.new_game(["윤주", "민호", "서연"], seed=seed, setup={"last_epoch": 3, "deal": deal})
        assert "증원 III" not in state.decks[3]["event"] and state.events["서연"] == []
    assert len({str(GAME.new_game(["윤주", "민호", "서연"], seed=s, setup={"last_epoch": 3}).decks[3])
                for s in range(6)}) > 1  # (the decks really are shuffled)
    twice = {"윤주": {"empire": "강가부족", "events": ["증원 I"]}, "민호": {"empire": "언덕부족", "events": ["증원 I"]}}
    stacked = {"2": {"event": ["증원 I", "증원 II", "명장 II"]}}
    kept = {**BASE["deal"], "윤주": {"empire": "강가부족", "events": ["증원 I"]}}
    for setup in ({"deal": twice}, {"deal": kept, "last_epoch": 2, "decks": stacked}):
        with pytest.raises(BadSetup) as error:
            start(**setup)
        assert "증원 I" in error.value.message
    extra = {f"섬{i}": {"region": "남녘"} for i in range(6)}  # 26 lands, one more than a colour's armies
    lands = [*GAME.new_game(["a", "b", "c"], seed=0).lands, *extra]
    with pytest.raises(BadSetup) as error:
        start(lands=extra, board={land: {"army": "윤주"} for land in lands})
    assert "26" in error.value.message and "25" in error.value.message
