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
    app.connect("html-page-context", add_lite_link)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "1"}
