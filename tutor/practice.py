"""A practice table: one whole game, seats for people and for the computer, the rules enforced and explained.

The practice page (``docs/<game>/practice.md``, drawn by ``docs/_static/practice/practice.js``) runs this module
in Pyodide. Like the Sandbox's ``tutor.live.Session``, which it builds on, every request answers with a JSON
snapshot the page draws: the board, whose turn it is, the legal moves as Korean buttons grouped by kind, a refusal
with its rule, "왜?" for the kinds of move that cannot be made now, the game log (each move linked to the section
that defines it, ``Game.rule_of_move``), undo (a person's move, with the computers' moves after it) and the export
as a scenario ``tutor check`` replays to the same position.

Hidden information belongs to a viewer: with two or more people at one screen the table draws the board for the
person whose turn it is, and between two people's turns it shows nothing but the hand-off ("다음 사람에게
넘기기"). The engines know nothing of this; the views draw other players' hidden cards face down
(``tutor.views.render(..., viewer=...)``) and the log words those moves without naming the cards.
"""
from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import yaml

from engines.core import CHANCE, Game, Move, RulesError, Rng, get_game
from engines.core.data import load_data
from engines.core.korean import josa
from engines.core.names import INVISIBLE

from . import bots, views
from .live import Session
from .narrate import account, change_words, changed_facts
from .views import fact_text
from .yamlsource import too_deep

FORMAT = 1
"""The version of a saved game (``Table.save``); a save of a newer format is refused with a Korean message."""

NAMES = ("윤주", "민호", "서연", "지훈", "하은", "도윤")
"""The seats' names the page offers first."""

MOST_MOVES = 3_000
"""A saved game longer than this is refused before it is replayed (a save is untrusted: a notebook on the site's
origin can write one). Whole games between the computer players run 150–430 moves (4–6 seats); resuming replays
every move, about 0.5 ms each in the browser, so the longest save allowed resumes in a few seconds, well within
the live client's time budget."""

# Facts another viewer must not see: in the board (see the views) and in the log's sentences. A deck's order is
# known to nobody.
HIDDEN_FACTS = {"dominion": ("hand",), "carta_impera_victoria": ("hand", "packet"),
                "through_the_ages": ("military_hand",), "history_of_the_world": ("cards",)}
SECRET_FACTS = {"dominion": ("deck",)}
# Moves whose notation names a hidden card: the others read only who moved and what kind of move it was.
SECRET_VERBS = {"carta_impera_victoria": ("keep", "give"), "through_the_ages": ("event", "discard"),
                "history_of_the_world": ("take", "keep", "give")}
# Verbs "왜?" does not ask about: an old spelling (Dominion's choose) and chance's own moves.
NOT_ASKED = {"dominion": ("choose", "shuffle"), "history_of_the_world": ("roll",)}
# The fact the export's closing check compares for every player (with every plain fact of the whole table).
SCORE_FACT = {"dominion": "vp", "carta_impera_victoria": "score", "through_the_ages": "culture",
              "history_of_the_world": "score"}

# The kinds of move, as the page's groups of buttons name them.
VERB_LABELS: dict[str, dict[str, str]] = {
    "dominion": {"play": "카드 내기", "buy": "사기", "end": "단계 끝내기", "choose": "고르기", "gain": "얻기",
                 "trash": "폐기하기", "discard": "버리기", "topdeck": "덱 위에 올리기", "reveal": "공개하기",
                 "keep": "그대로 두기", "skip": "건너뛰기", "pass": "넘기기", "shuffle": "섞기"},
    "carta_impera_victoria": {"play": "카드 내려놓기", "use": "능력 쓰기", "inspire": "영감", "sacrifice": "바치기",
                              "discard": "버리기", "take": "가져오기", "give": "돌려주기", "keep": "남기기",
                              "end": "차례 끝내기"},
    "through_the_ages": {
        "take": "카드 가져오기", "grow": "인구 늘리기", "build": "짓기", "upgrade": "향상하기", "destroy": "해체하기",
        "wonder": "문화 유산 짓기", "leader": "지도자 추대하기", "develop": "기술 개발", "revolution": "혁명",
        "action": "행동 카드 쓰기", "choose": "선택에 답하기", "churchill": "처칠의 능력", "end": "턴 마치기",
        "pass": "넘기기", "event": "미래 이벤트 묻기", "attack": "침략", "defend": "방어", "bid": "입찰",
        "colonize": "식민지 만들기", "settle": "콜럼버스의 정착", "dismiss": "알렉산드로스 내보내기", "pact": "조약 제안",
        "accept": "조약 받아들이기", "refuse": "조약 거절", "cancel": "조약 파기", "war": "전쟁 선언",
        "resign": "패배 선언", "sacrifice": "희생", "steal": "빼앗기", "claim": "국제 협약", "ravage": "세월의 풍파",
        "trade": "교역", "tactics": "전술 내려놓기", "copy": "공용 전술 쓰기", "discard": "군사 카드 버리기",
        "split": "식량·자원 나누기", "pick": "잃을 것 고르기"},
    "history_of_the_world": {
        "take": "카드 고르기", "keep": "카드 갖기", "give": "카드 주기", "kingdom": "왕국 세우기", "found": "제국 세우기",
        "play": "강화 카드 쓰기", "invade": "침공", "siege": "공성", "retreat": "후퇴", "reroll": "다시 굴리기",
        "stand": "결과 받아들이기", "fortify": "요새 놓기", "monument": "기념물 세우기", "retire": "군대 퇴역",
        "bump": "승점 마커 비키기", "roll": "주사위"},
}


@dataclass(frozen=True)
class Choice:
    """One set-up question of the page: its values as (id, Korean label), the first the default."""
    key: str
    label: str
    values: tuple[tuple[str, str], ...]


CHOICES: dict[str, tuple[Choice, ...]] = {
    "dominion": (Choice("kingdom", "왕국 카드", (("first", "추천 왕국 (첫 게임)"), ("random", "무작위 왕국"))),),
    "carta_impera_victoria": (
        Choice("mode", "준비 방식", (("basic", "기본"), ("draft", "드래프트"), ("team", "팀 게임 (4명)"))),),
    "through_the_ages": (Choice("mode", "게임 방식", (("simple", "맛보기"), ("advanced", "숙련"), ("full", "본격"))),
                         Choice("edition", "판", (("2006", "2006년판"), ("2015", "2015년판")))),
    "history_of_the_world": (Choice("map", "지도", (("teaching", "교육용 지도"),)),),
}


class TableError(ValueError):
    """A table that cannot be set up or a save that cannot be loaded: ``message`` says why in Korean."""


@dataclass(frozen=True)
class Seat:
    name: str
    level: str = ""  # "" for a person, else the computer's level (tutor.bots.LEVELS)

    @property
    def is_person(self) -> bool:
        return not self.level

    def label(self) -> str:
        return "사람" if self.is_person else f"컴퓨터, {bots.LEVEL_NAMES[self.level]}"


