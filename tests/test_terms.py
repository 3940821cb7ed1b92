"""One word per concept (issue 31): the glossaries decide, a lint checks everything a reader reads.

Each game's glossary (docs/<game>/glossary.md) and the site's (docs/glossary.md) decide the word for a
concept. A word the glossary lists after "다른 이름:" is another name for its entry and is not used
elsewhere; RULES adds the variants found in the pages (거절 for 거부, 노란 저장소 for 노란색 저장소, I시대 for
1시대, 차례 for 턴 where a game says 턴 and the reverse), per game where the games differ. The lint reads
the docs pages, the notebooks, the widgets' and practice pages' JavaScript, the views, the engines'
messages and card texts, the tutor's messages and CLI output, and the scenarios' and exercises' YAML,
as the reader sees them ({doc} links by their titles, so "용어집({doc}`glossary`)" reads 용어집(용어집)).

A page that quotes another rulebook's word on purpose says so with a marker naming the word in quotes
(so that tests/site/test_names.py, which skips quoted words, skips it too): ``<!-- term-ok: "부패" -->``
in Markdown (its line and the rest of its paragraph, table or list), or a ``term-ok: "부패"`` comment at
the end of the line, or alone on the line above, in code and YAML.
"""
from __future__ import annotations

import io
import json
import re
import tokenize
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
GAMES = ("dominion", "carta_impera_victoria", "through_the_ages", "history_of_the_world")
TURN_GAMES = ("dominion", "through_the_ages")  # their glossaries say 턴; the others say 차례
CHARYE_GAMES = ("carta_impera_victoria", "history_of_the_world")


@dataclass(frozen=True)
class Rule:
    variant: str  # a regular expression for the word not to use
    preferred: str  # the glossary's word
    games: tuple[str, ...] | None  # the games whose files it applies to; None: every file
    unless: str | None = None  # a line matching this uses the word in another sense
    why: str = ""


# Declared variants (the glossary's own "다른 이름" are added by glossary_rules). 차례 also means "order"
# (차례로, 차례대로) and "contents" (a heading 차례): only "turn" is a variant of 턴.
RULES = [
    Rule("거절", "거부", None, unless=r"조약|제안|refuse|accept|받아들",
         why="the engine refuses a move (공통 용어집: 오류 코드); a player turning down a pact offer is 거절"),
    Rule("노란 저장소", "노란색 저장소", ("through_the_ages",)),
    Rule("파란 저장소", "파란색 저장소", ("through_the_ages",)),
    Rule(r"(?<![IVX])I시대", "1시대", ("through_the_ages",), why="시대 (쓰루 디 에이지스): A시대, 1시대, 2시대, 3시대"),
    Rule(r"(?<![IVX])II시대", "2시대", ("through_the_ages",)),
    Rule(r"(?<![IVX])III시대", "3시대", ("through_the_ages",)),
    Rule(r"(?<![IVX])IV시대", "4시대", ("through_the_ages",)),
    Rule(r"(?<![가-힣])(?<!차례)차례(?!로|대로|차례)", "턴", TURN_GAMES, unless=r"^#+\s*차례\s*$"),
    Rule(r"(?<![가-힣])턴(?![가-힣]*테이블)", "차례", CHARYE_GAMES),
    Rule(r"(우리의|우리가 택한|엔진의) 읽기", "이 참고서의 읽기", None,
         why="sources.md: a reading of an unclear rule is this reference's, not the engine's nor an unnamed 'we'"),
    Rule(r"([가-힣][가-힣 ]*)\(\1\)", "한 번만", None, why="a word followed by itself in parentheses"),
]

OTHER_NAMES = re.compile(r"다른 이름: ([^.\n]+)\.")
MARKER = re.compile(r"term-ok:\s*([^\n>]*?)\s*(?:-->|$)")
ENTRY = re.compile(r"^(\S[^\n]*)\n((?:[ \t]+[^\n]*\n?)+)", re.M)


