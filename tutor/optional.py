"""Import a module that a game may or may not provide (its view, its set-up schema)."""
from __future__ import annotations

import importlib
from types import ModuleType


def optional_module(name: str) -> ModuleType | None:
    """The module ``name``, or None when it does not exist (an import error inside it still raises)."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return None
