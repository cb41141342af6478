"""Exercise set 04, baccarat drawing tables (source text 001): hand values mod 10, the banker's six rules, naturals."""

from __future__ import annotations

import random
from fractions import Fraction

from coursekit import baccarat
from coursekit.cards import RANKS
from coursekit.grading.cases import Case, IsA, Question, Slip, Sweep, Written, distinct_slips


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


def points_chance(points: int) -> Fraction:
    """Chance that two cards from an infinite deck are worth `points` (0-9)."""
    values = [baccarat.hand_value([a, b]) for a in RANKS for b in RANKS]
    return Fraction(values.count(points), len(values))


def draw_chance_up_to(top: int) -> Fraction:
    """Chance that the player draws when it draws on 0..top and neither side has a natural (infinite deck)."""
    values = [baccarat.hand_value([a, b]) for a in RANKS for b in RANKS]
    return Fraction(sum(v <= top for v in values), len(values)) * (1 - natural_chance())


DRAW_TOPS = (5, 0, 2, 4, 6, 7)  # draw_chance graded at these (hidden); 5 is the public question


# --- common slips, computed here from the rule they break ----------------------------------------------------------

def value_without_mod(cards: list) -> int:
    """The points added up, without keeping the last digit."""
    return sum(baccarat.card_value(c) for c in cards)


def value_faces_ten(cards: list) -> int:
    """The blackjack habit: 10, J, Q, K worth 10, and no modulo."""
    return sum(10 if c in ("10", "J", "Q", "K") else baccarat.card_value(c) for c in cards)


VALUE_SLIPS = [
    ("a baccarat hand keeps only the last digit of its points (modulo 10)", value_without_mod),
    ("10, J, Q and K count 0 in baccarat, and the total keeps only its last digit", value_faces_ten),
]


def draws_like_the_player(total: int, third) -> bool:
    """The player's rule (draw on 0-5) used for the banker whatever the player's third card."""
    return total <= 5


def draws_below_highest(total: int, third) -> bool:
    """The right table, but `<` where the banker draws up to and including the highest total of its row."""
    return baccarat.banker_draws(total, third) and baccarat.banker_draws(total + 1, third) if total < 7 else False


def draws_stood_as_zero(total: int, third) -> bool:
    """A player who stood (None) treated like a third card worth 0."""
    return baccarat.banker_draws(total, 0 if third is None else third)


def one_row_off(values: list) -> bool:
    """True when answers to every_cell() differ from the table in exactly one row (one player_third)."""
    cells = every_cell()
    if len(values) != len(cells):
        return False
    rows = {third for (total, third), v in zip(cells, values) if v != baccarat.banker_draws(total, third)}
    return len(rows) == 1


STOOD = "when the player stood (None) the banker draws on 0-5 and stands on 6 and 7, like the player"
DRAW_SLIPS = [
    ("the banker's rule depends on the player's third card: drawing on 0-5 is the player's rule",
     draws_like_the_player),
    ("the banker draws up to and including the highest total of the row, not only below it", draws_below_highest),
    (STOOD, draws_stood_as_zero),
]


def pair_chance(accept) -> Fraction:
    """The chance that two cards of an infinite deck make a value `accept` likes."""
    values = [baccarat.hand_value([a, b]) for a in RANKS for b in RANKS]
    return Fraction(sum(map(accept, values)), len(values))


def natural_over_values() -> Fraction:
    """A natural counted over the point values 0-9 as if equally likely (ten-valued cards are 4 ranks of 13)."""
    pairs = [(a + b) % 10 for a in range(10) for b in range(10)]
    return Fraction(sum(v >= 8 for v in pairs), len(pairs))


NATURAL_SLIPS = [
    Slip("8 is a natural too: a natural is 8 or 9", answer=lambda: pair_chance(lambda v: v == 9)),
    Slip("7 is not a natural: only 8 or 9", answer=lambda: pair_chance(lambda v: v >= 7)),
    Slip("the point values 0-9 are not equally likely: 10, J, Q and K all count 0 (4 ranks of 13)",
         answer=natural_over_values),
    Slip("this is the chance that the player or the banker has a natural; the question asks about one hand",
         answer=lambda: 1 - (1 - natural_chance()) ** 2),
]
DRAW_CHANCE_SLIPS = [
    Slip("the player does not draw when the banker has a natural: multiply by the chance that the banker has none",
         answer=lambda: pair_chance(lambda v: v <= 5)),
    Slip("multiply by the chance that the banker has no natural, not that it has one",
         answer=lambda: pair_chance(lambda v: v <= 5) * natural_chance()),
    Slip("the player stands on 6 and 7: it draws on 0-5", answer=lambda: pair_chance(lambda v: v <= 6)
         * (1 - natural_chance())),
    Slip("the player draws on 5 too: it draws on 0-5", answer=lambda: pair_chance(lambda v: v < 5)
         * (1 - natural_chance())),
]


