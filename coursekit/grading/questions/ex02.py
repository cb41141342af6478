"""Exercise set 02, counting blackjack hands (seeds 000 and 004): totals, soft hands, naturals, busts."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations_with_replacement
from math import comb, prod

from coursekit import blackjack
from coursekit.cards import RANKS
from coursekit.grading.cases import Case, IsA, Question, Sweep, Written


def random_hands(count: int = 400, seed: int = 2) -> list[tuple]:
    """Seeded random hands of 1 to 6 rank strings, as one-argument tuples."""
    rng = random.Random(seed)
    return [([rng.choice(RANKS) for _ in range(rng.randint(1, 6))],) for _ in range(count)]


def natural_chance(decks: int) -> Fraction:
    """The exact chance that the first two cards of a fresh shoe are an ace and a ten-valued card."""
    cards, aces, tens = 52 * decks, 4 * decks, 16 * decks
    return Fraction(2 * aces * tens, cards * (cards - 1))


def three_card_bust_chance() -> Fraction:
    """The exact chance that three cards from one fresh deck bust, counted over rank multisets."""
    busted = total = 0
    for ranks in combinations_with_replacement(RANKS, 3):
        ways = prod(comb(4, ranks.count(r)) for r in set(ranks))
        total += ways
        busted += ways * blackjack.is_busted(list(ranks))
    return Fraction(busted, total)


QUESTIONS = [
    Question("02.q1", "hand_total(cards): the best total, None when busted", "function", [
        Case("hand_total(['10', '5', 'A'])", 16),
        Case("hand_total(['A', 'A'])", 12),
        Case("hand_total(['A', 'K'])", 21),
        Case("hand_total(['K', 'Q', '5'])", None),
        Case("hand_total(['A', 'A', 'A', 'A'])", 14),
        Case("hand_total(['A'] * 12)", 12, public=False),
        Case("hand_total([])", 0, public=False),
        Sweep("hand_total", random_hands, blackjack.hand_total, points=2, label="hand_total on 400 random hands"),
    ], course_code=('coursekit.blackjack.hand_total',)),
    Question("02.q2", "is_soft(cards): does an ace count 11 in the best total?", "function", [
        Case("is_soft(['A', '6'])", True),
        Case("is_soft(['A', '6', 'K'])", False),
        Case("is_soft(['A', 'A', '9'])", True),
        Case("is_soft(['10', '7'])", False),
        Case("is_soft(['K', 'Q', 'A', 'A'])", False, public=False),
        Sweep("is_soft", random_hands, blackjack.is_soft, points=2, label="is_soft on 400 random hands"),
    ], course_code=('coursekit.blackjack.is_soft', 'coursekit.blackjack.soft_total')),
    Question("02.q3", "the exact chance of a natural from a fresh six-deck shoe", "number", [
        IsA("p_natural_6", Fraction),
        Case("p_natural_6", lambda: natural_chance(6), points=2),
    ]),
    Question("02.q4", "the exact chance that three cards from one fresh deck bust", "number", [
        IsA("p_bust_three", Fraction),
        Case("p_bust_three", three_card_bust_chance, points=2),
    ]),
    Question("02.q5", "soft and hard: the column's swap", "written", [Written("soft_and_hard")]),
]
