"""The HotW view shows lands by region with owners, buildings and forts, and the players' numbers."""
from engines.history_of_the_world import GAME
from tutor.views import render

from .helpers import play, start


def test_view_groups_lands_by_region_and_marks_owners_buildings_and_forts():
    state = play(start(board={"갈대늪": {"army": "민호", "buildings": ["city"], "fort": True}}), "found")
    html = render(GAME, state)
    heartland = html[html.index("가운데땅 (2/5/8)"):html.index("동녘")]
    assert "큰강" in heartland and "갈대늪" in heartland and "비단길" not in heartland
    assert "▮ 윤주" in heartland and "▭ 민호" in heartland and "도시 · 요새" in heartland and "수도" in heartland
    assert "동녘 (토큰 없음)" in html
    assert "rb-player rb-active" in html and "침공" in html


def test_view_of_the_partial_board_lists_lands_of_unknown_region():
    state = start(map="board2018", deal={"윤주": {"empire": "아시리아"}, "민호": {"empire": "이집트"},
                                         "서연": {"empire": "그리스"}})
    html = render(GAME, state)
    assert "지역 미상" in html and "라인란트" in html and "중동 (토큰 없음)" in html
