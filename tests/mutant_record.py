"""The mutation run's record: which exercises' mutants were last graded clean, and on exactly which inputs.

Grading all 938 mutants takes 13-16 minutes, so `tests/test_grading_mutants.py` grades an exercise's mutants only
when one of its inputs changed since the record in `tests/mutants_record.json` was written: the worked solution's
code cells, its answer key module, every module of the repository those import (followed through their imports,
function-level imports included), the grader and sandbox packages with their data files (and the answer key's),
and the exercise's entries in the list of equivalent mutants. A clean run of an exercise (0 survivors, 0 stale
entries, the solution keeps full marks) writes its line of the record; commit the record with the change.
`COURSEKIT_MUTANTS=all` grades every exercise. `python tests/mutant_record.py` prints which exercises are current.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RECORD = ROOT / "tests" / "mutants_record.json"
EQUIVALENT = ROOT / "tests" / "equivalent_mutants.txt"
PACKAGES = ("coursekit", "coursetools", "answer_key")  # the repository's own import roots


def _solution(exercise: str) -> Path:
    (path,) = (ROOT / "solutions").glob(f"{exercise}_*.ipynb")
    return path


def _code_cells(notebook: Path) -> list[str]:
    """The code cells' sources of a notebook (outputs and metadata change nothing a mutant does)."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) if isinstance(c["source"], list) else c["source"]
            for c in cells if c["cell_type"] == "code"]


def _module_file(name: str) -> Path | None:
    """The repository file of a dotted module name, or None when it is not the repository's."""
    if name.split(".")[0] not in PACKAGES:
        return None
    base = ROOT.joinpath(*name.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def _imported_names(tree: ast.AST, package: str) -> set[str]:
    """Dotted names a module imports anywhere (function bodies too), relative imports resolved against `package`."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            names.add(base)
            names |= {f"{base}.{alias.name}" for alias in node.names}  # `from pkg import module`
    return names


def _closure(sources: list[tuple[str, str]]) -> set[Path]:
    """Every repository file reached from (package, source) pairs through imports, parent packages included."""
    seen: set[Path] = set()
    todo = list(sources)
    while todo:
        package, source = todo.pop()
        for name in _imported_names(ast.parse(source), package):
            parts = name.split(".")
            for depth in range(1, len(parts) + 1):  # importing a.b.c runs a/__init__ and a/b/__init__ too
                path = _module_file(".".join(parts[:depth]))
                if path is None or path in seen:
                    continue
                seen.add(path)
                module = ".".join(parts[:depth])
                todo.append((module if path.name == "__init__.py" else module.rpartition(".")[0],
                             path.read_text(encoding="utf-8")))
    return seen


def _grader_files() -> set[Path]:
    """The mutation tool, the grader and the sandbox: every file of the packages that hold them (their data too: the
    public tests, exercise 10's deals), and the answer key's data files (its hidden deals)."""
    import coursekit.grading
    import coursekit.sandbox
    import coursetools.author.generate as generate
    import coursetools.grade.mutants as mutants

    folders = {Path(module.__file__).resolve().parent
               for module in (mutants, generate, coursekit.grading, coursekit.sandbox)}
    data = {p for p in (ROOT / "answer_key").rglob("*.txt") if p.is_file()}
    return {p for folder in folders for p in folder.rglob("*") if p.suffix in (".py", ".json", ".txt") and p.is_file()
            } | data


def _exercises() -> list[str]:
    """The exercise numbers that have a worked solution."""
    return sorted(p.name[:2] for p in (ROOT / "solutions").glob("[0-9][0-9]_*.ipynb"))


def inputs(exercise: str) -> dict[str, str]:
    """What the exercise's mutation verdict depends on: repository path -> sha256 of its content."""
    solution = _solution(exercise)
    key = ROOT / "answer_key" / f"ex{exercise}.py"
    roots = [("", "\n".join(_code_cells(solution))), ("answer_key", key.read_text(encoding="utf-8"))]
    others = {f"ex{ex}.json" for ex in _exercises()} - {f"ex{exercise}.json"}  # another set's public tests
    files = _closure(roots) | {p for p in _grader_files() if p.name not in others} | {key}
    out = {p.relative_to(ROOT).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest() for p in files}
    out[solution.relative_to(ROOT).as_posix() + " (code cells)"] = hashlib.sha256(
        "\0".join(_code_cells(solution)).encode()).hexdigest()
    listed = [line for line in EQUIVALENT.read_text(encoding="utf-8").splitlines()] if EQUIVALENT.exists() else []
    mine, keep = [], False
    for line in listed:  # a key line of this exercise and the reason under it
        if line and not line.startswith((" ", "\t", "#")):
            keep = line.startswith(f"{exercise} ")
        if keep and line.strip():
            mine.append(line)
    out[f"tests/equivalent_mutants.txt ({exercise} entries)"] = hashlib.sha256(
        "\n".join(mine).encode()).hexdigest()
    return dict(sorted(out.items()))


def digest(exercise: str) -> str:
    """One sha256 over all of the exercise's inputs."""
    return hashlib.sha256(json.dumps(inputs(exercise), sort_keys=True).encode()).hexdigest()


def read() -> dict:
    """The record: exercise -> its inputs' digest and what the clean run found."""
    if not RECORD.exists():
        return {}
    return json.loads(RECORD.read_text(encoding="utf-8")).get("exercises", {})


def to_grade(exercises: list[str]) -> list[str]:
    """The exercises whose mutants must be graded: inputs changed since the record, or all when asked."""
    if os.environ.get("COURSEKIT_MUTANTS", "").lower() == "all":
        return list(exercises)
    record = read()
    return [ex for ex in exercises if record.get(ex, {}).get("inputs") != digest(ex)]


def clean(report: dict, exercise: str) -> bool:
    """True when the report's run of the exercise has no survivor, no stale entry and a full-marks solution."""
    row = report["exercises"].get(exercise)
    return bool(row) and not row["survivors"] and not row["solution_lost"] and not any(
        s["key"].startswith(f"{exercise} ") for s in report["stale"])


def write(report: dict, graded: dict[str, str]) -> list[str]:
    """Record every exercise the report graded clean on the inputs `graded` names (exercise -> digest taken before
    the run), unless they changed during the run; the exercises recorded."""
    record = read()
    written = []
    for ex, row in report["exercises"].items():
        if clean(report, ex) and graded.get(ex) == digest(ex):
            record[ex] = {"inputs": graded[ex], "mutants": row["mutants"], "killed": row["killed"],
                          "equivalent": row["equivalent"], "survivors": 0,
                          "recorded": time.strftime("%Y-%m-%d")}
            written.append(ex)
    RECORD.write_text(json.dumps({"about": __doc__.splitlines()[0], "exercises": dict(sorted(record.items()))},
                                 indent=1) + "\n", encoding="utf-8")
    return written


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    from coursekit.grading.registry import exercises as all_exercises

    record = read()
    for ex in all_exercises():
        state = "current" if record.get(ex, {}).get("inputs") == digest(ex) else "to grade"
        print(f"{ex}: {state} ({len(inputs(ex))} input files)")
