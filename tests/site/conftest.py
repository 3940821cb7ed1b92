"""The docs site is built once per test session, strictly. A build already made (by
``scripts/build-docs.sh`` in the test script) is reused when no source is newer than it, or always
when ``TUTOR_DOCS_REUSE=1`` (the test script sets it right after building)."""
import os
import sys
from pathlib import Path

import pytest

from tutor import site as docs_site

sys.path.insert(0, str(docs_site.DOCS / "_ext"))  # the site's Sphinx extensions, tested here too

SOURCES = [docs_site.DOCS, docs_site.ROOT / "notebooks", docs_site.ROOT / "tutor", docs_site.ROOT / "engines"]
SKIP = {"_build", "vendor", "__pycache__", ".ipynb_checkpoints"}


def _newest(paths: list[Path]) -> float:
    newest = 0.0
    for root in paths:
        for path in root.rglob("*"):
            if path.is_file() and not SKIP.intersection(path.relative_to(root).parts):
                newest = max(newest, path.stat().st_mtime)
    return newest


def _is_fresh(html: Path) -> bool:
    stamp = html / "searchindex.js"  # rewritten by every build
    return stamp.is_file() and (html / "index.html").is_file() and stamp.stat().st_mtime >= _newest(SOURCES)


@pytest.fixture(scope="session")
def site() -> Path:
    html = docs_site.HTML
    if not (os.environ.get("TUTOR_DOCS_REUSE") == "1" and (html / "index.html").is_file() or _is_fresh(html)):
        html = docs_site.build()
    return html