def engine_setup(game_id: str, picked: dict[str, str], players: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """The engine's (options, setup) for the page's set-up choices; raises ``TableError`` for an impossible one."""
    values = {c.key: picked.get(c.key, c.values[0][0]) for c in CHOICES[game_id]}
    for choice in CHOICES[game_id]:
        if values[choice.key] not in dict(choice.values):
            raise TableError(f"{josa(choice.label, '은')} {', '.join(dict(choice.values).values())} 가운데 하나입니다.")
    if game_id == "dominion":
        return {}, ({"kingdom": "random"} if values["kingdom"] == "random" else {})
    if game_id == "carta_impera_victoria":
        if values["mode"] == "team":
            if players != 4:
                raise TableError(f"팀 게임은 4명이 합니다 (지금 {players}명).")
            return {"team": True}, {}
        return {"mode": values["mode"]}, {}
    if game_id == "through_the_ages":
        return {"mode": values["mode"], "edition": int(values["edition"])}, {}
    return {}, {"map": values["map"]}


def setup_info(game_id: str) -> dict[str, Any]:
    """What the page's set-up form offers for one game, and the computer's strategy lines."""
    game = get_game(game_id)
    strategy = bots.strategy(game).STRATEGY
    return {
        "title": game.title, "min": game.min_players, "max": game.max_players, "names": list(NAMES[:game.max_players]),
        "choices": [{"key": c.key, "label": c.label, "values": [list(v) for v in c.values]} for c in CHOICES[game_id]],
        "levels": [[level, bots.LEVEL_NAMES[level], strategy[level]] for level in bots.LEVELS],
        "rules": rule_links(game_id),
    }


class Table:
    """A practice game: the seats, the set-up it was started with, and a ``Session`` holding its moves."""

    def __init__(self, game_id: str, seats: list[Seat], picked: dict[str, str] | None = None, seed: int = 1) -> None:
        self.game: Game = get_game(game_id)
        names = [s.name for s in seats]
        if not self.game.min_players <= len(seats) <= self.game.max_players:
            raise TableError(f"{self.game.title}에는 {self.game.min_players}~{self.game.max_players}명이 앉습니다 "
                             f"(지금 {len(seats)}명).")
        if len(set(names)) != len(names) or any(not n.strip() or n == CHANCE for n in names):
            raise TableError("자리마다 서로 다른 이름을 적어 주세요.")
        if any("." in n for n in names):  # as in a scenario: "<player>.<fact>" would split at the dot
            raise TableError("이름에는 마침표(.)를 쓸 수 없습니다.")
        if any(INVISIBLE.search(n) for n in names):  # two seats would read the same on every screen
            raise TableError("이름에 보이지 않는 문자(폭 없는 공백 같은 것)가 있습니다. 보이는 글자로만 적어 주세요.")
        if any(s.level and s.level not in bots.LEVELS for s in seats):
            raise TableError("컴퓨터의 수준은 쉬움이나 보통입니다.")
        self.seats = {s.name: s for s in seats}
        self.picked = dict(picked or {})
        self.seed = seed
        self.options, self.setup = engine_setup(game_id, self.picked, len(seats))
        try:
            state = self.game.new_game(names, seed=seed, options=self.options, setup=self.setup)
        except RulesError as error:
            raise TableError(error.message) from None
        self.session = Session(self.game, state, f"{self.game.title} 연습 게임")
        self.people = [s.name for s in seats if s.is_person]
        self.log: list[dict[str, Any]] = [{"at": 0, "by": "", "text": self._opening(),
                                           "rule": self.game.setup_rule_of(self.options)}]
        self.why: dict[str, Any] | None = None
        self._settle()
        first = self.to_move()
        self.viewer: str | None = first if first in self.people else self.people[0] if self.people else None

    # --- what the table knows ---------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.session.state

    def to_move(self) -> str | None:
        return self.game.current_player(self.state)

    def handoff(self) -> str:
        """The person the screen must be handed to before anything is drawn ("" when no hand-off is due)."""
        now = self.to_move()
        if len(self.people) < 2 or now not in self.people or now == self.viewer:
            return ""
        return now

    def sees(self, player: str) -> bool:
        """Whether the person looking at the screen may see ``player``'s hidden cards."""
        return self.viewer is None or player == self.viewer or self.to_move() is None

    # --- requests ---------------------------------------------------------------------------------
    def handle(self, op: str, arg: str = "") -> dict[str, Any]:
        """One request of the page; answers the new snapshot. ``play`` (notation, by the person to move),
        ``bot`` (the computer to move makes its move), ``reveal`` (the next person has the screen), ``why`` (a
        verb), ``undo``, ``look`` (nothing: the snapshot as it is)."""
        actions = {"play": lambda: self.play(arg), "bot": self.bot_move, "reveal": self.reveal,
                   "why": lambda: self.explain(arg), "undo": self.undo, "look": lambda: None}
        if op not in actions:
            raise ValueError(f"unknown practice request: {op!r}")
        if op != "why":
            self.why = None
        actions[op]()
        return self.snapshot()

    def play(self, notation: str) -> RulesError | None:
        """A person's move; refused (state unchanged) when the rules forbid it or it is not a person's turn."""
        now = self.to_move()
        if now is not None and now not in self.people:
            error = RulesError(f"지금은 {self._seat_label(now)} 차례입니다.", rule=self.game.turn_rule,
                               code="wrong-player")
            self.session.last_error = error
            return error
        if self.handoff():
            return None  # the screen has not been handed over yet: nothing is drawn, nothing is played
        error = self._move(notation)
        if error is not None:
            self.log.append({"at": len(self.session.moves), "by": now, "tried": notation.strip()[:80],
                             "text": error.message, "rule": error.rule, "code": error.code})
        return error

    def bot_move(self) -> bool:
        """The computer whose turn it is makes its move (and any chance that follows is drawn)."""
        now = self.to_move()
        seat = self.seats.get(now or "")
        if seat is None or seat.is_person:
            return False
        rng = Rng.from_seed((self.seed * 1_000_003 + len(self.session.moves)) ^ 0xB075)
        move = bots.choose(self.game, self.state, seat.level, rng)
        error = self._move(str(move))
        if error is not None:  # a bot only picks legal moves: this is an engine or bot bug, not a reader's error
            raise RuntimeError(f"{self.game.id}: the bot's move {move} was refused: {error.message}")
        return True

    def reveal(self) -> None:
        if self.handoff():
            self.viewer = self.to_move()

    def explain(self, verb: str) -> None:
        """Why no move of kind ``verb`` can be made now: the engine's refusal of a representative move."""
        label = VERB_LABELS.get(self.game.id, {}).get(verb, verb)
        if verb not in self.game.verbs:
            self.why = {"verb": verb, "label": label, "message": f"'{verb}'는 이 게임의 행동이 아닙니다.",
                        "rule": self.game.notation_rule, "code": "bad-notation"}
            return
        error = None
        for move in self._representatives(verb):
            try:
                self.game.validate(self.state, move)
            except RulesError as refused:
                error = refused
                break
        if error is None:
            self.why = {"verb": verb, "label": label, "message": "지금 할 수 있는 행동입니다: 위의 단추에서 고르세요.",
                        "rule": "", "code": ""}
        else:
            self.why = {"verb": verb, "label": label, "message": error.message, "rule": error.rule, "code": error.code}

    def _representatives(self, verb: str) -> list[Move]:
        """Moves of ``verb`` to ask the engine about: a plausible one of the game's own, else the verb's example."""
        universe = [m for m in self.game.move_universe(self.state) if m.verb == verb]
        moves: list[Move] = universe[:3]
        try:
            moves.append(self.game.parse(self.state, self.game.verbs[verb].example))
        except RulesError:
            pass
        return moves + [Move(verb, ())]

    def undo(self) -> bool:
        """Take back the last person's move and every computer's and chance's move after it (the table agreed)."""
        moves = self.session.moves
        last = max((i for i, (by, _) in enumerate(moves) if by in self.people), default=None)
        if last is None:
            return False
        taken = moves[last]
        while len(self.session.moves) > last:
            self.session.undo()
        self.log = [e for e in self.log if e["at"] < last or ("move" not in e and e["at"] <= last)]
        self.log.append({"at": last, "by": taken[0], "text": f"{josa(taken[0], '이')} 둔 수를 되돌렸습니다 "
                         "(모두 동의함).", "rule": ""})
        self.session.last_error = None
        return True

    # --- moves ------------------------------------------------------------------------------------
    def _move(self, notation: str) -> RulesError | None:
        by = self.to_move() or ""
        before = self.state
        error = self.session.play(notation)
        if error is None:
            self._log_move(by, before)
            self._settle()
        return error

    def _settle(self) -> None:
        """Chance moves (dice, shuffles) are drawn from the game's seed, as the scenario's replay does."""
        for _ in range(100):
            if self.to_move() != CHANCE:
                break
            before = self.state
            self.session.roll()
            self._log_move(CHANCE, before)
        if self.to_move() is None and not any(e.get("end") for e in self.log):
            self.log.append({"at": len(self.session.moves), "by": "", "end": True, "text": self.result(),
                             "rule": self.game.end_rule})

    def _log_move(self, by: str, before: Any) -> None:
        _, notation = self.session.moves[-1]
        move = self.game.parse(before, notation)
        facts_before, facts_after = self.game.observe(before), self.game.observe(self.state)
        hidden = HIDDEN_FACTS.get(self.game.id, ())
        never = SECRET_FACTS.get(self.game.id, ())

        def changed(keep_own: bool) -> dict[str, list[Any]]:
            out = {}
            for key, value in facts_after.items():
                if facts_before.get(key) == value:
                    continue
                parts = key.split(".")
                if len(parts) > 1 and parts[0] in self.seats and (parts[1] in never or (
                        parts[1] in hidden and not (keep_own and parts[0] == by))):
                    continue
                out[key] = [facts_before.get(key), value]
            return out

        description = self.game.describe(before, move)
        own, own_more = account(self.game, description, changed(True), self.state.players)
        rule = public_rule = self.game.rule_of_move(before, move)
        if move.verb in SECRET_VERBS.get(self.game.id, ()):
            label = VERB_LABELS[self.game.id].get(move.verb, move.verb)
            public, public_more = f"{josa(by, '이')} 다른 사람에게 보이지 않게 '{label}' 행동을 했습니다.", []
            public_rule = self.game.verbs[move.verb].rule  # the kind of move only: a card's own rule would name it
        else:
            public, public_more = account(self.game, description, changed(False), self.state.players)
        said = " ".join(AFTERMATH[self.game.id](self, before, move, facts_before, facts_after)
                        if self.game.id in AFTERMATH else [])
        own, public = (f"{own} {said}", f"{public} {said}") if said else (own, public)
        self.log.append({"at": len(self.session.moves) - 1, "move": notation, "by": by, "own": own, "public": public,
                         "own_more": own_more, "public_more": public_more, "rule": rule, "public_rule": public_rule})

    # --- what the page draws ----------------------------------------------------------------------
    def result(self) -> str:
        """The end in one line: the winners and what decided it (the log keeps it; the end screen adds ``ending``)."""
        winners = self.game.winners(self.state)
        lines = self.ending()
        said = f"승자: {_and(winners)}." if winners else "이긴 사람이 없습니다."
        return f"게임이 끝났습니다. {lines[0]} {said} {lines[-1]}"

    def ending(self) -> list[str]:
        """The end screen's account of the result: why the game ended, each player's score and where it came from,
        then what decided the winner (a tie-break, an instant win). The engine scored; this only says how."""
        facts = self.game.observe(self.state)
        scores = self.game.scores(self.state)
        winners = self.game.winners(self.state)
        explain = ENDINGS.get(self.game.id, _plain_ending)
        return [self.why_ended(facts), *explain(self.game, self.state.players, facts, scores, winners)]

    def why_ended(self, facts: dict[str, Any]) -> str:
        """Why the game is over, in one sentence, from the engine's facts ("속주 더미가 바닥났습니다", …)."""
        return REASONS[self.game.id](self, facts)

    def _opening(self) -> str:
        picked = [dict(c.values)[self.picked.get(c.key, c.values[0][0])] for c in CHOICES[self.game.id]]
        seats = ", ".join(f"{s.name}({s.label()})" for s in self.seats.values())
        return f"게임을 시작합니다: {seats}. 준비: {', '.join(picked)}, 시드 {self.seed}."

    def _seat_label(self, player: str) -> str:
        seat = self.seats.get(player)
        return _who(self.game, player) if seat is None else f"{player} ({seat.label()})"

    @property
    def turn_word(self) -> str:
        return views.turn_word(self.game)  # 턴 or 차례, as the game's glossary says

    def banner(self) -> dict[str, str]:
        """Whose turn it is, said plainly at the top of the table: a person's, the computer's, or nobody's."""
        now = self.to_move()
        if now is None:
            return {"kind": "over", "text": "게임이 끝났습니다"}
        seat = self.seats.get(now)
        if seat is None:
            return {"kind": "chance", "text": "주사위나 카드 섞기를 기다립니다"}
        owner, card = self.decision_for()
        if owner:
            whose = f"{owner}의 {self.turn_word}에 {josa(owner, '이')} 낸 {card}" if card else f"{owner}의 {self.turn_word}"
            if seat.is_person:
                return {"kind": "person", "text": f"{josa(now, '이')} 결정합니다 (사람): {whose}에 답하세요"}
            return {"kind": "computer",
                    "text": f"{josa(now, '이')} 결정합니다 (컴퓨터, {bots.LEVEL_NAMES[seat.level]}): {whose}에 답합니다"}
        if seat.is_person:
            return {"kind": "person", "text": f"{now}의 {self.turn_word}입니다 (사람): 아래에서 할 행동을 고르세요"}
        return {"kind": "computer", "text": f"{now}의 {self.turn_word}입니다 (컴퓨터, {bots.LEVEL_NAMES[seat.level]})"}

    def decision_for(self) -> tuple[str, str]:
        """(whose turn it is, the card asking) when the player to move decides during another player's turn (a
        Militia played against them); ("", "") otherwise."""
        facts = self.game.observe(self.state)
        owner, now = facts.get("turn"), self.to_move()
        if not owner or owner == now or now == CHANCE or owner not in self.state.players:
            return "", ""
        decision = facts.get("decision") if self.game.id == "dominion" else None
        return owner, _dominion_card(decision) if decision else ""

    def status(self, now: str | None) -> str:
        """The status row: whose turn, and who decides when it is someone else ("턴: 민호 · 결정: 윤주 (사람)")."""
        if now is None:
            return "게임이 끝났습니다"
        owner, _ = self.decision_for()
        if owner:
            return f"{self.turn_word}: {owner} · 결정: {self._seat_label(now)}"
        return f"{self.turn_word}: {self._seat_label(now)}"

    def prompt(self) -> str:
        """The question a person must answer now, with the card that asks it ("" when nothing is asked)."""
        ask = PROMPTS.get(self.game.id)
        return ask(self) if ask else ""

    def preview(self) -> tuple[list[str], list[str]]:
        """What ending this turn will do to the person's civilization, each line before and after, and the
        warnings that must not stay folded (an uprising, a famine, corruption), from the engine's own result."""
        player = self.to_move()
        forecast = FORECASTS.get(self.game.id)
        if forecast is None or player not in self.people:
            return [], []
        return forecast(self, player)

    def last_computer_move(self) -> str:
        """The sentence of the computer's last move while it is still the computers' turn, so the table shows
        it next to the board rather than only in the log."""
        entry = next((e for e in reversed(self.log) if "move" in e), None)
        if entry is None or entry["by"] in self.people:
            return ""
        text = entry["own"] if self.sees(entry["by"]) else entry["public"]
        return text if entry["by"] == CHANCE or text.startswith(entry["by"]) else f"{entry['by']}: {text}"

    def snapshot(self) -> dict[str, Any]:
        """Everything the page draws, for the person at the screen; nothing hidden from them is in it."""
        now = self.to_move()
        seat = self.seats.get(now or "")
        handoff = self.handoff()
        common = {
            "game": self.game.id, "title": self.session.title, "over": now is None,
            "turn": self.status(now),
            "turn_word": self.turn_word, "banner": self.banner(),
            "to_move": now or "", "bot": bool(seat and not seat.is_person), "handoff": handoff,
            "viewer": self.viewer or "", "moves_made": len(self.session.moves),
            "seats": [[s.name, s.label()] for s in self.seats.values()],
            "goal": "" if now is None else GOALS[self.game.id](self, self.game.observe(self.state)),
        }
        if handoff:
            return {**common, "view": "", "groups": [], "blocked": [], "log": [], "error": None, "why": None,
                    "preview": [], "warnings": [],
                    "can_undo": False, "result": ""}
        person_to_move = seat is not None and seat.is_person
        error = self.session.last_error
        preview, warnings = self.preview()
        return {
            **common,
            "view": views.render(self.game, self.state, None if now is None else self.viewer),
            "groups": self._groups() if person_to_move else [],
            "blocked": self._blocked() if person_to_move else [],
            "example": next(iter(self.game.verbs.values())).example,
            "error": error and {"message": error.message, "code": error.code, "rule": error.rule},
            "why": self.why,
            "log": self._log_for_viewer(),
            "can_undo": now is not None and any(by in self.people for by, _ in self.session.moves),
            "result": self.result() if now is None else "",
            "ending": self.ending() if now is None else [],
            "prompt": self.prompt() if person_to_move else "",
            "preview": preview,
            "warnings": warnings,
            "last": self.last_computer_move(),
        }

    def _groups(self) -> list[dict[str, Any]]:
        return legal_groups(self.session)

    def _blocked(self) -> list[dict[str, str]]:
        """The kinds of move a player makes that have no legal move now (chance's own verbs left out)."""
        legal = {m.verb for m in self.game.legal_moves(self.state)}
        labels = VERB_LABELS.get(self.game.id, {})
        skip = NOT_ASKED.get(self.game.id, ())
        return [{"verb": v, "label": labels.get(v, v)} for v in self.game.verbs if v not in legal and v not in skip]

    def _log_for_viewer(self) -> list[dict[str, Any]]:
        out = []
        for entry in self.log:
            if "move" in entry:
                sees = self.sees(entry["by"])
                text = entry["own"] if sees else entry["public"]
                who = _who(self.game, entry["by"])
                if entry["by"] != CHANCE and not text.startswith(entry["by"]):  # some engines word a move without its player
                    text = f"{who}: {text}"
                out.append({"n": entry["at"] + 1, "by": who, "text": text,
                            "more": entry["own_more"] if sees else entry["public_more"],
                            "rule": entry["rule"] if sees else entry["public_rule"]})
            elif "tried" in entry:
                if entry["by"] == self.viewer or self.viewer is None:
                    out.append({"n": 0, "by": entry["by"], "text": f"거부된 행동 '{entry['tried']}': {entry['text']}",
                                "rule": entry["rule"], "refused": True})
            else:
                out.append({"n": 0, "by": entry["by"], "text": entry["text"], "rule": entry["rule"]})
        return out[-400:]

    # --- save, resume, export ---------------------------------------------------------------------
    def save(self) -> str:
        """The game as a versioned JSON string the page keeps in the browser (localStorage)."""
        return json.dumps({"format": FORMAT, "game": self.game.id, "seats": [asdict(s) for s in self.seats.values()],
                           "picked": self.picked, "seed": self.seed, "moves": self.session.moves,
                           "viewer": self.viewer}, ensure_ascii=False)

    @classmethod
    def resume(cls, text: str) -> Table:
        """The saved game, replayed move by move; a save that no longer loads raises ``TableError`` in Korean."""
        if not isinstance(text, str) or len(text) > MOST_SAVE_CHARS or too_deep(text, MOST_SAVE_NESTING) is not None:
            # bounded before parsing: a deeply nested save overflows the browser's Python stack
            raise TableError("저장된 게임이 망가져 읽을 수 없습니다 (너무 크거나 너무 깊게 중첩되어 있습니다).")
        try:
            data = json.loads(text)
        except (TypeError, ValueError, RecursionError):
            raise TableError("저장된 게임이 망가져 읽을 수 없습니다.") from None
        if not isinstance(data, dict) or not isinstance(data.get("format"), int):
            raise TableError("저장된 게임이 망가져 읽을 수 없습니다 (형식 표시가 없습니다).")
        if data["format"] > FORMAT:
            raise TableError(f"이 게임은 더 새로운 판의 사이트에서 저장되었습니다 (저장 형식 {data['format']}, 이 사이트는 "
                             f"{FORMAT}까지 읽습니다). 사이트를 새로 고치거나 새 게임을 시작하세요.")
        try:
            seats = [Seat(str(s["name"]), str(s.get("level", ""))) for s in data["seats"]]
            seed = data["seed"]
            if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
                raise TableError("저장된 게임이 망가져 읽을 수 없습니다 (시드가 0 이상의 정수가 아닙니다).")
            table = cls(str(data["game"]), seats, {str(k): str(v) for k, v in dict(data.get("picked", {})).items()},
                        seed)
            moves = [(str(by), str(notation)) for by, notation in data["moves"]][:MOST_MOVES + 1]
        except TableError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, LookupError, OverflowError):
            raise TableError("저장된 게임이 망가져 읽을 수 없습니다 (자리나 수의 목록이 없습니다).") from None
        if len(moves) > MOST_MOVES:
            raise TableError(f"저장된 게임의 수가 너무 많아 이어서 둘 수 없습니다 ({MOST_MOVES:,}수 넘게 적혀 있습니다. 이 사이트는 "
                             f"{MOST_MOVES:,}수까지 이어서 둡니다). 저장은 지우지 않았습니다.")
        for n, (by, notation) in enumerate(moves, 1):
            if len(table.session.moves) >= n:  # a chance move the table drew itself, already made
                if table.session.moves[n - 1] != (by, notation):
                    raise TableError(f"저장된 게임의 {n}번째 수({notation})가 지금 엔진의 결과와 다릅니다. "
                                     "엔진이 바뀌었거나 저장이 망가졌습니다.")
                continue
            if by != table.to_move():
                raise TableError(f"저장된 게임의 {n}번째 수({notation})를 둘 차례가 맞지 않습니다. "
                                 "엔진이 바뀌었거나 저장이 망가졌습니다.")
            error = table._move(notation)
            if error is not None:
                raise TableError(f"저장된 게임의 {n}번째 수({notation})를 지금 엔진이 받아들이지 않습니다: "
                                 f"{error.message}") from None
        viewer = data.get("viewer")
        table.viewer = viewer if viewer in table.people else table.viewer
        table.session.last_error = None
        return table

    def to_scenario(self) -> str:
        """The game so far as a scenario: ``tutor check`` replays it and checks it reaches this position."""
        facts = self.game.observe(self.state)
        score = SCORE_FACT[self.game.id]
        check = {k: v for k, v in facts.items() if "." not in k and isinstance(v, (int, str)) and not isinstance(v, bool)}
        check.update({f"{p}.{score}": facts[f"{p}.{score}"] for p in self.state.players if f"{p}.{score}" in facts})
        steps: list[dict[str, Any]] = [{"by": by, "move": notation} for by, notation in self.session.moves]
        steps.append({"check": check})
        scenario = {"game": self.game.id, "title": f"연습 게임에서 — {len(self.session.moves)}수 뒤",
                    "players": list(self.state.players), "seed": self.seed, "variant": self.options,
                    "setup": self.setup, "steps": steps}
        return yaml.safe_dump(scenario, allow_unicode=True, sort_keys=False, default_flow_style=None, width=200)

    def export(self) -> dict[str, str]:
        """The scenario text and a file name for it (the page makes the workbench link from the text)."""
        return {"yaml": self.to_scenario(), "file": f"{self.game.id}-practice-{len(self.session.moves)}.yaml"}


