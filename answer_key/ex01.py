"""Exercise set 01, superpositions (source text 000): your own `any`, its `+` and `<=`, primes with `all`."""

from __future__ import annotations

import math
import random

from coursekit.grading.cases import Case, IsA, Question, Slip, Sweep, Written
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


# --- common slips, computed here from the rule they break ----------------------------------------------------------

def zip_sum(a: tuple, b: tuple) -> tuple:
    """The states of any(a) + any(b) when the states are paired one to one (zip) instead of every pair."""
    return tuple(sorted({x + y for x, y in zip(a, b)}))


def _random_sum_zip(a: list, b: list, k: int) -> tuple:
    """The random sums with MyAny + MyAny pairing states one to one."""
    return zip_sum(tuple(sorted(set(a))), tuple(sorted(set(b)))), eigenstates(k + any_of(*a))


def states_below(states: tuple, bound: int) -> tuple:
    """The states strictly below the bound (`<` where the question asks for `<=`)."""
    return tuple(s for s in states if s < bound)


def states_failing(states: tuple, bound: int) -> tuple:
    """The states that fail `s <= bound` (the filter turned round)."""
    return tuple(s for s in states if not s <= bound)


def prime_without_small_end(n: int) -> bool:
    """0 and 1 called prime: the `n < 2` case forgotten (no divisors to try, so nothing divides them)."""
    return n < 2 or _is_prime_reference(n)


def prime_without_empty_case(n: int) -> bool:
    """2 and 3 called not prime: `n % all_of()` of no divisors is false, and the empty case was not handled."""
    return n > 3 and _is_prime_reference(n)


def prime_below_square_root(n: int) -> bool:
    """Divisors tried only below isqrt(n), not up to it: squares of primes (4, 9, 25, ...) come out prime."""
    if n < 2:
        return False
    return all(n % d for d in range(2, math.isqrt(n)))


def prime_divisors_from_3(n: int) -> bool:
    """The divisors started at 3, not 2: 4 and 8 (no odd divisor up to their square root) come out prime."""
    if n < 2:
        return False
    return all(n % d for d in range(3, math.isqrt(n) + 1))


def count_below_1000(is_prime) -> int:
    """How many n in range(1000) a prime test accepts."""
    return sum(1 for n in range(1000) if is_prime(n))


PAIRS = "this pairs the states one to one (like zip); + between two MyAny threads through every pair of states"
STRICT = "this keeps only the states strictly below; <= keeps a state equal to the bound too"
SMALL_END = "0 and 1 come out prime: below 2 nothing is prime"
EMPTY = ("2 and 3 come out not prime: with no divisor to try (all_of() with no states), a number of 2 or more "
         "is prime")
NOT_PRIME = "this counts the numbers below the bound that are not prime"
COUNT_INPUTS = (0, 2, 3, 4, 10, 26, 100, 121, 500, 1000, 1200)  # the graded n (hidden); 1000 is the public one
SQUARES = ("squares of primes (4, 9, 25, ...) come out prime: try the divisors up to and including "
           "math.isqrt(n)")


