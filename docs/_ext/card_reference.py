"""Card reference pages, generated from the engines' card data when Sphinx reads them.

A page holds a marker that is replaced in its source before MyST parses it:
- ``<!-- rulebook:cards through_the_ages 2006 -->`` (and ``2015``): every card of that edition of Through the
  Ages (``engines.through_the_ages.catalog``): the personal board's technologies, then each age's civil cards
  and military cards, grouped by kind;
- ``<!-- rulebook:cards carta_impera_victoria -->``: the six suits of Carta's civilisation cards with their
  counts by age and their abilities (``cards.yaml``);
- ``<!-- rulebook:cards history_of_the_world -->``: the empire and event cards of both maps
  (``board2018.yaml``, ``teaching.yaml``), by epoch.

Each card is a section titled with its canonical Korean name under a label ``card-<game>-<id>`` (``card-tta-
aristotle``, ``card-tta15-aristotle``, ``card-carta-military``, ``card-hotw-egyptians``), followed by a field
list (영어 이름, 다른 이름, 종류, 시대, 비용, 장수, 효과 …) in the glossaries' words. A title that is the searched
name ranks first in the site's search (``korean_search``); where both Through the Ages pages hold a card,
Sphinx orders the equal scores by title, and "2006년판 …" comes before "2015년판 …".

The functions that write the Markdown (``tta_page``, ``carta_page``, ``hotw_page``) take no Sphinx object,
so ``tests/test_card_reference.py`` checks them against the data without a build. Dominion's card pages are
written by hand (``docs/dominion/cards-*.md``); the same test checks them against the data.
"""
from __future__ import annotations

import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

from engines.core.data import load_data
from engines.core.korean import josa
from engines.through_the_ages import catalog
from tutor.views import cards
from tutor.views.cards import CIVIL_GROUPS, MILITARY_GROUPS, TTA_PREFIX, carta_anchor, tta_anchor, tta_cost, tta_kind

MARKER = re.compile(r"<!-- rulebook:cards ([a-z_]+)(?: (\d{4}))? -->")
ROOT = Path(__file__).resolve().parents[2]

# --- Through the Ages --------------------------------------------------------------------------------------
AGE_NAMES = {"A": "A시대", "I": "1시대", "II": "2시대", "III": "3시대"}
def copies_text(copies: Iterable[int]) -> str:
    counts = list(copies)
    if len(set(counts)) == 1:
        return f"2~4인 모두 {counts[0]}장"
    return " · ".join(f"{players}인 {n}장" for players, n in zip((2, 3, 4), counts))


def tta_notes(card: catalog.Card) -> list[str]:
    notes = []
    if card.extra.get("source") == "2015":
        notes.append("2006년판 자료에 효과가 없어 2015년판 카드의 효과를 씁니다.")
    if card.extra.get("simple") is False:
        notes.append("맛보기 게임에서는 쓰지 않습니다.")
    return notes


def tta_fields(card: catalog.Card, on_board: bool = False) -> dict[str, str]:
    """The card's fields as the page lists them (name → text)."""
    fields = {"영어 이름": card.en}
    if card.aliases:
        fields["다른 이름"] = ", ".join(card.aliases)
    fields["종류"] = tta_kind(card)
    fields["시대"] = f"{AGE_NAMES[card.age]} (개인 보드)" if on_board else AGE_NAMES[card.age]
    cost = tta_cost(card, on_board)
    if cost:
        fields["비용"] = cost
    if not on_board:
        fields["장수"] = copies_text(card.copies)
    fields["효과"] = card.effect
    notes = tta_notes(card)
    if notes:
        fields["참고"] = " ".join(notes)
    return fields


def _other_edition(card: catalog.Card) -> catalog.Card | None:
    base = card.id.removesuffix(catalog.SUFFIX[card.edition])
    other = 2015 if card.edition == 2006 else 2006
    return catalog.edition_cards(other).get(base + catalog.SUFFIX[other])


