"""Which rule section a Dominion move cites (the practice game's log links it): a card's own for an action card
played or a card's choice answered, the buy phase for treasures, else the verb's."""
from engines.core import get_game

GAME = get_game("dominion")


def test_action_cards_and_their_choices_cite_the_card():
    state = GAME.new_game(["윤주", "민호"], seed=1, setup={"윤주": {"hand": ["마을", "작업장", "동", "동", "사유지"]}})
    assert GAME.rule_of_move(state, GAME.parse(state, "play 마을")) == "dominion.card.village"
    state = GAME.apply(state, "play 마을")
    state = GAME.apply(state, "play 작업장")
    assert GAME.rule_of_move(state, GAME.parse(state, "gain 은")) == "dominion.card.workshop"
    state = GAME.apply(state, "gain 은")
    assert GAME.rule_of_move(state, GAME.parse(state, "play all")) == "dominion.turn.buy"  # still the action phase
    assert GAME.rule_of_move(state, GAME.parse(state, "end")) == "dominion.turn"
    state = GAME.apply(state, "end")
    assert GAME.rule_of_move(state, GAME.parse(state, "play 동")) == "dominion.turn.buy"
    assert GAME.rule_of_move(state, GAME.parse(state, "buy 은")) == "dominion.turn.buy"


def test_a_moat_answers_with_the_moat_not_the_attack():
    state = GAME.new_game(["윤주", "민호"], seed=1, setup={"윤주": {"hand": ["민병대", "동", "동", "동", "사유지"]},
                                                          "민호": {"hand": ["해자", "동", "동", "사유지", "사유지"]}})
    state = GAME.apply(state, "play 민병대")
    assert GAME.current_player(state) == "민호"
    assert GAME.rule_of_move(state, GAME.parse(state, "reveal 해자")) == "dominion.card.moat"
    state = GAME.apply(state, "pass")  # no Moat: the Militia asks what to discard
    assert GAME.rule_of_move(state, GAME.parse(state, "discard 사유지 사유지")) == "dominion.card.militia"
