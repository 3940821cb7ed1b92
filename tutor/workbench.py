"""The question workbench's Python side: what the workbench page (docs/workbench.md) asks Pyodide.

A reader's scenario text is checked and replayed by the same code as ``tutor check``: the text is
written to a file and read back with ``tutor.check.load_checked``, so the problems are ScenarioError's
own lines, and the replay is ``tutor.replay.replay``. The steps are built by the ScenarioPlayer's own
step builders, so the page draws them as a rules page does. Every function takes and returns plain
JSON values (the page calls them with text and reads JSON back).
"""
from __future__ import annotations

import functools
import importlib.util
import json
import re
import sys
import tempfile
import types
from pathlib import Path
from typing import Any

import yaml

from engines.core import GAMES, RulesError, get_game
from engines.core.korean import josa
from engines.core.registry import UnknownGame

from . import views
from .check import load_checked, trace_text
from .live import Session
from .practice import VERB_LABELS, legal_groups, move_groups, rule_links
from .optional import optional_module
from .replay import NOT_RULES, EngineError, describe_refused, replay
from .scenario import Scenario, ScenarioError, builtin_path, builtin_scenarios
from .schema import TYPES_KO, setup_schema, setup_schema_module
from .workbench_link import KEY_ORDER, dump, step_line
from .yamlsource import Problem, parse_yaml

FILE = Path("질문.yaml")
"""The name the page checks the text under (and the name of the download): ``tutor check 질문.yaml``."""
NEW_SAY = "여기에 질문을 적고, 아래에서 행동과 확인을 더하세요."
"""A new question's placeholder step (steps may not be empty); the first step added replaces it."""


def _widgets() -> Any:
    """``tutor.widgets`` in the page too: Pyodide there has no anywidget or traitlets, and the player's
    step builders need neither, so inert stand-ins let the widget modules load."""
    for name in ("anywidget", "traitlets"):
        if name not in sys.modules and importlib.util.find_spec(name) is None:
            sys.modules[name] = _StandIn(name)
    from . import widgets

    return widgets


class _Inert:
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.__dict__.update(kwargs)  # a widget's traits become plain attributes

    def tag(self, **kwargs: Any) -> _Inert:
        return self

    def __getattr__(self, name: str) -> Any:
        return lambda *args, **kwargs: None  # on_msg and the like: nothing to connect to in the page


class _StandIn(types.ModuleType):
    def __getattr__(self, name: str) -> type[_Inert]:
        return _Inert


# --- starting points --------------------------------------------------------------------------------
@functools.cache
def games() -> str:
    """The game picker: every game with its player counts and options (modes, editions, readings)."""
    out = []
    for info in GAMES:
        game = get_game(info.id)
        options = [{"name": name, "default": o.default, "label": o.description.split(":")[0],
                    "choices": [[c, _choice_label(o.description, c), o.notes.get(c, "")] for c in o.choices or ()]}
                   for name, o in game.options.items()]
        out.append({"id": game.id, "title": game.title, "min": game.min_players, "max": game.max_players,
                    "options": options, "starts": [label for label, _ in start_points(game, ["?"] * game.min_players)]})
    return json.dumps(out, ensure_ascii=False)


def start_points(game: Any, players: list[str]) -> list[tuple[str, dict[str, Any]]]:
    """The moments the game's set-up keys can start a question at, as the engine declares them (its set-up
    schema's ``start_points``: a Korean label and the set-up keys), or none: the game starts at its start."""
    declared = getattr(setup_schema_module(game), "start_points", None)
    return declared(players) if declared else []


def _choice_label(description: str, choice: Any) -> str:
    """``본격`` for the choice ``full`` of "게임 방식: simple(맛보기), advanced(숙련), full(본격).", and
    ``클래식 드래프트 (22절)`` for "classic(클래식 드래프트, 22절)": the Korean name, with its note after it."""
    said = re.search(rf"\b{re.escape(str(choice))}\(([^)]*)\)", description)
    if not said:
        return str(choice)
    name, _, note = (part.strip() for part in said.group(1).partition(","))
    return f"{name} ({note})" if note else name


