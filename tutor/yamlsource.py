"""Safe YAML loading that keeps line numbers and refuses duplicate keys.

Only PyYAML's safe constructors run (plain scalars, lists, mappings): nothing in a file is executed.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import yaml

Path_ = tuple[Any, ...]


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


def parse_yaml(text: str) -> tuple[Document | None, list[Problem]]:
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None, [Problem(1, "파일이 비어 있습니다.")]
        problems: list[Problem] = []
        doc = Document(None)
        doc.data = _convert(loader, node, (), doc, problems)
        return doc, problems
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        return None, [Problem(line, f"YAML 문법 오류: {exc.problem or exc.context}")]
    except yaml.YAMLError as exc:
        return None, [Problem(None, f"YAML 문법 오류: {exc}")]
    finally:
        loader.dispose()


def _convert(loader: yaml.SafeLoader, node: yaml.Node, path: Path_, doc: Document,
             problems: list[Problem]) -> Any:
    line = node.start_mark.line + 1
    doc.lines[path] = line
    if isinstance(node, yaml.MappingNode):
        loader.flatten_mapping(node)  # resolves "<<" merge keys
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = _convert(loader, key_node, (*path, "<key>"), doc, problems)
            if not isinstance(key, (str, int, float, bool)) or key is None:
                problems.append(Problem(key_node.start_mark.line + 1, "키는 글자나 숫자여야 합니다."))
                continue
            if key in out:
                problems.append(Problem(key_node.start_mark.line + 1, f"키 '{key}'가 두 번 나옵니다."))
            out[key] = _convert(loader, value_node, (*path, key), doc, problems)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_convert(loader, item, (*path, i), doc, problems) for i, item in enumerate(node.value)]
    try:
        return loader.construct_object(node, deep=True)
    except yaml.constructor.ConstructorError as exc:
        problems.append(Problem(line, f"허용되지 않는 YAML 값입니다: {exc.problem}"))
        return None
