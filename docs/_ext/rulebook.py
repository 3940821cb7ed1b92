"""The generated parts of the site, filled in when Sphinx reads the pages that ask for them.

A page holds a marker comment that is replaced in its source before MyST parses it:
- ``<!-- rulebook:games -->`` (index.md): the index page of every game whose docs exist yet;
- ``<!-- rulebook:notebooks -->`` (notebooks/index.md): every notebook, tutorial first, then by game;
- ``<!-- rulebook:glossaries -->`` (glossary.md): each game's ``<game>/glossary.md``, under its name;
- ``<!-- rulebook:error-codes -->`` (errors.md): the error codes of every engine that imports;
- ``<!-- rulebook:sections -->`` (sections.md): every rule section with its notebooks and scenarios;
- ``<!-- rulebook:sources -->`` (sources.md): the rulebooks cited and every rule section's source.
These pages depend on files Sphinx does not track, so they are re-read on every build.

Notebooks are executed through myst-nb's cache, which is keyed by the notebook's own code only. When the
engines, scenarios or widgets change, the cache is dropped and every notebook is re-read, so no page
shows a replay made by older code.
"""
from __future__ import annotations

import ast
import functools
import gettext
import hashlib
import importlib
import inspect
import shutil
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment

from engines.core import CORE_ERROR_CODES, GAMES, Game, RulesError, get_game
from engines.core.registry import UnknownGame
from tutor.rules import defined_sections, load_index
from tutor.sources import BOOK_GAMES, BOOKS, HERE as SOURCES_DIR, REFERENCES, SEEDS, load_sources

GENERATED = {
    "index": "<!-- rulebook:games -->",
    "notebooks/index": "<!-- rulebook:notebooks -->",
    "glossary": "<!-- rulebook:glossaries -->",
    "errors": "<!-- rulebook:error-codes -->",
    "sections": "<!-- rulebook:sections -->",
    "sources": "<!-- rulebook:sources -->",
}

# The rule attribute of a game that the core cites for each core code it raises on the game's behalf.
CORE_CODE_RULES = {"wrong-player": "turn_rule", "game-over": "end_rule", "bad-notation": "notation_rule",
                   "unknown-card": "notation_rule", "bad-setup": "setup_rule"}


def games_toctree(srcdir: Path) -> str:
    return "\n".join(f"{info.id}/index" for info in GAMES if (srcdir / info.id / "index.md").is_file())


def notebooks_toctree(srcdir: Path) -> str:
    root = srcdir / "notebooks"
    order = ["tutorial", *(info.id for info in GAMES)]
    folders = sorted((p for p in root.iterdir() if p.is_dir() and not p.name.startswith((".", "_"))),
                     key=lambda p: (order.index(p.name) if p.name in order else len(order), p.name))
    return "\n".join(nb.relative_to(root).with_suffix("").as_posix()
                     for folder in folders for nb in sorted(folder.glob("*.ipynb")))


def glossaries(srcdir: Path) -> str:
    parts = []
    for info in GAMES:
        if (srcdir / info.id / "glossary.md").is_file():
            parts.append(f"## {info.title}\n\n```{{include}} {info.id}/glossary.md\n```\n")
    return "\n".join(parts) or "각 게임의 용어가 아직 없습니다.\n"


def cited_rules(game: Game) -> dict[str, set[str]]:
    """code → the rule ids the engine's source raises it with, read from its ``rule=``/``code=`` calls.

    A value is resolved when it is a string literal, a module constant, a string assigned to a local
    name earlier in the same function, or an attribute of the game (``self.turn_rule``).
    """
    package = importlib.import_module(f"engines.{game.id}")
    folder = Path(package.__file__).parent
    found: dict[str, set[str]] = {}
    for path in sorted(folder.rglob("*.py")):
        parts = path.relative_to(folder).with_suffix("").parts
        module = importlib.import_module(".".join(["engines", game.id, *parts]).removesuffix(".__init__"))
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for scope in [tree, *(n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)))]:
            local = _string_assignments(scope) if scope is not tree else {}
            for call in (n for n in ast.walk(scope) if isinstance(n, ast.Call)):
                keywords = {k.arg: k.value for k in call.keywords if k.arg}
                if "rule" not in keywords:
                    continue
                resolve = functools.partial(_value, names=vars(module), local=local, game=game, line=call.lineno)
                rule = resolve(keywords["rule"])
                code = resolve(keywords["code"]) if "code" in keywords else _default_code(call.func, vars(module))
                if isinstance(rule, str) and isinstance(code, str):
                    found.setdefault(code, set()).add(rule)
    return found


