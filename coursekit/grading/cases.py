"""Test cases for exercise questions: an expression against an expected value, a sweep against a reference."""

from __future__ import annotations

import contextlib
import math
import numbers
import random
import signal
import threading
import time
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Iterable, Optional, Union

SHOWN_CHARS = 160  # longest input / value shown for one test


class TestTimeout(BaseException):
    """Raised inside a learner's code when a test runs out of time (BaseException: `except Exception` can't eat it)."""


@dataclass
class Outcome:
    """The result of one test: what ran, what was expected, what came back, and the points."""

    label: str
    status: str  # "pass", "fail" or "manual"
    points: float
    max_points: float
    expected: str = ""
    actual: str = ""
    message: str = ""
    public: bool = True
    reveal: bool = True

    @property
    def passed(self) -> bool:
        """True when the test passed."""
        return self.status == "pass"

    def as_dict(self) -> dict:
        """A JSON-ready dict of every field."""
        return {k: getattr(self, k) for k in
                ("label", "status", "points", "max_points", "expected", "actual", "message", "public", "reveal")}


def short(value: Any, limit: int = SHOWN_CHARS) -> str:
    """repr() of a value cut to `limit` characters (a learner's object may have a huge or broken repr)."""
    try:
        text = repr(value)
    except Exception as error:  # noqa: BLE001 - a learner's __repr__ may raise anything
        text = f"<{type(value).__name__} whose repr raised {type(error).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def same(actual: Any, expected: Any, tol: Optional[float] = None) -> bool:
    """True when actual equals expected: exactly, or within `tol` for numbers; tuples and lists element-wise."""
    if isinstance(expected, (tuple, list)):
        if not isinstance(actual, (tuple, list)) or len(actual) != len(expected):
            return False
        return all(same(a, e, tol) for a, e in zip(actual, expected))
    if expected is None:
        return actual is None
    if isinstance(expected, bool):  # numpy's bool_ counts too; 1 and 0 do not
        return type(actual).__name__ in ("bool", "bool_") and bool(actual) == expected
    if isinstance(expected, numbers.Number):
        if isinstance(actual, bool) or not isinstance(actual, numbers.Number):
            return False
        if tol is None:
            return bool(actual == expected)
        return math.isclose(float(actual), float(expected), rel_tol=tol, abs_tol=tol)
    if isinstance(expected, dict):
        return (isinstance(actual, dict) and set(actual) == set(expected)
                and all(same(actual[k], expected[k], tol) for k in expected))
    try:
        return type(actual) is type(expected) and bool(actual == expected)
    except Exception:  # noqa: BLE001
        return False


def closeness_hint(actual: Any, expected: Any) -> str:
    """A hint for an exact-number question answered with a float that is close (without revealing the answer)."""
    if isinstance(expected, Fraction) and isinstance(actual, float):
        if math.isclose(actual, float(expected), rel_tol=1e-9):
            return "close, but the question asks for the exact value as a fractions.Fraction"
    return ""


class _TimeLimit:
    """Raise TestTimeout in the main thread after `seconds` (no limit off the main thread or without SIGALRM)."""

    def __init__(self, seconds: Optional[float]) -> None:
        self.seconds = seconds
        self.active = (seconds is not None and hasattr(signal, "setitimer")
                       and threading.current_thread() is threading.main_thread())

    def __enter__(self):
        if self.active:
            def stop(signum, frame):
                raise TestTimeout()
            self.previous = signal.signal(signal.SIGALRM, stop)
            signal.setitimer(signal.ITIMER_REAL, max(self.seconds, 0.001))
        return self

    def __exit__(self, *exc) -> None:
        if self.active:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.previous)


class _Discard:
    """A stand-in for stdout and stderr that throws away what learner code prints during a test."""

    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass


@contextlib.contextmanager
def _quiet():
    """Swallow what learner code prints (a test's report stays short however much it prints)."""
    with contextlib.redirect_stdout(_Discard()), contextlib.redirect_stderr(_Discard()):
        yield


# modules a test expression may use even when the learner's notebook did not import them
HELPERS = {"random": random, "Fraction": Fraction}


def evaluate(expr: str, namespace: dict, seconds: Optional[float]) -> Any:
    """Evaluate `expr` in the learner's namespace under a time limit, with their printing swallowed."""
    with _quiet(), _TimeLimit(seconds):
        return eval(compile(expr, "<check>", "eval"), namespace, dict(HELPERS))  # noqa: S307 - learner code


def explain(error: BaseException, seconds: Optional[float]) -> str:
    """A one-line message for an exception a test met: a missing name, an unfinished stub, a timeout, a bug."""
    if isinstance(error, TestTimeout):
        return f"stopped after {seconds:g} s: does the code loop forever?"
    if isinstance(error, NotImplementedError):
        hint = str(error).strip()
        return "not done yet" + (f": {hint}" if hint else "")
    if isinstance(error, NameError):
        return f"{error}: run the cell that defines it first"
    if isinstance(error, SystemExit):
        return "the code called sys.exit()"
    text = str(error)
    text = text if len(text) <= 120 else text[:117] + "..."
    return f"raised {type(error).__name__}" + (f": {text}" if text else "")


Expected = Union[Any, Callable[[], Any]]


