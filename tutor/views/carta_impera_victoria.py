"""HTML view of a Carta Impera Victoria state: each player's tableau by suit with its level, hand, limits."""
from __future__ import annotations

from typing import Any

from engines.carta_impera_victoria.data import SUITS
from engines.carta_impera_victoria.state import culture_token, hand_limit, level
from engines.core import Game

from .cards import carta_key
from .common import SetupPath, card, player, stats, view, zone

# Suit → a colour of views.css (chosen to tell the six suits apart, not for meaning).
KIND = {"군사": "attack", "종교": "curse", "경제": "treasure", "과학": "reaction", "문화": "victory",
        "유토피아": "civil"}
PHASE = {"draft": "드래프트", "draft-take": "공개 카드 가져가기", "play": "1단계 카드 내려놓기",
         "abilities": "2단계 능력 쓰기", "over": "게임 끝"}
PENDING = {"hand-discard": "손의 카드 버리기", "tableau-discard": "자기 앞의 카드 버리기", "attack": "공격으로 버리기",
           "tableau-take": "자기 앞의 카드 가져오기", "pile-take": "버린 카드 더미에서 가져오기",
           "play": "손의 카드 내려놓기", "give": "카드 돌려주기"}
# Korean labels of the observable facts (docs/carta_impera_victoria/facts.md); scenarios keep the keys.
FACTS = {
    "phase": "단계", "turn": "차례", "to_move": "움직일 사람", "turn_number": "차례 번호", "first_player": "선 플레이어",
    "deck_size": "더미 장수", "discard": "버린 카드", "discard_size": "버린 카드 장수", "removed_size": "빼 둔 카드 장수",
    "center": "가운데 공개된 카드", "culture_token": "문화 토큰", "pending": "남은 선택", "game_over": "게임 끝",
    "winners": "승자", "hegemony": "주도권 승리", "scores": "점수", "hand": "손", "hand_size": "손 장수",
    "hand_limit": "손 한도", "tableau_size": "자기 앞 장수", "embargo": "무역 봉쇄", "flipped": "뒤집힌 유토피아",
    "score": "점수", "packet": "드래프트 카드", "team": "팀", "tableau": "자기 앞", "level": "단계",
    "hegemony_target": "주도권 조건",
}
VALUES = {"phase": PHASE, "pending": PENDING, "culture_token": {None: "가운데"}}  # no one's: it lies in the middle


def render(game: Game, state: Any, viewer: str | None = None) -> str:
    facts = game.observe(state)
    token = culture_token(state)
    top = stats([("단계", PHASE.get(state.phase, state.phase)), ("더미", len(state.deck), ["deck"]),
                 ("버린 카드", len(state.discard), ["discard"]), ("문화 토큰", token or "가운데"),
                 ("선 플레이어", state.first, ["first"])])
    parts = [top]
    if state.center:
        parts.append(zone("가운데 공개된 카드", state.center, tile=_tile))
    if facts["game_over"]:
        parts.append(stats([("승자", ", ".join(facts["winners"]) or "—")]))
    players = []
    for p in state.players:
        shown = viewer in (None, p)
        body = [_tableau(state, p), _cards("손", state.hands[p], shown, [p, "hand"])]
        if state.packets.get(p):
            body.append(_cards("드래프트에서 고를 카드", state.packets[p], shown))
        pairs = [("손", f"{len(state.hands[p])}/{hand_limit(state, p)}"), ("점수", int(facts[f"{p}.score"]))]
        if state.embargoes[p]:
            pairs.append(("무역 봉쇄", ", ".join(state.embargoes[p])))
        if token == p:
            pairs.append(("문화 토큰", "보유"))
        if state.options.get("team"):
            pairs.append(("팀", facts[f"{p}.team"]))
        body.insert(0, stats(pairs))
        players.append(player(p, "".join(body), active=game.current_player(state) == p))
    parts.append(f'<div class="rb-row">{"".join(players)}</div>')
    return view("".join(parts))


def _cards(title: str, cards: list[str], shown: bool, edit: SetupPath = None) -> str:
    if shown:
        return zone(title, cards, tile=_tile, edit=edit)
    return zone(title, [], empty=f"{len(cards)}장 (가려 둠)", edit=edit)


def _tile(suit: str) -> str:
    return card(suit, KIND[suit], about=carta_key(suit))


def _tableau(state: Any, p: str) -> str:
    """One tile per suit in front of the player: the count (×n badge, set up at ``<player>.tableau.<suit>``),
    the ability level it reached, flipped utopias lying on it."""
    def suit_tile(suit: str) -> str:
        count, flipped = state.tableaux[p][suit], state.flipped[p][suit]
        reached = level(state, p, suit)
        label = "" if suit == "문화" else f"{reached}단계 능력" if reached else "능력 없음"
        note = f"뒤집힌 유토피아 {flipped}" if flipped else ""
        return card(suit, KIND[suit], note, count=count, label=label, edit=[p, "tableau", suit], about=carta_key(suit))

    suits = [suit for suit in SUITS if state.tableaux[p][suit] or state.flipped[p][suit]]
    return zone("자기 앞", suits, tile=suit_tile, edit=[p, "tableau"])
