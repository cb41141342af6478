"""Exercise set 05, baccarat odds (seed 001's "run millions of games"): house edges, error bars, commission."""

from __future__ import annotations

import math
from fractions import Fraction

from coursekit import baccarat
from coursekit.grading.cases import Case, IsA, Question, Sweep, Written

TARGET = 0.0005  # the error bar asked for in question 3: +-0.05 percentage points


def edge_inputs() -> list[tuple]:
    """Every bet against the exact odds of 1, 2, 4, 6 and 8 decks."""
    return [(bet, baccarat.exact_odds(d)) for d in (1, 2, 4, 6, 8) for bet in baccarat.OUTCOMES]


def reference_edge(bet: str, p: dict) -> Fraction:
    """The house edge from outcome probabilities: player 1:1, banker 1:1 less 5%, tie 8 to 1 (ties push)."""
    if bet == "player":
        return p["banker"] - p["player"]
    if bet == "banker":
        return p["player"] - Fraction(95, 100) * p["banker"]
    return 1 - 9 * p["tie"]


def error_bar_reference(count: int, n: int) -> float:
    """The 95% normal-approximation error bar of a frequency count/n."""
    p = count / n
    return 1.96 * math.sqrt(p * (1 - p) / n)


def coups_needed() -> int:
    """The fewest coups for which the banker frequency's 95% error bar is at most TARGET (8 decks)."""
    p = float(baccarat.exact_odds(8)["banker"])
    n = math.ceil(1.96**2 * p * (1 - p) / TARGET**2)
    while 1.96 * math.sqrt(p * (1 - p) / (n - 1)) <= TARGET:  # guard against rounding
        n -= 1
    return n


def fair_commission() -> Fraction:
    """The commission on banker wins that makes the banker bet fair (8 decks)."""
    p = baccarat.exact_odds(8)
    return 1 - p["player"] / p["banker"]


QUESTIONS = [
    Question("05.q1", "edge(bet, p): the house edge of a bet from the odds", "function", [
        Case("edge('player', {'player': Fraction(1, 2), 'banker': Fraction(1, 2), 'tie': Fraction(0)})", 0),
        Case("edge('banker', {'player': Fraction(1, 2), 'banker': Fraction(1, 2), 'tie': Fraction(0)})",
             Fraction(1, 40)),
        Case("edge('tie', {'player': Fraction(9, 20), 'banker': Fraction(9, 20), 'tie': Fraction(1, 10)})",
             Fraction(1, 10)),
        Sweep("edge", lambda: [(bet, baccarat.exact_odds(8)) for bet in baccarat.OUTCOMES], reference_edge,
              public=True, label="edge(bet, exact_odds(8)) for the three bets"),
        Sweep("edge", edge_inputs, reference_edge, points=2, label="edge for every bet and 1-8 decks"),
    ], course_code=('coursekit.baccarat.house_edge',)),
    Question("05.q2", "error_bar(count, n): the 95% error bar of a simulated frequency", "function", [
        Case("error_bar(50, 100)", 0.098, tol=1e-9),
        Case("error_bar(458_597, 1_000_000)", lambda: error_bar_reference(458_597, 1_000_000), tol=1e-9),
        Case("error_bar(0, 10)", 0.0, tol=1e-12),
        Case("error_bar(95_156, 1_000_000)", lambda: error_bar_reference(95_156, 1_000_000), tol=1e-9,
             public=False),
    ]),
    Question("05.q3", "how many coups for a banker error bar of 0.05 percentage points?", "number", [
        IsA("coups_needed", int),
        Case("coups_needed", coups_needed, points=2),
    ]),
    Question("05.q4", "the commission that would make the banker bet fair", "number", [
        IsA("fair_commission", Fraction),
        Case("fair_commission", fair_commission, points=2),
    ]),
    Question("05.q5", "why a commission on the banker bet?", "written", [Written("why_commission")]),
]