def move_groups(game: Game, moves: list[tuple[str, Any]]) -> list[dict[str, Any]]:
    """Moves as the page's groups of buttons: ``moves`` as (verb, entry) pairs, grouped by verb in the order first
    met, each group with its Korean title (the workbench's step tools group their moves the same way)."""
    labels = VERB_LABELS.get(game.id, {})
    groups: dict[str, list[Any]] = {}
    for verb, entry in moves:
        groups.setdefault(verb, []).append(entry)
    return [{"verb": v, "label": labels.get(v, v), "moves": m} for v, m in groups.items()]


def legal_groups(session: Session) -> list[dict[str, Any]]:
    """A session's legal moves as the page's groups of buttons, each move [notation, Korean description]. A group
    that holds only part of a choice's answers says so in its title, with how to type another."""
    groups = move_groups(session.game, [(notation.split(" ", 1)[0], [notation, description])
                                        for notation, description in session.legal_moves()])
    choice = session.game.large_choice(session.state)
    for group in groups:
        if choice is not None and group["verb"] == choice.verb:
            group["label"] = f"{group['label']} — {session.choice_note()}"
    return groups


def rule_links(game_id: str) -> dict[str, dict[str, str]]:
    """Rule id → {title, href relative to the docs root} of one game: from the rule index the docs build puts in
    the wheel (the page's Pyodide has no docs/), else from the docs sources."""
    index = Path(__file__).resolve().parent / "widgets" / "rule_index.json"
    if index.is_file():
        sections = json.loads(index.read_text(encoding="utf-8"))
    else:
        from .rules import defined_sections
        sections = {r: {"title": s.title, "page": s.page, "game": s.game} for r, s in defined_sections().items()}
    return {r: {"title": s["title"], "href": f"{s['page']}.html#{re.sub(r'[^a-z0-9]+', '-', r.lower()).strip('-')}"}
            for r, s in sections.items() if s["game"] == game_id}


