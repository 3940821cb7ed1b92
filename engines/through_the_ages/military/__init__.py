"""The military side of the advanced and full games: military cards, tactics and armies, the political
phase (events, colonies, aggressions, pacts) and the full game's wars (rulebook sections 11 and 14)."""

from .rules import MilitaryRules

RULES = MilitaryRules()
