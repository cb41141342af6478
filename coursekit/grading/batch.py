"""`python -m coursekit grade PATH... --out grades.csv`: grade submitted exercise notebooks into a table.

Each submission runs in a fresh kernel on a temporary copy (the file itself is never written), cell by cell with a
time limit; then every question's public, grading and private tests run against the kernel's names. A cell that
raises, loops, exits or floods the output costs only what depends on it, and the batch goes on.
"""

from __future__ import annotations

import argparse
import copy
import csv
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from multiprocessing import get_context
from pathlib import Path
from typing import Iterable, Optional

from coursekit.grading.kernel import MIME
from coursekit.grading.registry import exercises, private_tests, questions

FIXED_COLUMNS = ["notebook", "exercise", "points", "max_points", "percent"]
PROBE_SECONDS = 10  # after a timeout: how long a trivial cell may take before the kernel counts as stuck
MAX_RESTARTS = 6


class _Restart(Exception):
    """The kernel died or hung: start a fresh one and run the notebook again without the cell to blame."""


def _client_class():
    """NotebookClient that remembers timeouts and keeps only error outputs and grade results (never megabytes)."""
    from coursekit.grading.nbio import nbformat  # noqa: F401 - first, so nbclient's nbformat import is the fast one
    from nbclient import NotebookClient

    class GradingClient(NotebookClient):
        timed_out = False

        async def _async_handle_timeout(self, timeout, cell=None):
            self.timed_out = True
            return await super()._async_handle_timeout(timeout, cell)

        def output(self, outs, msg, display_id, cell_index):
            kind, content = msg["msg_type"], msg["content"]
            if kind == "error" or (kind == "display_data" and MIME in content.get("data", {})):
                return super().output(outs, msg, display_id, cell_index)
            return None  # learner output is not needed for grading: drop it, however big

    return GradingClient


