"""One submission's cells and tests in its sandbox, restarted around whatever kills or hangs it.

Two kinds of time, one name each: a `time_limit` is fixed before grading (seconds per cell and per question, and the
notebook's `notebook_time_limit`); `time_left` is what is left of a question's limit when one of its tests starts
(each test of a question gets what the ones before it left). The grader waits `GRACE` seconds past either before it
counts the sandbox as hung and kills it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Optional

from coursekit.grading.cases import Outcome
from coursekit.sandbox.jail import Limits, Sandbox, SandboxDied, SandboxHung
from coursekit.sandbox.requests import BadReply, Cell, from_message
from coursekit.sandbox.text import clean as clean_text

GRACE = 5.0  # seconds the grader waits past a time limit before it kills the sandbox
MAX_RESTARTS = 6


class Restart(Exception):
    """The sandbox died or hung: start a fresh one and replay the cells that did not cause it."""


class OutOfTime(Exception):
    """The notebook's whole time is used up."""


@dataclass
class Run:
    """One submission being graded: its cells, what went wrong with them, and the tests still to run."""

    cells: list[tuple[int, str]]
    time_limit: float  # seconds per cell and per question
    deadline: float  # time.monotonic() at which the notebook's time is used up
    limits: Limits
    sandboxed: bool
    bad: dict[int, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    sandbox: Optional[Sandbox] = None

    def wait(self, time_limit: float) -> float:
        """How long to wait for a reply: `time_limit`, but never past the notebook's deadline."""
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise OutOfTime()
        return min(time_limit, left)

    def ask(self, message: dict, time_limit: float) -> dict:
        """Send one typed request to the sandbox and wait for its checked reply (BadReply: the submission's fault)."""
        try:
            return self.sandbox.ask(from_message(message), self.wait(time_limit))
        except SandboxHung:
            if time.monotonic() >= self.deadline:
                raise OutOfTime() from None
            raise

    def start(self) -> None:
        """A fresh sandbox with every cell run that is not to blame for an earlier failure."""
        self.close()
        self.sandbox = Sandbox(self.limits, use_bwrap=self.sandboxed)
        self.notes = []
        for index, source in self.cells:
            if index in self.bad or not source.strip():
                continue
            try:
                reply = self.ask(Cell(source, self.time_limit).message(), self.time_limit + GRACE)
            except BadReply:
                self.notes.append(f"cell {index + 1} sent a malformed reply")
                continue
            except SandboxDied:
                self.bad[index] = "it stopped the kernel"
                raise Restart() from None
            except SandboxHung:
                self.bad[index] = f"it ran over {self.time_limit:g} s and the kernel would not stop"
                raise Restart() from None
            if reply.get("cell") == "timeout":
                self.notes.append(f"cell {index + 1} was stopped after {self.time_limit:g} s")
            elif reply.get("cell") == "error":
                self.notes.append(f"cell {index + 1} raised {str(reply.get('error', ''))[:200]}")

    def close(self) -> None:
        """Kill the sandbox, if one runs."""
        if self.sandbox is not None:
            self.sandbox.close()
            self.sandbox = None


def tests_in_order(qs: list, extra: dict) -> list[tuple[str, int, object]]:
    """(qid, position, test) in the order they run: every question's own tests, then the private ones."""
    own = [(q.qid, i, case) for q in qs for i, case in enumerate(q.cases)]
    private = [(q.qid, len(q.cases) + i, case) for q in qs for i, case in enumerate(extra.get(q.qid, []))]
    return own + private


def not_run(case, message: str) -> Outcome:
    """A test's zero, with why it did not run (or could not be judged)."""
    label = getattr(case, "label", "") or getattr(case, "expr", "") or getattr(case, "name", "") or "test"
    return Outcome(label=label, status="fail", points=0, max_points=case.points, public=case.public,
                   reveal=getattr(case, "reveal", True), message=message)


def run_test(run: Run, case, time_left: float) -> Outcome:
    """One test: its requests answered in the sandbox within `time_left`, then judged here."""
    replies = []
    for request in case.requests(time_left):
        try:
            replies.append(run.ask(request, time_left + GRACE))
        except BadReply as error:  # a forged or malformed reply fails this test, and only this test
            return not_run(case, f"its answer was malformed ({error})")
    try:
        return case.judge(replies, time_left)
    except Exception as error:  # whatever the reply makes the judge trip on is this test's zero, not the batch's
        return not_run(case, f"its answer could not be judged ({type(error).__name__}: {clean_text(error, 120)})")


def execute(cells: list[tuple[int, str]], qs: list, extra: dict, time_limit: float, notebook_time_limit: float,
            limits: Limits, sandboxed: bool, record: dict) -> None:
    """Run the cells and every test into `record`, restarting the sandbox around whatever kills or hangs it."""
    run = Run(cells, time_limit, time.monotonic() + notebook_time_limit, limits, sandboxed)
    plan = tests_in_order(qs, extra)
    outcomes: dict[tuple[str, int], Outcome] = {}
    time_left: dict[str, float] = {}  # seconds left per question
    restarts, stopped = 0, ""
    try:
        while True:
            try:
                run.start()
                for qid, position, case in plan:
                    if (qid, position) in outcomes:
                        continue
                    left = time_left.setdefault(qid, time_limit)
                    if left <= 0:
                        why = f"not run: the question's {time_limit:g} s were used up"
                        outcomes[(qid, position)] = not_run(case, why)
                        continue
                    started = time.monotonic()
                    try:
                        outcomes[(qid, position)] = run_test(run, case, left)
                    except SandboxDied:
                        outcomes[(qid, position)] = not_run(case, "its test stopped the kernel")
                        raise Restart() from None
                    except SandboxHung:
                        outcomes[(qid, position)] = not_run(case, f"its test ran over {left:g} s and would not stop")
                        raise Restart() from None
                    finally:
                        time_left[qid] = left - (time.monotonic() - started)
                break
            except Restart:
                restarts += 1
                if restarts > MAX_RESTARTS:
                    stopped = "not graded: the kernel kept failing"
                    break
    except OutOfTime:
        stopped = f"not graded: the notebook's {notebook_time_limit:g} s were used up"
    except SandboxDied as error:  # the sandbox did not even start
        stopped = f"not graded: {error}"
        record["sandbox_failed"] = True
    finally:
        run.close()
    record["messages"] += [f"cell {i + 1} was skipped because {why}" for i, why in sorted(run.bad.items())]
    record["messages"] += run.notes
    if stopped:
        record["messages"].append(stopped)
    for q in qs:
        tests = [outcomes.get((qid, position)) or not_run(case, stopped or "not run")
                 for qid, position, case in plan if qid == q.qid]
        record["questions"][q.qid] = question_record(q, tests)


def question_record(q, tests: list[Outcome]) -> dict:
    """A question's record from its tests' outcomes (no automatic points for a written answer)."""
    return {"qid": q.qid, "title": q.title, "kind": q.kind, "manual": q.manual,
            "points": 0 if q.manual else sum(t.points for t in tests),
            "max_points": sum(t.max_points for t in tests), "message": "",
            "tests": [t.as_dict() for t in tests]}


def empty_question(q, extra: list, message: str) -> dict:
    """A question's record when its tests never ran."""
    return question_record(q, [not_run(case, message) for case in [*q.cases, *extra]]) | {"message": message}
