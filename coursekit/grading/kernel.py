"""The grader's side inside a submission's kernel: run every test of a question and send back the outcomes."""

from __future__ import annotations

from typing import Optional

MIME = "application/vnd.coursekit.grade+json"


def publish(qid: str, tests_dir: Optional[str] = None, budget: Optional[float] = None) -> None:
    """Run question `qid`'s public, grading and private tests on the kernel's user namespace; publish the result."""
    import IPython
    from IPython.display import publish_display_data

    from coursekit.grading.registry import private_tests, question
    from coursekit.grading.runner import run_question

    namespace = IPython.get_ipython().user_ns
    extra = private_tests(tests_dir).get(qid, [])
    result = run_question(question(qid), namespace, public_only=False, extra=extra, budget=budget)
    publish_display_data({MIME: result.as_dict()})


def disarm_exit() -> None:
    """Make exit() and quit() in a submission raise SystemExit like sys.exit() instead of stopping the kernel."""
    import IPython

    def refuse(*args, **kwargs):
        raise SystemExit("exit() is ignored while grading")

    shell = IPython.get_ipython()
    shell.user_ns["exit"] = shell.user_ns["quit"] = refuse