MOST_SAVE_CHARS = 2_000_000  # a finished game of the longest game is under 100 KB
MOST_SAVE_NESTING = 8  # a save is {seats: [{…}], moves: [[by, move]]}


# --- the page's entry points (Pyodide calls these with JSON text) ---------------------------------------------
_tables: dict[str, Table] = {}


def page_info(game_id: str) -> str:
    return json.dumps(setup_info(game_id), ensure_ascii=False)


def page_new(key: str, request: str) -> str:
    """``request``: {game, seats: [{name, level}], picked, seed}; answers a snapshot or {problem}."""
    try:
        data = json.loads(request)
        seats = [Seat(str(s["name"]).strip(), str(s.get("level", ""))) for s in data["seats"]]
        _tables[key] = Table(str(data["game"]), seats, dict(data.get("picked", {})), int(data.get("seed", 1)))
    except TableError as error:
        return json.dumps({"problem": str(error)}, ensure_ascii=False)
    return json.dumps(_tables[key].snapshot(), ensure_ascii=False)


def page_resume(key: str, saved: str) -> str:
    try:
        _tables[key] = Table.resume(saved)
    except TableError as error:
        return json.dumps({"problem": str(error)}, ensure_ascii=False)
    return json.dumps(_tables[key].snapshot(), ensure_ascii=False)


