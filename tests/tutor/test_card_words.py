"""A card drawn on a board tells its words (issue 36): every card tile of a view that names a card of the
game's data carries its key, and the key's words (``tutor.views.cards.words``, written by the build for
``docs/_static/card-text.js``) hold the card's kind, cost and effect and a link to its entry in the card
reference that exists. The hover and the tap are tested in the browser (tests/site/test_card_text.py)."""
from __future__ import annotations

import html
import re
import sys
from pathlib import Path

from engines.core import get_game
from engines.dominion.cards import CARDS
from engines.through_the_ages import catalog
from tutor import views
from tutor.rules import defined_sections
from tutor.views import cards
from tutor.widgets import Sandbox

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "docs" / "_ext"))
import card_reference as cr  # noqa: E402  (the generated card pages, without a build)

TILE = re.compile(r'<span class="rb-card[^"]*" data-kind="[^"]*"(?: data-zone="[^"]*")?'
                  r'(?: data-card="([^"]*)")?>(?:<span class="rb-(?:cost|count)"[^>]*>[^<]*</span>)*([^<]*)')


def tiles(game_id: str, state) -> list[tuple[str, str, str]]:
    """(name, words, reference) of each card tile drawn; words "" where the tile names no card."""
    page = views.render(get_game(game_id), state)
    known = cards.words(cards.WORDS[game_id])
    out = []
    for key, name in TILE.findall(page):
        about = known.get(html.unescape(key), cards.About("", ""))
        out.append((html.unescape(name), about.text, about.href))
    return out


def anchors(markdown: str) -> set[str]:
    return set(re.findall(r"^\((card-[a-z0-9-]+)\)=$", markdown, re.M))


def test_every_dominion_card_on_the_board_tells_its_cost_and_text_and_links_its_section():
    state = Sandbox.builtin("dominion/market").state
    drawn = tiles("dominion", state)
    assert {name for name, _, _ in drawn} >= {"동", "속주", "시장"}
    sections = {f"{s.page}.html#{rule.replace('.', '-')}" for rule, s in defined_sections().items()}
    for name, about, ref in drawn:
        row = CARDS[name]
        assert about.endswith(row.text) and f"비용 {row.cost}" in about, name
        assert (ref in sections) if row.edition != "basic" else ref == "", (name, ref)


def test_every_through_the_ages_card_on_the_board_tells_its_kind_cost_and_effect_in_its_edition():
    for scenario in ("through_the_ages/2015-card-row", "through_the_ages/advanced-leaders", "through_the_ages/2015-tactics"):
        state = Sandbox.builtin(scenario).state
        names = {c.name: c for c in catalog.edition_cards(state.edition).values()}
        entries = anchors(cr.tta_page(state.edition))
        drawn = [(n, a, r) for n, a, r in tiles("through_the_ages", state) if n in names]
        assert len(drawn) > 8, scenario
        for name, about, ref in drawn:
            card = names[name]
            assert about and card.effect in about and cr.tta_kind(card) in about, (scenario, name, about)
            page, anchor = ref.split("#")
            assert page == f"through_the_ages/cards-{state.edition}.html" and anchor in entries, (name, ref)


def test_every_carta_suit_in_front_of_a_player_or_in_hand_tells_its_abilities():
    state = Sandbox.builtin("carta_impera_victoria/culture").state
    suits = {s["name"]: s for s in cr.carta_data()["suits"]}
    entries = anchors(cr.carta_page())
    drawn = [(n, a, r) for n, a, r in tiles("carta_impera_victoria", state) if n in suits]
    assert drawn
    for name, about, ref in drawn:
        for ability in (suits[name].get("permanent") or {}).values():
            assert ability["text"] in about, (name, about)
        assert ref.split("#")[1] in entries, ref
