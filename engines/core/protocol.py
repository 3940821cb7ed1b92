"""The game protocol every engine implements (after OpenSpiel's Game/State and boardgame.io's moves).

A game is a stateless object; all that changes lives in a dataclass state. ``apply`` never mutates
the state it is given: it works on a deep copy, so a rejected move leaves the original exactly as it
was, and validating a move is applying it and throwing the result away (same code, same message).
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from .choices import Choice
from .errors import BadNotation, BadSetup, GameOver, UnknownCard, WrongPlayer
from .korean import josa
from .moves import Move
from .names import NameIndex, normalize
from .rng import Rng
from .serial import clone, from_json, to_json

MAX_MOVE_CHARS = 300  # a move names a few cards; longer text is a mistake (and costs time to match)
CHANCE = "chance"
"""The pseudo-player who shuffles, rolls and reveals; its moves can be scripted or sampled from the seed."""


@dataclass(kw_only=True)
class BaseState:
    """What every game state holds: the players in seating order, the PRNG and the chosen options."""

    players: list[str]
    rng: Rng
    options: Mapping[str, Any] = field(default_factory=dict)  # read-only once set up: copies share it


@dataclass(frozen=True)
class Option:
    """A named engine option: a rule variant or a reading of an unclear rule.

    ``choices`` are the values it may take (the default among them); a yes/no option needs none.
    The conformance harness plays every alternative, alone and all together. ``context`` names the other
    options under which the rule it reads comes into play at all (a military reading needs a game with
    military cards): the harness plays each alternative with them. A reading that shows in several games
    (both editions of a card) gives a tuple of such contexts, and each alternative is played in each.
    """

    default: Any
    description: str  # Korean: what it changes and, for a reading, why the default was chosen
    choices: tuple[Any, ...] = ()
    context: Mapping[str, Any] | tuple[Mapping[str, Any], ...] = field(default_factory=dict)
    notes: Mapping[Any, str] = field(default_factory=dict)  # Korean: what a choice brings (a mode's parts)

    def __post_init__(self) -> None:
        if not self.choices and isinstance(self.default, bool):
            object.__setattr__(self, "choices", (False, True))
        if self.choices and not any(_same_value(self.default, c) for c in self.choices):
            raise ValueError(f"option default {self.default!r} is not among its choices {self.choices!r}")

    def allows(self, value: Any) -> bool:
        """Whether ``value`` is one of the choices (any value of the default's type if none are declared)."""
        if self.choices:
            return any(_same_value(value, c) for c in self.choices)
        return type(value) is type(self.default)

    def contexts(self) -> tuple[Mapping[str, Any], ...]:
        """The games (other options) in which the harness plays each alternative."""
        return self.context if isinstance(self.context, tuple) else (self.context,)

    def alternatives(self) -> tuple[Any, ...]:
        """The choices other than the default."""
        return tuple(c for c in self.choices if not _same_value(c, self.default))


def _same_value(a: Any, b: Any) -> bool:
    """Equal and of the same type, so that ``True`` is not the choice ``1``."""
    return type(a) is type(b) and a == b


@dataclass(frozen=True)
class Verb:
    """One verb of a game's move notation, documented in Korean with an example and the rule section that
    defines that kind of move (a game may name a narrower one for a given move: ``Game.rule_of_move``).

    ``korean`` is the verb's one Korean spelling (``구매`` beside ``buy``, ``인구 늘리기`` beside ``grow``): a
    move may start with either, and parses to the same Move, whose text keeps the English verb."""

    description: str
    example: str
    rule: str = ""
    korean: str = ""


S = TypeVar("S", bound=BaseState)


def _show_choice(value: Any) -> str:
    if isinstance(value, bool) or value is None:
        return {True: "true", False: "false", None: "null"}[value]
    return str(value)


class Game(ABC, Generic[S]):
    """Base class of every engine. Subclasses fill in the class attributes and the abstract methods."""

    id: ClassVar[str]
    title: ClassVar[str]  # Korean name of the game
    state_type: ClassVar[type]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    verbs: ClassVar[Mapping[str, Verb]]
    options: ClassVar[Mapping[str, Option]] = {}
    error_codes: ClassVar[Mapping[str, str]] = {}  # this game's own codes → Korean meaning
    ordered_facts: ClassVar[frozenset[str]] = frozenset()  # facts compared as sequences (e.g. a deck)
    # Facts observe() leaves out when there is nothing to say (a pact's role once it is cancelled): a scenario may
    # check one absent with null.
    optional_facts: ClassVar[frozenset[str]] = frozenset()
    # Fact names the game no longer uses → what they became; a part written <…> stands for any one part
    # ("deck_left.<시대>": "civil_deck.<시대>"), so a scenario naming the old fact is told the new one.
    renamed_facts: ClassVar[Mapping[str, str]] = {}
    # Rule sections the core cites when it rejects a move on the game's behalf.
    setup_rule: ClassVar[str]
    turn_rule: ClassVar[str]
    notation_rule: ClassVar[str]
    end_rule: ClassVar[str]
    # A simple bot for test games, if the game has one: given the state, picks one of the legal moves it is
    # given, drawing from the Rng (the conformance harness lets it play a share of the moves, to reach the
    # late game more often). It must not change the state.
    bot: ClassVar[Callable[[Any, list[Move], Rng], Move] | None] = None

    # --- starting a game -------------------------------------------------------------------------
    def new_game(
        self,
        players: Sequence[str],
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        setup: Mapping[str, Any] | None = None,
    ) -> S:
        """The standard set-up for these players, changed by ``setup`` (game-specific) where given."""
        players = [str(p) for p in players]
        rule = self.setup_rule_of(options or {})
        if not self.min_players <= len(players) <= self.max_players:
            raise BadSetup(
                f"{josa(self.title, '은')} {self.min_players}~{self.max_players}명이 합니다 (지금 {len(players)}명).",
                rule=rule, code="player-count")
        if len({normalize(p) for p in players}) != len(players) or any(normalize(p) == CHANCE for p in players):
            raise BadSetup("플레이어 이름이 겹치거나 예약어(chance)입니다.", rule=rule, code="player-names")
        return self.setup(players, Rng.from_seed(seed), self.resolve_options(options or {}), dict(setup or {}))

    def setup_rule_of(self, options: Mapping[str, Any]) -> str:
        """The set-up section cited under these options (given or resolved): ``setup_rule`` unless the game's
        modes have set-up sections of their own."""
        return self.setup_rule

    def resolve_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        unknown = sorted(set(given) - set(self.options))
        if unknown:
            known = ", ".join(self.options) or "없음"
            raise BadSetup(f"알 수 없는 옵션 {', '.join(unknown)} (가능한 옵션: {known})",
                           rule=self.setup_rule, code="unknown-option")
        for name, value in given.items():
            option = self.options[name]
            if not option.allows(value):
                allowed = ", ".join(_show_choice(c) for c in option.choices) or type(option.default).__name__
                raise BadSetup(f"옵션 {name}에는 {_show_choice(value)} 값을 쓸 수 없습니다 (가능한 값: {allowed}).",
                               rule=self.setup_rule, code="bad-option-value")
        return {name: given.get(name, option.default) for name, option in self.options.items()}

    @abstractmethod
    def setup(self, players: list[str], rng: Rng, options: dict[str, Any], setup: dict[str, Any]) -> S:
        """Build the initial state; raise ``BadSetup`` / ``UnknownCard`` for a set-up it cannot use."""

    def completed_setup(self, setup: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
        """A set-up being made by hand, with what the game's set-up rules then require and the hand left out
        added (Dominion: a kingdom card placed in a hand joins the kingdom), and a Korean sentence for each
        addition. The set-up is otherwise untouched; one the game cannot use is left for ``setup`` to refuse."""
        return dict(setup), []

    # --- whose move, which moves -----------------------------------------------------------------
    @abstractmethod
    def current_player(self, state: S) -> str | None:
        """The player to act, ``CHANCE``, or None once the game is over."""

    @abstractmethod
    def legal_moves(self, state: S) -> list[Move]:
        """Every move the current player may make now, in a stable order; of a choice with more answers than
        ``MOST_LISTED``, only that many (``large_choice`` then gives its shape)."""

    def large_choice(self, state: S) -> Choice | None:
        """The shape of the choice now awaited when ``legal_moves`` lists only some of its answers (it has more
        than ``engines.core.choices.MOST_LISTED``); None when ``legal_moves`` lists every legal move."""
        return None

    def is_over(self, state: S) -> bool:
        return self.current_player(state) is None

    # --- applying moves ------------------------------------------------------------------------
    def apply(self, state: S, move: Move | str, by: str | None = None) -> S:
        """The state after ``move``; raises a ``RulesError`` (and changes nothing) if the rules forbid it.

        ``by`` names who claims to move; a claim by anyone but the player to act is rejected.
        """
        move = self.parse(state, move) if isinstance(move, str) else self.check_move(state, move)
        player = self.current_player(state)
        if player is None:
            raise GameOver("게임이 이미 끝났습니다.", rule=self.end_rule, move=move)
        if by is not None and self.resolve_player(state, by) != player:
            raise WrongPlayer(f"지금은 {self.player_label(player)}의 차례입니다 ({by}의 차례가 아닙니다).",
                              rule=self.turn_rule, move=move)
        new = clone(state)
        self.play(new, move)
        if player == CHANCE:
            new.rng.next_u64()  # a chance move, scripted or sampled, always advances the seed once
        return new

    def validate(self, state: S, move: Move | str, by: str | None = None) -> None:
        """Raise exactly the error ``apply`` would raise, or nothing."""
        self.apply(state, move, by)

    @abstractmethod
    def play(self, state: S, move: Move) -> None:
        """Carry out ``move`` on ``state`` in place (``apply`` hands it a private copy) or raise a RulesError."""

    def sample_chance(self, state: S) -> Move:
        """The chance move the seed gives now (uniform over the legal chance moves unless overridden)."""
        moves = self.legal_moves(state)
        return moves[state.rng.peek().below(len(moves))]

    # --- notation ----------------------------------------------------------------------------------
    def check_move(self, state: S, move: Move) -> Move:
        """A Move object checked exactly as its text would be: a verb of the game, text arguments, and
        the game's ``parse_args`` (which also makes the names canonical)."""
        if type(move) is not Move or type(move.verb) is not str or any(type(a) is not str for a in move.args):
            raise BadNotation(f"행동은 동사와 글자 인자로 된 Move여야 합니다: {move!r:.80}", rule=self.notation_rule)
        if move.verb not in self.verbs:
            raise BadNotation(f"동사 '{move.verb[:40]}': 이 게임에 없는 동사입니다. 쓸 수 있는 동사: "
                              f"{self.verb_list()}", rule=self.notation_rule)
        return self.parse_args(state, move.verb, list(move.args))

    def verb_list(self) -> str:
        """The verbs a move may start with, each English spelling with its Korean one: ``buy(구매), end(끝내기)``."""
        return ", ".join(f"{name}({verb.korean})" if verb.korean else name for name, verb in self.verbs.items())

    def korean_verbs(self) -> dict[str, str]:
        """Each verb's Korean spelling (normalized) → the English verb."""
        return {normalize(verb.korean): name for name, verb in self.verbs.items() if verb.korean}

    def _english_verb(self, tokens: list[str]) -> tuple[str, list[str]]:
        """The verb a move's tokens start with, in English, and the tokens after it: a Korean spelling may span
        several tokens (``인구 늘리기``); anything else is the first token, left for ``check_move`` to judge."""
        korean = self.korean_verbs()
        longest = max((len(spelling.split()) for spelling in (v.korean for v in self.verbs.values())), default=1)
        for j in range(min(len(tokens), longest), 0, -1):
            english = korean.get(normalize(" ".join(tokens[:j])))
            if english is not None:
                return english, tokens[j:]
        return tokens[0].casefold(), tokens[1:]

    def names(self, state: S) -> NameIndex:
        """Every name a move may contain (players, cards, lands …), all spellings. Games add theirs."""
        return NameIndex({p: () for p in state.players})

    def parse(self, state: S, text: str) -> Move:
        """Text notation → canonical Move; raises ``BadNotation`` or ``UnknownCard``."""
        if len(text) > MAX_MOVE_CHARS:
            raise BadNotation(f"행동이 너무 깁니다 ({len(text)}자; 한 행동은 {MAX_MOVE_CHARS}자까지 씁니다).",
                              rule=self.notation_rule)
        try:
            raw = Move.parse(text)
        except ValueError as exc:
            raise BadNotation(f"행동으로 읽을 수 없는 입력입니다 ({text[:60]!r}): {exc}",
                              rule=self.notation_rule) from None
        verb, args = self._english_verb([raw.verb, *raw.args])
        return self.check_move(state, Move(verb, tuple(self.names(state).join_tokens(args))))

    def parse_args(self, state: S, verb: str, args: list[str]) -> Move:
        """Check a verb's arguments (already grouped into canonical names). Games override to be strict."""
        return Move(verb, tuple(args))

    def namesakes(self, state: S, name: str) -> tuple[str, ...]:
        """The cards a spelling several of them share may name (Through the Ages' 풍작: 풍작 I, 풍작 II, 풍작 III),
        none for any other spelling: a scenario's check so written matches whichever of them the fact holds."""
        return ()

    def unknown_name(self, name: str) -> UnknownCard:
        return UnknownCard(f"{self.title}에 없는 이름입니다: '{name}'.", rule=self.notation_rule)

    def resolve_player(self, state: S, name: str) -> str | None:
        if normalize(name) == CHANCE:
            return CHANCE
        return next((p for p in state.players if normalize(p) == normalize(name)), None)

    def player_label(self, player: str) -> str:
        return "우연(chance)" if player == CHANCE else player

    @abstractmethod
    def describe(self, state: S, move: Move) -> str:
        """The move in a Korean sentence, as the player to act would make it in ``state``."""

    def rule_of_move(self, state: S, move: Move) -> str:
        """The rule section that explains making ``move`` in ``state``: its verb's; a game may name a narrower
        one (the card played, the choice being answered)."""
        verb = self.verbs.get(move.verb)
        return verb.rule if verb else ""

    # --- results and observation -----------------------------------------------------------------
    @abstractmethod
    def scores(self, state: S) -> dict[str, float]:
        """Each player's score now (victory points, culture …)."""

    @abstractmethod
    def winners(self, state: S) -> list[str]:
        """The winners once the game is over (several on a shared win), else an empty list."""

    @abstractmethod
    def observe(self, state: S) -> dict[str, Any]:
        """The documented, flat dictionary of observable facts that scenarios check.

        Keys are ``<player>.<fact>``, ``<fact>``, or either followed by ``.<card or land>``; values are
        JSON values, cards by their canonical Korean names.
        """

    # --- serialisation and testing hooks -----------------------------------------------------------
    def to_json(self, state: S) -> dict[str, Any]:
        return to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> S:
        return from_json(self.state_type, data)

    def check_invariants(self, state: S) -> None:
        """Raise AssertionError if the state breaks one of the game's own invariants."""

    def move_universe(self, state: S) -> Iterable[Move]:
        """Plausible moves, legal or not, from which the conformance harness samples illegal ones."""
        return ()
