"""Lesson 02's practice questions (a hand's hard total, a faded example; the ten-valued cards of a deck) and its
predictions (issue 34)."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import permutations

from coursekit import blackjack
from coursekit.cards import RANKS, full_deck
from coursekit.grading.cases import Case, Question, Slip, Sweep
from coursekit.practice.asks import GuessQuestion, PredictQuestion

TEN_VALUED = ("10", "J", "Q", "K")


def aces_eleven(cards: list) -> int:
    """The slip of counting every ace as 11 in the hard total."""
    return blackjack.hard_total(cards) + 10 * cards.count("A")


def faces_zero(cards: list) -> int:
    """The slip of leaving J, Q and K out of the total."""
    return sum(blackjack.hard_total([c]) for c in cards if c not in ("J", "Q", "K"))


def random_hands(count: int = 60, seed: int = 2) -> list[tuple]:
    """Seeded random hands of 1 to 5 rank strings, as one-argument tuples."""
    rng = random.Random(seed)
    return [([rng.choice(RANKS) for _ in range(rng.randint(1, 5))],) for _ in range(count)]


def ten_valued_cards() -> int:
    """How many cards of a fresh deck count 10."""
    return sum(card.rank in TEN_VALUED for card in full_deck())


ACE_11 = "an ace counted 11: the hard total counts every ace as 1"
FACES_0 = "J, Q and K left out: face cards count 10"

QUESTIONS = [
    Question("02.p1", "hard_total(cards): every ace counts 1", "function", cases=[
        Case("hard_total(['A', '6'])", 7, slips=[Slip(ACE_11, answer=17)]),
        Case("hard_total(['K', 'Q', '5'])", 25, slips=[Slip(FACES_0, answer=5)]),
        Case("hard_total(['A', 'A', '9'])", 11, slips=[Slip(ACE_11, answer=31)]),
        Sweep("hard_total", random_hands, blackjack.hard_total, public=True, label="hard_total on 60 random hands",
              slips=[Slip(ACE_11, reference=aces_eleven), Slip(FACES_0, reference=faces_zero)]),
    ]),
    Question("02.p2", "ten-valued cards in a fresh deck, counted with card.rank", "number", cases=[
        Case("ten_valued", ten_valued_cards, slips=[
            Slip("only the 10s are counted: J, Q and K count 10 too", answer=4),
            Slip("only J, Q and K are counted: the 10s count 10 too", answer=12),
            Slip("every card is counted: the test after `if` is still `...`, which is always true; "
                 "test card.rank", answer=52),
        ]),
    ]),
]


def distinct_totals_of_three_aces() -> str:
    """How many different totals three aces have before busts are dropped, as the choice reads."""
    return str(len({a + b + c for a in (1, 11) for b in (1, 11) for c in (1, 11)}))


def natural_percentage() -> Fraction:
    """The percentage of fresh two-card hands that are naturals, counted over every ordered pair of cards."""
    pairs = list(permutations(full_deck(), 2))
    return 100 * Fraction(sum(blackjack.is_blackjack(pair) for pair in pairs), len(pairs))


NATURAL_VS_BUST = (["A", "K"], ["K", "6", "9"])

PREDICTIONS = [
    PredictQuestion(
        "02.three-aces", "How many different totals can three aces have (before dropping busts)?",
        {"2": "Each ace is 1 or 11, but several aces do not collapse to two totals: count the distinct sums.",
         "4": "k aces give k + 1 totals: which aces count 11 does not matter, only how many.",
         "8": "2 x 2 x 2 = 8 counts the ways to choose, but different choices give the same total."},
        answer=distinct_totals_of_three_aces,
        then="Run the next cell: it lists the totals; then open the answer under it.",
        tells=("3, 13, 23, 33", "four totals", "k + 1 totals")),
    GuessQuestion(
        "02.natural-percent", "What percentage of fresh two-card hands are naturals?",
        answer=natural_percentage, close=0.2, unit="%",
        high="A natural needs an ace (4 of 52 cards) and a ten-valued card (16 of the 51 left), in either order: "
             "multiply, then double.",
        low="Count both orders: an ace then a ten-valued card, and a ten-valued card then an ace.",
        explain="4/52 x 16/51, doubled for the two orders.",
        then="Run the next cell: it counts every ordered pair of cards exactly.",
        tells=("one in 20.7", "32/663", "32, 663")),
    PredictQuestion(
        "02.score-bug", "What does the column's score() pay a natural when the dealer busts?",
        {"1.5": "That is what a casino pays, but score() checks the dealer's bust before the player's natural.",
         "1": "The dealer's bust is checked first, so the natural is paid as a plain win.",
         "0": "score() gives 0 for a push: equal totals, or two naturals; a dealer who busts ties with no one."},
        answer=lambda: f"{blackjack.source_score(*NATURAL_VS_BUST):g}",
        then="Open the source's lines under this cell to see why, then run the cell after them.",
        tells=("paid 1, not 1.5", "1 instead of 1.5")),
]
