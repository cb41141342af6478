"""Exercise set 04, baccarat drawing tables (seed 001): hand values mod 10, the banker's six rules, naturals."""

from __future__ import annotations

import random
from fractions import Fraction

from coursekit import baccarat
from coursekit.cards import RANKS
from coursekit.grading.cases import Case, IsA, Question, Sweep, Written


def random_hands(count: int = 300, seed: int = 4) -> list[tuple]:
    """Seeded random baccarat hands of 2 or 3 rank strings."""
    rng = random.Random(seed)
    return [([rng.choice(RANKS) for _ in range(rng.randint(2, 3))],) for _ in range(count)]


def every_cell() -> list[tuple]:
    """Every (banker total 0-7, player's third card 0-9 or None) of the drawing table."""
    return [(total, third) for total in range(8) for third in list(range(10)) + [None]]


def natural_chance() -> Fraction:
    """Chance that two cards from an infinite deck (each rank 1/13) are a natural, 8 or 9."""
    pairs = [(a, b) for a in RANKS for b in RANKS]
    return Fraction(sum(baccarat.hand_value([a, b]) >= 8 for a, b in pairs), len(pairs))


def player_draw_chance() -> Fraction:
    """Chance that the player draws a third card (no natural on either side, player 0-5), infinite deck."""
    values = [baccarat.hand_value([a, b]) for a in RANKS for b in RANKS]
    low = Fraction(sum(v <= 5 for v in values), len(values))
    return low * (1 - natural_chance())


QUESTIONS = [
    Question("04.q1", "hand_value(cards): points mod 10", "function", [
        Case("hand_value(['9', '6'])", 5),
        Case("hand_value(['3', '10'])", 3),
        Case("hand_value(['K', 'Q'])", 0),
        Case("hand_value(['3', '10', '6'])", 9, label="hand_value(['3', '10', '6']), the seed's hand shown as 12"),
        Case("hand_value(['A', '9'])", 0),
        Sweep("hand_value", random_hands, baccarat.hand_value, points=2, label="hand_value on 300 random hands"),
    ], course_code=('coursekit.baccarat.hand_value',)),
    Question("04.q2", "banker_draws(banker_total, player_third): the seed's six rules", "function", [
        Case("banker_draws(5, None)", True),
        Case("banker_draws(6, None)", False),
        Case("banker_draws(4, 2)", True),
        Case("banker_draws(6, 6)", True),
        Case("banker_draws(3, 8)", False),
        Case("banker_draws(3, 0)", True, public=False),
        Sweep("banker_draws", every_cell, baccarat.banker_draws, points=3,
              label="banker_draws on all 88 cells of the table"),
    ], course_code=("coursekit.baccarat.banker_draws", "coursekit.baccarat.seed_banker_draws",
                    "coursekit.baccarat.drawing_table")),
    Question("04.q3", "the chance of a natural from an infinite deck", "number", [
        IsA("p_natural", Fraction),
        Case("p_natural", natural_chance, points=2),
    ]),
    Question("04.q4", "the chance that the player draws a third card (infinite deck)", "number", [
        IsA("p_player_draws", Fraction),
        Case("p_player_draws", player_draw_chance, points=2),
    ]),
    Question("04.q5", "rule 6 in the seed's shell code", "written", [Written("rule_6_bug")]),
]
