"""`python -m coursekit mutants [EXERCISE...]`: how strong are the exercises' tests? Mutation analysis.

For every `### BEGIN SOLUTION` region of solutions/NN_*.ipynb this makes single-slip mutants of the code inside
it, the way a learner slips (a comparison, an operator, an integer constant, and/or, a dropped `not` or
statement, min for max, a range bound), grades them with the exercise's real tests in the grading sandbox and
reports, per exercise and per question, how many keep every automatic point the worked solution gets (survivors).
Every survivor is either killed by a better test or listed, with a one-line reason, in the file of equivalent
mutants (tests/equivalent_mutants.txt): a mutant that changes nothing the question asks about.

Speed: one sandbox serves many mutants of an exercise (the namespace is reset between them, the worked solution
is graded again at the end of every sandbox's run as a canary), a mutant stops at its first lost point, and time
limits come from the worked solution's own times. Survivors, and any mutant that stopped its sandbox, are graded
again by the batch grader itself (`batch.grade_all`, a fresh sandbox each), whose verdict counts.
"""

from __future__ import annotations

import argparse
import ast
import copy
import difflib
import json
import os
import queue
import re
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Optional

from coursetools.author.generate import BEGIN, END
from coursetools.nbio import nbformat

EQUIVALENT_FILE = Path("tests") / "equivalent_mutants.txt"
MIN_SECONDS = 3.0  # shortest time limit for a cell or a question's tests
TIME_FACTOR = 10.0  # a mutant gets this many times the worked solution's time
GRACE = 5.0  # seconds past a time limit before the sandbox counts as hung
MUTANT_MEMORY_MB = 1024
# between two mutants: a fresh namespace (exit and quit kept refused), no last traceback holding old frames, and
# the garbage collected; then the worker's memory is measured (VmSize, what RLIMIT_AS limits, in MB)
RESET = ("(lambda ip, sys, gc, keep: (ip.reset(new_session=False), ip.user_ns.update(keep),"
         " [setattr(sys, name, None) for name in ('last_type', 'last_value', 'last_traceback', 'last_exc')"
         " if hasattr(sys, name)], gc.collect()))"
         "(get_ipython(), __import__('sys'), __import__('gc'),"
         " {k: get_ipython().user_ns[k] for k in ('exit', 'quit') if k in get_ipython().user_ns})")
MEMORY = "int(open('/proc/self/statm').read().split()[0]) * __import__('os').sysconf('SC_PAGE_SIZE') // 2**20"
SWELL_MB = 128  # a sandbox whose memory grew this much past its smallest after a reset is replaced
KEY = re.compile(r"^(?P<exercise>\d\d) (?P<region>\S+) #(?P<occurrence>\d+) \[(?P<mutation>[^\]]+)\] (?P<line>.*)$")

# --- regions and mutants ------------------------------------------------------------------------------------------


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


# --- grading many variants of one notebook in one sandbox ---------------------------------------------------------


@dataclass
class Verdict:
    """What one graded variant scored: points per question, and the first test that lost points."""

    points: dict = field(default_factory=dict)  # per question
    tests: dict = field(default_factory=dict)  # per (question, position)
    lost: list = field(default_factory=list)  # [{"qid", "label", "message", "slip"}]; the first only when stopped early
    died: str = ""  # why the sandbox stopped or hung, when it did
    timed_out: bool = False  # a cell or a test ran out of time
    seconds: float = 0.0
    cell_seconds: dict = field(default_factory=dict)
    question_seconds: dict = field(default_factory=dict)


