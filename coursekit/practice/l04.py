"""Lesson 04's practice question: is a hand a natural? (a faded example on top of hand_value)."""

from __future__ import annotations

from itertools import product

from coursekit.baccarat import hand_value, is_natural
from coursekit.cards import RANKS
from coursekit.grading.cases import Case, Question, Slip, Sweep


def eight_only(cards: list) -> bool:
    """The slip of counting only 8 as a natural."""
    return len(cards) == 2 and hand_value(cards) == 8


def any_length(cards: list) -> bool:
    """The slip of forgetting that only the first two cards make a natural."""
    return hand_value(cards) >= 8


def hands() -> list[tuple]:
    """Every two-card hand of ranks, and three-card hands of a few ranks."""
    two = [([a, b],) for a, b in product(RANKS, RANKS)]
    three = [([a, b, c],) for a, b, c in product(("A", "4", "8", "9", "K"), repeat=3)]
    return two + three


NINE = "9 is a natural too (the best one): a natural is 8 or 9"
LENGTH = "a natural is made by the first two cards only: a hand of three cards is never one"

QUESTIONS = [
    Question("04.p1", "natural(cards): two cards worth 8 or 9", "function", cases=[
        Case("natural(['A', '7'])", lambda: is_natural(["A", "7"])),
        Case("natural(['4', '5'])", lambda: is_natural(["4", "5"]), slips=[Slip(NINE, answer=False)]),
        Case("natural(['4', '4', 'K'])", lambda: is_natural(["4", "4", "K"]), slips=[Slip(LENGTH, answer=True)]),
        Sweep("natural", hands, is_natural, public=True, label="natural on all 169 two-card and 125 three-card hands",
              slips=[Slip(NINE, reference=eight_only), Slip(LENGTH, reference=any_length)]),
    ]),
]