@functools.cache
def builtins() -> str:
    """Every built-in scenario as (name, game, title), for "이 예제에서 시작" (cached: the files ship with the
    package, and the memory snapshot keeps the list, which took 0.1 s of the page's start to read)."""
    out = []
    for path in builtin_scenarios():
        title = next((line.split(":", 1)[1].strip() for line in path.read_text(encoding="utf-8").splitlines()
                      if line.startswith("title:")), path.stem)
        out.append({"name": f"{path.parent.name}/{path.stem}", "game": path.parent.name, "title": title})
    return json.dumps(out, ensure_ascii=False)


def builtin_text(name: str) -> str:
    return builtin_path(name).read_text(encoding="utf-8")


def new_scenario(game_id: str, players: str, variant: str, start: str = "") -> str:
    """A new question's text: the game, its players and the options that differ from the defaults
    (``players`` and ``variant`` as JSON text, as the page sends them), set up at the moment labelled
    ``start`` among the game's ``start_points`` (else at the game's start)."""
    game = get_game(game_id)
    players, variant = json.loads(players), json.loads(variant)
    changed = written_options(game, variant)
    data: dict[str, Any] = {"game": game.id, "title": "내 규칙 질문", "players": players}
    if changed:
        data["variant"] = changed
    data["setup"] = dict(start_points(game, players)).get(start, {})
    data["steps"] = [{"say": NEW_SAY}]
    return dump(data)


def written_options(game: Any, variant: dict[str, Any]) -> dict[str, Any]:
    """The options a text writes: those that differ from the defaults, and any an option written is chosen with
    (its ``context``: an edition of Through the Ages is written with its mode)."""
    changed = {k for k, v in variant.items() if k in game.options and game.options[k].default != v}
    contexts = [game.options[k].context for k in changed]
    with_them = {key for c in contexts for m in (c if isinstance(c, tuple) else (c,)) for key in m}
    return {k: v for k, v in variant.items() if k in changed or (k in with_them and k in game.options)}


# --- checking and running ---------------------------------------------------------------------------
def _load(text: str) -> Scenario:
    """The scenario as ``tutor check 질문.yaml`` loads it (and raises what it raises, named so)."""
    with tempfile.TemporaryDirectory(prefix="workbench-") as folder:
        path = Path(folder) / FILE
        path.write_text(text, encoding="utf-8")
        try:
            scenario = load_checked(path)
        except ScenarioError as exc:
            exc.path = FILE
            raise
    scenario.path = FILE
    return scenario


def _problems(problems: list[Problem]) -> list[dict[str, Any]]:
    """Each problem with its line and the line ``tutor check`` prints for it."""
    return [{"line": p.line, "message": p.message, "text": ScenarioError(FILE, [p]).report()} for p in problems]


def _unusable(text: str) -> list[dict[str, Any]] | None:
    """What keeps ``text`` from being replayed, as ``_problems``; None when it loads."""
    try:
        _load(text)
    except ScenarioError as exc:
        return _problems(exc.problems)
    except UnknownGame as exc:
        return _problems([Problem(1, exc.message)])
    return None


def lint(text: str) -> str:
    """The problems ``tutor check`` would report before replaying, each with its line."""
    return json.dumps(_unusable(text) or [], ensure_ascii=False)


_last: dict[str, Any] = {}  # the trace last run, for the moves, facts and Sandbox at one of its steps


