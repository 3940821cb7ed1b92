"""Reading an engine's own data files (card lists, maps), which ship inside its package."""
from __future__ import annotations

import functools
from importlib import resources
from typing import Any

import yaml


@functools.cache
def load_data(package: str, filename: str) -> Any:
    """Parse a YAML (or JSON) data file of ``package``; cached, so treat the result as read-only."""
    text = resources.files(package).joinpath(filename).read_text(encoding="utf-8")
    return yaml.safe_load(text)
