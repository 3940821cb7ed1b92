"""Moat is asked when an Attack is played, before any of the Attack's effects (dominion.rules.reaction)."""
import pytest

from engines.dominion import GAME

from . import new_game

P = ["윤주", "민호"]
MOAT_HAND = ["해자", "사유지", "공작령", "동", "동"]


def run(state, *moves):
    for move in moves:
        state = GAME.apply(state, move)
    return state


def attacked(attack, *extra, deck=("은", "금", "동", "동")):
    """윤주 plays ``attack`` (after ``extra`` moves) against 민호, who holds a Moat and more than 3 cards."""
    hand = [attack, "알현실", "동", "동", "사유지"]
    s = new_game(P, 윤주={"hand": hand, "deck": list(deck)}, 민호={"hand": MOAT_HAND, "deck": ["금", "은", "동"]})
    return run(s, *extra, f"play {attack}") if not extra else run(s, *extra)


# What the attacker's own part would already have done, were Moat asked after it.
@pytest.mark.parametrize("attack, unchanged", [
    ("마녀", lambda f: f["윤주.hand"] == ["알현실", "동", "동", "사유지"] and f["supply.저주"] == 10),
    ("민병대", lambda f: f["윤주.coins"] == 0),
    ("관료", lambda f: f["윤주.deck"] == ["은", "금", "동", "동"]),
    ("노상강도", lambda f: f["윤주.discard"] == []),
    ("스파이", lambda f: f["윤주.hand"] == ["알현실", "동", "동", "사유지"] and f["윤주.actions"] == 0),
])
def test_moat_is_asked_before_any_effect_of_the_attack(attack, unchanged):
    s = attacked(attack)
    f = GAME.observe(s)
    assert (f["decision"], f["decider"]) == ("moat", "민호")
    assert unchanged(f), f
    blocked = GAME.observe(run(s, "reveal 해자"))
    assert blocked["민호.hand"] == MOAT_HAND and blocked["민호.discard"] == []
    assert not unchanged(blocked)  # the attacker's own part comes after the reveal


def test_throne_room_asks_again_before_each_play_of_the_attack():
    s = attacked("민병대", "play 알현실", "play 민병대")
    assert GAME.observe(s)["윤주.coins"] == 0 and GAME.legal_moves(s)[-1] == GAME.parse(s, "pass")
    s = run(s, "reveal 해자")  # the first play: +2 coins, 민호 protected
    f = GAME.observe(s)
    assert (f["decision"], f["decider"], f["윤주.coins"], f["민호.hand"]) == ("moat", "민호", 2, MOAT_HAND)
    s = run(s, "pass")  # the second play: +2 coins, then 민호 discards
    f = GAME.observe(s)
    assert (f["decision"], f["decider"], f["윤주.coins"]) == ("militia", "민호", 4)


def test_a_moat_revealed_against_one_play_does_not_protect_against_the_next():
    s = attacked("마녀", "play 알현실", "play 마녀")
    s = run(s, "reveal 해자", "pass")
    f = GAME.observe(s)
    assert f["민호.discard"] == ["저주"] and f["supply.저주"] == 9 and len(f["윤주.hand"]) == 3 + 2 + 2
