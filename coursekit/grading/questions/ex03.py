"""Exercise set 03, blackjack by numbers (seeds 002 and 004): bold bets, the dealer's bust chance, best bets."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from coursekit.grading.cases import Case, IsA, Question, Sweep, Written
from coursekit.tournament import bet_for, doubling_probability

# an infinite deck: ace (1), 2..9 with 1/13 each, ten-valued with 4/13
CARD_CHANCES = {1: Fraction(1, 13), **{v: Fraction(1, 13) for v in range(2, 10)}, 10: Fraction(4, 13)}


@lru_cache(maxsize=None)
def _bust_from(hard: int, ace: bool, stands_at: int) -> Fraction:
    best = hard + 10 if ace and hard + 10 <= 21 else hard
    if hard > 21:
        return Fraction(1)
    if best >= stands_at:
        return Fraction(0)
    return sum(p * _bust_from(hard + v, ace or v == 1, stands_at) for v, p in CARD_CHANCES.items())


def dealer_bust_reference(stands_at: int = 17) -> Fraction:
    """Exact chance that a dealer who draws below `stands_at` (soft totals stand too) busts, infinite deck."""
    return _bust_from(0, False, stands_at)


def best_fixed_bet() -> int:
    """The fixed bet of 10, 20, ..., 100 EUR with the best chance to double 100 EUR in seed 004's tournament."""
    return max(range(10, 101, 10), key=doubling_probability)


QUESTIONS = [
    Question("03.q1", "bold_bet(bankroll): bet what doubles the money, in 10 EUR steps", "function", [
        Case("bold_bet(100)", 100),
        Case("bold_bet(150)", 50),
        Case("bold_bet(30)", 30),
        Case("bold_bet(175)", 20),
        Case("bold_bet(195)", 10),
        Sweep("bold_bet", lambda: [(b,) for b in range(10, 200, 5)], lambda b: bet_for(b, "bold"), points=2,
              label="bold_bet for bankrolls 10, 15, ..., 195"),
    ], course_code=('coursekit.tournament.bet_for',)),
    Question("03.q2", "dealer_bust_chance(stands_at): the dealer's exact bust chance", "function", [
        Case("dealer_bust_chance(12)", Fraction(0), label="dealer_bust_chance(12): below 12 no card can bust"),
        Case("dealer_bust_chance(14)", lambda: dealer_bust_reference(14)),
        Case("dealer_bust_chance(16)", lambda: dealer_bust_reference(16)),
        Sweep("dealer_bust_chance", lambda: [(s,) for s in range(2, 23) if s != 17], dealer_bust_reference,
              points=3, label="dealer_bust_chance(s) for s = 2..22 (but 17)"),
    ]),
    Question("03.q3", "how often does the dealer bust, standing on 17?", "number", [
        IsA("p_dealer_bust", Fraction),
        Case("p_dealer_bust", lambda: dealer_bust_reference(17), points=2),
    ]),
    Question("03.q4", "the fixed bet that doubles 100 EUR most often", "number", [
        Case("best_fixed_bet", best_fixed_bet, points=2),
    ]),
    Question("03.q5", "timid or bold?", "written", [Written("timid_or_bold")]),
]
