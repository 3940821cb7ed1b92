"""What a card tile tells a reader who asks (hover, tap or keyboard focus): its kind, its cost and its effect
in Korean, and where its entry in the card reference is. The card reference pages (docs/_ext/card_reference.py)
are written with the same kind and cost words, from the same engine data, so a tile and its entry agree.

A tile carries only its card's key (``common.card(about=key)``: ``data-card``), since a player's every step
holds its board; the docs build writes each game's words once (``words``, as ``_static/card-words/<prefix>.js``)
and ``docs/_static/card-text.js`` loads them when a reader first asks."""
from __future__ import annotations

from typing import Any, NamedTuple

from engines.core.data import load_data
from engines.dominion.cards import CARDS as DOMINION_CARDS
from engines.through_the_ages import catalog
from engines.through_the_ages.catalog import Card


class About(NamedTuple):
    text: str  # "kind · cost. effect", plain text
    href: str  # the card's entry, relative to the docs root ("" where the reference has none)


def words(prefix: str) -> dict[str, About]:
    """Every card of a game by its tile key; ``prefix`` is the game's rule-id prefix, which begins each key
    (short: a player's every step repeats the keys of the cards on its board)."""
    if prefix == "tta":
        return {tta_key(c): tta(c) for edition in TTA_PREFIX for c in catalog.edition_cards(edition).values()}
    if prefix == "dominion":
        return {dominion_key(name): dominion(name) for name in DOMINION_CARDS}
    if prefix == "carta":
        return {carta_key(s["name"]): carta(s) for s in load_data("engines.carta_impera_victoria", "cards.yaml")["suits"]}
    return {}


WORDS = {"dominion": "dominion", "carta_impera_victoria": "carta", "through_the_ages": "tta"}  # game → key prefix


# --- Through the Ages ----------------------------------------------------------------------------------------
TTA_PREFIX = {2006: "tta", 2015: "tta15"}
CIVIL_GROUPS = {  # type → the group's name (the glossary's words), in the order a player looks for them
    "technology": "기술 카드", "special": "특수 기술", "government": "정부", "leader": "지도자",
    "wonder": "문화 유산", "action": "행동 카드",
}
MILITARY_GROUPS = {
    "event": "이벤트", "territory": "영토 카드", "aggression": "침략", "war": "전쟁 카드", "pact": "조약",
    "tactics": "전술 카드", "bonus": "방어/식민지 보너스 카드",
}
TECH_KINDS = {
    "farm": "농장", "mine": "광산",
    "temple": "도시 건물(신전)", "lab": "도시 건물(연구실)", "arena": "도시 건물(경기장)",
    "library": "도시 건물(도서관)", "theater": "도시 건물(극장)",
    "infantry": "군사 유닛(보병)", "cavalry": "군사 유닛(기병)", "artillery": "군사 유닛(포병)",
    "air_force": "군사 유닛(전투기)",
}
SPECIAL_KINDS = {"military": "군사", "civil": "시민", "colonization": "식민", "construction": "건설"}
COLOURS = {  # the card colours the glossary names
    "leader": "녹색", "wonder": "자주색", "action": "노란색", "special": "파란색", "farm": "갈색", "mine": "갈색",
    **{kind: "회색" for kind in ("temple", "lab", "arena", "library", "theater")},
    **{kind: "빨간색" for kind in ("infantry", "cavalry", "artillery", "air_force")},
}


def tta_anchor(card: Card) -> str:
    return f"card-{TTA_PREFIX[card.edition]}-{card.id.removesuffix(catalog.SUFFIX[card.edition]).replace('_', '-')}"


