"""Which of coursekit's own implementations a submission imports or calls (the instructor decides what it means).

Read from the notebook's source in the grader's process, so a submission cannot hide what it wrote; code that
builds the name at run time (importlib, getattr with strings) is caught only by the name appearing in the text.
The grader's own memory is bounded (issue 35: a 4 MB cell took a per-question `ast.parse` to 2.5 GB): the sources
are read once for all questions, and only the first `MAX_PARSED_CHARS` characters of code are `ast.parse`d (about
500 bytes of memory a character); a cell past that budget is scanned as text, in linear time and memory: its
`import` lines, its dotted `coursekit.` names, and the names its imports bound followed by a dot.
"""

from __future__ import annotations

import ast
import re
from typing import Iterable

MAX_PARSED_CHARS = 64_000  # code parsed into a syntax tree per submission (the worked solutions have 1.6-8.8 k)
MAX_IMPORT_CHARS = 1_000  # one import line of a scanned cell, parsed on its own
DOTTED = re.compile(r"coursekit(?:\.\w+)+")
IMPORT_LINE = re.compile(r"^[ \t]*(?:from[ \t]+coursekit\b[^\n]*|import[ \t]+[^\n]*\bcoursekit\b[^\n]*)$", re.M)


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


def _imports(tree: ast.AST, aliases: dict[str, str], found: set[str]) -> None:
    """Record the coursekit imports of a syntax tree: the names imported and what each bound name stands for."""
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


def _parsed(tree: ast.AST, aliases: dict[str, str], found: set[str]) -> None:
    _imports(tree, aliases, found)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and "coursekit" in node.value:
            found |= set(DOTTED.findall(node.value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            name = _dotted(node, aliases)
            if name:
                found.add(name)


def _scanned(source: str, aliases: dict[str, str], found: set[str]) -> None:
    """A cell too big to parse, read as text: its import lines one by one, dotted names, and `alias.name` uses."""
    found |= set(DOTTED.findall(source))
    for match in IMPORT_LINE.finditer(source):
        line = match.group(0).strip()
        try:
            tree = ast.parse(line[:MAX_IMPORT_CHARS])
        except (SyntaxError, ValueError):
            continue
        _imports(tree, aliases, found)
    for alias, name in list(aliases.items()):
        if alias == "coursekit":
            continue
        for attribute in set(re.findall(rf"(?<![\w.]){re.escape(alias)}\.(\w+)", source)):
            found.add(f"{name}.{attribute}")


def references(sources: Iterable[str]) -> set[str]:
    """Every dotted coursekit name the code imports or refers to ("coursekit.blackjack.hand_total", ...)."""
    found: set[str] = set()
    aliases: dict[str, str] = {}
    budget = MAX_PARSED_CHARS
    for source in sources:
        if len(source) > budget:
            _scanned(source, aliases, found)
            continue
        budget -= len(source)
        try:
            tree = ast.parse(_source_without_magics(source))
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            _scanned(source, aliases, found)
            continue
        _parsed(tree, aliases, found)
    return found


def uses_of(seen: set[str], implementations: Iterable[str]) -> list[str]:
    """The implementations (dotted names) among the references `seen`, directly or by a star import of the module."""
    hits = []
    for name in implementations:
        module = name.rsplit(".", 1)[0]
        if name in seen or f"{module}.*" in seen:
            hits.append(name)
    return hits


def uses(sources: Iterable[str], implementations: Iterable[str]) -> list[str]:
    """The implementations (dotted names) that the code imports, refers to, or star-imports the module of."""
    return uses_of(references(sources), implementations)
