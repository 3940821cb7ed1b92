"""The HTML view shows the supply, each player's cards and counters, and who must decide."""
from engines.dominion import GAME
from tutor.views.dominion import render


def test_view_shows_supply_players_and_pending_choice():
    s = GAME.new_game(["윤주", "민호"], setup={"supply": {"속주": 3},
                                              "윤주": {"hand": ["민병대", "동", "동", "동", "동"], "deck": ["금"]}})
    s = GAME.apply(s, "play 민병대")
    html = render(GAME, s)
    province = '<span class="rb-cost" title="비용">8</span><span class="rb-count" title="장수">×3</span>속주'
    assert province in html  # the Province pile: cost 8, 3 left
    assert ('data-kind="attack" data-card="dominion:militia"><span class="rb-cost" title="비용">4</span>민병대'
            '<span class="rb-type">행동·공격</span>') in html
    assert 'data-kind="treasure" data-card="dominion:copper"><span class="rb-cost" title="비용">0</span>동<span class="rb-type">보물</span>' in html
    assert html.count('<section class="rb-player') == 2 and "rb-player rb-active" in html
    assert "민호 — 민병대" in html  # Minho is the one deciding now
