"""The end of the game: hegemony at the end of a turn, dominance points and tie-breaks when the deck runs out."""
from __future__ import annotations

from .data import SUITS, TIEBREAK_ORDER, UTOPIA
from .state import CartaState, hegemony_target, team_of


def hegemony_suit(state: CartaState, player: str) -> str | None:
    """A suit in which ``player`` has enough cards to win by hegemony, if any."""
    return next((s for s in SUITS if state.tableaux[player][s] >= hegemony_target(state, player, s)), None)


def counted(state: CartaState, player: str, suit: str) -> int:
    """Cards of ``suit`` a player counts for majorities (option: flipped utopias lying on them count as utopia)."""
    count = state.tableaux[player][suit]
    if suit == UTOPIA and state.options["flipped_utopias_score"]:
        count += sum(state.flipped[player].values())
    return count


def _sides(state: CartaState) -> dict[object, list[str]]:
    """Who scores together: each player alone, or the two teams."""
    if state.options["team"]:
        return {t: [p for p in state.players if team_of(state, p) == t] for t in (1, 2)}
    return {p: [p] for p in state.players}


def _side_count(state: CartaState, members: list[str], suit: str) -> int:
    return sum(counted(state, p, suit) for p in members)


def dominance(state: CartaState) -> dict[object, int]:
    """Dominance points per side: a point for each suit where a side has (or shares) the most cards.

    In the team game a team scores a suit once when one of its players has (or shares) the most cards;
    option ``team_dominance: sum`` compares the teams' totals instead.
    """
    sides = _sides(state)
    points = dict.fromkeys(sides, 0)
    for suit in SUITS:
        if state.options["team"] and state.options["team_dominance"] == "individual":
            value = {side: max(counted(state, p, suit) for p in members) for side, members in sides.items()}
        else:
            value = {side: _side_count(state, members, suit) for side, members in sides.items()}
        best = max(value.values())
        if best == 0 and not state.options["empty_suit_scores"]:
            continue
        for side, v in value.items():
            if v == best:
                points[side] += 1
    return points


def scores(state: CartaState) -> dict[str, float]:
    points = dominance(state)
    return {p: float(points[team_of(state, p) if state.options["team"] else p]) for p in state.players}


def ranking_key(state: CartaState, side: object, points: dict[object, int]) -> tuple[int, ...]:
    """Dominance points, then utopia cards, then culture > science > economy > religion > military."""
    members = _sides(state)[side]
    return (points[side], _side_count(state, members, UTOPIA),
            *(_side_count(state, members, suit) for suit in TIEBREAK_ORDER))


def winners(state: CartaState) -> list[str]:
    """The winners of a finished game: the hegemony player (and partner), else the best-ranked side(s)."""
    sides = _sides(state)
    if state.hegemony is not None:
        return [p for members in sides.values() if state.hegemony in members for p in members]
    points = dominance(state)
    keys = {side: ranking_key(state, side, points) for side in sides}
    best = max(keys.values())
    return [p for side, members in sides.items() if keys[side] == best for p in members]