def run(text: str) -> str:
    """Check and replay, as ``tutor check``: the problems, or the verdict, the report it prints and the
    ScenarioPlayer's traits."""
    try:
        trace = replay(_load(text))
    except ScenarioError as exc:
        return json.dumps({"problems": _problems(exc.problems)}, ensure_ascii=False)
    except UnknownGame as exc:
        return json.dumps({"problems": _problems([Problem(1, exc.message)])}, ensure_ascii=False)
    except EngineError as exc:
        return json.dumps({"problems": [{"line": exc.line, "message": exc.report(), "text": exc.report()}]},
                          ensure_ascii=False)
    _last["trace"], _last["text"] = trace, text
    player = _traits(_widgets().ScenarioPlayer(trace))
    answers = [{"at": n + 1, "lines": step.answers} for n, step in enumerate(trace.steps) if step.answers]
    # the answers to what the steps expect without asking (an example's refusals and checked facts), each
    # refusal with the move it asked about in Korean
    checked = [{"at": n + 1, "lines": step.checked,
                "move": step.description if step.expected == "illegal" else None}
               for n, step in enumerate(trace.steps) if step.checked]
    moves = sum(1 for step in trace.steps if step.move and step.kind != "auto")
    failed = next((n + 1 for n, step in enumerate(trace.steps) if not step.ok), None)
    return json.dumps({"ok": trace.ok, "report": trace_text(trace), "player": player, "game": trace.game.id,
                       "question": trace.scenario.question, "variant": trace.scenario.variant, "answers": answers, "checked": checked,
                       "moves": moves, "failed_at": failed}, ensure_ascii=False)


def last_state(text: str) -> Any:
    """The starting position of ``text`` when it is the text last run (else None: it did not load)."""
    return _last["trace"].state_at(0) if _last.get("text") == text else None


def scenario_data(text: str) -> dict[str, Any]:
    """The scenario's data, read within ``tutor check``'s limits (an alias bomb must not hang the page)."""
    doc, problems = parse_yaml(text)
    if doc is None or problems or not isinstance(doc.data, dict):
        raise ValueError("not a scenario that can be read")
    return doc.data


KEYS_KO = {
    "ability": "능력", "aliases": "다른 이름", "army": "군대", "assumed": "가정한 값", "battle_bonus": "전투 보너스",
    "board": "판", "borders": "경계", "building": "건물", "building_points": "건물 점수", "capital": "수도",
    "city": "도시", "deal": "나눠 줄 카드", "decks": "더미", "effect": "효과", "empires": "제국", "en": "영어 이름",
    "events": "사건", "fleet": "함대", "forts": "요새", "idle": "쉬는 일꾼", "kind": "종류", "lands": "땅",
    "last_epoch": "마지막 시대", "leader_ages": "지도자를 둔 시대", "map": "지도", "military_decks": "군사 카드 더미",
    "monument": "기념물", "order": "순서", "own_tactics": "내 전술", "random": "무작위", "regions": "지역",
    "resources": "자원", "rough": "험지", "scores": "점수", "source": "출처", "start": "시작", "straits": "해협",
    "tokens": "토큰", "touches": "맞닿은 곳", "until": "까지", "values": "값", "zones": "구역",
}
"""Korean titles for set-up keys that have no label in the game's view glossary (FACTS) nor in the schema:
the form shows no English key."""


SETUP_LABELS = {
    "first": "먼저 하는 플레이어", "active": "지금 차례인 플레이어",
    "through_the_ages": {"future_events": "미래 이벤트 더미", "wonder": "짓고 있는 문화 유산", "events": "현재 이벤트 더미",
                         "leader_ages": "지도자를 이미 둔 시대"},
    "carta_impera_victoria": {"deck": "더미"},
}
"""Zone labels where the view's fact label names something else (a count, not the cards) or none fits."""


def setup_labels(game: Any) -> dict[str, str]:
    """The Korean label of each set-up key the game's view has a fact label for, with ``SETUP_LABELS`` over them."""
    common = {k: v for k, v in SETUP_LABELS.items() if isinstance(v, str)}
    view = optional_module(f"{views.__name__}.{game.id}")  # the game's view module, as tutor.views finds it
    return {**getattr(view, "FACTS", {}), **common, **SETUP_LABELS.get(game.id, {})}


def key_label(key: str, schema: Any, players: list[str], labels: dict[str, str]) -> str:
    """A set-up key as the form and the board editor name it: a player's name as it is, else its Korean label."""
    if key in players:
        return key
    title = schema.get("title") if isinstance(schema, dict) else None
    return labels.get(key) or KEYS_KO.get(key) or _label(title) or key


