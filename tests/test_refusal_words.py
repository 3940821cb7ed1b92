"""A refusal a reader meets from a button, a picker or the practice table states the rule, in Korean.

A structured move (a scenario's well-formed step, a move of ``Game.move_universe`` offered by the workbench's
"다른 행동 시도", the practice table's "왜?") is refused for what the rule allows, with its numbers: never with a
notation lesson, an engine's English identifier, an option's key or the engine's own search ("고를 수 있는 카드에 …
없습니다"). Only the notation codes (``engines.core.NOTATION_CODES``: text that is not a move, a name the game does
not know), which nothing but typing reaches, may teach the notation.
"""
from __future__ import annotations

import functools
import json
import re
from types import SimpleNamespace

import pytest

from engines.core import NOTATION_CODES, Move, RulesError, get_game
from tutor import workbench
from tutor.practice import NOT_ASKED, Table
from tutor.replay import replay
from tutor.scenario import builtin_path, builtin_scenarios, load_scenario

GAMES = ("dominion", "carta_impera_victoria", "through_the_ages", "history_of_the_world")

# Latin letters a card's or an age's Korean name keeps: ages (A, I–IV), pact roles and sides (A, B).
NAME_LETTERS = {"A", "B", "I", "II", "III", "IV"}
ENGINE_WORDS = ("(예: ", "고를 수 있는 카드에", "쓸 수 있는 동사", "엔진")


def engine_words(message: str) -> list[str]:
    """What in ``message`` is not the rule's own words: English identifiers, a notation example, the engine."""
    found = [w for w in re.findall(r"(?<![A-Za-z])[A-Za-z_]+(?![A-Za-z])", message) if w not in NAME_LETTERS]
    return found + [w for w in ENGINE_WORDS if w in message]


def test_the_detector():
    assert engine_words("III시대(게임의 마지막 시대)에는 패배 선언을 할 수 없습니다.") == []
    assert engine_words("풍요로운 땅 A에는 대상 카드 1개를 적습니다.") == []
    assert engine_words("지금은 steal만 할 수 있습니다.") == ["steal"]
    assert engine_words("(선택 규칙 boost_timing)") == ["boost_timing"]
    assert engine_words("고를 수 있는 카드에 은 1장이 없습니다") == ["고를 수 있는 카드에"]


@functools.cache
def traces() -> dict[str, list]:
    out: dict[str, list] = {g: [] for g in GAMES}
    for path in builtin_scenarios():
        trace = replay(load_scenario(path))
        out[trace.game.id].append((path, trace))
    return out


def _bad(refusals) -> list[str]:
    return sorted({f"{code} [{rule}] {move}: {message}" for code, rule, move, message in refusals
                   if code not in NOTATION_CODES and engine_words(message)})


@pytest.mark.parametrize("game", GAMES)
def test_the_scenarios_refusals_state_the_rule(game):
    """Every refusal a built-in scenario shows (``expect: illegal``): each declared code that a step reaches."""
    met = [(s.error["code"], s.error["rule"], s.move, s.error["message"])
           for _, trace in traces()[game] for s in trace.steps if s.verdict == "rejected" and s.error]
    assert {code for code, *_ in met} - NOTATION_CODES, "no refusal met"
    bad = _bad(met)
    assert not bad, f"{len(bad)} refusals in engine words:\n" + "\n".join(bad)


# A few positions of each game where "다른 행동 시도" lists many refusals: (scenario, steps after).
POSITIONS = {
    "dominion": [("dominion/throne-room", None), ("dominion/library", None), ("dominion/moat", 1),
                 ("dominion/bureaucrat", None), ("dominion/mine", None), ("dominion/sentry", None)],
    "carta_impera_victoria": [("carta_impera_victoria/religion", 1), ("carta_impera_victoria/setup-draft", None),
                              ("carta_impera_victoria/culture", None), ("carta_impera_victoria/economy", None)],
    "through_the_ages": [("through_the_ages/leaders", 2), ("through_the_ages/spy-sacrifice", None),
                         ("through_the_ages/war-over-technology", None),
                         ("through_the_ages/revolution-hammurabi", None),
                         ("through_the_ages/pact-offer", None)],
    "history_of_the_world": [("history_of_the_world/epoch-end", 2), ("history_of_the_world/invasion-basics", None),
                             ("history_of_the_world/monuments", None), ("history_of_the_world/fleets", None)],
}