def _string_assignments(function: ast.AST) -> dict[str, list[tuple[int, str]]]:
    out: dict[str, list[tuple[int, str]]] = {}
    for node in ast.walk(function):
        if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)):
            out.setdefault(node.targets[0].id, []).append((node.lineno, node.value.value))
    return out


def _value(node: ast.expr, *, names: dict, local: dict, game: Game, line: int) -> object:
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        earlier = [value for at, value in sorted(local.get(node.id, [])) if at <= line]
        return earlier[-1] if earlier else names.get(node.id)
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
        return getattr(game, node.attr, None)
    return None


def _default_code(func: ast.expr, names: dict) -> str | None:
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
    cls = names.get(name) if name else None
    if inspect.isclass(cls) and issubclass(cls, RulesError):
        return cls.default_code
    return None


def _ready_game(game_id: str) -> Game | None:
    """The game's engine, or None while its package is missing or does not define GAME yet."""
    try:
        return get_game(game_id)
    except UnknownGame:
        return None
    except AttributeError:
        if hasattr(importlib.import_module(f"engines.{game_id}"), "GAME"):
            raise
        return None


def error_codes(srcdir: Path) -> str:
    defined = set(defined_sections(srcdir))

    def rule_refs(rules: set[str]) -> str:
        return ", ".join(f"{{ref}}`{r}`" if r in defined else f"`{r}`" for r in sorted(rules)) or "—"

    games = [(info, game) for info in GAMES if (game := _ready_game(info.id))]
    lines = ["## 모든 게임에 공통인 코드", "",
             "엔진의 공통 부분이 어느 게임에서나 내는 코드입니다. 게임마다 인용하는 규칙 절은 아래 게임별 표에 있습니다.",
             "", "| 코드 | 뜻 |", "|---|---|"]
    lines += [f"| `{code}` | {meaning} |" for code, meaning in CORE_ERROR_CODES.items()]
    for info, game in games:
        cited = cited_rules(game)
        for code, attribute in CORE_CODE_RULES.items():
            cited.setdefault(code, set()).add(getattr(game, attribute))
        lines += ["", f"## {info.title}", "", "| 코드 | 뜻 | 인용하는 규칙 절 |", "|---|---|---|"]
        for code, meaning in game.error_codes.items():
            lines.append(f"| `{code}` | {meaning} | {rule_refs(cited.get(code, set()))} |")
        for code, meaning in CORE_ERROR_CODES.items():
            if cited.get(code):
                lines.append(f"| `{code}` | (공통) {meaning} | {rule_refs(cited[code])} |")
    missing = [info.title for info in GAMES if info not in {i for i, _ in games}]
    if missing:
        lines += ["", f"아직 엔진이 없는 게임: {', '.join(missing)}."]
    return "\n".join(lines) + "\n"


def _toctree_order(srcdir: Path, game_id: str) -> list[str]:
    """The pages of a game in the order of its index's toctree."""
    lines = (srcdir / game_id / "index.md").read_text(encoding="utf-8").splitlines()
    entries, inside = [], False
    for line in lines:
        if line.startswith("```{toctree}"):
            inside = True
        elif line.startswith("```"):
            inside = False
        elif inside and line.strip() and not line.startswith(":"):
            entries.append(f"{game_id}/{line.strip()}")
    return entries


def sections_index(srcdir: Path) -> str:
    index = load_index(srcdir)
    lines = []
    for info in GAMES:
        sections = [s for s in index.values() if s.game == info.id]
        if not sections or not (srcdir / info.id / "index.md").is_file():
            continue
        order = _toctree_order(srcdir, info.id)
        sections.sort(key=lambda s: (order.index(s.page) if s.page in order else len(order), s.page, s.line))
        lines += ["", f"## {info.title}", "", "| 규칙 절 | 이름 | 노트북 | 시나리오 |", "|---|---|---|---|"]
        for s in sections:
            notebooks = ", ".join(f"{{doc}}`{Path(nb).stem} </{Path(nb).with_suffix('').as_posix()}>`"
                                  for nb in s.notebooks) or "—"
            scenarios = ", ".join(f"`{Path(sc).parent.name}/{Path(sc).stem}`" for sc in s.scenarios) or "—"
            lines.append(f"| {{ref}}`{s.id}` | `{s.id}` | {notebooks} | {scenarios} |")
    return "\n".join(lines) + "\n"


KIND_NAMES = {"rulebook": "규칙서의 글", "card": "규칙서의 카드 설명", "reference": "참고 자료",
              "reading": "이 참고서의 읽기", "ours": "이 사이트의 설명"}


