"""The learner's side of grading: each exercise's public tests as data (coursekit/grading/public/exNN.json).

What a learner installs holds these files and no answer key. They are written from the answer key by
`python -m coursekit exercises` (`write_public`), and `check()` rebuilds the tests from them:

* a test whose expected value is shown (`reveal`) keeps its expected value and its slips' wrong values;
* a test whose expected value stays hidden (a number question's answer) keeps only a digest of it and of its
  slips' wrong values: check() says right or wrong, which it says anyway, and nothing more;
* a public sweep keeps its inputs and the reference's outputs on them (shown on a failure anyway);
* a public test built by coursekit's own code (`rebuild`: bot games, transcripts) keeps its parameters; a bot
  game's slip bots travel as one digest of each bot's whole move table;
* hidden tests, and public tests whose judge is code of the answer key (probes, bot games), keep only their
  points: they run when the work is graded.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import re
import math
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any, Optional

from coursekit.grading.cases import (Case, IsA, Outcome, Question, Slip, Sweep, Written, find_question, received,
                                    run_locally, short)
from coursekit.sandbox.wire import Opaque, decode, encode

FOLDER = Path(__file__).parent / "public"
FORMAT = 1
KINDS = {"int": int, "float": float, "Fraction": Fraction, "str": str, "bool": bool, "dict": dict, "tuple": tuple,
         "list": list, "set": set, "NoneType": type(None)}
ROUNDED_DIGITS = (9, 8, 7, 6, 5, 4)  # significant digits tried for a hidden value compared within a tolerance


# --- digests of hidden values ----------------------------------------------------------------------------------------

def canonical_text(value: Any, digits: Optional[int]) -> Optional[str]:
    """A text that is equal for two values exactly when `same()` calls them equal (numbers rounded to `digits`)."""
    if isinstance(value, Opaque):
        return None
    if value is None:
        return "none"
    if type(value) is bool:
        return f"bool:{value}"
    if type(value) in (int, float, Fraction):
        if type(value) is float and not math.isfinite(value):
            return f"float:{value}"
        if digits is not None:
            return f"num~{float(value):.{digits}g}"
        return f"num:{Fraction(value)}"
    if type(value) is str:
        return "str:" + value
    if isinstance(value, (tuple, list)):
        parts = [canonical_text(v, digits) for v in value]
        return None if None in parts else "seq[" + "\x1f".join(parts) + "]"
    if type(value) is dict:
        items = []
        for key, item in value.items():
            k, v = canonical_text(key, None), canonical_text(item, digits)
            if k is None or v is None:
                return None
            items.append(k + "\x1e" + v)
        return "dict{" + "\x1f".join(sorted(items)) + "}"
    return None


def salted_digest(salt: str, text: Optional[str]) -> Optional[str]:
    return None if text is None else hashlib.sha256((salt + "\x00" + text).encode()).hexdigest()[:32]


def _safe_digits(value: Any, tol: float) -> Optional[int]:
    """The most significant digits at which every number within `tol` of `value` rounds the same, or None."""
    def numbers(v):
        if type(v) in (int, float, Fraction):
            yield float(v)
        elif isinstance(v, (tuple, list)):
            for x in v:
                yield from numbers(x)
        elif isinstance(v, dict):
            for x in v.values():
                yield from numbers(x)

    values = list(numbers(value))
    for digits in ROUNDED_DIGITS:
        if all(f"{x - max(abs(x) * tol, tol):.{digits}g}" == f"{x:.{digits}g}"
               == f"{x + max(abs(x) * tol, tol):.{digits}g}" for x in values):
            return digits
    return None


@dataclass
class SealedCase:
    """A public test whose expected value stays hidden: the learner's value is compared by digest."""

    expr: str
    salt: str
    digest: str
    points: float = 1
    digits: Optional[int] = None  # numbers compared rounded to this many significant digits (a tolerance)
    close_digest: str = ""  # digest of the value as a float to 12 digits: "close, but not exact"
    label: str = ""
    slips: tuple = ()  # (sentence, digest, digits)
    public: bool = True
    reveal: bool = False

    def requests(self, time_left: Optional[float] = None) -> list[dict]:
        """Evaluate the expression."""
        return [{"op": "eval", "expr": self.expr, "time_limit": time_left}]

    def judge(self, replies: list, time_left: Optional[float] = None) -> Outcome:
        """Right when the value's digest is the expected one; a slip when it is a slip's."""
        base = dict(label=self.label or self.expr, max_points=self.points, expected="hidden", public=True,
                    reveal=False)
        actual, why = received(replies[0] if replies else None)
        if why:
            return Outcome(status="fail", points=0, message=why, **base)
        if salted_digest(self.salt, canonical_text(actual, self.digits)) == self.digest:
            return Outcome(status="pass", points=self.points, actual=short(actual), **base)
        message = ""
        close = self.close_digest and type(actual) is float
        if close and salted_digest(self.salt, f"{actual:.12g}") == self.close_digest:
            message = "close, but the question asks for the exact value as a fractions.Fraction"
        slip = next((says for says, digest, digits in self.slips
                     if salted_digest(self.salt, canonical_text(actual, digits)) == digest), "")
        return Outcome(status="fail", points=0, actual=short(actual), message=message, slip=slip, **base)

    def run(self, namespace: dict, time_left: Optional[float] = None) -> Outcome:
        """Run the test against `namespace` in this process and return its Outcome."""
        return run_locally(self, namespace, time_left)


