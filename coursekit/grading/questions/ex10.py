"""Exercise set 10, playing to win (seed 004): the learner's own tournament program, its extended rules, the edge
after an ace, and why the first card changes the best bet.

The program is graded by replaying deals through it: the learner's side runs `play_learner_game` (in
coursekit.tournament_transcripts) and sends back only the printed text; the expected lines stay here, in the
grader, and are compared with `first_difference(..., forgiving=True)`.
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import lru_cache

from coursekit.grading.cases import Case, Probe, Question, Written
from coursekit.tournament_transcripts import SEED_METHODS, SHEET_1, SHEET_2, first_difference, forgiving_line, lines

MODULE = "__import__('coursekit.tournament_transcripts', fromlist=['play_learner_game'])"
PROGRAM = ("coursekit.tournament.Tournament", "coursekit.console.tournament.TournamentConsole",
           "coursekit.console.tournament.main", "coursekit.tournament_transcripts.SHEET_1",
           "coursekit.tournament_transcripts.SHEET_2")

# --- the deals of the rule tests: (cards as ranks, answers, the lines expected from round 1 on) ---------------------
PROMPT = "How much do you want to bet? Bet must be ≥ 10€ and ≤ {}€. Press Enter for minimal bet. {}"

NATURAL = (("K", "A"), ("30",), f"""\
*** ROUND 1, you have 100€ left.
You have King, hand value is 10.
{PROMPT.format(100, 30)}
You have Ace, Blackjack! You won with Blackjack!
*** ROUND 2, you have 145.0€ left.
""")
NATURAL_HALF_EUROS = (("A", "Q", "10", "A"), ("15", "60"), f"""\
*** ROUND 1, you have 100€ left.
You have Ace, hand value is 11.
{PROMPT.format(100, 15)}
You have Queen, Blackjack! You won with Blackjack!
*** ROUND 2, you have 122.5€ left.
You have 10, hand value is 10.
{PROMPT.format(122.5, 60)}
You have Ace, Blackjack! You won with Blackjack!
You have 212.5€, you at least doubled your money!
""")
DEALER_NATURAL = (("7", "4", "K", "K", "A"), ("40", "y"), f"""\
*** ROUND 1, you have 100€ left.
You have 7, hand value is 7.
{PROMPT.format(100, 40)}
You have 4, hand value is 11. Do you want another card? (y/n) y
You have King, hand value is 21.
Dealer's turn...
Dealer has King, hand value is 10.
Dealer has Ace, Blackjack!
Dealer won with Blackjack!
*** ROUND 2, you have 60€ left.
""")
DEALER_NATURAL_FIVE_CARDS = (("2", "3", "4", "5", "7", "A", "Q"), ("", "y", "y", "y"), f"""\
*** ROUND 1, you have 100€ left.
You have 2, hand value is 2.
{PROMPT.format(100, "")}
You have 3, hand value is 5. Do you want another card? (y/n) y
You have 4, hand value is 9. Do you want another card? (y/n) y
You have 5, hand value is 14. Do you want another card? (y/n) y
You have 7, hand value is 21.
Dealer's turn...
Dealer has Ace, hand value is 11.
Dealer has Queen, Blackjack!
Dealer won with Blackjack!
*** ROUND 2, you have 90€ left.
""")
ACES = (("10", "5", "A", "9", "8", "A", "A", "8", "10", "5", "A", "2"), ("", "y", "n", "20", "y", "n"), f"""\
*** ROUND 1, you have 100€ left.
You have 10, hand value is 10.
{PROMPT.format(100, "")}
You have 5, hand value is 15. Do you want another card? (y/n) y
You have Ace, hand value is 16. Do you want another card? (y/n) n
Dealer's turn...
Dealer has 9, hand value is 9.
Dealer has 8, hand value is 17.
Dealer wins!
*** ROUND 2, you have 90€ left.
You have Ace, hand value is 11.
{PROMPT.format(90, 20)}
You have Ace, hand value is 12. Do you want another card? (y/n) y
You have 8, hand value is 20. Do you want another card? (y/n) n
Dealer's turn...
Dealer has 10, hand value is 10.
Dealer has 5, hand value is 15.
Dealer has Ace, hand value is 16.
Dealer has 2, hand value is 18.
You win!
*** ROUND 3, you have 110€ left.
""")
DEALER_ACES = (("9", "A", "A", "A", "A", "4"), ("50", "n"), f"""\
*** ROUND 1, you have 100€ left.
You have 9, hand value is 9.
{PROMPT.format(100, 50)}
You have Ace, hand value is 20. Do you want another card? (y/n) n
Dealer's turn...
Dealer has Ace, hand value is 11.
Dealer has Ace, hand value is 12.
Dealer has Ace, hand value is 13.
Dealer has 4, hand value is 17.
You win!
*** ROUND 2, you have 150€ left.
""")
ROUND_ONE = re.compile(r"ROUND 1\b")


def from_round_one(text: str) -> str:
    """The printed text from the first line that says "ROUND 1" on (all of it when no line does)."""
    rows = text.splitlines()
    start = next((i for i, row in enumerate(rows) if ROUND_ONE.search(forgiving_line(row).upper())), 0)
    return "\n".join(rows[start:])


def _verdict(printed, expected: str, what: str) -> tuple:
    """(passed, shown input, expected, actual) for a replay: the first line that differs, as exercise 10 says."""
    if not isinstance(printed, str):
        return False, what, "the printed text (a str)", f"a value of type {type(printed).__name__}"
    total = len(lines(expected))
    difference = first_difference(printed, expected, forgiving=True)
    if difference is None:
        return True, what, f"all {total} lines", "the same"
    number, want, got = difference
    return (False, f"{what}, line {number} of {total} (blank lines not counted) is the first to differ",
            repr(want), got if got == "(no more lines)" else repr(got))


def transcript_test(number: int, sheet: str, points: float) -> Probe:
    """Replay the sheet's transcript `number` through TournamentGame; compare with the sheet line by line."""
    what = f"transcript {number} (Beispielausgabe {number}) replayed"
    return Probe(what, f"{MODULE}.play_learner_game(TournamentGame, {number})",
                 lambda printed: _verdict(printed, sheet, what), points=points)


