"""Tests for exercise questions, split in two: what to ask the learner's code, and how to judge its answer.

Each test makes `requests()` (an expression to evaluate, a function to call on inputs, a name to read), which run
on the learner's side (`probe.answer`) and come back as plain encoded values; `judge(answers)` compares them with
the expected values, which never leave the judge's process. `run(namespace)` does both in one process: that is
the learner's own self-check.
"""

from __future__ import annotations

import math
import numbers
import threading
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Iterable, Optional, Union

from coursekit.sandbox.probe import answer
from coursekit.sandbox.wire import Opaque, WireError, decode, encode

SHOWN_CHARS = 160  # longest input / value shown for one test
NO_ANSWER = "no answer yet"  # a written answer left empty (the class page counts it as not attempted)


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
    slip: str = ""  # a common mistake this wrong answer looks like, named for the learner (never the answer)

    @property
    def passed(self) -> bool:
        """True when the test passed."""
        return self.status == "pass"

    def as_dict(self) -> dict:
        """A JSON-ready dict of every field."""
        return {k: getattr(self, k) for k in
                ("label", "status", "points", "max_points", "expected", "actual", "message", "public", "reveal",
                 "slip")}


def short(value: Any, limit: int = SHOWN_CHARS) -> str:
    """repr() of a value cut to `limit` characters."""
    try:
        text = repr(value)
    except Exception as error:
        text = f"<{type(value).__name__} whose repr raised {type(error).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def same(actual: Any, expected: Any, tol: Optional[float] = None) -> bool:
    """True when the decoded `actual` equals `expected`: exactly, or within `tol` for numbers; sequences by element."""
    if isinstance(actual, Opaque):
        return False
    if isinstance(expected, (tuple, list)):
        if not isinstance(actual, (tuple, list)) or len(actual) != len(expected):
            return False
        return all(same(a, e, tol) for a, e in zip(actual, expected))
    if expected is None:
        return actual is None
    if isinstance(expected, bool):
        return type(actual) is bool and actual == expected
    if isinstance(expected, numbers.Number):
        if type(actual) not in (int, float, Fraction):
            return False
        if tol is None:
            return bool(actual == expected)
        try:  # a 4000-digit int is no float: a wrong answer, never a crash of the grader
            return math.isclose(float(actual), float(expected), rel_tol=tol, abs_tol=tol)
        except (OverflowError, ValueError):
            return False
    if isinstance(expected, dict):
        return (isinstance(actual, dict) and set(actual) == set(expected)
                and all(same(actual[k], expected[k], tol) for k in expected))
    return type(actual) is type(expected) and bool(actual == expected)


def closeness_hint(actual: Any, expected: Any) -> str:
    """A hint for an exact-number question answered with a float that is close (without revealing the answer)."""
    if isinstance(expected, Fraction) and type(actual) is float:
        if math.isclose(actual, float(expected), rel_tol=1e-9):
            return "close, but the question asks for the exact value as a fractions.Fraction"
    return ""


class Later:
    """A value, or a function worked out once on first use (safely from several threads), its result passed
    through `check` (which may raise a ValueError). Expected values of tests, and a prediction's answer computed at
    its first Check rather than when the lesson's cell runs (issue 34), are worked out this way."""

    def __init__(self, value: Any, check: Optional[Callable[[Any], Any]] = None) -> None:
        self._make = value if callable(value) else None
        self._value = None if callable(value) else (check(value) if check else value)
        self._check, self._lock = check, threading.Lock()

    @property
    def done(self) -> bool:
        """True once the value is known (given, or worked out)."""
        return self._make is None

    def get(self) -> Any:
        """The value, worked out (and checked) the first time it is asked for."""
        with self._lock:
            if self._make is not None:
                value = self._make()
                self._value, self._make = (self._check(value) if self._check else value), None
            return self._value


@dataclass
class Slip:
    """A common wrong answer and the sentence that names it ("this is the chance for one deck; ... six").

    Give `answer` (the wrong value, or a zero-argument callable computing it in the judge) for a Case, `reference`
    (a wrong function of the same inputs) for a Sweep, or `test(value) -> bool` for anything. `says` is shown to the
    learner, so it names the mistake, never the right answer.
    """

    says: str
    answer: Any = None
    reference: Optional[Callable[..., Any]] = None
    test: Optional[Callable[[Any], bool]] = None
    tol: Optional[float] = None

    def __post_init__(self) -> None:
        if not isinstance(self.says, str) or not self.says.strip():
            raise ValueError(f"a slip needs a sentence naming the mistake, not {self.says!r}")
        given = [self.answer is not None, self.reference is not None, self.test is not None]
        if sum(given) != 1:
            raise ValueError("a slip takes exactly one of answer=, reference= or test=")
        self._answer = Later(self.answer)

    def wrong_value(self) -> Any:
        """The slip's wrong answer (computed on first use when given as a callable)."""
        return self._answer.get()

    def matches(self, actual: Any) -> bool:
        """True when a learner's value is this slip's answer (a float close to an exact slip counts too)."""
        if self.test is not None:
            try:
                return bool(self.test(actual))
            except Exception:
                return False
        if self.answer is None or isinstance(actual, Opaque):
            return False
        wrong = self.wrong_value()
        if same(actual, wrong, self.tol):
            return True
        numbers_both = type(actual) in (int, float, Fraction) and type(wrong) in (int, float, Fraction)
        return numbers_both and type(actual) is float and math.isclose(actual, float(wrong), rel_tol=1e-9)


