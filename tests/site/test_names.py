"""One name per thing across the site, the notebooks, the widgets and the CLI: each game is called by its
engine's title, each glossary term by the term (not by an other name the glossary lists for it) and each
card by its canonical name in the card data (not by an alias, which only the notation accepts).

Where an other name is the point (the glossary entry itself, an alias typed as notation in `code` or in a
scenario's moves, a rulebook's wording "in quotes" or (in parentheses), a card's "다른 이름:" line) it may
appear."""
import json
import re
from pathlib import Path

import pytest
import yaml

from engines.core import GAMES
from tutor.site import DOCS, ROOT

from korean_search import glossary_terms

TITLES = {info.id: info.title for info in GAMES}
# Other names the games went by on the site; the engine titles are the names.
TITLE_VARIANTS = {"history_of_the_world": [r"히스토리 오브 더 월드"], "through_the_ages": [r"쓰루 디 에이지(?!스)"]}
GLOSSARIES = [DOCS / "glossary.md", *sorted(DOCS.glob("*/glossary.md"))]
HANGUL = re.compile(r"[\uac00-\ud7a3]")
COMMENTS = {".py": ("#",), ".yaml": ("#",), ".js": ("//",)}


def glossary_other_names() -> dict[str, str]:
    """Other name → term, from "다른 이름: …." in the glossaries' definitions."""
    return {name: term.term for term in glossary_terms(DOCS) for name in term.other_names}


def card_aliases(game: str) -> dict[str, str]:
    """Korean alias → canonical name, from the game's card data."""
    aliases = {}
    for path in sorted((ROOT / "engines" / game).glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for item in data if isinstance(data, list) else []:
            if isinstance(item, dict) and "name" in item:
                aliases.update({alias: item["name"] for alias in item.get("aliases") or []
                                if HANGUL.search(alias) and alias != item["name"]})
    return aliases


def _without_quoted_names(text: str, comments: tuple[str, ...] = ()) -> str:
    """The text less what names another name on purpose: code, quotes, asides in parentheses ("실험실
    (연구소)"), "다른 이름:" lines (and the lines that start with one of ``comments``: a developer's notes
    in code and data files)."""
    text = re.sub(r"`[^`\n]*`|\"[^\"\n]*\"|“[^”\n]*”|'[^'\n]*'|\([^()]*\)", " ", text)
    return "\n".join(line for line in text.splitlines()
                     if "다른 이름" not in line and not (comments and line.lstrip().startswith(comments)))


def _notebook_text(path: Path) -> str:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(cell["source"]) for cell in cells)


def _scenario_text(path: Path) -> str:
    """What a player shows of a scenario in words: its title and narration."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    shown = [data.get("title", ""), data.get("description", "")]
    shown += [str(step.get("say", "")) for step in data.get("steps", [])]  # moves are notation
    return "\n".join(shown)


def reader_texts(game: str | None = None) -> dict[str, str]:
    """What readers see, by file: docs pages, notebooks, scenarios, exercises, widgets, views and the CLI
    (all games', or one game's)."""
    folders = [game] if game else [info.id for info in GAMES]
    texts = {}
    pages = [p for p in DOCS.rglob("*.md") if "_build" not in p.parts and p not in GLOSSARIES]
    for path in pages:
        if not game or path.relative_to(DOCS).parts[0] == game:
            texts[path] = path.read_text(encoding="utf-8")
    for folder in folders:
        texts.update({p: _notebook_text(p) for p in (ROOT / "notebooks" / folder).glob("*.ipynb")})
        texts.update({p: _scenario_text(p) for p in (ROOT / "tutor" / "scenarios" / folder).glob("*.yaml")})
        exercises = ROOT / "tutor" / "exercises" / f"{folder}.yaml"
        if exercises.is_file():
            texts[exercises] = exercises.read_text(encoding="utf-8")
    if not game:
        code = [*(ROOT / "tutor" / "widgets").glob("*.[jp][sy]"), *(ROOT / "tutor" / "views").glob("*.py"),
                ROOT / "tutor" / "cli.py", ROOT / "tutor" / "live.py"]
        texts.update({p: p.read_text(encoding="utf-8") for p in code})
    return {path.relative_to(ROOT).as_posix(): _without_quoted_names(text, COMMENTS.get(path.suffix, ()))
            for path, text in texts.items()}


def _uses(texts: dict[str, str], pattern: str) -> list[str]:
    return [name for name, text in texts.items() if re.search(rf"(?<![\uac00-\ud7a3]){pattern}", text)]


def test_each_game_is_called_by_its_engine_title():
    texts = reader_texts()
    wrong = {variant: _uses(texts, variant) for variants in TITLE_VARIANTS.values() for variant in variants}
    assert {variant: files for variant, files in wrong.items() if files} == {}
    assert TITLES == {"dominion": "도미니언", "carta_impera_victoria": "카르타 임페라 빅토리아",
                      "through_the_ages": "쓰루 디 에이지스", "history_of_the_world": "세계의 역사"}


def test_the_glossary_names_other_names_and_the_site_uses_the_terms():
    names = glossary_other_names()
    assert names.get("부패") == "자원 낭비"
    texts = reader_texts()
    wrong = {f"{name} → {term}": _uses(texts, re.escape(name)) for name, term in names.items()}
    assert {name: files for name, files in wrong.items() if files} == {}


@pytest.mark.parametrize("game", [info.id for info in GAMES])
def test_cards_are_called_by_their_canonical_names(game):
    aliases = card_aliases(game)
    texts = reader_texts(game)
    wrong = {f"{alias} → {name}": _uses(texts, re.escape(alias)) for alias, name in aliases.items()}
    assert {alias: files for alias, files in wrong.items() if files} == {}


def test_the_checks_find_other_names():
    texts = {"a.md": _without_quoted_names("세계의 역사와 히스토리 오브 더 월드는 같습니다.\n대장간을 냅니다.\n"
                                           "`play 대장간`도 됩니다. 규칙서는 \"대장간\"이라 부릅니다.\n다른 이름: 대장간")}
    assert _uses(texts, TITLE_VARIANTS["history_of_the_world"][0]) == ["a.md"]
    assert _uses(texts, "쓰루 디 에이지(?!스)") == []
    assert texts["a.md"].count("대장간") == 1  # the sentence, not the code, the quote or the alias line
    assert card_aliases("dominion")["대장간"] == "대장장이"
