"""Notebook widgets: ``ScenarioPlayer`` (works on static pages) and ``Sandbox`` (needs a kernel)."""
from .player import ScenarioPlayer
from .sandbox import Sandbox

__all__ = ["Sandbox", "ScenarioPlayer"]