class Session:
    """One sandbox grading variants of one exercise's notebook in turn, the namespace reset between them."""

    def __init__(self, exercise: str, cells: list[tuple[int, str]], limits=None, sandboxed: bool = True) -> None:
        from coursekit.grading.registry import questions
        from coursekit.sandbox.jail import Limits

        self.exercise, self.cells = exercise, cells
        self.questions = [q for q in questions(exercise) if not q.manual]
        self.limits = limits or Limits(memory_mb=MUTANT_MEMORY_MB, total_memory_mb=MUTANT_MEMORY_MB + 512)
        self.sandboxed = sandboxed
        self.sandbox = None
        self.used = 0
        self.smallest: Optional[int] = None  # the worker's smallest memory after a reset, in MB
        self.replaced = 0  # sandboxes replaced because a reset failed or memory stayed swollen

    def close(self) -> None:
        """Kill the sandbox."""
        if self.sandbox is not None:
            self.sandbox.close()
            self.sandbox = None
        self.smallest = None

    def _reset(self) -> bool:
        """Reset the namespace for the next variant; False when that failed or the memory stayed swollen."""
        from coursekit.sandbox.wire import decode

        reply = self.sandbox.request({"op": "cell", "source": RESET, "seconds": 30.0}, 30.0 + GRACE)
        if reply.get("cell") != "ok":
            return False
        size = self.sandbox.request({"op": "eval", "expr": MEMORY, "seconds": 10.0}, 10.0 + GRACE)
        try:
            mb = decode(size["value"])
        except Exception:
            return False
        if not isinstance(mb, int):
            return False
        self.smallest = mb if self.smallest is None else min(self.smallest, mb)
        return mb <= self.smallest + SWELL_MB and mb <= self.limits.memory_mb // 2

    def grade(self, replace: dict[int, str], cell_seconds: Callable[[int], float],
              question_seconds: Callable[[str], float], baseline: Optional[dict] = None,
              stop_early: bool = True) -> Verdict:
        """Grade the notebook with `replace`d cells; with a `baseline` (points per test) losses are measured against
        it, and grading stops at the first one unless `stop_early` is False."""
        from coursekit.sandbox.jail import Sandbox, SandboxDied, SandboxHung

        started = time.monotonic()
        verdict = Verdict()
        try:
            if self.sandbox is None:
                self.sandbox = Sandbox(self.limits, use_bwrap=self.sandboxed)
                self.used = 0
            elif self.used and not self._reset():
                self.close()
                self.sandbox = Sandbox(self.limits, use_bwrap=self.sandboxed)
                self.used = 0
                self.replaced += 1
            self.used += 1
            for index, source in self.cells:
                source = replace.get(index, source)
                if not source.strip():
                    continue
                seconds = cell_seconds(index)
                t = time.monotonic()
                reply = self.sandbox.request({"op": "cell", "source": source, "seconds": seconds}, seconds + GRACE)
                verdict.timed_out = verdict.timed_out or reply.get("cell") == "timeout"
                verdict.cell_seconds[index] = time.monotonic() - t
            for q in self.questions:
                budget = left = question_seconds(q.qid)
                t = time.monotonic()
                total = 0.0
                for position, case in enumerate(q.cases):
                    if left <= 0:
                        outcome = None
                        points, message, label, slip = 0.0, f"not run: the question's {budget:g} s were used up", \
                            getattr(case, "label", "") or getattr(case, "expr", ""), ""
                    else:
                        replies = [self.sandbox.request(r, left + GRACE) for r in case.requests(left)]
                        outcome = case.judge(replies, left)
                        points, message, label, slip = outcome.points, outcome.message, outcome.label, outcome.slip
                    verdict.timed_out = verdict.timed_out or any(
                        words in message for words in ("stopped after", "used up", "too slow"))
                    total += points
                    left = budget - (time.monotonic() - t)
                    lost = points < baseline.get((q.qid, position), 0) if baseline is not None else \
                        outcome is None or outcome.status != "pass"
                    if lost:
                        verdict.lost.append({"qid": q.qid, "label": label, "message": message, "slip": slip})
                        if baseline is not None and stop_early:
                            verdict.points[q.qid] = total
                            verdict.seconds = time.monotonic() - started
                            return verdict
                    verdict.tests[(q.qid, position)] = points
                verdict.points[q.qid] = total
                verdict.question_seconds[q.qid] = time.monotonic() - t
        except (SandboxDied, SandboxHung) as error:
            verdict.died = f"the sandbox {'stopped' if isinstance(error, SandboxDied) else 'hung'}"
            self.close()
        verdict.seconds = time.monotonic() - started
        return verdict


# --- the analysis -------------------------------------------------------------------------------------------------


@dataclass
class Equivalent:
    """A listed equivalent mutant: its key and why it changes nothing the question asks about."""

    key: str
    reason: str
    line: int  # where it is listed in the file


def read_equivalents(path: Path) -> list[Equivalent]:
    """The equivalent mutants listed in `path`: a key line, then an indented `reason: ...` line."""
    if not Path(path).exists():
        return []
    out: list[Equivalent] = []
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    for number, text in enumerate(lines, 1):
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        if text.startswith((" ", "\t")):
            stripped = text.strip()
            if not stripped.startswith("reason:") or not out or out[-1].reason:
                raise ValueError(f"{path}:{number}: expected a key line, or one `reason:` line under a key")
            out[-1].reason = stripped[len("reason:"):].strip()
            continue
        if not KEY.match(text):
            raise ValueError(f"{path}:{number}: not a mutant key (NN region #k [mutation] line): {text!r}")
        out.append(Equivalent(text.rstrip(), "", number))
    for entry in out:
        if not entry.reason:
            raise ValueError(f"{path}:{entry.line}: the equivalent mutant has no `reason:` line")
    return out


