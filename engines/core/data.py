"""Reading an engine's own data files (card lists, maps), which ship inside its package."""
from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any

import yaml


@functools.cache
def load_data(package: str, filename: str) -> Any:
    """Parse a YAML (or JSON) data file of ``package``; cached, so treat the result as read-only."""
    folder = resources.files(package)
    twin = folder.joinpath(filename + ".json")  # the browser's wheel carries one: JSON parses far faster there
    if twin.is_file():
        return json.loads(twin.read_text(encoding="utf-8"))
    return yaml.safe_load(folder.joinpath(filename).read_text(encoding="utf-8"))
