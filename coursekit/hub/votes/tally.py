"""A round's votes counted for the projector: each choice with its count, or a Guess's numbers in ranges."""

from __future__ import annotations

import math
from collections import Counter
from typing import Iterable

from coursekit.hub.votes.ballots import Ballot

BINS = 6  # a Guess's votes fall into this many equal ranges between the lowest and the highest


def _number(x: float) -> str:
    """A bin edge as the projector shows it: 4 significant digits, thousands separated."""
    if abs(x) >= 1e4 and float(x).is_integer():
        return f"{int(x):,}"
    return f"{x:.4g}"


def tally(ballot: Ballot, answers: Iterable[str]) -> list[dict]:
    """The bars of one round: [{"label", "count"}] in the choices' order (a choice no one picked counts 0); for a
    Guess, BINS equal ranges from the lowest vote to the highest (one bar when every vote is the same number)."""
    answers = list(answers)
    if ballot.kind == "choice":
        counts = Counter(answers)
        unknown = set(counts) - set(ballot.choices)
        if unknown:
            raise ValueError(f"votes for answers {sorted(unknown)} that {ballot.pid} does not offer")
        return [{"label": choice, "count": counts[choice]} for choice in ballot.choices]
    values = sorted(float(a) for a in answers)
    if not values:
        return []
    low, high = values[0], values[-1]
    if low == high:
        return [{"label": f"{_number(low)}{ballot.unit}", "count": len(values)}]
    width = (high - low) / BINS
    counts = [0] * BINS
    for v in values:
        counts[min(BINS - 1, math.floor((v - low) / width))] += 1
    return [{"label": f"{_number(low + i * width)} to {_number(low + (i + 1) * width)}{ballot.unit}", "count": c}
            for i, c in enumerate(counts)]


def close_count(ballot: Ballot, answers: Iterable[str], truth: float) -> int:
    """How many of a Guess's votes are close to the true value (within `close`, as the widget judges)."""
    scale = abs(truth) if truth != 0 else 1.0
    return sum(abs(float(a) - truth) / scale <= ballot.close for a in answers)
