"""Exercise set 03, blackjack by numbers (source texts 002 and 004): bold bets, the dealer's bust chance, best bets."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from coursekit.grading.cases import Case, IsA, Question, Slip, Sweep, Written, distinct_slips
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
    """The fixed bet of 10, 20, ..., 100 EUR with the best chance to double 100 EUR in source text 004's tournament."""
    return max(range(10, 101, 10), key=doubling_probability)


def best_bet_for(goal: int) -> int:
    """The fixed bet of 10, 20, ..., 100 EUR with the best chance to reach `goal` from 100 EUR."""
    return max(range(10, 101, 10), key=lambda bet: doubling_probability(bet, goal=goal))


def best_bet_below_100(goal: int) -> int:
    """The slip of leaving the bet of all the money out (range() stops before its stop value)."""
    return max(range(10, 100, 10), key=lambda bet: doubling_probability(bet, goal=goal))


STANDS_AT = (17, 13, 15, 18, 19)  # dealer_bust_chance graded at these (hidden); 17 is the public question
GOALS = (200, 130, 180, 210)  # best_fixed_bet_for graded at these (hidden); 200 is the public question
STOP_LEFT_OUT = "this leaves the largest bet out: range() stops before its stop value"


# --- common slips, computed here from the rule they break ----------------------------------------------------------

UNIFORM_CHANCES = {v: Fraction(1, 10) for v in range(1, 11)}  # the slip: every card value equally likely


@lru_cache(maxsize=None)
def _bust_variant(hard: int, ace: bool, stands_at: int, soft: bool, uniform: bool, bust_at: int,
                  soft_below: int = 22) -> Fraction:
    """The dealer's bust chance under a slip: aces never 11 (soft=False), values 1/10 each, a bust at `bust_at`, or
    an ace counted 11 only while that stays below `soft_below`."""
    best = hard + 10 if soft and ace and hard + 10 < soft_below else hard
    if hard >= bust_at:
        return Fraction(1)
    if best >= stands_at:
        return Fraction(0)
    chances = UNIFORM_CHANCES if uniform else CARD_CHANCES
    return sum(p * _bust_variant(hard + v, ace or v == 1, stands_at, soft, uniform, bust_at, soft_below)
               for v, p in chances.items())


def bust_aces_one(stands_at: int = 17) -> Fraction:
    """The slip of never counting the dealer's ace 11 (a soft 17 draws)."""
    return _bust_variant(0, False, stands_at, False, False, 22)


def bust_uniform_values(stands_at: int = 17) -> Fraction:
    """The slip of giving every card value 1 to 10 the same chance (ten-valued cards are 4 of 13 ranks)."""
    return _bust_variant(0, False, stands_at, True, True, 22)


def bust_at_21(stands_at: int = 17) -> Fraction:
    """The slip of counting 21 as a bust."""
    return _bust_variant(0, False, stands_at, True, False, 21)


def bust_at_23(stands_at: int = 17) -> Fraction:
    """The slip of letting 22 stand (a bust only from 23)."""
    return _bust_variant(0, False, stands_at, True, False, 23)


def bust_soft_below_21(stands_at: int = 17) -> Fraction:
    """The slip of counting the ace 11 only while that stays below 21 (a soft 21 drawn on)."""
    return _bust_variant(0, False, stands_at, True, False, 22, 21)


def bust_standing_above(stands_at: int = 17) -> Fraction:
    """The slip of drawing on `stands_at` itself (standing only above it)."""
    return dealer_bust_reference(stands_at + 1)


def bold_unrounded(bankroll: int) -> int:
    """The bold bet not rounded down to 10 EUR steps."""
    return max(10, min(bankroll, 200 - bankroll))


def bold_all_in(bankroll: int) -> int:
    """Everything on one hand, whatever reaches the goal."""
    return bankroll


def bold_without_minimum(bankroll: int) -> int:
    """The bold bet rounded down, but never raised to the minimum bet."""
    return min(bankroll, 200 - bankroll) // 10 * 10