def tta_groups(edition: int) -> list[tuple[str, str, list[tuple[str, str, list[catalog.Card]]]]]:
    """(part title, part key, [(group title, group label, cards)]) in page order: the board, then each age's
    civil cards and military cards."""
    board_ids = {raw["id"] for raw in catalog.board(edition)["cards"]}
    cards = list(catalog.edition_cards(edition).values())
    prefix = TTA_PREFIX[edition]
    parts = [("개인 보드의 카드", "board",
              [("개인 보드의 기술", f"cards-{prefix}-board-technology", [c for c in cards if c.id in board_ids])])]
    for age in ("A", "I", "II", "III"):
        for side, groups in (("시민 카드", CIVIL_GROUPS), ("군사 카드", MILITARY_GROUPS)):
            found = []
            for kind, title in groups.items():
                members = [c for c in cards if c.age == age and c.type == kind and c.id not in board_ids]
                if members:
                    found.append((f"{AGE_NAMES[age]} {title}", f"cards-{prefix}-{age.lower()}-{kind}", members))
            if found:
                parts.append((f"{AGE_NAMES[age]} {side}", f"{age}-{side}", found))
    return parts


def card_section(anchor: str, title: str, fields: dict[str, str], level: int = 4) -> list[str]:
    lines = [f"({anchor})=", f"{'#' * level} {title}", ""]
    lines += [f":{name}: {text}" for name, text in fields.items()]
    return lines + [""]


def tta_page(edition: int) -> str:
    """Every card of one edition of Through the Ages as MyST, a labelled section each."""
    board_ids = {raw["id"] for raw in catalog.board(edition)["cards"]}
    parts = tta_groups(edition)
    lines = ["| 시대 | 시민 카드 | 군사 카드 |", "|---|---|---|"]
    rows: dict[str, dict[str, list[str]]] = {}
    for part_title, key, groups in parts:
        age = "개인 보드" if key == "board" else AGE_NAMES[key.split("-")[0]]
        side = "군사 카드" if key.endswith("군사 카드") else "시민 카드"
        for title, label, members in groups:
            short = title.removeprefix(f"{age} ") if key != "board" else "기술"
            rows.setdefault(age, {}).setdefault(side, []).append(f"{{ref}}`{short} {len(members)}장 <{label}>`")
    for age, sides in rows.items():
        lines.append(f"| {age} | {' · '.join(sides.get('시민 카드', []))} | {' · '.join(sides.get('군사 카드', []))} |")
    lines.append("")
    for part_title, key, groups in parts:
        # every heading has a label: an id made from "1시대 …" would start with a digit, which Sphinx's search
        # page cannot look up when it shows a result's summary
        side = "military" if key.endswith("군사 카드") else "civil"
        lines += [f"(cards-{TTA_PREFIX[edition]}-{key if key == 'board' else key.split('-')[0].lower() + '-' + side})=",
                  f"## {part_title}", ""]
        for title, label, members in groups:
            lines += [f"({label})=", f"### {title}", ""]
            for card in members:
                fields = tta_fields(card, on_board=card.id in board_ids)
                other = _other_edition(card)
                if other is not None:
                    fields["다른 판"] = f"{{ref}}`{other.edition}년판의 {other.name} <{tta_anchor(other)}>`"
                lines += card_section(tta_anchor(card), card.name, fields)
    return "\n".join(lines)


# --- Carta Impera Victoria ---------------------------------------------------------------------------------
CARTA_PAGES = {"군사": "military", "종교": "religion", "경제": "economy", "과학": "science", "문화": "culture",
               "유토피아": "utopia"}
ROMAN = {1: "I", 2: "II", 3: "III"}


def carta_data() -> dict[str, Any]:
    return load_data("engines.carta_impera_victoria", "cards.yaml")


