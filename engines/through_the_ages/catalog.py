"""The card catalogue: every card of both editions by id, and each edition's board tables.

The 2006 edition's files are ``cards/*.yaml``; the 2015 edition's are ``cards/2015/*.yaml`` (same schema),
whose ids all end in ``@15``. ``card(id)`` knows every card of both; look-ups by name and the decks are
per edition (default 2006), since the two editions share names but not always numbers.
"""
from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from engines.core import NameIndex
from engines.core.names import normalize
from engines.core.data import load_data

DATA = "engines.through_the_ages.cards"
EDITIONS = (2006, 2015)
FOLDER = {2006: "", 2015: "2015/"}  # where an edition's files lie inside DATA
SUFFIX = {2006: "", 2015: "@15"}  # every card id of an edition ends so: ids are unique across editions
CIVIL_DECKS = {"A": "age_a.yaml", "I": "age_1.yaml", "II": "age_2.yaml", "III": "age_3.yaml"}
MILITARY_DECKS = {"A": "military_a.yaml", "I": "military_1.yaml", "II": "military_2.yaml", "III": "military_3.yaml"}
AGES = ("A", "I", "II", "III", "IV")  # no card is of Age IV: the full game's last turns
# The civil decks each mode plays with (rulebook sections 4, 11 and 14).
MODE_AGES = {"simple": ("A", "I"), "advanced": ("A", "I", "II"), "full": ("A", "I", "II", "III")}


def age_word(age: str) -> str:
    """An age as the glossary writes it: "A시대", and "1시대" … "4시대" for the engine's "I" … "IV" (card names
    keep their numerals: 절약 I)."""
    return f"{age if age == 'A' else AGES.index(age)}시대"
MODE_NAMES = {"simple": "맛보기", "advanced": "숙련", "full": "본격"}
MODE_NOTES = {
    "simple": "A시대와 1시대 카드만 씁니다. 군사 카드와 정치 행동, 만족 정도, 자원 낭비, 시대가 끝날 때의 쇠퇴가 없습니다.",
    "advanced": "2시대 카드까지 씁니다. 군사 카드와 정치 행동, 만족 정도, 자원 낭비, 시대가 끝날 때의 쇠퇴가 더해집니다.",
    "full": "3시대까지 모든 카드를 씁니다. 숙련 게임에 더해, 시대가 끝날 때마다 노란색 토큰 2개를 잃습니다.",
}
"""Each mode's Korean name and what it includes (rulebook sections 11 and 14; the workbench says it under the
mode picker)."""
SUFFIXES = (" A", " I", " II", " III")
URBAN = ("temple", "lab", "arena", "library", "theater")
UNITS = ("infantry", "cavalry", "artillery", "air_force")
PRODUCTION = ("farm", "mine")


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    en: str
    type: str
    age: str
    kind: str = ""
    level: int = 0
    aliases: tuple[str, ...] = ()
    research: int = 0
    peaceful: int = 0
    build: int = 0
    stages: tuple[int, ...] = ()
    food: int = 0
    resources: int = 0
    culture: int = 0
    science: int = 0
    happy: int = 0
    strength: int = 0
    civil_actions: int = 0
    military_actions: int = 0
    building_limit: int = 0
    discount: int = 0
    copies: tuple[int, int, int] = (1, 1, 1)
    effect: str = ""
    extra: dict[str, Any] = field(default_factory=dict)  # deck-specific fields (events)
    edition: int = 2006  # derived from the file's folder, never written in the data

    @property
    def level_index(self) -> int:
        """The card's level as a number: its age (A = 0, I = 1 …)."""
        return AGES.index(self.age)

    @property
    def is_tech(self) -> bool:
        """A technology card: buildable, government or special (the kinds a civilization holds one of)."""
        return self.type in ("technology", "government", "special")

    @property
    def family(self) -> str:
        """The id without its edition and age suffixes: the same behaviour for 천재 공학자 A and I, and for a
        card both editions print (``napoleon@15`` and ``napoleon``) where they agree."""
        cid = self.id.removesuffix(SUFFIX[self.edition])
        return cid.rsplit("_", 1)[0] if cid.endswith(("_a", "_1", "_2", "_3")) else cid

    @property
    def base(self) -> str:
        """The name without the age suffix that tells same-named cards of two ages apart."""
        return self.aliases[0] if self.aliases and self.name.endswith(SUFFIXES) else self.name


_FIELDS = {f for f in Card.__dataclass_fields__} - {"extra", "age", "edition"}


def _card(raw: dict[str, Any], age: str, edition: int) -> Card:
    values = {k: v for k, v in raw.items() if k in _FIELDS}
    for key in ("aliases", "stages", "copies"):
        if key in values:
            values[key] = tuple(values[key])
    extra = {k: v for k, v in raw.items() if k not in _FIELDS}
    assert values["id"].endswith(SUFFIX[edition]) and "@" not in values["id"].removesuffix(SUFFIX[edition]), \
        f"card id {values['id']} does not end in the {edition} edition's suffix"
    return Card(age=age, extra=extra, edition=edition, **values)


@functools.cache  # asked very often (the card row's costs, the yellow bank's sections)
def data(filename: str, edition: int = 2006) -> Any:
    """One of an edition's data files (board.yaml, age_1.yaml …), parsed."""
    return load_data(DATA, FOLDER[edition] + filename)