@dataclass
class SealedSweep:
    """A public sweep whose reference outputs stay hidden: each answer is compared by digest."""

    func: str
    inputs: list
    shown: list
    salt: str
    outputs: list  # (digest, digits) per input
    points: float = 1
    label: str = ""
    slips: tuple = ()  # (sentence, [(digest, digits) per input])
    public: bool = True
    reveal: bool = False

    def requests(self, time_left: Optional[float] = None) -> list[dict]:
        """Call the function on every input."""
        return [{"op": "sweep", "func": self.func, "args": [encode(args) for args in self.inputs],
                 "time_limit": time_left}]

    def _matches(self, value: Any, digest: str, digits: Optional[int]) -> bool:
        return salted_digest(self.salt, canonical_text(value, digits)) == digest

    def judge(self, replies: list, time_left: Optional[float] = None) -> Outcome:
        """The first input whose answer is not the reference's fails the test (the reference's value not shown)."""
        label = self.label or f"{self.func}(...) on {len(self.inputs)} inputs"
        base = dict(label=label, max_points=self.points, public=True, reveal=False)
        reply = replies[0] if replies else None
        values = reply.get("values") if isinstance(reply, dict) else None
        error = reply.get("error") if isinstance(reply, dict) else "no answer came back"
        if (not isinstance(values, list) or len(values) > len(self.inputs)
                or not (error is None or isinstance(error, str))):
            return Outcome(status="fail", points=0, message="the answer was malformed", **base)
        decoded = []
        for value in values:
            try:
                decoded.append(decode(value))
            except ValueError:
                decoded.append(Opaque("malformed", "a malformed answer"))
        for shown, actual, (digest, digits) in zip(self.shown, decoded, self.outputs):
            if not self._matches(actual, digest, digits):
                slip = ""
                if len(decoded) == len(self.inputs):
                    slip = next((says for says, row in self.slips
                                 if all(self._matches(v, d, g) for v, (d, g) in zip(decoded, row))), "")
                return Outcome(status="fail", points=0, actual=short(actual), message=f"first wrong input: {shown}",
                               slip=slip, **base)
        if len(values) < len(self.inputs):
            return Outcome(status="fail", points=0,
                           message=f"{self.shown[len(values)]}: {(error or 'no answer')[:300]}", **base)
        return Outcome(status="pass", points=self.points, actual="the same as the reference", **base)

    def run(self, namespace: dict, time_left: Optional[float] = None) -> Outcome:
        """Run the test against `namespace` in this process and return its Outcome."""
        return run_locally(self, namespace, time_left)


@dataclass
class Later:
    """A test that runs only when the work is graded (hidden, or judged by the answer key's code)."""

    points: float
    public: bool = False
    label: str = "a test run when graded"
    reveal: bool = False


def one_of_probe(label: str, expr: str, allowed: Any, points: float = 1) -> Any:
    """A public Probe: the value of `expr` must be an int among `allowed` (shown to the learner when it is not)."""
    from coursekit.grading.cases import Probe

    allowed = tuple(allowed)
    wanted = f"one of {allowed}" if len(allowed) > 1 else f"{allowed[0]}"

    def judge(value: Any) -> tuple:
        return type(value) is int and value in allowed, label, wanted, short(value)

    probe = Probe(label, expr, judge, points=points)
    probe.rebuild = ("one_of_probe", [label, expr, list(allowed), points])
    return probe


# --- writing the data (instructor side: needs the answer key) --------------------------------------------------------

def _slip_wrong(slip: Slip) -> tuple[bool, Any]:
    """(True, the slip's wrong value) for a slip given as a value; (False, None) for a test or a reference."""
    if slip.answer is None:
        return False, None
    return True, slip.wrong_value()