def carta_aliases(suit: dict[str, Any]) -> list[str]:
    """The suit's other names a reader would not know already (its English name in lower case is not one)."""
    return [a for a in suit.get("aliases") or [] if a.lower() != suit["english"].lower()]


def ability_text(ability: dict[str, Any]) -> str:
    return f"**{ability['name']}** ({ability['english']}): {ability['text']}"


def carta_fields(suit: dict[str, Any]) -> dict[str, str]:
    fields = {"영어 이름": suit["english"]}
    if carta_aliases(suit):
        fields["다른 이름"] = ", ".join(carta_aliases(suit))
    fields["종류"] = f"문명 카드 · {suit['name']} 분야"
    ages = suit["ages"]
    fields["장수"] = " · ".join(f"시대 {ROMAN[a]} {n}장" for a, n in ages.items()) + f" (모두 {sum(ages.values())}장)"
    for level, ability in (suit.get("permanent") or {}).items():
        fields[f"{level}단계 지속 능력"] = ability_text(ability)
    if "sacrifice" in suit:
        sacrifice = suit["sacrifice"]
        fields["폐기 능력"] = ability_text(sacrifice)
        fields["폐기 비용"] = sacrifice["cost"]
    if "inspiration" in suit:
        fields["영감"] = ability_text(suit["inspiration"])
    fields["규칙"] = f"{{doc}}`{CARTA_PAGES[suit['name']]}`"
    return fields


def carta_page() -> str:
    data = carta_data()
    suits = data["suits"]
    lines = ["| 분야 | 시대 I | 시대 II | 시대 III | 모두 |", "|---|---|---|---|---|"]
    for suit in suits:
        ages = suit["ages"]
        lines.append(f"| {{ref}}`{suit['name']} <{carta_anchor(suit)}>` | "
                     + " | ".join(f"{ages.get(a, 0)}장" for a in (1, 2, 3)) + f" | {sum(ages.values())}장 |")
    total = sum(sum(s["ages"].values()) for s in suits)
    lines += [f"| 모두 | " + " | ".join(f"{sum(s['ages'].get(a, 0) for s in suits)}장" for a in (1, 2, 3))
              + f" | {total}장 |", ""]
    levels = data["numbers"]["levels"]
    by_count = " · ".join(f"{players}인은 {first}장이면 1단계, {second}장이면 2단계"
                          for players, (first, second) in levels.items())
    lines += [f"지속 능력의 단계는 자기 앞에 놓인 그 분야 카드의 장수로 정합니다: {by_count}.", ""]
    for suit in suits:
        lines += card_section(carta_anchor(suit), f"{suit['name']} 분야", carta_fields(suit), level=2)
    return "\n".join(lines)


# --- History of the World ----------------------------------------------------------------------------------
HOTW_MAPS = {"board2018.yaml": ("2018년판 게임판", "card-hotw-"), "teaching.yaml": ("교육용 지도", "card-hotw-teaching-")}
SOURCE_NAMES = {"rulebook": "규칙서", "reference": "참고 자료", "assumed": "가정한 값"}
FIELD_NAMES = {"name": "이름", "order": "차례 순서", "armies": "군대", "start": "시작 땅", "fleets": "함대·카라반",
               "building": "건축물", "ability": "특수능력"}
BUILDINGS = {"capital": "수도", "torch": "횃불 (정복 제국: 수도를 놓지 않습니다)", "city": "도시", "none": "없음"}


def hotw_data(filename: str) -> dict[str, Any]:
    return load_data("engines.history_of_the_world", filename)


def hotw_anchor(filename: str, card: dict[str, Any]) -> str:
    return HOTW_MAPS[filename][1] + re.sub(r"[^a-z0-9]+", "-", card["en"].lower()).strip("-")


def epoch_name(epoch: int) -> str:
    return f"제{epoch}시대"


