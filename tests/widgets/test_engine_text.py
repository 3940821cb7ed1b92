"""Every sentence an engine gives the reader (move descriptions, rejection messages) in positions of
random games: no "을(를)" fallback, no name left empty, particles that fit the names put before them.
The widgets show these sentences as they are (button labels, the player's step, the verdict)."""
import pytest

from engines.core import CHANCE, GAMES, Move, RulesError, get_game
from engines.core.rng import Rng
from tests.site.korean_text import text_problems

PLAYERS = ("윤주", "민호", "서연")
GAMES_PLAYED = 3
MOVES_PER_GAME = 120


def _words(state, move: Move) -> list[str]:
    """The names a sentence about ``move`` may put a particle after: its arguments and the players."""
    return [*map(str, move.args), *state.players]


def _describe(game, state, move: Move) -> str:
    """The sentence for ``move``; a move that cannot be described is refused with a RulesError (whose
    message is checked like any other), never any other exception."""
    try:
        return game.describe(state, move)
    except RulesError as error:
        return error.message
    except Exception as exc:
        return f"describe({move}) failed: {exc!r}"


def _sentences(game, seed: int):
    """(sentence, names in it) for every legal move's description and a sample of rejections, along one game."""
    pick = Rng.from_seed(seed)
    players = PLAYERS[:max(game.min_players, min(game.max_players, 2 + seed % 2))]
    state = game.new_game(players, seed=seed)
    universe_seen = 0
    for _ in range(MOVES_PER_GAME):
        if game.is_over(state):
            break
        legal = game.legal_moves(state)
        now = game.current_player(state)
        for move in legal:
            yield game.describe(state, move), _words(state, move)
        others = [p for p in state.players if p != now]
        if now != CHANCE and others:
            try:
                game.apply(state, legal[0], by=others[0])
            except RulesError as error:
                yield error.message, _words(state, legal[0])
        for move in list(game.move_universe(state))[universe_seen % 7::7]:  # a rotating sample
            if move in legal:
                continue
            yield _describe(game, state, move), _words(state, move)  # a scenario's illegal step is described too
            try:
                game.apply(state, move)
            except RulesError as error:
                yield error.message, _words(state, move)
        universe_seen += 1
        state = game.apply(state, legal[pick.below(len(legal))])
    for text in ("jump 마을", "play 없는카드", "play"):
        try:
            game.parse(state, text)
        except RulesError as error:
            yield error.message, text.split()


@pytest.mark.parametrize("game_id", [info.id for info in GAMES])
def test_engine_sentences_are_whole_korean_sentences(game_id):
    game = get_game(game_id)
    problems = {}
    for seed in range(GAMES_PLAYED):
        for text, words in _sentences(game, seed):
            for problem in text_problems(text, words) or ([text] if "failed:" in text else []):
                problems.setdefault(problem, seed)
    assert problems == {}
