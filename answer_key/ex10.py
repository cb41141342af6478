"""Exercise set 10, playing to win (source text 004): the questions, and question 5's reference solver.

Questions 1-4 replay deals through the learner's program; how those tests judge each line (its meaning for the
rules, its text for the format) is described in coursekit/grading/transcript_checks.py, where they live.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from coursekit.grading.cases import Case, Question, Slip, Sweep, Written
from coursekit.grading.transcript_checks import *  # noqa: F401,F403 - the transcript tests (learner side) and deals
from coursekit.grading.transcript_checks import (
    ACES, ALL_IN, BET_LIMITS, CARDS, DEALER_21, DEALER_ACES, DEALER_DRAWS, DEALER_NATURAL, DEALER_NATURAL_FIVE_CARDS,
    DOWN_TO_FIVE, DOWN_TO_TEN, GOAL, INVALID_BET, NATURAL, NATURAL_HALF_EUROS, PARTS, PLAYER_TURN, PROGRAM, SETTLING,
    aces_counted_wrong, asks_at_21, deal_test, dealer_21_bust, dealer_after_bust, dealer_natural_not_beating,
    dealer_stops_wrong, faces_as_numbers, format_test, methods_test, natural_paid_wrong, no_bet_message,
    no_hit_message, plays_on_at_goal, refuses_all_in,
)

# Question 5's reference is this file's own solver (edge_after_first_card, _hand_gain): an infinite-deck recursion
# written independently of coursekit.tournament_optimal, which the learner may not use for it.


# --- question 5: the edge of a round after an ace, hitting below 17 -------------------------------------------------
CHANCE = {v: Fraction(4 if v == 10 else 1, 13) for v in range(1, 11)}  # card values: ace 1, ..., ten-valued 10


def _best(hard: int, ace: bool) -> int:
    return hard + 10 if ace and hard + 10 <= 21 else hard


@lru_cache(maxsize=None)
def dealer_finals(hits_soft_17: bool = False) -> dict:
    """The dealer's exact final distribution from no cards (infinite deck): "natural", "bust" or 17..21.

    `hits_soft_17` is a slip: the sheet's dealer stands on every 17, soft or hard."""
    out: dict = {}
    states = {(0, False, 0): Fraction(1)}
    while states:
        following: dict = {}
        for (hard, ace, cards), p in states.items():
            total = _best(hard, ace)
            soft_17 = hits_soft_17 and total == 17 and ace and hard + 10 == 17
            if cards >= 2 and (total > 21 or (total >= 17 and not soft_17)):
                key = "bust" if total > 21 else "natural" if cards == 2 and total == 21 else total
                out[key] = out.get(key, 0) + p
                continue
            for value, q in CHANCE.items():
                key = (hard + value, ace or value == 1, min(cards + 1, 3))
                following[key] = following.get(key, 0) + p * q
        states = following
    return out


@dataclass(frozen=True)
class EdgeRules:
    """The rules of question 5's round, and the slips a learner may make in them."""

    natural_pays: Fraction = Fraction(3, 2)
    natural_counts: bool = True  # False: an ace and a ten are a plain 21
    dealer_natural_beats_21: bool = True
    player_hits_soft_17: bool = False
    dealer_hits_soft_17: bool = False
    push_loses: bool = False  # a standoff counted as a loss
    ace_eleven: bool = True  # False: the player's aces always 1
    keeps_ace: bool = True  # False: a hand forgets its ace when the next card is not one


RULES = EdgeRules()


def stand_gain(total: int, rules: EdgeRules = RULES) -> Fraction:
    """The expected gain per euro bet of standing on `total` (not a natural): a dealer natural beats it, even 21."""
    dealer = dealer_finals(rules.dealer_hits_soft_17)
    win = dealer["bust"] + sum(p for d, p in dealer.items() if isinstance(d, int) and d < total)
    lose = sum(p for d, p in dealer.items() if isinstance(d, int) and d > total)
    if rules.dealer_natural_beats_21 or total < 21:
        lose += dealer["natural"]
    if rules.push_loses:
        lose += dealer.get(total, 0) if total >= 17 else 0
    return win - lose