QUESTIONS = [
    Question("04.q1", "hand_value(cards): points mod 10", "function", [
        Case("hand_value(['9', '6'])", 5, slips=distinct_slips(VALUE_SLIPS, baccarat.hand_value, ['9', '6'])),
        Case("hand_value(['3', '10'])", 3, slips=distinct_slips(VALUE_SLIPS, baccarat.hand_value, ['3', '10'])),
        Case("hand_value(['K', 'Q'])", 0, slips=distinct_slips(VALUE_SLIPS, baccarat.hand_value, ['K', 'Q'])),
        Case("hand_value(['3', '10', '6'])", 9, label="hand_value(['3', '10', '6']), the source's hand shown as 12",
             slips=distinct_slips(VALUE_SLIPS, baccarat.hand_value, ['3', '10', '6'])),
        Case("hand_value(['A', '9'])", 0, slips=distinct_slips(VALUE_SLIPS, baccarat.hand_value, ['A', '9'])),
        Sweep("hand_value", random_hands, baccarat.hand_value, points=2, label="hand_value on 300 random hands",
              slips=[Slip(says, reference=wrong) for says, wrong in VALUE_SLIPS]),
    ], course_code=('coursekit.baccarat.hand_value',), objective="04.1"),
    Question("04.q2", "banker_draws(banker_total, player_third): the source's six rules", "function", [
        Case("banker_draws(5, None)", True, slips=[Slip(STOOD, answer=False)]),
        Case("banker_draws(6, None)", False, slips=[Slip(STOOD, answer=True)]),
        Case("banker_draws(4, 2)", True),
        Case("banker_draws(6, 6)", True),
        Case("banker_draws(3, 8)", False),
        Case("banker_draws(3, 0)", True, public=False),
        Sweep("banker_draws", every_cell, baccarat.banker_draws, points=3,
              label="banker_draws on all 88 cells of the table",
              slips=[*(Slip(says, reference=wrong) for says, wrong in DRAW_SLIPS),
                     Slip("only one row of the table (one value of the player's third card) is wrong: check the "
                          "highest banker total that draws in that row", test=one_row_off)]),
    ], course_code=("coursekit.baccarat.banker_draws", "coursekit.baccarat.source_banker_draws",
                    "coursekit.baccarat.drawing_table"), objective="04.2"),
    Question("04.q3", "two_card_chance(points), and the chance of a natural from an infinite deck", "number", [
        IsA("two_card_chance(8) + two_card_chance(9)", Fraction, points=0,
            label="the chance of a natural, two_card_chance(8) + two_card_chance(9), is a Fraction"),
        Case("two_card_chance(8) + two_card_chance(9)", natural_chance, points=0, slips=NATURAL_SLIPS),
        Sweep("two_card_chance", lambda: [(v,) for v in range(10)], points_chance, points=3, public=False,
              label="two_card_chance(points) for points = 0..9 (hidden)",
              slips=[Slip("the point values 0-9 are not equally likely: 10, J, Q and K all count 0 (4 ranks of 13)",
                          reference=lambda v: Fraction(1, 10))]),
    ], objective="04.3"),
    Question("04.q4", "draw_chance(top), and the chance that the player draws a third card (infinite deck)",
             "number", [
                 IsA("draw_chance(5)", Fraction, points=0),
                 Case("draw_chance(5)", player_draw_chance, points=0, slips=DRAW_CHANCE_SLIPS),
                 Sweep("draw_chance", lambda: [(t,) for t in DRAW_TOPS], draw_chance_up_to, points=3, public=False,
                       label="draw_chance(top) for hidden tops", slips=[
                           Slip("the player does not draw when the banker has a natural: multiply by the chance "
                                "that the banker has none", reference=lambda t: pair_chance(lambda v: v <= t)),
                           Slip("the player draws on top too: it draws on 0..top",
                                reference=lambda t: pair_chance(lambda v: v < t) * (1 - natural_chance())),
                       ]),
             ], objective="04.3"),
    Question("04.q5", "rule 6 in the shell code, after a reader's fix", "written", [Written("rule_6_bug")],
             objective="04.4"),
]