QUESTIONS = [
    Question("01.q1", "MyAny + : arithmetic threads through every state", "function", [
        Case("(MyAny(1, 2) + 10).states", (11, 12)),
        Case("(MyAny(1, 2) + MyAny(10, 20)).states", (11, 12, 21, 22),
             slips=[Slip(PAIRS, answer=lambda: zip_sum((1, 2), (10, 20)))]),
        Case("(1 + MyAny(1, 11)).states", (2, 12)),
        Case("(MyAny(1, 11) + MyAny(1, 11)).states", (2, 12, 22),
             slips=[Slip(PAIRS, answer=lambda: zip_sum((1, 11), (1, 11)))]),
        Case("type(MyAny(1) + 1).__name__", "MyAny", public=False,
             slips=[Slip("+ must give a new MyAny, not a tuple, list or number", test=lambda v: v != "MyAny")]),
        Sweep(RANDOM_SUMS, _random_sum_inputs, _random_sum_reference, points=2, public=False,
              label="30 random sums of MyAny",
              show=lambda x: f"MyAny(*{x[0]}) + MyAny(*{x[1]}) and {x[2]} + MyAny(*{x[0]})",
              slips=[Slip(PAIRS, reference=_random_sum_zip)]),
    ], objective="01.1"),
    Question("01.q2", "MyAny <= : a comparison keeps the states that pass, and is true when any do", "function", [
        Case("(MyAny(4, 14, 24, 34) <= 21).states", (4, 14),
             slips=[Slip("this keeps the states that fail the comparison; keep those with s <= other",
                         answer=lambda: states_failing((4, 14, 24, 34), 21))]),
        Case("bool(MyAny(4, 14) <= 21)", True),
        Case("bool(MyAny(22, 32) <= 21)", False,
             slips=[Slip("a MyAny with no states must be false: without __bool__ (or with len >= 0) every MyAny "
                         "is true", answer=True)]),
        Case("bool(MyAny(0, 5) <= 3)", True,
             slips=[Slip("any(self.states) is false when the only state is 0: a MyAny is true when it has a "
                         "state, whatever its value", answer=False)]),
        Case("(MyAny(5, 6) <= 5).states", (5,), public=False,
             slips=[Slip(STRICT, answer=lambda: states_below((5, 6), 5))]),
        Case("(MyAny(0) <= -1).states", (), public=False),
    ], objective="01.2"),
    Question("01.q3", "is_prime(n) with one all_of comparison", "function", [
        Case("is_prime(2)", True, slips=[Slip(EMPTY, answer=lambda: prime_without_empty_case(2))]),
        Case("is_prime(9)", False, slips=[Slip(SQUARES, answer=lambda: prime_below_square_root(9))]),
        Case("is_prime(97)", True),
        Case("is_prime(1)", False, slips=[Slip(SMALL_END, answer=lambda: prime_without_small_end(1))]),
        Case("is_prime(3)", True, public=False, slips=[Slip(EMPTY, answer=lambda: prime_without_empty_case(3))]),
        Sweep("is_prime", lambda: [(n,) for n in range(0, 500)], _is_prime_reference, points=2,
              label="is_prime(n) for n = 0..499",
              slips=[Slip(SMALL_END, reference=prime_without_small_end),
                     Slip(EMPTY, reference=prime_without_empty_case),
                     Slip(SQUARES, reference=prime_below_square_root),
                     Slip("the divisors to try start at 2: without 2, even numbers such as 4 and 8 come out prime",
                          reference=prime_divisors_from_3)]),
    ], objective="01.3"),
    Question("01.q4", "count_primes_below(n), and how many primes there are below 1000", "number", [
        IsA("count_primes_below(1000)", int, points=0),
        Case("count_primes_below(1000)", lambda: len(primes_below(1000)), points=0, slips=[
            Slip(SMALL_END.replace("come out prime", "are counted as primes"),
                 answer=lambda: count_below_1000(prime_without_small_end)),
            Slip(EMPTY.replace("come out not prime", "are not counted"),
                 answer=lambda: count_below_1000(prime_without_empty_case)),
            Slip(SQUARES.replace("come out prime", "are counted as primes"),
                 answer=lambda: count_below_1000(prime_below_square_root)),
            Slip(NOT_PRIME, answer=lambda: 1000 - len(primes_below(1000))),
        ]),
        Sweep("count_primes_below", lambda: [(n,) for n in COUNT_INPUTS], lambda n: len(primes_below(n)),
              points=3, public=False, label=f"count_primes_below(n) at {len(COUNT_INPUTS)} hidden n",
              slips=[Slip(NOT_PRIME, reference=lambda n: n - len(primes_below(n)))]),
    ], objective="01.3"),
    Question("01.q5", "the Stimmt! test on a hand: when is it a natural?", "written", [Written("why_stimmt")],
             objective="01.2"),
]