def find_question(qid: str, questions: Iterable["Question"], where: str) -> "Question":
    """The question of `questions` with id `qid`; a ValueError naming `where` and the ids it has, else."""
    found = list(questions)
    for q in found:
        if q.qid == qid:
            return q
    raise ValueError(f"there is no {'practice ' if where.startswith('lesson') else ''}question {qid!r}; "
                     f"{where} has {', '.join(q.qid for q in found)}")


def distinct_slips(named: Iterable[tuple[str, Callable[..., Any]]], right: Callable[..., Any],
                   *args: Any) -> list[Slip]:
    """A Case's slips for one input: each (sentence, wrong function) whose value there no earlier one, nor the
    right function, gives."""
    slips, seen = [], [right(*args)]
    for says, wrong in named:
        if wrong(*args) not in seen:
            seen.append(wrong(*args))
            slips.append(Slip(says, answer=lambda wrong=wrong: wrong(*args)))
    return slips


def named_slip(slips: Iterable["Slip"], actual: Any) -> str:
    """The sentence of the first slip a wrong value matches, or ""."""
    for slip in slips:
        if slip.matches(actual):
            return slip.says
    return ""


def received(reply: Any) -> tuple[Any, str]:
    """(decoded value, "") from a reply {"value": ...}, or (None, why not) for an error or a malformed reply."""
    if not isinstance(reply, dict):
        return None, "no answer came back"
    if "error" in reply:
        error = reply["error"]
        return None, error[:300] if isinstance(error, str) else "failed"
    try:
        return decode(reply["value"]), ""
    except (KeyError, WireError) as error:
        return None, f"the answer was malformed ({str(error)[:100]})"


def run_locally(test: Any, namespace: dict, time_left: Optional[float]) -> Outcome:
    """A test's requests answered from `namespace` in this process, then judged: the learner's self-check."""
    return test.judge([answer(r, namespace) for r in test.requests(time_left)], time_left)


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
    slips: list = field(default_factory=list)

    def __post_init__(self) -> None:
        self._expected = Later(self.expected)

    def expected_value(self) -> Any:
        """The expected value (computed on first use when it was given as a callable)."""
        return self._expected.get()

    def requests(self, time_left: Optional[float] = None) -> list[dict]:
        """Evaluate the expression."""
        return [{"op": "eval", "expr": self.expr, "time_limit": time_left}]

    def judge(self, replies: list, time_left: Optional[float] = None) -> Outcome:
        """Compare the value that came back with the expected one."""
        expected = self.expected_value()
        base = dict(label=self.label or self.expr, max_points=self.points, expected=short(expected),
                    public=self.public, reveal=self.reveal is not False)
        actual, why = received(replies[0] if replies else None)
        if why:
            return Outcome(status="fail", points=0, message=why, **base)
        if same(actual, expected, self.tol):
            return Outcome(status="pass", points=self.points, actual=short(actual), **base)
        return Outcome(status="fail", points=0, actual=short(actual), message=closeness_hint(actual, expected),
                       slip=named_slip(self.slips, actual), **base)

    def run(self, namespace: dict, time_left: Optional[float] = None) -> Outcome:
        """Run the test against `namespace` in this process and return its Outcome."""
        return run_locally(self, namespace, time_left)


def with_article(noun: str) -> str:
    """ "an int", "a Fraction"."""
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


@dataclass
class IsA:
    """The value of `expr` has exactly the type `kind` (a Fraction, an int, a dict...): judged on the decoded value."""

    expr: str
    kind: type
    points: float = 1
    public: bool = True
    label: str = ""
    reveal: bool = True

    def requests(self, time_left: Optional[float] = None) -> list[dict]:
        """Evaluate the expression."""
        return [{"op": "eval", "expr": self.expr, "time_limit": time_left}]

    def judge(self, replies: list, time_left: Optional[float] = None) -> Outcome:
        """Pass when the value arrived as exactly that type (a look-alike class arrives opaque)."""
        base = dict(label=self.label or f"{self.expr} is {with_article(self.kind.__name__)}", max_points=self.points,
                    expected=with_article(self.kind.__name__), public=self.public, reveal=True)
        actual, why = received(replies[0] if replies else None)
        if why:
            return Outcome(status="fail", points=0, message=why, **base)
        name = actual.type_name if isinstance(actual, Opaque) else type(actual).__name__
        kind = "tuple" if isinstance(actual, tuple) else name
        if type(actual) is self.kind:
            return Outcome(status="pass", points=self.points, actual=with_article(kind), **base)
        return Outcome(status="fail", points=0, actual=with_article(kind), **base)

    def run(self, namespace: dict, time_left: Optional[float] = None) -> Outcome:
        """Run the test against `namespace` in this process and return its Outcome."""
        return run_locally(self, namespace, time_left)


