"""Lesson 02's practice questions: a hand's hard total (a faded example), and the ten-valued cards of a deck."""

from __future__ import annotations

import random

from coursekit import blackjack
from coursekit.cards import RANKS, full_deck
from coursekit.grading.cases import Case, Question, Slip, Sweep

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