@lru_cache(maxsize=None)
def _hand_gain(hard: int, ace: bool, rules: EdgeRules = RULES) -> Fraction:
    """The gain per euro holding a hand (after the second card) and hitting below 17; over 21 loses."""
    if hard > 21:
        return Fraction(-1)
    total = _best(hard, ace and rules.ace_eleven)
    soft_17 = rules.player_hits_soft_17 and total == 17 and ace and rules.ace_eleven and hard + 10 == 17
    if total >= 17 and not soft_17:
        return stand_gain(total, rules)
    return sum(q * _hand_gain(hard + v, (ace and rules.keeps_ace) or v == 1, rules) for v, q in CHANCE.items())


def edge_after_first_card(first: int, rules: EdgeRules = RULES) -> Fraction:
    """The exact expected gain per euro bet of a round after the first card's value (1 = ace), hitting below 17."""
    total = Fraction(0)
    for v, q in CHANCE.items():
        natural = {first, v} == {1, 10} and rules.natural_counts
        total += q * (rules.natural_pays if natural else _hand_gain(first + v, first == 1 or v == 1, rules))
    return total


def every_hand() -> list[tuple]:
    """(hard, ace) for question 5's hand_gain: every hard total 2..21 (aces as 1), with and without an ace."""
    return [(hard, ace) for hard in range(2, 22) for ace in (False, True)]


def edge_of_a_round(rules: EdgeRules = RULES) -> Fraction:
    """The edge of a whole round before any card is seen (a slip for question 5: not after an ace)."""
    return sum(q * edge_after_first_card(first, rules) for first, q in CHANCE.items())


EDGE_SLIPS = [
    Slip("this pays the natural (ace and ten) 1:1 like a plain win; a natural pays 3:2",
         answer=lambda: edge_after_first_card(1, EdgeRules(natural_pays=Fraction(1)))),
    Slip("this pays the natural (ace and ten) 2:1; a natural pays 3:2",
         answer=lambda: edge_after_first_card(1, EdgeRules(natural_pays=Fraction(2)))),
    Slip("this plays an ace and a ten as a plain 21; two cards worth 21 are a natural, paid 3:2 at once",
         answer=lambda: edge_after_first_card(1, EdgeRules(natural_counts=False))),
    Slip("here the dealer's natural does not beat the player's 21 of three or more cards; it does",
         answer=lambda: edge_after_first_card(1, EdgeRules(dealer_natural_beats_21=False))),
    Slip("this player hits a soft 17; the question's player stands on 17, soft or hard",
         answer=lambda: edge_after_first_card(1, EdgeRules(player_hits_soft_17=True))),
    Slip("this dealer hits a soft 17; the sheet's dealer stands on every total over 16",
         answer=lambda: edge_after_first_card(1, EdgeRules(dealer_hits_soft_17=True))),
    Slip("this counts a standoff as a loss; a standoff gives the bet back (a gain of 0)",
         answer=lambda: edge_after_first_card(1, EdgeRules(push_loses=True))),
    Slip("this counts the player's aces as 1 only; an ace counts 11 when that does not go over 21",
         answer=lambda: edge_after_first_card(1, EdgeRules(ace_eleven=False))),
    Slip("this is the edge of a whole round before any card is seen; the question asks after a first card ace",
         answer=edge_of_a_round),
]


HAND_SLIPS = [
    Slip("the hand forgot its ace after the next card: once a hand holds an ace it keeps it (ace or the new card)",
         reference=lambda hard, ace: float(_hand_gain(hard, ace, EdgeRules(keeps_ace=False)))),
    Slip("this hits a soft 17; the question's player stands on 17, soft or hard",
         reference=lambda hard, ace: float(_hand_gain(hard, ace, EdgeRules(player_hits_soft_17=True)))),
    Slip("here the aces count 1 only; an ace counts 11 when that does not go over 21",
         reference=lambda hard, ace: float(_hand_gain(hard, ace, EdgeRules(ace_eleven=False)))),
]


