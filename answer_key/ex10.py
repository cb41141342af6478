"""Exercise set 10, playing to win (source text 004): the questions, and question 5's reference solver.

Questions 1-4 replay deals through the learner's program; how those tests judge each line (its meaning for the
rules, its text for the format) is described in coursekit/grading/transcript_checks.py, where they live. Their
crafted deals are data: the public tests' in coursekit/grading/transcripts/, the hidden tests' in transcripts/ here
(never in the learner edition).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

from coursekit.grading.cases import Case, Question, Slip, Sweep, Written
from coursekit.grading.transcript_checks import deal_test, format_test, methods_test
from coursekit.grading.transcript_deals import DEALS as PUBLIC_DEALS
from coursekit.grading.transcript_deals import PROGRAM, from_round_one, read_deals  # noqa: F401 - from_round_one: tests
from coursekit.grading.transcript_slips import (
    aces_counted_wrong, asks_at_21, dealer_21_bust, dealer_after_bust, dealer_natural_not_beating, dealer_stops_wrong,
    faces_as_numbers, natural_paid_wrong, no_bet_message, no_hit_message, plays_on_at_goal, refuses_all_in,
)
from coursekit.tournament_transcripts import PARTS

HIDDEN_DEALS = read_deals(Path(__file__).parent / "transcripts")  # the hidden tests' deals, by name
DEALS = {**PUBLIC_DEALS, **HIDDEN_DEALS}


def deals(*names: str) -> list:
    """The deals of these names."""
    return [DEALS[name] for name in names]

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


def ace_edge_reference(natural_pays, **rules) -> float:
    """The edge after a first card ace when a natural pays `natural_pays` per euro (question 5's player)."""
    return float(edge_after_first_card(1, EdgeRules(natural_pays=Fraction(natural_pays), **rules)))


NATURAL_PAYS = (1.5, 1.2, 1, 2, 0)  # ace_edge graded at these payouts (hidden): 3:2, 6:5, even money, 2:1, none


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


# --- question 7: one Bellman backup on a small bankroll ------------------------------------------------------------
PAYS = {Fraction(3, 2): "natural", 1: "win", 0: "push", -1: "lose"}  # a round's gain per euro bet, by its name


def bellman_backup(bankroll, V: dict, outcomes: dict, goal: int, min_bet: int, *, all_in: bool = True,
                   exact_goal_wins: bool = True, min_bet_alive: bool = True, ties_low: bool = True,
                   money: bool = False, step: int = 1) -> tuple:
    """(the best bet, its chance to reach `goal`) from `bankroll` when V gives the chance after the round.

    Bets are the whole euros from `min_bet` to all the money; `outcomes` maps a gain per euro bet to its chance; a
    bankroll at `goal` or more is won (1), below `min_bet` lost (0). Ties go to the smallest bet. The keywords are
    slips: no all-in bet, the goal won only above it, the minimum bet itself lost, ties to the largest bet, the
    expected bankroll maximised instead of the chance, bets in steps of `step` euros."""
    def value(b):
        if b >= goal if exact_goal_wins else b > goal:
            return 1
        if b < min_bet if min_bet_alive else b <= min_bet:
            return 0
        return V[b]

    best = None
    for bet in range(min_bet, int(bankroll) + (1 if all_in else 0), step):
        chance = sum(p * value(bankroll + m * bet) for m, p in outcomes.items())
        score = sum(p * (bankroll + m * bet) for m, p in outcomes.items()) if money else chance
        if best is None or score > best[2] or (not ties_low and score == best[2]):
            best = (bet, chance, score)
    return (None, 0) if best is None else best[:2]


def _plain_money(b: Fraction):
    return int(b) if b.denominator == 1 else float(b)


def _values(goal: int, min_bet: int, rng) -> dict:
    """Chances after the round for every half-euro bankroll from min_bet below goal, rising with the bankroll."""
    states = [Fraction(k, 2) for k in range(2 * min_bet, 2 * goal)]
    raw = sorted(Fraction(rng.randint(1, 997), 1000) for _ in states)
    return {_plain_money(b): v for b, v in zip(states, raw)}


def _odds(rng) -> dict:
    """A round's chances by gain per euro: natural, win, push, lose (a denominator of 100)."""
    natural, push = rng.randint(0, 8), rng.randint(0, 12)
    win = rng.randint(30, 100 - natural - push - 20)
    return {Fraction(3, 2): Fraction(natural, 100), 1: Fraction(win, 100), 0: Fraction(push, 100),
            -1: Fraction(100 - natural - win - push, 100)}


def sheet_odds() -> dict:
    """The sheet's round, played like the dealer (hit below 17), by gain per euro bet."""
    from coursekit.tournament import PAYOUT, round_outcomes
    return {PAYOUT[name]: p for name, p in round_outcomes().items()}


def backup_public_inputs() -> list[tuple]:
    """A 40 EUR tournament, minimum 10: V rising with the bankroll, the sheet's round."""
    import random
    rng = random.Random(1004)
    V = _values(40, 10, rng)
    return [(b, V, sheet_odds(), 40, 10) for b in (10, 15, 22.5, 30)]


def backup_hidden_inputs() -> list[tuple]:
    """Random small tournaments (goal 30-60, minimum 5 or 10), every bankroll class: whole, half, near the goal."""
    import random
    rng = random.Random(2004)
    cases = []
    for _ in range(12):
        goal, min_bet = rng.choice((30, 45, 60)), rng.choice((5, 10))
        V, odds = _values(goal, min_bet, rng), _odds(rng)
        for b in (min_bet, min_bet + 0.5, goal // 2, goal - 0.5, rng.randrange(min_bet, goal)):
            cases.append((b, V, odds, goal, min_bet))
    return cases


def backup_edge_inputs() -> list[tuple]:
    """Ties, all-in, the goal landed on exactly, the minimum bet kept, and a hopeless bankroll."""
    fair = {1: Fraction(1, 2), -1: Fraction(1, 2)}
    linear = {_plain_money(Fraction(k, 2)): Fraction(k, 2 * 40) for k in range(20, 80)}   # V(b) = b / 40
    favourable = {1: Fraction(3, 5), -1: Fraction(2, 5)}
    flat = {_plain_money(Fraction(k, 2)): Fraction(1, 10) for k in range(20, 80)}           # V = 1/10 everywhere
    zero = {_plain_money(Fraction(k, 2)): Fraction(0) for k in range(20, 120)}
    keep_min = {_plain_money(Fraction(k, 2)): Fraction(1 if k == 20 else 0, 2) for k in range(20, 80)}
    return [(b, linear, fair, 40, 10) for b in (10, 20, 25.5, 39)] + \
        [(b, flat, favourable, 40, 10) for b in (10, 20, 30, 35.5)] + \
        [(10, zero, favourable, 60, 10), (20, zero, {1: Fraction(1, 2), 0: Fraction(1, 2)}, 60, 10)] + \
        [(b, keep_min, {1: Fraction(1, 4), 0: Fraction(1, 4), -1: Fraction(1, 2)}, 40, 10) for b in (20, 21, 30)]


def backup_case() -> tuple:
    """Question 7's number: one round bet before the first card and played like the dealer, then the best play."""
    from coursekit.tournament import optimal_strategy
    V = {float(b): float(v) for b, v in zip(*optimal_strategy().values())}
    return bellman_backup(15, V, sheet_odds(), 200, 10)


BACKUP_SLIP_SWITCHES = [
    ("this never bets all the money; a bet may be anything from the minimum to all you have", dict(all_in=False)),
    ("here a bankroll of exactly the minimum bet is lost; it can still bet, so it is worth V there",
     dict(min_bet_alive=False)),
    ("on a tie this keeps the largest bet; among equally good bets the question asks for the smallest",
     dict(ties_low=False)),
    ("this picks the bet with the most money on average; the backup maximises the chance to reach the goal",
     dict(money=True)),
    ("this bets in steps of 10 euros only; any whole number of euros from the minimum up is allowed",
     dict(step=10)),
]


def _backup_slip(switches: dict):
    def wrong(bankroll, V, outcomes, goal, min_bet):
        return bellman_backup(bankroll, V, outcomes, goal, min_bet, **switches)
    return wrong


BACKUP_SLIPS = [Slip(says, reference=_backup_slip(switches)) for says, switches in BACKUP_SLIP_SWITCHES]
BACKUP_CASE_SLIPS = [Slip(says, answer=lambda switches=switches: _backup_case_with(switches), tol=1e-9)
                     for says, switches in BACKUP_SLIP_SWITCHES
                     if set(switches) & {"all_in", "money"}]  # the others give the right answer (or money's) at 15


def _backup_case_with(switches: dict) -> tuple:
    from coursekit.tournament import optimal_strategy
    V = {float(b): float(v) for b, v in zip(*optimal_strategy().values())}
    return bellman_backup(15, V, sheet_odds(), 200, 10, **switches)


@lru_cache(maxsize=1)
def _tournament_values() -> dict:
    from coursekit.tournament import optimal_strategy
    return {float(b): float(v) for b, v in zip(*optimal_strategy().values())}


def bet_at_reference(bankroll, **switches) -> tuple:
    """Question 7's backup at `bankroll` of the real tournament (bet before the first card, played like the dealer,
    the best player's V after); `switches` are bellman_backup's slips."""
    return bellman_backup(bankroll, _tournament_values(), sheet_odds(), 200, 10, **switches)


TOURNAMENT_BANKROLLS = (15, 10, 12.5, 25, 47.5, 90, 150, 185)  # bet_at graded at these (hidden); 15 is public


def _show_backup(args: tuple) -> str:
    bankroll, V, outcomes, goal, min_bet = args
    odds = ", ".join(f"{m}: {p}" for m, p in outcomes.items())
    return f"backup({bankroll}, V of a {goal} EUR tournament (minimum {min_bet}), {{{odds}}}, {goal}, {min_bet})"


# --- question 8: the edge before the first card, from the edges after it (the law of total probability) -------------
def first_cards() -> list[tuple]:
    """Every first card's value: ace 1, 2..9, ten-valued 10."""
    return [(v,) for v in CHANCE]


def _natural_for_ace_first(first: int) -> Fraction:
    natural = first == 1
    return sum(q * (Fraction(3, 2) if natural and v == 10 else _hand_gain(first + v, first == 1 or v == 1))
               for v, q in CHANCE.items())


def edge_tables(count: int = 12, seed: int = 1008) -> list[tuple]:
    """Seeded tables {first card value: an edge after it} (floats from -0.6 to 0.6), one argument each."""
    import random
    rng = random.Random(seed)
    return [({v: round(rng.uniform(-0.6, 0.6), 6) for v in CHANCE},) for _ in range(count)]


def edge_before_reference(edges: dict) -> float:
    """The edge before the first card: each first card's edge weighted by that card's chance."""
    return float(sum(q * edges[v] for v, q in CHANCE.items()))


BEFORE_SLIPS = [
    Slip("this averages the ten first-card values equally; a ten-valued card (10, J, Q, K) comes 4 times in 13",
         answer=lambda: sum(edge_after_first_card(v) for v in CHANCE) / 10),
    Slip("this weights each of the ten values 1/13, leaving out J, Q and K; the ten-valued card's chance is 4/13",
         answer=lambda: sum(edge_after_first_card(v) for v in CHANCE) / 13),
    Slip("this is the edge after an ace only; the question asks before the first card is seen",
         answer=lambda: edge_after_first_card(1)),
    Slip("here a ten and then an ace is no natural; an ace and a ten are a natural in either order",
         answer=lambda: sum(q * _natural_for_ace_first(v) for v, q in CHANCE.items())),
]


# --- the questions --------------------------------------------------------------------------------------------------
QUESTIONS = [
    Question("10.q1", "TournamentGame: the sheet's methods, and its lines in the sheet's words", "function", [
        methods_test(points=1),
    ] + [format_test(part) for part in PARTS], course_code=PROGRAM, objective="10.1"),
    Question("10.q2", "the sheet's rules (Spielregeln), one crafted deal each", "function", [
        deal_test("dealing and printing a card: names and hand values, up to 21", deals("CARDS"), {"cards"},
                  slips=(faces_as_numbers,)),
        deal_test("your turn: x is asked again, a card for each y (at 20 too), none at 21, 22 loses at once",
                  deals("PLAYER_TURN"), {"hits", "dealer plays", "money"},
                  slips=(no_hit_message, asks_at_21, dealer_after_bust)),
        deal_test("the bet question shows the limits; Enter bets the minimum", deals("BET_LIMITS"),
                  {"prompts", "money"}),
        deal_test("a bet of all your money is allowed", deals("ALL_IN"), {"bets", "money"}, slips=(refuses_all_in,)),
        deal_test("a bet that is not allowed (9, 101, ten): a message, then the question again", deals("INVALID_BET"),
                  {"bets", "money"}, slips=(no_bet_message,)),
        deal_test("the dealer draws while 16 or less and stands on 17", deals("DEALER_DRAWS"),
                  {"dealer", "dealer plays"}, slips=(dealer_stops_wrong,)),
        deal_test("the dealer's 21 of three cards against your 20", deals("DEALER_21"), {"outcome", "money"},
                  slips=(dealer_21_bust,)),
        deal_test("settling: a standoff, a win, a loss, a dealer's 22", deals("SETTLING"), {"outcome", "money"}),
        deal_test("exactly 200€: the tournament is won and ends", deals("GOAL"), {"rounds", "end", "money"},
                  slips=(plays_on_at_goal,)),
        deal_test("below the 10€ minimum the tournament is lost and ends; at 10€ it goes on",
                  deals("DOWN_TO_TEN", "DOWN_TO_FIVE"), {"rounds", "end", "bets"}),
    ], course_code=PROGRAM, objective="10.1"),
    Question("10.q3", "naturals: yours wins at once and pays 3:2; the dealer's beats a 21 of three cards", "function", [
        deal_test("your natural: King, Ace with 30€ bet: paid 45€, the dealer does not play", deals("NATURAL"),
                  {"naturals", "dealer plays", "money"}, slips=(natural_paid_wrong,)),
        deal_test("the dealer's natural: 7, 4, King (21) against the dealer's King, Ace", deals("DEALER_NATURAL"),
                  {"naturals", "outcome", "money"}, slips=(dealer_natural_not_beating,)),
        deal_test("your natural twice, 15€ and 60€ bet: 122.5€, then 212.5€", deals("NATURAL_HALF_EUROS"),
                  {"naturals", "dealer plays", "money"}, public=False, slips=(natural_paid_wrong,)),
        deal_test("the dealer's natural: 2, 3, 4, 5, 7 (21) against the dealer's Ace, Queen",
                  deals("DEALER_NATURAL_FIVE_CARDS"), {"naturals", "outcome", "money"}, public=False,
                  slips=(dealer_natural_not_beating,)),
    ], course_code=PROGRAM, objective="10.1"),
    Question("10.q4", "aces count 11, or 1 when 11 would go over 21", "function", [
        deal_test("10, 5, Ace is 16; Ace, Ace is 12; the dealer's Ace, 2, 9 is 12", deals("ACES"), {"cards"},
                  slips=(aces_counted_wrong,)),
        deal_test("the dealer's Ace, Ace, Ace, 5 is 18", deals("DEALER_ACES"), {"cards"}, public=False,
                  slips=(aces_counted_wrong,)),
    ], course_code=PROGRAM, objective="10.1"),
    Question("10.q5", "ace_edge(natural_pays), and the expected gain per euro bet after a first card ace", "number", [
        Sweep("hand_gain", every_hand, lambda hard, ace: float(_hand_gain(hard, ace)), tol=1e-9, public=True,
              reveal=False, points=0,
              label="hand_gain(hard, ace) on every hand from 2 to 21, with and without an ace",
              slips=HAND_SLIPS),
        Case("ace_edge(1.5)", lambda: edge_after_first_card(1), points=0, tol=1e-9, slips=EDGE_SLIPS),
        Sweep("ace_edge", lambda: [(x,) for x in NATURAL_PAYS], ace_edge_reference, points=3, tol=1e-9,
              public=False, label=f"ace_edge(natural_pays) for {len(NATURAL_PAYS)} hidden payouts", slips=[
                  Slip("this plays an ace and a ten as a plain 21; two cards worth 21 are a natural, paid at once",
                       reference=lambda pays: float(edge_after_first_card(1, EdgeRules(natural_counts=False)))),
                  Slip("this player hits a soft 17; the question's player stands on 17, soft or hard",
                       reference=lambda pays: ace_edge_reference(pays, player_hits_soft_17=True)),
              ]),
    ], course_code=("coursekit.tournament_optimal.edge_by_first_card",
                    "coursekit.tournament_optimal.hand_values", "coursekit.tournament_optimal.first_card_values"),
        objective="10.3"),
    Question("10.q6", "why the first card changes the best bet", "written", [Written("why_bet_after_the_card")],
             objective="10.4"),
    Question("10.q7", "one Bellman backup on a small bankroll: the best bet and its chance", "number", [
        Sweep("backup", backup_public_inputs, lambda *a: bellman_backup(*a), points=0, public=True, tol=1e-12,
              show=_show_backup, label="backup(...) at four bankrolls of a 40 EUR tournament", slips=BACKUP_SLIPS),
        Sweep("backup", backup_hidden_inputs, lambda *a: bellman_backup(*a), points=8, tol=1e-12,
              show=_show_backup, label="backup(...) in 12 random small tournaments (hidden)", slips=BACKUP_SLIPS),
        Sweep("backup", backup_edge_inputs, lambda *a: bellman_backup(*a), points=8, tol=1e-12,
              show=_show_backup, label="backup(...): ties, all in, the goal exactly, the minimum bet (hidden)",
              slips=BACKUP_SLIPS),
        Case("bet_at(15)", backup_case, points=0, tol=1e-9, slips=BACKUP_CASE_SLIPS),
        Sweep("bet_at", lambda: [(b,) for b in TOURNAMENT_BANKROLLS], bet_at_reference, points=4, tol=1e-9,
              public=False, label=f"bet_at(bankroll) in the real tournament at {len(TOURNAMENT_BANKROLLS)} hidden "
              "bankrolls", slips=[Slip(says, reference=lambda b, switches=switches: bet_at_reference(b, **switches))
                                  for says, switches in BACKUP_SLIP_SWITCHES
                                  if set(switches) & {"all_in", "money"}]),  # the others agree here, as at 15
    ], course_code=("coursekit.tournament_optimal._backup", "coursekit.tournament_optimal.solve"), objective="10.2"),
    Question("10.q8", "the edge of a round before the first card, from the edges after it", "number", [
        Sweep("edge_after_card", first_cards, lambda first: float(edge_after_first_card(first)), tol=1e-9,
              reveal=False, label="edge_after_card(first) for every first card (hidden)",
              slips=[Slip("here a ten and then an ace is no natural; an ace and a ten are a natural in either order",
                          reference=lambda first: float(_natural_for_ace_first(first)))]),
        Case("edge_before({v: edge_after_card(v) for v in range(1, 11)})", edge_of_a_round,
             label="edge_before of your edge_after_card for the ten first cards", points=0, tol=1e-9,
             slips=BEFORE_SLIPS),
        Sweep("edge_before", edge_tables, edge_before_reference, points=2, tol=1e-9, public=False,
              label="edge_before(edges) on 12 hidden tables of edges", slips=[
                  Slip("this averages the ten first-card values equally; a ten-valued card (10, J, Q, K) comes 4 "
                       "times in 13", reference=lambda edges: sum(edges.values()) / 10),
                  Slip("this weights each of the ten values 1/13, leaving out J, Q and K; the ten-valued card's "
                       "chance is 4/13", reference=lambda edges: sum(edges.values()) / 13),
              ]),
    ], course_code=("coursekit.tournament_optimal.edge_by_first_card", "coursekit.tournament.round_edge"),
             objective="10.5"),
]