# --- the set-up form ---------------------------------------------------------------------------------
def form(text: str) -> str:
    """The set-up form of the scenario in ``text``: a JSON Schema for json-editor made from the one
    ``tutor check`` validates with (``tutor.schema.setup_schema``), the form's value, and the names each
    name field offers (every spelling, grouped under its canonical name)."""
    data = scenario_data(text)
    game = get_game(data["game"])
    players = [str(p) for p in data.get("players") or []]
    labels = setup_labels(game)
    lists: dict[str, list[list[str]]] = {"player": [[p, ""] for p in players]}
    module = setup_schema_module(game)

    def named(kind: str) -> str:
        if kind not in lists and module is not None:
            lists[kind] = name_list(module, kind)
        return f"wb-names-{kind}"

    def branch_title(branch: dict[str, Any]) -> str:
        if "const" in branch:
            return KEYS_KO.get(str(branch["const"]), str(branch["const"]))
        kinds = branch.get("type") if isinstance(branch.get("type"), list) else [branch.get("type", "object")]
        return " 또는 ".join(re.sub(r"\(.*\)", "", TYPES_KO.get(kind, kind)) for kind in kinds)

    def editor(schema: Any, key: str = "") -> Any:
        if isinstance(schema, list):
            return [editor(s) for s in schema]
        if not isinstance(schema, dict):
            return schema
        # propertyNames: checked by tutor check's schema, json-editor cannot show it
        out = {k: editor(v) if k in ("items", "anyOf", "oneOf", "additionalProperties") else v
               for k, v in schema.items() if k not in ("name", "propertyNames")}
        if isinstance(out.get("title"), str):  # a schema title said as a rule ("…이어야 합니다") is a label here
            out["title"] = _label(out["title"])
        for branch in out.get("anyOf", []):  # the choice between shapes, named in Korean
            if isinstance(branch, dict) and "title" not in branch:
                branch["title"] = branch_title(branch)
        if "properties" in schema:
            out["properties"] = {k: {**editor(v, k), "title": key_label(k, v, players, labels)}
                                 for k, v in schema["properties"].items()}
        if "name" in schema:
            out["options"] = {"inputAttributes": {"list": named(schema["name"]),
                                                  "placeholder": "이름 검색 (한국어·영어·별칭)"}}
        if schema.get("type") == "integer":
            out["format"] = "number"
        if schema.get("type") == "array" and isinstance(schema.get("items"), dict) and "name" in schema["items"]:
            out["format"] = "table"  # a zone of cards: one short row per card
        if key in players:
            out["options"] = {"collapsed": False}
        return out

    schema = {"type": "object", "title": "시작 상태", "required": ["players", "seed", "setup"], "properties": {
        "players": {"type": "array", "title": "플레이어 (앉은 순서)", "format": "table",
                    "minItems": game.min_players, "maxItems": game.max_players,
                    "items": {"type": "string", "title": "이름", "minLength": 1}},
        "seed": {"type": "integer", "title": "시드 (섞기·주사위)", "minimum": 0, "format": "number"},
        "setup": {**editor(setup_schema(game, players)), "title": "준비"},
    }}
    value = {"players": players, "seed": data.get("seed", 0), "setup": data.get("setup") or {}}
    return json.dumps({"schema": schema, "value": value, "lists": lists}, ensure_ascii=False)


def name_list(module: Any, kind: str) -> list[list[str]]:
    """Every name of ``kind`` a picker offers: [canonical name, its other spellings joined by " · "]."""
    index = module.name_index(kind) if module is not None else None
    return spellings(index) if index is not None else []


def spellings(index: Any) -> list[list[str]]:
    """A ``NameIndex`` as [canonical name, its other spellings joined by " · "]."""
    out: dict[str, list[str]] = {}
    for spelling, canonical in index.written().items():
        out.setdefault(canonical, [])
        if spelling != canonical:
            out[canonical].append(spelling)
    return [[name, " · ".join(other)] for name, other in out.items()]


