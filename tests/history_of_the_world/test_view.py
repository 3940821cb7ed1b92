"""The HotW view draws the map (SVG): lands in their region's colour, owners, buildings and forts;
the regions' scoring tokens and the players' numbers."""
import re

from engines.history_of_the_world import GAME
from tutor.views import render

from .helpers import play, start


def _lands(html):
    """land name → (its hover text, its box's attributes)."""
    return {title.split(", ")[0]: (title, rect) for title, rect in
            re.findall(r'<g class="rb-map-land"[^>]*><title>([^<]*)</title><rect ([^>]*)/>', html)}


def test_map_draws_lands_by_region_with_owners_buildings_and_forts():
    state = play(start(board={"갈대늪": {"army": "민호", "buildings": ["city"], "fort": True}}), "found")
    html = render(GAME, state)
    lands = _lands(html)
    assert len(lands) == 20 and html.count('class="rb-map-zone"') == 5
    assert lands["갈대늪"][0] == "갈대늪, 민호 (퇴역), 도시, 요새"
    assert lands["큰강"][0] == "큰강, 윤주, 수도, 자원 1"
    stroke = {name: re.search(r'stroke="([^"]+)"', rect).group(1) for name, (_, rect) in lands.items()}
    assert stroke["갈대늪"] == stroke["큰강"] != stroke["비단길"]  # 가운데땅 vs 동녘
    fill = re.search(r'fill="([^"]+)" fill-opacity="([^"]+)"', lands["갈대늪"][1]).groups()
    assert fill == ("#27ae60", "0.45")  # 민호's colour, pale: retired
    assert "<tr><th>가운데땅</th><td>주둔·우세·지배 2/5/8</td><td>윤주 주둔, 민호 주둔</td></tr>" in html
    assert "<tr><th>동녘</th><td>토큰 없음</td>" in html
    assert "rb-player rb-active" in html and "침공" in html


def test_map_of_the_partial_board_draws_lands_of_unknown_region():
    state = start(map="board2018", deal={"윤주": {"empire": "아시리아"}, "민호": {"empire": "이집트"},
                                         "서연": {"empire": "그리스"}})
    html = render(GAME, state)
    assert "라인란트" in _lands(html) and "<tr><th>중동</th><td>토큰 없음</td>" in html


def test_every_land_and_zone_is_inside_the_picture():
    html = render(GAME, start())
    width, height = map(int, re.search(r'viewBox="0 0 (\d+) (\d+)"', html).groups())
    for x, y, w, h in re.findall(r'<rect x="(-?\d+)" y="(-?\d+)" width="(\d+)" height="(\d+)" rx="6"', html):
        assert 0 <= int(x) and int(x) + int(w) <= width and 0 <= int(y) and int(y) + int(h) <= height