def _timeouts(times: dict, floor: float = MIN_SECONDS, factor: float = 1.0) -> Callable:
    """Time limits per cell or question: TIME_FACTOR times the worked solution's, at least `floor`, times `factor`."""
    return lambda key: factor * max(floor, TIME_FACTOR * times.get(key, floor))


def _fresh_grades(items: list[tuple[Mutant, object]], cells_nb: dict, timeout: float, jobs: int,
                  sandboxed: bool) -> list[dict]:
    """Grade mutants with the batch grader itself (a fresh sandbox each); their records, in order."""
    from coursetools.grade.batch import grade_all
    from coursekit.sandbox.jail import Limits

    with tempfile.TemporaryDirectory(prefix="coursekit-mutants-") as folder:
        paths = []
        for number, (mutant, path) in enumerate(items):
            nb = copy.deepcopy(cells_nb[mutant.exercise])
            nb.cells[mutant.cell].source = mutant.source
            target = Path(folder) / f"m{number}" / Path(path).name
            target.parent.mkdir()
            nbformat.write(nb, target)
            paths.append(target)
        limits = Limits(memory_mb=MUTANT_MEMORY_MB, total_memory_mb=MUTANT_MEMORY_MB + 512)
        return grade_all(paths, timeout, jobs=jobs, progress=False, notebook_seconds=20 * timeout,
                         limits=limits, sandboxed=sandboxed)