def _kernel_manager():
    """A kernel manager that always starts ipykernel on this Python (not whatever 'python3' means elsewhere)."""
    from jupyter_client import AsyncKernelManager  # nbclient's timeouts need the async client
    from jupyter_client.kernelspec import KernelSpec, KernelSpecManager

    class ThisPython(KernelSpecManager):
        def get_kernel_spec(self, kernel_name):
            return KernelSpec(argv=[sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
                              display_name="Python 3 (grader)", language="python")

    return AsyncKernelManager(kernel_spec_manager=ThisPython(), kernel_name="python3")


def exercise_of_notebook(nb, path: Path) -> str:
    """The exercise a submission belongs to: its metadata, else the NN_ at the start of its file name."""
    meta = nb.metadata.get("coursekit", {}) if nb is not None else {}
    exercise = meta.get("exercise") if isinstance(meta, dict) else None
    if isinstance(exercise, str) and exercise in exercises():
        return exercise
    match = re.match(r"(\d\d)_", path.name)
    if match and match.group(1) in exercises():
        return match.group(1)
    raise ValueError(f"cannot tell which exercise {path.name} is: no coursekit metadata and no known NN_ prefix")


def _error_text(cell) -> str:
    """'NameError: name x is not defined' from a cell's error output, or ''."""
    for out in cell.get("outputs", []):
        if out.get("output_type") == "error":
            text = f"{out.get('ename', 'Error')}: {out.get('evalue', '')}".strip().rstrip(":")
            return text if len(text) <= 200 else text[:197] + "..."
    return ""


def _result_of(cell) -> Optional[dict]:
    """The grade result a question cell published, if any."""
    for out in cell.get("outputs", []):
        if out.get("output_type") == "display_data" and MIME in out.get("data", {}):
            return dict(out["data"][MIME])
    return None


def _empty_question(q, extra: list, message: str) -> dict:
    """A question's record when its tests never ran."""
    max_points = 0 if q.manual else q.max_points + sum(c.points for c in extra)
    return {"qid": q.qid, "title": q.title, "kind": q.kind, "manual": q.manual, "points": 0,
            "max_points": max_points, "message": message, "tests": []}


def _checked(result: dict, q, extra: list) -> dict:
    """The kernel's result, if it has the tests and points the registry says; else a zero with the reason.

    The tests run inside the submission's kernel, so a submission could tamper with them: this catches results
    that claim other tests or more points than exist (not a determined forgery of a plausible result).
    """
    expected_max = q.max_points + sum(c.points for c in extra)
    tests = result.get("tests", [])
    sound = (len(tests) == len(q.cases) + len(extra)
             and sum(t.get("max_points", 0) for t in tests) == expected_max
             and all(0 <= t.get("points", 0) <= t.get("max_points", 0) for t in tests)
             and result.get("points") == (0 if q.manual else sum(t.get("points", 0) for t in tests)))
    if sound:
        return result
    return _empty_question(q, extra, "its test results did not match the tests (changed by the submission?)")


def _execute(nb, workdir: str, timeout: float, record: dict, qs: list, extra: dict, tests_dir: Optional[str]) -> None:
    """Run the submission and its question tests, restarting the kernel around cells that kill or hang it."""
    from jupyter_core.utils import run_sync
    from nbclient.exceptions import DeadKernelError

    from coursekit.grading.nbio import nbformat

    client_class = _client_class()
    nb = copy.deepcopy(nb)
    extra_slots = len(nb.cells)  # nbclient writes each executed cell back at its index: room for ours
    nb.cells += [nbformat.v4.new_code_cell("None") for _ in range(3)]
    code = [(i, c) for i, c in enumerate(nb.cells[:extra_slots]) if c.get("cell_type") == "code"]
    bad: dict[int, str] = {}  # cell index -> why it is skipped
    results: dict[str, dict] = {}
    tests_arg = repr(str(Path(tests_dir).resolve())) if tests_dir else "None"
    env = dict(os.environ, MPLBACKEND="Agg", PYDEVD_DISABLE_FILE_VALIDATION="1")
    for _attempt in range(MAX_RESTARTS + 1):
        cell_errors: list[str] = []
        km = _kernel_manager()
        client = client_class(nb, km=km, timeout=timeout, allow_errors=True,
                              interrupt_on_timeout=True, iopub_timeout=5,
                              error_on_timeout={"ename": "Timeout", "evalue": f"cell ran over {timeout:g} s"},
                              resources={"metadata": {"path": workdir}})

        def run(cell, index: int, seconds: float):
            nb.cells[index] = cell
            client.timeout, client.timed_out = seconds, False
            client.execute_cell(cell, index)
            return client.timed_out

        def alive() -> bool:
            probe = nbformat.v4.new_code_cell("None")
            try:
                return not run(probe, extra_slots + 1, PROBE_SECONDS)
            except DeadKernelError:
                return False

        try:
            with client.setup_kernel(env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL):
                run(nbformat.v4.new_code_cell(
                    "from coursekit.grading.kernel import disarm_exit as _ck_disarm\n_ck_disarm()"),
                    extra_slots, PROBE_SECONDS * 3)
                for index, cell in code:
                    if index in bad or not str(cell.get("source", "")).strip():
                        continue
                    try:
                        timed_out = run(cell, index, timeout)
                    except DeadKernelError:
                        bad[index] = "it stopped the kernel"
                        raise _Restart() from None
                    if timed_out:
                        if not alive():
                            bad[index] = f"it ran over {timeout:g} s and the kernel would not stop"
                            raise _Restart()
                        cell_errors.append(f"cell {index + 1} was stopped after {timeout:g} s")
                    elif _error_text(cell):
                        cell_errors.append(f"cell {index + 1} raised {_error_text(cell)}")
                for q in qs:
                    if q.qid in results:
                        continue
                    cell = nbformat.v4.new_code_cell(
                        "from coursekit.grading.kernel import publish as _ck_publish\n"
                        f"_ck_publish({q.qid!r}, tests_dir={tests_arg}, budget={timeout!r})")
                    try:
                        timed_out = run(cell, extra_slots + 2, timeout + PROBE_SECONDS)
                    except DeadKernelError:
                        results[q.qid] = _empty_question(q, extra.get(q.qid, []), "its tests stopped the kernel")
                        raise _Restart() from None
                    result = _result_of(cell)
                    if result is not None:
                        results[q.qid] = _checked(result, q, extra.get(q.qid, []))
                    else:
                        why = (f"its tests ran over {timeout + PROBE_SECONDS:g} s" if timed_out
                               else f"its tests could not run: {_error_text(cell) or 'no result'}")
                        results[q.qid] = _empty_question(q, extra.get(q.qid, []), why)
                        if timed_out and not alive():
                            raise _Restart()
            break
        except _Restart:
            continue
        finally:  # nbclient leaves a kernel it did not create running: stop it here
            if km.has_kernel:
                run_sync(km.shutdown_kernel)(now=True)
    record["messages"] += [f"cell {i + 1} was skipped because {why}" for i, why in sorted(bad.items())]
    record["messages"] += cell_errors
    for q in qs:
        record["questions"][q.qid] = results.get(q.qid) or _empty_question(
            q, extra.get(q.qid, []), "not graded: the kernel kept failing")


def _salvage(raw: bytes, nbformat):
    """A notebook rebuilt from the code cells of valid JSON that nbformat refuses (hand-edited keys), else None."""
    try:
        data = json.loads(raw.decode("utf-8"))
        cells = data["cells"]
        if not isinstance(cells, list):
            return None
        sources = []
        for cell in cells:
            if isinstance(cell, dict) and cell.get("cell_type") == "code":
                source = cell.get("source", "")
                sources.append("".join(source) if isinstance(source, list) else str(source))
    except Exception:  # noqa: BLE001 - not even JSON with a list of cells
        return None
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(src) for src in sources])
    if isinstance(data.get("metadata"), dict) and isinstance(data["metadata"].get("coursekit"), dict):
        nb.metadata["coursekit"] = data["metadata"]["coursekit"]
    return nb


