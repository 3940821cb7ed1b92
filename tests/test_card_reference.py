"""The card reference (issue 36): every card in each game's data has an entry, and each entry states the
data's kind, age, cost and effect.

Through the Ages, Carta and History of the World have their card pages generated from the data by
``docs/_ext/card_reference.py``; these tests call its functions directly (no build) and read the Markdown
back. Dominion's card pages are written by hand (``docs/dominion/cards-*.md``, the basic cards in
``setup.md``'s table): each card of the data must have its section there with the data's cost and types.
The built pages and the search are checked in ``tests/site/test_card_pages.py``.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
import yaml

from engines.core.data import load_data
from engines.through_the_ages import catalog

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
sys.path.insert(0, str(DOCS / "_ext"))

import card_reference as cr  # noqa: E402  (a Sphinx extension of the site, importable without Sphinx running)

from tests.test_terms import all_rules, markdown_lines, violations  # noqa: E402

LABEL = re.compile(r"^\((card-[a-z0-9-]+)\)=\n(#{2,4}) (.+)\n\n((?::[^:\n]+: [^\n]*\n)+)", re.M)


def entries(markdown: str) -> dict[str, tuple[str, dict[str, str]]]:
    """anchor → (title, fields) of each card section of a generated page."""
    found = {}
    for anchor, _, title, body in LABEL.findall(markdown + "\n"):
        assert anchor not in found, f"two entries with the anchor {anchor}"
        found[anchor] = (title, dict(re.findall(r"^:([^:\n]+): ([^\n]*)$", body, re.M)))
    return found


def heading_of_each(markdown: str) -> dict[str, str]:
    """anchor → the title of the ### group the card's section sits in."""
    group, out = "", {}
    for line in markdown.splitlines():
        if line.startswith("### "):
            group = line[4:]
        found = re.fullmatch(r"\((card-[a-z0-9-]+)\)=", line)
        if found:
            out[found.group(1)] = group
    return out


def copies_of(text: str) -> tuple[int, ...]:
    same = re.fullmatch(r"2~4인 모두 (\d+)장", text)
    if same:
        return (int(same.group(1)),) * 3
    return tuple(int(n) for n in re.fullmatch(r"2인 (\d+)장 · 3인 (\d+)장 · 4인 (\d+)장", text).groups())


# --- Through the Ages --------------------------------------------------------------------------------------
AGES = {"A": "A시대", "I": "1시대", "II": "2시대", "III": "3시대"}
KINDS = {  # the glossary's word for each type, as the entry's kind begins
    "government": "정부", "special": "특수 기술", "leader": "지도자", "wonder": "문화 유산", "action": "행동 카드",
    "event": "군사 카드 · 이벤트", "territory": "군사 카드 · 영토 카드", "aggression": "군사 카드 · 침략",
    "war": "군사 카드 · 전쟁 카드", "pact": "군사 카드 · 조약", "tactics": "군사 카드 · 전술 카드",
    "bonus": "군사 카드 · 방어/식민지 보너스 카드",
}
TECH = {"farm": "농장", "mine": "광산", "temple": "신전", "lab": "연구실", "arena": "경기장", "library": "도서관",
        "theater": "극장", "infantry": "보병", "cavalry": "기병", "artillery": "포병", "air_force": "전투기"}
GROUPS = {"technology": "기술", **{t: k.removeprefix("군사 카드 · ") for t, k in KINDS.items()}}


@pytest.mark.parametrize("edition", catalog.EDITIONS)
def test_every_tta_card_has_an_entry_with_the_datas_numbers(edition):
    page = cr.tta_page(edition)
    found, groups = entries(page), heading_of_each(page)
    cards = catalog.edition_cards(edition)
    board = {raw["id"] for raw in catalog.board(edition)["cards"]}
    assert len(found) == len(cards), "an entry that is no card of the data, or a card without an entry"
    prefix = "card-tta-" if edition == 2006 else "card-tta15-"
    for card in cards.values():
        anchor = prefix + card.id.removesuffix("@15").replace("_", "-")
        assert anchor in found, f"{card.name} ({card.id}) has no entry"
        title, fields = found[anchor]
        where = f"{edition} {card.name}"
        assert title == card.name, where
        assert fields["영어 이름"] == card.en, where
        assert fields.get("다른 이름", "") == ", ".join(card.aliases), where
        assert fields["효과"] == card.effect, where
        assert fields["시대"].startswith(AGES[card.age]), where
        kind = "기술 카드 · " if card.type == "technology" else KINDS[card.type]
        assert fields["종류"].startswith(kind), where
        if card.type == "technology":
            assert TECH[card.kind] in fields["종류"], where
        cost = fields.get("비용", "")
        if card.type == "technology":
            assert f"자원 {card.build}" in cost and (card.id in board or f"과학 {card.research}," in cost), where
        elif card.type == "government" and card.id not in board:
            assert f"과학 {card.research}," in cost and cost.endswith(f"과학 {card.peaceful}"), where
        elif card.type == "special":
            assert cost == f"개발할 때 과학 {card.research}", where
        elif card.type == "wonder":
            assert cost.startswith("단계마다 자원 " + ", ".join(map(str, card.stages)) + " ("), where
        elif card.type in ("aggression", "war"):
            expected = card.extra["cost"]
            assert cost == ("대상 카드의 등급마다 군사 행동 1" if expected == "level" else f"군사 행동 {expected}"), where
        else:
            assert "비용" not in fields, where
        if card.id in board:
            assert "장수" not in fields and groups[anchor] == "개인 보드의 기술", where
        else:
            assert copies_of(fields["장수"]) == card.copies, where
            assert groups[anchor] == f"{AGES[card.age]} {GROUPS[card.type]}" + (" 카드" if card.type == "technology" else ""), where