def fleets_text(zones: list[str], data: dict[str, Any]) -> str:
    """Each zone with what goes there: a fleet on a sea or an ocean, a caravan on a wasteland."""
    return ", ".join(f"{z} ({'카라반' if data['zones'][z]['kind'] == 'wasteland' else '함대'})" for z in zones)


def ability_ko(card: dict[str, Any]) -> str:
    ability = card.get("ability")
    if ability == "monument_per_icon":
        return "활동 군대가 있는 땅의 자원 아이콘 하나마다 기념물 하나를 세웁니다(보통은 자원 아이콘이 있는 땅 두 곳마다 하나)."
    if ability == "fort_per_icon":
        return "활동 군대가 있는 땅의 자원 아이콘 하나마다 요새 하나를 군대를 치르지 않고 놓을 수 있습니다."
    if ability == "siege_tokens":
        return f"제국을 세울 때 공성 토큰 {card.get('siege_tokens', 0)}개를 받습니다."
    return ""


def boost_ko(effect: dict[str, Any], data: dict[str, Any]) -> str:
    parts = []
    if "armies" in effect:
        parts.append(f"카드에 군대 {effect['armies']}개를 더합니다.")
    if "siege_tokens" in effect:
        parts.append(f"공성 토큰 {effect['siege_tokens']}개를 받습니다.")
    if "forts" in effect:
        parts.append(f"요새 {effect['forts']}개를 군대를 치르지 않고 놓을 수 있습니다.")
    if "battle_bonus" in effect:
        parts.append(f"이번 차례의 전투마다 공격자의 높은 주사위 눈에 {josa(str(effect['battle_bonus']), '을')} 더합니다.")
    if "fleet" in effect:
        zone = effect["fleet"]
        token = "카라반" if data["zones"][zone]["kind"] == "wasteland" else "함대"
        parts.append(f"{zone}에 {josa(token, '을')} 놓습니다.")
    return " ".join(parts)


def sources_text(card: dict[str, Any]) -> str:
    by_source: dict[str, list[str]] = {}
    for field, source in (card.get("sources") or {}).items():
        by_source.setdefault(source, []).append(FIELD_NAMES.get(field, field))
    return " · ".join(f"{SOURCE_NAMES[s]}: {', '.join(by_source[s])}" for s in SOURCE_NAMES if s in by_source)


def force_fields(card: dict[str, Any], data: dict[str, Any]) -> dict[str, str]:
    """An empire's or a kingdom's numbers: armies, start land, building, fleets and caravans."""
    fields = {"군대": f"{card['armies']}개", "시작 땅": card["start"],
              "건축물": BUILDINGS[card.get("building", "capital")]}
    if card.get("fleets"):
        fields["함대·카라반"] = fleets_text(card["fleets"], data)
    return fields


def empire_fields(card: dict[str, Any], data: dict[str, Any]) -> dict[str, str]:
    fields = {"영어 이름": card["en"]}
    if card.get("aliases"):
        fields["다른 이름"] = ", ".join(card["aliases"])
    fields["종류"] = "제국 카드"
    fields["시대"] = f"{epoch_name(card['epoch'])} · 차례 순서 {card.get('order', 1)}"
    fields.update(force_fields(card, data))
    if card.get("ability"):
        fields["특수능력"] = ability_ko(card)
    if card.get("sources"):
        fields["출처"] = sources_text(card)
    return fields


def event_fields(card: dict[str, Any], data: dict[str, Any]) -> dict[str, str]:
    fields = {"영어 이름": card["en"]}
    if card.get("aliases"):
        fields["다른 이름"] = ", ".join(card["aliases"])
    kingdom = card["kind"] == "kingdom"
    fields["종류"] = "사건 카드 · 왕국 카드" if kingdom else "사건 카드 · 강화 카드"
    fields["시대"] = epoch_name(card.get("epoch", 1))
    if kingdom:
        fields.update(force_fields(card, data))
    else:
        fields["효과"] = boost_ko(card["effect"], data)
    if card.get("sources"):
        fields["출처"] = sources_text(card)
    return fields


