"""Graph helpers the tests share (import graphs of packages)."""
from __future__ import annotations

from collections.abc import Iterable, Mapping


def strongly_connected(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """Tarjan's algorithm: the groups of nodes that reach each other, directly or through others (a node alone
    is a group of one)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while (w := stack.pop()) != v:
                group.append(w)
            groups.append([v, *group])

    for v in graph:
        if v not in index:
            visit(v)
    return groups
