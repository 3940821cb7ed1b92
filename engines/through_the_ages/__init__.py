"""Through the Ages (쓰루 디 에이지스): the 2006 edition and the 2015 revision ("A New Story of Civilization").

The option ``mode`` (simple | advanced | full) picks the game: the simple game (rulebook sections 1-10), the
advanced and full games' civil side here, their military side (military cards, the political phase, colonies,
aggressions, pacts, wars) in the ``military`` subpackage, called through the hook points in ``hooks.py`` (the
contract). The option ``edition`` (2006 | 2015) picks the cards, the board and the rules that differ. Where
things live:

- ``editions`` — what differs between the two editions, declared once; the rules ask it by name;
- ``cards/*.yaml`` and ``cards/2015/*.yaml`` — one file per deck and edition (``board``, ``age_a`` … ``age_3``,
  ``military_*``) in one schema; a deck is a line in ``catalog.CIVIL_DECKS`` / ``MILITARY_DECKS``;
- ``catalog`` — the cards by id and the board's tables; ``state`` — the game state;
- ``civil2015`` — which effect a 2015 leader or wonder shares with a 2006 card;
- ``levels`` — what a civilization produces now (computed, never stored); ``tokens`` — blue tokens;
- ``actions`` — the civil and military actions; ``turn`` — card row, events, production, the end;
- ``setup`` and ``setup_schema`` — the standard set-up and the scenario overrides; ``game`` — the ``Game``
  (notation, facts); ``bot`` — the test bot;
- ``hooks`` — the contract with the military subpackage: set-up, start of turn (political phase),
  ``strength(state, player)``, drawing military cards at the end of a turn, end of an age, final scoring.
"""
from .game import GAME, ThroughTheAges

__all__ = ["GAME", "ThroughTheAges"]
