"""Safe YAML loading that keeps line numbers, refuses duplicate keys and survives hostile input.

Only PyYAML's safe constructors run, and only for plain values (text, numbers, true/false, null),
lists and mappings: nothing in a file is executed, no other tag is constructed. Limits keep a file
from costing much time or memory: its size, how deeply it nests, how many values and how much text it expands to
(aliases can multiply a small file), how large a number may be, and which characters it may hold.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any

import yaml

from engines.core.korean import josa
from engines.core.names import INVISIBLE

Path_ = tuple[Any, ...]

MAX_BYTES = 256 * 1024  # the largest built-in scenario is under 5 KB
MAX_DEPTH = 24  # nesting of lists and mappings
MAX_VALUES = 20_000  # values after expanding aliases ("billion laughs")
MAX_EXPANDED = MAX_BYTES  # characters of text after expanding aliases: a file may not grow past what we read
MAX_INT = 10**9  # larger numbers are never meaningful in a scenario
_STANDARD = "tag:yaml.org,2002:"
_STR, _SEQ, _MAP = f"{_STANDARD}str", f"{_STANDARD}seq", f"{_STANDARD}map"
# The plain-value tags a scenario may use, each with the tags its text may read as untagged (``!!float 1``
# is 1.0, ``!!bool maybe`` or ``!!int x`` is refused) and the values it takes, in Korean.
_TAKES = {
    f"{_STANDARD}int": ({f"{_STANDARD}int"}, "정수"),
    f"{_STANDARD}float": ({f"{_STANDARD}int", f"{_STANDARD}float"}, "수"),
    f"{_STANDARD}bool": ({f"{_STANDARD}bool"}, "true, false"),
    f"{_STANDARD}null": ({f"{_STANDARD}null"}, "null 또는 빈 값"),
}
_CONTROL = r"\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff"
# Control characters and lone surrogates, and every character a reader cannot see (INVISIBLE): a U+2028 inside
# a comment is one grey line in an editor but a line break to YAML, so the text that runs is not the text shown.
_FORBIDDEN = re.compile(f"[{_CONTROL}]|{INVISIBLE.pattern}|\r(?!\n)")  # a lone CR breaks a line for YAML only
_PROBLEMS_KO = {  # PyYAML's common complaints, in Korean
    "mapping values are not allowed here": "여기에는 '키: 값'을 쓸 수 없습니다 (들여쓰기나 ':' 뒤의 공백을 확인하세요)",
    "could not find expected ':'": "':'가 있어야 할 곳에 없습니다",
    "found character '\\t' that cannot start any token": "탭 문자는 쓸 수 없습니다 (들여쓰기는 공백으로 하세요)",
    "expected a single document in the stream": "문서가 하나여야 합니다 ('---'로 나눈 문서를 여럿 쓸 수 없습니다)",
    "found undefined alias": "정의되지 않은 별칭(*)입니다",
    "found unexpected end of stream": "파일이 도중에 끝났습니다 (따옴표나 괄호가 닫히지 않았습니다)",
    "did not find expected key": "키가 있어야 할 곳에 없습니다 (들여쓰기를 확인하세요)",
    "did not find expected node content": "값이 있어야 할 곳에 없습니다",
    "found unknown escape character": "따옴표 안의 '\\' 뒤에 알 수 없는 문자가 있습니다",
    "found recursive node": "별칭(*)이 자기 자신을 가리킵니다",
    "sequence entries are not allowed here": "여기에는 목록 항목('- ')을 쓸 수 없습니다 (들여쓰기를 확인하세요)",
    "expected <block end>, but found": "들여쓰기가 맞지 않습니다",
    "expected ',' or ']', but got": "목록 '[...]' 안의 쉼표나 닫는 괄호가 맞지 않습니다",
    "expected ',' or '}', but got": "매핑 '{...}' 안의 쉼표나 닫는 괄호가 맞지 않습니다",
    "but found another document": "문서가 하나여야 합니다 ('---'로 나눈 문서를 여럿 쓸 수 없습니다)",
    "mapping keys are not allowed here": "여기에는 '?'로 시작하는 키를 쓸 수 없습니다 (글자로 쓰려면 따옴표로 감싸세요)",
}


@dataclass
class Problem:
    line: int | None
    message: str  # Korean


@dataclass
class Document:
    data: Any
    lines: dict[Path_, int] = field(default_factory=dict)  # (key, index, …) → 1-based line

    def line(self, *path: Any) -> int | None:
        """The line of the value at ``path``, or of its nearest ancestor that has one."""
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return self.lines.get(())


class _TooBig(Exception):
    """The file expands past a limit; converting stops at once."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem


def shown(text: Any, limit: int = 40) -> str:
    """User text as it may be echoed in a message: control characters escaped, long text cut."""
    text = _FORBIDDEN.sub(lambda m: f"\\u{ord(m.group()):04x}", str(text))
    return text if len(text) <= limit else text[:limit] + "…"


