"""Mutation analysis of the exercises' tests: the mutants, the sandboxed grading, and 0 unlisted survivors."""

from __future__ import annotations

import ast
import os
import time
from pathlib import Path

import mutant_record
import pytest

from coursetools.grade.mutant_session import Session
from coursetools.grade.mutants import KEY, analyse, format_report, read_equivalents
from coursetools.grade.mutation_regions import Region, cell_mutants, make_mutants, regions
from coursetools.grade.mutants import main as mutants_main
from coursetools.nbio import nbformat
from coursekit.grading.registry import exercises
from coursekit.sandbox.jail import bwrap

ROOT = Path(__file__).resolve().parents[1]
SOLUTIONS = ROOT / "solutions"
EQUIVALENT = ROOT / "tests" / "equivalent_mutants.txt"
needs_bwrap = pytest.mark.skipif(bwrap() is None and not os.environ.get("CI"),
                                 reason="bubblewrap is not installed (apt-get install bubblewrap)")

CELL = '''\
LIMIT = 21


def total(cards):
    """The total."""
    ### BEGIN SOLUTION hint: add them
    t = sum(cards)
    if 1 in cards and t + 10 <= LIMIT:
        t += 10
    return t if t <= LIMIT else None
    ### END SOLUTION


def untouched(x):
    return x < 3 and not x
'''


def cell_region() -> list[Region]:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(CELL)])
    return regions(nb, "99")


# --- making mutants (no sandbox) ----------------------------------------------------------------------------------

def test_a_region_is_named_after_its_function_and_only_its_lines_are_mutated():
    (region,) = cell_region()
    assert (region.name, region.begin, region.end) == ("total", 6, 11)
    mutants = cell_mutants(CELL, [region])
    outside = ast.unparse(ast.parse(CELL).body[2])
    original = ast.unparse(ast.parse(CELL))
    for m in mutants:
        compile(m.source, "<mutant>", "exec")
        assert m.source != original
        assert outside in m.source and "LIMIT = 21" in m.source, m.key
        assert 7 <= m.lineno <= 10 and KEY.match(m.key), m.key
    assert len({m.key for m in mutants}) == len(mutants) == len({m.source for m in mutants})


def test_every_kind_of_slip_is_made():
    mutations = {m.mutation for m in cell_mutants(CELL, cell_region())}
    for expected in ("<= -> <", "<= -> >=", "in -> not in", "and -> or", "+ -> -", "+= -> -=", "10 -> 11",
                     "10 -> 9", "drop"):
        assert expected in mutations, expected
    source = ("def f(xs, n):\n    ### BEGIN SOLUTION\n"
              "    return not max(xs[:n]) and [i for i in range(n)] == [True]\n    ### END SOLUTION\n")
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)])
    mutations = {m.mutation for m in cell_mutants(source, regions(nb, "99"))}
    for expected in ("not removed", "max -> min", "range stop + 1", "range stop - 1", "range start 0 -> 1",
                     "True -> False", "== -> !="):
        assert expected in mutations, expected


def test_keys_name_the_line_not_its_number_so_unrelated_edits_keep_them():
    before = {m.key for m in cell_mutants(CELL, cell_region())}
    moved = "import math\n\n\n" + CELL
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(moved)])
    after = {m.key for m in cell_mutants(moved, regions(nb, "99"))}
    assert before == after
    assert "99 total #0 [<= -> <] if 1 in cards and t + 10 <= LIMIT:" in before
    assert "99 total #0 [drop] t += 10" in before


def test_every_exercise_has_named_regions_and_distinct_keys():
    for ex in exercises():
        found, mutants = make_mutants(ex, SOLUTIONS)
        assert found and mutants, ex
        assert len({r.name for r in found}) == len(found)
        assert len({m.key for m in mutants}) == len(mutants), ex
        assert not any(name.startswith("cell") for name in (r.name for r in found)), ex


def test_the_equivalent_list_parses_and_every_entry_has_a_reason():
    entries = read_equivalents(EQUIVALENT)
    assert len({e.key for e in entries}) == len(entries), "an equivalent mutant is listed twice"
    for entry in entries:
        assert len(entry.reason.split()) >= 4, f"line {entry.line}: say why it changes nothing the question asks"