def test_aristotle_is_in_both_editions_and_each_entry_links_the_other():
    old = entries(cr.tta_page(2006))["card-tta-aristotle"]
    new = entries(cr.tta_page(2015))["card-tta15-aristotle"]
    assert old[0] == new[0] == "아리스토텔레스"
    assert old[1]["효과"] == catalog.card("aristotle").effect
    assert "<card-tta15-aristotle>" in old[1]["다른 판"] and "<card-tta-aristotle>" in new[1]["다른 판"]


# --- Carta Impera Victoria ---------------------------------------------------------------------------------
def test_every_carta_suit_has_an_entry_with_its_counts_and_abilities():
    data = load_data("engines.carta_impera_victoria", "cards.yaml")
    found = entries(cr.carta_page())
    assert len(found) == len(data["suits"]) == 6
    for suit in data["suits"]:
        title, fields = found["card-carta-" + suit["english"].lower()]
        assert title == f"{suit['name']} 분야"
        assert fields["영어 이름"] == suit["english"]
        assert fields["종류"] == f"문명 카드 · {suit['name']} 분야"
        counts = [int(n) for n in re.findall(r"시대 I+ (\d+)장", fields["장수"])]
        assert counts == [suit["ages"].get(age, 0) for age in (1, 2, 3)]
        assert fields["장수"].endswith(f"(모두 {sum(suit['ages'].values())}장)")
        for level, ability in (suit.get("permanent") or {}).items():
            assert fields[f"{level}단계 지속 능력"] == f"**{ability['name']}** ({ability['english']}): {ability['text']}"
        if "sacrifice" in suit:
            s = suit["sacrifice"]
            assert fields["폐기 능력"] == f"**{s['name']}** ({s['english']}): {s['text']}"
            assert fields["폐기 비용"] == s["cost"]
        if "inspiration" in suit:
            assert suit["inspiration"]["text"] in fields["영감"]
    assert sum(sum(s["ages"].values()) for s in data["suits"]) == 104


# --- History of the World ----------------------------------------------------------------------------------
BUILDING = {"capital": "수도", "torch": "횃불", "city": "도시", "none": "없음"}


@pytest.mark.parametrize("filename, prefix", [("board2018.yaml", "card-hotw-"), ("teaching.yaml", "card-hotw-teaching-")])
def test_every_hotw_empire_and_event_has_an_entry_with_its_numbers(filename, prefix):
    data = load_data("engines.history_of_the_world", filename)
    found = entries(cr.hotw_page())
    mine = {a: e for a, e in found.items() if a.startswith(prefix) and (prefix != "card-hotw-" or not a.startswith("card-hotw-teaching-"))}
    assert len(mine) == len(data["empires"]) + len(data["events"])
    for name, card in [*data["empires"].items(), *data["events"].items()]:
        anchor = prefix + re.sub(r"[^a-z0-9]+", "-", card["en"].lower()).strip("-")
        title, fields = mine[anchor]
        assert title == name and fields["영어 이름"] == card["en"], name
        assert fields["시대"].startswith(f"제{card.get('epoch', 1)}시대"), name
        if name in data["empires"]:
            assert fields["종류"] == "제국 카드", name
            assert fields["시대"].endswith(f"차례 순서 {card.get('order', 1)}"), name
        else:
            assert fields["종류"] == "사건 카드 · " + ("왕국 카드" if card["kind"] == "kingdom" else "강화 카드"), name
        if "armies" in card:  # an empire or a kingdom
            assert fields["군대"] == f"{card['armies']}개" and fields["시작 땅"] == card["start"], name
            assert fields["건축물"].startswith(BUILDING[card.get("building", "capital")]), name
            assert [z.split(" (")[0] for z in fields.get("함대·카라반", "").split(", ") if z] == card.get("fleets", []), name
        if card.get("ability"):
            assert fields["특수능력"], name
        if card.get("kind") == "boost":
            numbers = [str(v) for v in card["effect"].values() if isinstance(v, int)]
            assert all(n in fields["효과"] for n in numbers) and fields["효과"], name
            if "fleet" in card["effect"]:
                assert card["effect"]["fleet"] in fields["효과"], name


def test_the_2018_empires_say_where_each_fact_comes_from():
    _, fields = entries(cr.hotw_page())["card-hotw-assyrians"]
    assert fields["출처"] == "규칙서: 이름, 차례 순서, 군대, 시작 땅, 건축물, 특수능력 · 참고 자료: 함대·카라반"
    assert fields["특수능력"].startswith("활동 군대가 있는 땅의 자원 아이콘 하나마다 요새")


