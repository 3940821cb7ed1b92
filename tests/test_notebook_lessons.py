"""Notebooks read as lessons: what only checks a lesson is tagged ``test`` (the site leaves it out,
JupyterLite folds it, nbval runs it), and what a reader sees is Korean.

The rule, over every notebook:
- a code cell with an ``assert`` is tagged ``test``;
- a test cell shows nothing (no value, print or display) and defines nothing a visible cell uses;
- code cells carry no English comment or docstring, and print no English words;
- the games are called by their engines' titles.
"""
from __future__ import annotations

import ast
import builtins
import io
import json
import re
import tokenize
from pathlib import Path

import pytest

from engines.core import get_game
from tutor.livesite import CHECK_NOTE, FOLDED, SETUP_CELL, TEST_TAG, lite_notebook

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted(p for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
GAMES = ["dominion", "carta_impera_victoria", "through_the_ages", "history_of_the_world"]
# Names the games go by elsewhere; the notebooks use the engines' titles (get_game(id).title).
OTHER_TITLES = re.compile(r"Dominion|Carta Impera|Through the Ages|History of the World|히스토리 오브 더 월드"
                          r"|쓰루 디 에이지(?!스)|세계사")
ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")
CODE_SPAN = re.compile(r"`[^`]*`")


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _source(cell: dict) -> str:
    return cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])


def _is_test(cell: dict) -> bool:
    return TEST_TAG in cell["metadata"].get("tags", [])


def _python(source: str) -> str:
    """A code cell's source without IPython's "%magic" and "!shell" lines, which are not Python."""
    return "\n".join("" if line.lstrip().startswith(("%", "!")) else line for line in source.split("\n"))


def _code(path: Path) -> list[tuple[dict, ast.Module]]:
    return [(cell, ast.parse(_python(_source(cell)))) for cell in _cells(path) if cell["cell_type"] == "code"]


def english_in_code(source: str) -> list[str]:
    """Comments, docstrings and printed strings with English words in them (a name of the code, or
    anything in `backticks`, may appear: a reader types those)."""
    source = _python(source)
    tree = ast.parse(source)
    names = {t.string for t in tokenize.generate_tokens(io.StringIO(source).readline) if t.type == tokenize.NAME}

    def english(text: str) -> bool:
        return any(word not in names for word in ENGLISH_WORD.findall(CODE_SPAN.sub("", text)))

    found = [t.string for t in tokenize.generate_tokens(io.StringIO(source).readline)
             if t.type == tokenize.COMMENT and english(t.string)]
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef)):
            doc = ast.get_docstring(node)
            if doc and english(doc):
                found.append(doc)
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "print":
            parts = [part for arg in node.args for part in (arg.values if isinstance(arg, ast.JoinedStr) else [arg])]
            found += [part.value for part in parts
                      if isinstance(part, ast.Constant) and isinstance(part.value, str) and english(part.value)]
    return found


def _shows(tree: ast.Module) -> bool:
    """Whether a cell shows something: a value on its last line, a print or a display."""
    if tree.body and isinstance(tree.body[-1], ast.Expr) and not isinstance(tree.body[-1].value, ast.Constant):
        return True
    return any(isinstance(n, ast.Call) and getattr(n.func, "id", None) in ("print", "display") for n in ast.walk(tree))


def _defined(tree: ast.Module) -> set[str]:
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
    return names


def _used(tree: ast.Module) -> set[str]:
    return {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(ROOT / "notebooks").as_posix())
def test_checks_are_test_cells_that_show_nothing(path: Path) -> None:
    for cell, tree in _code(path):
        if any(isinstance(n, ast.Assert) for n in ast.walk(tree)):
            assert _is_test(cell), f"cell {cell['id']} asserts but is not tagged {TEST_TAG!r}"
        if _is_test(cell):
            assert not _shows(tree), f"test cell {cell['id']} shows something a reader would need"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(ROOT / "notebooks").as_posix())
def test_visible_cells_need_no_hidden_cell(path: Path) -> None:
    """The site leaves test cells out: a visible cell must not use a name only a test cell defines."""
    visible: set[str] = set(dir(builtins)) | {"display"}
    hidden: set[str] = set()
    for cell, tree in _code(path):
        if _is_test(cell):
            hidden |= _defined(tree) - visible
        else:
            missing = (_used(tree) & hidden) - _defined(tree)
            assert not missing, f"cell {cell['id']} uses {sorted(missing)} from a test cell"
            visible |= _defined(tree)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(ROOT / "notebooks").as_posix())