def page_handle(key: str, op: str, arg: str) -> str:
    return json.dumps(_tables[key].handle(op, arg), ensure_ascii=False)


def page_save(key: str) -> str:
    return _tables[key].save()


def page_export(key: str) -> str:
    return json.dumps(_tables[key].export(), ensure_ascii=False)


# --- the end screen, the prompts and the preview, per game --------------------------------------------------
def _who(game: Game, player: str) -> str:
    return "우연" if player == CHANCE else game.player_label(player)


def _and(names: list[str]) -> str:
    """"윤주", "윤주와 민호", "윤주, 민호와 서연"."""
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])}{josa(names[-2], '와')[len(names[-2]):]} {names[-1]}"


def _plain_ending(game: Game, players: list[str], facts: dict[str, Any], scores: dict[str, float],
                  winners: list[str]) -> list[str]:
    lines = [f"{p} {scores.get(p, 0):g}점" for p in players]
    return [", ".join(lines) + ".", _winner_line(scores, winners)]


def _winner_line(scores: dict[str, float], winners: list[str]) -> str:
    if len(winners) > 1:
        return f"{_and(winners)}{josa(winners[-1], '이')[len(winners[-1]):]} 함께 이깁니다 ({scores[winners[0]]:g}점)."
    if winners:
        return f"{josa(winners[0], '이')} {scores.get(winners[0], 0):g}점으로 이깁니다."
    return "이긴 사람이 없습니다."


