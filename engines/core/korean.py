"""Korean particles: those that depend on the word before them (받침: 윤주는, 민호가, 시장을, 철로 …), and those
a search strips from a word."""
from __future__ import annotations

import re

# particle as written after a consonant → (after a consonant, after a vowel)
_FORMS = {"은": ("은", "는"), "이": ("이", "가"), "을": ("을", "를"), "과": ("과", "와"),
          "으로": ("으로", "로"), "이나": ("이나", "나"), "아": ("아", "야")}
_FORMS.update({after_vowel: forms for forms in list(_FORMS.values()) for after_vowel in forms[1:]})
# The final sound of a number's last digit as read in Sino-Korean: 영 일 이 삼 사 오 육 칠 팔 구.
_DIGIT_FINAL = {"0": "ㅇ", "1": "ㄹ", "2": "", "3": "ㅁ", "4": "", "5": "", "6": "ㄱ", "7": "ㄹ", "8": "ㄹ", "9": ""}
_RIEUL = 8  # index of ㄹ among the final consonants of a Hangul syllable
# A lone Latin letter is read by its English name (천재 공학자 A → 에이): only L, M, N, R end in a consonant.
_LETTER_FINAL = {"L": "ㄹ", "R": "ㄹ", "M": "ㅁ", "N": "ㄴ"}
# A Roman numeral after a space (공성술 II, 증원 IV) is read as its number: 일, 이, 삼, 사 …
_ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8, "IX": 9, "X": 10}


def josa(word: object, particle: str) -> str:
    """``word`` followed by the form of ``particle`` (given in either form) that fits its last sound.

    A word that ends in neither Hangul nor a digit keeps both forms: ``Smithy을(를)``.
    """
    text = str(word)
    first, second = _FORMS[particle]
    final = _final_sound(text.rstrip(" )]'\"’」"))
    if final is None:
        return f"{text}(으)로" if first == "으로" else f"{text}{first}({second})"
    if first == "으로":
        return text + ("로" if final in ("", "ㄹ") else "으로")
    return text + (first if final else second)


def _final_sound(text: str) -> str | None:
    last = text[-1:]
    if "가" <= last <= "힣":
        final = (ord(last) - 0xAC00) % 28
        return "ㄹ" if final == _RIEUL else ("ㅇ" if final else "")
    if last.isdigit():
        return _DIGIT_FINAL[last]
    numeral = text.rsplit(" ", 1)[-1]
    if " " in text and numeral in _ROMAN:
        return _DIGIT_FINAL[str(_ROMAN[numeral])[-1]]
    if last.isascii() and last.isalpha() and not text[-2:-1].isalpha():
        return _LETTER_FINAL.get(last.upper(), "")
    return None


HANGUL = re.compile(r"^[\uac00-\ud7a3]+$")

# Particles and common predicate endings, longest first so 에서 wins over 서: what a search strips from a
# word (the site's Korean search, the workbench's suggestions for a question).
SUFFIXES = sorted({
    "은", "는", "이", "가", "을", "를", "의", "에", "로", "와", "과", "도", "만", "랑", "나",
    "에서", "에게", "으로", "부터", "까지", "마다", "보다", "처럼", "만큼", "이나", "이랑", "께서",
    "한테", "라는", "라고", "과는", "와는", "에는", "에도", "으로는", "에서는", "에서도", "에게는",
    "까지는", "부터는", "이라는", "이라고", "으로부터", "에서부터",
    "합니다", "입니다", "됩니다", "습니다", "하는", "하면", "하고", "한다", "해야", "하여", "해서",
    "했다", "된다", "되는", "되면", "이다", "이며", "하지", "할", "한", "된", "될",
}, key=len, reverse=True)


def strip_suffix(word: str) -> str | None:
    """The word without its trailing particle or ending, if it has one and something remains."""
    if not HANGUL.match(word):
        return None
    for suffix in SUFFIXES:
        if word.endswith(suffix) and len(word) > len(suffix):
            return word[: -len(suffix)]
    return None
