"""HTML view of a Through the Ages state: the card row with its costs, then each player's board drawn as
at the table — action tokens on the government, technology cards with the workers (yellow) and the
food or resources (blue) on them, the yellow and blue banks and the worker pool, leader, wonders, hand;
in the advanced and full games also the military hand, tactics, colonies, pacts and wars.

Each part of a board is one function of (state, player) in ``BOARD_PARTS``; more state is drawn by
adding a function there.
"""
from __future__ import annotations

import functools
from collections.abc import Callable
from html import escape

from engines.through_the_ages import catalog, levels
from engines.through_the_ages.catalog import PRODUCTION, Card, UNITS, URBAN, age_word, card, row_cost
from engines.through_the_ages.editions import has
from engines.through_the_ages.game import ThroughTheAges
from engines.through_the_ages.state import Civ, TtaState

from .cards import CIVIL_GROUPS, tta_key
from .common import card as tile
from .common import player, stats, tokens, view, zone, zone_attr

# A card's colour (views.css), as the rules name them: leaders green, wonders purple, actions yellow.
KIND = {"technology": "building", "government": "government", "special": "special", "leader": "leader",
        "wonder": "wonder", "action": "yellow-action", "event": "military"}
TECH_KINDS = {"farm": "농장", "mine": "광산", "temple": "신전", "lab": "연구실", "arena": "경기장",
              "library": "도서관", "theater": "극장", "infantry": "보병", "cavalry": "기병", "artillery": "포병",
              "military": "군사 특수 기술", "civil": "시민 특수 기술", "colonization": "식민 특수 기술",
              "construction": "건설 특수 기술"}
TECH_ROWS = (("농장·광산", PRODUCTION), ("도시 건물", URBAN), ("군사 유닛", UNITS))
MODES = {"simple": "맛보기 게임, 군사 카드 없음", "advanced": "숙련 게임", "full": "본격 게임"}
# Korean labels of the observable facts (docs/through_the_ages/facts.md); scenarios keep the keys.
FACTS = {
    "culture": "문화", "science": "과학", "culture_level": "문화 레벨", "science_level": "과학 레벨",
    "strength": "군사력", "happiness": "행복", "food": "식량", "resources": "자원", "blue": "파란 토큰",
    "food_production": "식량 생산", "resource_production": "자원 생산", "food_consumption": "식량 소비",
    "growth_cost": "인구 늘리는 비용", "blue_bank": "파란색 저장소", "yellow_bank": "노란색 저장소",
    "idle_workers": "일하지 않는 일꾼", "workers": "일꾼", "civil_actions": "시민 행동", "military_actions": "군사 행동",
    "civil_actions_total": "시민 행동 수", "military_actions_total": "군사 행동 수",
    "military_resources": "군사용 자원", "hand": "손", "hand_limit": "손 한도", "building_limit": "건물 한도",
    "leader": "지도자", "government": "정부", "technologies": "기술 카드", "wonders": "완성한 문화 유산",
    "wonder_in_progress": "건설 중인 문화 유산", "wonder_stages": "지은 단계", "final_bonus": "최종 보너스",
    "total": "합계", "production": "생산", "card_row": "카드 열", "age": "시대", "round": "라운드", "turn": "턴",
    "event": "이벤트", "events_left": "남은 이벤트", "civil_cards_left": "남은 시민 카드(모든 시대)",
    "civil_deck": "시민 카드 더미", "end_decided": "게임의 끝이 정해짐",
    "game_over": "게임 끝", "winners": "승자",
    # the advanced and full game
    "happy_needed": "필요한 행복", "discontent": "불만 있는 일꾼", "uprising": "폭동", "corruption": "자원 낭비",
    "colonies": "식민지", "military_hand": "군사 카드 손", "military_hand_count": "군사 카드 수", "military_hand_limit": "군사 카드 한도",
    "tactics": "전술", "armies": "부대", "full_armies": "온전한 부대", "tactics_bonus": "전술 보너스",
    "current_events": "현재 이벤트 수", "future_events": "미래 이벤트 수", "past_events": "지난 이벤트",
    "final_events": "마지막 점수 이벤트", "final_events_count": "마지막 점수 이벤트 수",
    "current_event_ages": "현재 이벤트의 시대", "political_phase": "정치 단계", "decision": "기다리는 결정",
    "auction": "식민지 경매", "high": "최고 입찰", "auction.leader": "경매 최고 입찰자", "attack_total": "공격 군사력",
    "military_deck": "군사 카드 더미",
    "military_discard": "버린 군사 카드", "military_box": "상자로 간 군사 카드", "pacts": "조약", "wars": "전쟁",
    "pact_role": "조약에서 맡은 역할", "pact_with": "조약 상대", "war_on": "전쟁을 선언한 상대",
    "wars_against": "나에게 전쟁을 선언한 문명",
    "common_tactics": "공용 전술", "resigned": "패배를 선언하고 물러난 문명", "ravaged_wonders": "뒤집힌 문화 유산",
    "events": "이벤트", "battle": "지난 싸움", "attack": "공격", "defence": "방어", "won": "이김",
    "sent": "낸 유닛과 카드", "homer_wonder": "호메로스가 밑에 있는 문화 유산",
    "military_science": "군사 기술용 과학", "churchill_choice": "이번 턴 처칠의 선택",
}
VALUES: dict[str, dict[str, str]] = {
    "decision": {"auction": "식민지 경매", "colonize": "식민지 대가 치르기", "attack": "공격자의 희생",
                 "defend": "침략 방어", "answer": "조약 제안에 답하기", "war": "전쟁 결판",
                 "spoils": "기술 전쟁의 대가 고르기", "ravage": "세월의 풍파로 뒤집을 문화 유산",
                 "agreement": "국제 협약으로 카드 가져오기",
                 "discard": "군사 카드 버리기", "pick": "잃을 것 고르기", "split": "식량·자원 나누기"},
}


