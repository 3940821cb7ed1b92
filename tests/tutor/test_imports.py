"""The shape of tutor's imports, read from the source with ``ast`` (nothing is imported).

Every import a module can run counts, those inside functions too (they run when the function does); only
``if TYPE_CHECKING:`` blocks are left out (they never run). The rules (ARCHITECTURE.md, "Layers"):
no private name (``_x``) is imported from another module or read off one, nor off an object that another
module made; nothing imports the ``tutor`` command's module; what runs in the reader's browser never
reaches the docs build; no import cycles.
"""
from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path

from ..graphs import strongly_connected

ROOT = Path(__file__).resolve().parents[2]
CLI = "tutor.cli"
BROWSER = ("tutor.live", "tutor.practice", "tutor.workbench", "tutor.board_editor", "tutor.workbench_link",
           "tutor.suggest", "tutor.warmup")
"""The modules the pages call through the live client (and the warm-up the pages run)."""
DOCS_BUILD = ("tutor.site", "tutor.livesite")


@dataclass
class Module:
    name: str
    path: Path
    is_package: bool
    imports: set[str] = field(default_factory=set)  # modules whose import this module can run
    private: list[str] = field(default_factory=list)  # "line N: what" for each private name taken from elsewhere


def module_name(path: Path, root: Path = ROOT) -> tuple[str, bool]:
    parts = list(path.relative_to(root).with_suffix("").parts)
    is_package = parts[-1] == "__init__"
    return ".".join(parts[:-1] if is_package else parts), is_package


def is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def is_type_checking(node: ast.AST) -> bool:
    test = node.test if isinstance(node, ast.If) else None
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def running_nodes(tree: ast.AST) -> list[ast.AST]:
    """Every node of ``tree`` but those under ``if TYPE_CHECKING:`` (its ``else:`` runs)."""
    out, todo = [], [tree]
    while todo:
        node = todo.pop()
        out.append(node)
        if is_type_checking(node):
            todo.extend(node.orelse)
            continue
        todo.extend(ast.iter_child_nodes(node))
    return out


def read(path: Path, modules: set[str], root: Path = ROOT) -> Module:
    """A module's imports (resolved to module names) and the private names it takes from other modules.
    ``modules`` holds every module name of the scanned packages, to tell ``from a import b`` of a module b
    from that of a name b."""
    name, is_package = module_name(path, root)
    module = Module(name, path, is_package)
    package = name if is_package else name.rpartition(".")[0]
    bound: dict[str, str] = {}  # a local name → the module it names
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    nodes = running_nodes(tree)
    for node in nodes:
        if isinstance(node, ast.Import):
            for alias in node.names:
                module.imports.add(alias.name)
                if alias.asname:
                    bound[alias.asname] = alias.name
                else:
                    bound[alias.name.split(".")[0]] = alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom):
            if node.module == "__future__":
                continue
            base = package.split(".")
            source = ".".join(base[:len(base) - node.level + 1] + ([node.module] if node.module else [])) \
                if node.level else node.module or ""
            for alias in node.names:
                if f"{source}.{alias.name}" in modules:  # `from . import views`: the module itself
                    module.imports.add(f"{source}.{alias.name}")
                    bound[alias.asname or alias.name] = f"{source}.{alias.name}"
                    continue
                module.imports.add(source)
                if is_private(alias.name):
                    module.private.append(f"line {node.lineno}: from {source} import {alias.name}")
    own = defined_here(nodes)
    for node in nodes:  # `views._module(...)`, `tutor.views._module`: a private name read off a module
        if isinstance(node, ast.Attribute) and is_private(node.attr):
            owner = dotted(node.value, bound)
            if owner is not None:
                module.private.append(f"line {node.lineno}: {owner}.{node.attr}")
            elif node.attr not in own and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                # `index._exact`: the private part of an object another module made (`self._x` in a subclass
                # is the class's own)
                module.private.append(f"line {node.lineno}: ._{node.attr.lstrip('_')} of an object made elsewhere")
    return module


def defined_here(nodes: list[ast.AST]) -> set[str]:
    """The private names this module gives a value: its functions, methods and classes, the names it assigns
    and the attributes it sets (``self._table = …``). Reading ``x._table`` is then this module's own business."""
    out = set()
    for node in nodes:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            out.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            out.add(node.attr)
    return {name for name in out if is_private(name)}


def dotted(node: ast.AST, bound: dict[str, str]) -> str | None:
    """The module an expression names (``views`` → ``tutor.views``), or None when it names no module."""
    if isinstance(node, ast.Name):
        return bound.get(node.id)
    if isinstance(node, ast.Attribute):
        owner = dotted(node.value, bound)
        return f"{owner}.{node.attr}" if owner is not None else None
    return None


