"""The learner's side of a test: evaluate a request in the learner's names and answer with plain encoded values.

A request is a small dict (an expression to evaluate, a function to call on many inputs, or a name to read); the
answer holds only values encoded by `wire.encode` and one-line messages. It never sees an expected value, so the
same code serves the self-check in the learner's kernel and the sandboxed grader, where it runs untrusted.
"""

from __future__ import annotations

import contextlib
import random
import signal
import threading
import time
from fractions import Fraction
from typing import Any, Optional

from coursekit.sandbox.wire import WireError, decode, encode

MESSAGE_CHARS = 200


class TestTimeout(BaseException):
    """Raised inside a learner's code when a test runs out of time (BaseException: `except Exception` can't eat it)."""


class TimeLimit:
    """Raise TestTimeout in the main thread after `time_limit` (no limit off the main thread or without SIGALRM)."""

    def __init__(self, time_limit: Optional[float]) -> None:
        self.time_limit = time_limit
        self.active = (time_limit is not None and hasattr(signal, "setitimer")
                       and threading.current_thread() is threading.main_thread())

    def __enter__(self) -> "TimeLimit":
        if self.active:
            def stop(signum, frame):
                raise TestTimeout()
            self.previous = signal.signal(signal.SIGALRM, stop)
            signal.setitimer(signal.ITIMER_REAL, max(self.time_limit, 0.001))
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
def quiet():
    """Swallow what learner code prints (a test's report stays short however much it prints)."""
    with contextlib.redirect_stdout(_Discard()), contextlib.redirect_stderr(_Discard()):
        yield


# modules a test expression may use even when the learner's notebook did not import them
HELPERS = {"random": random, "Fraction": Fraction}


def _cut(text: str) -> str:
    return text if len(text) <= MESSAGE_CHARS else text[: MESSAGE_CHARS - 3] + "..."


NOT_DONE = "not done yet"  # an exercise stub's NotImplementedError (the class page counts it as not attempted)
UNDEFINED_TAIL = ": run the cell that defines it first"  # a name the notebook never defined


def explain(error: BaseException, time_limit: Optional[float]) -> str:
    """A one-line message for an exception a test met: a missing name, an unfinished stub, a timeout, a bug."""
    if isinstance(error, TestTimeout):
        return f"stopped after {time_limit:g} s: does the code loop forever?" if time_limit else "stopped: out of time"
    try:
        text = str(error).strip()
    except Exception:
        text = ""
    if isinstance(error, NotImplementedError):
        return _cut(NOT_DONE + (f": {text}" if text else ""))
    if isinstance(error, NameError):
        return _cut(f"{text}{UNDEFINED_TAIL}")
    if isinstance(error, SystemExit):
        return "the code called sys.exit()"
    if isinstance(error, WireError):
        return _cut(f"the value could not be sent to the grader: {text}")
    return _cut(f"raised {type(error).__name__}" + (f": {text}" if text else ""))


def evaluate(expr: str, namespace: dict, time_limit: Optional[float]) -> Any:
    """Evaluate `expr` in the learner's namespace under a time limit, with their printing swallowed."""
    with quiet(), TimeLimit(time_limit):
        return eval(compile(expr, "<check>", "eval"), namespace, dict(HELPERS))


def _encoded_call(function: Any, args: tuple, time_limit: Optional[float]) -> list:
    with quiet(), TimeLimit(time_limit):
        return encode(function(*args))


def answer(request: dict, namespace: dict) -> dict:
    """The answer to one request: {"value": encoded} or {"error": message}; a sweep answers {"values", "error"}.

    Ops: "eval" (expr), "get" (name), "sweep" (func expression, encoded args lists) and "call" (a function of the
    namespace by name, one encoded args list: the arena's referee asks a bot's `choose(state)` this way).
    """
    op, time_limit = request.get("op"), request.get("time_limit")
    try:
        if op == "eval":
            with quiet(), TimeLimit(time_limit):
                return {"value": encode(evaluate(request["expr"], namespace, None))}
        if op == "get":
            return {"value": encode(namespace.get(request["name"]))}
        if op == "sweep":
            return _sweep(request, namespace, time_limit)
        if op == "call":
            return _call(request, namespace, time_limit)
        return {"error": f"unknown request {op!r}"}
    except KeyboardInterrupt:
        raise
    except BaseException as error:
        return {"error": explain(error, time_limit)}


def _sweep(request: dict, namespace: dict, time_limit: Optional[float]) -> dict:
    """Call the learner's function on every input within one time limit; stop at the first error."""
    deadline = None if time_limit is None else time.monotonic() + time_limit
    values: list = []
    try:
        with quiet(), TimeLimit(time_limit):
            function = eval(compile(request["func"], "<check>", "eval"), namespace, dict(HELPERS))
    except BaseException as error:
        if isinstance(error, KeyboardInterrupt):
            raise
        return {"values": values, "error": explain(error, time_limit)}
    for encoded_args in request["args"]:
        args = decode(encoded_args)
        left = None if deadline is None else deadline - time.monotonic()
        if left is not None and left <= 0:
            return {"values": values, "error": f"stopped after {time_limit:g} s: too slow"}
        try:
            values.append(_encoded_call(function, tuple(args), left))
        except BaseException as error:
            if isinstance(error, KeyboardInterrupt):
                raise
            return {"values": values, "error": explain(error, time_limit)}
    return {"values": values, "error": None}


def _call(request: dict, namespace: dict, time_limit: Optional[float]) -> dict:
    """Call the function named `func` in the namespace on the decoded `args` within `time_limit`.

    {"value": encoded} or {"error": message, "kind": "missing" | "timeout" | "raised" | "wire"}.
    """
    name = request.get("func")
    function = namespace.get(name) if isinstance(name, str) else None
    if not callable(function):
        return {"error": f"no function {name}() is defined", "kind": "missing"}
    args = decode(request.get("args", ["tuple", []]))
    if not isinstance(args, (tuple, list)):
        return {"error": "the arguments must be a tuple", "kind": "wire"}
    try:
        return {"value": _encoded_call(function, tuple(args), time_limit)}
    except BaseException as error:
        if isinstance(error, KeyboardInterrupt):
            raise
        kind = "timeout" if isinstance(error, TestTimeout) else "wire" if isinstance(error, WireError) else "raised"
        return {"error": explain(error, time_limit), "kind": kind}