@functools.cache
def _by_name(edition: int) -> dict[str, Card]:
    return {c.name: c for c in catalog.edition_cards(edition).values()}


def _about(state: TtaState, name: str) -> str:
    """A card's key by its name in this game's edition (a zone lists names)."""
    found = _by_name(state.edition).get(name)
    return tta_key(found) if found else ""


def _row(state: TtaState) -> str:
    tiles = []
    for slot, cid in enumerate(state.row, 1):
        name, kind = (card(cid).name, KIND[card(cid).type]) if cid else ("(빈 칸)", "")
        label = CIVIL_GROUPS.get(card(cid).type, "") if cid else ""
        tiles.append(tile(name, kind, f"{slot}번 칸", cost=row_cost(slot), label=label,
                          about=tta_key(card(cid)) if cid else ""))
    edition = f"{state.edition}년판 {MODES[state.options['mode']]}, "
    age = f'<span{zone_attr(["age"])}>{age_word(state.age)}</span>'
    round_ = f'<span{zone_attr(["round"])}>{state.round}라운드</span>'
    return (f'<div class="rb-zone"{zone_attr(["card_row"])}><div class="rb-zone-title">카드 열 ({edition}{age}, '
            f'{round_}) — 동그라미는 가져오는 데 드는 시민 행동</div><div class="rb-cards">{"".join(tiles)}</div></div>')


def _tracks(state: TtaState, p: str) -> str:
    civ = state.civs[p]
    return stats([
        ("문화", f"{civ.culture} (+{levels.culture_level(civ)}/턴)", [p, "culture"]),
        ("과학", f"{civ.science} (+{levels.science_level(civ)}/턴)", [p, "science"]),
        ("군사력", levels.strength(state, p)), ("행복", levels.happiness(civ)),
    ])


def _actions(state: TtaState, p: str) -> str:
    """The government card with the white (civil) and red (military) action tokens; spent ones hollow."""
    civ = state.civs[p]
    civil, military = levels.civil_total(civ), levels.military_total(civ) + civ.military_extra
    white = tokens("white", civ.civil_left, max(0, civil - civ.civil_left), f"시민 행동 {civ.civil_left}/{civil}")
    red = tokens("red", civ.military_left, max(0, military - civ.military_left),
                 f"군사 행동 {civ.military_left}/{military}")
    support, science = levels.military_resources(civ), levels.military_science(civ)
    extra = (f' · 군사용 자원 {support}' if support else "") + (f' · 군사 기술용 과학 {science}' if science else "")
    inner = (f'<span class="rb-note">시민 행동 {civ.civil_left}/{civil} {white}</span>'
             f'<span class="rb-note">군사 행동 {civ.military_left}/{military} {red}{escape(extra)}</span>')
    return zone("정부와 행동 토큰", [card(civ.government).name],
                tile=lambda name: tile(name, "government", label="정부", inner=inner, about=_about(state, name)),
                edit=[p, "government"])


