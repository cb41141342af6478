"""Grading many mutants of one notebook in one sandbox (`python -m coursekit mutants`): the namespace is reset
between mutants, a mutant stops at its first lost point, and a sandbox whose memory swells is replaced."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, Optional

from coursetools.grade.sandbox_run import GRACE

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

        reply = self.sandbox.request({"op": "cell", "source": RESET, "time_limit": 30.0}, 30.0 + GRACE)
        if reply.get("cell") != "ok":
            return False
        size = self.sandbox.request({"op": "eval", "expr": MEMORY, "time_limit": 10.0}, 10.0 + GRACE)
        try:
            mb = decode(size["value"])
        except Exception:
            return False
        if not isinstance(mb, int):
            return False
        self.smallest = mb if self.smallest is None else min(self.smallest, mb)
        return mb <= self.smallest + SWELL_MB and mb <= self.limits.memory_mb // 2

    def grade(self, replace: dict[int, str], cell_time_limit: Callable[[int], float],
              question_time_limit: Callable[[str], float], baseline: Optional[dict] = None,
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
                time_limit = cell_time_limit(index)
                t = time.monotonic()
                reply = self.sandbox.request({"op": "cell", "source": source, "time_limit": time_limit},
                                             time_limit + GRACE)
                verdict.timed_out = verdict.timed_out or reply.get("cell") == "timeout"
                verdict.cell_seconds[index] = time.monotonic() - t
            for q in self.questions:
                time_limit = time_left = question_time_limit(q.qid)
                t = time.monotonic()
                total = 0.0
                for position, case in enumerate(q.cases):
                    if time_left <= 0:
                        outcome = None
                        points, message, label, slip = 0.0, f"not run: the question's {time_limit:g} s were used up", \
                            getattr(case, "label", "") or getattr(case, "expr", ""), ""
                    else:
                        replies = [self.sandbox.request(r, time_left + GRACE) for r in case.requests(time_left)]
                        outcome = case.judge(replies, time_left)
                        points, message, label, slip = outcome.points, outcome.message, outcome.label, outcome.slip
                    verdict.timed_out = verdict.timed_out or any(
                        words in message for words in ("stopped after", "used up", "too slow"))
                    total += points
                    time_left = time_limit - (time.monotonic() - t)
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