def test_a_malformed_equivalent_list_is_refused_with_its_line(tmp_path):
    path = tmp_path / "eq.txt"
    path.write_text("# comment\n02 hand_total #0 [drop] t += 10\n")
    with pytest.raises(ValueError, match=r"eq.txt:2: .*no `reason:`"):
        read_equivalents(path)
    path.write_text("hand_total drop\n    reason: x\n")
    with pytest.raises(ValueError, match=r"eq.txt:1: not a mutant key"):
        read_equivalents(path)


def test_the_command_lists_mutants_and_refuses_an_unknown_exercise(capsys):
    assert mutants_main(["02", "--list", "--solutions", str(SOLUTIONS)]) == 0
    out = capsys.readouterr().out
    assert "02 hand_total #0 [drop] total += 10" in out
    assert mutants_main(["42"]) == 2
    assert "unknown exercise" in capsys.readouterr().err
    assert mutants_main(["--list", "--solutions", "no-such-folder"]) == 2  # once a ValueError traceback
    assert "no solutions folder 'no-such-folder'" in capsys.readouterr().err


# --- grading mutants in a reused sandbox ----------------------------------------------------------------------------

def _cells(exercise: str) -> list[tuple[int, str]]:
    (path,) = SOLUTIONS.glob(f"{exercise}_*.ipynb")
    nb = nbformat.read(path, as_version=4)
    return [(i, c.source) for i, c in enumerate(nb.cells) if c.cell_type == "code"]


@pytest.mark.slow
@needs_bwrap
def test_a_reused_sandbox_forgets_the_previous_mutant_and_a_loop_costs_seconds():
    cells = _cells("02")
    index = next(i for i, source in cells if "def hand_total" in source)
    session = Session("02", cells)
    try:
        right = session.grade({}, lambda i: 30, lambda q: 30)
        assert not right.lost and not right.died
        baseline = right.tests
        gone = session.grade({index: "VALUES = {'A': 1, 'J': 10, 'Q': 10, 'K': 10}"}, lambda i: 30, lambda q: 30,
                             baseline, stop_early=False)
        assert any("hand_total" in lost["message"] and "not defined" in lost["message"] for lost in gone.lost)
        started = time.monotonic()
        loops = session.grade({index: cells[[i for i, _ in cells].index(index)][1].replace(
            "total = sum(", "while True:\n        pass\n    total = sum(")}, lambda i: 3, lambda q: 2, baseline)
        assert loops.lost and time.monotonic() - started < 15
        again = session.grade({}, lambda i: 30, lambda q: 30, baseline)
        assert not again.lost and not again.died
        leak = "import sys\nsys.modules['leak'] = [bytearray(10**6) for i in range(300)]"  # outlives a reset
        session.grade({index: leak}, lambda i: 30, lambda q: 30, baseline)
        assert session.replaced == 0
        clean = session.grade({}, lambda i: 30, lambda q: 30, baseline)
        assert session.replaced == 1 and not clean.lost  # the swollen sandbox was replaced before the next one
    finally:
        session.close()


@pytest.fixture(scope="module")
def full_run():
    """Grade the mutants of every exercise whose inputs changed since tests/mutants_record.json (all of them with
    COURSEKIT_MUTANTS=all); an exercise graded clean is recorded again."""
    started = time.monotonic()
    chosen = mutant_record.to_grade(exercises())
    current = sorted(set(exercises()) - set(chosen))
    print(f"mutants: {', '.join(current) or 'none'} current in {mutant_record.RECORD.name}; "
          f"grading {', '.join(chosen) or 'none'}")
    if not chosen:
        return {"exercises": {}, "mutants": [], "stale": [], "jobs": 2, "seconds": 0.0, "current": current}
    graded = {ex: mutant_record.digest(ex) for ex in chosen}  # the inputs as graded, not as they are at the end
    report = analyse(chosen, SOLUTIONS, jobs=2, equivalent=EQUIVALENT)
    print(format_report(report, show=200))
    print(f"mutation run: {time.monotonic() - started:.0f} s")
    recorded = mutant_record.write(report, graded)
    print(f"recorded clean: {', '.join(recorded) or 'none'} (commit {mutant_record.RECORD.name})")
    report["current"] = current
    return report