def grade_notebook(path: str | Path, timeout: float = 60, tests_dir: Optional[str] = None) -> dict:
    """Grade one submission; always returns a record (points, per-question results, messages), never raises."""
    from coursekit.grading.nbio import nbformat

    path = Path(path)
    started = time.monotonic()
    record: dict = {"notebook": str(path), "exercise": "", "points": 0, "max_points": 0, "percent": 0.0,
                    "questions": {}, "messages": [], "seconds": 0.0}
    nb, raw = None, b""
    try:
        raw = path.read_bytes()
        nb = nbformat.reads(raw.decode("utf-8"), as_version=4)
    except Exception as error:  # noqa: BLE001 - not JSON, not UTF-8, not a notebook
        nb = _salvage(raw, nbformat)
        why = f"{type(error).__name__}: {str(error)[:150]}"
        if nb is None:
            record["messages"].append(f"not a readable notebook ({why})")
        else:
            record["messages"].append(f"a damaged notebook ({why}); graded the {len(nb.cells)} code cells found")
    try:
        record["exercise"] = exercise_of_notebook(nb, path)
    except ValueError as error:
        record["messages"].append(str(error))
        record["seconds"] = round(time.monotonic() - started, 2)
        return record
    qs = questions(record["exercise"])
    extra = private_tests(tests_dir)
    if nb is None:
        for q in qs:
            record["questions"][q.qid] = _empty_question(q, extra.get(q.qid, []), "the notebook could not be read")
    else:
        try:
            with tempfile.TemporaryDirectory(prefix="coursekit-grade-") as workdir:
                (Path(workdir) / path.name).write_bytes(raw)  # the kernel works in a copy's folder
                _execute(nb, workdir, timeout, record, qs, extra, tests_dir)
        except Exception as error:  # noqa: BLE001 - a malformed notebook must not stop the batch
            record["messages"].append(f"grading stopped early: {type(error).__name__}: {str(error)[:150]}")
            for q in qs:
                record["questions"].setdefault(q.qid, _empty_question(q, extra.get(q.qid, []), "not graded"))
    auto = [r for r in record["questions"].values() if not r["manual"]]
    record["points"] = sum(r["points"] for r in auto)
    record["max_points"] = sum(r["max_points"] for r in auto)
    record["percent"] = round(100 * record["points"] / record["max_points"], 1) if record["max_points"] else 0.0
    record["seconds"] = round(time.monotonic() - started, 2)
    return record