@dataclass
class Sweep:
    """Call the learner's function `func` (a name, or any expression giving a callable) on many inputs.

    Each result is compared with `reference(*inputs)`; `show(args)` names an input in messages (default: a call).
    """

    func: str
    inputs: Callable[[], Iterable[tuple]]
    reference: Callable[..., Any]
    points: float = 1
    public: bool = False
    label: str = ""
    tol: Optional[float] = None
    show: Optional[Callable[[tuple], str]] = None
    reveal: bool = True
    slips: list = field(default_factory=list)

    def __post_init__(self) -> None:
        self._table = Later(self._make_table)
        self._slip_tables = Later(self._make_slip_tables)

    def table(self) -> tuple:
        """(inputs, encoded inputs, the reference's ("ok", value) or ("broken", why) on each), worked out once."""
        return self._table.get()

    def slip_tables(self) -> list:
        """Each slip's ("ok", wrong value) or ("broken", None) on every input; None for a slip without a function."""
        return self._slip_tables.get()

    def _make_slip_tables(self) -> list:
        """Each reference slip's answers on every input (None where the wrong function itself raises)."""
        cases = self._table.get()[0]
        tables = []
        for slip in self.slips:
            if slip.reference is None:
                tables.append(None)
                continue
            row = []
            for args in cases:
                try:
                    row.append(("ok", slip.reference(*args)))
                except Exception:
                    row.append(("broken", None))
            tables.append(row)
        return tables

    def slip_of(self, decoded: list) -> str:
        """The first slip whose wrong function gives every answer received (or whose test accepts them), or ""."""
        for slip, table in zip(self.slips, self._slip_tables.get()):
            if table is None:
                if slip.test is not None and slip.matches(decoded):
                    return slip.says
                continue
            if decoded and all(kind == "ok" and same(value, wrong, slip.tol if slip.tol is not None else self.tol)
                               for value, (kind, wrong) in zip(decoded, table)):
                return slip.says
        return ""

    def _make_table(self) -> tuple:
        cases = [tuple(args) for args in self.inputs()]
        expected = []
        for args in cases:
            try:
                expected.append(("ok", self.reference(*args)))
            except Exception as error:
                expected.append(("broken", f"{type(error).__name__}: {error}"))
        return cases, [encode(args) for args in cases], expected

    def call_text(self, args: tuple) -> str:
        """How one input is named in a message."""
        if self.show is not None:
            return self.show(args)
        return f"{self.func}({', '.join(short(a) for a in args)})"

    def requests(self, time_left: Optional[float] = None) -> list[dict]:
        """Call the function on every input."""
        _, encoded, _ = self._table.get()
        return [{"op": "sweep", "func": self.func, "args": encoded, "time_limit": time_left}]

    def judge(self, replies: list, time_left: Optional[float] = None) -> Outcome:
        """The first input whose result differs from the reference fails the test; else it passes."""
        cases, _, expected = self._table.get()
        label = self.label or f"{self.func}(...) on {len(cases)} inputs"
        base = dict(label=label, max_points=self.points, public=self.public, reveal=True)
        reply = replies[0] if replies else None
        values = reply.get("values") if isinstance(reply, dict) else None
        error = reply.get("error") if isinstance(reply, dict) else "no answer came back"
        if not isinstance(values, list) or len(values) > len(cases) or not (error is None or isinstance(error, str)):
            return Outcome(status="fail", points=0, message="the answer was malformed", **base)
        decoded = []
        for encoded_value in values:
            try:
                decoded.append(decode(encoded_value))
            except WireError as why:
                decoded.append(why)
        for i, (args, actual) in enumerate(zip(cases, decoded)):
            kind, reference = expected[i]
            if kind == "broken":
                return Outcome(status="fail", points=0,
                               message=f"the test itself failed on {self.call_text(args)}: {reference}", **base)
            if isinstance(actual, WireError):
                return Outcome(status="fail", points=0, message=f"{self.call_text(args)}: malformed answer ({actual})",
                               **base)
            if not same(actual, reference, self.tol):
                return Outcome(status="fail", points=0, expected=short(reference), actual=short(actual),
                               message=f"first wrong input: {self.call_text(args)}",
                               slip=self.slip_of(decoded) if len(decoded) == len(cases) else "", **base)
        if len(values) < len(cases):
            args = cases[len(values)]
            kind, reference = expected[len(values)]
            return Outcome(status="fail", points=0, expected=short(reference) if kind == "ok" else "",
                           message=f"{self.call_text(args)}: {(error or 'no answer')[:300]}", **base)
        return Outcome(status="pass", points=self.points, expected="the reference", actual="the same", **base)

    def run(self, namespace: dict, time_left: Optional[float] = None) -> Outcome:
        """Run the test against `namespace` in this process and return its Outcome."""
        return run_locally(self, namespace, time_left)


