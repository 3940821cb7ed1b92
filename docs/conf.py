"""Sphinx configuration of the Korean docs site (built strictly: ``sphinx-build -W``)."""
import os
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS / "_ext"))
sys.path.insert(0, str(DOCS.parent))  # engines and tutor, also when not installed

project = "실행되는 규칙서"
author = "실행되는 규칙서 만든 사람들"
copyright = "2026, " + author
language = "ko"

extensions = [
    "myst_nb",
    "rulebook",  # generated pages (games toctree, glossary, error codes), view CSS
    "korean_search",  # a Korean search language for the HTML search index
    "korean_anchors",  # readable ids for Korean headings and glossary terms (#공성-토큰, #term-공성)
    "card_reference",  # card reference pages generated from the engines' card data
    "inline_widgets",  # {example} and {exercise} widgets in pages; notebooks' test cells hidden
    "live_site",  # Sandboxes run in the page (Pyodide); notebooks open live in JupyterLite
    "kernel_guard",  # notebook kernels on IPC sockets, restarted once, watched: the build cannot hang
]

exclude_patterns = [
    "_build", "_templates", "**/.ipynb_checkpoints", "Thumbs.db", ".DS_Store",
    "*/glossary.md",  # each game's glossary is included by glossary.md
]
templates_path = ["_templates"]

myst_enable_extensions = ["colon_fence", "deflist", "fieldlist", "substitution", "tasklist"]
myst_heading_anchors = 3

# Notebooks are committed without outputs: execute them at build time (cached between builds in
# _build/.jupyter_cache), failing the build on any error. nbclient stores the widget state in the
# executed notebook, and myst-nb embeds it in the page.
nb_execution_mode = "cache"
nb_execution_cache_path = str(Path(os.environ.get("TUTOR_BUILD_DIR") or DOCS / "_build") / ".jupyter_cache")
nb_execution_raise_on_error = True
nb_execution_timeout = 180  # per cell; kernel_guard also bounds kernel start (kernel_start_timeout) and clean-up
kernel_start_timeout = 30
nb_execution_show_tb = True
nb_merge_streams = True

# Widget JavaScript served from _static/ (fetched by scripts/fetch-widget-js.sh): no CDN at view time.
# widgets-offline.js maps the module name "anywidget" to _static/vendor/anywidget/index.js.
nb_ipywidgets_js = {
    "vendor/require.js": {},
    "widgets-offline.js": {},
    "vendor/html-manager/embed-amd.js": {},
}

# furo (pinned in pyproject's docs extra, shipped with the site: no CDN): a navigation tree that opens
# at the page being read, the page's sections beside it, and a top bar with a menu on phones.
# _templates/ keeps it inside the pages' Content-Security-Policy (base.html) and in Korean (page.html).
html_theme = "furo"
html_title = project
html_static_path = ["_static", "../tutor/views/views.css"]
html_css_files = ["views.css", "site.css", ("print.css", {"media": "print"})]
html_js_files = [
    "anchor-keeper.js",  # a rule link stays on its rule while the page's widgets draw
    "card-text.js",  # a card tile's words on hover, tap or focus
]
html_theme_options = {
    "top_of_page_buttons": [],
}
html_sidebars = {"**": ["sidebar/brand.html", "sidebar/search.html", "sidebar/scroll-start.html",
                        "sidebar/navigation.html", "sidebar/scroll-end.html"]}
html_search_language = "ko"
html_last_updated_fmt = None
html_show_sourcelink = False