def find_notebooks(paths: Iterable[str]) -> list[Path]:
    """The .ipynb files named, and those inside named folders (checkpoints left out), in sorted order."""
    found: list[Path] = []
    for name in paths:
        p = Path(name)
        if p.is_dir():
            found += sorted(q for q in p.rglob("*.ipynb") if ".ipynb_checkpoints" not in q.parts)
        elif p.is_file():
            found.append(p)
        else:
            raise ValueError(f"{name!r} is neither a notebook nor a folder")
    return found


def _cell(value: float) -> str:
    return f"{value:g}"


def write_table(records: list[dict], out: Path) -> Path:
    """Write the CSV (one row per notebook, one column per question) and the JSON beside it; return the JSON path."""
    qids = sorted({qid for r in records for qid in r["questions"]})
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(FIXED_COLUMNS + qids)
        for r in records:
            row = [r["notebook"], r["exercise"], _cell(r["points"]), _cell(r["max_points"]), _cell(r["percent"])]
            for qid in qids:
                q = r["questions"].get(qid)
                row.append("" if q is None else "manual" if q["manual"] else _cell(q["points"]))
            writer.writerow(row)
    json_path = out.with_suffix(".json")
    json_path.write_text(json.dumps(records, indent=1, ensure_ascii=False) + "\n")
    return json_path


def grade_all(paths: list[Path], timeout: float = 60, tests_dir: Optional[str] = None, jobs: int = 1,
              progress: bool = True) -> list[dict]:
    """Grade many submissions, `jobs` kernels at a time, with a progress bar; records in the order of `paths`."""
    from tqdm import tqdm

    records: dict[int, dict] = {}
    bar = tqdm(total=len(paths), desc="grading", unit="notebook", disable=not progress, file=sys.stderr)
    if jobs <= 1 or len(paths) <= 1:
        for i, p in enumerate(paths):
            records[i] = grade_notebook(p, timeout, tests_dir)
            bar.update()
    else:
        with ProcessPoolExecutor(max_workers=jobs, mp_context=get_context("spawn")) as pool:
            futures = {pool.submit(grade_notebook, p, timeout, tests_dir): i for i, p in enumerate(paths)}
            for future in as_completed(futures):
                records[futures[future]] = future.result()
                bar.update()
    bar.close()
    return [records[i] for i in range(len(paths))]


def main(argv: Optional[list[str]] = None) -> int:
    """Grade the notebooks named (files or folders) into a CSV and a JSON beside it."""
    parser = argparse.ArgumentParser(prog="python -m coursekit grade", description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+", metavar="PATH", help="submitted notebooks, or folders of them")
    parser.add_argument("--out", default="grades.csv", help="CSV to write (the JSON goes beside it)")
    parser.add_argument("--timeout", type=float, default=60, help="seconds per cell and per question (default 60)")
    parser.add_argument("--tests", metavar="DIR", help="folder of private tests (*.py defining TESTS)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="kernels at a time (default: cores)")
    args = parser.parse_args(argv)
    if args.timeout <= 0:
        parser.error(f"--timeout must be a positive number of seconds, not {args.timeout:g}")
    try:
        paths = find_notebooks(args.paths)
        private_tests(args.tests)  # fail now, not in every kernel, when the folder is wrong
    except Exception as error:  # noqa: BLE001 - a bad path or a broken private test file
        print(f"cannot grade: {error}", file=sys.stderr)
        return 2
    if not paths:
        print("cannot grade: no .ipynb files found in " + ", ".join(args.paths), file=sys.stderr)
        return 2
    started = time.monotonic()
    records = grade_all(paths, args.timeout, args.tests, max(1, args.jobs))
    json_path = write_table(records, Path(args.out))
    print(f"graded {len(records)} notebook(s) in {time.monotonic() - started:.1f} s: {args.out}, {json_path}")
    for r in records:
        print(f"  {r['notebook']}: {_cell(r['points'])}/{_cell(r['max_points'])} ({_cell(r['percent'])}%)"
              + (f" -- {len(r['messages'])} note(s) in the JSON" if r["messages"] else ""))
    return 0
