"""Single-slip mutants of a worked solution (`python -m coursekit mutants`): the `### BEGIN SOLUTION` regions of
solutions/NN_*.ipynb and, inside each, the slips a learner makes (a comparison, an operator, an integer constant,
and/or, a dropped `not` or statement, min for max, a range bound), one mutant per slip."""

from __future__ import annotations

import ast
import copy
import difflib
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional

from coursetools.author.generate import BEGIN, END
from coursetools.nbio import nbformat

@dataclass
class Region:
    """One `### BEGIN SOLUTION` ... `### END SOLUTION` region of a solution notebook."""

    exercise: str
    cell: int  # index of the cell in the notebook
    name: str  # the function it completes (Class.method), else the last name it assigns
    begin: int  # line numbers (1-based, in the cell) of the two markers
    end: int

    def holds(self, node: ast.AST) -> bool:
        """True when the node lies wholly between the markers."""
        first, last = getattr(node, "lineno", None), getattr(node, "end_lineno", None)
        return first is not None and self.begin < first and last < self.end


@dataclass
class Mutant:
    """A solution notebook with one slip in one region: `source` replaces cell `cell`."""

    exercise: str
    region: str
    cell: int
    lineno: int  # line of the slip in the original cell
    line: str  # that line's text, stripped
    mutation: str  # what changed: "<= -> <", "17 -> 18", "drop", "and -> or", ...
    occurrence: int  # the how-manieth such mutation of such a line in the region (0 first)
    source: str
    diff: str = ""

    @property
    def key(self) -> str:
        """A stable name: exercise, region, occurrence, mutation and line text (not the line number)."""
        return f"{self.exercise} {self.region} #{self.occurrence} [{self.mutation}] {self.line}"


CMP = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=", ast.In: "in",
       ast.NotIn: "not in", ast.Is: "is", ast.IsNot: "is not"}
CMP_SWAPS = {ast.Lt: (ast.LtE, ast.Gt), ast.LtE: (ast.Lt, ast.GtE), ast.Gt: (ast.GtE, ast.Lt),
             ast.GtE: (ast.Gt, ast.LtE), ast.Eq: (ast.NotEq,), ast.NotEq: (ast.Eq,), ast.In: (ast.NotIn,),
             ast.NotIn: (ast.In,), ast.Is: (ast.IsNot,), ast.IsNot: (ast.Is,)}
BIN = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//", ast.Mod: "%", ast.Pow: "**"}
BIN_SWAPS = {ast.Add: (ast.Sub, ast.Mult), ast.Sub: (ast.Add,), ast.Mult: (ast.Div, ast.Add),
             ast.Div: (ast.Mult, ast.FloorDiv), ast.FloorDiv: (ast.Div, ast.Mod), ast.Mod: (ast.FloorDiv,),
             ast.Pow: (ast.Mult,)}


def _int_constant(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) is int


def _plus_minus_constant(node: ast.AST) -> bool:
    """`x + 1`, `x - 2`: a range bound whose integer constant mutations already move it by one."""
    return (isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub))
            and (_int_constant(node.right) or _int_constant(node.left)))


def _docstring(node: ast.AST) -> bool:
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)


def _slips(node: ast.AST) -> list[tuple[str, Callable[[ast.AST], Optional[ast.AST]]]]:
    """(description, edit) for every single slip of this node; an edit changes a copy in place or returns a new node."""
    out: list = []
    if isinstance(node, ast.Compare):
        for i, op in enumerate(node.ops):
            for new in CMP_SWAPS.get(type(op), ()):
                def edit(n, i=i, new=new):
                    n.ops[i] = new()
                out.append((f"{CMP[type(op)]} -> {CMP[new]}", edit))
    elif isinstance(node, (ast.BinOp, ast.AugAssign)):
        suffix = "=" if isinstance(node, ast.AugAssign) else ""
        for new in BIN_SWAPS.get(type(node.op), ()):
            def edit(n, new=new):
                n.op = new()
            out.append((f"{BIN[type(node.op)]}{suffix} -> {BIN[new]}{suffix}", edit))
    elif isinstance(node, ast.BoolOp):
        new_op = ast.Or if isinstance(node.op, ast.And) else ast.And
        names = {ast.And: "and", ast.Or: "or"}

        def edit(n):
            n.op = new_op()
        out.append((f"{names[type(node.op)]} -> {names[new_op]}", edit))
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.Not, ast.USub)):
        word = "not" if isinstance(node.op, ast.Not) else "unary -"
        out.append((f"{word} removed", lambda n: n.operand))
    elif isinstance(node, ast.Constant) and type(node.value) is bool:
        def edit(n):
            n.value = not n.value
        out.append((f"{node.value} -> {not node.value}", edit))
    elif _int_constant(node):
        for delta in (1, -1):
            def edit(n, delta=delta):
                n.value = n.value + delta
            out.append((f"{node.value} -> {node.value + delta}", edit))
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        name = node.func.id
        if name in ("min", "max"):
            other = "max" if name == "min" else "min"

            def edit(n, other=other):
                n.func.id = other
            out.append((f"{name} -> {other}", edit))
        elif name == "range" and node.args and not node.keywords:
            stop_at = 1 if len(node.args) >= 2 else 0
            stop = node.args[stop_at]
            if not (_int_constant(stop) or _plus_minus_constant(stop)):
                for op, word in ((ast.Add, "+ 1"), (ast.Sub, "- 1")):
                    def edit(n, op=op, stop_at=stop_at):
                        n.args[stop_at] = ast.BinOp(n.args[stop_at], op(), ast.Constant(1))
                    out.append((f"range stop {word}", edit))
            if len(node.args) == 1:
                def edit(n):
                    n.args.insert(0, ast.Constant(1))
                out.append(("range start 0 -> 1", edit))
    if isinstance(node, ast.stmt) and not isinstance(node, (ast.Pass, ast.Global, ast.Nonlocal)) \
            and not _docstring(node):
        out.append(("drop", lambda n: ast.Pass()))
    return out


