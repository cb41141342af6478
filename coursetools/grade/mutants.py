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
import copy
import json
import os
import queue
import re
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Optional

from coursetools.grade.mutant_session import MUTANT_MEMORY_MB, Session
from coursetools.grade.mutation_regions import Mutant, make_mutants, solution_path, stub_source
from coursetools.nbio import nbformat

EQUIVALENT_FILE = Path("tests") / "equivalent_mutants.txt"
MIN_TIME_LIMIT = 3.0  # shortest time limit for a cell or a question's tests
TIME_FACTOR = 10.0  # a mutant gets this many times the worked solution's time
KEY = re.compile(r"^(?P<exercise>\d\d) (?P<region>\S+) #(?P<occurrence>\d+) \[(?P<mutation>[^\]]+)\] (?P<line>.*)$")

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


def _time_limits(times: dict, floor: float = MIN_TIME_LIMIT, factor: float = 1.0) -> Callable:
    """Time limits per cell or question: TIME_FACTOR times the worked solution's, at least `floor`, times `factor`."""
    return lambda key: factor * max(floor, TIME_FACTOR * times.get(key, floor))


def _fresh_grades(items: list[tuple[Mutant, object]], cells_nb: dict, time_limit: float, jobs: int,
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
        return grade_all(paths, time_limit, jobs=jobs, progress=False, notebook_time_limit=20 * time_limit,
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
                                  2 * max(MIN_TIME_LIMIT, TIME_FACTOR * longest), 1, sandboxed)

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
                verdict = session.grade(replace, _time_limits(base["cells"], factor=factor),
                                        _time_limits(base["questions"], factor=factor),
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
            verdict = session.grade({}, _time_limits(base["cells"]), _time_limits(base["questions"]), base["tests"])
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
    from coursetools.argtypes import positive_int
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
    if not Path(args.solutions).is_dir():
        print(f"no solutions folder {args.solutions!r}: run this in the course folder", file=sys.stderr)
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
