"""Behaviour of the Carta Impera Victoria engine, checked against the rulebook's numbers."""
from collections import Counter

import pytest

from engines.carta_impera_victoria import GAME
from engines.carta_impera_victoria.data import SUIT_INFO, age_cards
from engines.core import BadNotation, BadSetup, Move, RulesError

# The rulebook's card table: suit → cards in ages I, II, III.
TABLE = {"군사": (8, 8, 4), "종교": (8, 8, 0), "경제": (4, 4, 8), "과학": (4, 8, 8), "문화": (4, 4, 8),
         "유토피아": (0, 0, 16)}
P2, P3, P4 = ["윤주", "민호"], ["윤주", "민호", "서연"], ["윤주", "민호", "서연", "지훈"]


def new(players, setup=None, **options):
    return GAME.new_game(players, seed=1, options=options, setup=setup)


def play(state, *moves):
    for move in moves:
        state = GAME.apply(state, move)
    return state


def test_card_data_matches_the_rulebook_table():
    assert {s: tuple(info["ages"][a] for a in (1, 2, 3)) for s, info in SUIT_INFO.items()} == TABLE
    assert [len(age_cards(a)) for a in (1, 2, 3)] == [28, 32, 44]


@pytest.mark.parametrize("players, removed", [(P2, 9), (P3, 9), (P4, 0)])
def test_setup_removes_three_unseen_cards_per_age_with_two_or_three_players(players, removed):
    state = new(players)
    assert len(state.removed) == removed
    assert len(state.deck) == 104 - removed - 3 * len(players)
    assert all(len(state.hands[p]) == 3 for p in players)
    GAME.check_invariants(state)


def test_four_player_deck_is_stacked_age_one_on_top_and_age_three_at_the_bottom():
    state = new(P4)
    dealt = [c for p in P4 for c in state.hands[p]]
    pile = dealt + state.deck  # the deck before dealing, top first
    for age, (start, end) in enumerate([(0, 28), (28, 60), (60, 104)], start=1):
        expected = Counter({s: n[age - 1] for s, n in TABLE.items() if n[age - 1]})
        assert Counter(pile[start:end]) == expected


def test_first_player_comes_from_the_seed_and_can_be_set():
    firsts = {GAME.new_game(P3, seed=s).first for s in range(30)}
    assert firsts == set(P3)
    assert new(P3, {"first": "서연"}).current == "서연"


def test_setup_overrides_pull_cards_from_the_set_aside_ones_but_never_invent_cards():
    state = new(P3, {"윤주": {"tableau": {"유토피아": 16}}})
    assert state.tableaux["윤주"]["유토피아"] == 16
    GAME.check_invariants(state)
    with pytest.raises(BadSetup):
        new(P3, {"윤주": {"tableau": {"유토피아": 17}}})


def test_team_game_needs_four_players():
    with pytest.raises(BadSetup):
        new(P3, team=True)


@pytest.mark.parametrize("players, first, second", [(P2, 3, 5), (P3, 3, 5), (P4, 2, 4)])
def test_permanent_levels_by_player_count(players, first, second):
    for count, level in [(first - 1, 0), (first, 1), (second - 1, 1), (second, 2)]:
        state = new(players, {"윤주": {"tableau": {"군사": count}}})
        assert GAME.observe(state)["윤주.level.군사"] == level


def test_hand_limit_follows_religion_level():
    assert [GAME.observe(new(P3, {"윤주": {"tableau": {"종교": n}}}))["윤주.hand_limit"] for n in (0, 3, 5)] == [3, 5, 7]


def test_hegemony_needs_eight_with_two_players_and_seven_with_more():
    two = new(P2, {"first": "윤주", "윤주": {"hand": ["종교"], "tableau": {"종교": 6}}})
    assert not GAME.is_over(play(two, "play 종교", "end"))
    three = new(P3, {"first": "윤주", "윤주": {"hand": ["종교"], "tableau": {"종교": 6}}})
    assert GAME.winners(play(three, "play 종교", "end")) == ["윤주"]


def test_flipped_utopia_raises_the_hegemony_target_of_that_suit_only():
    state = new(P3, {"first": "윤주", "윤주": {"hand": ["종교"], "tableau": {"종교": 6}, "flipped": {"종교": 1}}})
    facts = GAME.observe(state)
    assert facts["윤주.hegemony_target.종교"] == 8 and facts["윤주.hegemony_target.군사"] == 7
    assert not GAME.is_over(play(state, "play 종교", "end"))


