"""Plain typed values on the wire between a learner's code and the judge: every value tagged with its type.

The learner's side encodes what an expression returned; the judge decodes it into fresh objects of a few plain
types (int, float, Fraction, str, bool, None, tuple, list, dict, set) before comparing. An object that only claims
to be equal to everything, or a class that merely shares a name with Fraction, arrives as `Opaque` and equals
nothing. Decoding checks every tag and bounds sizes, so a forged message can only ever be a plain value.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from coursekit.sandbox.text import clean

MAX_DEPTH = 24
MAX_ITEMS = 200_000  # values in one message, all levels together
MAX_TEXT = 200_000  # characters of one string
MAX_DIGITS = 4_000  # digits of one int (below Python's own str/int conversion limit)
REPR_CHARS = 160  # characters kept of an opaque object's repr
_INTEGER = re.compile(r"-?[0-9]+")  # ASCII digits with at most one minus sign: nothing else int() would take


class WireError(ValueError):
    """A message that is not a well-formed encoded value."""


@dataclass(frozen=True)
class Opaque:
    """A value of a type the wire does not carry: its type name and a short repr, equal only to itself."""

    type_name: str
    text: str

    def __repr__(self) -> str:
        return self.text


def _numpy_plain(value: Any) -> Any:
    """A numpy scalar or array as the plain Python value it holds; anything else unchanged."""
    module = type(value).__module__
    if module == "numpy" and hasattr(value, "tolist"):
        try:
            return value.tolist()
        except Exception:
            return value
    return value


def _short_repr(value: Any) -> str:
    try:
        text = repr(value)
    except Exception as error:
        text = f"<{type(value).__name__} whose repr raised {type(error).__name__}>"
    if not isinstance(text, str):
        text = f"<{type(value).__name__}>"
    return text if len(text) <= REPR_CHARS else text[: REPR_CHARS - 3] + "..."


def _type_name(value: Any) -> str:
    name = getattr(type(value), "__name__", "object")
    return name if isinstance(name, str) else "object"


def encode(value: Any) -> list:
    """The value as nested JSON-ready lists, each tagged with its exact type (subclasses become opaque)."""
    budget = [MAX_ITEMS]

    def enc(v: Any, depth: int) -> list:
        budget[0] -= 1
        if budget[0] < 0 or depth > MAX_DEPTH:
            raise WireError("the value is too big or too deeply nested to send")
        v = _numpy_plain(v)
        kind = type(v)
        if v is None:
            return ["none"]
        if kind is bool:
            return ["bool", v]
        if kind is int:
            if abs(v) >= 10**MAX_DIGITS:
                return ["obj", "int", f"<an int with more than {MAX_DIGITS} digits>"]
            return ["int", str(v)]
        if kind is float:
            return ["float", repr(v)]
        if kind is Fraction:
            return ["frac", str(v.numerator), str(v.denominator)]
        if kind is str:
            return ["str", v if len(v) <= MAX_TEXT else v[:MAX_TEXT]]
        if kind in (tuple, list, set, frozenset):
            items = list(v)
            tag = {tuple: "tuple", list: "list", set: "set", frozenset: "set"}[kind]
            return [tag, [enc(x, depth + 1) for x in items]]
        if kind is dict:
            return ["dict", [[enc(k, depth + 1), enc(x, depth + 1)] for k, x in v.items()]]
        return ["obj", _type_name(v), _short_repr(v)]

    return enc(value, 0)


def decode(data: Any) -> Any:
    """A plain value rebuilt from `encode`'s output; WireError when anything in it is malformed."""
    budget = [MAX_ITEMS]

    def text(x: Any, limit: int = MAX_TEXT) -> str:
        if not isinstance(x, str) or len(x) > limit:
            raise WireError("a string field is missing or too long")
        return x

    def integer(x: Any) -> int:
        digits = text(x, MAX_DIGITS + 1)
        if not _INTEGER.fullmatch(digits):
            raise WireError(f"not an integer: {clean(digits, 40)!r}")
        return int(digits)

    def dec(d: Any, depth: int) -> Any:
        budget[0] -= 1
        if budget[0] < 0 or depth > MAX_DEPTH:
            raise WireError("the value is too big or too deeply nested")
        if not isinstance(d, list) or not d or not isinstance(d[0], str):
            raise WireError("a value must be a list starting with its type tag")
        tag, rest = d[0], d[1:]
        if tag == "none" and not rest:
            return None
        if tag == "bool" and len(rest) == 1 and isinstance(rest[0], bool):
            return rest[0]
        if tag == "int" and len(rest) == 1:
            return integer(rest[0])
        if tag == "float" and len(rest) == 1:
            try:
                number = float(text(rest[0], 64))
            except ValueError:
                raise WireError(f"not a float: {clean(rest[0], 40)!r}") from None
            return number
        if tag == "frac" and len(rest) == 2:
            numerator, denominator = integer(rest[0]), integer(rest[1])
            if denominator <= 0 or math.gcd(numerator, denominator) != 1:
                raise WireError("a fraction must be in lowest terms with a positive denominator")
            return Fraction(numerator, denominator)
        if tag == "str" and len(rest) == 1:
            return text(rest[0])
        if tag in ("tuple", "list", "set") and len(rest) == 1 and isinstance(rest[0], list):
            items = [dec(x, depth + 1) for x in rest[0]]
            if tag == "set":
                try:
                    return frozenset(items)
                except TypeError:
                    raise WireError("a set holds an unhashable value") from None
            return tuple(items) if tag == "tuple" else items
        if tag == "dict" and len(rest) == 1 and isinstance(rest[0], list):
            out = {}
            for pair in rest[0]:
                if not isinstance(pair, list) or len(pair) != 2:
                    raise WireError("a dict entry must be a [key, value] pair")
                key = dec(pair[0], depth + 1)
                try:
                    out[key] = dec(pair[1], depth + 1)
                except TypeError:
                    raise WireError("a dict key is unhashable") from None
            return out
        if tag == "obj" and len(rest) == 2:
            return Opaque(clean(text(rest[0], 200), 80), clean(text(rest[1], REPR_CHARS), REPR_CHARS))
        raise WireError(f"unknown or malformed value tag {clean(tag, 20)!r}")

    try:
        return dec(data, 0)
    except WireError:
        raise
    except (ValueError, TypeError, OverflowError, RecursionError, MemoryError, AttributeError) as error:
        raise WireError(f"a malformed value ({type(error).__name__})") from None


def roundtrip(value: Any) -> Any:
    """What the judge would see of `value`: encoded and decoded (the self-check uses this path too)."""
    return decode(encode(value))
