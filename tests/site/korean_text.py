"""Checks of Korean text a reader sees: particle fallbacks, particles that do not fit the word before
them, and names left empty. Used on the built site (test_korean_text) and on engine descriptions and
messages (tests/widgets/test_engine_text)."""
from __future__ import annotations

import re
from collections.abc import Iterable

from engines.core.korean import josa

# "을(를)", "(으)로", "이(가)" …: what josa() writes when it cannot tell; a reader should never see it.
FALLBACK = re.compile(r"[은는이가을를과와]\([은는이가을를과와]\)|\(으\)로|이\(나\)")
# Particles whose form depends on the last sound of the word before, longest first.
PARTICLES = ("으로", "이나", "은", "는", "이", "가", "을", "를", "과", "와", "로", "나")
# A particle ends its word: what follows is not Hangul, or a particle that can stack on it (과는, 로도 …).
_END = r"(?=[^\uac00-\ud7a3]|$|[는도의만서])"
# A particle with no word before it: "윤주는 을(를) 합니다", "의 선택", a name left empty. (Not 은 or
# 이: 은 is a Dominion card, 이 a word of its own.)
_ORPHAN = re.compile(r"(?:^|\s)\(?(는|을|를|과|와|으로|의)(?=[\s.,()]|$)|''|\(\)|\S\s{2,}\S|\s[.,]")


def fallbacks(text: str) -> list[str]:
    return [f"fallback {m.group(0)!r} in {_around(text, m.start())}" for m in FALLBACK.finditer(text)]


def orphans(text: str) -> list[str]:
    return [f"empty name before {m.group(0).strip()!r} in {_around(text, m.start())}"
            for m in _ORPHAN.finditer(text)]


def wrong_particle(word: str, particle: str) -> str | None:
    """The right particle if ``particle`` does not fit after ``word`` (None if it fits or cannot be told)."""
    first = {"는": "은", "가": "이", "를": "을", "와": "과", "로": "으로", "나": "이나"}.get(particle, particle)
    right = josa(word, first)[len(word):]
    if "(" in right or right == particle:
        return None
    return right


def particles_after(text: str, words: Iterable[str]) -> list[str]:
    """Particles right after any of ``words`` in ``text`` that do not fit the word's last sound."""
    problems = []
    for word in sorted({w for w in words if w}, key=len, reverse=True):
        pattern = re.compile(re.escape(word) + "(" + "|".join(PARTICLES) + ")" + _END)
        for m in pattern.finditer(text):
            right = wrong_particle(word, m.group(1))
            if right:
                problems.append(f"{word}{m.group(1)} (should be {word}{right}) in {_around(text, m.start())}")
    return problems


def text_problems(text: str, words: Iterable[str] = ()) -> list[str]:
    return fallbacks(text) + orphans(text) + particles_after(text, words)


def _around(text: str, at: int) -> str:
    return repr(text[max(0, at - 40): at + 40])
