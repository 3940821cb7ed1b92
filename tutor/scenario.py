"""Scenario files: scripted example turns in YAML, loaded into typed objects and validated.

The format is described in DESIGN.md. Every problem is reported in Korean with the file and line;
moves are checked against the engine when the scenario is replayed (``tutor.replay``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engines.core import CHANCE, normalize
from engines.core.registry import UnknownGame, resolve

from .yamlsource import Document, Problem, parse_yaml

SCENARIO_DIR = Path(__file__).parent / "scenarios"

TOP_KEYS = {"game", "variant", "title", "description", "rules", "players", "seed", "setup", "steps"}
STEP_KEYS = {"say", "move", "by", "expect", "error", "check"}
EXPECTATIONS = ("ok", "illegal")


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


@dataclass
class Scenario:
    path: Path
    game_id: str
    title: str
    players: list[str]
    steps: list[Step]
    rules: list[str] = field(default_factory=list)
    description: str = ""
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
        raise ScenarioError(path, [Problem(None, f"내장 시나리오가 없습니다: '{name}'.")])
    return path


def builtin_scenarios() -> list[Path]:
    return sorted(SCENARIO_DIR.glob("*/*.yaml"))


def load_builtin(name: str) -> Scenario:
    return load_scenario(builtin_path(name))


def load_scenario(path: Path | str) -> Scenario:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScenarioError(path, [Problem(None, "파일이 없습니다.")]) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioError(path, [Problem(None, f"파일을 읽을 수 없습니다: {exc}")]) from None
    return parse_scenario(text, path)


def parse_scenario(text: str, path: Path | str = "<입력>") -> Scenario:
    doc, problems = parse_yaml(text)
    if doc is not None:
        scenario = _validate(doc, Path(path), problems)
        if not problems:
            return scenario
    raise ScenarioError(path, problems)


def _validate(doc: Document, path: Path, problems: list[Problem]) -> Scenario | None:
    data = doc.data

    def bad(message: str, *where: Any) -> None:
        problems.append(Problem(doc.line(*where), message))

    if not isinstance(data, dict):
        bad("시나리오는 game, players, steps 등의 항목을 가진 매핑이어야 합니다.")
        return None
    for key in data:
        if key not in TOP_KEYS:
            bad(f"알 수 없는 항목 '{key}' (쓸 수 있는 항목: {', '.join(sorted(TOP_KEYS))})", key)
    for key in ("game", "players", "steps"):
        if key not in data:
            bad(f"필수 항목 '{key}'가 없습니다.")

    game_id = ""
    if isinstance(data.get("game"), str):
        try:
            game_id = resolve(data["game"])
        except UnknownGame as exc:
            bad(exc.message, "game")
    elif "game" in data:
        bad("game은 게임 이름(글자)이어야 합니다.", "game")

    players = _string_list(data.get("players", []), "players", "플레이어 이름", bad)
    if isinstance(data.get("players"), list) and not players:
        bad("players에 플레이어가 한 명 이상 있어야 합니다.", "players")
    if len({normalize(p) for p in players}) != len(players):
        bad("players에 같은 이름이 두 번 있습니다.", "players")
    rules = _string_list(data.get("rules", []), "rules", "규칙 절 id", bad)
    for key, kind in (("title", str), ("description", str), ("variant", dict), ("setup", dict), ("seed", int)):
        if key in data and (not isinstance(data[key], kind) or isinstance(data[key], bool)):
            bad(f"{key}의 형식이 잘못되었습니다 ({_KIND_KO[kind]}여야 합니다).", key)

    steps: list[Step] = []
    raw_steps = data.get("steps", [])
    if not isinstance(raw_steps, list) or ("steps" in data and not raw_steps):
        bad("steps는 한 단계 이상인 목록이어야 합니다.", "steps")
        raw_steps = []
    for i, raw in enumerate(raw_steps):
        step = _validate_step(raw, i, players, doc, bad)
        if step:
            steps.append(step)

    def value(key: str, kind: type, default: Any) -> Any:
        v = data.get(key, default)
        return v if isinstance(v, kind) and not isinstance(v, bool) else default

    return Scenario(path=path, game_id=game_id, title=value("title", str, path.stem), players=players,
                    steps=steps, rules=rules, description=value("description", str, ""),
                    seed=value("seed", int, 0), variant=value("variant", dict, {}),
                    setup=value("setup", dict, {}), lines=doc)


_KIND_KO = {str: "글자", dict: "매핑", int: "정수"}


def _string_list(value: Any, key: str, what: str, bad: Any) -> list[str]:
    if not isinstance(value, list):
        bad(f"{key}는 {what}의 목록이어야 합니다.", key)
        return []
    out = []
    for i, item in enumerate(value):
        if isinstance(item, (str, int)) and not isinstance(item, bool):
            out.append(str(item))
        else:
            bad(f"{key}의 {i + 1}번째 항목은 {what}이어야 합니다.", key, i)
    return out


def _validate_step(raw: Any, i: int, players: list[str], doc: Document, bad: Any) -> Step | None:
    where = ("steps", i)
    number = i + 1
    if not isinstance(raw, dict):
        bad(f"{number}번째 단계는 say, move, check 중 하나 이상을 가진 매핑이어야 합니다.", *where)
        return None
    ok = True
    for key in raw:
        if key not in STEP_KEYS:
            bad(f"{number}번째 단계에 알 수 없는 항목 '{key}' (쓸 수 있는 항목: {', '.join(sorted(STEP_KEYS))})",
                *where, key)
            ok = False
    if "move" not in raw and any(k in raw for k in ("by", "expect", "error")):
        bad(f"{number}번째 단계에 move가 없습니다 (by, expect, error는 move와 함께 씁니다).", *where)
        return None
    if not any(k in raw for k in ("say", "move", "check")):
        bad(f"{number}번째 단계에 say, move, check가 하나도 없습니다.", *where)
        return None
    for key in ("say", "move", "by", "error"):
        if key in raw and (not isinstance(raw[key], (str, int)) or isinstance(raw[key], bool)):
            bad(f"{number}번째 단계의 {key}는 글자여야 합니다.", *where, key)
            ok = False
    if "by" in raw and isinstance(raw["by"], str):
        if normalize(raw["by"]) != CHANCE and normalize(raw["by"]) not in {normalize(p) for p in players}:
            bad(f"{number}번째 단계의 by '{raw['by']}'는 players에 없는 이름입니다 "
                f"(가능: {', '.join(players)}, chance).", *where, "by")
            ok = False
    expect = raw.get("expect", "ok")
    if expect not in EXPECTATIONS:
        bad(f"{number}번째 단계의 expect는 ok 또는 illegal이어야 합니다.", *where, "expect")
        ok = False
    if "error" in raw and expect != "illegal":
        bad(f"{number}번째 단계에 error가 있으려면 expect: illegal이어야 합니다.", *where, "error")
        ok = False
    check = raw.get("check")
    if "check" in raw and (not isinstance(check, dict) or not check):
        bad(f"{number}번째 단계의 check는 '사실: 값' 매핑이어야 합니다.", *where, "check")
        ok = False
    if not ok:
        return None
    check_lines = {str(k): doc.line(*where, "check", k) or 0 for k in (check or {})}
    return Step(line=doc.line(*where) or 0, say=_text(raw.get("say")), move=_text(raw.get("move")),
                by=_text(raw.get("by")), expect=expect, error=_text(raw.get("error")),
                check={str(k): v for k, v in check.items()} if check else None, check_lines=check_lines)


def _text(value: Any) -> str | None:
    return None if value is None else str(value)
