"""The card data: decks by player count, names, and the numbers the rulebook states."""
from collections import Counter

import pytest

from engines.through_the_ages import catalog
from engines.through_the_ages.catalog import card, civil_deck, event_deck


def test_age_a_deck_has_twenty_cards_whatever_the_player_count():
    assert {len(civil_deck("A", n)) for n in (2, 3, 4)} == {20}
    kinds = Counter(card(c).type for c in civil_deck("A", 2))
    assert kinds == {"leader": 6, "wonder": 4, "action": 10}


@pytest.mark.parametrize("players,size", [(2, 45), (3, 50), (4, 55)])
def test_age_one_deck_size_by_player_count(players, size):
    assert len(civil_deck("I", players)) == size


def test_five_cards_are_three_plus_and_five_four_plus():
    two, three, four = (Counter(civil_deck("I", n)) for n in (2, 3, 4))
    assert sorted(card(c).name for c in three - two) == sorted(["신학", "빵과 서커스", "전쟁술", "법전", "군주정치"])
    assert sorted(card(c).name for c in four - three) == sorted(["연금술", "철", "검사", "관개농업", "기사"])


def test_simple_game_leaves_out_development_of_politics():
    assert len(event_deck("A", "simple")) == 9
    assert "development_of_politics" not in event_deck("A", "simple")
    assert len(event_deck("A", "full")) == 10


@pytest.mark.parametrize("edition", catalog.EDITIONS)
def test_every_card_has_a_unique_korean_name_and_an_effect_text(edition):
    names = [c.name for c in catalog.edition_cards(edition).values()]
    assert len(names) == len(set(names))
    for c in catalog.edition_cards(edition).values():
        assert c.effect and any("가" <= ch <= "힣" for ch in c.name), c.id


def test_rulebook_names_resolve():
    index = catalog.name_index()
    for spelling, canonical in [("군주 정치", "군주정치"), ("징기스칸", "칭기즈 칸"), ("콜롬부스", "크리스토퍼 콜럼버스"),
                                ("Iron", "철"), ("천재 공학자 A", "천재 공학자 A"), ("Library of Alexandria", "알렉산드리아 도서관")]:
        assert index.get(spelling) == canonical
    assert "천재 공학자 A(A시대), 천재 공학자 I(1시대)" in catalog.ambiguous(2006, "천재 공학자")  # the ages' shared name


def test_numbers_from_the_rulebook():
    assert card("pyramids").stages == (3, 2, 1)
    assert card("iron").research == 5 and card("iron").build == 5 and card("iron").resources == 2
    assert (card("monarchy").research, card("monarchy").peaceful) == (3, 9)
    assert (card("monarchy").civil_actions, card("monarchy").military_actions) == (5, 3)
    assert card("despotism").building_limit == 2
    assert card("swordsmen").build == 3 and card("warriors").build == 2
    assert card("engineering_genius_a").discount == 2
    assert card("patriotism_1").resources == 2


def test_a_name_several_ages_share_stands_for_no_card():
    shared = catalog.shared_spellings(2006)
    assert [name for name, _ in shared["천재공학자"]] == ["천재 공학자 A", "천재 공학자 I", "천재 공학자 II", "천재 공학자 III"]
    assert catalog.name_index(2006).get("Engineering Genius") == "Engineering Genius"  # not a card's name
    assert catalog.name_index(2006).get("천재 공학자 I") == "천재 공학자 I"
    assert "moses" not in {n for pairs in shared.values() for n, _ in pairs}