def sources_index(srcdir: Path) -> str:
    """The rulebooks and reference files cited, and every rule section's source, game by game."""
    sources = load_sources()
    index = defined_sections(srcdir)
    lines = ["## 인용하는 글", "", "| 게임 | 글 | 파일 |", "|---|---|---|"]
    lines += [f"| {BOOK_GAMES[name]} | {book} | `{name}`{'' if (SEEDS / name).is_file() else ' (이 빌드에는 없음)'} |"
              for name, book in BOOKS.items()]
    lines += ["", "참고 자료(규칙서가 아님, 사이트에 옮겨 싣지 않음):", ""]
    lines += [f"- {title}: `{name}`" for name, title in REFERENCES.items()]
    for info in GAMES:
        sections = sorted((s for s in index.values() if s.game == info.id), key=lambda s: (s.page, s.line))
        if not sections:
            continue
        counts = {kind: sum(any(c.kind == kind for c in sources.get(s.id, ())) for s in sections)
                  for kind in KIND_NAMES}
        summary = ", ".join(f"{KIND_NAMES[k]} {n}절" for k, n in counts.items() if n)
        lines += ["", f"## {info.title}", "", f"규칙 절 {len(sections)}개 — {summary}.", "",
                  "| 규칙 절 | 출처 |", "|---|---|"]
        for s in sections:
            places = " · ".join(_source_text(c) for c in sources.get(s.id, ())) or "아직 없음"
            lines.append(f"| {{ref}}`{s.id}` | {places.replace('|', '/')} |")
    return "\n".join(lines) + "\n"


def _source_text(c) -> str:
    if c.kind == "reading":
        return f"이 참고서의 읽기 — {c.text}"
    if c.kind == "ours":
        return f"이 사이트의 설명 — {c.text}"
    start, end = c.lines
    return f"{c.text} ({start}–{end}행)" if start != end else f"{c.text} ({start}행)"


FILL = {"index": games_toctree, "notebooks/index": notebooks_toctree, "glossary": glossaries,
        "errors": error_codes, "sections": sections_index, "sources": sources_index}


def fill_generated(app: Sphinx, docname: str, source: list[str]) -> None:
    marker = GENERATED.get(docname)
    if marker and marker in source[0]:
        source[0] = source[0].replace(marker, FILL[docname](Path(app.srcdir)))


def code_fingerprint(root: Path) -> str:
    """Changes whenever a file the notebooks run (engines, tutor, scenarios, widget files) changes."""
    digest = hashlib.sha256()
    for folder in ("engines", "tutor"):
        for path in sorted((root / folder).rglob("*")):
            if path.resolve().is_relative_to(SOURCES_DIR):
                continue  # the rule sections' sources: shown on the pages, never run by a notebook
            if path.suffix in {".py", ".yaml", ".js", ".css"} and "__pycache__" not in path.parts:
                stat = path.stat()
                digest.update(f"{path.relative_to(root)} {stat.st_mtime_ns} {stat.st_size}\n".encode())
    return digest.hexdigest()


def outdated(app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str],
             removed: set[str]) -> list[str]:
    """The generated pages always; every notebook too when the code they run has changed."""
    docs = [name for name in GENERATED if name in env.found_docs]
    fingerprint = code_fingerprint(Path(app.srcdir).parent)
    cache = Path(app.config.nb_execution_cache_path)
    stamp = cache / "rulebook-code.txt"
    if not stamp.is_file() or stamp.read_text(encoding="utf-8") != fingerprint:
        shutil.rmtree(cache, ignore_errors=True)  # executed by older code
        cache.mkdir(parents=True)
        stamp.write_text(fingerprint, encoding="utf-8")
    if getattr(env, "rulebook_code", None) != fingerprint:
        env.rulebook_code = fingerprint
        docs += [name for name in env.found_docs if env.doc2path(name).suffix == ".ipynb"]
    return docs


# The theme's own words that Sphinx's Korean catalogue lacks (furo ships no Korean).
THEME_KOREAN = {
    "Skip to content": "본문으로 건너뛰기",
    "Back to top": "맨 위로",
    "On this page": "이 페이지의 절",
    "Next": "다음",
    "Previous": "이전",
    "Home": "처음",
}


class _ThemeKorean(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return THEME_KOREAN.get(message, message)


def theme_in_korean(app: Sphinx) -> None:
    """Let the templates' gettext fall back to THEME_KOREAN for words Sphinx's catalogue lacks."""
    translator = app.translator
    while getattr(translator, "_fallback", None) is not None:
        if isinstance(translator, _ThemeKorean):
            return
        translator = translator._fallback
    if not isinstance(translator, _ThemeKorean):
        translator.add_fallback(_ThemeKorean())


def setup(app: Sphinx) -> dict:
    app.setup_extension("rule_sources")  # each rule section's source under its heading
    app.connect("builder-inited", theme_in_korean)
    app.connect("source-read", fill_generated)
    app.connect("env-get-outdated", outdated)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "1"}