def _positions(game):
    for name, at in POSITIONS[game]:
        try:
            text = builtin_path(name).read_text(encoding="utf-8")
        except (FileNotFoundError, KeyError, ValueError):
            continue
        result = json.loads(workbench.run(text))
        if "player" not in result:
            continue
        steps = len(result["player"]["steps"]) - 1
        for step in sorted({0, steps // 2, steps} if at is None else {at}):
            yield name, step


@pytest.mark.parametrize("game", GAMES)
def test_the_workbench_refusals_state_the_rule(game):
    met, seen = [], 0
    for _name, at in _positions(game):
        seen += 1
        for group in json.loads(workbench.refusals(at))["groups"]:
            met += [(m["code"], m["rule"], m["move"], m["reason"]) for m in group["moves"]]
    assert seen >= 2 and met, "no position of this game was tried"
    bad = _bad(met)
    assert not bad, f"{len(bad)} refusals in engine words:\n" + "\n".join(bad)


@pytest.mark.parametrize("game", GAMES)
def test_moves_of_the_universe_never_meet_the_notation(game):
    """A move the game itself offers is well formed: refused, it is refused by a rule, as text or as a Move."""
    g = get_game(game)
    bad = set()
    for path, trace in traces()[game][:12]:
        for at in sorted({0, len(trace.steps) // 2, len(trace.steps)}):
            state = trace.state_at(at)
            if g.current_player(state) is None:
                continue
            for move in g.move_universe(state):
                for tried in (move, str(move)):
                    try:
                        g.validate(state, tried)
                    except RulesError as error:
                        if error.code in NOTATION_CODES:
                            bad.add(f"{path.stem} @{at}: {move}: {error.message}")
    assert not bad, "\n".join(sorted(bad)[:20])


def test_the_tta_workbench_never_lists_a_notation_refusal():
    text = builtin_path("through_the_ages/spy-sacrifice").read_text(encoding="utf-8")
    result = json.loads(workbench.run(text))
    for at in range(len(result["player"]["steps"])):
        codes = {m["code"] for g in json.loads(workbench.refusals(at))["groups"] for m in g["moves"]}
        assert not codes & NOTATION_CODES


@pytest.mark.parametrize("game", GAMES)
def test_the_practice_tables_why_states_the_rule(game):
    """The practice table's "왜?" asks the engine about a kind of move that cannot be made now: the game's own
    moves of that kind, else the verb's example, else the bare verb (``Table._representatives``). The first
    refusal is the answer, and it says what the rule wants, not how to write the move."""
    g = get_game(game)
    bad = set()
    for path, trace in traces()[game]:
        for at in sorted({0, len(trace.steps) // 2, len(trace.steps)}):
            state = trace.state_at(at)
            if g.current_player(state) is None:
                continue
            legal = {m.verb for m in g.legal_moves(state)}
            table = SimpleNamespace(game=g, state=state)
            for verb in set(g.verbs) - legal - set(NOT_ASKED.get(game, ())):
                for move in Table._representatives(table, verb):
                    try:
                        g.validate(state, move)
                    except RulesError as error:
                        if engine_words(error.message) or error.code in NOTATION_CODES:
                            bad.add(f"{verb} ({error.code}) [{error.rule}]: {error.message}")
                        break
    assert not bad, f"{len(bad)}:\n" + "\n".join(sorted(bad))


def _tta_round_two():
    g = get_game("through_the_ages")
    state, n = g.new_game(["윤주", "민호"], seed=3, options={"mode": "full"}), 0
    while state.round < 2:  # round 1: everyone takes a card and ends the turn
        moves = g.legal_moves(state)
        state = g.apply(state, next(m for m in moves if m.verb == "end") if n % 2 else moves[0])
        n += 1
    return g, state


def _why(g, state, verb):
    for move in Table._representatives(SimpleNamespace(game=g, state=state), verb):
        try:
            g.validate(state, move)
        except RulesError as error:
            return error
    return None


def test_the_tta_why_of_round_two_names_what_the_move_needs():
    g, state = _tta_round_two()
    hand = state.civs[g.current_player(state)].hand
    assert not any(c.startswith(("monarchy", "theocracy", "despotism", "iron")) for c in hand)  # nothing to play
    revolution, develop = _why(g, state, "revolution"), _why(g, state, "develop")
    assert "정부 카드" in revolution.message and revolution.rule == "tta.simple.round2.government.revolution"
    assert "기술 카드" in develop.message and develop.rule == "tta.simple.round2.technology"
    war = _why(g, state, "war")
    assert war.code not in NOTATION_CODES and "전쟁 카드" in war.message


def test_a_building_cites_the_section_of_its_kind():
    g, state = _tta_round_two()
    rules = {text: g.rule_of_move(state, g.parse(state, text))
             for text in ("build 철학", "build 종교", "build 농업", "build 청동", "build 전사", "destroy 전사",
                          "upgrade 농업 관개농업", "upgrade 전사 검사")}
    assert rules == {"build 철학": "tta.simple.round2.urban", "build 종교": "tta.simple.round2.urban",
                     "build 농업": "tta.simple.round2.build", "build 청동": "tta.simple.round2.build",
                     "build 전사": "tta.simple.round2.military", "destroy 전사": "tta.simple.round2.military",
                     "upgrade 농업 관개농업": "tta.simple.round2.upgrade",
                     "upgrade 전사 검사": "tta.simple.round2.military-upgrade"}