def hotw_page() -> str:
    lines: list[str] = []
    for filename, (map_name, prefix) in HOTW_MAPS.items():
        data = hotw_data(filename)
        lines += [f"({prefix.removesuffix('-').replace('card-', 'cards-')})=", f"## {map_name}", ""]
        if data.get("partial"):
            lines += [f"{map_name}의 자료는 일부만 있습니다({{doc}}`map-data`). 카드마다 "
                      "어느 값이 어디서 왔는지 '출처'에 적었습니다.", ""]
        epochs = sorted({c.get("epoch", 1) for c in [*data["empires"].values(), *data["events"].values()]})
        for epoch in epochs:
            empires = sorted(((n, c) for n, c in data["empires"].items() if c.get("epoch", 1) == epoch),
                             key=lambda item: item[1].get("order", 1))
            events = [(n, c) for n, c in data["events"].items() if c.get("epoch", 1) == epoch]
            for title, kind, members, fields_of in (
                    (f"{epoch_name(epoch)} 제국 카드", "empires", empires, empire_fields),
                    (f"{epoch_name(epoch)} 사건 카드", "events", events, event_fields)):
                group = prefix.replace("card-", "cards-") + f"{epoch}-{kind}"
                lines += [f"({group})=", f"### {map_name}: {title}", ""]
                if not members:
                    lines += ["자료에 아직 없습니다.", ""]
                for name, card in members:
                    lines += card_section(hotw_anchor(filename, card), name, fields_of(card, data))
    return "\n".join(lines)


# --- Sphinx ------------------------------------------------------------------------------------------------
def page_for(game: str, edition: str | None) -> str:
    if game == "through_the_ages":
        return tta_page(int(edition or 2006))
    if game == "carta_impera_victoria":
        return carta_page()
    if game == "history_of_the_world":
        return hotw_page()
    raise ValueError(f"카드 목록을 만들 수 없는 게임: {game}")


DATA_FILES = {
    "through_the_ages": sorted((ROOT / "engines" / "through_the_ages" / "cards").rglob("*.yaml")),
    "carta_impera_victoria": [ROOT / "engines" / "carta_impera_victoria" / "cards.yaml"],
    "history_of_the_world": [ROOT / "engines" / "history_of_the_world" / name for name in HOTW_MAPS],
}


def fill_cards(app: Sphinx, docname: str, source: list[str]) -> None:
    found = MARKER.search(source[0])
    if not found:
        return
    game, edition = found.groups()
    source[0] = MARKER.sub(lambda m: page_for(*m.groups()), source[0])
    for path in [*DATA_FILES[game], Path(__file__)]:  # read the page again when its data changes
        app.env.note_dependency(str(path))


def add_static(app: Sphinx, config: Any) -> None:
    css = Path(__file__).with_suffix(".css")
    config.html_static_path += [str(css)]
    app.add_css_file(css.name)


def write_card_words(app: Sphinx, error: Exception | None) -> None:
    """``_static/card-words/<prefix>.js``: every card's words by its tile key, for ``card-text.js``."""
    if error is not None or app.builder.format != "html":
        return
    folder = Path(app.outdir) / "_static" / "card-words"
    folder.mkdir(parents=True, exist_ok=True)
    for prefix in cards.WORDS.values():
        table = json.dumps({key: list(about) for key, about in cards.words(prefix).items()}, ensure_ascii=False)
        (folder / f"{prefix}.js").write_text(
            f"(globalThis.rulebookCardWords = globalThis.rulebookCardWords || {{}})[{json.dumps(prefix)}] = {table};\n",
            encoding="utf-8")


def setup(app: Sphinx) -> dict:
    app.connect("config-inited", add_static)
    app.connect("build-finished", write_card_words)
    app.connect("source-read", fill_cards)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "1"}
