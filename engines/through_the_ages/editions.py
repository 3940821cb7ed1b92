"""What differs between the 2006 and 2015 editions, declared once (docs: editions.md, row by row).

The rules ask for a difference by its name (``has(state, "hand_limit_at_end")``), never for the year. A rule
that the 2015 turn summary leaves unclear is read by an option in that edition (``Read``), and a rule the 2006
rulebook leaves unclear likewise; the option's page gives the default and the reason. What a card does, and
which cards and board tables a game is dealt, are data: ``cards/`` and ``cards/2015/``, ``board.yaml``.

``ROWS`` ties each row of the table "한눈에 보기" in editions.md to the members that implement it, so the code's
list and the page's list compare line by line (tests/through_the_ages/test_editions.py).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .state import TtaState


@dataclass(frozen=True)
class Read:
    """The rule holds when option ``option`` has ``value`` (an unclear rule's reading in this edition)."""

    option: str
    value: Any


Rule = bool | Read


@dataclass(frozen=True)
class Edition:
    year: int
    # 행동 토큰 되돌리기: the action tokens go back at the end of the owner's turn, not at its start
    tokens_back_at_end: Rule
    # 군사 카드 한도: the military hand limit is checked at the end of the turn, not after the political action
    hand_limit_at_end: Rule
    # 생산 순서: corruption is lost before food and resources are produced, not after
    corruption_first: Rule
    # 폭동: military cards are drawn at the end of a turn with an uprising
    uprising_draws: Rule
    # 전쟁의 결판: the two sides may add sacrificed units; a tie goes to the declarer
    war_sacrifice: Rule
    war_tie_to_declarer: Rule
    # 전술 카드: a tactics card played becomes common at its owner's next turn, and anyone may copy it
    common_tactics: Rule
    # 침략: the attacker may sacrifice units; the defender sends military cards (not units and bonus cards)
    attacker_sacrifices: Rule
    defence_by_cards: Rule
    # 조약: a pact cancelled as a political action leaves the game (it is not discarded)
    cancelled_pact_leaves: Rule
    # 패배 선언: a political action also in the advanced game, not in the game's last age; it may end the game
    resign_in_advanced: Rule
    resign_barred_in_last_age: Rule
    resignation_ends_game: Rule
    # 지도자 교체: replacing a leader gives its civil action back
    leader_refund: Rule
    # 잃기·내기·얻기: culture lost stops at 0 (famine included)
    culture_floor: Rule
    # 동점: every tied civilization shares the place; once the game is over ranks count from the start player
    ties_share: Rule
    rank_from_start_when_over: Rule
    # 2인 게임의 "두 문명": both civilizations, not only the stronger (weaker) one
    two_of_two_both: Rule
    # 카드: the facts only this edition's cards have (Homer under a wonder, Churchill's choice)
    facts: tuple[str, ...] = ()

    def has(self, rule: str, options: Mapping[str, Any] | None = None) -> bool:
        value = getattr(self, rule)
        if isinstance(value, Read):
            if options is None:
                raise TypeError(f"{rule} is read by option {value.option}: pass the game's options")
            return options[value.option] == value.value
        assert isinstance(value, bool), rule
        return value


EDITIONS: dict[int, Edition] = {
    2006: Edition(
        year=2006, tokens_back_at_end=False, hand_limit_at_end=False, corruption_first=False, uprising_draws=False,
        war_sacrifice=True, war_tie_to_declarer=False, common_tactics=False, attacker_sacrifices=True,
        defence_by_cards=False, cancelled_pact_leaves=False, resign_in_advanced=False,
        resign_barred_in_last_age=False, resignation_ends_game=False, leader_refund=False,
        culture_floor=Read("famine_floor", "zero"), ties_share=Read("tie_break", "all"),
        rank_from_start_when_over=False, two_of_two_both=Read("two_of_two", "both")),
    2015: Edition(
        year=2015, tokens_back_at_end=True, hand_limit_at_end=True,
        corruption_first=Read("production_order", "corruption-first"), uprising_draws=Read("uprising_cards", "draw"),
        war_sacrifice=Read("war_sacrifice", "allowed"), war_tie_to_declarer=Read("war_tie", "declarer"),
        common_tactics=True, attacker_sacrifices=False, defence_by_cards=True, cancelled_pact_leaves=True,
        resign_in_advanced=True, resign_barred_in_last_age=True, resignation_ends_game=Read("resignation", "end"),
        leader_refund=True, culture_floor=True, ties_share=False, rank_from_start_when_over=True,
        two_of_two_both=False, facts=("homer_wonder", "churchill_choice")),
}

# each row of editions.md's table "한눈에 보기" -> the members that implement it ("data": the cards and the board)
ROWS: dict[str, tuple[str, ...]] = {
    "행동 토큰 되돌리기": ("tokens_back_at_end",),
    "군사 카드 한도": ("hand_limit_at_end",),
    "파란 토큰": ("data",),
    "자원 낭비": ("data",),
    "생산 순서": ("corruption_first",),
    "폭동이 난 턴의 군사 카드": ("uprising_draws",),
    "전쟁의 결판": ("war_sacrifice", "war_tie_to_declarer"),
    "전술 카드": ("common_tactics",),
    "침략": ("attacker_sacrifices", "defence_by_cards"),
    "조약": ("cancelled_pact_leaves",),
    "패배 선언": ("resign_in_advanced", "resign_barred_in_last_age", "resignation_ends_game"),
    "지도자 교체": ("leader_refund",),
    "호메로스": ("data", "facts"),
    "크리스토퍼 콜럼버스": ("data",),
    "제임스 쿡": ("data",),
    "윈스턴 처칠": ("data", "facts"),
    "잃기·내기·얻기": ("culture_floor",),
    "동점": ("ties_share", "rank_from_start_when_over"),
    "2인 게임의 \"두 문명\"": ("two_of_two_both",),
    "카드": ("data",),
}


def members() -> list[str]:
    """The differences an edition declares (every field but its year)."""
    return [f.name for f in fields(Edition) if f.name != "year"]


def edition(state: TtaState) -> Edition:
    return EDITIONS[state.edition]


def has(state: TtaState, rule: str) -> bool:
    """Whether the edition played has this difference (reading its option where the edition leaves it open)."""
    return EDITIONS[state.edition].has(rule, state.options)