def _tech(civ: Civ, p: str, cid: str) -> str:
    """A technology card with its workers (yellow) and, on a farm or mine, its blue tokens (set up as the
    player's food or resources in all)."""
    c = card(cid)
    workers, blue = civ.workers.get(cid, 0), civ.blue.get(cid, 0)
    inner = ""
    if c.type == "technology":
        inner += (f'<span class="rb-note"{zone_attr([p, "workers"])}>일꾼 {workers} '
                  f'{tokens("yellow", workers, title=f"일꾼 {workers}")}</span>')
    if c.kind in PRODUCTION:  # a blue token is worth the card's own value: say both, as the count misled
        what, key, each = ("식량", "food", c.food) if c.kind == "farm" else ("자원", "resources", c.resources)
        worth = f"파란 토큰 {blue} = {what} {blue * each}"
        inner += (f'<span class="rb-note"{zone_attr([p, key])}>{worth} '
                  f'{tokens("blue", blue, title=worth)}</span>')
    return tile(c.name, "building" if c.type == "technology" else "special", label=TECH_KINDS.get(c.kind, ""),
                inner=inner, about=tta_key(c))


def _technologies(state: TtaState, p: str) -> str:
    civ = state.civs[p]
    rows = [(title, [t for t in civ.technologies if card(t).kind in kinds]) for title, kinds in TECH_ROWS]
    grouped = {t for _, cids in rows for t in cids}
    rows.append(("특수 기술", [t for t in civ.technologies if t not in grouped]))
    zones = "".join(zone(title, cids, tile=lambda cid: _tech(civ, p, cid), edit=[p, "technologies"])
                    for title, cids in rows if cids)
    return f'<div class="rb-row">{zones}</div>'


def _banks(state: TtaState, p: str) -> str:
    civ = state.civs[p]
    return (f'<div class="rb-zone"><div class="rb-zone-title">저장소와 일꾼 대기소</div><div class="rb-stats">'
            f'<span class="rb-stat"><span class="rb-stat-label">노란색 저장소 {civ.yellow_bank}</span> '
            f'{tokens("yellow", civ.yellow_bank)}</span>'
            f'<span class="rb-stat"{zone_attr([p, "idle"])}><span class="rb-stat-label">일하지 않는 일꾼 {civ.idle}</span> '
            f'{tokens("yellow", civ.idle)}</span>'
            f'<span class="rb-stat"><span class="rb-stat-label">파란색 저장소 {civ.blue_bank}</span> '
            f'{tokens("blue", civ.blue_bank)}</span></div></div>')


def _leader_and_wonders(state: TtaState, p: str) -> str:
    civ = state.civs[p]
    parts = [zone("지도자", [card(civ.leader).name] if civ.leader else [], tile=lambda n: tile(n, "leader", about=_about(state, n)),
                  edit=[p, "leader"])]
    homer = levels.homer_wonder(civ)
    under = card(homer).name if homer else None  # 2015 Homer lies under it: one happy face more
    parts.append(zone("완성한 문화 유산", [card(w).name for w in civ.wonders],
                      tile=lambda n: tile(n, "wonder", label="밑에 호메로스: 행복 +1" if n == under else "",
                                          about=_about(state, n)),
                      edit=[p, "wonders"]))
    if civ.wonder:
        w = card(civ.wonder)
        left = len(w.stages) - civ.wonder_stages
        built = f"{civ.wonder_stages}/{len(w.stages)}"
        inner = (f'<span class="rb-note">{built}단계 '
                 f'{tokens("blue", civ.wonder_stages, left, f"지은 단계 {built}", [p, "wonder_stages"])}</span>')
        parts.append(zone("건설 중인 문화 유산", [w.name], tile=lambda n: tile(n, "wonder", inner=inner, about=tta_key(w)),
                          edit=[p, "wonder"]))
    return f'<div class="rb-row">{"".join(parts)}</div>'


