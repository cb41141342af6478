"""check("02.q1") in an exercise notebook: run that question's public tests on your names and print the result."""

from __future__ import annotations

import os
import sys
from typing import Optional

from coursekit.announcer import ANNOUNCER_JS
from coursekit.grading.cases import Question
from coursekit.grading.public import public_question, runnable
from coursekit.grading.runner import QuestionResult, report, report_html, run_question
from coursekit.stale import question_texts, stale_warning

TEST_TIME_LIMIT = 10.0  # a public test stops after this long (a loop that never ends)
GRADING_FLAG = "COURSEKIT_GRADING"  # set inside the grading sandbox, where the grader runs every test from outside


def _public_only(q: Question) -> Question:
    """The question with only the tests the learner's side runs."""
    return Question(q.qid, q.title, q.kind, [c for c in q.cases if runnable(c)], uses=q.uses)


def earlier_failures(q: Question, namespace: dict) -> list[str]:
    """Lines naming each earlier question whose function this one calls and which fails its public tests."""
    lines = []
    for used, name in q.uses:
        if not callable(namespace.get(name)):
            continue
        result = run_check(used, namespace)
        failed = [o for o in result.outcomes if not o.passed]
        if not failed:
            continue
        lines.append(f"  first: this question calls your {name} from {used}, which fails {len(failed)} of its "
                     f"{len(result.outcomes)} public tests; fix {used} first (run check(\"{used}\")), then run this "
                     f"check again")
        slips = dict.fromkeys(o.slip for o in failed if o.slip)
        lines += [f"    {used}: looks like a common slip: {slip}" for slip in slips]
    return lines


def run_check(qid: str, namespace: dict, time_limit: Optional[float] = TEST_TIME_LIMIT) -> QuestionResult:
    """The public tests of question `qid` run against `namespace`, without printing (`time_limit`: seconds a test,
    so the question may take that times its number of tests)."""
    q = _public_only(public_question(qid))
    return run_question(q, namespace, public_only=True,
                        time_limit=None if time_limit is None else time_limit * len(q.cases))


def check(qid: str, namespace: Optional[dict] = None) -> None:
    """Run question `qid`'s public tests on the caller's names and print pass/fail, values and points per test."""
    if os.environ.get(GRADING_FLAG):
        return  # while grading, the grader runs every test itself, from outside
    if namespace is None:
        namespace = sys._getframe(1).f_globals
    q = public_question(qid)
    result = run_check(qid, namespace)
    hidden = [c for c in q.cases if not runnable(c)]
    text = report(result, hidden_tests=len(hidden), hidden_points=sum(c.points for c in hidden))
    first = earlier_failures(q, namespace)
    warning = stale_warning(question_texts(q), namespace)
    first = [warning, *first] if warning else first
    if first:
        head, _, rest = text.partition("\n")
        text = "\n".join([head, *first, rest])
    shell = _kernel_shell()
    if shell is None:
        print(text)
        return
    from IPython.display import display

    display({"text/plain": text, "text/html": announced_html(text)}, raw=True)


# check() prints into an exercise notebook, where no course widget brings the page script that announces results
# (COURSE_JS in coursekit.widgets.common): the result's HTML carries a <style> whose load handler runs the page's one
# announcer (coursekit.announcer) on the result's box. JupyterLab runs the handler only for a result just printed: a
# saved output is untrusted when the notebook opens again, and its sanitizer drops the handler. A result the page
# script already said is not said twice.
ANNOUNCE_JS = ANNOUNCER_JS + "\nwindow.courseAnnouncer.say(this.parentNode);"


def announced_html(text: str) -> str:
    """The report as HTML (runner.report_html) that also says its gist to screen readers where it is printed."""
    import html

    shown = report_html(text)
    end = shown.rindex("</div>")
    return (shown[:end] + f'<style onload="{html.escape(ANNOUNCE_JS, quote=True)}">.coursekit-check {{ }}</style>'
            + shown[end:])


def _kernel_shell():
    """The IPython kernel shell this runs in, or None in a terminal or a plain script."""
    try:
        from IPython import get_ipython
    except ImportError:
        return None
    shell = get_ipython()
    return shell if shell is not None and hasattr(shell, "kernel") else None
