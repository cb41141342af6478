"""Lesson 01's practice question (the maximum of a superposition in one line, as the column finds the minimum) and
its predictions (issue 34)."""

from __future__ import annotations

from coursekit.grading.cases import Case, Question, Slip
from coursekit.practice.asks import PredictQuestion
from coursekit.superposition import any_of, eigenstates

QUESTIONS = [
    Question("01.p1", "the maximum of any(4, 14, 24, 34) with all_of", "number", cases=[
        Case("int(maximum)", 34, reveal=True, slips=[
            Slip("this is the minimum: turn the comparison around", answer=4),
        ]),
    ]),
]


def pair_sum() -> str:
    """any_of(1, 2) + any_of(10, 20), as the choice reads."""
    return repr(any_of(1, 2) + any_of(10, 20))


def four_aces_states() -> str:
    """How many states the column's rule (each ace: hand + 1 or hand + 11) gives four aces, as the choice reads."""
    hand = any_of(0)
    for _ in range(4):
        hand = any_of(hand + 1, hand + 11)
    return str(len(eigenstates(hand)))


PREDICTIONS = [
    PredictQuestion(
        "01.pair-sum", "What is any_of(1, 2) + any_of(10, 20)?",
        {"any(11, 22)": "That pairs the states in order, like zip: a superposition has no order.",
         "any(11, 12, 21, 22)": "Every state meets every state of the other: 2 x 2 sums, "
                                "flattened into one superposition.",
         "any(1, 2, 10, 20)": "That puts the states together; + adds them.",
         "an error": "The class defines + for another superposition too."},
        answer=pair_sum,
        then="Run the next cell: it adds the two superpositions; then open the answer under it.",
        tells=("any(11, 12, 21, 22)", "every pair of states")),
    PredictQuestion(
        "01.four-aces", "Each ace: any_of(hand + 1, hand + 11). How many states for four aces?",
        {"4": "That is the column's claim; count the totals from 0 to 4 aces as 11.",
         "5": "Four aces can have 0, 1, 2, 3 or 4 of them counting 11: 4, 14, 24, 34, 44.",
         "16": "2 x 2 x 2 x 2 = 16 ways to choose, but many choices give the same total."},
        answer=four_aces_states,
        then="Run the next cell: it counts them; then open the answer under it.",
        tells=("4, 14, 24, 34, 44", "Five totals", "five totals", "forgot 44")),
]

TELLS = {"01.p1": ("c >= all_of(*eigenstates(c))",)}