def _hand(state: TtaState, p: str) -> str:
    def held(cid: str) -> str:
        c = card(cid)
        return tile(c.name, KIND[c.type], label=CIVIL_GROUPS.get(c.type, ""), about=tta_key(c))
    return zone("손", state.civs[p].hand, tile=held, edit=[p, "hand"])


def _military(state: TtaState, p: str, shown: bool = True) -> str:
    """Advanced and full games: the military hand (face down unless ``shown``), tactics, colonies, and the
    pacts and wars p is in."""
    civ = state.civs[p]
    # each tie → its set-up key (the pacts and wars are set up for the whole table)
    ties = {f"{card(pact['card']).name} ({pact['a']}·{pact['b']})": "pacts" for pact in state.pacts
            if p in (pact["a"], pact["b"])}
    ties |= {f"{card(war['card']).name} ({war['attacker']}→{war['defender']})": "wars" for war in state.wars
             if p in (war["attacker"], war["defender"])}
    if not (civ.military_hand or civ.tactics or civ.colonies or ties):
        return ""

    def military(name: str) -> str:
        return tile(name, "military", about=_about(state, name))

    # 2015: the flag marks the tactics in use, which may be a common one; the player's own area holds the
    # exclusive tactics played since the last turn
    tactics = zone("전술 깃발" if has(state, "common_tactics") else "전술", [card(civ.tactics).name] if civ.tactics else [],
                   tile=military, edit=[p, "tactics"])
    if civ.own_tactics:
        tactics += zone("전용 전술", [card(c).name for c in civ.own_tactics], tile=military, edit=[p, "own_tactics"])
    held = [card(c).name for c in civ.military_hand]
    hand = zone("군사 카드 손", held if shown else [], empty="없음" if shown else f"{len(held)}장 (가려 둠)",
                tile=military, edit=[p, "military_hand"])
    colonies = zone("식민지", [card(c).name for c in civ.colonies], tile=military, edit=[p, "colonies"])
    return (f'<div class="rb-row">{hand}{tactics}{colonies}'
            f'{zone("조약과 전쟁", ties, tile=lambda tie: tile(tie, "military", edit=[ties[tie]]))}</div>')


def _common_tactics(state: TtaState) -> str:
    """2015: the common tactics on the board, each with the players whose flag is on it."""
    def flags(name: str) -> str:
        on = [p for p in state.players if state.civs[p].tactics and card(state.civs[p].tactics).name == name]
        return tile(name, "military", label=f"깃발: {', '.join(on)}" if on else "", about=_about(state, name))
    return zone("공용 전술", [card(c).name for c in dict.fromkeys(state.common_tactics)], tile=flags,
                edit=["common_tactics"])


BOARD_PARTS: tuple[Callable[[TtaState, str], str], ...] = (
    _tracks, _actions, _technologies, _banks, _leader_and_wonders, _military, _hand)


def _board(state: TtaState, p: str, shown: bool = True) -> str:
    parts = (_military(state, p, shown) if part is _military else part(state, p) for part in BOARD_PARTS)
    return f'<div class="rb-board">{"".join(parts)}</div>'


def render(game: ThroughTheAges, state: TtaState, viewer: str | None = None) -> str:
    now = game.current_player(state)
    parts = [_row(state)]
    if state.past_events:
        parts.append(f'<p class="rb-note">최근 이벤트: {escape(card(state.past_events[-1]).name)}</p>')
    if state.common_tactics:
        parts.append(_common_tactics(state))
    if state.resigned:
        parts.append(f'<p class="rb-note"{zone_attr(["resigned"])}>패배 선언: {escape(", ".join(state.resigned))}</p>')
    for p in state.players:
        parts.append(player(p, _board(state, p, viewer in (None, p)), active=p == now))
    if state.over:
        winners = ", ".join(game.winners(state))
        parts.append(f'<p class="rb-note">게임 끝 — 승자: {escape(winners)}</p>')
    return view("".join(parts))
