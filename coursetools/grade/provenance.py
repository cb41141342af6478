"""Which of coursekit's own implementations a submission imports or calls (the instructor decides what it means).

Read from the notebook's source in the grader's process, so a submission cannot hide what it wrote; code that
builds the name at run time (importlib, getattr with strings) is caught only by the name appearing in the text.
"""

from __future__ import annotations

import ast
import re
from typing import Iterable


def _source_without_magics(source: str) -> str:
    return "\n".join("" if line.lstrip().startswith(("%", "!")) else line for line in source.splitlines())


def _dotted(node: ast.AST, aliases: dict[str, str]) -> str:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name) and node.id in aliases:
        return ".".join([aliases[node.id], *reversed(parts)])
    return ""


def references(sources: Iterable[str]) -> set[str]:
    """Every dotted coursekit name the code imports or refers to ("coursekit.blackjack.hand_total", ...)."""
    found: set[str] = set()
    aliases: dict[str, str] = {}
    for source in sources:
        try:
            tree = ast.parse(_source_without_magics(source))
        except (SyntaxError, ValueError):
            found |= set(re.findall(r"coursekit(?:\.\w+)+", source))
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.split(".")[0] == "coursekit":
                        aliases[alias.asname or alias.name.split(".")[0]] = alias.name if alias.asname else "coursekit"
                        found.add(alias.name)
            elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "coursekit":
                for alias in node.names:
                    name = f"{node.module}.{alias.name}" if alias.name != "*" else f"{node.module}.*"
                    aliases[alias.asname or alias.name] = name
                    found.add(name)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) and "coursekit" in node.value:
                found |= set(re.findall(r"coursekit(?:\.\w+)+", node.value))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute):
                name = _dotted(node, aliases)
                if name:
                    found.add(name)
    return found


def uses(sources: Iterable[str], implementations: Iterable[str]) -> list[str]:
    """The implementations (dotted names) that the code imports, refers to, or star-imports the module of."""
    seen = references(sources)
    hits = []
    for name in implementations:
        module = name.rsplit(".", 1)[0]
        if name in seen or f"{module}.*" in seen:
            hits.append(name)
    return hits