# --- the questions --------------------------------------------------------------------------------------------------
QUESTIONS = [
    Question("10.q1", "TournamentGame: the sheet's methods, and its lines in the sheet's words", "function", [
        methods_test(points=1),
    ] + [format_test(part) for part in PARTS], course_code=PROGRAM),
    Question("10.q2", "the sheet's rules (Spielregeln), one crafted deal each", "function", [
        deal_test("dealing and printing a card: names and hand values, up to 21", [CARDS], {"cards"},
                  slips=(faces_as_numbers,)),
        deal_test("your turn: x is asked again, a card for each y (at 20 too), none at 21, 22 loses at once",
                  [PLAYER_TURN], {"hits", "dealer plays", "money"}, slips=(no_hit_message, asks_at_21,
                                                                           dealer_after_bust)),
        deal_test("the bet question shows the limits; Enter bets the minimum", [BET_LIMITS], {"prompts", "money"}),
        deal_test("a bet of all your money is allowed", [ALL_IN], {"bets", "money"}, slips=(refuses_all_in,)),
        deal_test("a bet that is not allowed (9, 101, ten): a message, then the question again", [INVALID_BET],
                  {"bets", "money"}, slips=(no_bet_message,)),
        deal_test("the dealer draws while 16 or less and stands on 17", [DEALER_DRAWS], {"dealer", "dealer plays"},
                  slips=(dealer_stops_wrong,)),
        deal_test("the dealer's 21 of three cards against your 20", [DEALER_21], {"outcome", "money"},
                  slips=(dealer_21_bust,)),
        deal_test("settling: a standoff, a win, a loss, a dealer's 22", [SETTLING], {"outcome", "money"}),
        deal_test("exactly 200€: the tournament is won and ends", [GOAL], {"rounds", "end", "money"},
                  slips=(plays_on_at_goal,)),
        deal_test("below the 10€ minimum the tournament is lost and ends; at 10€ it goes on",
                  [DOWN_TO_TEN, DOWN_TO_FIVE], {"rounds", "end", "bets"}),
    ], course_code=PROGRAM),
    Question("10.q3", "naturals: yours wins at once and pays 3:2; the dealer's beats a 21 of three cards", "function", [
        deal_test("your natural: King, Ace with 30€ bet: paid 45€, the dealer does not play", [NATURAL],
                  {"naturals", "dealer plays", "money"}, slips=(natural_paid_wrong,)),
        deal_test("the dealer's natural: 7, 4, King (21) against the dealer's King, Ace", [DEALER_NATURAL],
                  {"naturals", "outcome", "money"}, slips=(dealer_natural_not_beating,)),
        deal_test("your natural twice, 15€ and 60€ bet: 122.5€, then 212.5€", [NATURAL_HALF_EUROS],
                  {"naturals", "dealer plays", "money"}, public=False, slips=(natural_paid_wrong,)),
        deal_test("the dealer's natural: 2, 3, 4, 5, 7 (21) against the dealer's Ace, Queen",
                  [DEALER_NATURAL_FIVE_CARDS], {"naturals", "outcome", "money"}, public=False,
                  slips=(dealer_natural_not_beating,)),
    ], course_code=PROGRAM),
    Question("10.q4", "aces count 11, or 1 when 11 would go over 21", "function", [
        deal_test("10, 5, Ace is 16; Ace, Ace is 12; the dealer's Ace, 2, 9 is 12", [ACES], {"cards"},
                  slips=(aces_counted_wrong,)),
        deal_test("the dealer's Ace, Ace, Ace, 5 is 18", [DEALER_ACES], {"cards"}, public=False,
                  slips=(aces_counted_wrong,)),
    ], course_code=PROGRAM),
    Question("10.q5", "the expected gain per euro bet after a first card ace", "number", [
        Sweep("hand_gain", every_hand, lambda hard, ace: float(_hand_gain(hard, ace)), tol=1e-9, public=True,
              reveal=False, label="hand_gain(hard, ace) on every hand from 2 to 21, with and without an ace",
              slips=HAND_SLIPS),
        Case("edge_after_ace", lambda: edge_after_first_card(1), points=2, tol=1e-9, slips=EDGE_SLIPS),
    ], course_code=("coursekit.tournament_optimal.edge_by_first_card",
                    "coursekit.tournament_optimal.hand_values", "coursekit.tournament_optimal.first_card_values")),
    Question("10.q6", "why the first card changes the best bet", "written", [Written("why_bet_after_the_card")]),
]