def deal_test(what: str, deal: tuple, points: float, public: bool = True) -> Probe:
    """Replay a crafted deal through TournamentGame; compare what it prints from round 1 on."""
    cards, answers, expected = deal
    expr = f"{MODULE}.play_learner_game(TournamentGame, cards={cards!r}, answers={answers!r})"

    def judge(printed):
        return _verdict(from_round_one(printed) if isinstance(printed, str) else printed, expected, what)

    return Probe(what, expr, judge, points=points, public=public)


def _methods_judge(used) -> tuple:
    what = "the sheet's methods, called while transcript 1 replays"
    if not isinstance(used, list) or not all(isinstance(name, str) for name in used):
        return False, what, ", ".join(SEED_METHODS), f"a value of type {type(used).__name__}"
    missing = [name for name in SEED_METHODS if name not in used]
    shown = ", ".join(used) or "none of them"
    if missing:
        return False, f"{what} (not called: {', '.join(missing)})", ", ".join(SEED_METHODS), shown
    return True, what, ", ".join(SEED_METHODS), shown


# --- question 5: the edge of a round after an ace, hitting below 17 -------------------------------------------------
CHANCE = {v: Fraction(4 if v == 10 else 1, 13) for v in range(1, 11)}  # card values: ace 1, ..., ten-valued 10


def _best(hard: int, ace: bool) -> int:
    return hard + 10 if ace and hard + 10 <= 21 else hard


