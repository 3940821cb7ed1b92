"""What a static page's Python does while the reader is still reading, so the first move is as quick
as the ones after it: the first move after loading used to import the game, parse its card data and
fill the engines' caches (65-536 ms, up to seconds for Through the Ages in a slow browser)."""
from __future__ import annotations

import json

from .live import Session


def warm_up(game_id: str, position: str) -> None:
    """Make and describe a throwaway first move from ``position`` (a Sandbox's ``to_json`` start,
    as JSON text) in a session of its own: the reader's session is untouched."""
    session = Session.from_json(game_id, json.loads(position))
    legal = session.legal_moves()
    if legal:
        session.play(legal[0][0])
    session.snapshot()