# --- Dominion: the hand-written pages against the data ---------------------------------------------------------
DOMINION_TYPES = {"action": "행동", "attack": "공격", "reaction": "반응", "victory": "승점", "treasure": "보물",
                  "curse": "저주"}


def dominion_cards() -> list[dict]:
    return yaml.safe_load((ROOT / "engines" / "dominion" / "cards.yaml").read_text(encoding="utf-8"))


def test_every_dominion_kingdom_card_has_its_section_with_the_datas_cost_and_types():
    text = "\n".join(p.read_text(encoding="utf-8") for p in sorted((DOCS / "dominion").glob("cards-*.md")))
    sections = {cid: (name, en, meta) for cid, name, en, meta in
                re.findall(r"^\(dominion\.card\.([\w-]+)\)=\n## (.+?) \((.+?)\)\n\n(.+)$", text, re.M)}
    kingdom = [c for c in dominion_cards() if c["edition"] != "basic"]
    assert len(sections) == len(kingdom) == 32
    for card in kingdom:
        name, en, meta = sections[card["id"]]
        parts = meta.split(" · ")
        assert (name, en) == (card["name"], card["english"]), card["id"]
        assert parts[0] == f"비용 **{card['cost']}**", card["id"]
        assert parts[1].split(" – ") == [DOMINION_TYPES[t] for t in card["types"]], card["id"]
        aliases = parts[2].removeprefix("다른 이름: ").split(", ") if len(parts) > 2 else []
        assert sorted(aliases) == sorted(card["aliases"]), card["id"]


def test_every_dominion_basic_card_has_its_row_with_the_datas_cost_and_value():
    text = (DOCS / "dominion" / "setup.md").read_text(encoding="utf-8")
    rows = {cells[0]: cells[1:] for cells in (
        [c.strip() for c in line.strip("|").split("|")] for line in text.splitlines() if line.startswith("| "))}
    for card in (c for c in dominion_cards() if c["edition"] == "basic"):
        en, cost, kind, value = rows[card["name"]]
        assert (en, int(cost), kind) == (card["english"], card["cost"], DOMINION_TYPES[card["types"][0]]), card["id"]
        if "coins" in card:
            assert value == f"{card['coins']}코인", card["id"]
        else:
            assert value == f"{card['vp']}점".replace("-", "−"), card["id"]


# --- the pages -----------------------------------------------------------------------------------------------
PAGES = {("through_the_ages", "cards-2006"): "through_the_ages 2006", ("through_the_ages", "cards-2015"): "through_the_ages 2015",
         ("carta_impera_victoria", "cards"): "carta_impera_victoria", ("history_of_the_world", "cards"): "history_of_the_world"}


@pytest.mark.parametrize("game, page", PAGES)
def test_each_card_page_has_its_marker_and_is_in_its_games_toctree(game, page):
    source = (DOCS / game / f"{page}.md").read_text(encoding="utf-8")
    assert f"<!-- rulebook:cards {PAGES[game, page]} -->" in source
    assert re.search(r"^# .*카드 목록$", source, re.M)
    toctree = re.search(r"```\{toctree\}\n(.*?)```", (DOCS / game / "index.md").read_text(encoding="utf-8"), re.S).group(1)
    assert page in toctree.split()


def generated() -> dict[str, str]:
    return {"through_the_ages": cr.tta_page(2006) + "\n" + cr.tta_page(2015),
            "carta_impera_victoria": cr.carta_page(), "history_of_the_world": cr.hotw_page()}


@pytest.mark.parametrize("game", ["through_the_ages", "carta_impera_victoria", "history_of_the_world"])
def test_the_generated_pages_use_the_glossarys_words(game):
    path = DOCS / game / "cards.md"  # a page of the game, for the game's own rules
    found = violations(path, markdown_lines(generated()[game], path), all_rules())
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("game", ["through_the_ages", "carta_impera_victoria", "history_of_the_world"])
def test_the_generated_pages_show_no_english_but_card_names(game):
    """Latin letters only in Roman numerals (시대 II, 증원 II), in a card's English name (its own field, or in parentheses after a Korean name), in
    other names, and in the labels and link targets a reader does not see."""
    shown = []
    for line in generated()[game].splitlines():
        if re.fullmatch(r"\(card[s]?-[a-z0-9-]+\)=", line) or line.startswith((":영어 이름:", ":다른 이름:")):
            continue
        line = re.sub(r"\{(ref|doc)\}`([^`<]*)<[a-z0-9.-]+>`", r"\2", line)  # a link shows its text
        line = re.sub(r"\{doc\}`[a-z0-9-]+`", "", line)  # or the page's title
        line = re.sub(r"\*\*[^*]+\*\* \([A-Z][A-Za-z ]+\)", "", line)  # an ability's Korean and English name
        shown += [w for w in re.findall(r"[A-Za-z_]{2,}", line) if not re.fullmatch(r"[IVX]+", w)]  # an age
    assert shown == []