@lru_cache(maxsize=None)
def dealer_finals() -> dict:
    """The dealer's exact final distribution from no cards (infinite deck): "natural", "bust" or 17..21."""
    out: dict = {}
    states = {(0, False, 0): Fraction(1)}
    while states:
        following: dict = {}
        for (hard, ace, cards), p in states.items():
            total = _best(hard, ace)
            if cards >= 2 and (total > 21 or total >= 17):
                key = "bust" if total > 21 else "natural" if cards == 2 and total == 21 else total
                out[key] = out.get(key, 0) + p
                continue
            for value, q in CHANCE.items():
                key = (hard + value, ace or value == 1, min(cards + 1, 3))
                following[key] = following.get(key, 0) + p * q
        states = following
    return out


def stand_gain(total: int) -> Fraction:
    """The expected gain per euro of standing on `total` (not a natural): a dealer natural beats it, even 21."""
    dealer = dealer_finals()
    win = dealer["bust"] + sum(p for d, p in dealer.items() if isinstance(d, int) and d < total)
    lose = dealer["natural"] + sum(p for d, p in dealer.items() if isinstance(d, int) and d > total)
    return win - lose


@lru_cache(maxsize=None)
def _hand_gain(hard: int, ace: bool) -> Fraction:
    """The gain per euro holding a hand (after the second card) and hitting below 17; over 21 loses."""
    if hard > 21:
        return Fraction(-1)
    total = _best(hard, ace)
    if total >= 17:
        return stand_gain(total)
    return sum(q * _hand_gain(hard + v, ace or v == 1) for v, q in CHANCE.items())


def edge_after_first_card(first: int) -> Fraction:
    """The exact expected gain per euro bet of a round after the first card's value (1 = ace), hitting below 17."""
    total = Fraction(0)
    for v, q in CHANCE.items():
        natural = {first, v} == {1, 10}
        total += q * (Fraction(3, 2) if natural else _hand_gain(first + v, first == 1 or v == 1))
    return total


QUESTIONS = [
    Question("10.q1", "TournamentGame: the sheet's tournament, replayed against its two transcripts", "function", [
        Probe("the sheet's methods, called while transcript 1 replays",
              f"{MODULE}.seed_methods_used(TournamentGame, 1)", _methods_judge, points=1),
        transcript_test(1, SHEET_1, points=4),
        transcript_test(2, SHEET_2, points=3),
    ], course_code=PROGRAM),
    Question("10.q2", "a natural wins at once and pays 3:2", "function", [
        deal_test("King, Ace with 30€ bet: paid 45€, the dealer does not play", NATURAL, points=2),
        deal_test("two naturals, 15€ and 60€ bet: 122.5€, then 212.5€", NATURAL_HALF_EUROS, points=1,
                  public=False),
    ], course_code=PROGRAM),
    Question("10.q3", "a dealer natural beats the player's 21 of three or more cards", "function", [
        deal_test("7, 4, King (21) against the dealer's King, Ace", DEALER_NATURAL, points=2),
        deal_test("2, 3, 4, 5, 7 (21) against the dealer's Ace, Queen", DEALER_NATURAL_FIVE_CARDS, points=1,
                  public=False),
    ], course_code=PROGRAM),
    Question("10.q4", "aces count 11, or 1 when 11 would go over 21", "function", [
        deal_test("10, 5, Ace is 16; Ace, Ace is 12; the dealer's 10, 5, Ace is 16", ACES, points=2),
        deal_test("the dealer's Ace, Ace, Ace, 4 is 17", DEALER_ACES, points=1, public=False),
    ], course_code=PROGRAM),
    Question("10.q5", "the expected gain per euro bet after a first card ace", "number", [
        Case("edge_after_ace", lambda: edge_after_first_card(1), points=2, tol=1e-9),
    ], course_code=("coursekit.tournament_optimal.edge_by_first_card",
                    "coursekit.tournament_optimal.hand_values", "coursekit.tournament_optimal.first_card_values")),
    Question("10.q6", "why the first card changes the best bet", "written", [Written("why_bet_after_the_card")]),
]
