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
    """The move's sentence: ``description`` and, in parentheses, the facts that changed most ("외 N개" counts
    the rest, which the folded table or ``account`` gives)."""
    return account(game, description, changed, players, focus)[0]


def account(game: Game, description: str, changed: Mapping[str, Sequence[Any]], players: Collection[str] = (),
            focus: Collection[str] = ()) -> tuple[str, list[str]]:
    """The move's sentence (as ``outcome``) and every change it leaves out, each in words, most telling first."""
    sentence = (description or "").strip()
    parts = change_words(game, changed, players, focus, sentence)
    if not parts:
        return sentence, []
    shown, rest = parts[:SHOWN], parts[SHOWN:]
    listed = ", ".join(shown) + (f" 외 {len(rest)}개" if rest else "")
    body = sentence.rstrip(".")
    if body.endswith(")"):  # the engine's sentence already closes a bracket: never "(…) (…)"
        return f"{body}. 바뀐 것 ({listed}).", rest
    return f"{body} ({listed}).", rest


def change_words(game: Game, changed: Mapping[str, Sequence[Any]], players: Collection[str] = (),
                 focus: Collection[str] = (), said: str = "") -> list[str]:
    """Every change in a few words, most telling first ("윤주 문화 3에서 7로", "정치 단계가 끝났습니다"); a list the
    sentence ``said`` already names in full is left out."""
    return [part for part in (_change(game, key, before, after, said) for key, (before, after) in
                              _most(changed, players, focus)) if part]


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
    if isinstance(after, bool) or after is None or new == EMPTY:
        return _state(key, label, after)
    if _is_number(after) and _is_number(before):
        return f"{label} {old}에서 {josa(new, '로')}"
    if label != key:  # a word or a name: the new one says it (the old one is in the folded table)
        return f"{label}: {new}"
    return f"{label} {new}"  # a game without labels shows its keys as they are


EMPTY = "없음"
"""How ``fact_text`` shows an empty value: never left bare in a sentence."""

STATES: dict[str, tuple[str, str]] = {
    "game_over": ("게임이 끝났습니다", "게임이 다시 이어집니다"),
    "political_phase": ("정치 단계가 시작되었습니다", "정치 단계가 끝났습니다"),
    "end_decided": ("마지막 시민 카드가 나와 게임의 끝이 정해졌습니다", "게임의 끝이 아직 정해지지 않았습니다"),
    "uprising": ("{who}는 지금 턴을 마치면 폭동이 납니다", "{who}는 지금 턴을 마쳐도 폭동이 나지 않습니다"),
    "won": ("지난 싸움은 공격한 쪽이 이겼습니다", "지난 싸움은 방어한 쪽이 막아 냈습니다"),
    "fort": ("{who}에 요새가 섰습니다", "{who}의 요새가 없어졌습니다"),
    "retired": ("{who}의 군대가 퇴역했습니다", "{who}에 현역 군대가 섰습니다"),
}
"""A yes-or-no fact in words, keyed by the fact's name: (when it becomes true, when it becomes false); ``{who}``
is the rest of the key (the player, the land)."""

GONE: dict[str, str] = {
    "card_row": "{label} 칸이 비었습니다",
    "decision": "{label}이 끝났습니다",
    "decider": "결정할 사람이 없습니다",
    "turn": "게임이 끝나 더 둘 사람이 없습니다",
    "to_move": "게임이 끝나 더 둘 사람이 없습니다",
    "region": "{label}: 이제 없습니다",
}
"""A fact that became empty, in words, keyed by the fact's name; any other reads "<label>이 없어졌습니다"."""


def _state(key: str, label: str, after: Any) -> str:
    """A yes-or-no or emptied fact as a short sentence: "정치 단계가 끝났습니다", "카드 열 1 칸이 비었습니다"."""
    parts = key.split(".")
    name = next((p for p in reversed(parts) if p in STATES or p in GONE), "")
    who = " ".join(p for p in parts if p != name) or label
    if isinstance(after, bool) and name in STATES:
        said = STATES[name][0 if after else 1]
    elif isinstance(after, bool):
        said = "{label}: 그렇습니다" if after else "{label}: 그렇지 않습니다"
    else:
        said = GONE.get(name, "{label}이 없어졌습니다")
    words = {"who": who, "label": label}
    return re.sub(r"\{(who|label)\}(이|는)?", lambda m: josa(words[m[1]], m[2]) if m[2] else words[m[1]], said)


def _words(shown: str) -> list[str]:
    return [] if shown == "없음" else shown.split(", ")