def _label(title: Any) -> str:
    """A schema title said as a rule ("카드 이름이나 null이어야 합니다") as a form's label ("카드 이름")."""
    return re.sub(r"(이나 null)?(이어야|여야) 합니다\.?$", "", title) if isinstance(title, str) else ""


def with_form(text: str, value: str) -> str:
    """``text`` with the form's players, seed and set-up (``value``, JSON text) in it, as JSON: ``{"text": …}``,
    or, when ``tutor check`` finds problems in the text outside those entries (or cannot read it at all),
    ``{"problems": …, "note": …}`` and nothing written.

    Only the top-level entries whose value the form changed are rewritten, line for line; every other line
    (comments, keys the form does not know, the steps) stays as the reader typed it."""
    doc, parse_problems = parse_yaml(text)
    problems = _unusable(text) or []
    if doc is not None and not parse_problems:  # what the form itself writes (a card being typed) it may rewrite
        owned = [range(start + 1, end + 1) for key, (start, end) in _entries(_lines(text)).items()
                 if key in ("players", "seed", "setup")]
        problems = [p for p in problems if not p["line"] or not any(p["line"] in lines for lines in owned)]
    if problems:
        first = problems[0]
        where = f"{first['line']}번째 줄: " if first.get("line") else ""
        note = f"YAML의 문제를 먼저 고치면 양식으로도 고칠 수 있습니다 ({where}{first['message']})"
        return json.dumps({"problems": problems, "note": note}, ensure_ascii=False)
    data, value = scenario_data(text), json.loads(value)
    now = {"players": [str(p) for p in data.get("players") or []], "seed": data.get("seed", 0) or 0,
           "setup": data.get("setup") or {}}
    wanted = {"players": value.get("players") or now["players"], "seed": value.get("seed") or 0,
              "setup": value.get("setup") or {}}
    said: list[str] = []
    if wanted["setup"] != now["setup"] and any(info.id == data.get("game") for info in GAMES):  # what its set-up then needs
        wanted["setup"], said = get_game(str(data["game"])).completed_setup(wanted["setup"])
    for key in ("players", "seed", "setup"):
        if wanted[key] != now[key]:
            text = _set_entry(text, key, None if key == "seed" and not wanted[key] else wanted[key])
    return json.dumps({"text": text, "said": said}, ensure_ascii=False)


_TOP_KEY = re.compile(r"""^(?:"([^"]*)"|'([^']*)'|([^\s#'"\-][^:#]*?))\s*:(?:\s|$)""")


def _lines(text: str) -> list[str]:
    lines = text.splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    return lines


def _entries(lines: list[str]) -> dict[str, tuple[int, int]]:
    """Each top-level key's lines, ``[start, end)``: its key line and the indented lines under it, without
    the blank lines and comments that follow it (they belong to what comes next)."""
    starts = []
    for i, line in enumerate(lines):
        if line.startswith(("---", "...")):
            starts.append((i, None))
        elif (m := _TOP_KEY.match(line)):
            starts.append((i, next(g for g in m.groups() if g is not None).strip()))
    out: dict[str, tuple[int, int]] = {}
    for n, (i, key) in enumerate(starts):
        end = starts[n + 1][0] if n + 1 < len(starts) else len(lines)
        while end > i + 1 and (not lines[end - 1].strip() or lines[end - 1].lstrip().startswith("#")):
            end -= 1
        if key is not None and key not in out:
            out[key] = (i, end)
    return out


def _set_entry(text: str, key: str, value: Any) -> str:
    """``text`` with the top-level ``key`` set to ``value`` (None: removed), every other line kept."""
    lines = _lines(text)
    entries = _entries(lines)
    new = [] if value is None else _lines(yaml.safe_dump({key: value}, allow_unicode=True, sort_keys=False,
                                                         default_flow_style=None if isinstance(value, (dict, list)) and value
                                                         else False, width=100))
    if key in entries:
        start, end = entries[key]
    else:  # where the built-in scenarios have it: before the first key that comes after it
        later = [entries[k][0] for k in KEY_ORDER[KEY_ORDER.index(key) + 1:] if k in entries]
        start = end = min(later) if later else len(lines)
    return "".join(lines[:start] + new + lines[end:])