def analyse(exercises: Optional[Iterable[str]] = None, solutions: Path | str = "solutions", jobs: int = 1,
            equivalent: Optional[Path | str] = EQUIVALENT_FILE, sandboxed: bool = True, verify: bool = True,
            progress: Optional[Callable[[str], None]] = None, full: bool = False) -> dict:
    """Make and grade every mutant of the exercises (all when None); a JSON-ready report.

    `full` runs every test of every mutant (slower) and reports all the tests it fails, with the slips they name.
    """
    from coursekit.grading.registry import exercises as all_exercises

    started = time.monotonic()
    chosen = list(exercises) if exercises else all_exercises()
    say = progress or (lambda text: None)
    listed = read_equivalents(Path(equivalent)) if equivalent else []
    reasons = {e.key: e.reason for e in listed}
    notebooks, paths, plans = {}, {}, {}
    for ex in chosen:
        path = solution_path(ex, Path(solutions))
        nb = nbformat.read(path, as_version=4)
        notebooks[ex], paths[ex] = nb, path
        found, mutants = make_mutants(ex, solutions)
        cells = [(i, c.source) for i, c in enumerate(nb.cells) if c.cell_type == "code"]
        plans[ex] = (found, mutants, cells)
    say(f"{sum(len(p[1]) for p in plans.values())} mutants of {len(chosen)} exercise(s)")

    # the worked solution: its points per test and its times (fresh sandboxes, in parallel)
    baselines: dict = {}

    def measure(ex: str) -> None:
        session = Session(ex, plans[ex][2], sandboxed=sandboxed)
        try:
            first = session.grade({}, lambda i: 120.0, lambda q: 120.0)
            if first.died:
                raise RuntimeError(f"exercise {ex}: the worked solution stopped its sandbox ({first.died})")
            again = session.grade({}, lambda i: 120.0, lambda q: 120.0)  # warm: what a reused sandbox takes
        finally:
            session.close()
        cell_times = {i: max(first.cell_seconds.get(i, 0), again.cell_seconds.get(i, 0)) for i in first.cell_seconds}
        question_times = {q: max(first.question_seconds.get(q, 0), again.question_seconds.get(q, 0))
                          for q in first.question_seconds}
        baselines[ex] = {"tests": first.tests, "points": first.points,
                         "lost": first.lost, "cells": cell_times, "questions": question_times}

    _parallel(chosen, measure, jobs)

    # which questions each region's code serves: grade it with that region stubbed, as the exercise has it
    tasks = []
    for ex in chosen:
        found, mutants, cells = plans[ex]
        for region in found:
            source = dict(cells)[region.cell]
            tasks.append((ex, ("stub", region), {region.cell: stub_source(source, region)}))
        tasks += [(ex, ("mutant", m), {m.cell: m.source}) for m in mutants]
    canaries: list[str] = []
    results = _run_tasks(tasks, plans, baselines, jobs, sandboxed, full, 1.0, canaries, say, started)
    # a mutant that ran out of time gets three times the time (a loaded machine must not kill a slow, right one)
    slow = [n for n, (ex, (kind, item), _) in enumerate(tasks) if kind == "mutant" and results[n].timed_out]
    if slow:
        say(f"{len(slow)} mutant(s) ran out of time: graded again with three times the time")
        again = _run_tasks([tasks[n] for n in slow], plans, baselines, jobs, sandboxed, full, 3.0, canaries, say,
                           started)
        for position, n in enumerate(slow):
            results[n] = again[position]
    if canaries:
        raise RuntimeError("a reused sandbox changed the worked solution's grade: " + "; ".join(canaries))

    # the report
    rows: list[dict] = []
    region_questions: dict = {}
    for number, (ex, (kind, item), _) in enumerate(tasks):
        verdict = results[number]
        if kind == "stub":
            base = baselines[ex]["points"]
            hit = [q for q, v in verdict.points.items() if v < base.get(q, 0)]
            if verdict.died:
                hit = sorted(base)
            region_questions[(ex, item.name)] = sorted(hit)
            continue
        rows.append({"mutant": item, "verdict": verdict})
    fallback = {}
    for ex in chosen:
        nb = notebooks[ex]
        checks = [(i, re.findall(r'check\("(\d\d\.q\d+)"\)', c.source)) for i, c in enumerate(nb.cells)
                  if c.cell_type == "code"]
        for region in plans[ex][0]:
            after = [qids[0] for i, qids in checks if i > region.cell and qids]
            fallback[(ex, region.name)] = after[0] if after else ""
    # the batch grader's verdict counts for survivors and for mutants that stopped their sandbox
    to_verify = [r for r in rows if r["verdict"].died or (verify and not r["verdict"].lost)]
    if to_verify:
        say(f"{len(to_verify)} survivor(s) and mutant(s) that stopped their sandbox: graded again by the batch "
            "grader, a fresh sandbox each")
    fresh: dict = {}

    def regrade(ex: str) -> None:  # one exercise at a time per job: each with its own time limit
        mine = [r for r in to_verify if r["mutant"].exercise == ex]
        longest = max([*baselines[ex]["cells"].values(), *baselines[ex]["questions"].values(), 0])
        fresh[ex] = _fresh_grades([(r["mutant"], paths[ex]) for r in mine], notebooks,
                                  2 * max(MIN_SECONDS, TIME_FACTOR * longest), 1, sandboxed)

    _parallel(sorted({r["mutant"].exercise for r in to_verify}), regrade, jobs)
    for ex, records in fresh.items():
        for row, record in zip([r for r in to_verify if r["mutant"].exercise == ex], records):
            base = baselines[row["mutant"].exercise]["points"]
            lost = [{"qid": q, "label": t["label"], "message": t["message"], "slip": t.get("slip", "")}
                    for q, rec in record["questions"].items() if not rec["manual"]
                    for t in rec["tests"] if t["status"] == "fail"]
            short = [q for q, rec in record["questions"].items()
                     if not rec["manual"] and rec["points"] < base.get(q, 0)]
            row["fresh"] = {"killed": bool(short), "lost": lost}
    report_rows = []
    for row in rows:
        m, verdict = row["mutant"], row["verdict"]
        killed = row["fresh"]["killed"] if "fresh" in row else bool(verdict.lost)
        lost = (row["fresh"]["lost"] if "fresh" in row else verdict.lost)[:1]
        questions_of = region_questions.get((m.exercise, m.region)) or []
        status = "killed" if killed else "equivalent" if m.key in reasons else "survived"
        entry = {"key": m.key, "exercise": m.exercise, "region": m.region,
                 "question": questions_of[0] if questions_of else fallback.get((m.exercise, m.region), ""),
                 "cell": m.cell + 1, "lineno": m.lineno, "line": m.line, "mutation": m.mutation,
                 "occurrence": m.occurrence, "status": status, "diff": m.diff,
                 "killed_by": lost[0] if lost and killed else None}
        if "fresh" in row:
            entry["verified"] = "graded again by the batch grader in a fresh sandbox"
        if full:
            entry["lost"] = row["fresh"]["lost"] if "fresh" in row else verdict.lost
        if "fresh" in row and row["verdict"].lost == [] and killed and not row["verdict"].died:
            entry["note"] = "kept every point in a reused sandbox, lost points in a fresh one"
        report_rows.append(entry)
    generated = {e["key"]: e for e in report_rows}
    stale = [{"key": e.key, "reason": e.reason,
              "why": "no such mutant any more" if e.key not in generated else "it is killed now"}
             for e in listed if e.key[:2] in chosen and (e.key not in generated
                                                         or generated[e.key]["status"] == "killed")]
    summary: dict = {}
    for ex in chosen:
        mine = [e for e in report_rows if e["exercise"] == ex]
        per_q: dict = {}
        for e in mine:
            row = per_q.setdefault(e["question"], {"mutants": 0, "killed": 0, "survivors": 0, "equivalent": 0})
            row["mutants"] += 1
            row["killed" if e["status"] == "killed" else "survivors" if e["status"] == "survived" else
                "equivalent"] += 1
        summary[ex] = {"mutants": len(mine), "killed": sum(e["status"] == "killed" for e in mine),
                       "survivors": sum(e["status"] == "survived" for e in mine),
                       "equivalent": sum(e["status"] == "equivalent" for e in mine),
                       "questions": dict(sorted(per_q.items())),
                       "regions": {r.name: region_questions.get((ex, r.name), []) for r in plans[ex][0]},
                       "solution_points": baselines[ex]["points"],
                       "solution_lost": baselines[ex]["lost"]}
    return {"exercises": summary, "mutants": report_rows, "stale": stale, "jobs": jobs,
            "seconds": round(time.monotonic() - started, 1)}


