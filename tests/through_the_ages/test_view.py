"""The HTML view shows the card row with its costs and each player's board."""
import re

from engines.through_the_ages import GAME
from tutor.views import render


def test_view_shows_row_costs_workers_and_levels():
    state = GAME.new_game(["윤주", "민호"], seed=2, setup={
        "card_row": {1: "모세", 13: "피라미드"}, "윤주": {"wonder": "콜로서스", "wonder_stages": 1, "hand": ["철"]}})
    html = render(GAME, state)
    cost = r'<span class="rb-cost" title="비용">{}</span>{}<span class="rb-type">{}</span><span class="rb-note">{}번 칸</span>'
    assert re.search(cost.format(1, "모세", "지도자", 1), html) and re.search(cost.format(3, "피라미드", "문화 유산", 13), html)
    assert "(빈 칸)" in html
    assert "일꾼 2" in html and "철" in html
    assert re.search(r"콜로서스<span class=\"rb-note\">1/2단계 <span[^>]*>(<span[^>]*rb-token[^>]*></span>){2}", html)
    assert html.count('<section class="rb-player') == 2 and "rb-active" in html
