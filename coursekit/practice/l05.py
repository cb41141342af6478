"""Lesson 05's practice question (the standard error of a simulated share, a faded example) and its predictions
(issue 34)."""

from __future__ import annotations

import math

from coursekit.baccarat import OUTCOMES, exact_odds, frequencies, house_edge
from coursekit.grading.cases import Case, Question, Slip, Sweep
from coursekit.practice.asks import GuessQuestion, PredictQuestion


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


def most_frequent_outcome() -> str:
    """The outcome of one coup from a full 8-deck shoe with the largest exact probability."""
    odds = exact_odds(8)
    return max(odds, key=odds.get)


def cheapest_bet() -> str:
    """The bet with the smallest house edge (8 decks, 5% commission, tie paid 8 to 1)."""
    edges = {bet: house_edge(bet) for bet in OUTCOMES}
    return min(edges, key=edges.get)


def coups_for_six_digits() -> float:
    """The coups until the banker's 95% band (1.96 standard errors) is within 5e-7, half a unit of the 6th digit."""
    p = float(exact_odds(8)["banker"])
    return 1.96 ** 2 * p * (1 - p) / 5e-7 ** 2


PREDICTIONS = [
    PredictQuestion(
        "05.most-often", "Over millions of coups from an 8-deck shoe, which outcome comes up most often?",
        {"player": "The player draws first, but the banker draws knowing the player's third card, "
                   "which is worth more.",
         "banker": "The banker's drawing table looks at the player's third card, and that extra information "
                   "wins it slightly more coups.",
         "player and banker equally often": "The two hands are dealt alike, but they do not draw by the same rules.",
         "tie": "A tie needs both totals equal: with ten totals that is the least likely outcome."},
        answer=most_frequent_outcome,
        then="Run the next cell: it deals the five million coups and counts each outcome.",
        tells=("banker wins more", "wins it slightly more coups", "'banker': 2293924")),
    GuessQuestion(
        "05.six-digits", "How many coups until the banker's 95% band is within 5e-7 (six digits)?",
        answer=coups_for_six_digits, close=0.5,
        high="Solve 1.96 x sqrt(p (1 - p) / n) = 5e-7 for n, with p the banker's probability from the exact odds "
             "above: n = 1.96² p (1 - p) / (5e-7)².",
        low="The band shrinks like 1 / sqrt(n): each digit more costs 100 times the coups. Solve "
            "1.96 x sqrt(p (1 - p) / n) = 5e-7 for n, with p the banker's probability.",
        explain="The band shrinks like 1 / sqrt(n): each digit costs 100 times more coups.",
        then="Run the next cell: it solves for n, and the note under it compares with the coups dealt above.",
        tells=("hundreds of thousands of times", "763,052")),
    PredictQuestion(
        "05.cheapest", "Which bet has the smallest house edge?",
        {"player": "The player bet pays a full 1:1, but the player wins less often than the banker.",
         "banker": "The banker wins more often than the player; the 5% commission takes back all of "
                   "that advantage and a little more, the smallest edge of the three.",
         "tie": "8 to 1 sounds generous, but a tie comes up less than one coup in ten: "
                "fair odds would be above 9 to 1."},
        answer=cheapest_bet,
        then="Run the next cell: it computes all three edges and compares them with the published ones.",
        tells=("banker 1.06%", "'ours (%)': 1.0579")),
]

TELLS = {"05.p1": ("math.sqrt(share * (1 - share) / n)", "sqrt(share * (1 - share) / n)")}
