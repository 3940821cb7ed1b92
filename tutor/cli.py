"""The ``tutor`` command: check scenarios, list legal moves, show the rules index, build the docs.

Exit codes: 0 every expectation holds, 1 an expectation failed, 2 a file or command could not be used.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from engines.core import GAMES
from engines.core.registry import UnknownGame, resolve

from .replay import StepResult, Trace, replay
from .scenario import ScenarioError, load_scenario

OK, FAILED, UNUSABLE = 0, 1, 2


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse's own errors, in Korean, exit 2
        self.print_usage(sys.stderr)
        print(f"tutor: 명령을 이해할 수 없습니다: {message}", file=sys.stderr)
        sys.exit(UNUSABLE)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="tutor", description="실행되는 규칙서: 시나리오 검사, 가능한 행동, 규칙 색인, 문서 사이트.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    check = sub.add_parser("check", help="시나리오를 재생하고 모든 기대가 맞는지 확인합니다.")
    check.add_argument("files", nargs="+", type=Path, metavar="FILE")
    check.add_argument("--json", action="store_true", help="결과를 JSON으로 출력합니다.")
    moves = sub.add_parser("moves", help="시나리오의 N번째 단계 뒤에 가능한 행동을 보여 줍니다.")
    moves.add_argument("file", type=Path, metavar="FILE")
    moves.add_argument("--at", type=int, default=0, metavar="N", help="단계 번호 (0 = 시작 상태)")
    sections = sub.add_parser("sections", help="규칙 절 색인을 보여 줍니다.")
    sections.add_argument("game", nargs="?", help="게임 이름 (생략하면 모든 게임)")
    docs = sub.add_parser("docs", help="문서 사이트를 빌드하고 브라우저로 엽니다.")
    docs.add_argument("--force", action="store_true", help="캐시를 무시하고 모두 다시 빌드합니다.")
    docs.add_argument("--port", type=int, default=8000)
    docs.add_argument("--no-open", action="store_true", help="브라우저를 열지 않습니다.")
    docs.add_argument("--build-only", action="store_true", help="빌드만 하고 서버는 띄우지 않습니다.")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(encoding="utf-8")
    try:
        return {"check": cmd_check, "moves": cmd_moves, "sections": cmd_sections, "docs": cmd_docs}[args.command](args)
    except ScenarioError as exc:
        print(exc.report(), file=sys.stderr)
        return UNUSABLE
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
            trace = replay(load_scenario(path))
        except (ScenarioError, UnknownGame) as exc:
            message = exc.report() if isinstance(exc, ScenarioError) else f"{path}: {exc.message}"
            print(message, file=sys.stderr)
            results.append({"file": str(path), "ok": False, "error": message})
            worst = UNUSABLE
            continue
        results.append(trace.to_json())
        if not args.json:
            print_trace(trace)
        if not trace.ok:
            worst = max(worst, FAILED)
    if args.json:
        json.dump(results if len(results) != 1 else results[0], sys.stdout, ensure_ascii=False, indent=2)
        print()
    elif len(args.files) > 1:
        passed = sum(1 for r in results if r.get("ok"))
        print(f"\n시나리오 {len(results)}개 중 {passed}개 통과")
    return worst


def print_trace(trace: Trace) -> None:
    s = trace.scenario
    print(f"▶ {s.path} — {s.title} ({trace.game.title})")
    for step in trace.steps:
        for line in _step_lines(step):
            print(f"  {step.index:>3} {line}")
    checks = sum(len(step.checks) for step in trace.steps)
    moves = sum(1 for step in trace.steps if step.move)
    verdict = "통과 ✔" if trace.ok else "실패 ✘"
    print(f"  결과: {verdict} (행동 {moves}개, 확인 {checks}개)")


def _step_lines(step: StepResult) -> list[str]:
    lines = []
    if step.say:
        lines.append(f"💬 {step.say}")
    if step.move:
        who = "우연" if step.by == "chance" else step.by
        head = f"{who}: {step.move}"
        if step.kind == "auto":
            lines.append(f"🎲 {head} — {step.description} (시드에서 뽑음)")
        elif step.verdict == "accepted":
            lines.append(f"✔ {head} — {step.description}")
        elif step.verdict == "rejected":
            err = step.error or {}
            note = "예상대로 거부" if step.expected == "illegal" else "거부"
            lines.append(f"✘ {head} — {note}: {err.get('message')} ({err.get('code')}) [규칙 {err.get('rule')}]")
        else:
            lines.append(f"✘ {head}")
    if step.checks and not step.failures:
        lines.append(f"✔ 확인 {len(step.checks)}개 일치: {', '.join(step.checks)}")
    lines.extend(f"✘ 기대와 다름 — {failure}" for failure in step.failures)
    return lines


def cmd_moves(args: argparse.Namespace) -> int:
    trace = replay(load_scenario(args.file))
    if not 0 <= args.at <= len(trace.steps):
        print(f"tutor: 단계 번호는 0~{len(trace.steps)} 사이여야 합니다.", file=sys.stderr)
        return UNUSABLE
    game, state = trace.game, trace.state_at(args.at)
    player = game.current_player(state)
    if player is None:
        print(f"{args.at}단계 뒤: 게임이 끝났습니다. 승자: {', '.join(game.winners(state))}")
        return OK
    moves = game.legal_moves(state)
    print(f"{args.at}단계 뒤 {game.player_label(player)}의 차례 — 가능한 행동 {len(moves)}개:")
    for move in moves:
        print(f"  {str(move):<28} {game.describe(state, move)}")
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
        out = site.build(force=args.force)
    except site.BuildError as exc:
        print(f"tutor: {exc}", file=sys.stderr)
        return UNUSABLE
    print(f"문서를 빌드했습니다: {out}")
    if not args.build_only:
        site.serve(out, port=args.port, open_browser=not args.no_open)
    return OK


if __name__ == "__main__":
    sys.exit(main())
