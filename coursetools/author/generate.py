"""`python -m coursekit exercises [--force] [--check]`: build exercises/ from the worked solutions/.

In a solution notebook's code cells, a region between `### BEGIN SOLUTION hint: ...` and `### END SOLUTION`
becomes `raise NotImplementedError("...hint...")` at the region's indentation (a long hint split over lines to fit
STUB_COLUMNS, the Lab's code width); a region between
`### BEGIN ANSWER` and `### END ANSWER` holding `name = \"\"\"...\"\"\"` becomes an empty answer string.
Cells tagged `solution-only` are left out, outputs are cleared. Each generated notebook records the hash of its
content in its metadata, so a later run can tell a notebook a learner has changed and leave it alone.
solutions/NN_solutions_name.ipynb becomes exercises/NN_exercises_name.ipynb (`coursekit.grading.filenames`).
It also writes the learner's public tests, coursekit/grading/public/exNN.json, from the answer key.
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import re
import sys
from pathlib import Path
from typing import Optional

from coursekit.grading.filenames import exercise_name
from coursetools.nbio import nbformat

BEGIN = re.compile(r"^(?P<indent>\s*)### BEGIN SOLUTION(?:\s+hint:\s*(?P<hint>.*?))?\s*$")
END = re.compile(r"^\s*### END SOLUTION\s*$")
BEGIN_ANSWER = re.compile(r"^\s*### BEGIN ANSWER\s*$")
END_ANSWER = re.compile(r"^\s*### END ANSWER\s*$")
ANSWER_NAME = re.compile(r"^\s*(?P<name>[A-Za-z_]\w*)\s*=")
DEFAULT_HINT = "write your solution here"
META = "coursekit"
STUB_COLUMNS = 108  # the code width JupyterLab shows at 1280x720 (tests/code_width.py measures it)


class MarkerError(ValueError):
    """A solution notebook whose markers do not pair up."""


def stub_source(source: str, where: str = "cell") -> tuple[str, bool]:
    """The cell source with each solution region replaced by its stub; also whether a stub sits at top level."""
    out: list[str] = []
    lines = source.splitlines()
    i, top_level = 0, False
    while i < len(lines):
        line = lines[i]
        begin, begin_answer = BEGIN.match(line), BEGIN_ANSWER.match(line)
        if begin or begin_answer:
            closing = END if begin else END_ANSWER
            j = i + 1
            while j < len(lines) and not closing.match(lines[j]):
                if BEGIN.match(lines[j]) or BEGIN_ANSWER.match(lines[j]):
                    raise MarkerError(f"{where}: a region opened on line {i + 1} is not closed before line {j + 1}")
                j += 1
            if j == len(lines):
                raise MarkerError(f"{where}: the region opened on line {i + 1} has no closing marker")
            indent = re.match(r"\s*", line).group(0)
            if begin:
                out += raise_stub(indent, (begin.group("hint") or DEFAULT_HINT).strip())
                top_level = top_level or indent == ""
            else:
                name = next((m.group("name") for m in map(ANSWER_NAME.match, lines[i + 1:j]) if m), None)
                if name is None:
                    raise MarkerError(f"{where}: the answer region on line {i + 1} assigns no variable")
                out += [f'{indent}{name} = """', f'{indent}"""']
            i = j + 1
            continue
        if END.match(line) or END_ANSWER.match(line):
            raise MarkerError(f"{where}: line {i + 1} closes a region that was never opened")
        out.append(line)
        i += 1
    return "\n".join(out), top_level


def raise_stub(indent: str, hint: str) -> list[str]:
    """`raise NotImplementedError(hint)` at `indent`; a hint past STUB_COLUMNS goes into string literals one a line."""
    opening = f"{indent}raise NotImplementedError("
    if len(opening) + len(repr(hint)) + 1 <= STUB_COLUMNS:
        return [f"{opening}{hint!r})"]
    pieces, current = [], ""
    for word in hint.split(" "):
        candidate = f"{current} {word}" if current else word
        if current and len(opening) + len(repr(candidate + " ")) + 1 > STUB_COLUMNS:
            pieces.append(current + " ")
            current = word
        else:
            current = candidate
    pieces.append(current)
    lines = [f"{' ' * len(opening) if k else opening}{piece!r}" for k, piece in enumerate(pieces)]
    lines[-1] += ")"
    return lines


def content_hash(nb) -> str:
    """A hash of what a learner edits: every cell's type and source."""
    cells = [[c.cell_type, c.source] for c in nb.cells]
    return hashlib.sha256(json.dumps(cells, ensure_ascii=False).encode()).hexdigest()[:16]