def _dominion_ending(game: Game, players: list[str], facts: dict[str, Any], scores: dict[str, float],
                     winners: list[str]) -> list[str]:
    """Each player's points card by card (a card whose points depend on the deck, like 정원, gets the rest),
    the turns each took, and the tie-break when the points are equal: fewer turns wins."""
    data = {row["name"]: row for row in load_data("engines.dominion", "cards.yaml")}
    lines = []
    for p in players:
        owned = Counter(c for zone in ("hand", "deck", "discard", "in_play", "set_aside") for c in facts[f"{p}.{zone}"])
        fixed = {c: n * data[c].get("vp", 0) for c, n in owned.items() if data[c].get("vp")}
        parts = [f"{c} {owned[c]}장 {v:+g}점" for c, v in sorted(fixed.items(), key=lambda cv: -cv[1])]
        rest = scores[p] - sum(fixed.values())
        counted = [c for c, n in owned.items() if "victory" in data[c]["types"] and not data[c].get("vp")]
        if counted:
            parts.append(f"{', '.join(f'{c} {owned[c]}장' for c in counted)} {rest:+g}점")
        lines.append(f"{p} {scores[p]:g}점 ({', '.join(parts) or '승점 카드 없음'}), {facts[f'{p}.turns']}턴.")
    best = max(scores.values())
    tied = [p for p in players if scores[p] == best]
    if len(tied) > 1:
        turns = ", ".join(f"{p} {facts[f'{p}.turns']}턴" for p in tied)
        head = f"{_and(tied)}{josa(tied[-1], '이')[len(tied[-1]):]} {best:g}점으로 같습니다. 동점이면 턴을 덜 한 사람이 이깁니다"
        if len(winners) < len(tied):
            lines.append(f"{head}: {turns}. 그래서 턴을 덜 한 {josa(_and(winners), '이')} 이깁니다.")
        else:
            lines.append(f"{head}: {turns}. 턴 수도 같아 {_and(winners)}{josa(winners[-1], '이')[len(winners[-1]):]} 함께 이깁니다.")
        return lines
    return [*lines, _winner_line(scores, winners)]


def _carta_ending(game: Game, players: list[str], facts: dict[str, Any], scores: dict[str, float],
                  winners: list[str]) -> list[str]:
    """A hegemony (주도권 승리) ends the game at once, whatever the dominance points; otherwise the dominance
    points decide, and equal points go to the tie-break of the rules."""
    suits = sorted({k.split(".")[2] for k in facts if k.startswith(f"{players[0]}.tableau.")})
    lines = [f"{p}: 지배력 {scores[p]:g}점 (놓은 카드 " + ", ".join(f"{s} {facts[f'{p}.tableau.{s}']}" for s in suits) + ")."
             for p in players]
    hegemony = facts.get("hegemony")
    if hegemony:
        won = [s for s in suits if facts[f"{hegemony}.tableau.{s}"] >= facts[f"{hegemony}.hegemony_target.{s}"] > 0]
        where = f"{won[0]} 분야에 {facts[f'{hegemony}.tableau.{won[0]}']}장을 놓아 " if won else ""
        return [*lines, f"{josa(hegemony, '이')} 차례를 마쳤을 때 {where}주도권 승리로 곧바로 이겼습니다. "
                        "주도권 승리에서는 지배력 점수를 따지지 않습니다."]
    best = max(scores.values())
    tied = [p for p in players if scores[p] == best]
    if len(tied) > 1 and len(winners) < len(tied):
        return [*lines, f"지배력 점수가 {best:g}점으로 같아 동점 규칙(유토피아 카드 수, 그다음 문화, 과학, 경제, 종교, "
                        f"군사 순의 장수)으로 {josa(_and(winners), '이')} 이깁니다."]
    return [*lines, "지배력 점수로 승부를 가립니다. " + _winner_line(scores, winners)]


def _tta_ending(game: Game, players: list[str], facts: dict[str, Any], scores: dict[str, float],
                winners: list[str]) -> list[str]:
    """Each player's culture and, line by line, the final scoring (each Age III event or category)."""
    lines = []
    for p in players:
        bonus = [(k, v) for k, v in facts.items() if k.startswith(f"{p}.final_bonus.")
                 and k.rsplit(".", 1)[1] not in ("total", "events")]
        parts = [f"{k.rsplit('.', 1)[1]} {v:+g}" for k, v in bonus]
        scored = f" (최종 점수 계산: {', '.join(parts)})" if parts else ""
        lines.append(f"{p} 문화 {scores[p]:g}점{scored}.")
    return [*lines, _winner_line(scores, winners)]


def _dominion_reason(table: Table, facts: dict[str, Any]) -> str:
    """The supply piles that ran out: the Province pile, or three piles (the engine's end check)."""
    empty = [k.split(".", 1)[1] for k, v in facts.items() if k.startswith("supply.") and v == 0]
    if "속주" in empty:
        return "속주 더미가 바닥나 게임이 끝났습니다."
    return f"공급처의 더미 {len(empty)}개({', '.join(empty)})가 바닥나 게임이 끝났습니다."


def _carta_reason(table: Table, facts: dict[str, Any]) -> str:
    if facts.get("hegemony"):
        return f"{josa(facts['hegemony'], '이')} 한 분야에 카드를 충분히 놓아 주도권 승리로 게임이 곧바로 끝났습니다."
    return "더미가 바닥나고 그 라운드의 마지막 사람까지 차례를 마쳐 게임이 끝났습니다."


def _tta_reason(table: Table, facts: dict[str, Any]) -> str:
    from engines.through_the_ages.catalog import age_word  # the glossary's "1시대" for the engine's "I"
    players = table.state.players
    left = [p for p in players if p not in facts.get("resigned", [])]
    if len(left) < len(players) and len(left) <= 1:
        return f"다른 사람이 모두 패배를 선언해 {josa(_and(left), '이')} 남아 게임이 끝났습니다."
    return (f"마지막 시민 카드가 나온 뒤 그 라운드를 끝으로 게임이 끝났습니다 ({age_word(facts['age'])}, {facts['round']}라운드). "
            "최종 점수 계산을 더한 문화가 가장 높은 사람이 이깁니다.")


def _hotw_reason(table: Table, facts: dict[str, Any]) -> str:
    return (f"마지막 시대인 {facts['epoch']}시대(모두 {table.state.last_epoch}시대)가 끝나 게임이 끝났습니다. "
            "승점이 가장 높은 사람이 이깁니다.")


def _dominion_goal(table: Table, facts: dict[str, Any]) -> str:
    return (f"이기는 법: 게임이 끝날 때 승점이 가장 많은 사람이 이깁니다. 속주 더미(남은 {facts['supply.속주']}장)가 "
            f"바닥나거나 공급처의 더미 3개가 바닥나면 끝납니다 (지금 빈 더미 {facts['empty_piles']}개).")