def with_question(text: str, question: str) -> str:
    """``text`` with its ``question:`` set to ``question`` ("" removes it), every other line kept."""
    if scenario_data(text).get("question", "") == question:
        return text
    return _set_entry(text, "question", question.strip() or None)


def mode_gaps(text: str) -> str:
    """What the question or its set-up names that the chosen game mode lacks, as the engine's set-up schema says
    (``missing_parts``): each with its Korean sentence, the options that have it and the button that switches to
    them. None when the text cannot be read or the game declares nothing."""
    try:
        data = scenario_data(text)
        game = get_game(str(data.get("game")))
        variant = data.get("variant") if isinstance(data.get("variant"), dict) else {}
        options = {name: variant.get(name, option.default) for name, option in game.options.items()}
    except (ValueError, UnknownGame):
        return "[]"
    declared = getattr(setup_schema_module(game), "missing_parts", None)
    setup = data.get("setup") if isinstance(data.get("setup"), dict) else {}
    question = " ".join(str(data.get(key) or "") for key in ("title", "question"))
    out = []
    moves = [str(step["move"]) for step in data.get("steps") or [] if isinstance(step, dict) and step.get("move")]
    for said, changes in declared(options, question, setup, moves) if declared else []:
        names = [_choice_label(game.options[k].description, v).split(" (")[0] for k, v in changes.items()]
        out.append({"say": said, "game": game.id, "variant": changes, "button": f"{josa(', '.join(names), '으로')} 바꾸기"})
    return json.dumps(out, ensure_ascii=False)


def with_variant(text: str, changes: str) -> str:
    """``text`` with the options in ``changes`` (JSON) set in its ``variant:``, every other line kept; an option
    set back to its default is left out."""
    data = scenario_data(text)
    game = get_game(str(data.get("game")))
    variant = {**(data.get("variant") or {}), **json.loads(changes)}
    kept = {k: v for k, v in variant.items() if k not in game.options}  # an unknown option: tutor check says so
    return _set_entry(text, "variant", {**kept, **written_options(game, variant)} or None)


# --- steps ---------------------------------------------------------------------------------------------
def at_step(at: int) -> str:
    """After step ``at`` of the last run: who is to move, the legal moves grouped by kind as the practice table's
    buttons (each [notation, Korean description]), the facts with their Korean labels and values (to pick a
    question from)."""
    trace = _last["trace"]
    at = max(0, min(at, len(trace.steps)))
    state = trace.state_at(at)
    game = trace.game
    session = Session(game, state)
    player = game.current_player(state)
    facts = [{"key": key, "label": views.fact_text(game, key, value)[0], "shown": views.fact_text(game, key, value)[1],
              "value": value} for key, value in game.observe(state).items()]
    return json.dumps({"at": at, "by": player or "", "turn": session.snapshot()["turn"], "groups": legal_groups(session),
                       "facts": facts}, ensure_ascii=False)


MOST_TRIED = 400
"""The most moves "다른 행동 시도" asks the engine about at one step, so no page waits long for its list."""


