"""Lesson 10's practice question: the chance before the first card from the chances after it (a chance node)."""

from __future__ import annotations

from coursekit.cards import RANKS
from coursekit.grading.cases import Case, Question, Slip
from coursekit.tournament import optimal_strategy


def after_card(bankroll: float = 100) -> dict:
    """The optimal player's chance to win after each first card, by rank (what the lesson's cell shows)."""
    best = optimal_strategy()
    return {rank: best.chance_after_card(bankroll, rank) for rank in RANKS}


def before_card(bankroll: float = 100) -> float:
    """The law of total probability over the 13 equally likely ranks (four of them worth ten)."""
    chances = after_card(bankroll)
    return sum(chances.values()) / len(chances)


def by_value(bankroll: float = 100) -> float:
    """The slip of averaging the ten card values as if equally likely (ten-valued cards once, not four times)."""
    chances = after_card(bankroll)
    values = [chances[r] for r in RANKS if r not in ("J", "Q", "K")]
    return sum(values) / len(values)


def best_card(bankroll: float = 100) -> float:
    """The slip of taking the best first card, as if the player chose it."""
    return max(after_card(bankroll).values())


QUESTIONS = [
    Question("10.p1", "the chance to win from 100€, before the first card", "number", cases=[
        Case("chance_before_card", before_card, tol=1e-9, label="chance_before_card", slips=[
            Slip("each value 1..10 was weighed alike, but 10, J, Q and K all count ten: 4 chances in 13",
                 answer=by_value, tol=1e-9),
            Slip("this is the best first card's chance: chance deals the card, you do not choose it",
                 answer=best_card, tol=1e-9),
        ]),
    ]),
]