def board(edition: int = 2006) -> dict[str, Any]:
    return data("board.yaml", edition)


@functools.cache
def edition_cards(edition: int) -> dict[str, Card]:
    """One edition's cards by id: the board's, the civil decks', the military decks'."""
    out: dict[str, Card] = {}
    files = [("board.yaml", "A"), *((f, a) for a, f in CIVIL_DECKS.items()),
             *((f, a) for a, f in MILITARY_DECKS.items())]
    for filename, age in files:
        for raw in data(filename, edition)["cards"]:
            card = _card(raw, age, edition)
            assert card.id not in out, f"duplicate card id {card.id}"
            out[card.id] = card
    return out


@functools.cache
def cards() -> dict[str, Card]:
    """Every card of both editions by id."""
    return {cid: c for edition in EDITIONS for cid, c in edition_cards(edition).items()}


card: Callable[[str], Card] = cards().__getitem__  # the card with this id (looked up very often: no wrapper)


@functools.cache
def by_name(edition: int = 2006) -> dict[str, str]:
    """Canonical Korean name → id, within one edition."""
    return {c.name: c.id for c in edition_cards(edition).values()}


@functools.cache
def name_index(edition: int | None = 2006) -> NameIndex:
    """Every spelling of every card name of one edition (None: of both, for checking a scenario file before
    its edition is known). A spelling several ages share (절약) stands for itself, no card: ``ambiguous`` says
    why, and an action card so named means the copy in hand."""
    index = NameIndex()
    for e in EDITIONS if edition is None else (edition,):
        add_cards(index, e)
    return index


def add_cards(index: NameIndex, edition: int) -> None:
    """Add an edition's card spellings to ``index``; the shared ones first, each its own canonical form."""
    shared = shared_spellings(edition)
    for c in edition_cards(edition).values():
        for spelling in (c.en, *c.aliases):
            if normalize(spelling) in shared:
                index.add(spelling)
    for c in edition_cards(edition).values():
        index.add(c.name, c.en, *c.aliases)


@functools.cache
def shared_spellings(edition: int) -> dict[str, list[tuple[str, str]]]:
    """Spellings (normalized) that several cards of the edition answer to and that are no card's own name, such
    as 절약 (A, I, II) or War over Culture (III, and Age II's, not in the decks): spelling -> (name, age) each."""
    owners: dict[str, dict[str, str]] = {}
    for c in edition_cards(edition).values():
        for spelling in (c.name, c.en, *c.aliases):
            owners.setdefault(normalize(spelling), {})[c.name] = c.age
        namesake = c.extra.get("namesake")
        if namesake:
            for spelling in c.aliases:
                owners[normalize(spelling)][namesake["name"]] = namesake["age"]
    names = {normalize(c.name) for c in edition_cards(edition).values()}
    return {s: sorted(o.items(), key=lambda item: AGES.index(item[1])) for s, o in owners.items()
            if len(o) > 1 and s not in names}


def ambiguous(edition: int, text: str, ages: Iterable[str] = AGES) -> str | None:
    """Why a written name cannot be resolved (Korean): it is shared by cards of several of ``ages``, the ages its
    context leaves (a deck's own, the game mode's); None if it is no shared spelling or names one card there."""
    candidates = _sharing(edition, text, ages)
    if len(candidates) < 2:
        return None
    listed = ", ".join(f"{name}({age_word(age)})" for name, age in candidates)
    return f"여러 시대의 카드가 같이 쓰는 이름입니다: '{text}' → {listed}. 시대까지 붙여 적으세요."


def card_name(edition: int, text: str, ages: Iterable[str] = AGES) -> str | None:
    """The canonical name ``text`` stands for: a spelling several ages share (풍작) names the one card of ``ages``
    that answers to it (with several, the spelling itself: ask ``ambiguous`` first); None if no card's."""
    candidates = _sharing(edition, text, ages)
    return candidates[0][0] if len(candidates) == 1 else name_index(edition).get(str(text))


def shared_names(edition: int, text: str) -> tuple[str, ...]:
    """The cards a spelling several ages share may name (풍작 → 풍작 I, 풍작 II, 풍작 III); none for any other."""
    return tuple(name for name, _ in shared_spellings(edition).get(normalize(str(text)), ()))


def _sharing(edition: int, text: str, ages: Iterable[str]) -> list[tuple[str, str]]:
    """The (name, age) of the cards sharing the spelling ``text`` within ``ages`` (all of them if none is there)."""
    candidates = shared_spellings(edition).get(normalize(str(text)), [])
    ages = tuple(ages)
    return [c for c in candidates if c[1] in ages] or candidates


def civil_deck(age: str, players: int, edition: int = 2006) -> list[str]:
    """The ids of an age's civil deck for this player count (one id per copy), unshuffled."""
    deck: list[str] = []
    for raw in data(CIVIL_DECKS[age], edition)["cards"]:
        deck += [raw["id"]] * raw.get("copies", [1, 1, 1])[players - 2]
    return deck


def event_deck(age: str, mode: str, edition: int = 2006) -> list[str]:
    """The ids of an age's military cards used as events in this mode."""
    return [raw["id"] for raw in data(MILITARY_DECKS[age], edition)["cards"]
            if raw.get("simple", True) or mode != "simple"]


def row_cost(slot: int) -> int:
    """Civil actions to take the card in ``slot`` (1-13); both editions print the same row."""
    return board()["card_row"][slot - 1]