def test_culture_token_needs_a_strict_majority():
    tie = new(P3, {"윤주": {"tableau": {"문화": 2}}, "민호": {"tableau": {"문화": 2}}})
    lead = new(P3, {"윤주": {"tableau": {"문화": 2}}, "민호": {"tableau": {"문화": 1}}})
    assert GAME.observe(tie)["culture_token"] is None
    assert GAME.observe(lead)["culture_token"] == "윤주"
    assert GAME.observe(new(P3))["culture_token"] is None


def test_inspiration_is_not_offered_on_a_culture_tie():
    setup = {"first": "윤주", "윤주": {"hand": ["경제", "군사"], "tableau": {"문화": 2}},
             "민호": {"tableau": {"문화": 2, "군사": 3}}}
    state = play(new(P3, setup), "play 경제")
    assert not [m for m in GAME.legal_moves(state) if m.verb == "inspire"]
    state = play(new(P3, {**setup, "윤주": {"hand": ["문화", "군사"], "tableau": {"문화": 2}}}), "play 문화")
    assert Move("inspire", ("민호", "군사", "1")) in GAME.legal_moves(state)
    assert Move("inspire", ("민호", "군사", "2")) not in GAME.legal_moves(state)


def test_embargo_binds_the_victim_on_its_next_turn_and_then_lapses():
    setup = {"first": "윤주", "윤주": {"hand": ["과학", "군사"], "tableau": {"경제": 1}},
             "민호": {"hand": ["군사", "과학"], "tableau": {"군사": 1}}}
    state = play(new(P2, setup), "play 과학", "sacrifice 경제 민호 군사")
    assert GAME.observe(state)["민호.embargo"] == ["군사"]
    state = play(state, "end")
    assert Move("play", ("군사",)) not in GAME.legal_moves(state)
    with pytest.raises(RulesError) as rejected:
        GAME.apply(state, "play 군사")
    assert rejected.value.code == "embargoed"
    state = play(state, "play 과학", "end")
    assert GAME.observe(state)["민호.embargo"] == [] and state.discard == ["경제"]


def test_over_the_limit_nothing_is_drawn_and_nothing_discarded():
    setup = {"first": "윤주", "윤주": {"hand": ["군사"] * 5}}
    state = play(new(P2, setup), "play 군사", "end")
    assert len(state.hands["윤주"]) == 4 and len(state.deck) == 95 - 5 - 3


def test_deck_exhaustion_finishes_the_round_to_the_first_players_right():
    setup = {"first": "민호", "deck_size": 1, "윤주": {"hand": ["군사"]}, "민호": {"hand": ["종교"]},
             "서연": {"hand": ["과학"]}}
    state = play(new(P3, setup), "play 종교", "end")  # 민호 takes the last card
    assert state.deck == [] and not GAME.is_over(state)
    state = play(state, "play 과학", "end")  # 서연
    assert not GAME.is_over(state)
    state = play(state, "play 군사", "end")  # 윤주 sits at 민호's right: the round ends with her
    assert GAME.is_over(state) and state.hegemony is None


def end_state(players, tableaux, **options):
    """A finished game with these tableaux (an empty deck, one round of passing turns)."""
    setup = {"first": players[0], "deck_size": 0, **{p: {"hand": [], "tableau": t} for p, t in tableaux.items()}}
    state = new(players, setup, **options)
    for _ in players:
        state = play(state, "end")
    assert GAME.is_over(state)
    return state


def test_dominance_points_are_shared_on_ties():
    state = end_state(P3, {"윤주": {"군사": 2, "종교": 1}, "민호": {"군사": 2}, "서연": {"과학": 1}})
    assert GAME.scores(state) == {"윤주": 2, "민호": 1, "서연": 1}
    assert GAME.winners(state) == ["윤주"]


def test_tie_break_utopia_first_then_culture_science_economy_religion_military():
    # 2 points each; equal utopia (0), culture (0), science (0): economy decides before religion.
    state = end_state(P2, {"윤주": {"경제": 2, "종교": 1, "군사": 1}, "민호": {"경제": 1, "종교": 3, "군사": 2}})
    assert GAME.scores(state) == {"윤주": 1, "민호": 2}
    state = end_state(P2, {"윤주": {"경제": 2, "군사": 1}, "민호": {"경제": 1, "종교": 3, "군사": 1}})
    assert GAME.scores(state) == {"윤주": 2, "민호": 2}
    assert GAME.winners(state) == ["윤주"]
    state = end_state(P2, {"윤주": {"유토피아": 1, "군사": 2}, "민호": {"유토피아": 1, "문화": 3}})
    assert GAME.winners(state) == ["민호"]


