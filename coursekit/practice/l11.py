"""Lesson 11's practice question: the percentile bootstrap interval from resampled shares (a faded example)."""

from __future__ import annotations

import numpy as np

from coursekit.grading.cases import Case, Question, Slip


def share_interval(shares) -> tuple:
    """The middle 95% of resampled shares: their 2.5% and 97.5% percentiles, as a pair of floats."""
    low, high = np.percentile(np.asarray(shares, dtype=float), [2.5, 97.5])
    return float(low), float(high)


def ninety(shares) -> tuple:
    """The slip of the middle 90% (percentiles 5 and 95)."""
    low, high = np.percentile(np.asarray(shares, dtype=float), [5, 95])
    return float(low), float(high)


def extremes(shares) -> tuple:
    """The slip of the smallest and largest share (all of them, not the middle 95%)."""
    return float(np.min(shares)), float(np.max(shares))


def normal(shares) -> tuple:
    """The slip of the mean plus and minus 1.96 standard deviations (a normal interval, not the percentiles)."""
    shares = np.asarray(shares, dtype=float)
    return float(shares.mean() - 1.96 * shares.std()), float(shares.mean() + 1.96 * shares.std())


SAMPLES = {
    "41 shares": [round(0.3 + 0.01 * ((7 * i) % 41), 2) for i in range(41)],
    "resampled 16 of 24": (np.random.default_rng(11).binomial(24, 16 / 24, 400) / 24).round(4).tolist(),
}


def _case(name: str, shares: list) -> Case:
    slips = [Slip(says, answer=wrong(shares), tol=1e-9) for says, wrong in (
        ("this is the middle 90% (percentiles 5 and 95); a 95% interval leaves 2.5% out at each end", ninety),
        ("these are the smallest and largest shares; the interval leaves out the most extreme 2.5% at each end",
         extremes),
        ("this is the mean plus or minus 1.96 standard deviations; the bootstrap takes the percentiles of the "
         "resampled shares themselves", normal),
    ) if not np.allclose(wrong(shares), share_interval(shares))]
    return Case(f"share_interval({shares!r})", share_interval(shares), tol=1e-9, reveal=True,
                label=f"share_interval of {name}", slips=slips)


QUESTIONS = [
    Question("11.p1", "the middle 95% of resampled shares", "function",
             cases=[_case(name, shares) for name, shares in SAMPLES.items()]),
]