def decode(raw: bytes) -> tuple[str | None, list[Problem]]:
    """File bytes → text, or a Korean problem (too large, not UTF-8)."""
    if len(raw) > MAX_BYTES:
        return None, [Problem(None, f"파일이 너무 큽니다 ({len(raw) // 1024} KB; 시나리오는 "
                                    f"{MAX_BYTES // 1024} KB까지 읽습니다).")]
    try:
        return raw.decode("utf-8-sig"), []
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        return None, [Problem(line, "파일이 UTF-8이 아닙니다 (CP949·EUC-KR 같은 예전 한글 인코딩이나 UTF-16으로 저장된 것 같습니다). "
                                    "편집기에서 인코딩을 UTF-8로 바꿔 다시 저장하세요.")]


def parse_yaml(text: str) -> tuple[Document | None, list[Problem]]:
    if len(text) > MAX_BYTES:
        return None, [Problem(None, f"글이 너무 깁니다 ({len(text):,}자; 시나리오는 {MAX_BYTES:,}자까지 읽습니다).")]
    bad = _FORBIDDEN.search(text)
    if bad:
        return None, [Problem(text.count("\n", 0, bad.start()) + 1, _forbidden(bad.group()))]
    try:
        loader = yaml.SafeLoader(text)
    except yaml.YAMLError:
        return None, [Problem(None, "YAML로 읽을 수 없는 문자가 있습니다.")]
    try:
        _check_flow_depth(text)
        _check_depth(yaml.SafeLoader(text))
        node = loader.get_single_node()
        if node is None:
            return None, [Problem(1, "파일이 비어 있습니다.")]
        problems: list[Problem] = []
        doc = Document(None)
        doc.data = _Converter(loader, doc, problems).convert(node, (), 0)
        return doc, problems
    except _TooBig as exc:
        return None, [exc.problem]
    except RecursionError:
        return None, [Problem(None, f"목록이나 매핑이 너무 깊게 중첩되어 있습니다 ({MAX_DEPTH}단계까지).")]
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        return None, [Problem(line, f"YAML 문법 오류: {_korean(exc.problem or exc.context or '')}")]
    except yaml.YAMLError as exc:
        return None, [Problem(None, f"YAML 문법 오류: {_korean(str(exc))}")]
    finally:
        loader.dispose()


_FLOW = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\n]|\'\')*\'|(?:^|(?<=\s))#[^\n]*|[\[\]{}]')


def too_deep(text: str, limit: int) -> int | None:
    """Where brackets first nest deeper than ``limit`` (an offset), or None, found in one linear pass with
    quoted text and comments skipped: before a parser recurses or looks ahead through them. It reads JSON
    too (a practice save), whose strings are YAML's double-quoted ones."""
    depth = 0
    for match in _FLOW.finditer(text):
        char = match.group()
        if char in "[{":
            depth += 1
            if depth > limit:
                return match.start()
        elif char in "]}":
            depth = max(0, depth - 1)
    return None


def _check_flow_depth(text: str) -> None:
    """Brackets nested too deeply: PyYAML's scanner would spend a second looking ahead through them."""
    at = too_deep(text, MAX_DEPTH)
    if at is not None:
        raise _TooBig(Problem(text.count("\n", 0, at) + 1, f"목록이나 매핑이 너무 깊게 중첩되어 있습니다 ({MAX_DEPTH}단계까지)."))


def _check_depth(loader: yaml.SafeLoader) -> None:
    """Read the event stream alone first and stop at the first list or mapping nested too deeply: PyYAML
    builds nodes recursively and scans deep flow nesting in quadratic time, so depth is bounded before."""
    depth = 0
    try:
        while loader.check_event():
            event = loader.get_event()
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    raise _TooBig(Problem(event.start_mark.line + 1,
                                          f"목록이나 매핑이 너무 깊게 중첩되어 있습니다 ({MAX_DEPTH}단계까지)."))
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
    finally:
        loader.dispose()


def _forbidden(char: str) -> str:
    if char in "\u2028\u2029\r":
        kind = "편집기에 따라 줄 바꿈으로 보이지 않지만 YAML은 줄 바꿈으로 읽는 문자"
    elif INVISIBLE.fullmatch(char):
        kind = "보이지 않는 문자(폭 없는 공백, 글의 방향을 바꾸는 문자 같은 것)"
    else:
        kind = "NUL 같은 제어 문자나 짝 없는 서로게이트"
    return (f"쓸 수 없는 문자({shown(char)})가 있습니다: {kind}입니다. 보이는 것과 실제로 읽히는 것이 달라지므로 "
            "시나리오에는 보이는 글자로만 쓰고 UTF-8로 저장하세요.")


def _tag(tag: str) -> str:
    """A tag as it is written in the file: ``!!bool`` for YAML's own, the full text for others."""
    return shown("!!" + tag[len(_STANDARD):] if tag.startswith(_STANDARD) else tag)


def _korean(problem: str) -> str:
    for english, korean in _PROBLEMS_KO.items():
        if problem.startswith(english):
            return korean
    return f"YAML 파서가 읽지 못했습니다 ({shown(problem, 80)})"


