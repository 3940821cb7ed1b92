"""A set-up made by hand on the workbench's board (issue 39): a kingdom card put in a hand, a deck, a discard
pile or the trash joins the kingdom in place of one placed nowhere, and the page is told in Korean."""
import json

from engines.core import get_game
from engines.dominion.cards import FIRST_GAME
from tutor import workbench

GAME = get_game("dominion")


def test_a_kingdom_card_in_a_hand_joins_the_first_games_kingdom_in_place_of_one_placed_nowhere():
    setup, said = GAME.completed_setup({"윤주": {"hand": ["알현실", "동"], "deck": ["작업장"]}})
    assert "알현실" in setup["kingdom"] and "작업장" in setup["kingdom"] and len(set(setup["kingdom"])) == 10
    assert set(setup["kingdom"]) - {"알현실"} < set(FIRST_GAME)
    assert said == ["알현실을 왕국 카드에 넣고 나무꾼을 뺐습니다 (놓아 둔 왕국 카드는 이번 게임의 왕국 카드 10종 가운데 있어야 합니다)."]
    state = GAME.new_game(["윤주", "민호"], setup=setup)  # the set-up the engine refused before now plays
    assert "알현실" in state.supply


def test_cards_already_in_the_kingdom_and_basic_cards_change_nothing():
    given = {"kingdom": list(FIRST_GAME), "윤주": {"hand": ["마을", "금"]}, "trash": ["동"]}
    assert GAME.completed_setup(given) == (given, [])
    assert GAME.completed_setup({"kingdom": "random", "윤주": {"hand": ["알현실"]}}) == (
        {"kingdom": "random", "윤주": {"hand": ["알현실"]}}, [])


def test_the_workbench_writes_the_kingdom_and_says_so():
    text = "game: dominion\nplayers: [윤주, 민호]\nsteps:\n  - check: {윤주.hand: []}\n"
    answer = json.loads(workbench.with_form(text, json.dumps({"setup": {"윤주": {"hand": ["Throne Room"]}}})))
    assert "kingdom:" in answer["text"] and "알현실" in answer["text"].split("kingdom:")[1].split("\n")[0]
    assert answer["said"][0].startswith("알현실을 왕국 카드에 넣고")