# --- what the glossaries decide -----------------------------------------------------------------------
def glossaries() -> dict[str | None, Path]:
    return {None: DOCS / "glossary.md", **{game: DOCS / game / "glossary.md" for game in GAMES}}


def glossary_entries(path: Path) -> list[tuple[str, list[str]]]:
    """(term, other names) of each entry of a glossary file."""
    entries = []
    for block in re.findall(r"```\{glossary\}\n(.*?)\n```", path.read_text(encoding="utf-8"), re.S):
        for name, definition in ENTRY.findall(block + "\n"):
            term = re.sub(r"\s*\([^)]*\)$", "", name.strip())
            others = OTHER_NAMES.search(definition.replace("\n", " "))
            names = [re.sub(r"\(.*?\)", "", n).strip() for n in others.group(1).split(",")] if others else []
            entries.append((term, [n for n in names if n]))
    return entries


def glossary_rules() -> list[Rule]:
    rules = []
    for game, path in glossaries().items():
        for term, others in glossary_entries(path):
            rules += [Rule(r"(?<![가-힣A-Za-z])" + re.escape(name), term, (game,) if game else None,
                           why=f"다른 이름 of {term} ({path.relative_to(ROOT)})") for name in others]
    return rules


def all_rules() -> list[Rule]:
    return RULES + glossary_rules()


# --- what a reader reads, line by line -------------------------------------------------------------------
_TITLES: dict[Path, str] = {}


def doc_title(path: Path) -> str:
    """The title Sphinx shows for a page: its first "# " heading (a notebook's first markdown cell's)."""
    if path not in _TITLES:
        for suffix in (".md", ".ipynb"):
            source = path.with_suffix(suffix)
            if source.is_file():
                text = source.read_text(encoding="utf-8")
                if suffix == ".ipynb":
                    text = "\n".join("".join(c["source"]) for c in json.loads(text)["cells"] if c["cell_type"] == "markdown")
                found = re.search(r"^# (.+)$", text, re.M)
                _TITLES[path] = found.group(1).strip() if found else path.name
                break
        else:
            _TITLES[path] = path.name
    return _TITLES[path]


ROLE = re.compile(r"\{(doc|ref|term|numref)\}`([^`]*)`")


def visible(line: str, here: Path) -> str:
    """The line as the page shows it: a role by its text, a {doc} link without text by the page's title."""
    def show(match: re.Match) -> str:
        role, body = match.groups()
        labelled = re.fullmatch(r"(.*?)\s*<([^>]+)>", body, re.S)
        if labelled:
            return labelled.group(1)
        if role == "doc":
            target = DOCS / body.lstrip("/") if body.startswith("/") else here.parent / body
            return doc_title(target.resolve() if "notebooks" not in body else target)
        return body
    return ROLE.sub(show, line)


def markdown_lines(text: str, path: Path) -> list[tuple[int, str, set[str]]]:
    """(line number, text, words a marker allows there) of Markdown; a marker lasts to the next blank line."""
    lines, allowed = [], set()
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            allowed = set()
        for found in MARKER.findall(line):
            allowed |= {word.strip(" \"'“”") for word in found.split(",")}
        lines.append((number, visible(MARKER.sub("", line) if "term-ok" in line else line, path), set(allowed)))
    return lines


def code_lines(pairs: list[tuple[int, str]], comments: dict[int, str],
               alone: set[int]) -> list[tuple[int, str, set[str]]]:
    """Lines of program text with the words a term-ok comment allows: one at the end of the line, or one
    on a line of its own just above."""
    def allowed(number: int) -> set[str]:
        words = set()
        for at in (number, number - 1):
            if at != number and at not in alone:
                continue
            for found in MARKER.findall(comments.get(at, "")):
                words |= {word.strip(" \"'“”") for word in found.split(",")}
        return words
    return [(number, text, allowed(number)) for number, text in pairs]


