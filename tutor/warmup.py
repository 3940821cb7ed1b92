"""What a static page's Python does while the reader is still reading, so the first move is as quick
as the ones after it: the first move after loading used to import the game, parse its card data and
fill the engines' caches (65-536 ms, up to seconds for Through the Ages in a slow browser)."""
from __future__ import annotations

import json

from engines.core import CHANCE, GAMES, get_game
from engines.core.serial import prepare

from . import board_editor, workbench
from .live import Session
from .practice import NAMES


def warm_up(game_id: str, position: str) -> None:
    """Make and describe a throwaway first move from ``position`` (a Sandbox's ``to_json`` start,
    as JSON text) in a session of its own: the reader's session is untouched."""
    session = Session.from_json(game_id, json.loads(position))
    warm_move(session)
    json.dumps(session.snapshot(), ensure_ascii=False)  # as the page's own call answers


def warm_move(session: Session) -> None:
    """The move a reader's first click most likely makes: the chance button, or the first listed move."""
    if session.game.current_player(session.state) == CHANCE:
        session.roll()
        return
    first = next(iter(session.game.legal_moves(session.state)), None)
    if first is not None:
        session.play(str(first))


def warm_questions() -> None:
    """A new question of every game through the workbench's first calls (checked, replayed, its board, form
    and moves): run by the build before the snapshot, like ``warm_games``, so that jsonschema, each game's
    scenario schema and the player's imports are in it (0.7 s of the workbench's first check otherwise)."""
    workbench.games()
    workbench.builtins()
    for info in GAMES:
        players = json.dumps(list(NAMES[: max(2, get_game(info.id).min_players)]), ensure_ascii=False)
        text = workbench.new_scenario(info.id, players, "{}")
        workbench.lint(text)
        workbench.run(text)
        workbench.form(text)
        workbench.mode_gaps(text)
        workbench.at_step(0)
        board_editor.spec(text)


def warm_games(moves: int = 4) -> None:
    """A few moves of a new game of every game, each drawn: run by the build before it takes Python's
    memory snapshot (``docs/_static/live/boot.js``), so the views imported lazily and the caches they fill
    (and the state types' hints, read as a page reads a position) are in the snapshot. A page's own ``warm_up`` then pays nothing but its position (200 ms of first-call
    costs in the browser otherwise, which a reader's first move waited for)."""
    for info in GAMES:
        game = get_game(info.id)
        prepare(game.state_type)
        start = game.new_game(list(NAMES[: max(2, game.min_players)]))
        session = Session.from_json(info.id, game.to_json(start))  # as a page opens it: the types' hints are read
        for _ in range(moves):
            session.snapshot()
            if session.game.current_player(session.state) is None:
                break
            warm_move(session)
        session.snapshot()
