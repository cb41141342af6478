"""Run a question's tests against a namespace (a notebook's globals) within a time limit."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Optional

from coursekit.grading.cases import Outcome, Question
from coursekit.grading.lesson_links import reread_line


@dataclass
class QuestionResult:
    """A question's outcomes and points; `manual` questions carry no automatic points."""

    qid: str
    title: str
    kind: str
    outcomes: list[Outcome] = field(default_factory=list)
    message: str = ""

    @property
    def manual(self) -> bool:
        """True for a written answer marked by hand."""
        return self.kind == "written"

    @property
    def points(self) -> float:
        """Points earned on the automatic tests."""
        return 0 if self.manual else sum(o.points for o in self.outcomes)

    @property
    def max_points(self) -> float:
        """Points available on the tests that ran."""
        return sum(o.max_points for o in self.outcomes)

    def as_dict(self) -> dict:
        """A JSON-ready dict with every test's outcome."""
        return {"qid": self.qid, "title": self.title, "kind": self.kind, "manual": self.manual,
                "points": self.points, "max_points": self.max_points, "message": self.message,
                "tests": [o.as_dict() for o in self.outcomes]}


def run_question(q: Question, namespace: dict, public_only: bool = True, extra: Optional[list] = None,
                 time_limit: Optional[float] = None) -> QuestionResult:
    """Run the question's public tests (and, for grading, its hidden and `extra` private tests too).

    `time_limit` is the seconds the whole question may take: each test gets the time left of it.
    """
    cases = [c for c in q.cases if c.public or not public_only]
    if not public_only:
        cases += list(extra or [])
    result = QuestionResult(q.qid, q.title, q.kind)
    deadline = None if time_limit is None else time.monotonic() + time_limit
    for case in cases:
        time_left = None if deadline is None else deadline - time.monotonic()
        if time_left is not None and time_left <= 0:
            result.outcomes.append(Outcome(label=getattr(case, "label", "") or getattr(case, "expr", "test"),
                                           status="fail", points=0, max_points=case.points,
                                           public=case.public, reveal=getattr(case, "reveal", True),
                                           message=f"not run: the question's {time_limit:g} s were used up"))
            continue
        result.outcomes.append(case.run(namespace, time_left))
    return result


def format_points(x: float) -> str:
    """2.0 -> "2", 1.5 -> "1.5"."""
    return f"{x:g}"


def report(result: QuestionResult, hidden_tests: int = 0, hidden_points: float = 0) -> str:
    """The text check() prints: one line per test with pass/fail, input, expected (unless hidden), actual, points."""
    lines = [f"{result.qid} {result.title}"]
    messages = {o.message for o in result.outcomes if o.status != "manual"}
    shared = messages.pop() if len(messages) == 1 and len(result.outcomes) > 1 else ""  # e.g. one stub's hint
    for o in result.outcomes:
        if o.status == "manual":
            lines.append(f"  written  {o.message}")
            continue
        mark = "pass" if o.passed else "FAIL"
        if o.reveal:
            detail = f"expected {o.expected}" + (f", got {o.actual}" if o.actual else "")
        elif o.passed:  # the learner's value is the answer: say only that it is right
            detail = "right (the expected value stays hidden)"
        else:
            detail = "expected value hidden" + (f", got {o.actual}" if o.actual else "")
        if o.message and o.message != shared:
            detail += f" -- {o.message}"
        if o.slip:
            detail += f" -- looks like a common slip: {o.slip}"
        lines.append(f"  {mark}  {o.label}: {detail}  [{format_points(o.points)}/{format_points(o.max_points)}]")
    if shared:
        lines.append(f"  every test: {shared}")
    if any(o.slip for o in result.outcomes):
        reread = reread_line(result.qid)
        if reread:
            lines.append(f"  {reread}")
    if result.manual:
        lines.append(f"  this answer is marked by your instructor ({format_points(result.max_points)} points)")
    else:
        lines.append(f"  points: {format_points(result.points)}/{format_points(result.max_points)}"
                     + (f" on the public tests; {hidden_tests} more grading test"
                        f"{'s' if hidden_tests != 1 else ''} worth {format_points(hidden_points)} point"
                        f"{'s' if hidden_points != 1 else ''} run when your work is graded" if hidden_tests else ""))
    return "\n".join(lines)


PASS_COLOUR, FAIL_COLOUR, NOTE_COLOUR = "#0072B2", "#D55E00", "#555555"  # Okabe-Ito blue and vermillion (fills)
PASS_TEXT, FAIL_TEXT = "#005F94", "#A84300"  # the same as text: WIN_TEXT, LOSE_TEXT (>= 4.5:1, issue 30)


def report_html(text: str) -> str:
    """The report as HTML: pass lines in blue, FAIL lines in vermillion (colour-blind safe), the rest grey."""
    import html

    lines = []
    for line in text.splitlines():
        stripped = line.strip()
        colour = (PASS_TEXT if stripped.startswith("pass") else FAIL_TEXT if stripped.startswith("FAIL")
                  else NOTE_COLOUR if line.startswith(" ") else "inherit")
        weight = "bold" if not line.startswith(" ") or stripped.startswith("points:") else "normal"
        shown = html.escape(line)
        if stripped.startswith("reread lesson ") and ": " in stripped:  # the section to reread, as a link
            where, link = stripped.rsplit(": ", 1)
            shown = f'  {html.escape(where)}: <a href="{html.escape(link)}">{html.escape(link)}</a>'
        lines.append(f'<div style="color:{colour};font-weight:{weight}">{shown}</div>')
    return ('<div class="coursekit-check" style="font-family:monospace;white-space:pre-wrap;font-size:14px">'
            + "".join(lines) + "</div>")