def _export_case(qid: str, index: int, case: Any) -> dict:
    """One test as JSON-ready data."""
    if not case.public:
        return {"type": "later", "points": case.points}
    if type(case) is Written:
        return {"type": "written", "name": case.name, "points": case.points, "min_words": case.min_words,
                "label": case.label}
    if type(case) is IsA:
        return {"type": "isa", "expr": case.expr, "kind": case.kind.__name__, "points": case.points,
                "label": case.label}
    if type(case) is Case:
        expected = case.expected_value()
        slips = [(s.says, *_slip_wrong(s)) for s in case.slips]
        if case.reveal is not False:
            return {"type": "case", "expr": case.expr, "expected": encode(expected), "points": case.points,
                    "tol": case.tol, "label": case.label,
                    "slips": [{"says": says, "answer": encode(wrong), "tol": s.tol}
                              for (says, ok, wrong), s in zip(slips, case.slips) if ok]}
        salt = f"{qid}#{index}"
        digits = None if case.tol is None else _safe_digits(expected, case.tol)
        if case.tol is not None and digits is None:
            return {"type": "later", "points": case.points, "public": True, "label": case.label or case.expr}
        close = ""
        if type(expected) is Fraction and _safe_digits(expected, 1e-13) is not None:
            close = salted_digest(salt, f"{float(expected):.12g}")
        sealed = []
        for (says, ok, wrong), s in zip(slips, case.slips):
            if not ok:
                continue
            tol = s.tol if s.tol is not None else case.tol
            slip_digits = None if tol is None else _safe_digits(wrong, tol)
            text = canonical_text(wrong, slip_digits)
            if text is not None and (tol is None or slip_digits is not None):
                sealed.append([says, salted_digest(salt, text), slip_digits])
        return {"type": "sealed", "expr": case.expr, "salt": salt,
                "digest": salted_digest(salt, canonical_text(expected, digits)), "digits": digits,
                "close": close, "points": case.points, "label": case.label, "slips": sealed}
    rebuild = getattr(case, "rebuild", None)
    module = getattr(getattr(case, "judge_value", None), "__module__", None) or type(case).__module__
    if rebuild is not None and module.startswith("coursekit."):
        function, args = rebuild
        return {"type": "rebuild", "module": module, "function": function, "args": encode(args)}
    if type(case) is Sweep and case.reveal is False:
        cases, _, table = case.table()
        salt = f"{qid}#{index}"
        outputs = []
        for kind, value in table:
            digits = None if case.tol is None else _safe_digits(value, case.tol)
            if kind != "ok" or (case.tol is not None and digits is None):
                return {"type": "later", "points": case.points, "public": True, "label": case.label or case.func}
            outputs.append([salted_digest(salt, canonical_text(value, digits)), digits])
        slips = []
        for s, t in zip(case.slips, case.slip_tables()):
            if t is None:
                continue
            tol = s.tol if s.tol is not None else case.tol
            row = [[salted_digest(salt, canonical_text(v, d)), d] for k, v in t
                   for d in [None if tol is None or k != "ok" else _safe_digits(v, tol)]]
            slips.append({"says": s.says, "outputs": row})
        return {"type": "sealed_sweep", "func": case.func, "points": case.points, "label": case.label,
                "salt": salt, "inputs": [encode(args) for args in cases], "outputs": outputs,
                "shown": [case.call_text(args) for args in cases], "slips": slips}
    if type(case) is Sweep:
        cases, _, table = case.table()
        slip_tables = case.slip_tables()
        return {"type": "sweep", "func": case.func, "points": case.points, "label": case.label, "tol": case.tol,
                "inputs": [encode(args) for args in cases],
                "outputs": [[kind, encode(value) if kind == "ok" else value] for kind, value in table],
                "shown": [case.call_text(args) for args in cases],
                "slips": [{"says": s.says, "outputs": [[k, encode(v)] for k, v in t], "tol": s.tol}
                          for s, t in zip(case.slips, slip_tables) if t is not None]}
    return {"type": "later", "points": case.points, "public": True,
            "label": getattr(case, "label", "") or getattr(case, "expr", "") or "a test"}


QID = re.compile(r"^(\d\d)\.q\d+$")

def exercise_of(qid: str) -> str:
    """The exercise number of a question id: "02.q1" -> "02"."""
    match = QID.match(qid) if isinstance(qid, str) else None
    if not match:
        raise ValueError(f"a question id looks like '02.q1' (exercise, dot, q and a number), not {qid!r}")
    return match.group(1)


def public_data(exercise: str, questions: list[Question]) -> dict:
    """An exercise's public tests as JSON-ready data, from its questions in the answer key."""
    return {"format": FORMAT, "exercise": exercise, "questions": [
        {"qid": q.qid, "title": q.title, "kind": q.kind,
         "cases": [_export_case(q.qid, i, c) for i, c in enumerate(q.cases)],
         **({"uses": [list(u) for u in q.uses]} if q.uses else {})} for q in questions]}


