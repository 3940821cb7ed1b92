"""The workbench's "start from the question": as the reader types a question, the built-in examples and
rule sections it most likely concerns, by the words it shares with them (cards, terms, rule names), each
word weighed by how rare it is among them, so that 카드 or 턴 count for little and 해자 for much. Words are
compared as the site's Korean search compares them, without their particles (``strip_suffix``)."""
from __future__ import annotations

import functools
import json
import math
import re
from typing import Any

from engines.core import GAMES
from engines.core.korean import strip_suffix

from .practice import rule_links
from .scenario import builtin_scenarios

MAX_QUESTION = 300  # characters read of a question: a question is a sentence or two
SHOWN = 3  # examples and rule sections offered at a time
RARE = 1.5  # a suggestion shares at least one word this rare (in under a fifth of them): 카드 alone finds nothing


def written(text: str) -> list[str]:
    """The words of ``text`` as written, in lower case."""
    return re.findall(r"\w+", text.lower())


def words(text: str) -> set[str]:
    """The words of ``text`` as a search compares them: lower case, each also without its particle."""
    found = set()
    for word in written(text):
        found.update(w for w in (word, strip_suffix(word)) if w and len(w) >= 2 and not w.isdigit())
    return found


@functools.cache
def _documents() -> list[dict[str, Any]]:
    """Every built-in example and rule section: its title's words, its whole text's, and what to show. Made
    on the first question typed (0.3 s), not in the memory snapshot: every live page would restore it."""
    docs = []
    for path in builtin_scenarios():
        text = path.read_text(encoding="utf-8")
        title = next((line.split(":", 1)[1].strip() for line in text.splitlines() if line.startswith("title:")), path.stem)
        docs.append({"kind": "example", "game": path.parent.name, "name": f"{path.parent.name}/{path.stem}",
                     "title": title, "head": words(title), "body": words(text), "written": set(written(text))})
    for info in GAMES:
        for rule, link in rule_links(info.id).items():
            docs.append({"kind": "rule", "game": info.id, "name": rule, "title": link["title"], "href": link["href"],
                         "head": words(link["title"]), "body": words(link["title"]),
                         "written": set(written(link["title"]))})
    return docs


@functools.cache
def _rarity() -> dict[str, float]:
    """Each word's weight: the log of how many documents there are over how many hold it."""
    held: dict[str, int] = {}
    for doc in _documents():
        for word in doc["body"] | doc["head"]:
            held[word] = held.get(word, 0) + 1
    return {word: math.log(len(_documents()) / n) for word, n in held.items()}


def suggest(question: str, game_id: str) -> str:
    """The examples and rule sections of ``game_id`` closest to ``question`` (JSON text): each with its
    title and the question's words it shares, as the question writes them without their particles."""
    question = question[:MAX_QUESTION]
    asked = words(question)
    rarity = _rarity()
    scored = []
    for doc in _documents():
        shared = sorted((w for w in asked if w in doc["body"] or w in doc["head"]), key=lambda w: -rarity[w])
        score = sum(rarity[w] * (3 if w in doc["head"] else 1) for w in shared)
        if doc["game"] == game_id and any(rarity[w] >= RARE for w in shared):
            scored.append((-score, doc["title"], doc, shared))
    scored.sort(key=lambda row: row[:2])
    out: dict[str, list[dict[str, Any]]] = {"examples": [], "rules": []}
    for _, _, doc, shared in scored:
        shown = out["examples" if doc["kind"] == "example" else "rules"]
        if len(shown) < SHOWN:
            shown.append({"name": doc["name"], "title": doc["title"], "href": doc.get("href", ""),
                          "words": _as_written(question, shared, doc)})
    return json.dumps(out, ensure_ascii=False)


def _as_written(question: str, shared: list[str], doc: dict[str, Any]) -> list[str]:
    """The question's words that ``doc`` shares, rarest first, each without its particle where ``doc``
    writes it so or does not write the whole word: 해자를 → 해자, but 노상강도 stays whole."""
    out = []
    for word in written(question):
        stem = strip_suffix(word)
        if stem in shared and (stem in doc["written"] or word not in doc["written"]):
            out.append(stem)
        elif word in shared:
            out.append(word)
    rank = {w: n for n, w in enumerate(shared)}
    return sorted(dict.fromkeys(out), key=lambda w: rank[w])[:3]
