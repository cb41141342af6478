"""Lesson 05's practice question: the standard error of a simulated share (a faded example)."""

from __future__ import annotations

import math

from coursekit.baccarat import exact_odds, frequencies
from coursekit.grading.cases import Case, Question, Slip, Sweep


def standard_error(share: float, n: int) -> float:
    """The standard error of a share of n independent coups, as coursekit.baccarat.frequencies computes it."""
    count = round(share * n)
    return frequencies({"banker": count, "player": n - count, "tie": 0})["banker"][1]


def variance(share: float, n: int) -> float:
    """The slip of forgetting the square root."""
    return share * (1 - share) / n


def root_of_n_only(share: float, n: int) -> float:
    """The slip of sqrt(p (1 - p)) / n: the square root taken of the numerator only."""
    return math.sqrt(share * (1 - share)) / n


def shares_and_sizes() -> list[tuple]:
    """Shares of real baccarat outcomes (8 decks) and the halves 0 and 1 at several run lengths."""
    shares = [float(p) for p in exact_odds(8).values()] + [0.5, 0.0, 1.0, 0.25]
    return [(round(share * n) / n, n) for share in shares for n in (100, 10_000, 5_000_000)]


NO_ROOT = "this is the variance p (1 - p) / n: the standard error is its square root"
ROOT_OF_TOP = "the square root covers the whole fraction p (1 - p) / n, not only p (1 - p)"

QUESTIONS = [
    Question("05.p1", "standard_error(share, n): how far a simulated share typically is from the truth", "function",
             cases=[
                 Case("standard_error(0.5, 100)", lambda: standard_error(0.5, 100), tol=1e-12,
                      slips=[Slip(NO_ROOT, answer=lambda: variance(0.5, 100), tol=1e-12),
                             Slip(ROOT_OF_TOP, answer=lambda: root_of_n_only(0.5, 100), tol=1e-12)]),
                 Case("standard_error(0.0, 1000)", lambda: standard_error(0.0, 1000), tol=1e-12,
                      label="standard_error(0.0, 1000): a share of 0 has no spread"),
                 Sweep("standard_error", shares_and_sizes, standard_error, public=True, tol=1e-12,
                       label="standard_error on baccarat's shares at 100, 10,000 and 5,000,000 coups",
                       slips=[Slip(NO_ROOT, reference=variance), Slip(ROOT_OF_TOP, reference=root_of_n_only)]),
             ]),
]
