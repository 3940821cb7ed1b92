"""Links to the question workbench (docs/workbench.md) that carry a whole scenario in their fragment.

Format 1 is ``v1.<data>[.<step>]`` after the ``#``: the scenario's UTF-8 text in raw deflate,
base64url without padding, and the step to show. The page reads it with the browser's
DecompressionStream("deflate-raw") and makes its own with CompressionStream (docs/_static/workbench/link.js);
zlib's raw deflate here is the same format, so widgets can make the link without JavaScript.
"""
from __future__ import annotations

import base64
import zlib
from pathlib import Path

PAGE = "workbench.html"
"""The workbench page, relative to the docs root."""


def link(text: str, step: int = 0) -> str:
    """The fragment (after ``#``) that opens ``text`` in the workbench, showing ``step``."""
    packer = zlib.compressobj(6, zlib.DEFLATED, -15)
    data = base64.urlsafe_b64encode(packer.compress(text.encode()) + packer.flush()).rstrip(b"=").decode()
    return f"v1.{data}" + (f".{step}" if step else "")


def scenario_link(path: Path, step: int = 0) -> str:
    """The fragment that opens the scenario file at ``path`` showing ``step``; "" when there is no such
    file (a scenario written in code, or the workbench's own text)."""
    return link(path.read_text(encoding="utf-8"), step) if path.is_file() else ""
