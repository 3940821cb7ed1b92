"""The ``tutor`` command: check scenarios, list legal moves, show the rules index, build the docs.

Exit codes: 0 every expectation holds, 1 an expectation failed, 2 a file or command could not be used,
3 an internal error of an engine (a bug, reported with the details a bug report needs).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engines.core import GAMES
from engines.core.registry import UnknownGame, resolve

from .check import load_checked, trace_text
from .narrate import choice_note
from .replay import EngineError, Trace, replay
from .scenario import ScenarioError

OK, FAILED, UNUSABLE, INTERNAL = 0, 1, 2, 3
EXIT_CODES = """종료 코드:
  0  모든 기대가 맞았습니다.
  1  시나리오는 읽었지만 기대가 하나 이상 맞지 않았습니다 (거부될 행동이 받아들여짐, 사실이 다름 …).
  2  파일이나 명령을 쓸 수 없습니다 (파일 없음, UTF-8 아님, YAML·형식 오류, 없는 이름, 준비 오류 …).
     무엇이 문제인지 파일 이름과 줄 번호와 함께 알려 줍니다. 이때는 아무것도 재생하지 않습니다.
  3  엔진 내부 오류: 시나리오가 아니라 엔진의 버그입니다. 보고에 붙일 내용을 함께 보여 줍니다."""
FILE_HELP = """FILE은 시나리오 파일(YAML, UTF-8)입니다: game, players, steps와 선택 항목 title, rules, seed, variant,
setup을 적습니다. 형식은 문서 사이트의 '시나리오 쓰기' 쪽에 있습니다."""
_ARGPARSE_KO = [  # argparse's own complaints, in Korean
    (r"the following arguments are required: (.+)", r"빠진 인자가 있습니다: \1"),
    (r"unrecognized arguments: (.+)", r"알 수 없는 인자입니다: \1"),
    (r"argument (\S+): invalid choice: '?([^' ]+)'? \(choose from (.+)\)", r"\1: '\2'는 없는 명령입니다 (가능: \3)"),
    (r"argument (\S+): invalid int value: '(.*)'", r"\1에는 정수를 씁니다 ('\2'는 정수가 아닙니다)"),
    (r"argument (\S+): expected one argument", r"\1 뒤에 값을 하나 씁니다"),
]


class _Formatter(argparse.RawDescriptionHelpFormatter):
    def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, prefix="사용법: " if prefix is None else prefix)


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        kwargs.setdefault("add_help", False)
        super().__init__(*args, **kwargs)
        self._positionals.title = "인자"
        self._optionals.title = "선택 사항"
        self.add_argument("-h", "--help", action="help", help="이 도움말을 보여 주고 끝냅니다.")

    def error(self, message: str) -> None:  # argparse's own errors, in Korean, exit 2
        for pattern, korean in _ARGPARSE_KO:
            message = re.sub(pattern, korean, message)
        self.print_usage(sys.stderr)
        print(f"tutor: 명령을 이해할 수 없습니다: {message}", file=sys.stderr)
        sys.exit(UNUSABLE)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="tutor", description="실행되는 규칙서: 시나리오 검사, 가능한 행동, 규칙 색인, 문서 사이트.",
                     epilog=f"명령마다 도움말이 있습니다: tutor check -h\n\n{EXIT_CODES}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser, title="명령",
                                metavar="{check,moves,sections,docs}")
    check = sub.add_parser("check", help="시나리오를 재생하고 모든 기대가 맞는지 확인합니다.",
                           description="시나리오를 한 단계씩 재생하며 각 행동의 판정과 바뀐 사실을 보여 주고, "
                                       "모든 기대(expect, check)가 맞는지 확인합니다.",
                           epilog=f"{FILE_HELP}\n\n{EXIT_CODES}")
    check.add_argument("files", nargs="+", type=Path, metavar="FILE", help="검사할 시나리오 파일 (여러 개 가능)")
    check.add_argument("--json", action="store_true", help="결과를 JSON으로 출력합니다 (프로그램이 읽을 때).")
    moves = sub.add_parser("moves", help="시나리오의 N번째 단계 뒤에 가능한 행동을 보여 줍니다.",
                           description="시나리오를 N번째 단계까지 재생한 뒤, 누가 무엇을 결정할 차례인지와 "
                                       "가능한 행동을 모두 보여 줍니다.",
                           epilog=f"{FILE_HELP}\n\n{EXIT_CODES}")
    moves.add_argument("file", type=Path, metavar="FILE", help="시나리오 파일")
    moves.add_argument("--at", type=int, default=0, metavar="N", help="단계 번호 (0 = 시작 상태, 기본값 0)")
    sections = sub.add_parser("sections", help="규칙 절 색인을 보여 줍니다.",
                              description="규칙 절 id와 제목, 문서 쪽, 그 절을 보여 주는 노트북과 시나리오를 보여 줍니다.")
    sections.add_argument("game", nargs="?", help="게임 이름 (생략하면 모든 게임)")
    docs = sub.add_parser("docs", help="문서 사이트를 빌드하고 브라우저로 엽니다.",
                          description="문서 사이트를 빌드하고, 로컬 서버를 띄워 브라우저로 엽니다.")
    docs.add_argument("--force", action="store_true", help="캐시를 무시하고 모두 다시 빌드합니다.")
    docs.add_argument("--port", type=int, default=8000, help="로컬 서버의 포트 (기본값 8000)")
    docs.add_argument("--no-open", action="store_true", help="브라우저를 열지 않습니다.")
    docs.add_argument("--build-only", action="store_true", help="빌드만 하고 서버는 띄우지 않습니다.")
    docs.add_argument("--usb", action="store_true",
                      help="USB판: 파일로 연 페이지(file://)에서도 실험판이 움직이도록 파이썬을 파일 하나로 더 넣습니다 (약 19 MB).")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(encoding="utf-8", errors="backslashreplace")
    args = build_parser().parse_args(argv)
    try:
        return {"check": cmd_check, "moves": cmd_moves, "sections": cmd_sections, "docs": cmd_docs}[args.command](args)
    except ScenarioError as exc:
        print(exc.report(), file=sys.stderr)
        return UNUSABLE
    except EngineError as exc:
        print(exc.report(), file=sys.stderr)
        return INTERNAL
    except UnknownGame as exc:
        print(f"tutor: {exc.message}", file=sys.stderr)
        return UNUSABLE
    except BrokenPipeError:  # the reader (e.g. `| head`) stopped listening: end quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return FAILED


def cmd_check(args: argparse.Namespace) -> int:
    results: list[dict] = []
    worst = OK
    for path in args.files:
        try:
            trace = replay(load_checked(path))
        except (ScenarioError, EngineError, UnknownGame) as exc:
            message = exc.report() if isinstance(exc, (ScenarioError, EngineError)) else f"{path}: {exc.message}"
            print(message, file=sys.stderr)
            code = INTERNAL if isinstance(exc, EngineError) else UNUSABLE
            results.append({"file": str(path), "ok": False, "error": message, "exit": code})
            worst = max(worst, code)
            continue
        results.append(trace.to_json())
        if not args.json:
            print(trace_text(trace), end="")
        if not trace.ok:
            worst = max(worst, FAILED)
    if args.json:
        json.dump(results if len(results) != 1 else results[0], sys.stdout, ensure_ascii=False, indent=2)
        print()
    elif len(args.files) > 1:
        passed = sum(1 for r in results if r.get("ok"))
        print(f"\n시나리오 {len(results)}개 중 {passed}개 통과")
    return worst


def cmd_moves(args: argparse.Namespace) -> int:
    trace = replay(load_checked(args.file))
    if not 0 <= args.at <= len(trace.steps):
        print(f"tutor: 단계 번호는 0~{len(trace.steps)} 사이여야 합니다.", file=sys.stderr)
        return UNUSABLE
    try:
        return _print_moves(trace, args.at)
    except BrokenPipeError:
        raise
    except Exception as exc:  # noqa: BLE001 — an engine bug while listing: report it, don't crash
        raise EngineError(trace.scenario, 0, f"({args.at}단계 뒤 가능한 행동 목록)", exc) from exc


def _print_moves(trace: Trace, at: int) -> int:
    game, state = trace.game, trace.state_at(at)
    player = game.current_player(state)
    if player is None:
        print(f"{at}단계 뒤: 게임이 끝났습니다. 승자: {', '.join(game.winners(state))}")
        return OK
    moves = game.legal_moves(state)
    verbs = list(dict.fromkeys(m.verb for m in moves))
    print(f"{at}단계 뒤 {game.player_label(player)}의 차례 — 가능한 행동 {len(moves)}개")
    print("결정할 것: " + "; ".join(f"{v} ({game.verbs[v].description})" for v in verbs))
    for move in moves:
        print(f"  {str(move):<28} {game.describe(state, move)}")
    choice = game.large_choice(state)
    if choice is not None:
        print(choice_note(choice))
    return OK


def cmd_sections(args: argparse.Namespace) -> int:
    from .rules import load_index

    wanted = resolve(args.game) if args.game else None
    sections = [s for s in load_index().values() if wanted in (None, s.game)]
    if not sections:
        print("정의된 규칙 절이 없습니다.")
        return OK
    titles = {info.id: info.title for info in GAMES}
    current = None
    for section in sections:
        if section.game != current:
            current = section.game
            print(f"\n# {titles.get(current, current)}")
        print(f"{section.id:<40} {section.title}  ({section.page})")
        for kind, items in (("노트북", section.notebooks), ("시나리오", section.scenarios)):
            if items:
                print(f"{'':<40}   {kind}: {', '.join(items)}")
    return OK


def cmd_docs(args: argparse.Namespace) -> int:
    try:
        from . import site
    except ImportError as exc:
        print(f"tutor: 문서 빌드 도구를 불러올 수 없습니다 ({exc}). pip install -e '.[docs]'로 설치하세요.",
              file=sys.stderr)
        return UNUSABLE
    try:
        out = site.build(force=args.force, usb=args.usb)
    except site.BuildError as exc:
        print(f"tutor: {exc}", file=sys.stderr)
        return UNUSABLE
    print(f"문서를 빌드했습니다: {out}")
    if not args.build_only:
        site.serve(out, port=args.port, open_browser=not args.no_open)
    return OK


if __name__ == "__main__":
    sys.exit(main())
