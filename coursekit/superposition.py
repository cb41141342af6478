"""Superpositions after Perl's Quantum::Superpositions: any_of, all_of and eigenstates.

A superposition holds several states at once. Arithmetic threads through every state (and, between two
superpositions, through every pair of states); a comparison returns the superposition of the states that
satisfy it, so it can be used both as a filter and as a truth value:

>>> any_of(4, 14, 24, 34) <= 21
any(4, 14)
>>> bool(all_of(4, 14, 24, 34) <= 21)
False
>>> c = any_of(4, 14, 24, 34)
>>> c <= all_of(*eigenstates(c))      # the source's minimum trick
any(4)
"""

from __future__ import annotations

import operator
from fractions import Fraction
from typing import Any, Callable, Iterable

__all__ = ["Superposition", "any_of", "all_of", "eigenstates", "MAX_PAIRS"]

MAX_PAIRS = 100_000  # arithmetic or a comparison between two superpositions: at most this many pairs of states


def _unique_states(states: Iterable[Any]) -> tuple:
    """Distinct states, sorted when they can be, else in order of first appearance (linear before the sort)."""
    seen: dict = {}
    for state in states:
        try:
            seen.setdefault(state, None)
        except TypeError as error:
            raise TypeError(f"superposition states must be hashable values, not {state!r}") from error
    try:
        return tuple(sorted(seen))
    except TypeError:
        return tuple(seen)


def _plain_numbers(states: tuple) -> bool:
    """True when every state is an int, a Fraction or a float other than NaN: they are totally ordered."""
    return all(type(s) in (int, float, Fraction, bool) and s == s for s in states)


def _check_pairs(a: "Superposition", b: "Superposition", what: str) -> None:
    """Refuse work on more than MAX_PAIRS pairs of states (it grows as the product of the two sizes)."""
    pairs = len(a.states) * len(b.states)
    if pairs > MAX_PAIRS:
        raise ValueError(f"{what} of superpositions with {len(a.states):,} and {len(b.states):,} states makes "
                         f"{pairs:,} pairs; at most {MAX_PAIRS:,} are allowed")


