"""The HTML view shows the card row with its costs and each player's board."""
from engines.through_the_ages import GAME
from tutor.views import render


def test_view_shows_row_costs_workers_and_levels():
    state = GAME.new_game(["윤주", "민호"], seed=2, setup={
        "card_row": {1: "모세", 13: "피라미드"}, "윤주": {"wonder": "콜로서스", "wonder_stages": 1, "hand": ["철"]}})
    html = render(GAME, state)
    assert "모세" in html and "1번 · 시민 행동 1" in html and "13번 · 시민 행동 3" in html
    assert "(빈 칸)" in html
    assert "일꾼 2" in html and "콜로서스 (1/2단계)" in html and "철" in html
    assert html.count('<section class="rb-player') == 2 and "rb-active" in html
