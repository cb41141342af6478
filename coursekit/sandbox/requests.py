"""The typed request kinds a caller sends a sandbox, and the check of each reply's shape.

Every request is a small frozen dataclass; `message()` is its JSON line (an "op" and plain fields, never code to
evaluate for the sandbox's own machinery), and `check(reply)` returns the reply when its fields have the types that
kind promises, else raises `BadReply`: whatever the program inside sends, a caller only ever sees a well-formed reply
or the program's own fault. Grading's tests ask `Eval`, `Get`, `Sweep`; a bot's referee asks `BotReady`,
`BotBegin`, `Call`, `BotEnd`; both run `Cell`s.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Optional

from coursekit.sandbox.text import clean

ERROR_CHARS = 300


class BadReply(Exception):
    """A reply whose shape is not what its request kind promises: the sandboxed program's own fault."""


def _error(reply: dict) -> Optional[str]:
    """The reply's error as clean text, None when there is none; BadReply when it is not text."""
    if "error" not in reply or reply["error"] is None:
        return None
    if not isinstance(reply["error"], str):
        raise BadReply("an error that is not text")
    return clean(reply["error"], ERROR_CHARS)


def _value_or_error(reply: dict) -> dict:
    error = _error(reply)
    if error is not None:
        kind = reply.get("kind")
        if kind is not None and kind not in ("missing", "timeout", "raised", "wire"):
            raise BadReply("an error of an unknown kind")
        return {"error": error, **({"kind": kind} if kind else {})}
    if "value" not in reply:
        raise BadReply("neither a value nor an error")
    return {"value": reply["value"]}


@dataclass(frozen=True)
class Request:
    """A request kind: its op name and fields."""

    op = ""

    def message(self) -> dict:
        """The JSON-ready message (without its id)."""
        return {"op": self.op, **asdict(self)}

    def check(self, reply: Any) -> dict:
        """The reply when its shape is right; BadReply otherwise."""
        if not isinstance(reply, dict):
            raise BadReply("a reply that is not an object")
        return self._check(reply)

    def _check(self, reply: dict) -> dict:
        return reply


@dataclass(frozen=True)
class Ping(Request):
    """Is the worker there?"""

    op = "ping"

    def _check(self, reply: dict) -> dict:
        if reply.get("pong") is not True:
            raise BadReply("no pong")
        return {"pong": True}


@dataclass(frozen=True)
class Cell(Request):
    """Run a cell of source, as a kernel would, within `time_limit`: {"cell": "ok" | "timeout" | "error", "error"}."""

    source: str
    time_limit: float
    op = "cell"

    def _check(self, reply: dict) -> dict:
        cell = reply.get("cell")
        if cell not in ("ok", "timeout", "error"):
            raise BadReply("a cell result that is not ok, timeout or error")
        return {"cell": cell, **({"error": _error(reply) or ""} if cell == "error" else {})}


@dataclass(frozen=True)
class Eval(Request):
    """Evaluate a test's expression in the program's names: {"value": encoded} or {"error": text}."""

    expr: str
    time_limit: Optional[float] = None
    op = "eval"

    def _check(self, reply: dict) -> dict:
        return _value_or_error(reply)


@dataclass(frozen=True)
class Get(Request):
    """Read one name: {"value": encoded} or {"error": text}."""

    name: str
    op = "get"

    def _check(self, reply: dict) -> dict:
        return _value_or_error(reply)


@dataclass(frozen=True)
class Sweep(Request):
    """Call a function on many encoded inputs within one time limit: {"values": [...], "error": text or None}."""

    func: str
    args: list
    time_limit: Optional[float] = None
    op = "sweep"

    def _check(self, reply: dict) -> dict:
        values = reply.get("values")
        if not isinstance(values, list) or len(values) > len(self.args):
            raise BadReply("values that are not a list of at most one answer per input")
        return {"values": values, "error": _error(reply)}


@dataclass(frozen=True)
class Call(Request):
    """Call the program's function `func` on encoded args: {"value": encoded} or {"error", "kind"}."""

    func: str
    args: list
    time_limit: Optional[float] = None
    op = "call"

    def _check(self, reply: dict) -> dict:
        return _value_or_error(reply)


def _flag(reply: dict) -> dict:
    if "error" in reply and reply["error"] is not None:
        return {"ok": False, "error": _error(reply)}
    ok = reply.get("ok")
    if not isinstance(ok, bool):
        raise BadReply("an answer that is neither true nor false")
    return {"ok": ok}


@dataclass(frozen=True)
class BotReady(Request):
    """After the bot's source ran (in the template): ok when it defines a callable choose."""

    time_limit: float
    op = "bot_ready"

    def _check(self, reply: dict) -> dict:
        return _flag(reply)


@dataclass(frozen=True)
class BotBegin(Request):
    """A game's own process, forked from the loaded template, its random generators seeded; ok when choose is
    callable."""

    seed: int
    time_limit: float
    op = "bot_begin"

    def _check(self, reply: dict) -> dict:
        return _flag(reply)


@dataclass(frozen=True)
class BotEnd(Request):
    """The game is over: its process exits (and with it everything the game changed)."""

    op = "bot_end"

    def _check(self, reply: dict) -> dict:
        return _flag(reply)


KINDS = {k.op: k for k in (Ping, Cell, Eval, Get, Sweep, Call, BotReady, BotBegin, BotEnd)}


def from_message(message: dict) -> Request:
    """The typed request of a plain message (grading's tests build their requests as dicts)."""
    if not isinstance(message, dict) or message.get("op") not in KINDS:
        raise ValueError(f"unknown request {clean(message, 80)!r}")
    kind = KINDS[message["op"]]
    fields = {k: v for k, v in message.items() if k != "op"}
    return kind(**fields)
