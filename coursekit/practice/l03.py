"""Lesson 03's practice question: a round's expected gain per euro bet, each result's gain times its chance."""

from __future__ import annotations

from fractions import Fraction

from coursekit.grading.cases import Case, Question, Slip
from coursekit.tournament import round_edge, round_outcomes

GAIN = {"blackjack": Fraction(3, 2), "win": 1, "push": 0, "lose": -1}  # per euro bet, as lesson 03 writes it


def edge_with(gain: dict) -> Fraction:
    """The expected gain per euro bet with other gains per result (a slip's)."""
    return sum(gain[r] * p for r, p in round_outcomes().items())


QUESTIONS = [
    Question("03.p1", "the expected gain per euro bet of one tournament round", "number", cases=[
        Case("expected_gain", round_edge, tol=1e-9, slips=[
            Slip("this is the cell as given: replace the 0 by the gain of each result", answer=0),
            Slip("this adds the chances only (they sum to 1): multiply each chance by its gain first",
                 answer=lambda: sum(round_outcomes().values())),
            Slip("a blackjack is counted as an ordinary win: it pays 1.5 per euro bet",
                 answer=lambda: edge_with({**GAIN, "blackjack": 1})),
            Slip("a loss is counted as 0: a lost round costs the euro bet, a gain of -1",
                 answer=lambda: edge_with({**GAIN, "lose": 0})),
        ]),
    ]),
]
