"""The live site: Sandboxes run in the reader's browser, notebooks open live in JupyterLite.

- Every page loads ``_static/vendor/live/live-config.js`` (made by ``tutor.livesite``), which tells a
  Sandbox where Pyodide and the project's wheels are, so it runs without a kernel.
- Every notebook page gets a "브라우저에서 실행" link to the same notebook in the JupyterLite build
  shipped at ``<site>/lite/`` (made by ``tutor.livesite.build_lite`` after Sphinx).
"""
from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

LITE_APP = "lite/notebooks/index.html"
CSP = "; ".join([
    "default-src 'self'",
    # the site's own scripts; blob: for the widget modules made from them; WebAssembly for Pyodide;
    # file: for the pages of a site opened from a file (a USB stick), where 'self' may not match
    "script-src 'self' blob: file: 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",  # views set style attributes; a style runs no code
    "img-src 'self' data: blob: file:",
    "font-src 'self' data: file:",
    "connect-src 'self' blob: data: file:",
    "worker-src 'self' blob:",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
])
"""Every page's Content-Security-Policy (``_templates/layout.html``): no inline script or event handler
runs, and nothing is loaded from outside the site."""


WIDGET_CSP = CSP.replace("'wasm-unsafe-eval'", "'wasm-unsafe-eval' 'unsafe-eval'")
"""A page that shows widgets: the ipywidgets HTML manager checks the page's widget state with ajv, which
compiles its JSON schema with ``new Function``. Only those pages allow eval; the workbench and the practice
games, where links and saves arrive, never do."""
STATE_MIME = "application/vnd.jupyter.widget-state+json"


def add_csp(app: Sphinx, docname: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    widgets = any(getattr(script, "attributes", {}).get("type") == STATE_MIME for script in context.get("script_files") or [])
    context["rulebook_csp"] = WIDGET_CSP if widgets else CSP


LIVE_CLIENT = ("_static/vendor/live/live-config.js", "_static/live/client.js")


def live_client_first(app: Sphinx, docname: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    """A page whose live part needs Python at once (a practice game, the workbench: ``data-rulebook-live``)
    has its live client at the top of its head, with a marker that makes client.js start Python as it runs
    (``_templates/base.html``): Sphinx puts scripts at the end of the body, which the parser reached 0.2-0.3 s
    after the page arrived."""
    if "data-rulebook-live" not in context.get("body", ""):
        return
    scripts = context.get("script_files") or []
    context["rulebook_live_first"] = [s for s in scripts if s.filename in LIVE_CLIENT]
    context["script_files"] = [s for s in scripts if s.filename not in LIVE_CLIENT]


def add_lite_link(app: Sphinx, docname: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    if doctree is None or not docname.startswith("notebooks/"):
        return
    if Path(app.env.doc2path(docname)).suffix != ".ipynb":
        return
    path = docname.removeprefix("notebooks/") + ".ipynb"
    href = f"{context['pathto'](LITE_APP, 1)}?path={path}"
    link = (f'<p class="rb-live-link"><a href="{escape(href)}">▶ 브라우저에서 실행</a> '
            f'<span>이 노트북을 설치 없이 이 브라우저에서 실행합니다 (JupyterLite, 처음에는 20초쯤 걸립니다).</span></p>\n')
    context["body"] = link + context.get("body", "")


def setup(app: Sphinx) -> dict:
    app.add_js_file("vendor/live/live-config.js")
    app.add_js_file("live/client.js")  # the one live client every live part asks for Python
    app.add_js_file("live-file-notice.js")
    app.add_js_file("no-eval-plural.js", priority=250)  # after doctools.js (200), before translations.js (500)
    app.connect("html-page-context", add_csp, priority=950)  # after the widget state is in (inline_widgets: 900)
    app.connect("html-page-context", add_lite_link)
    app.connect("html-page-context", live_client_first)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "1"}