def public_text(exercise: str, questions: list[Question]) -> str:
    """The file public/exNN.json as it should be."""
    return json.dumps(public_data(exercise, questions), indent=1, ensure_ascii=False, sort_keys=True) + "\n"


def write_public(by_exercise: dict[str, list[Question]], folder: Path = FOLDER) -> list[Path]:
    """Write public/exNN.json for every exercise of the answer key ({exercise: its questions}); the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for exercise, questions in sorted(by_exercise.items()):
        path = folder / f"ex{exercise}.json"
        path.write_text(public_text(exercise, questions), encoding="utf-8")
        written.append(path)
    for stale in folder.glob("ex*.json"):
        if stale not in written:
            stale.unlink()
    _load.cache_clear()
    return written


# --- reading it back (learner side) -----------------------------------------------------------------------------------

class _Table:
    """A function of the sweep's inputs answered from a table (a reference's outputs, written from the answer key)."""

    def __init__(self, inputs: list, outputs: list) -> None:
        self.rows = {json.dumps(i): o for i, o in zip(inputs, outputs)}

    def __call__(self, *args: Any) -> Any:
        kind, value = self.rows[json.dumps(encode(args))]
        if kind != "ok":
            raise ValueError(value)
        return decode(value)


def _build(qid: str, data: dict) -> Any:
    kind = data["type"]
    if kind == "written":
        return Written(data["name"], points=data["points"], min_words=data["min_words"], label=data["label"])
    if kind == "isa":
        return IsA(data["expr"], KINDS[data["kind"]], points=data["points"], label=data["label"])
    if kind == "case":
        return Case(data["expr"], decode(data["expected"]), points=data["points"], tol=data["tol"], reveal=True,
                    label=data["label"],
                    slips=[Slip(s["says"], answer=_Fixed(decode(s["answer"])), tol=s["tol"]) for s in data["slips"]])
    if kind == "sealed":
        return SealedCase(data["expr"], data["salt"], data["digest"], points=data["points"], digits=data["digits"],
                          close_digest=data["close"], label=data["label"],
                          slips=tuple(tuple(s) for s in data["slips"]))
    if kind == "sweep":
        inputs = [tuple(decode(i)) for i in data["inputs"]]
        shown = dict(zip(map(repr, inputs), data["shown"]))
        return Sweep(data["func"], lambda: inputs, _Table(data["inputs"], data["outputs"]), points=data["points"],
                     public=True, label=data["label"], tol=data["tol"], show=lambda args: shown[repr(tuple(args))],
                     slips=[Slip(s["says"], reference=_Table(data["inputs"], s["outputs"]), tol=s["tol"])
                            for s in data["slips"]])
    if kind == "sealed_sweep":
        return SealedSweep(data["func"], [tuple(decode(i)) for i in data["inputs"]], data["shown"], data["salt"],
                           [tuple(o) for o in data["outputs"]], points=data["points"], label=data["label"],
                           slips=tuple((s["says"], [tuple(o) for o in s["outputs"]]) for s in data["slips"]))
    if kind == "rebuild":
        if not data["module"].startswith("coursekit."):
            raise ValueError(f"public tests are rebuilt from coursekit's modules only, not {data['module']!r}")
        module = importlib.import_module(data["module"])
        return getattr(module, data["function"])(*decode(data["args"]))
    return Later(data["points"], public=bool(data.get("public")), label=data.get("label") or "a test run when graded")


class _Fixed:
    """A slip's wrong value, given as a zero-argument callable (so a wrong value of None is allowed)."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def __call__(self) -> Any:
        return self.value


@lru_cache(maxsize=None)
def _load(exercise: str) -> tuple:
    path = FOLDER / f"ex{exercise}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    return tuple(Question(q["qid"], q["title"], q["kind"], [_build(q["qid"], c) for c in q["cases"]],
                          uses=tuple(tuple(u) for u in q.get("uses", ())))
                 for q in data["questions"])


def public_exercises() -> list[str]:
    """The exercise numbers that have public tests, sorted."""
    return sorted(p.stem[2:] for p in FOLDER.glob("ex[0-9][0-9].json"))


def public_questions(exercise: str) -> list[Question]:
    """The questions of one exercise set with their public tests (hidden ones as `Later`, by points only)."""
    if exercise not in public_exercises():
        raise ValueError(f"there is no exercise set {exercise!r}; the sets are {', '.join(public_exercises())}")
    return list(_load(exercise))


def public_question(qid: str) -> Question:
    """One question with its public tests."""
    return find_question(qid, public_questions(exercise_of(qid)), f"exercise {exercise_of(qid)}")


def runnable(case: Any) -> bool:
    """True for a test the learner's side can run (not one that waits for grading)."""
    return not isinstance(case, Later)
