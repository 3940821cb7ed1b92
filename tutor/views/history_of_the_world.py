"""History of the World: a schematic board — lands grouped by region, scores, the empire leading now."""
from __future__ import annotations

from html import escape
from typing import Any

from engines.history_of_the_world.game import world

from .common import player, stats, view

COLOURS = ("#c0392b", "#27ae60", "#2471a3", "#d4ac0d", "#7d3c98", "#424949")  # one per seat
BUILDINGS = {"capital": "수도", "city": "도시", "monument": "기념물"}
LEVELS = {"presence": "주둔", "dominance": "우세", "control": "지배"}
STEPS = {"draft": "카드 고르기", "start": "차례 시작", "invade": "침공", "monuments": "기념물 건설", "scored": "승점 마커"}
# Korean labels of the observable facts (docs/history_of_the_world/facts.md); scenarios keep the keys.
FACTS = {
    "armies": "군대", "armies_left": "카드 위 군대", "buildings": "건축물", "cards": "사건 카드", "catapult": "투석기",
    "deck": "더미", "dice": "주사위", "empire": "제국", "epoch": "시대", "event": "사건 카드", "fleets": "함대·카라반",
    "fort": "요새", "game_over": "게임 끝", "owner": "주인", "played": "쓴 카드", "region": "지역", "reserve": "앞의 군대",
    "retired": "퇴역", "score": "승점", "siege_tokens": "공성 토큰", "step": "단계", "turn": "차례", "winners": "승자",
}
VALUES = {"buildings": BUILDINGS, "region": {**LEVELS, "none": "없음"}, "step": STEPS}


def render(game: Any, state: Any) -> str:
    w = world(state)
    facts = game.observe(state)
    colour = {p: COLOURS[i % len(COLOURS)] for i, p in enumerate(state.players)}
    t = state.turn
    head = stats([("시대", state.epoch), ("차례", facts["turn"] or "—"), ("이끄는 카드", facts["empire"] or "—"),
                  ("단계", STEPS[facts["step"]]), ("주사위", " ".join(map(str, facts["dice"])) or "—"),
                  ("함대·카라반", ", ".join(facts["fleets"]) or "—")])
    regions = [(region, w.region_lands(region)) for region in w.regions]
    loose = [land for land, info in w.lands.items() if info.get("region") is None]
    if loose:
        regions.append(("지역 미상", loose))
    board = "".join(_region(state, facts, region, lands, colour) for region, lands in regions)
    players = "".join(
        player(p, stats([("승점", facts[f"{p}.score"]), ("앞의 군대", facts[f"{p}.reserve"]),
                         ("카드 위 군대", facts[f"{p}.armies_left"]), ("공성 토큰", facts[f"{p}.siege_tokens"]),
                         ("제국", facts[f"{p}.empire"] or "—"), ("사건 카드", ", ".join(facts[f"{p}.cards"]) or "—")]),
               active=t is not None and t.player == p)
        for p in state.players)
    return view(f'{head}<div class="rb-row">{players}</div>{board}')


def _region(state: Any, facts: dict[str, Any], region: str, lands: list[str], colour: dict[str, str]) -> str:
    values = facts.get(f"region.{region}")
    token = "토큰 없음" if values is None else "/".join(map(str, values))
    levels = ", ".join(f"{p} {LEVELS[facts[f'{p}.region.{region}']]}" for p in state.players
                       if facts.get(f"{p}.region.{region}", "none") != "none")
    tiles = "".join(_land(state, land, colour) for land in lands)
    title = escape(f"{region} ({token})" + (f" — {levels}" if levels else ""))
    return f'<div class="rb-zone"><div class="rb-zone-title">{title}</div><div class="rb-cards">{tiles}</div></div>'


def _land(state: Any, name: str, colour: dict[str, str]) -> str:
    land = state.lands[name]
    parts = [BUILDINGS[b] for b in land.buildings] + (["요새"] if land.fort else [])
    army = ""
    if land.owner is not None:
        mark = "▭" if land.retired else "▮"  # lying down = retired, standing = active
        army = f'<span style="color:{colour[land.owner]}" title="{escape(land.owner)}">{mark} {escape(land.owner)}</span> '
    note = f'<span class="rb-note">{army}{escape(" · ".join(parts))}</span>' if army or parts else ""
    return f'<span class="rb-card" data-kind="land">{escape(name)}{note}</span>'
