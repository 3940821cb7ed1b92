"""Scenario files: scripted example turns in YAML, loaded into typed objects and validated.

The format is described in ARCHITECTURE.md and, for writers, in docs/guide/scenario-format.md. A file is read
within limits (``tutor.yamlsource``) and checked against one schema (``tutor.schema``) before anything
runs; every problem is reported in Korean with the file and line. Moves are checked against the engine
when the scenario is replayed (``tutor.replay``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engines.core import CHANCE, NameIndex, get_game, normalize
from engines.core.registry import UnknownGame

from .schema import check_scenario
from .yamlsource import MAX_BYTES, Document, Problem, decode, parse_yaml, shown

SCENARIO_DIR = Path(__file__).parent / "scenarios"


@dataclass
class Step:
    line: int
    say: str | None = None
    move: str | None = None
    by: str | None = None
    expect: str = "ok"
    error: str | None = None
    check: dict[str, Any] | None = None
    check_lines: dict[str, int] = field(default_factory=dict)
    ask: bool = False
    """A question to the engine: a move "이 행동을 할 수 있나요?" (no expectation unless ``expect`` is given),
    a check's empty values "이 값은?" (a value given is the reader's expectation, checked)."""


@dataclass
class Scenario:
    path: Path
    game_id: str
    title: str
    players: list[str]
    steps: list[Step]
    rules: list[str] = field(default_factory=list)
    description: str = ""
    question: str = ""
    seed: int = 0
    variant: dict[str, Any] = field(default_factory=dict)
    setup: dict[str, Any] = field(default_factory=dict)
    lines: Document | None = None

    def line_of(self, *path: Any) -> int | None:
        return self.lines.line(*path) if self.lines else None


class ScenarioError(Exception):
    """A scenario file that cannot be used as it is; ``problems`` says where and why, in Korean."""

    def __init__(self, path: Path | str, problems: list[Problem]) -> None:
        self.path = Path(path)
        self.problems = problems
        super().__init__(self.report())

    def report(self) -> str:
        return "\n".join(f"{self.path}:{p.line or '?'}: {p.message}" for p in self.problems)


def builtin_path(name: str) -> Path:
    """``"dominion/market"`` → the built-in scenario file shipped with the package."""
    path = SCENARIO_DIR / (name if name.endswith((".yaml", ".yml")) else f"{name}.yaml")
    if not path.is_file():
        raise ScenarioError(path, [Problem(None, f"내장 시나리오가 없습니다: '{shown(name)}'.")])
    return path


def builtin_scenarios() -> list[Path]:
    return sorted(SCENARIO_DIR.glob("*/*.yaml"))


def load_builtin(name: str) -> Scenario:
    return load_scenario(builtin_path(name))


def load_scenario(path: Path | str) -> Scenario:
    path = Path(path)
    try:
        with path.open("rb") as file:
            raw = file.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise ScenarioError(path, [Problem(None, "파일이 없습니다.")]) from None
    except IsADirectoryError:
        raise ScenarioError(path, [Problem(None, "파일이 아니라 폴더입니다.")]) from None
    except OSError as exc:
        raise ScenarioError(path, [Problem(None, f"파일을 읽을 수 없습니다: {exc.strerror or exc}")]) from None
    text, problems = decode(raw)
    if text is None:
        raise ScenarioError(path, problems)
    return parse_scenario(text, path)


def parse_scenario(text: str, path: Path | str = "<입력>") -> Scenario:
    doc, problems = parse_yaml(text)
    if doc is not None and not problems:
        scenario = _validate(doc, Path(path), problems)
        if not problems and scenario is not None:
            return scenario
    raise ScenarioError(path, problems)


def _validate(doc: Document, path: Path, problems: list[Problem]) -> Scenario | None:
    """Check ``doc`` against the scenario schema (with the game's variant and set-up), then what a
    schema cannot say: the game exists, player names differ, ``by`` names a player, ``error`` goes with
    ``expect: illegal``."""
    data = doc.data
    if not isinstance(data, dict):
        problems.append(Problem(doc.line(), "시나리오는 game, players, steps 등의 항목을 가진 매핑이어야 합니다."))
        return None
    game = None
    if isinstance(data.get("game"), str):
        try:
            game = get_game(data["game"])
        except UnknownGame as exc:
            problems.append(Problem(doc.line("game"), exc.message))
    problems += check_scenario(data, doc, game)
    if problems:
        return None

    def bad(message: str, *where: Any) -> None:
        problems.append(Problem(doc.line(*where), message))

    players = [str(p) for p in data["players"]]
    if len({normalize(p) for p in players}) != len(players):
        bad("players에 같은 이름이 두 번 있습니다.", "players")
    steps = [_step(raw, i, players, doc, bad) for i, raw in enumerate(data["steps"])]
    if problems or game is None:
        return None
    return Scenario(path=path, game_id=game.id, title=data.get("title", path.stem), players=players,
                    steps=steps, rules=list(data.get("rules", [])), description=data.get("description", ""),
                    question=str(data.get("question") or ""), seed=data.get("seed", 0), variant=data.get("variant", {}), setup=data.get("setup", {}),
                    lines=doc)


def _step(raw: dict[str, Any], i: int, players: list[str], doc: Document, bad: Any) -> Step:
    where = ("steps", i)
    number = i + 1
    if "move" not in raw and any(k in raw for k in ("by", "expect", "error")):
        bad(f"{number}번째 단계에 move가 없습니다 (by, expect, error는 move와 함께 씁니다).", *where)
    if not any(k in raw for k in ("say", "move", "check")):
        bad(f"{number}번째 단계에 say, move, check가 하나도 없습니다.", *where)
    by = _text(raw.get("by"))
    if by is not None and normalize(by) != CHANCE and normalize(by) not in {normalize(p) for p in players}:
        close = NameIndex({p: () for p in [*players, CHANCE]}).suggest(by)
        hint = f" 혹시 {' 또는 '.join(close)}?" if close else ""
        bad(f"{number}번째 단계의 by '{shown(by)}'는 players에 없는 이름입니다.{hint} "
            f"(가능: {', '.join(players)}, chance)", *where, "by")
    ask = raw.get("ask") is True
    if ask and not any(k in raw for k in ("move", "check")):
        bad(f"{number}번째 단계의 ask: true는 move(이 행동을 할 수 있나요?)나 check(이 값은?)와 함께 씁니다.", *where, "ask")
    expect = raw.get("expect", "any" if ask else "ok")
    if "error" in raw and expect != "illegal":
        bad(f"{number}번째 단계에 error가 있으려면 expect: illegal이어야 합니다.", *where, "error")
    check = raw.get("check")
    check_lines = {str(k): doc.line(*where, "check", k) or 0 for k in (check or {})}
    return Step(line=doc.line(*where) or 0, say=_text(raw.get("say")), move=_text(raw.get("move")), by=by,
                expect=expect, error=_text(raw.get("error")), ask=ask,
                check={str(k): v for k, v in check.items()} if check else None, check_lines=check_lines)


def _text(value: Any) -> str | None:
    return None if value is None else str(value)