def scan(*folders: str) -> dict[str, Module]:
    paths = sorted(p for folder in folders for p in (ROOT / folder).rglob("*.py"))
    names = {module_name(p)[0] for p in paths}
    modules = [read(p, names) for p in paths]
    return {m.name: m for m in modules}


def local_imports(module: Module, modules: dict[str, Module]) -> set[str]:
    """The scanned modules ``module`` imports, each with the packages above it (importing ``a.b`` runs
    ``a/__init__.py`` first)."""
    out = set()
    for name in module.imports:
        parts = name.split(".")
        out.update(p for p in (".".join(parts[:n]) for n in range(1, len(parts) + 1)) if p in modules)
    return out - {module.name}


def reached(start: str, modules: dict[str, Module]) -> dict[str, list[str]]:
    """Every module importing ``start`` can run, each with the chain of imports that gets there."""
    paths = {start: [start]}
    todo = [start]
    while todo:
        name = todo.pop()
        for other in sorted(local_imports(modules[name], modules)):
            if other not in paths:
                paths[other] = paths[name] + [other]
                todo.append(other)
    return paths


def cycles(modules: dict[str, Module]) -> list[list[str]]:
    """The import cycles (strongly connected components of more than one module, or a module importing
    itself), by the imports written (a package's ``__init__`` is part of a cycle only through its own)."""
    graph = {name: sorted(n for n in m.imports if n in modules and n != name) for name, m in modules.items()}
    return sorted(sorted(group) for group in strongly_connected(graph) if len(group) > 1)


TUTOR = scan("tutor")


def test_the_scan_sees_tutors_imports():
    """The scan itself: it finds modules, resolves relative imports and knows a module from a name."""
    assert {"tutor", "tutor.views", "tutor.widgets.player", "tutor.live"} <= set(TUTOR)
    assert "tutor.views" in TUTOR["tutor.live"].imports  # `from . import views`
    assert "tutor.narrate" in TUTOR["tutor.live"].imports  # `from .narrate import ...`
    assert "tutor.rules" in TUTOR["tutor.widgets.common"].imports  # `from ..rules import ...`
    assert "tutor.widgets.player" in reached("tutor.widgets.sandbox", TUTOR)  # through tutor.widgets/__init__


def test_the_scan_catches_what_it_forbids(tmp_path):
    """Each rule fails on a module that breaks it (written here, so the rules cannot pass by seeing nothing)."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from typing import TYPE_CHECKING\nfrom .b import _hidden, shown\n"
                                  "from . import c\nc._inner()\nif TYPE_CHECKING:\n    from .d import x\n")
    (package / "b.py").write_text("def f(index):\n    from .c import y\n    return index._exact, f._own\n\nf._own = 1\n")
    (package / "c.py").write_text("from pkg.b import (\n    z,\n    _w,\n)\n")
    (package / "d.py").write_text("")
    names = {"pkg", "pkg.a", "pkg.b", "pkg.c", "pkg.d"}
    modules = {m.name: m for m in (read(path, names, tmp_path) for path in sorted(package.glob("*.py")))}
    assert modules["pkg.a"].private == ["line 2: from pkg.b import _hidden", "line 4: pkg.c._inner"]
    assert modules["pkg.c"].private == ["line 1: from pkg.b import _w"]
    assert modules["pkg.b"].private == ["line 3: ._exact of an object made elsewhere"]  # `f._own` is set in b
    assert "pkg.d" not in modules["pkg.a"].imports  # only for the type checker
    assert cycles(modules) == [["pkg.b", "pkg.c"]]  # b imports c inside a function: it runs all the same
    assert set(reached("pkg.a", modules)) == {"pkg", "pkg.a", "pkg.b", "pkg.c"}


def test_no_private_name_crosses_a_module():
    taken = {name: m.private for name, m in TUTOR.items() if m.private}
    assert taken == {}, "private names taken from other modules (make them public or move them):\n" + \
        "\n".join(f"{name}: {where}" for name, lines in taken.items() for where in lines)


def test_nothing_imports_the_command():
    """``tutor.cli`` is the command, on top of everything: what it shares with others lives below it."""
    outside = scan("tutor", "engines", "docs/_ext", "scripts")
    importers = sorted(name for name, m in outside.items() if name != CLI and any(
        n == CLI or n.startswith(CLI + ".") for n in m.imports))
    assert importers == []


def test_the_browser_never_reaches_the_docs_build():
    """What the pages run in Pyodide imports nothing of the docs build, directly or through another module."""
    found = {}
    for start in BROWSER:
        paths = reached(start, TUTOR)
        found.update({f"{start} → {name}": " → ".join(paths[name]) for name in DOCS_BUILD if name in paths})
    assert found == {}, "\n".join(found.values())


def test_no_import_cycles():
    assert cycles(TUTOR) == []