@pytest.mark.slow
@needs_bwrap
def test_every_exercise_is_graded_or_recorded_clean_on_its_current_inputs(full_run):
    assert sorted(full_run["current"] + list(full_run["exercises"])) == exercises()
    record = mutant_record.read()
    for ex in full_run["current"]:
        assert record[ex]["survivors"] == 0 and record[ex]["mutants"] > 0, ex


@pytest.mark.slow
@needs_bwrap
def test_every_non_equivalent_mutant_of_every_exercise_loses_points(full_run):
    survivors = [m for m in full_run["mutants"] if m["status"] == "survived"]
    assert not survivors, (f"{len(survivors)} mutant(s) keep every point: kill each with a test, or list it in "
                           f"{EQUIVALENT.name} with a reason:\n" + "\n".join(m["key"] for m in survivors))


@pytest.mark.slow
@needs_bwrap
def test_every_listed_equivalent_mutant_still_exists_and_still_survives(full_run):
    assert not full_run["stale"], "stale entries in the equivalent list:\n" + "\n".join(
        f"{s['key']} ({s['why']})" for s in full_run["stale"])


@pytest.mark.slow
@needs_bwrap
def test_every_worked_solution_keeps_full_marks(full_run):
    for ex, row in full_run["exercises"].items():
        assert not row["solution_lost"], (ex, row["solution_lost"])


# --- the record that spares an unchanged exercise its mutation run -------------------------------------------------

def test_an_exercises_inputs_are_its_solution_key_imports_grader_and_equivalent_entries():
    files = mutant_record.inputs("02")
    assert "answer_key/ex02.py" in files and "coursekit/blackjack.py" in files  # the key imports the rules
    assert "coursetools/grade/mutants.py" in files and "coursekit/sandbox/worker.py" in files
    assert any(name.startswith("solutions/02_") and name.endswith("(code cells)") for name in files)
    assert "answer_key/ex03.py" not in files
    assert "tests/equivalent_mutants.txt (02 entries)" in files


def test_a_changed_equivalent_entry_changes_only_its_exercises_digest(tmp_path, monkeypatch):
    before = {ex: mutant_record.digest(ex) for ex in ("02", "03")}
    listed = EQUIVALENT.read_text(encoding="utf-8")
    changed = tmp_path / "eq.txt"
    changed.write_text(listed + "\n02 hand_total #0 [drop] total += 10\n    reason: a test entry only\n",
                       encoding="utf-8")
    monkeypatch.setattr(mutant_record, "EQUIVALENT", changed)
    monkeypatch.setattr(mutant_record, "ROOT", ROOT)
    changed_relative = mutant_record.inputs("02")
    assert any(k.endswith("(02 entries)") for k in changed_relative)
    assert mutant_record.digest("02") != before["02"]
    assert mutant_record.digest("03") == before["03"]


def test_a_changed_solution_cell_or_imported_module_asks_for_a_new_run(tmp_path, monkeypatch):
    record = {"02": {"inputs": mutant_record.digest("02"), "survivors": 0}}
    monkeypatch.setattr(mutant_record, "read", lambda: record)
    monkeypatch.delenv("COURSEKIT_MUTANTS", raising=False)
    assert mutant_record.to_grade(["02", "03"]) == ["03"]
    real_read = mutant_record.Path.read_bytes

    def edited(path):
        data = real_read(path)
        return data + b"\n# an edit\n" if path.name == "blackjack.py" else data

    monkeypatch.setattr(mutant_record.Path, "read_bytes", edited)
    assert mutant_record.to_grade(["02"]) == ["02"]
    monkeypatch.setattr(mutant_record.Path, "read_bytes", real_read)
    monkeypatch.setenv("COURSEKIT_MUTANTS", "all")
    assert mutant_record.to_grade(["02", "03"]) == ["02", "03"]