def tta_kind(card: Card) -> str:
    """The card's kind in the glossary's words, with its colour where the glossary names one."""
    if card.type == "technology":
        label = f"기술 카드 · {TECH_KINDS[card.kind]}"
    elif card.type == "special":
        label = f"특수 기술 · {SPECIAL_KINDS[card.kind]}"
    elif card.type in CIVIL_GROUPS:
        label = CIVIL_GROUPS[card.type]
    else:
        label = f"군사 카드 · {MILITARY_GROUPS[card.type]}"
    colour = COLOURS.get(card.kind if card.type == "technology" else card.type)
    return f"{label} · {colour} 카드" if colour else label


def tta_cost(card: Card, on_board: bool = False) -> str:
    """What the card costs, in the card's own numbers; empty for a card that costs nothing to hold."""
    if card.type == "technology":
        build = f"지을 때 자원 {card.build}"
        return f"{build} (개인 보드에 처음부터 있습니다)" if on_board else f"개발할 때 과학 {card.research}, {build}"
    if card.type == "government":
        if on_board:
            return ""  # the government the game starts with
        return f"혁명할 때 과학 {card.research}, 평화롭게 바꿀 때 과학 {card.peaceful}"
    if card.type == "special":
        return f"개발할 때 과학 {card.research}"
    if card.type == "wonder":
        stages = ", ".join(str(s) for s in card.stages)
        return f"단계마다 자원 {stages} ({len(card.stages)}단계, 모두 {sum(card.stages)})"
    if card.type in ("aggression", "war"):
        cost = card.extra["cost"]
        return "대상 카드의 등급마다 군사 행동 1" if cost == "level" else f"군사 행동 {cost}"
    return ""



def tta_key(card: Card) -> str:
    return f"tta:{card.id}"  # ids are unique across the editions


def tta(card: Card) -> About:
    cost = tta_cost(card)
    head = f"{tta_kind(card)}{f' · {cost}' if cost else ''}."
    return About(f"{head} {card.effect}".strip(), f"through_the_ages/cards-{card.edition}.html#{tta_anchor(card)}")


# --- Dominion ------------------------------------------------------------------------------------------------
DOMINION_TYPES = {"action": "행동", "treasure": "보물", "victory": "승점", "curse": "저주", "attack": "공격",
                  "reaction": "반응"}


def dominion_key(name: str) -> str:
    return f"dominion:{DOMINION_CARDS[name].id}"


def dominion_types(name: str) -> str:
    return "·".join(label for key, label in DOMINION_TYPES.items() if key in DOMINION_CARDS[name].types)


def dominion(name: str) -> About:
    """The card's types, cost and text; its entry is on the card pages, by edition and cost (the basic cards have none)."""
    row = DOMINION_CARDS[name]
    page = ("" if row.edition == "basic" else "cards-first-edition" if row.edition == "1"
            else "cards-2-3" if row.cost <= 3 else "cards-4" if row.cost == 4 else "cards-5-6")
    return About(f"{dominion_types(name)} 카드 · 비용 {row.cost}. {row.text}",
                 f"dominion/{page}.html#dominion-card-{row.id}" if page else "")


# --- Carta Impera Victoria -----------------------------------------------------------------------------------
def carta_anchor(suit: dict[str, Any]) -> str:
    return "card-carta-" + suit["english"].lower()


def carta_key(suit_name: str) -> str:
    return f"carta:{suit_name}"


def carta(suit: dict[str, Any]) -> About:
    """A suit of civilisation cards (``cards.yaml``'s ``suits``): its abilities by level, its sacrifice and inspiration."""
    parts = [f"{level}단계: {a['name']} — {a['text']}" for level, a in (suit.get("permanent") or {}).items()]
    if "sacrifice" in suit:
        parts.append(f"폐기: {suit['sacrifice']['name']} — {suit['sacrifice']['text']}")
    if "inspiration" in suit:
        parts.append(f"영감: {suit['inspiration']['name']} — {suit['inspiration']['text']}")
    return About(f"문명 카드 · {suit['name']} 분야. " + " ".join(parts),
                 f"carta_impera_victoria/cards.html#{carta_anchor(suit)}")