def _carta_goal(table: Table, facts: dict[str, Any]) -> str:
    targets = sorted({v for k, v in facts.items() if ".hegemony_target." in k})
    need = f"{targets[0]}장" if len(targets) == 1 else f"{targets[0]}~{targets[-1]}장"
    return (f"이기는 법: 한 분야의 카드를 자기 앞에 {need} 놓고 차례를 마치면 곧바로 이깁니다 (주도권 승리, "
            f"{len(table.state.players)}명 게임, 뒤집은 유토피아 카드가 얹힌 분야는 그만큼 더). 아니면 더미가 바닥날 때 "
            "점수가 가장 높은 사람이 이깁니다. 점수는 지배력, 곧 분야마다 카드를 가장 많이 놓은 사람(같으면 모두)이 "
            "받는 1점을 더한 것입니다.")


def _tta_goal(table: Table, facts: dict[str, Any]) -> str:
    from engines.through_the_ages.catalog import MODE_AGES, age_word  # the ages this mode plays, the engine's own table
    last = MODE_AGES[table.options["mode"]][-1]
    return (f"이기는 법: 게임이 끝날 때 문화가 가장 높은 사람이 이깁니다. {age_word(last)} 시민 카드가 다 나온 뒤 그 라운드를 "
            f"끝으로 게임이 끝납니다 (지금 {age_word(facts['age'])}, {facts['round']}라운드).")


def _hotw_goal(table: Table, facts: dict[str, Any]) -> str:
    return (f"이기는 법: 마지막 {table.state.last_epoch}시대가 끝날 때 승점이 가장 높은 사람이 이깁니다 "
            f"(지금 {facts['epoch']}시대, 모두 {table.state.last_epoch}시대).")


GOALS = {"dominion": _dominion_goal, "carta_impera_victoria": _carta_goal, "through_the_ages": _tta_goal,
         "history_of_the_world": _hotw_goal}

REASONS = {"dominion": _dominion_reason, "carta_impera_victoria": _carta_reason, "through_the_ages": _tta_reason,
           "history_of_the_world": _hotw_reason}

ENDINGS = {"dominion": _dominion_ending, "carta_impera_victoria": _carta_ending, "through_the_ages": _tta_ending}


def _dominion_prompt(table: Table) -> str:
    """"민병대 (민호가 냄): 손이 3장이 되도록 버릴 카드들을 고르세요 (2장)"."""
    facts = table.game.observe(table.state)
    kind = facts.get("decision")
    if not kind:
        return ""
    _, question = fact_text(table.game, "decision", kind)
    name = _dominion_card(kind)
    played = facts.get("turn")
    by = f" ({josa(played, '이')} 냄)" if played and played != facts.get("decider") else ""
    sizes = {len(m.args) for m in table.game.legal_moves(table.state) if m.verb != "pass"}
    many = f" ({sizes.pop()}장)" if len(sizes) == 1 and 1 < max(sizes | {0}) else ""
    return f"{name}{by}: {josa(question, '을')} 고르세요{many}." if name else f"{josa(question, '을')} 고르세요{many}."


def _dominion_card(decision: str) -> str:
    """The card whose decision ``decision`` is (its id, or its id with a suffix: "militia", "throne-room-…")."""
    ids = {row["id"]: row["name"] for row in load_data("engines.dominion", "cards.yaml")}
    return ids.get(decision) or next((n for i, n in ids.items() if i.startswith(decision.split("-")[0])), "")


def _tta_prompt(table: Table) -> str:
    from engines.through_the_ages.game import pending_card  # the engine's own reading of the awaited choice
    if not table.state.pending:
        return _tta_discard_prompt(table)
    event = pending_card(table.state)
    return f"{event.name}: {event.effect or '선택에 답하세요.'}"


def _tta_discard_prompt(table: Table) -> str:
    """A forced discard with its reason and limit: "군사 카드가 한도보다 많습니다: 손에 5장, 군사 카드 한도 3장 …"."""
    facts = table.game.observe(table.state)
    player = table.to_move()
    if facts.get("decision") != "discard" or f"{player}.military_hand_limit" not in facts:
        return ""
    held, limit = facts[f"{player}.military_hand_count"], facts[f"{player}.military_hand_limit"]
    label = fact_text(table.game, "military_hand_limit", limit)[0]
    return (f"군사 카드가 한도보다 많습니다: 손에 {held}장, {label} {limit}장(군사 행동 수만큼). 한도에 맞을 때까지 "
            f"한 장씩 버립니다 ({held - limit}장 더).")


def _carta_prompt(table: Table) -> str:
    from engines.carta_impera_victoria.abilities import TASK_PROMPT  # the engine's own words for each choice
    state = table.state
    if not state.pending:
        return ""
    return f"{state.resolving} 능력: {TASK_PROMPT[state.pending[0]]}" if state.resolving else TASK_PROMPT[state.pending[0]]


PROMPTS = {"dominion": _dominion_prompt, "through_the_ages": _tta_prompt, "carta_impera_victoria": _carta_prompt}

FORECAST_LINES = (("culture", ("culture_level",)), ("science", ("science_level",)),
                  ("food", ("food_production", "food_consumption")), ("resources", ("resource_production", "corruption")),
                  ("happiness", ("happy_needed", "discontent", "idle_workers")))
"""The preview's lines: a fact of the player, before and after the turn ends, with the facts that explain it."""


def _tta_forecast(table: Table, player: str) -> tuple[list[str], list[str]]:
    """The end of ``player``'s turn as the engine plays it on a copy: each line before and after, with the engine's
    facts that explain it (production, consumption, corruption, happiness), and the warnings."""
    game = table.game
    now = game.observe(table.state)
    if f"{player}.food" not in now:
        return [], []
    ending = next((m for m in game.legal_moves(table.state) if m.verb == "end"), None)
    if ending is None:  # the turn cannot end yet (the political phase): an uprising is still said
        return [], _tta_dangers(game, player, now, None)
    state = game.apply(table.state, ending)
    warnings = []
    if game.current_player(state) == player and game.observe(state).get("decision") == "discard":
        warnings.append(f"턴을 마치려면 먼저 군사 카드를 버려 {_word(game, 'military_hand_limit')} "
                        f"{now[f'{player}.military_hand_limit']}장에 맞춰야 합니다 (지금 "
                        f"{now[f'{player}.military_hand_count']}장).")
    for _ in range(20):  # discard any cards to see the production: it does not depend on which
        if game.current_player(state) != player or game.observe(state).get("decision") != "discard":
            break
        state = game.apply(state, game.legal_moves(state)[0])
    then = game.observe(state)
    lines = []
    for fact, why in FORECAST_LINES:
        if f"{player}.{fact}" not in now:
            continue
        label, old = fact_text(game, fact, now[f"{player}.{fact}"])
        new = fact_text(game, fact, then[f"{player}.{fact}"])[1]
        beside = ", ".join(f"{_word(game, w)} {now[f'{player}.{w}']}" for w in why if f"{player}.{w}" in now)
        lines.append(f"{label}: {old}에서 {josa(new, '로')} ({beside})" if new != old else f"{label}: {old} ({beside})")
    return lines, _tta_dangers(game, player, now, then) + warnings


def _word(game: Game, fact: str) -> str:
    """A fact's Korean label, without a player."""
    return fact_text(game, fact, None)[0]