def test_all_equal_is_a_shared_win():
    state = end_state(P2, {"윤주": {"군사": 2}, "민호": {"군사": 2}})
    assert GAME.winners(state) == ["윤주", "민호"]


def test_team_dominance_counts_a_suit_once_per_team():
    tableaux = {"윤주": {"군사": 3}, "서연": {"군사": 3}, "민호": {"종교": 1}, "지훈": {"과학": 1}}
    state = end_state(P4, tableaux, team=True)
    assert GAME.scores(state) == {"윤주": 1, "서연": 1, "민호": 2, "지훈": 2}
    assert GAME.winners(state) == ["민호", "지훈"]


def test_notation_accepts_english_names_and_checks_arity():
    state = new(P3)
    assert GAME.parse(state, "sacrifice Economy 민호 science") == Move("sacrifice", ("경제", "민호", "과학"))
    assert GAME.parse(state, "inspire 서연 Military 2") == Move("inspire", ("서연", "군사", "2"))
    for text in ("sacrifice 경제 민호", "use 군사 3", "play", "end 군사"):
        with pytest.raises(BadNotation):
            GAME.parse(state, text)


def test_draft_passes_left_and_face_up_cards_go_counter_clockwise_from_the_first_players_right():
    state = new(P4, {"first": "민호"}, mode="draft")
    assert GAME.current_player(state) == "민호"
    before = {p: list(state.packets[p]) for p in P4}
    kept = {}
    for _ in P4:
        me = GAME.current_player(state)
        kept[me] = before[me][0]
        state = GAME.apply(state, Move("keep", (kept[me],)))
    for i, p in enumerate(P4):  # 윤주 → 민호 → 서연 → 지훈 → 윤주 is clockwise, passing to the left
        left = P4[(i + 1) % 4]
        rest = list(before[p])
        rest.remove(kept[p])
        assert sorted(state.packets[left]) == sorted(rest)
    for _ in range(2 * 4):
        state = GAME.apply(state, GAME.legal_moves(state)[0])
    assert state.phase == "draft-take" and state.take_order == ["윤주", "지훈", "서연", "민호"]
    for _ in P4:
        state = GAME.apply(state, GAME.legal_moves(state)[0])
    assert all(len(state.hands[p]) == 3 and sum(state.tableaux[p].values()) == 1 for p in P4)
    assert state.current == "민호" and state.phase == "play"


def test_a_named_player_has_exactly_the_cards_written_and_they_come_out_of_the_104():
    state = new(P3, {"first": "윤주", "민호": {"tableau": {"종교": 2}}})
    assert state.hands["민호"] == [] and state.tableaux["민호"]["종교"] == 2  # named: no cards dealt
    assert len(state.hands["윤주"]) == len(state.hands["서연"]) == 3  # not named: the standard deal
    assert len(state.deck) == 104 - 9 - 2 - 6
    GAME.check_invariants(state)  # every one of the 104 cards is somewhere, once
    with pytest.raises(BadSetup):
        new(P3, {"윤주": {"hand": ["종교"] * 9}, "민호": {"tableau": {"종교": 8}}})  # 16 religion cards exist
    with pytest.raises(BadSetup):
        new(P4, {"윤주": {"tableau": {"군사": 1}}}, mode="draft")  # a named drafter writes the 4 cards dealt


def test_a_move_built_in_code_is_checked_like_typed_text():
    state = new(P3, {"first": "윤주", "윤주": {"hand": ["군사", "종교"], "tableau": {"군사": 4}}})
    before = GAME.to_json(state)
    for move in (Move("play"), Move("play", ("군사", "종교")), Move("use", ("군사", "3")), Move("end", ("x",)),
                 Move("sacrifice"), Move("sacrifice", ("경제", "민호")), Move("inspire", ("민호", "군사")),
                 Move("play", ("황금",)), Move("keep", ("chance",)), Move("xyzzy")):
        with pytest.raises(RulesError) as error:
            GAME.apply(state, move)
        assert error.value.code in ("bad-notation", "unknown-card"), move
        assert GAME.to_json(state) == before
    assert GAME.apply(state, Move("play", ("Military",))) == GAME.apply(state, "play 군사")


def test_taking_a_card_cites_the_draft_in_the_draft_and_the_abilities_after():
    drafting = new(P4, {"first": "민호"}, mode="draft")
    take = Move("take", ("문화",))
    assert GAME.rule_of_move(drafting, take) == "carta.setup.draft"
    assert GAME.rule_of_move(new(P4), take) == "carta.turn.abilities"