@dataclass
class Written:
    """A short written answer in the string variable `name`: marked by the instructor, never auto-scored."""

    name: str
    points: float = 2
    min_words: int = 5
    public: bool = True
    label: str = ""
    reveal: bool = True

    def requests(self, time_left: Optional[float] = None) -> list[dict]:
        """Read the variable."""
        return [{"op": "get", "name": self.name}]

    def judge(self, replies: list, time_left: Optional[float] = None) -> Outcome:
        """Report whether an answer is there (status "manual"; points are for the instructor to give)."""
        label = self.label or f"written answer in {self.name}"
        base = dict(label=label, max_points=self.points, public=self.public, reveal=True, status="manual", points=0)
        text, why = received(replies[0] if replies else None)
        if why or not isinstance(text, str) or not text.strip():
            return Outcome(message=f"{NO_ANSWER}: write it between the quotes", **base)
        words = len(text.split())
        note = f"{words} words; marked by your instructor"
        if words < self.min_words:
            note += f" (a full sentence, please: at least {self.min_words} words)"
        return Outcome(actual=short(text.strip(), 2000), message=note, **base)

    def run(self, namespace: dict, time_left: Optional[float] = None) -> Outcome:
        """Run the test against `namespace` in this process and return its Outcome."""
        return run_locally(self, namespace, time_left)


@dataclass
class Probe:
    """Evaluate `expr` on the learner's side, then `judge_value(value)` -> (passed, shown input, expected, actual).

    `judge_value` may add a fifth item, the sentence naming a recognised slip; `slips` are tried on a failed value.
    """

    label: str
    expr: str
    judge_value: Callable[[Any], tuple]
    points: float = 1
    public: bool = True
    reveal: bool = True
    slips: list = field(default_factory=list)

    def requests(self, time_left: Optional[float] = None) -> list[dict]:
        """Evaluate the expression."""
        return [{"op": "eval", "expr": self.expr, "time_limit": time_left}]

    def judge(self, replies: list, time_left: Optional[float] = None) -> Outcome:
        """Turn the judge function's verdict on the decoded value into an Outcome."""
        base = dict(label=self.label, max_points=self.points, public=self.public, reveal=self.reveal)
        value, why = received(replies[0] if replies else None)
        if why:
            return Outcome(status="fail", points=0, message=why, **base)
        try:
            verdict = tuple(self.judge_value(value))
            passed, shown_input, expected, actual = verdict[:4]
            slip = str(verdict[4]) if len(verdict) > 4 and verdict[4] else ""
        except Exception as error:
            return Outcome(status="fail", points=0, actual=short(value),
                           message=f"an answer of an unexpected shape ({type(error).__name__})", **base)
        base["label"] = shown_input or self.label
        if not passed and not slip:
            slip = named_slip(self.slips, value)
        return Outcome(status="pass" if passed else "fail", points=self.points if passed else 0,
                       expected=str(expected), actual=str(actual), slip="" if passed else slip, **base)

    def run(self, namespace: dict, time_left: Optional[float] = None) -> Outcome:
        """Run the test against `namespace` in this process and return its Outcome."""
        return run_locally(self, namespace, time_left)


TestCase = Union[Case, IsA, Sweep, Written, Probe]


@dataclass
class Question:
    """One exercise question: an id like "02.q1", a title, its kind and its tests.

    `course_code` names coursekit functions that already answer the question ("coursekit.blackjack.hand_total"):
    the grader notes submissions that import or call them, and the instructor decides. `uses` names the learner's
    functions from earlier questions that this question's code calls, as (qid, name) pairs (("02.q1", "hand_total")):
    when that question fails, check() and the feedback page say so first. `objective` is the id of the lesson
    objective it checks, "NN.k": the k-th "You will be able to" line of lesson NN's opening card
    (tests/test_objectives.py holds the two together).
    """

    qid: str
    title: str
    kind: str  # "function", "number" or "written"
    cases: list = field(default_factory=list)
    course_code: tuple = ()
    uses: tuple = ()
    objective: str = ""

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