def _tta_dangers(game: Game, player: str, now: dict[str, Any], then: dict[str, Any] | None) -> list[str]:
    """An uprising, a famine and corruption at the end of ``player``'s turn, each with its reason: ``now`` the facts
    before the turn ends, ``then`` after (as the engine played it; None: not known yet, no famine said)."""
    word = lambda fact: _word(game, fact)  # noqa: E731
    if now.get(f"{player}.uprising"):
        return [f"폭동: {word('discontent')} {now[f'{player}.discontent']}명이 {word('idle_workers')} "
                f"{now[f'{player}.idle_workers']}명보다 많습니다 ({word('happiness')} {now[f'{player}.happiness']}, "
                f"{word('happy_needed')} {now[f'{player}.happy_needed']}). 턴을 마치면 생산과 유지를 하지 않아 문화, "
                "과학, 식량, 자원을 얻지 못합니다."]
    out = []
    lost = 0 if then is None else now[f"{player}.culture"] + now[f"{player}.culture_level"] - then[f"{player}.culture"]
    if lost > 0 and then is not None and then.get("turn") != player:
        out.append(f"굶주림: 식량이 모자라 문화 {lost}점을 잃습니다 ({word('food')} {now[f'{player}.food']}, "
                   f"{word('food_production')} {now[f'{player}.food_production']}, {word('food_consumption')} "
                   f"{now[f'{player}.food_consumption']}).")
    if now.get(f"{player}.corruption"):
        out.append(f"{word('corruption')}: 자원을 {now[f'{player}.corruption']}개까지 잃습니다 ({word('blue_bank')}의 "
                   f"토큰 {now[f'{player}.blue_bank']}개).")
    return out


def _tta_aftermath(table: Table, before: Any, move: Move, now: dict[str, Any], then: dict[str, Any]) -> list[str]:
    """What the log must say in its own sentences: a turn that ended in an uprising, a famine or corruption, and
    a battle's result (both strengths, who won, by how much, what each side gained or lost)."""
    out = []
    by = now.get("turn")
    ended = move.verb == "end" or (move.verb == "discard" and (before.step or {}).get("then") == "end")
    if ended and then.get("turn") != by and f"{by}.uprising" in now:
        if now[f"{by}.uprising"]:
            out.append(f"{by}에게 폭동이 일어나 이번 턴에는 생산과 유지를 하지 못했습니다 (불만 있는 일꾼 "
                       f"{now[f'{by}.discontent']}명, 일하지 않는 일꾼 {now[f'{by}.idle_workers']}명).")
        else:
            out.extend(d.replace("잃습니다", "잃었습니다") for d in _tta_dangers(table.game, by, now, then))
    battle = table.state.last_battle
    if battle is not None and battle != before.last_battle:
        out.append(_battle(table, before, now, then))
    return out


def _battle(table: Table, before: Any, now: dict[str, Any], then: dict[str, Any]) -> str:
    """"침략 결과(습격): 민호의 공격 7 대 윤주의 방어 5. 민호가 2 차이로 이겼습니다. 잃고 얻은 것: …"."""
    from engines.through_the_ages.catalog import card  # the engine's card data: the kind of the card played
    step = before.step or {}
    attacker, defender = step.get("attacker", ""), step.get("defender", "")
    played = card(table.state.last_battle["card"])
    kind = "전쟁" if played.type == "war" else "침략"
    attack, defence, won = then["battle.attack"], then["battle.defence"], then["battle.won"]
    if won:
        verdict = f"{josa(attacker, '이')} {attack - defence} 차이로 이겼습니다."
    elif attack == defence and kind == "전쟁":
        verdict = "힘이 같아 아무도 이기지 못했습니다."
    else:
        verdict = f"{josa(defender, '이')} 막아 냈습니다." if kind == "침략" else \
            f"{josa(defender, '이')} {defence - attack} 차이로 이겼습니다."
    sides = {k: v for k, v in changed_facts(now, then).items()
             if k.split(".", 1)[0] in (attacker, defender) and k.split(".")[1] in TAKEN}
    taken = change_words(table.game, sides, [attacker, defender])
    pending = then.get("decision") in ("pick", "split", "spoils")
    rest = f" 잃고 얻은 것: {', '.join(taken)}." if taken else ""
    rest += " 진 쪽이 잃을 것을 고릅니다." if pending and then.get("decision") != "spoils" else \
        " 이긴 쪽이 가져갈 것을 고릅니다." if pending else ""
    return (f"{kind} 결과({played.name}): {attacker}의 공격 {attack} 대 {defender}의 방어 {defence}. "
            f"{verdict}{rest}")


TAKEN = ("culture", "science", "food", "resources", "idle_workers", "yellow_bank", "blue_bank", "colonies",
         "technologies", "wonders", "leader", "happiness", "strength", "workers")
"""The facts of a battle's two sides that say what was taken or lost."""

def _hotw_forecast(table: Table, player: str) -> tuple[list[str], list[str]]:
    """A kingdom card of this epoch the person still holds: it is lost unless used before the empire is founded."""
    from engines.history_of_the_world.game import world  # the map's card data: which cards are kingdoms
    state = table.state
    events = world(state).events
    held = [c for c in state.events[player] if events[c]["kind"] == "kingdom" and events[c]["epoch"] == state.epoch]
    if not held:
        return [], []
    usable = {m.args[0] for m in table.game.legal_moves(state) if m.verb == "kingdom"}
    return [], [f"왕국 카드 {josa(c, '은')} 이번 시대에만, 제국을 세우기 전에 쓸 수 있습니다. 지금 쓰지 않으면 이번 시대가 "
                "끝날 때 버려집니다." if c in usable else
                f"왕국 카드 {josa(c, '은')} 이제 쓸 수 없어 이번 시대가 끝날 때 버려집니다 (제국을 세우기 전에만 씁니다)."
                for c in held]


def _hotw_aftermath(table: Table, before: Any, move: Move, now: dict[str, Any], then: dict[str, Any]) -> list[str]:
    """A turn's score, source by source, as the engine counted it (``scoring.turn_parts`` of the scoring player)."""
    from engines.history_of_the_world.game import world
    from engines.history_of_the_world.scoring import turn_parts
    if move.verb != "retire" or before.turn is None:
        return []
    player = before.turn.player
    gained = then[f"{player}.score"] - now[f"{player}.score"]
    if not gained:
        return []
    buildings: Counter[str] = Counter()
    worth: dict[str, int] = {}
    regions = []
    for source, place, what, points in turn_parts(before, world(before), player):  # this epoch's tokens
        if source == "building":
            buildings[what] += 1
            worth[what] = worth.get(what, 0) + points
        else:
            level = fact_text(table.game, f"{player}.region.{place}", what)[1]
            regions.append(f"{place} {level} {points}점")
    built = [f"{fact_text(table.game, 'x.buildings', [b])[1]} {n}개 {worth[b]}점" for b, n in buildings.items()]
    return [f"{josa(player, '이')} 얻은 승점 {gained}점: {', '.join(built + regions)}."]


FORECASTS = {"through_the_ages": _tta_forecast, "history_of_the_world": _hotw_forecast}
AFTERMATH = {"through_the_ages": _tta_aftermath, "history_of_the_world": _hotw_aftermath}