class _Converter:
    """Nodes → plain Python values, recording the line of every value and enforcing the limits."""

    def __init__(self, loader: yaml.SafeLoader, doc: Document, problems: list[Problem]) -> None:
        self.loader, self.doc, self.problems = loader, doc, problems
        self.values = 0
        self.chars = 0  # text of every value as expanded: an alias of a long text counts each time it is used
        self.open: set[int] = set()  # nodes being converted: an alias back to one of them is a cycle

    def convert(self, node: yaml.Node, path: Path_, depth: int) -> Any:
        line = node.start_mark.line + 1
        self.values += 1
        if self.values > MAX_VALUES:
            raise _TooBig(Problem(line, f"값이 너무 많습니다 (별칭 *를 펼치면 {MAX_VALUES}개를 넘습니다)."))
        if depth > MAX_DEPTH:
            raise _TooBig(Problem(line, f"목록이나 매핑이 너무 깊게 중첩되어 있습니다 ({MAX_DEPTH}단계까지)."))
        if id(node) in self.open:
            raise _TooBig(Problem(line, "별칭(*)이 자기 자신을 담고 있습니다 (끝없이 펼쳐집니다)."))
        self.doc.lines.setdefault(path, line)
        if isinstance(node, yaml.ScalarNode):
            self.chars += len(node.value)
            if self.chars > MAX_EXPANDED:
                raise _TooBig(Problem(line, f"별칭 *를 펼치면 글이 너무 깁니다 ({MAX_EXPANDED:,}자까지 읽습니다; "
                                            "긴 글을 별칭으로 여러 번 쓰지 마세요)."))
            return self._scalar(node, line)
        if node.tag not in (_SEQ, _MAP):
            self.problems.append(Problem(line, f"YAML 태그는 쓸 수 없습니다: {_tag(node.tag)}."))
            return None
        self.open.add(id(node))
        try:
            if isinstance(node, yaml.SequenceNode):
                return [self.convert(item, (*path, i), depth + 1) for i, item in enumerate(node.value)]
            return self._mapping(node, path, depth)
        finally:
            self.open.discard(id(node))

    def _mapping(self, node: yaml.MappingNode, path: Path_, depth: int) -> dict[Any, Any]:
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge" and id(value_node) in self.open:
                raise _TooBig(Problem(key_node.start_mark.line + 1, "병합(<<)이 자기 자신을 담고 있습니다."))
        self.loader.flatten_mapping(node)  # resolves "<<" merge keys
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key_line = key_node.start_mark.line + 1
            key = self.convert(key_node, (*path, "<key>"), depth + 1) if isinstance(key_node, yaml.ScalarNode) else None
            if not isinstance(key, (str, int, float, bool)) or key is None:
                self.problems.append(Problem(key_line, "키는 글자나 숫자여야 합니다."))
                continue
            if key in out:
                self.problems.append(Problem(key_line, f"키 '{shown(key)}'가 두 번 나옵니다."))
            self.doc.lines[(*path, key)] = key_line
            out[key] = self.convert(value_node, (*path, key), depth + 1)
        return out

    def _scalar(self, node: yaml.ScalarNode, line: int) -> Any:
        untagged = self.loader.resolve(yaml.ScalarNode, node.value, (True, False))  # how YAML reads the bare text
        value_ko = f"'{shown(node.value)}'" if node.value else "비어 있음"
        if node.tag != _STR and node.tag not in _TAKES:
            if node.tag == untagged == f"{_STANDARD}timestamp":
                message = f"날짜로 읽히는 값은 쓸 수 없습니다: {value_ko}. 글자로 쓰려면 따옴표로 감싸세요."
            else:
                message = (f"YAML 태그는 쓸 수 없습니다: {_tag(node.tag)} (값 {value_ko}). "
                           "태그를 지우고, 글자로 쓰려면 따옴표로 감싸세요.")
            self.problems.append(Problem(line, message))
            return None
        try:
            if node.tag != _STR and untagged not in _TAKES[node.tag][0]:
                raise ValueError(node.value)
            value = self.loader.construct_object(node, deep=True)
        except (yaml.YAMLError, ValueError, TypeError, KeyError, IndexError, AttributeError, OverflowError):
            self.problems.append(Problem(line, f"{_tag(node.tag)} 태그의 값이 잘못되었습니다 (지금: {value_ko}; 쓸 수 있는 "
                                               f"값: {_TAKES[node.tag][1]}). 글자로 쓰려면 태그를 지우고 따옴표로 감싸세요."))
            return None
        if isinstance(value, str) and (bad := _FORBIDDEN.search(value)):
            self.problems.append(Problem(line, _forbidden(bad.group())))
            return None
        if isinstance(value, bool):
            return value
        if isinstance(value, int) and abs(value) > MAX_INT:
            self.problems.append(Problem(line, f"수 {josa(shown(node.value, 20), '이')} 너무 큽니다 (±{MAX_INT:,}까지)."))
            return None
        if isinstance(value, float) and not (math.isfinite(value) and abs(value) <= MAX_INT):
            self.problems.append(Problem(line, f"쓸 수 없는 수입니다: {shown(node.value, 20)} (±{MAX_INT:,} 안의 유한한 수만)."))
            return None
        return value
