"""Widgets computed at build time inside Markdown pages, and notebooks without their test cells.

- ```{example} dominion/market``` plays a built-in scenario inline (a ScenarioPlayer). Further names
  (```{example} dominion/cellar dominion/cellar-shuffle```) play below it, folded.
- ```{exercise} dominion/market-buys``` asks one predict-the-outcome exercise (``tutor/exercises``).
- ``<!-- rulebook:exercises -->`` on ``<game>/exercises.md`` becomes every exercise of that game, by level,
  each under a heading with the label ``exercise-<game>-<id>`` (for ``{ref}`` from lesson plans).

Both directives create the widget in Python and embed its state in the page the way myst-nb embeds a
notebook's widgets (a widget-state script and one view script per widget, rendered by the ipywidgets
HTML manager from ``_static/``), so they work on the static site with no kernel.

On every page with widgets (these and the notebooks'), the text the widgets repeat (each model's
front-end module and styles, the players' HTML fragments) is kept once in a table beside the state,
and ``inline_widgets.js``, run right after it, puts it back before the widgets load: forty players
on a page no longer carry forty copies of the same module and board.

Notebook cells that only test — code cells with an ``assert`` and no expression to show, or tagged
``test`` — get myst-nb's ``remove-cell`` tag when Sphinx reads the notebook: they still run (and nbval
still checks them) but readers do not see them. The notebooks themselves are not changed.
"""
from __future__ import annotations

import ast
import json
from html import escape
from pathlib import Path
from typing import Any

from docutils import nodes
from ipywidgets.embed import dependency_state
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util.docutils import SphinxDirective

from rulebook import code_fingerprint
from tutor.exercises import LEVELS, ExerciseError, get_exercise, load_exercises, solve
from tutor.replay import replay
from tutor.scenario import ScenarioError, load_builtin
from tutor.widgets import ScenarioPlayer
from tutor.widgets.exercise import Exercise

EXERCISES_MARKER = "<!-- rulebook:exercises -->"
STATE_MIME = "application/vnd.jupyter.widget-state+json"
VIEW_MIME = "application/vnd.jupyter.widget-view+json"
TEST_TAG = "test"
HIDDEN_TAG = "remove-cell"
# Per page, kept in the build environment: the widget states, and which model plays each scenario.
STORES = ("inline_widgets", "inline_examples")
SHARED = "rulebook_shared"  # the key of the shared table in a page's widget state
SHARED_FROM = 1000  # a model's strings this long are shared (its module and styles), and lists of strings
EXPAND_JS = Path(__file__).with_suffix(".js")


def _embed(env: BuildEnvironment, widget: Any, css_class: str, summary: str = "") -> nodes.raw:
    """Keep the widget's state for the page; return the script the HTML manager renders in place,
    in a box (folded under ``summary`` when one is given)."""
    state = dependency_state([widget], drop_defaults=False)
    env.inline_widgets.setdefault(env.docname, {}).update(state)
    model_id = widget.model_id
    widget.close()
    return _view(model_id, css_class, summary)


def _view(model_id: str, css_class: str, summary: str = "") -> nodes.raw:
    view = {"version_major": 2, "version_minor": 0, "model_id": model_id}
    script = f'<script type="{VIEW_MIME}">{_script_json(view)}</script>'
    if summary:
        html = f'<details class="{css_class}"><summary>{escape(summary)}</summary>{script}</details>'
    else:
        html = f'<div class="{css_class}">{script}</div>'
    return nodes.raw("", html, format="html")


def _script_json(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False).replace("</", "<\\/")


class ExampleDirective(SphinxDirective):
    """Plays built-in scenarios inline: the first one open, the others folded below it."""
    required_arguments = 1
    optional_arguments = 20

    def run(self) -> list[nodes.Node]:
        out = []
        for i, name in enumerate(self.arguments):
            try:
                trace = replay(load_builtin(name))
            except ScenarioError as exc:
                raise self.error(f"예제 {name}: {exc}") from None
            if not trace.ok:
                raise self.error(f"예제 {name}: 기대와 다른 단계가 있습니다 (tutor check로 확인하세요).")
            summary = f"예제 더 보기: {trace.scenario.title}" if i else ""
            shown = self.env.inline_examples.setdefault(self.env.docname, {})
            if name in shown:  # a scenario already on this page: another view of the same player
                out.append(_view(shown[name], "rb-example", summary))
            else:
                player = ScenarioPlayer(trace)
                shown[name] = player.model_id
                out.append(_embed(self.env, player, "rb-example", summary))
        return out


class ExerciseDirective(SphinxDirective):
    """One predict-the-outcome exercise, answered by the engine at build time."""
    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        try:
            widget = Exercise(solve(get_exercise(self.arguments[0])))
        except (ExerciseError, ScenarioError) as exc:
            raise self.error(f"연습 문제 {self.arguments[0]}: {exc}") from None
        return [_embed(self.env, widget, "rb-exercise")]


def exercises_page(game: str) -> str:
    """Every exercise of the game as MyST: a heading per level, a labelled heading and widget each."""
    lines: list[str] = []
    number = 0
    for level, label in LEVELS.items():
        specs = [s for s in load_exercises(game) if s.level == level]
        if specs:
            lines += [f"## {label}", ""]
        for spec in specs:
            number += 1
            lines += [f"(exercise-{game}-{spec.id})=", f"### {number}. {spec.title}", "",
                      f"```{{exercise}} {spec.name}", "```", ""]
    return "\n".join(lines)