class Superposition:
    """Several states held at once; `kind` is "any" (disjunctive) or "all" (conjunctive)."""

    __slots__ = ("kind", "states", "from_comparison")

    def __init__(self, kind: str, states: Iterable[Any], from_comparison: bool = False) -> None:
        if kind not in ("any", "all"):
            raise ValueError(f"kind must be 'any' or 'all', not {kind!r}")
        flat: list = []
        for state in states:
            if isinstance(state, Superposition):
                if state.kind != kind:
                    raise TypeError(
                        f"cannot put {state!r} inside {kind}(...): nesting an {state.kind} "
                        f"inside an {kind} is not supported; collapse it first with eigenstates()"
                    )
                flat.extend(state.states)
            else:
                flat.append(state)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "states", _unique_states(flat))
        object.__setattr__(self, "from_comparison", from_comparison)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("superpositions are immutable; arithmetic returns a new one")

    # --- looking at it -------------------------------------------------------------------------
    def __repr__(self) -> str:
        return f"{self.kind}({', '.join(repr(s) for s in self.states)})"

    def __bool__(self) -> bool:
        """any: some state is true; all: there are states and every one is true.

        The result of a comparison is true when some state passed it, so `any_of(0, 5) == 0` is true
        even though its one surviving state, 0, is a false value.
        """
        if self.from_comparison:
            return bool(self.states)
        if self.kind == "any":
            return any(bool(s) for s in self.states)
        return bool(self.states) and all(bool(s) for s in self.states)

    def __int__(self) -> int:
        if len(self.states) != 1:
            raise ValueError(
                f"int() needs a superposition with exactly one state, but {self!r} has {len(self.states)}"
            )
        return int(self.states[0])

    def __hash__(self) -> int:
        raise TypeError(
            f"{self!r} cannot be hashed: a superposition has no single value (and == returns a "
            "superposition, not True/False); use eigenstates(x) to get a hashable tuple"
        )

    def __iter__(self):
        raise TypeError(f"{self!r} is not iterable; use eigenstates(x) to list its states")

    # --- arithmetic: thread through every state ------------------------------------------------
    def _combine(self, other: Any, op: Callable[[Any, Any], Any], reflected: bool = False) -> "Superposition":
        if isinstance(other, Superposition):
            if other.kind != self.kind:
                raise TypeError(
                    f"arithmetic between {self!r} and {other!r} mixes any and all; "
                    "use two superpositions of the same kind"
                )
            _check_pairs(self, other, "arithmetic")
            pairs = [(a, b) for a in self.states for b in other.states]
        else:
            pairs = [(a, other) for a in self.states]
        if reflected:
            pairs = [(b, a) for a, b in pairs]
        return Superposition(self.kind, (op(a, b) for a, b in pairs))

    def __add__(self, other): return self._combine(other, operator.add)
    def __radd__(self, other): return self._combine(other, operator.add, reflected=True)
    def __sub__(self, other): return self._combine(other, operator.sub)
    def __rsub__(self, other): return self._combine(other, operator.sub, reflected=True)
    def __mul__(self, other): return self._combine(other, operator.mul)
    def __rmul__(self, other): return self._combine(other, operator.mul, reflected=True)
    def __truediv__(self, other): return self._combine(other, operator.truediv)
    def __rtruediv__(self, other): return self._combine(other, operator.truediv, reflected=True)
    def __floordiv__(self, other): return self._combine(other, operator.floordiv)
    def __rfloordiv__(self, other): return self._combine(other, operator.floordiv, reflected=True)
    def __mod__(self, other): return self._combine(other, operator.mod)
    def __rmod__(self, other): return self._combine(other, operator.mod, reflected=True)
    def __pow__(self, other): return self._combine(other, operator.pow)
    def __rpow__(self, other): return self._combine(other, operator.pow, reflected=True)
    def __neg__(self): return Superposition(self.kind, (-s for s in self.states))
    def __pos__(self): return self
    def __abs__(self): return Superposition(self.kind, (abs(s) for s in self.states))

    # --- comparison: keep the states that satisfy it -------------------------------------------
    def _compare(self, other: Any, test: Callable[[Any, Any], bool]) -> "Superposition":
        """The states of self that pass `test` against other (any: some state of it; all: every state).

        Against numbers (no NaN) an ordering needs only the other's smallest or largest state and == / != only a
        set, so the source's minimum trick `c <= all_of(*eigenstates(c))` stays linear in the number of states.
        """
        if isinstance(other, Superposition):
            passes = self._shortcut(other, test)
            if passes is None:
                _check_pairs(self, other, "a comparison")
                quantifier = any if other.kind == "any" else all

                def passes(state):
                    return quantifier(test(state, o) for o in other.states)
        else:

            def passes(state):
                return test(state, other)

        kept = [s for s in self.states if passes(s)]
        if self.kind == "all" and len(kept) != len(self.states):
            return Superposition("all", (), from_comparison=True)  # true only when every state passes
        return Superposition(self.kind, kept, from_comparison=True)

    @staticmethod
    def _shortcut(other: "Superposition", test: Callable[[Any, Any], bool]):
        """A linear test against every (all) or some (any) state of other, when its states are plain numbers."""
        states = other.states
        if not states or not _plain_numbers(states):
            return None
        every = other.kind == "all"
        if test in (operator.lt, operator.le):      # below all of them: below the smallest; any: the largest
            bound = states[0] if every else states[-1]
            return lambda state: test(state, bound)
        if test in (operator.gt, operator.ge):
            bound = states[-1] if every else states[0]
            return lambda state: test(state, bound)
        members = set(states)
        if test is operator.eq:
            if every:
                return lambda state: len(states) == 1 and state == states[0]
            return lambda state: state in members and state == state
        if test is operator.ne:
            if every:
                return lambda state: not (state == state and state in members)
            return lambda state: len(states) > 1 or state != states[0]
        return None

    def __lt__(self, other): return self._compare(other, operator.lt)
    def __le__(self, other): return self._compare(other, operator.le)
    def __gt__(self, other): return self._compare(other, operator.gt)
    def __ge__(self, other): return self._compare(other, operator.ge)
    def __eq__(self, other): return self._compare(other, operator.eq)  # type: ignore[override]
    def __ne__(self, other): return self._compare(other, operator.ne)  # type: ignore[override]


def any_of(*states: Any) -> Superposition:
    """A disjunctive superposition: true when any of its states is (Perl's `any`)."""
    return Superposition("any", states)


def all_of(*states: Any) -> Superposition:
    """A conjunctive superposition: true when all of its states are (Perl's `all`)."""
    return Superposition("all", states)


def eigenstates(x: Any) -> tuple:
    """The states of a superposition as a sorted tuple of distinct values; a plain value is its own state."""
    if isinstance(x, Superposition):
        return x.states
    return (x,)
