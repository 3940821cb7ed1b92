"""HTML view of a Through the Ages state: the card row with its costs, then each player's board."""
from __future__ import annotations

from html import escape

from engines.through_the_ages import levels, tokens
from engines.through_the_ages.catalog import card, row_cost
from engines.through_the_ages.game import ThroughTheAges
from engines.through_the_ages.state import Civ, TtaState

from .common import card as tile
from .common import player, stats, view, zone

KIND = {"technology": "civil", "government": "civil", "special": "civil", "leader": "civil", "wonder": "civil",
        "action": "civil", "event": "military"}
# Korean labels of the observable facts (docs/through_the_ages/facts.md); scenarios keep the keys.
FACTS = {
    "culture": "문화", "science": "과학", "culture_level": "문화 레벨", "science_level": "과학 레벨",
    "strength": "군사력", "happiness": "행복", "food": "식량", "resources": "자원", "blue": "파란 토큰",
    "food_production": "식량 생산", "resource_production": "자원 생산", "food_consumption": "식량 소비",
    "growth_cost": "인구 늘리는 비용", "blue_bank": "파란 저장소", "yellow_bank": "노란 저장소",
    "idle_workers": "쉬는 일꾼", "workers": "일꾼", "civil_actions": "시민 행동", "military_actions": "군사 행동",
    "civil_actions_total": "시민 행동 수", "military_actions_total": "군사 행동 수",
    "military_resources": "군사용 자원", "hand": "손", "hand_limit": "손 한도", "building_limit": "건물 한도",
    "leader": "지도자", "government": "정부", "technologies": "기술 카드", "wonders": "완성한 문화 유산",
    "wonder_in_progress": "건설 중인 문화 유산", "wonder_stages": "지은 단계", "final_bonus": "최종 보너스",
    "total": "합계", "production": "생산", "card_row": "카드 열", "age": "시대", "round": "라운드", "turn": "차례",
    "event": "이벤트", "events_left": "남은 이벤트", "deck_left": "남은 시민 카드", "last_round": "마지막 라운드",
    "game_over": "게임 끝", "winners": "승자",
}
VALUES: dict[str, dict[str, str]] = {}


def _row(state: TtaState) -> str:
    tiles = []
    for slot, cid in enumerate(state.row, 1):
        cost = f"{slot}번 · 시민 행동 {row_cost(slot)}"
        tiles.append(tile(card(cid).name, KIND[card(cid).type], cost) if cid else tile("(빈 칸)", "", cost))
    return f'<div class="rb-zone"><div class="rb-zone-title">카드 열 ({state.age}시대, {state.round}라운드)</div>' \
           f'<div class="rb-cards">{"".join(tiles)}</div></div>'


def _technologies(civ: Civ) -> str:
    tiles = []
    for t in [*civ.technologies, civ.government]:
        c = card(t)
        notes = []
        if c.type == "technology":
            notes.append(f"일꾼 {civ.workers.get(t, 0)}")
        if civ.blue.get(t):
            notes.append(f"파랑 {civ.blue[t]}")
        tiles.append(tile(c.name, "building" if c.type == "technology" else "civil", " · ".join(notes)))
    return f'<div class="rb-zone"><div class="rb-zone-title">기술 카드</div><div class="rb-cards">{"".join(tiles)}</div></div>'


def _board(civ: Civ) -> str:
    numbers = stats([
        ("문화", civ.culture), ("과학", civ.science),
        ("문화 레벨", levels.culture_level(civ)), ("과학 레벨", levels.science_level(civ)),
        ("군사력", levels.civil_strength(civ)), ("행복", levels.happiness(civ)),
        ("식량", tokens.value(civ, "farm")), ("자원", tokens.value(civ, "mine")),
        ("노란 저장소", civ.yellow_bank), ("파란 저장소", civ.blue_bank), ("쉬는 일꾼", civ.idle),
        ("시민 행동", f"{civ.civil_left}/{levels.civil_total(civ)}"),
        ("군사 행동", f"{civ.military_left}/{levels.military_total(civ)}"),
    ])
    wonder = []
    if civ.wonder:
        w = card(civ.wonder)
        wonder = [f"{w.name} ({civ.wonder_stages}/{len(w.stages)}단계)"]
    return (numbers + _technologies(civ)
            + zone("지도자", [card(civ.leader).name] if civ.leader else [], empty="없음")
            + zone("완성한 문화 유산", [card(w).name for w in civ.wonders])
            + zone("건설 중인 문화 유산", wonder)
            + zone("손", [card(c).name for c in civ.hand]))


def render(game: ThroughTheAges, state: TtaState) -> str:
    now = game.current_player(state)
    parts = [_row(state)]
    if state.past_events:
        parts.append(f'<p class="rb-note">최근 이벤트: {escape(card(state.past_events[-1]).name)}</p>')
    for p in state.players:
        parts.append(player(p, _board(state.civs[p]), active=p == now))
    if state.over:
        winners = ", ".join(game.winners(state))
        parts.append(f'<p class="rb-note">게임 끝 — 승자: {escape(winners)}</p>')
    return view("".join(parts))
