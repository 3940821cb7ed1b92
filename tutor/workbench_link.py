"""Links to the question workbench (docs/workbench.md) that carry a whole scenario in their fragment.

Format 1 is ``v1.<data>[.<step>]`` after the ``#``: the scenario's UTF-8 text in raw deflate,
base64url without padding, and the step to show. The page reads it with the browser's
DecompressionStream("deflate-raw") and makes its own with CompressionStream (docs/_static/workbench/link.js);
zlib's raw deflate here is the same format, so widgets can make the link without JavaScript.
This module uses only the standard library and PyYAML: a Sandbox's session (tutor.live) uses it in the
reader's browser too.
"""
from __future__ import annotations

import base64
import zlib
from pathlib import Path
from typing import Any

import yaml

PAGE = "workbench.html"
"""The workbench page, relative to the docs root."""
KEY_ORDER = ("game", "title", "description", "question", "rules", "players", "seed", "variant", "setup", "steps")


def link(text: str, step: int = 0) -> str:
    """The fragment (after ``#``) that opens ``text`` in the workbench, showing ``step``."""
    packer = zlib.compressobj(6, zlib.DEFLATED, -15)
    data = base64.urlsafe_b64encode(packer.compress(text.encode()) + packer.flush()).rstrip(b"=").decode()
    return f"v1.{data}" + (f".{step}" if step else "")


def read(fragment: str) -> tuple[str, int]:
    """The scenario text and the step a format-1 fragment made by ``link`` carries."""
    _version, data, *step = fragment.split(".")
    text = zlib.decompress(base64.urlsafe_b64decode(data + "=" * (-len(data) % 4)), -15).decode()
    return text, int(step[0]) if step else 0


def scenario_link(path: Path, step: int = 0) -> str:
    """The fragment that opens the scenario file at ``path`` showing ``step``; "" when there is no such
    file (a scenario written in code, or the workbench's own text)."""
    return link(path.read_text(encoding="utf-8"), step) if path.is_file() else ""


def dump(data: dict[str, Any]) -> str:
    """Scenario data as YAML text in the built-in scenarios' style: one line per step, short lists inline.
    The steps come last, so more can be added to the text (``continued``)."""
    ordered = {k: data[k] for k in KEY_ORDER if k in data} | {k: v for k, v in data.items() if k not in KEY_ORDER}
    head = {k: v for k, v in ordered.items() if k != "steps"}
    text = yaml.safe_dump(head, allow_unicode=True, sort_keys=False, default_flow_style=None, width=100)
    if "steps" in ordered:
        steps = ordered["steps"] if isinstance(ordered["steps"], list) else []
        text += "steps:\n" + _step_lines(steps)
    return text


def continued(fragment: str, steps: list[dict[str, Any]]) -> str:
    """A fragment whose scenario (written by ``dump``, shown at its last step) goes on with ``steps``,
    shown at the new last step: where a Sandbox opened, then the moves played in it."""
    text, at = read(fragment)
    return link(text + _step_lines(steps), at + len(steps))


def _step_lines(steps: list[Any]) -> str:
    return "".join(step_line(step) for step in steps)


def step_line(step: Any, indent: str = "  ") -> str:
    """One step as one line of a block list: ``  - {by: 윤주, move: end}``."""
    return indent + "- " + yaml.safe_dump(step, allow_unicode=True, sort_keys=False, default_flow_style=True,
                                          width=10_000).strip() + "\n"