def build_exercise(solution, name: str = "solution"):
    """The exercise notebook for a solution notebook (a new NotebookNode; the solution is not changed)."""
    nb = copy.deepcopy(solution)
    cells = []
    for index, cell in enumerate(nb.cells):
        if "solution-only" in cell.metadata.get("tags", []):
            continue
        cell.metadata.pop("execution", None)  # nbconvert's timestamps
        if cell.cell_type == "code":
            cell.source, raises = stub_source(cell.source, f"{name}, cell {index + 1}")
            cell.outputs, cell.execution_count = [], None
            tags = [t for t in cell.metadata.get("tags", []) if t != "raises-exception"]
            if raises:
                tags.append("raises-exception")  # nbval and nbclient: this cell is meant to raise
            if tags:
                cell.metadata["tags"] = tags
            else:
                cell.metadata.pop("tags", None)
        cells.append(cell)
    nb.cells = cells
    meta = dict(nb.metadata.get(META, {}))
    meta.update({"generated_from": f"solutions/{name}", "content_hash": content_hash(nb)})
    nb.metadata[META] = meta
    return nb


def learner_changed(nb) -> bool:
    """True when a generated notebook's cells no longer match the hash it was written with."""
    return nb.metadata.get(META, {}).get("content_hash") != content_hash(nb)


def plan(solutions: Path, exercises: Path) -> list[tuple[Path, Path, object, str]]:
    """For each solution: (solution path, exercise path, generated notebook, state).

    state is "new", "up to date", "stale" (generated earlier, solutions changed since) or "changed by a learner".
    """
    rows = []
    for source in sorted(solutions.glob("[0-9][0-9]_*.ipynb")):
        generated = build_exercise(nbformat.read(source, as_version=4), source.name)
        target = exercises / exercise_name(source.name)
        if not target.exists():
            state = "new"
        else:
            try:
                existing = nbformat.read(target, as_version=4)
            except Exception:
                state = "changed by a learner"
            else:
                meta = existing.metadata.get(META, {})
                if (content_hash(existing) == generated.metadata[META]["content_hash"] and not learner_changed(existing)
                        and meta.get("generated_from") == generated.metadata[META]["generated_from"]):
                    state = "up to date"
                elif learner_changed(existing):
                    state = "changed by a learner"
                else:
                    state = "stale"
        rows.append((source, target, generated, state))
    return rows


def main(argv: Optional[list[str]] = None) -> int:
    """Write exercises/ from solutions/; never overwrite a learner's changes without --force."""
    parser = argparse.ArgumentParser(prog="python -m coursekit exercises", description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="overwrite exercise notebooks a learner has changed")
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 when exercises/ is not up to date")
    parser.add_argument("--solutions", default="solutions", help="folder of worked solutions (default: solutions)")
    parser.add_argument("--exercises", default="exercises", help="folder to write (default: exercises)")
    args = parser.parse_args(argv)
    solutions, exercises = Path(args.solutions), Path(args.exercises)
    if not solutions.is_dir():
        print(f"no solutions folder {str(solutions)!r}: run this in the course folder", file=sys.stderr)
        return 2
    try:
        rows = plan(solutions, exercises)
    except MarkerError as error:
        print(f"cannot generate: {error}", file=sys.stderr)
        return 2
    refused = stale = 0
    for source, target, generated, state in rows:
        if state == "up to date":
            print(f"{target}: up to date")
            continue
        if args.check:
            stale += 1
            print(f"{target}: {state}")
            continue
        if state == "changed by a learner" and not args.force:
            refused += 1
            print(f"{target}: changed by a learner; not overwritten (use --force to replace it)", file=sys.stderr)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(generated, target)
        print(f"{target}: written ({state})")
    stale += public_tests(args.check)
    return 1 if (refused or stale) else 0


def public_tests(check_only: bool) -> int:
    """Write (or with `check_only`, compare) the learner's public tests from the answer key; the number stale."""
    from coursekit.grading.public import FOLDER, public_text, write_public
    from coursekit.grading.registry import AnswerKeyMissing, answer_key_exercises, questions

    try:
        exercises = answer_key_exercises()
        by_exercise = {e: questions(e) for e in exercises}
    except AnswerKeyMissing as error:
        print(f"public tests not written: {error}", file=sys.stderr)
        return 0
    stale = [e for e in exercises if not (FOLDER / f"ex{e}.json").is_file()
             or (FOLDER / f"ex{e}.json").read_text(encoding="utf-8") != public_text(e, by_exercise[e])]
    if check_only:
        for e in stale:
            print(f"{FOLDER / f'ex{e}.json'}: stale (the answer key's public tests changed)")
        return len(stale)
    if stale:
        write_public(by_exercise)
    print(f"{FOLDER}: public tests of {len(exercises)} exercise sets"
          + (f" written ({', '.join(stale)} changed)" if stale else " up to date"))
    return 0