def python_strings(path: Path) -> list[tuple[int, str, set[str]]]:
    """The string literals of a Python file (messages, labels, CLI output), line by line."""
    strings: dict[int, list[str]] = {}  # a line's strings together: korean="거절" beside its "조약" message
    comments, alone = {}, set()
    for token in tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline):
        if token.type == tokenize.STRING:
            for offset, line in enumerate(token.string.splitlines()):
                strings.setdefault(token.start[0] + offset, []).append(line)
        elif token.type == tokenize.COMMENT:
            comments[token.start[0]] = token.string
            if not token.line[:token.start[1]].strip():
                alone.add(token.start[0])
    return code_lines([(number, " ".join(parts)) for number, parts in sorted(strings.items())], comments, alone)


def plain_lines(path: Path, comment: str) -> list[tuple[int, str, set[str]]]:
    """Lines of YAML or JavaScript; a line that is only a comment is left out (its marker still counts)."""
    pairs, comments, alone = [], {}, set()
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if comment in line:
            comments[number] = line[line.index(comment):]
        if line.strip().startswith(comment):
            alone.add(number)
        else:
            pairs.append((number, line))
    return code_lines(pairs, comments, alone)


def notebook_lines(path: Path) -> list[tuple[int, str, set[str]]]:
    """Each cell's lines (markdown as shown; code too: its comments, docstrings and printed text), as
    "cell N line M"."""
    lines = []
    for index, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
        for number, text, allowed in markdown_lines("".join(cell["source"]), path):
            lines.append((f"cell {index} line {number}", text, allowed))
    return lines


# --- the files, by area --------------------------------------------------------------------------------
def _md(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.md") if not {"_build", "_static", "_frontend", "node_modules",
                                                            ".ipynb_checkpoints"} & set(p.relative_to(folder).parts)
                  and not (folder == DOCS and p.relative_to(folder).parts[0] == "notebooks"))


AREAS = {
    "docs pages": lambda: [(p, markdown_lines(p.read_text(encoding="utf-8"), p)) for p in _md(DOCS)],
    "notebooks": lambda: [(p, notebook_lines(p)) for p in sorted((ROOT / "notebooks").rglob("*.ipynb"))
                          if ".ipynb_checkpoints" not in p.parts]
    + [(p, markdown_lines(p.read_text(encoding="utf-8"), p)) for p in _md(ROOT / "notebooks")],
    "widgets and page scripts": lambda: [(p, plain_lines(p, "//")) for p in sorted(
        [*(ROOT / "tutor" / "widgets").glob("*.js"), *(DOCS / "_static" / "practice").glob("*.js"),
         *(DOCS / "_static" / "workbench").glob("*.js"), *DOCS.glob("_static/*.js")])]
    + [(p, python_strings(p)) for p in sorted((ROOT / "tutor" / "widgets").glob("*.py"))],
    "views": lambda: [(p, python_strings(p)) for p in sorted((ROOT / "tutor" / "views").glob("*.py"))],
    "engine messages and card texts": lambda: [(p, python_strings(p)) for p in sorted((ROOT / "engines").rglob("*.py"))]
    + [(p, plain_lines(p, "#")) for p in sorted((ROOT / "engines").rglob("*.yaml"))],
    "scenarios": lambda: [(p, plain_lines(p, "#")) for p in sorted((ROOT / "tutor" / "scenarios").rglob("*.yaml"))],
    "exercises": lambda: [(p, plain_lines(p, "#")) for p in sorted((ROOT / "tutor" / "exercises").glob("*.yaml"))],
    "tutor messages and CLI output": lambda: [(p, python_strings(p)) for p in sorted((ROOT / "tutor").rglob("*.py"))
                                              if not {"widgets", "views", "scenarios"} & set(p.relative_to(ROOT / "tutor").parts)],
}


def _where(path: Path) -> str:
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.name


