"""Exercise set 01, superpositions (seed 000): your own `any`, its `+` and `<=`, primes with `all`."""

from __future__ import annotations

import math
import random

from coursekit.grading.cases import Case, IsA, Question, Sweep, Written
from coursekit.superposition import any_of, eigenstates


def primes_below(n: int) -> list[int]:
    """The primes below n by the sieve of Eratosthenes (the reference, independent of superpositions)."""
    sieve = bytearray([1]) * max(n, 2)
    sieve[0:2] = b"\x00\x00"
    for p in range(2, math.isqrt(n - 1) + 1 if n > 2 else 2):
        if sieve[p]:
            sieve[p * p::p] = bytearray(len(range(p * p, n, p)))
    return [i for i in range(n) if sieve[i]]


def _random_sum_inputs() -> list[tuple]:
    """30 seeded random (a, b, k): MyAny(*a) + MyAny(*b) and k + MyAny(*a) are checked for each."""
    rng = random.Random(1)
    out = []
    for _ in range(30):
        a = [rng.randint(-20, 20) for _ in range(rng.randint(1, 4))]
        b = [rng.randint(-20, 20) for _ in range(rng.randint(1, 4))]
        out.append((a, b, rng.randint(-5, 5)))
    return out


def _random_sum_reference(a: list, b: list, k: int) -> tuple:
    """The states coursekit.superposition gives for any(a) + any(b) and k + any(a)."""
    return eigenstates(any_of(*a) + any_of(*b)), eigenstates(k + any_of(*a))


RANDOM_SUMS = ("lambda a, b, k: (tuple(getattr(MyAny(*a) + MyAny(*b), 'states', ())), "
               "tuple(getattr(k + MyAny(*a), 'states', ())))")


def _is_prime_reference(n: int) -> bool:
    return n in set(primes_below(max(n + 1, 2)))


QUESTIONS = [
    Question("01.q1", "MyAny + : arithmetic threads through every state", "function", [
        Case("(MyAny(1, 2) + 10).states", (11, 12)),
        Case("(MyAny(1, 2) + MyAny(10, 20)).states", (11, 12, 21, 22)),
        Case("(1 + MyAny(1, 11)).states", (2, 12)),
        Case("(MyAny(1, 11) + MyAny(1, 11)).states", (2, 12, 22)),
        Case("type(MyAny(1) + 1).__name__", "MyAny", public=False),
        Sweep(RANDOM_SUMS, _random_sum_inputs, _random_sum_reference, points=2, public=False,
              label="30 random sums of MyAny",
              show=lambda x: f"MyAny(*{x[0]}) + MyAny(*{x[1]}) and {x[2]} + MyAny(*{x[0]})"),
    ]),
    Question("01.q2", "MyAny <= : a comparison keeps the states that pass, and is true when any do", "function", [
        Case("(MyAny(4, 14, 24, 34) <= 21).states", (4, 14)),
        Case("bool(MyAny(4, 14) <= 21)", True),
        Case("bool(MyAny(22, 32) <= 21)", False),
        Case("bool(MyAny(0, 5) <= 3)", True),
        Case("(MyAny(5, 6) <= 5).states", (5,), public=False),
        Case("(MyAny(0) <= -1).states", (), public=False),
    ]),
    Question("01.q3", "is_prime(n) with one all_of comparison", "function", [
        Case("is_prime(2)", True),
        Case("is_prime(9)", False),
        Case("is_prime(97)", True),
        Case("is_prime(1)", False),
        Case("is_prime(3)", True, public=False),
        Sweep("is_prime", lambda: [(n,) for n in range(0, 500)], _is_prime_reference, points=2,
              label="is_prime(n) for n = 0..499"),
    ]),
    Question("01.q4", "how many primes are there below 1000?", "number", [
        IsA("primes_below_1000", int),
        Case("primes_below_1000", lambda: len(primes_below(1000)), points=2),
    ]),
    Question("01.q5", "why does the column print Stimmt!?", "written", [Written("why_stimmt")]),
]
