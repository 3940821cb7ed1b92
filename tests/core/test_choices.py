"""Choices of several things at once: counted and checked without listing every answer."""
from collections import Counter
from itertools import product

from engines.core import MOST_LISTED, Choice, Move, Rng
from engines.core.choices import count_submultisets


def brute_force(pool: tuple[str, ...], least: int, most: int) -> set[tuple[str, ...]]:
    counts = list(Counter(pool).items())
    return {tuple(name for (name, _), k in zip(counts, ks) for _ in range(k))
            for ks in product(*(range(n + 1) for _, n in counts)) if least <= sum(ks) <= most}


def test_counting_agrees_with_listing_every_answer():
    pool = ("동", "동", "은", "금", "금", "금", "사유지")
    for least, most in ((0, 7), (1, 7), (2, 3), (7, 7), (3, 2), (5, 9)):
        choice = Choice("discard", pool, least, most)
        every = brute_force(pool, least, most)
        assert choice.answers() == len(every) == count_submultisets([2, 1, 3, 1], least, most)
        listed = choice.listed(10_000)
        assert set(m.args for m in listed) == every and len(listed) == len(every)
        assert [len(m.args) for m in listed] == sorted(len(m.args) for m in listed)  # fewest cards first


def test_an_answer_is_judged_by_counting():
    choice = Choice("discard", ("동", "동", "은"), 1, 2)
    assert choice.admits(Move("discard", ("동", "동"))) and choice.admits(Move("discard", ("동", "은")))
    assert not choice.admits(Move("discard", ("은", "동")))  # not in the pool's (canonical) order
    assert not choice.admits(Move("discard", ("은", "은")))  # one 은 only
    assert not choice.admits(Move("discard", ("동", "동", "은")))  # three names: too many
    assert not choice.admits(Move("discard", ()))
    assert not choice.admits(Move("trash", ("동",)))


def test_a_choice_of_any_part_of_eighty_five_cards_is_counted_and_listed_in_part():
    pool = tuple(f"c{i:02}" for i in range(17) for _ in range(5))
    choice = Choice("discard", pool, 1, 85)
    assert choice.answers() == 6 ** 17 - 1
    listed = choice.listed()
    assert len(listed) == MOST_LISTED and len(set(listed)) == MOST_LISTED and all(map(choice.admits, listed))
    exact = Choice("discard", pool, 82, 82)  # a Militia: keep 3 of 85
    assert exact.answers() == count_submultisets([5] * 17, 3, 3) and exact.listed(1)[0].args == pool[3:]
    rng = Rng.from_seed(3)
    drawn = [choice.sample(rng) for _ in range(50)]
    assert all(map(choice.admits, drawn)) and len({len(m.args) for m in drawn}) > 10
    assert all(exact.admits(exact.sample(rng)) for _ in range(10))
