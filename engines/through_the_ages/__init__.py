"""Through the Ages (쓰루 디 에이지스), 2006 edition.

The simple game (rulebook sections 1-10) is complete; ``mode`` (simple | advanced | full) is an option
and the other modes are refused at set-up until they are built. Where things live:

- ``cards/*.yaml`` — one file per deck (``board``, ``age_a``, ``age_1``, ``military_a``) in one schema;
  Ages II-III and the military decks of Ages I-III add files and a line in ``catalog.CIVIL_DECKS`` /
  ``MILITARY_DECKS``.
- ``catalog`` — the cards by id and the board's tables; ``state`` — the game state;
- ``levels`` — what a civilization produces now (computed, never stored); ``tokens`` — blue tokens;
- ``actions`` — the civil and military actions; ``turn`` — card row, events, production, the end;
- ``setup`` — the standard set-up and the scenario overrides; ``game`` — the ``Game`` (notation, facts).

The advanced and full games add a political phase, military cards in hand, unrest and corruption
(``board.yaml`` already holds the happy-face and corruption tables) and the end of each age.
"""
from .game import GAME, ThroughTheAges

__all__ = ["GAME", "ThroughTheAges"]
