"""The HTML view shows the supply, each player's cards and counters, and who must decide."""
from engines.dominion import GAME
from tutor.views.dominion import render


def test_view_shows_supply_players_and_pending_choice():
    s = GAME.new_game(["윤주", "민호"], setup={"supply": {"속주": 3},
                                              "윤주": {"hand": ["민병대", "동", "동", "동", "동"], "deck": ["금"]}})
    s = GAME.apply(s, "play 민병대")
    html = render(GAME, s)
    assert "8코인 · 3장" in html  # the Province pile
    assert 'data-kind="attack">민병대' in html and 'data-kind="treasure">동' in html
    assert html.count('<section class="rb-player') == 2 and "rb-player rb-active" in html
    assert "민호 — 민병대" in html  # Minho is the one deciding now