def game_of(path: Path) -> str | None:
    parts = Path(_where(path)).parts
    return next((part for part in (*parts[:-1], path.stem) if part in GAMES), None)


def violations(path: Path, lines: list[tuple[int, str, set[str]]], rules: list[Rule]) -> list[str]:
    game, found = game_of(path), []
    glossary = path.name == "glossary.md"
    for number, text, allowed in lines:
        if glossary:
            text = OTHER_NAMES.sub("", text)  # the glossary names the other names on purpose
        for rule in rules:
            if rule.games is not None and game not in rule.games:
                continue
            if rule.unless and re.search(rule.unless, text):
                continue
            for match in re.finditer(rule.variant, text):
                word = match.group(0)
                if word in allowed or word.strip() in allowed:
                    continue
                preferred = match.group(1) if rule.preferred == "한 번만" else rule.preferred
                found.append(f"{_where(path)}:{number}: {word} → {preferred}")
    return found


# --- tests ---------------------------------------------------------------------------------------------
def test_each_glossary_uses_the_word_it_decides():
    """Each declared preferred word is the glossary's: used in the glossary of every game it is declared
    for (or in the site's glossary), and that glossary does not use the variant."""
    for rule in RULES[:-1]:
        for game in rule.games or (None,):
            text = OTHER_NAMES.sub("", glossaries()[game].read_text(encoding="utf-8"))
            if game is not None and rule.preferred not in text:
                text += OTHER_NAMES.sub("", glossaries()[None].read_text(encoding="utf-8"))
            assert rule.preferred in text, (rule.preferred, game)
            assert violations(glossaries()[game], markdown_lines(text, glossaries()[game]), [rule]) == [], rule


def test_glossary_other_names_become_rules():
    rules = {(rule.variant, rule.preferred, rule.games) for rule in glossary_rules()}
    assert (r"(?<![가-힣A-Za-z])부패", "자원 낭비", ("through_the_ages",)) in rules
    assert (r"(?<![가-힣A-Za-z])서플라이", "공급처", ("dominion",)) in rules


def test_the_lint_finds_each_kind_of_variant(tmp_path):
    page = DOCS / "through_the_ages" / "example.md"  # a TtA page: its game's rules apply
    text = ("엔진이 거절합니다. 노란 저장소와 I시대, III시대 카드. 자기 차례가 끝나면\n\n"
            "차례대로 합니다. 상대가 조약을 거절하면 돌아옵니다.\n\n"
            "불만과 부패를 셉니다. <!-- term-ok: \"부패\" -->\n\n학생에게는 용어집({doc}`../glossary`)을 알려 주세요.\n")
    found = violations(page, markdown_lines(text, page), all_rules())
    words = [line.split(": ", 1)[1] for line in found]
    assert words == ["거절 → 거부", "노란 저장소 → 노란색 저장소", "I시대 → 1시대", "III시대 → 3시대", "차례 → 턴",
                     "용어집(용어집) → 용어집"], found
    hotw = DOCS / "history_of_the_world" / "example.md"
    assert [v.split(": ", 1)[1] for v in violations(hotw, markdown_lines("한 턴에 패턴을", hotw), all_rules())] == ["턴 → 차례"]
    code = tmp_path / "x.py"
    code.write_text('SAY = "거절합니다"  # term-ok: "거절"\nOTHER = "거절"\n# term-ok: "거절"\nQUOTED = "거절"\n', encoding="utf-8")
    assert [v.split(": ", 1)[1] for v in violations(code, python_strings(code), all_rules())] == ["거절 → 거부"]


@pytest.mark.parametrize("area", AREAS)
def test_one_word_per_concept(area):
    rules = all_rules()
    found = [line for path, lines in AREAS[area]() for line in violations(path, lines, rules)]
    assert found == [], f"{len(found)} variants (file:line: word → the glossary's word):\n" + "\n".join(found)
