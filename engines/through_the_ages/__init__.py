"""Through the Ages (쓰루 디 에이지스), 2006 edition.

The simple game (rulebook sections 1-10) is complete; ``mode`` (simple | advanced | full) is an option.
The advanced and full games' civil side is here; their military side (military cards, the political
phase, colonies, aggressions, pacts, wars) lives in the ``military`` subpackage, called through the
hook points described in ``hooks.py`` (the contract). Where things live:

- ``cards/*.yaml`` — one file per deck (``board``, ``age_a`` … ``age_3``, ``military_*``) in one schema;
  a deck is a line in ``catalog.CIVIL_DECKS`` / ``MILITARY_DECKS``.
- ``catalog`` — the cards by id and the board's tables; ``state`` — the game state;
- ``levels`` — what a civilization produces now (computed, never stored); ``tokens`` — blue tokens;
- ``actions`` — the civil and military actions; ``turn`` — card row, events, production, the end;
- ``setup`` — the standard set-up and the scenario overrides; ``game`` — the ``Game`` (notation, facts);
- ``hooks`` — the contract with the military subpackage: set-up, start of turn (political phase),
  ``strength(state, player)``, drawing military cards at the end of a turn, end of an age, final scoring.
"""
from .game import GAME, ThroughTheAges

__all__ = ["GAME", "ThroughTheAges"]