@dataclass
class Case:
    """Evaluate `expr` in the learner's namespace and compare it with `expected` (a value or a zero-argument callable).

    `reveal=False` keeps the expected value out of what a learner sees (the default in compute-a-number questions).
    """

    expr: str
    expected: Expected
    points: float = 1
    public: bool = True
    reveal: Optional[bool] = None
    tol: Optional[float] = None
    label: str = ""

    def expected_value(self) -> Any:
        """The expected value (computed now when it was given as a callable)."""
        return self.expected() if callable(self.expected) else self.expected

    def run(self, namespace: dict, seconds: Optional[float] = None) -> Outcome:
        """Run the test and return its Outcome."""
        expected = self.expected_value()
        base = dict(label=self.label or self.expr, max_points=self.points, expected=short(expected),
                    public=self.public, reveal=self.reveal is not False)
        try:
            actual = evaluate(self.expr, namespace, seconds)
        except BaseException as error:  # noqa: BLE001 - learner code may raise anything, even SystemExit
            if isinstance(error, KeyboardInterrupt):
                raise
            return Outcome(status="fail", points=0, message=explain(error, seconds), **base)
        if same(actual, expected, self.tol):
            return Outcome(status="pass", points=self.points, actual=short(actual), **base)
        return Outcome(status="fail", points=0, actual=short(actual), message=closeness_hint(actual, expected), **base)


@dataclass
class Sweep:
    """Call the learner's function `func` on many inputs and compare each result with a reference function."""

    func: str
    inputs: Callable[[], Iterable[tuple]]
    reference: Callable[..., Any]
    points: float = 1
    public: bool = False
    label: str = ""
    tol: Optional[float] = None

    def run(self, namespace: dict, seconds: Optional[float] = None) -> Outcome:
        """Run every input (within one time budget); the first mismatch is the one reported."""
        cases = list(self.inputs())
        label = self.label or f"{self.func}(...) on {len(cases)} inputs"
        base = dict(label=label, max_points=self.points, public=self.public, reveal=True)
        deadline = None if seconds is None else time.monotonic() + seconds
        for args in cases:
            call = f"{self.func}({', '.join(short(a) for a in args)})"
            try:
                expected = self.reference(*args)
            except Exception as error:  # noqa: BLE001 - a broken test must say so, not crash the check
                return Outcome(status="fail", points=0, message=f"the test itself failed on {call}: {error!r}",
                               **base)
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                return Outcome(status="fail", points=0, message=f"stopped after {seconds:g} s: too slow",
                               **base)
            try:
                function = namespace[self.func]
                with _quiet(), _TimeLimit(left):
                    actual = function(*args)
            except BaseException as error:  # noqa: BLE001
                if isinstance(error, KeyboardInterrupt):
                    raise
                if isinstance(error, KeyError):
                    error = NameError(f"name {self.func!r} is not defined")
                return Outcome(status="fail", points=0, expected=short(expected),
                               message=f"{call}: {explain(error, seconds)}", **base)
            if not same(actual, expected, self.tol):
                return Outcome(status="fail", points=0, expected=short(expected), actual=short(actual),
                               message=f"first wrong input: {call}", **base)
        return Outcome(status="pass", points=self.points, expected="the reference", actual="the same", **base)


@dataclass
class Written:
    """A short written answer in the string variable `name`: marked by the instructor, never auto-scored."""

    name: str
    points: float = 2
    min_words: int = 5
    public: bool = True
    label: str = ""

    def run(self, namespace: dict, seconds: Optional[float] = None) -> Outcome:
        """Report whether an answer is there (status "manual"; points are for the instructor to give)."""
        text = namespace.get(self.name)
        label = self.label or f"written answer in {self.name}"
        base = dict(label=label, max_points=self.points, public=self.public, reveal=True, status="manual", points=0)
        if not isinstance(text, str) or not text.strip():
            return Outcome(message="no answer yet: write it between the quotes", **base)
        words = len(text.split())
        note = f"{words} words; marked by your instructor"
        if words < self.min_words:
            note += f" (a full sentence, please: at least {self.min_words} words)"
        return Outcome(actual=short(text.strip(), 2000), message=note, **base)


@dataclass
class Custom:
    """A test written as a function of the namespace returning (passed, input, expected, actual)."""

    label: str
    test: Callable[[dict], tuple]
    points: float = 1
    public: bool = True
    reveal: bool = True

    def run(self, namespace: dict, seconds: Optional[float] = None) -> Outcome:
        """Run the function under the time limit and turn its answer into an Outcome."""
        base = dict(label=self.label, max_points=self.points, public=self.public, reveal=self.reveal)
        try:
            with _quiet(), _TimeLimit(seconds):
                passed, shown_input, expected, actual = self.test(namespace)
        except BaseException as error:  # noqa: BLE001
            if isinstance(error, KeyboardInterrupt):
                raise
            return Outcome(status="fail", points=0, message=explain(error, seconds), **base)
        base["label"] = shown_input or self.label
        return Outcome(status="pass" if passed else "fail", points=self.points if passed else 0,
                       expected=str(expected), actual=str(actual), **base)


TestCase = Union[Case, Sweep, Written, Custom]


@dataclass
class Question:
    """One exercise question: an id like "02.q1", a title, its kind and its tests."""

    qid: str
    title: str
    kind: str  # "function", "number" or "written"
    cases: list = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.kind not in ("function", "number", "written"):
            raise ValueError(f"kind must be 'function', 'number' or 'written', not {self.kind!r}")
        for case in self.cases:  # a number question's answer stays hidden unless a case says reveal=True
            if isinstance(case, Case) and case.reveal is None:
                case.reveal = self.kind != "number"

    @property
    def manual(self) -> bool:
        """True for a written answer the instructor marks."""
        return self.kind == "written"

    @property
    def max_points(self) -> float:
        """All points of the question's own tests (public and grading)."""
        return sum(case.points for case in self.cases)