def bold_rounded_up(bankroll: int) -> int:
    """The bold bet rounded up to 10 EUR steps."""
    return max(10, -(-min(bankroll, 200 - bankroll) // 10) * 10)


BOLD_SLIPS = [
    ("bets go in 10 EUR steps: round the bet down to a multiple of 10", bold_unrounded),
    ("this bets all the money; bold bets what reaches the goal, and at most all the money", bold_all_in),
    ("a bet is never below the minimum bet of 10 EUR", bold_without_minimum),
    ("round the bet down to 10 EUR steps, not up", bold_rounded_up),
]
DEALER_SLIPS = [
    ("an ace counts 11 when that does not bust: a soft total at or over stands_at stands too", bust_aces_one),
    ("the dealer stands on stands_at itself, not only above it", bust_standing_above),
    ("a ten-valued card (10, J, Q, K) comes with chance 4/13, every other value with 1/13", bust_uniform_values),
    ("21 is not a bust: the dealer busts only over 21", bust_at_21),
    ("22 is a bust too: the dealer busts over 21", bust_at_23),
    ("an ace counts 11 also when that makes exactly 21", bust_soft_below_21),
]


def _bold(bankroll: int) -> int:
    return bet_for(bankroll, "bold")


QUESTIONS = [
    Question("03.q1", "bold_bet(bankroll): bet what doubles the money, in 10 EUR steps", "function", [
        Case("bold_bet(100)", 100, slips=distinct_slips(BOLD_SLIPS, _bold, 100)),
        Case("bold_bet(150)", 50, slips=distinct_slips(BOLD_SLIPS, _bold, 150)),
        Case("bold_bet(30)", 30, slips=distinct_slips(BOLD_SLIPS, _bold, 30)),
        Case("bold_bet(175)", 20, slips=distinct_slips(BOLD_SLIPS, _bold, 175)),
        Case("bold_bet(195)", 10, slips=distinct_slips(BOLD_SLIPS, _bold, 195)),
        Sweep("bold_bet", lambda: [(b,) for b in range(10, 200, 5)], _bold, points=2,
              label="bold_bet for bankrolls 10, 15, ..., 195",
              slips=[Slip(says, reference=wrong) for says, wrong in BOLD_SLIPS]),
    ], course_code=('coursekit.tournament.bet_for',), objective="03.2"),
    Question("03.q2", "dealer_bust_chance(stands_at): the dealer's exact bust chance", "function", [
        Case("dealer_bust_chance(12)", Fraction(0), label="dealer_bust_chance(12): below 12 no card can bust",
             slips=distinct_slips(DEALER_SLIPS, dealer_bust_reference, 12)),
        Case("dealer_bust_chance(14)", lambda: dealer_bust_reference(14),
             slips=distinct_slips(DEALER_SLIPS, dealer_bust_reference, 14)),
        Case("dealer_bust_chance(16)", lambda: dealer_bust_reference(16),
             slips=distinct_slips(DEALER_SLIPS, dealer_bust_reference, 16)),
        Sweep("dealer_bust_chance", lambda: [(s,) for s in range(2, 23) if s != 17], dealer_bust_reference,
              points=3, label="dealer_bust_chance(s) for s = 2..22 (but 17)",
              slips=[Slip(says, reference=wrong) for says, wrong in DEALER_SLIPS]),
    ], objective="03.1"),
    Question("03.q3", "how often does the dealer bust, standing on 17?", "number", [
        IsA("dealer_bust_chance(17)", Fraction, points=0),
        Case("dealer_bust_chance(17)", lambda: dealer_bust_reference(17), points=0, slips=[
            *distinct_slips(DEALER_SLIPS, dealer_bust_reference, 17),
            Slip("this is the dealer who stands from 16 on; the question's dealer stands on 17",
                 answer=lambda: dealer_bust_reference(16)),
        ]),
        Sweep("dealer_bust_chance", lambda: [(s,) for s in STANDS_AT], dealer_bust_reference, points=3,
              public=False, label="dealer_bust_chance at 17 and at hidden thresholds",
              slips=[Slip(says, reference=wrong) for says, wrong in DEALER_SLIPS]),
    ], uses=(("03.q2", "dealer_bust_chance"),), objective="03.1"),
    Question("03.q4", "best_fixed_bet_for(goal), and the fixed bet that doubles 100 EUR most often", "number", [
        Case("best_fixed_bet_for(200)", best_fixed_bet, points=0, slips=[
            Slip("this is the fixed bet with the lowest chance to double; the question asks for the highest",
                 answer=lambda: min(range(10, 101, 10), key=doubling_probability)),
            Slip("this is a chance of doubling; the question asks for the bet in EUR",
                 answer=lambda: doubling_probability(best_fixed_bet())),
            Slip("this leaves the largest bet out: range() stops before its stop value",
                 answer=lambda: max(range(10, 100, 10), key=doubling_probability)),
        ]),
        Sweep("best_fixed_bet_for", lambda: [(g,) for g in GOALS], best_bet_for, points=2, public=False,
              label=f"best_fixed_bet_for(goal) for {len(GOALS)} hidden goals", slips=[
                  Slip("this is the fixed bet with the lowest chance to reach the goal; the question asks for the "
                       "highest", reference=lambda goal: min(range(10, 101, 10),
                                                             key=lambda bet: doubling_probability(bet, goal=goal))),
                  Slip(STOP_LEFT_OUT, reference=best_bet_below_100),
              ]),
    ], objective="03.2"),
    Question("03.q5", "timid or bold? when every round favours the player", "written", [Written("timid_or_bold")],
             objective="03.3"),
]
