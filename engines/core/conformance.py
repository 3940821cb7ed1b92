"""A random-play conformance harness every engine runs (after OpenSpiel's random simulation test).

For each game (under each option set, see ``option_sets``): start from a seed, choose uniformly among ``legal_moves``
(chance moves from the seed; with ``bot_share``, that share of the moves is the game's own ``bot``'s choice, so that
games reach what uniform play seldom does), and after every move check that
- the state survives JSON and back unchanged, and ``observe`` gives JSON values;
- every legal move is accepted and its notation round-trips through ``parse``; where ``legal_moves`` lists only
  some answers of a large choice (``Game.large_choice``), the listed ones fit its shape and answers drawn from the
  shape are accepted too;
- a sample of moves that are not legal raises ``RulesError`` and leaves the state exactly as it was;
- the game's own invariants hold (``Game.check_invariants``);
- the game ends within ``max_moves``.

``play_from`` runs the same checks along random play from a given position (a scenario's, a hostile one's).
``Report.coverage`` says what the games exercised: the moves applied, and the names the facts showed.
"""
from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import CORE_ERROR_CODES, BadSetup, RulesError
from .moves import Move
from .choices import MOST_LISTED, Choice
from .protocol import CHANCE, Game
from .rng import Rng
from .serial import to_json

DEFAULT_NAMES = ("P1", "P2", "P3", "P4", "P5", "P6")


class ConformanceFailure(AssertionError):
    """A broken rule of the protocol, with what is needed to replay it."""


@dataclass
class Coverage:
    """What the games exercised: each applied move's verb, its verb and first argument (``take 3``), and each
    name a fact of ``observe`` showed during a game (``leader`` → ``모세``), counted once per game it showed in,
    the fact's player prefix dropped."""

    verbs: Counter[str] = field(default_factory=Counter)
    first_args: Counter[str] = field(default_factory=Counter)
    facts: dict[str, Counter[str]] = field(default_factory=dict)

    def add_move(self, move: Move) -> None:
        self.verbs[move.verb] += 1
        if move.args:
            self.first_args[f"{move.verb} {move.args[0]}"] += 1

    def add_game(self, seen: set[tuple[str, str]]) -> None:
        for fact, name in seen:
            self.facts.setdefault(fact, Counter())[name] += 1


def _names_in_facts(facts: Mapping[str, Any], players: Sequence[str]) -> set[tuple[str, str]]:
    """(fact, name) for each text value and each text in a list value of ``facts`` (players' names aside)."""
    seen, persons = set(), {*players, CHANCE}
    for key, value in facts.items():
        owner, _, rest = key.partition(".")
        fact = rest if rest and owner in players else key
        for name in value if isinstance(value, list) else [value]:
            if isinstance(name, str) and name not in persons:
                seen.add((fact, name))
    return seen


@dataclass
class Report:
    games: int = 0
    moves: int = 0
    longest: int = 0
    finished_by_count: dict[int, int] = field(default_factory=dict)
    # option sets the game refused to start with at a player count: (players, options, error code)
    refused: list[tuple[int, dict[str, Any], str]] = field(default_factory=list)
    coverage: Coverage = field(default_factory=Coverage)


def option_sets(game: Game) -> list[dict[str, Any]]:
    """The defaults, every alternative of every option alone (in each of its ``contexts``), and
    every option changed at once (each to its last alternative): a legal move that ``apply`` rejects under
    any of them is a bug."""
    sets: list[dict[str, Any]] = [{}]
    for name, option in game.options.items():
        sets += [{**context, name: alternative}
                 for context in option.contexts() for alternative in option.alternatives()]
    together = {name: o.alternatives()[-1] for name, o in game.options.items() if o.alternatives()}
    if len(together) > 1:
        sets.append(together)
    return sets


