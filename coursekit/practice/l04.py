"""Lesson 04's practice question (is a hand a natural? a faded example on top of hand_value) and its predictions
(issue 34)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from coursekit.baccarat import (BANKER_TABLE, SOURCE_RULES, banker_draws, exact_odds, hand_value, is_natural,
                                source_banker_draws, table_from_rules)
from coursekit.cards import RANKS
from coursekit.grading.cases import Case, Question, Slip, Sweep
from coursekit.practice.asks import GuessQuestion, PredictQuestion


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

TELLS = {"04.p1": ("hand_value(cards) >= 8", "hand_value(cards) in (8, 9)")}


def two_card_zero() -> Fraction:
    """The chance that two cards from an infinite deck are worth 0: the 169 ordered pairs of ranks counted."""
    pairs = [(a, b) for a in RANKS for b in RANKS]
    return Fraction(sum(hand_value([a, b]) == 0 for a, b in pairs), len(pairs))


THREE_EIGHT = {True: "draws: a banker on 0-3 always draws", False: "stands: rule 5 stops at 2"}


def favourite_with_the_bug() -> str:
    """The most likely outcome of a coup (8 decks, exact) under the source script's banker rule."""
    odds = exact_odds(8, rule=source_banker_draws)
    best = max(odds, key=odds.get)
    return "banker, as in the casino" if best == "banker" else best


def rules_against_table() -> str:
    """How the table built from the source's six rules compares with the casino's stored table, cell by cell."""
    built = table_from_rules(SOURCE_RULES)
    differ = sum(built[total][third] != BANKER_TABLE[total][third] for total in BANKER_TABLE
                 for third in BANKER_TABLE[total])
    return "all 88 cells agree" if differ == 0 else "a few cells differ" if differ <= 5 else "many cells differ"


PREDICTIONS = [
    GuessQuestion(
        "04.baccara", "What is the chance that two cards from an infinite deck are worth 0?",
        answer=two_card_zero, close=0.2,
        high="Count the ordered pairs of ranks worth 0 out of all 13 x 13 = 169: two cards from 10, J, Q, K, "
             "or two cards adding up to exactly 10.",
        low="Two cards are worth 0 in two ways: both count 0 (10, J, Q and K: 4 x 4 pairs), or they add up to 10 "
            "(A and 9, 2 and 8, ...): count both, out of 169.",
        explain="Four ranks count 0 (10, J, Q, K), and nine pairs add up to 10.",
        then="Run the next cell: it counts the pairs; then open the answer under it.",
        tells=("25 of 169", "14.8%")),
    PredictQuestion(
        "04.three-eight", "The banker has 3 and the player's third card is an 8. Does the banker draw?",
        {THREE_EIGHT[True]: "Not after an 8: rule 5 lets the banker draw on 0-2 only.",
         THREE_EIGHT[False]: "After an 8 rule 5 stops at 2: the only cell of the 0-3 rows where the banker "
                            "stands.",
         "it depends on the banker's two cards": "Only the banker's total matters, not which cards made it."},
        answer=lambda: THREE_EIGHT[banker_draws(3, 8)],
        then="Run the next cell: it prints the casino's table (find row 3, column 8); the picture further down "
             "frames that cell.",
        tells=("a banker on 3 stands", "not banker_draws(3, 8)", "banker 3, player's 8")),
    PredictQuestion(
        "04.rules-agree", "Build the banker's table from the source's six rules alone. How does it compare with "
                          "the casino's table, cell by cell?",
        {"all 88 cells agree": "Six short rules are the whole table: each marks its columns 'draw' up to a limit, "
                               "and where no rule speaks the banker stands.",
         "a few cells differ": "Check the cells no rule mentions: where no rule speaks, the banker stands, and the "
                               "casino's table stands there too.",
         "many cells differ": "The rules are short, but each covers whole columns: together they leave no cell "
                              "of the table open."},
        answer=rules_against_table,
        then="Run the next cell: it compares the two tables cell by cell (it stops with an AssertionError if any "
             "cell differs), then shows table_from_rules.",
        tells=("all 88 cells",)),
    GuessQuestion(
        "04.three-cards", "What is the hand 3, 10, 6 worth in baccarat?",
        answer=lambda: hand_value(["3", "10", "6"]), close=0,
        high="Add the three card values (a 10 counts 0) and keep only the last digit of the sum, as total() at the "
             "top of the lesson does.",
        low="Add all three cards, the 10 counting 0, and keep the last digit of the sum.",
        explain="3 + 0 + 6: a ten counts 0, and nothing here reaches 10.",
        then="Run the next cell: it values the hand as the script and as the rules do; then open the answer under it.",
        tells=("3 + 0 + 6 = 9", "all three cards (9)", "worth 9, not 12")),
    PredictQuestion(
        "04.favourite",
        "With the script's bug (the banker stands on 0-3 after a 10, J, Q or ace), which outcome is most likely?",
        {"banker, as in the casino": "A banker who stands on 0-3 gives away many coups it would have improved.",
         "player": "16 cells where a weak banker stands instead of drawing hand the player the edge.",
         "tie": "Ties rise a little, but they stay below one coup in ten."},
        answer=favourite_with_the_bug,
        then="Run the next cell: it enumerates both games exactly; then open the answer under it.",
        tells=("player becomes the favourite", "pay out on the player bet")),
]
