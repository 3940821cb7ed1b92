"""What a step says to a learner: one sentence for a move, the facts an example asks to look at.

The sentence is the engine's description of the move followed, in parentheses, by the few facts the
move changed most, in words: "민호가 아무것도 희생하지 않고 군사력을 알립니다 (윤주 과학 1에서 9로, 민호 과학
11에서 3으로, 지난 싸움 방어 3)." A reader never sees an ``a→b`` fragment. The facts the scenario checks right after the move come first, then the
players' numbers that moved furthest. The full list of changes stays for a folded table.
The ScenarioPlayer, the Sandbox and ``tutor check`` all say a move this way.
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engines.core import MOST_LISTED, Choice, Game
from engines.core.korean import josa

from .views import fact_text

if TYPE_CHECKING:  # the Sandbox imports this module in Pyodide, where the replay is not needed
    from .replay import StepResult

SHOWN = 3
"""How many changed facts the sentence names."""

LESSON = "규칙상 할 수 없는 행동"
"""The head of a refusal an example shows on purpose, marked 🚫: a lesson, not a failure (✘ is for those)."""

LOOK_AT = "이 예제에서 볼 것"
"""The head of the facts a scenario checks, as a reader sees them."""


def choice_note(choice: Choice) -> str:
    """A choice whose answers the moves list only in part, in words: how many there are and how to type another
    ("답이 1,234가지라 처음 256가지만 보입니다. 다른 답은 직접 쓰세요: discard 다음에 이름 1~9개 (고를 수 있는 것: 동 3개, 은 …)")."""
    amount = f"{choice.least}개" if choice.least == choice.most else f"{choice.least}~{choice.most}개"
    pool = ", ".join(f"{name} {n}개" for name, n in choice.counts())
    return (f"답이 {choice.answers():,}가지라 처음 {MOST_LISTED}가지만 보입니다. 다른 답은 직접 쓰세요: "
            f"{choice.verb} 다음에 이름 {amount} (고를 수 있는 것: {pool}).")


def outcome(game: Game, description: str, changed: Mapping[str, Sequence[Any]], players: Collection[str] = (),
            focus: Collection[str] = ()) -> str:
    """The move's sentence: ``description`` and, in parentheses, the facts that changed most."""
    sentence = (description or "").strip()
    parts = [part for part in (_change(game, key, before, after, sentence) for key, (before, after) in
                               _most(changed, players, focus)) if part][:SHOWN]
    if not parts:
        return sentence
    return f"{sentence.rstrip('.')} ({', '.join(parts)})."


def focus(steps: Sequence[StepResult], n: int) -> set[str]:
    """The facts the scenario checks right after step ``n`` (in it, or in the check steps that follow
    before the next move): what the move's sentence names first."""
    keys = set(steps[n].checks)
    for later in steps[n + 1:]:
        if later.move:
            break
        keys.update(later.checks)
    return keys


def changed_facts(before: Mapping[str, Any], after: Mapping[str, Any]) -> dict[str, list[Any]]:
    """key → [before, after] of every observable fact a move changed."""
    return {k: [before.get(k), v] for k, v in after.items() if before.get(k) != v}


def looked_at(game: Game, facts: Mapping[str, Any], keys: Sequence[str]) -> list[str]:
    """The checked facts as "label: value" lines in Korean."""
    return [": ".join(fact_text(game, key, facts.get(key))) for key in keys]


def changes(game: Game, changed: Mapping[str, Sequence[Any]]) -> list[list[str]]:
    """Every changed fact as [label, before, after] in Korean: the folded table."""
    return [[*fact_text(game, key, before), fact_text(game, key, after)[1]]
            for key, (before, after) in changed.items()]


def _most(changed: Mapping[str, Sequence[Any]], players: Collection[str], focus: Collection[str]) -> list[tuple[str, Sequence[Any]]]:
    """The changes, most telling first: checked facts, then the players' facts by how far they moved,
    then the rest. A fact of a numbered family that changed all at once (the 13 places of a card row)
    is left to the table: one of its places says little."""
    families = Counter(_family(key) for key in changed)

    def rank(item: tuple[str, Sequence[Any]]) -> tuple[bool, bool, bool, bool, float]:
        key, (before, after) = item
        own = key.split(".", 1)[0] in players
        return (key not in focus, families[_family(key)] > 2, not own, not _is_number(after),
                -_distance(before, after))

    return sorted(changed.items(), key=rank)


def _family(key: str) -> str:
    return re.sub(r"\.\d+(?=\.|$)", ".#", key)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _distance(before: Any, after: Any) -> float:
    if _is_number(after) and (before is None or _is_number(before)):
        return abs(after - (before or 0))
    if isinstance(after, list) and isinstance(before, list):
        return sum(((Counter(map(str, after)) - Counter(map(str, before)))
                    + (Counter(map(str, before)) - Counter(map(str, after)))).values())
    return 0.5


def _change(game: Game, key: str, before: Any, after: Any, said: str) -> str:
    """One change in a few words: "민호 과학 11에서 3으로", "윤주 손 +금 −동", "지난 싸움 이김 예", "결정 없음";
    nothing for a list the sentence ``said`` already names in full (the dice of "주사위: 6, 1, 5, 2")."""
    label, old = fact_text(game, key, before)
    new = fact_text(game, key, after)[1]
    if isinstance(before, list) and isinstance(after, list):
        _, gained = fact_text(game, key, list((Counter(map(str, after)) - Counter(map(str, before))).elements()))
        _, lost = fact_text(game, key, list((Counter(map(str, before)) - Counter(map(str, after))).elements()))
        items = [f"+{w}" for w in _words(gained)] + [f"−{w}" for w in _words(lost)]
        named = new in said or (bool(after) and all(map(_is_number, after)) and all(str(v) in said for v in after))
        return f"{label} {' '.join(items)}" if items and not named else ""  # dice the sentence names
    if after is None:
        return f"{label} 없음"
    if _is_number(after) and _is_number(before):
        return f"{label} {old}에서 {josa(new, '로')}"
    return f"{label} {new}"  # a word or a name: the new one says it (the old one is in the folded table)


def _words(shown: str) -> list[str]:
    return [] if shown == "없음" else shown.split(", ")