def _run_tasks(tasks: list, plans: dict, baselines: dict, jobs: int, sandboxed: bool, full: bool, factor: float,
               canaries: list, say: Callable, started: float) -> dict:
    """Grade (exercise, (kind, item), replaced cells) tasks, `jobs` reused sandboxes at a time; verdicts by index.

    Each thread keeps one sandbox while its tasks stay in one exercise, and grades the worked solution in it once
    more (the canary) before closing it. `factor` multiplies the time limits.
    """
    results: dict = {}
    done = Counter()
    lock = threading.Lock()
    work_queue: "queue.Queue" = queue.Queue()
    for number, task in enumerate(tasks):
        work_queue.put((number, task))

    def work() -> None:
        session: Optional[Session] = None
        try:
            while True:
                try:
                    number, (ex, (kind, item), replace) = work_queue.get_nowait()
                except queue.Empty:
                    break
                if session is None or session.exercise != ex:
                    _canary(session, baselines, canaries)
                    session = Session(ex, plans[ex][2], sandboxed=sandboxed)
                base = baselines[ex]
                verdict = session.grade(replace, _timeouts(base["cells"], factor=factor),
                                        _timeouts(base["questions"], factor=factor),
                                        base["tests"] if kind == "mutant" else None, stop_early=not full)
                results[number] = verdict
                with lock:
                    done["n"] += 1
                    if done["n"] % 50 == 0:
                        say(f"graded {done['n']}/{len(tasks)} ({time.monotonic() - started:.0f} s)")
        finally:
            _canary(session, baselines, canaries)

    threads = [threading.Thread(target=work) for _ in range(max(1, jobs))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def _canary(session: Optional[Session], baselines: dict, canaries: list) -> None:
    """Grade the worked solution once more in a used sandbox: it must keep every point, else state leaked."""
    if session is None:
        return
    try:
        if session.sandbox is not None and session.used:
            base = baselines[session.exercise]
            verdict = session.grade({}, _timeouts(base["cells"]), _timeouts(base["questions"]), base["tests"])
            if verdict.lost or verdict.died:
                canaries.append(f"exercise {session.exercise}: {verdict.lost or verdict.died}")
    finally:
        session.close()


def _parallel(items: list, function: Callable, jobs: int) -> None:
    errors: list = []
    work: "queue.Queue" = queue.Queue()
    for item in items:
        work.put(item)

    def run() -> None:
        while True:
            try:
                item = work.get_nowait()
            except queue.Empty:
                return
            try:
                function(item)
            except Exception as error:  # reported after the others finish
                errors.append(error)

    threads = [threading.Thread(target=run) for _ in range(max(1, jobs))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        raise errors[0]


# --- the command --------------------------------------------------------------------------------------------------


def format_report(report: dict, show: int = 50) -> str:
    """A plain-text table per exercise and question, then the survivors as keys ready for the equivalent list."""
    out = [f"{'exercise':<10}{'mutants':>8}{'killed':>8}{'survive':>8}{'equiv':>7}"]
    for ex, row in report["exercises"].items():
        out.append(f"{ex:<10}{row['mutants']:>8}{row['killed']:>8}{row['survivors']:>8}{row['equivalent']:>7}")
        for qid, q in row["questions"].items():
            out.append(f"  {qid or '?':<8}{q['mutants']:>8}{q['killed']:>8}{q['survivors']:>8}{q['equivalent']:>7}")
        if row["solution_lost"]:
            out.append(f"  note: the worked solution itself loses points: {row['solution_lost'][:2]}")
    survivors = [e for e in report["mutants"] if e["status"] == "survived"]
    if survivors:
        out += ["", f"{len(survivors)} survivor(s) (kill each with a test, or list it as equivalent with a reason):"]
        for e in survivors[:show]:
            out.append(e["key"])
            out += ["    " + line for line in e["diff"].splitlines()]
        if len(survivors) > show:
            out.append(f"... and {len(survivors) - show} more (see --out)")
    if report["stale"]:
        out += ["", f"{len(report['stale'])} stale entr(y/ies) in the equivalent list:"]
        out += [f"{s['key']}  ({s['why']})" for s in report["stale"]]
    out.append(f"\n{len(report['mutants'])} mutants graded in {report['seconds']:g} s with {report['jobs']} job(s)")
    return "\n".join(out)


def main(argv: Optional[list[str]] = None) -> int:
    """Make, grade and report the mutants; exit 1 when a survivor is not listed or a listed one is stale."""
    from coursetools.grade.batch import positive_int
    from coursekit.grading.registry import exercises as all_exercises
    from coursekit.sandbox.jail import bwrap

    parser = argparse.ArgumentParser(prog="python -m coursekit mutants", description=__doc__.splitlines()[0])
    parser.add_argument("exercises", nargs="*", metavar="EXERCISE", help="exercise numbers such as 02 (default: all)")
    parser.add_argument("--jobs", type=positive_int, default=os.cpu_count() or 1, help="sandboxes at a time")
    parser.add_argument("--out", help="write the full report (every mutant) as JSON here")
    parser.add_argument("--solutions", default="solutions", help="folder of worked solutions (default: solutions)")
    parser.add_argument("--equivalent", default=str(EQUIVALENT_FILE),
                        help=f"the list of equivalent mutants (default: {EQUIVALENT_FILE})")
    parser.add_argument("--list", action="store_true", help="only list the mutants' keys and changes; grade nothing")
    parser.add_argument("--no-verify", action="store_true",
                        help="do not grade survivors again with the batch grader in fresh sandboxes")
    parser.add_argument("--full", action="store_true",
                        help="run every test of every mutant (slower): the report lists all it fails, and their slips")
    parser.add_argument("--show", type=int, default=50, help="survivors to print (default 50)")
    parser.add_argument("--unsafe-no-sandbox", action="store_true",
                        help="run the mutants without bubblewrap (trusted code only; the mutants are of your own "
                             "solutions)")
    args = parser.parse_args(argv)
    known = all_exercises()
    chosen = [f"{int(e):02d}" if e.isdigit() else e for e in args.exercises]
    wrong = [e for e in chosen if e not in known]
    if wrong:
        print(f"unknown exercise(s) {', '.join(wrong)}; the exercises are {', '.join(known)}", file=sys.stderr)
        return 2
    if args.list:
        for ex in chosen or known:
            for m in make_mutants(ex, args.solutions)[1]:
                print(m.key)
                print("    " + m.diff.replace("\n", "\n    "))
        return 0
    if not args.unsafe_no_sandbox and bwrap() is None:
        print("cannot grade mutants: bubblewrap (bwrap) is not installed (apt-get install bubblewrap), or pass "
              "--unsafe-no-sandbox", file=sys.stderr)
        return 2
    try:
        report = analyse(chosen or None, args.solutions, args.jobs,
                         args.equivalent if Path(args.equivalent).exists() else None,
                         sandboxed=not args.unsafe_no_sandbox, verify=not args.no_verify,
                         progress=lambda text: print(text, file=sys.stderr, flush=True), full=args.full)
    except (ValueError, RuntimeError) as error:
        print(f"cannot run the mutants: {error}", file=sys.stderr)
        return 2
    if args.out:
        Path(args.out).write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(format_report(report, args.show))
    survivors = any(e["status"] == "survived" for e in report["mutants"])
    return 1 if survivors or report["stale"] else 0