def test_no_english_for_the_reader(path: Path) -> None:
    for cell in _cells(path):
        if cell["cell_type"] == "code":
            assert not english_in_code(_source(cell)), f"cell {cell['id']}: English in {english_in_code(_source(cell))}"
        assert not OTHER_TITLES.search(_source(cell)), f"cell {cell['id']}: a game named otherwise than its title"


def test_english_in_code_finds_comments_docstrings_and_printed_words() -> None:
    assert english_in_code('def after(trace):\n    """The facts right after."""\n') == ["The facts right after."]
    assert english_in_code("x = 1  # not shuffled yet\n") == ["# not shuffled yet"]
    assert english_in_code('print("decision:", x)\n') == ["decision:"]
    assert english_in_code('def after(trace):\n    """`trace`에서 after가 찾은 사실."""\n') == []
    assert english_in_code('x = "play 시장"  # 시장을 냅니다\nprint(x)\n') == []


def test_the_rule_fails_on_an_untagged_check_and_a_showing_test_cell(tmp_path: Path) -> None:
    def notebook(*cells: dict) -> Path:
        path = tmp_path / "n.ipynb"
        path.write_text(json.dumps({"cells": list(cells), "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
        return path

    def code(source: str, tags: tuple[str, ...] = ()) -> dict:
        return {"cell_type": "code", "id": "a", "metadata": {"tags": list(tags)}, "outputs": [], "source": source}

    with pytest.raises(AssertionError, match="not tagged"):
        test_checks_are_test_cells_that_show_nothing(notebook(code("assert 1")))
    with pytest.raises(AssertionError, match="shows"):
        test_checks_are_test_cells_that_show_nothing(notebook(code("x = 1\nassert x\nx", ("test",))))
    with pytest.raises(AssertionError, match="from a test cell"):
        test_visible_cells_need_no_hidden_cell(notebook(code("x = 1", ("test",)), code("x")))
    test_checks_are_test_cells_that_show_nothing(notebook(code("x = 1\nassert x", ("test",)), code("x")))


def test_the_notebooks_use_the_engine_titles() -> None:
    titles = [get_game(game).title for game in GAMES]
    assert titles == ["도미니언", "카르타 임페라 빅토리아", "쓰루 디 에이지스", "세계의 역사"]
    assert not any(OTHER_TITLES.search(title) for title in titles)


def test_lite_copy_folds_test_cells_only() -> None:
    notebook = {
        "metadata": {"kernelspec": {"name": "python3"}},
        "cells": [
            {"cell_type": "markdown", "id": "m", "metadata": {}, "source": "{ref}`dominion.turn.buy`를 보세요."},
            {"cell_type": "code", "id": "show", "metadata": {}, "outputs": [], "source": "player"},
            {"cell_type": "code", "id": "check", "metadata": {"tags": ["test"], "jupyter": {"outputs_hidden": False}},
             "outputs": [], "source": "assert player.trace.ok"},
        ],
    }
    lite = lite_notebook(notebook, "notebooks/dominion/02-turn", {"dominion.turn.buy": "구매 단계"})
    cells = {cell["id"]: cell for cell in lite["cells"]}
    assert [cell["id"] for cell in lite["cells"]] == ["m", "rulebook-lite-setup", "show", "check"]
    assert cells["rulebook-lite-setup"]["source"] == SETUP_CELL
    # no install cell a student sees: folded to its one Korean line, like the checks
    assert cells["rulebook-lite-setup"]["metadata"]["jupyter"] == FOLDED
    assert SETUP_CELL.startswith("# ") and not english_in_code(SETUP_CELL.splitlines()[0])
    assert cells["check"]["metadata"]["jupyter"] == FOLDED == {"source_hidden": True, "outputs_hidden": True}
    # still runs (folded, not removed); the one line JupyterLab shows of it is Korean
    assert cells["check"]["source"] == CHECK_NOTE + "\nassert player.trace.ok"
    assert CHECK_NOTE.startswith("# ") and not english_in_code(CHECK_NOTE)
    assert "jupyter" not in cells["show"]["metadata"]
    assert cells["m"]["source"] == "‘구매 단계’를 보세요."
    assert lite["metadata"]["kernelspec"]["name"] == "python"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(ROOT / "notebooks").as_posix())
def test_lite_copy_of_each_notebook_folds_every_check(path: Path) -> None:
    lite = lite_notebook(json.loads(path.read_text(encoding="utf-8")), "notebooks/x/y", {})
    for cell in lite["cells"]:
        if cell["cell_type"] == "code" and "assert" in _source(cell):
            assert cell["metadata"].get("jupyter") == FOLDED, f"cell {cell['id']} is open in JupyterLite"