def _replace(tree: ast.AST, target: ast.AST, new: ast.AST) -> None:
    """Put `new` where `target` sits in `tree`."""
    for parent in ast.walk(tree):
        for name, value in ast.iter_fields(parent):
            if value is target:
                setattr(parent, name, new)
                return
            if isinstance(value, list):
                for i, item in enumerate(value):
                    if item is target:
                        value[i] = new
                        return
    raise ValueError("node not found")


def _enclosing_name(tree: ast.Module, begin: int, end: int) -> Optional[str]:
    """Class.method of the innermost function whose body holds the region's first marker (line `begin`), else None."""
    best: Optional[str] = None

    def visit(node: ast.AST, prefix: str) -> None:
        nonlocal best
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = f"{prefix}{child.name}"
                if child.lineno < begin < child.end_lineno:
                    if not isinstance(child, ast.ClassDef):
                        best = name
                    visit(child, name + ".")
    visit(tree, "")
    return best


def _assigned_name(tree: ast.Module, region: Region) -> Optional[str]:
    """The last top-level name the region assigns or defines."""
    name = None
    for node in tree.body:
        if not region.holds(node):
            continue
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            name = node.name
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, (ast.AnnAssign, ast.AugAssign)) else []
        for target in targets:
            for sub in ast.walk(target):
                if isinstance(sub, ast.Name):
                    name = sub.id
    return name


def regions(nb, exercise: str) -> list[Region]:
    """Every solution region of a notebook, named."""
    found: list[Region] = []
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code" or "### BEGIN SOLUTION" not in cell.source:
            continue
        lines = cell.source.splitlines()
        try:
            tree = ast.parse(cell.source)
        except SyntaxError:
            continue  # IPython syntax (magics): not mutated
        begin = None
        for number, line in enumerate(lines, 1):
            if BEGIN.match(line):
                begin = number
            elif END.match(line) and begin is not None:
                region = Region(exercise, index, "", begin, number)
                region.name = (_enclosing_name(tree, begin, number) or _assigned_name(tree, region)
                               or f"cell{index + 1}")
                found.append(region)
                begin = None
    seen: Counter = Counter()
    for region in found:
        seen[region.name] += 1
        if seen[region.name] > 1:
            region.name = f"{region.name}#{seen[region.name]}"
    return found


def _diff(before: str, after: str, lines: int = 6) -> str:
    changed = [d for d in difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0)
               if d[:1] in "+-" and not d.startswith(("---", "+++"))]
    return "\n".join(changed[:lines] + (["..."] if len(changed) > lines else []))


def cell_mutants(source: str, cell_regions: list[Region]) -> list[Mutant]:
    """Every distinct single-slip mutant of one cell's solution regions (an unparsed cell each)."""
    tree = ast.parse(source)
    original = ast.unparse(tree)
    lines = source.splitlines()
    nodes = list(ast.walk(tree))
    sites = []
    for index, node in enumerate(nodes):
        region = next((r for r in cell_regions if r.holds(node)), None)
        if region is not None:
            for description, edit in _slips(node):
                sites.append((node.lineno, node.col_offset, index, region, description, edit))
    sites.sort(key=lambda s: (s[0], s[1], s[2]))
    out: list[Mutant] = []
    seen = {original}
    occurrences: Counter = Counter()
    for lineno, _, index, region, description, edit in sites:
        line = lines[lineno - 1].strip()
        occurrence = occurrences[(region.name, line, description)]
        occurrences[(region.name, line, description)] += 1
        mutated = copy.deepcopy(tree)
        target = list(ast.walk(mutated))[index]
        new = edit(target)
        if new is not None:
            if isinstance(new, ast.stmt) or not isinstance(target, ast.stmt):
                _replace(mutated, target, new)
        ast.fix_missing_locations(mutated)
        try:
            text = ast.unparse(mutated)
            compile(text, "<mutant>", "exec")
        except (SyntaxError, ValueError, TypeError, RecursionError):
            continue
        if text in seen:
            continue
        seen.add(text)
        out.append(Mutant(region.exercise, region.name, region.cell, lineno, line, description, occurrence, text,
                          _diff(original, text)))
    return out


def solution_path(exercise: str, solutions: Path) -> Path:
    """solutions/NN_*.ipynb for an exercise number."""
    found = sorted(Path(solutions).glob(f"{exercise}_*.ipynb"))
    if not found:
        raise ValueError(f"no solution notebook for exercise {exercise!r} in {str(solutions)!r}")
    return found[0]


def make_mutants(exercise: str, solutions: Path | str = "solutions") -> tuple[list[Region], list[Mutant]]:
    """The regions of an exercise's worked solution and every single-slip mutant of them."""
    nb = nbformat.read(solution_path(exercise, Path(solutions)), as_version=4)
    found = regions(nb, exercise)
    mutants: list[Mutant] = []
    for index in sorted({r.cell for r in found}):
        mutants += cell_mutants(nb.cells[index].source, [r for r in found if r.cell == index])
    return found, mutants


def stub_source(source: str, region: Region) -> str:
    """The cell with one region replaced by `raise NotImplementedError` (the exercise's stub)."""
    lines = source.splitlines()
    indent = re.match(r"\s*", lines[region.begin - 1]).group(0)
    return "\n".join(lines[:region.begin - 1] + [f"{indent}raise NotImplementedError('stub')"] + lines[region.end:])