def refusals(at: int) -> str:
    """After step ``at`` of the last run: the moves the engine would refuse there, grouped as ``at_step``'s, each
    with its Korean description, the refusal's reason, its rule (id, Korean title, link) and its error code (for the
    file, never shown). The candidates are the game's own plausible moves (``Game.move_universe``) that are not
    legal, each tried as the replay will try the step (``by`` the player to move); refusals that say nothing
    about the rules (a name the game does not know, a player out of turn) are left out. ``cut`` says the
    candidates ran past ``MOST_TRIED``."""
    trace = _last["trace"]
    at = max(0, min(at, len(trace.steps)))
    state = trace.state_at(at)
    game = trace.game
    player = game.current_player(state)
    if player is None:  # the game is over: every move is refused for that one reason
        return json.dumps({"at": at, "groups": [], "cut": False}, ensure_ascii=False)
    legal = {str(m) for m in game.legal_moves(state)}
    links, labels = rule_links(game.id), VERB_LABELS.get(game.id, {})
    tried: set[str] = set()
    refused: list[tuple[str, dict[str, str]]] = []
    cut = False
    for move in game.move_universe(state):
        notation = str(move)
        if notation in legal or notation in tried:
            continue
        if len(tried) == MOST_TRIED:
            cut = True
            break
        tried.add(notation)
        try:
            game.validate(state, notation, by=player)
        except RulesError as error:
            if error.code in NOT_RULES:
                continue
            rule = links.get(error.rule, {})
            text = describe_refused(game, state, move) or f"{labels.get(move.verb, move.verb)}: {' '.join(move.args)}"
            refused.append((move.verb, {"move": notation, "text": text, "reason": error.message, "rule": error.rule,
                                        "title": rule.get("title", ""), "href": rule.get("href", ""),
                                        "code": error.code}))
    return json.dumps({"at": at, "groups": move_groups(game, refused), "cut": cut}, ensure_ascii=False)


def with_step(text: str, step: str, at: int) -> str:
    """``text`` with ``step`` (JSON text) inserted after its step ``at`` (0 = before the first), as one line
    of its own; every other line stays as it was (a new question's placeholder step gives way)."""
    doc, problems = parse_yaml(text)
    if doc is None or problems or not isinstance(doc.data, dict):
        raise ValueError("not a scenario that can be read")
    step_data = json.loads(step)
    lines = _lines(text)
    entries = _entries(lines)
    steps = doc.data.get("steps")
    first = doc.line("steps", 0) if isinstance(steps, list) and steps else None
    if "steps" not in entries or first is None or first - 1 <= entries["steps"][0] or \
            not lines[first - 1].lstrip().startswith("-"):
        data = doc.data  # no block list of steps to add a line to: the scenario written anew
        listed = [s for s in steps if s != {"say": NEW_SAY}] if isinstance(steps, list) else []
        listed.insert(max(0, min(at, len(listed))), step_data)
        return dump({**data, "steps": listed})
    indent = lines[first - 1][:len(lines[first - 1]) - len(lines[first - 1].lstrip())]
    at = max(0, min(at, len(steps)))
    if at == len(steps):
        where = entries["steps"][1]
    else:
        where = doc.line("steps", at) - 1
        while where > entries["steps"][0] + 1 and (not lines[where - 1].strip()
                                                    or lines[where - 1].lstrip().startswith("#")):
            where -= 1
    lines.insert(where, step_line(step_data, indent))
    placeholder = [i for i, s in enumerate(steps) if s == {"say": NEW_SAY}]
    for i in reversed(placeholder):  # the new question's placeholder, when it is one line of its own
        line = doc.line("steps", i) - 1
        line += line >= where
        if NEW_SAY in lines[line] and (i + 1 == len(steps) or doc.line("steps", i + 1) == doc.line("steps", i) + 1):
            del lines[line]
    return "".join(lines)


# --- the Sandbox at a step ---------------------------------------------------------------------------
def sandbox_at(at: int) -> str:
    """The traits of a Sandbox opened after step ``at`` of the last run (drawn by sandbox.js, whose own
    page back end then runs it in this Pyodide)."""
    trace = _last["trace"]
    return json.dumps(_traits(_widgets().Sandbox.from_trace(trace, max(0, min(at, len(trace.steps))))),
                      ensure_ascii=False)


def _traits(widget: Any) -> dict[str, Any]:
    """A widget's synced traits (those its class declares), as its front end receives them."""
    names = [name for cls in type(widget).__mro__ if cls.__module__.startswith("tutor.")
             for name, value in vars(cls).items() if hasattr(value, "tag") and not name.startswith("_")]
    values = {name: getattr(widget, name) for name in names}
    return {name: value for name, value in values.items() if not isinstance(value, _Inert)}  # unset: the default