def is_test_cell(cell: dict[str, Any]) -> bool:
    """A code cell that only checks: tagged ``test``, or asserting without an expression to show."""
    if cell.get("cell_type") != "code":
        return False
    if TEST_TAG in cell.get("metadata", {}).get("tags", []):
        return True
    try:
        body = ast.parse("".join(cell.get("source", ""))).body
    except SyntaxError:
        return False
    return any(isinstance(s, ast.Assert) for s in body) and not any(isinstance(s, ast.Expr) for s in body)


def hide_test_cells(text: str) -> str:
    notebook = json.loads(text)
    for cell in notebook.get("cells", []):
        if is_test_cell(cell):
            tags = cell.setdefault("metadata", {}).setdefault("tags", [])
            if HIDDEN_TAG not in tags:
                tags.append(HIDDEN_TAG)
    return json.dumps(notebook, ensure_ascii=False)


def read_source(app: Sphinx, docname: str, source: list[str]) -> None:
    if app.env.doc2path(docname).suffix == ".ipynb":
        source[0] = hide_test_cells(source[0])
    elif EXERCISES_MARKER in source[0]:
        source[0] = source[0].replace(EXERCISES_MARKER, exercises_page(docname.split("/")[0]))


def add_widget_state(app: Sphinx, pagename: str, *args: Any) -> None:
    """The pages with inline widgets get their state and the HTML manager (as myst-nb does for notebooks)."""
    state = getattr(app.env, "inline_widgets", {}).get(pagename)
    if not state:
        return
    body = _script_json({"version_major": 2, "version_minor": 0, "state": state})
    app.add_js_file(None, body=body, type=STATE_MIME)
    for path, attributes in app.config.nb_ipywidgets_js.items():
        app.add_js_file(path, **attributes)


def share_strings(data: dict[str, Any]) -> dict[str, Any]:
    """A page's widget state with repeated text kept once: each model's long strings and lists of strings
    become references, ``{"$rb": i}`` or ``{"$rb": [i, …]}``, into the table under ``SHARED``."""
    table: dict[str, int] = {}
    for model in data["state"].values():
        state = model["state"]
        for key, value in state.items():
            if isinstance(value, str) and len(value) >= SHARED_FROM:
                state[key] = {"$rb": table.setdefault(value, len(table))}
            elif isinstance(value, list) and value and all(isinstance(v, str) for v in value):
                state[key] = {"$rb": [table.setdefault(v, len(table)) for v in value]}
    if table:
        data[SHARED] = list(table)
    return data


def compact_widget_state(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], *args: Any) -> None:
    """The page's widget-state script (ours or myst-nb's) with shared strings, followed by the script
    that expands them; it runs after both have added their state (priority 900)."""
    scripts = context.get("script_files") or []
    for n, script in enumerate(scripts):
        attributes = getattr(script, "attributes", {})
        if attributes.get("type") == STATE_MIME and attributes.get("body"):
            data = share_strings(json.loads(attributes["body"]))
            if SHARED not in data:
                return
            make = type(script)  # Sphinx's script asset: the same kind of entry, at the same place
            scripts[n] = make(None, priority=script.priority, **{**attributes, "body": _script_json(data)})
            # a file, not inline: the site's Content-Security-Policy runs no inline script
            scripts.insert(n + 1, make(f"_static/{EXPAND_JS.name}", priority=script.priority))
            return


def init_env(app: Sphinx, env: BuildEnvironment, docnames: list[str]) -> None:
    for store in STORES:
        if not hasattr(env, store):
            setattr(env, store, {})


def purge(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    for store in STORES:
        getattr(env, store, {}).pop(docname, None)


def merge(app: Sphinx, env: BuildEnvironment, docnames: set[str], other: BuildEnvironment) -> None:
    for store in STORES:
        getattr(env, store).update({d: v for d, v in getattr(other, store).items() if d in docnames})


def outdated(app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str],
             removed: set[str]) -> list[str]:
    """Pages with widgets show replays: read them again whenever the engines, scenarios or exercises change."""
    fingerprint = code_fingerprint(Path(app.srcdir).parent)
    if getattr(env, "inline_widgets_code", None) == fingerprint:
        return []
    env.inline_widgets_code = fingerprint
    return [d for d in getattr(env, "inline_widgets", {}) if d in env.found_docs]


def add_static(app: Sphinx, config: Any) -> None:
    config.html_static_path += [str(Path(__file__).with_suffix(".css")), str(EXPAND_JS)]
    app.add_css_file(Path(__file__).with_suffix(".css").name)


def setup(app: Sphinx) -> dict:
    app.add_directive("example", ExampleDirective)
    app.add_directive("exercise", ExerciseDirective)
    app.connect("config-inited", add_static)
    app.connect("env-before-read-docs", init_env)
    app.connect("source-read", read_source)
    app.connect("env-purge-doc", purge)
    app.connect("env-merge-info", merge)
    app.connect("env-get-outdated", outdated)
    app.connect("html-page-context", add_widget_state)
    app.connect("html-page-context", compact_widget_state, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "1"}