def run_random_games(
    game: Game,
    *,
    games: int,
    player_counts: Sequence[int] = (2,),
    options: Sequence[Mapping[str, Any]] = ({},),
    seed: int = 0,
    max_moves: int = 20_000,
    illegal_samples: int = 3,
    check_every_legal_move: bool = True,
    bot_share: float = 0.0,
) -> Report:
    """Play ``games`` random games, cycling through player counts and option sets; raise on a failure.

    A combination the game refuses at set-up (``BadSetup``, e.g. a team game for three) is not played
    and is listed in ``Report.refused``, so a test can say which refusals it expects. With ``bot_share``
    (0 to 1) each player's move is, with that probability, the choice of ``game.bot`` (a ``ValueError`` if
    the game has none); the draws come from the seed, so a game replays exactly.
    """
    if not 0 <= bot_share <= 1:
        raise ValueError(f"bot_share must be between 0 and 1, not {bot_share}")
    if bot_share and game.bot is None:
        raise ValueError(f"{game.id} has no bot (Game.bot) to play a share of the moves")
    report = Report()
    for i in range(games):
        n = player_counts[i % len(player_counts)]
        opts = options[(i // len(player_counts)) % len(options)]
        try:
            game.new_game(DEFAULT_NAMES[:n], seed=seed + i, options=opts)
        except BadSetup as exc:
            report.refused.append((n, dict(opts), exc.code))
            continue
        moves = _play_one(game, n, dict(opts), seed + i, max_moves, illegal_samples, check_every_legal_move,
                          bot_share, report.coverage)
        report.games += 1
        report.moves += moves
        report.longest = max(report.longest, moves)
        report.finished_by_count[n] = report.finished_by_count.get(n, 0) + 1
    return report


def _play_one(game: Game, n: int, opts: dict[str, Any], seed: int, max_moves: int, illegal_samples: int,
              check_every_legal_move: bool, bot_share: float, coverage: Coverage) -> int:
    state = game.new_game(DEFAULT_NAMES[:n], seed=seed, options=opts)
    return _play(game, state, seed, max_moves, illegal_samples, check_every_legal_move, bot_share, coverage,
                 f"seed={seed} players={n} options={opts}")


def play_from(game: Game, state: Any, *, seed: int = 0, max_moves: int = 20_000, illegal_samples: int = 3,
              check_every_legal_move: bool = True) -> Report:
    """Play one random game on from ``state`` with every check of ``run_random_games``; raise on a failure."""
    report = Report(games=1)
    report.moves = report.longest = _play(game, state, seed, max_moves, illegal_samples, check_every_legal_move,
                                          0.0, report.coverage, f"from a given position, seed={seed}")
    return report


def _play(game: Game, state: Any, seed: int, max_moves: int, illegal_samples: int, check_every_legal_move: bool,
          bot_share: float, coverage: Coverage, where: str) -> int:
    chooser = Rng.from_seed(seed ^ 0x5EED)
    bot_rng = Rng.from_seed(seed ^ 0xB07)  # its own stream: with no bot share, the games are as they always were
    players = list(state.players)
    seen_names: set[tuple[str, str]] = set()
    history: list[str] = []

    def fail(problem: str) -> ConformanceFailure:
        return ConformanceFailure(f"{game.id}: {problem}\n  {where}\n  moves: {history[-12:]}")

    seen: list[Move] = []
    while not game.is_over(state):
        if len(history) >= max_moves:
            raise fail(f"the game did not end within {max_moves} moves")
        seen_names |= _names_in_facts(_check_state(game, state, fail), players)
        legal = game.legal_moves(state)
        if not legal:
            raise fail(f"no legal move for {game.current_player(state)} in a game that is not over")
        legal_set = set(legal)
        if len(legal_set) != len(legal):
            raise fail("legal_moves lists a move twice")
        choice = game.large_choice(state)
        for move in legal if check_every_legal_move else [chooser.choice(legal)]:
            _check_accepted(game, state, move, fail)
        if choice is not None:
            _check_large_choice(game, state, legal, choice, chooser, fail)
        _check_rejections(game, state, legal_set, choice, seen, chooser, illegal_samples, fail)
        seen.extend(legal[:20])
        if game.current_player(state) == CHANCE:
            move = game.sample_chance(state)
        elif bot_share and bot_rng.next_u64() < bot_share * 2**64:
            move = game.bot(state, legal, bot_rng)
            if move not in legal_set and not (choice and choice.admits(move)):
                raise fail(f"the bot chose {move}, which is not a legal move")
        else:
            move = chooser.choice(legal)
        history.append(f"{game.current_player(state)}: {move}")
        coverage.add_move(move)
        state = game.apply(state, move)
    seen_names |= _names_in_facts(_check_state(game, state, fail), players)
    coverage.add_game(seen_names)
    if not game.winners(state):
        raise fail("the game is over but has no winner")
    return len(history)


def _check_large_choice(game: Game, state: Any, legal: list[Move], choice: Choice, chooser: Rng, fail: Any) -> None:
    """A choice listed in part: more answers than listed, the listed ones of its shape, and drawn ones accepted."""
    answers = [m for m in legal if m.verb == choice.verb]
    if len(answers) > MOST_LISTED or choice.answers() <= MOST_LISTED:
        raise fail(f"large_choice {choice.verb}: {len(answers)} listed of {choice.answers()} answers")
    if not all(choice.admits(m) for m in answers):
        raise fail(f"a listed answer does not fit large_choice {choice.verb}")
    for _ in range(3):
        _check_accepted(game, state, choice.sample(chooser), fail)


def _check_state(game: Game, state: Any, fail: Any) -> dict[str, Any]:
    """Check the state and give its facts."""
    data = game.to_json(state)
    text = json.dumps(data, ensure_ascii=False, sort_keys=True)
    if game.from_json(json.loads(text)) != state:
        raise fail("the state changed on its way through JSON")
    facts = game.observe(state)
    try:
        json.dumps(facts)
    except TypeError as exc:
        raise fail(f"observe() gave a value that is not JSON: {exc}") from None
    try:
        game.check_invariants(state)
    except AssertionError as exc:
        raise fail(f"invariant broken: {exc}") from None
    return facts


def _check_accepted(game: Game, state: Any, move: Move, fail: Any) -> None:
    try:
        parsed = game.parse(state, str(move))
    except RulesError as exc:
        raise fail(f"legal move {move!s} does not parse back: {exc}") from None
    if parsed != move:
        raise fail(f"notation does not round-trip: {move!r} -> {str(move)!r} -> {parsed!r}")
    try:
        game.apply(state, move)
    except RulesError as exc:
        raise fail(f"legal move {move} was rejected: {exc}") from None
    game.describe(state, move)


def _check_rejections(game: Game, state: Any, legal: set[Move], choice: Choice | None, seen: list[Move],
                      chooser: Rng, samples: int, fail: Any) -> None:
    pool = [m for m in [*game.move_universe(state), *seen[-200:]] if m not in legal]
    candidates: list[Move | str] = [chooser.choice(pool) for _ in range(min(samples, len(pool)))]
    candidates.append("xyzzy 42")  # never a verb of any game
    before = to_json(state)
    for move in candidates:
        try:
            game.apply(state, move)
        except RulesError as exc:
            if not exc.message or not exc.rule:
                raise fail(f"rejection of {move} lacks a message or rule id") from None
            known = {**game.error_codes, **CORE_ERROR_CODES}
            if exc.code not in known:
                raise fail(f"rejection of {move} uses undeclared error code {exc.code!r}") from None
        else:
            canonical = game.check_move(state, move) if isinstance(move, Move) else None
            if canonical is None or (canonical not in legal and not (choice and choice.admits(canonical))):
                raise fail(f"move {move} is not in legal_moves but was accepted")
            # else: another spelling of a legal move (a name the game reads as a card now in play)
        if to_json(state) != before:
            raise fail(f"rejected move {move} changed the state")

