"""Every verb has one Korean spelling, declared beside the English one; a move may start with either."""
from pathlib import Path

import pytest

from engines.core import GAMES, BadNotation, Move, RulesError, get_game, normalize

PLAYERS = {"dominion": ["윤주", "민호"], "carta_impera_victoria": ["윤주", "민호"],
           "through_the_ages": ["윤주", "민호", "영희"], "history_of_the_world": ["윤주", "민호", "영희"]}
OPTIONS = {"through_the_ages": {"mode": "full"}}


@pytest.mark.parametrize("game_id", [info.id for info in GAMES])
def test_each_verb_has_one_korean_spelling_of_its_own(game_id):
    game = get_game(game_id)
    spellings = [normalize(verb.korean) for verb in game.verbs.values()]
    assert all(spellings), [name for name, verb in game.verbs.items() if not verb.korean]
    assert len(set(spellings)) == len(spellings)
    assert not set(spellings) & {normalize(name) for name in game.verbs}


@pytest.mark.parametrize("game_id", [info.id for info in GAMES])
def test_the_korean_spelling_parses_to_the_same_move_and_the_text_stays_english(game_id):
    game = get_game(game_id)
    state = game.new_game(PLAYERS[game_id], seed=3, options=OPTIONS.get(game_id))
    for verb in game.verbs.values():
        rest = verb.example.split(None, 1)[1:]  # the arguments as written
        korean = " ".join([verb.korean, *rest])
        try:
            expected = game.parse(state, verb.example)
        except RulesError as exc:  # an example naming what this state lacks: the same refusal either way
            with pytest.raises(type(exc), match=None) as err:
                game.parse(state, korean)
            assert err.value.message == exc.message
            continue
        move = game.parse(state, korean)
        assert move == expected  # (Dominion's old verb choose is recorded as play, in either spelling)
        assert game.parse(state, str(move)) == move and str(move).split()[0] in game.verbs


def test_an_unknown_verb_is_refused_with_both_spellings_of_the_verbs():
    game = get_game("through_the_ages")
    state = game.new_game(["윤주", "민호"])
    assert game.parse(state, "인구 늘리기") == game.parse(state, "grow") == Move("grow")
    with pytest.raises(BadNotation) as err:
        game.parse(state, "늘리기")
    assert "take(가져오기), grow(인구 늘리기), build(짓기)" in err.value.message
    dominion = get_game("dominion")
    assert dominion.parse(dominion.new_game(["윤주", "민호"]), "구매 속주") == Move("buy", ("속주",))


@pytest.mark.parametrize("game_id", [info.id for info in GAMES])
def test_the_notation_page_lists_both_spellings_of_every_verb(game_id):
    page = (Path(__file__).resolve().parents[2] / "docs" / game_id / "notation.md").read_text(encoding="utf-8")
    rows = page.split("## 한국어 동사", 1)[1]
    for name, verb in get_game(game_id).verbs.items():
        assert f"| `{name}` | `{verb.korean}` |" in rows
