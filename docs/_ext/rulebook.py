"""The generated parts of the site, filled in when Sphinx reads the pages that ask for them.

A page holds a marker comment that is replaced in its source before MyST parses it:
- ``<!-- rulebook:games -->`` (index.md): the index page of every game whose docs exist yet;
- ``<!-- rulebook:notebooks -->`` (notebooks/index.md): every notebook, tutorial first, then by game;
- ``<!-- rulebook:glossaries -->`` (glossary.md): each game's ``<game>/glossary.md``, under its name;
- ``<!-- rulebook:error-codes -->`` (errors.md): the error codes of every engine that imports.
These pages depend on files Sphinx does not track, so they are re-read on every build.
"""
from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment

from engines.core import CORE_ERROR_CODES, GAMES, Game, RulesError, get_game
from engines.core.registry import UnknownGame
from tutor.rules import defined_sections

GENERATED = {
    "index": "<!-- rulebook:games -->",
    "notebooks/index": "<!-- rulebook:notebooks -->",
    "glossary": "<!-- rulebook:glossaries -->",
    "errors": "<!-- rulebook:error-codes -->",
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


def cited_rules(game_id: str) -> dict[str, set[str]]:
    """code → the rule ids the engine's source raises it with (read from its raise statements)."""
    package = importlib.import_module(f"engines.{game_id}")
    folder = Path(package.__file__).parent
    found: dict[str, set[str]] = {}
    for path in sorted(folder.rglob("*.py")):
        module = importlib.import_module(
            ".".join(["engines", game_id, *path.relative_to(folder).with_suffix("").parts]).removesuffix(".__init__"))
        names = vars(module)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            keywords = {k.arg: k.value for k in node.keywords if k.arg}
            if "rule" not in keywords:
                continue
            rule = _constant(keywords["rule"], names)
            code = _constant(keywords["code"], names) if "code" in keywords else _default_code(node.func, names)
            if isinstance(rule, str) and isinstance(code, str):
                found.setdefault(code, set()).add(rule)
    return found


def _constant(node: ast.expr, names: dict) -> object:
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        return names.get(node.id)
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
             "엔진의 공통 부분이 어느 게임에서나 내는 코드입니다. 인용하는 규칙 절은 게임마다 다릅니다.", "",
             "| 코드 | 뜻 | 인용하는 규칙 절 |", "|---|---|---|"]
    for code, meaning in CORE_ERROR_CODES.items():
        rules = {getattr(game, CORE_CODE_RULES[code]) for _, game in games} if code in CORE_CODE_RULES else set()
        for _, game in games:
            rules |= cited_rules(game.id).get(code, set())
        lines.append(f"| `{code}` | {meaning} | {rule_refs(rules)} |")
    for info, game in games:
        cited = cited_rules(game.id)
        lines += ["", f"## {info.title}", ""]
        if not game.error_codes:
            lines.append("이 게임만의 코드는 없습니다.")
            continue
        lines += ["| 코드 | 뜻 | 인용하는 규칙 절 |", "|---|---|---|"]
        for code, meaning in game.error_codes.items():
            lines.append(f"| `{code}` | {meaning} | {rule_refs(cited.get(code, set()))} |")
    missing = [info.title for info in GAMES if info not in {i for i, _ in games}]
    if missing:
        lines += ["", f"아직 엔진이 없는 게임: {', '.join(missing)}."]
    return "\n".join(lines) + "\n"


FILL = {"index": games_toctree, "notebooks/index": notebooks_toctree, "glossary": glossaries,
        "errors": error_codes}


def fill_generated(app: Sphinx, docname: str, source: list[str]) -> None:
    marker = GENERATED.get(docname)
    if marker and marker in source[0]:
        source[0] = source[0].replace(marker, FILL[docname](Path(app.srcdir)))


def always_reread(app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str],
                  removed: set[str]) -> list[str]:
    return [name for name in GENERATED if name in env.found_docs]


def setup(app: Sphinx) -> dict:
    app.connect("source-read", fill_generated)
    app.connect("env-get-outdated", always_reread)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "1"}
