"""Lesson 03's practice question (a round's expected gain per euro bet, each result's gain times its chance) and its
predictions (issue 34)."""

from __future__ import annotations

from fractions import Fraction

from coursekit.blackjack import exact_outcomes
from coursekit.grading.cases import Case, Question, Slip
from coursekit.practice.asks import PredictQuestion
from coursekit.tournament import doubling_probability, round_edge, round_outcomes

GAIN = {"blackjack": Fraction(3, 2), "win": 1, "push": 0, "lose": -1}  # per euro bet, as lesson 03 writes it


def edge_with(gain: dict) -> Fraction:
    """The expected gain per euro bet with other gains per result (a slip's)."""
    return sum(gain[r] * p for r, p in round_outcomes().items())


QUESTIONS = [
    Question("03.p1", "the expected gain per euro bet of one tournament round", "number", cases=[
        Case("expected_gain", round_edge, tol=1e-9, slips=[
            Slip("this is the cell as given: replace the 0 by the gain of each result", answer=0),
            Slip("this adds the chances only (they sum to 1): multiply each chance by its gain first",
                 answer=lambda: sum(round_outcomes().values())),
            Slip("a blackjack is counted as an ordinary win: it pays 1.5 per euro bet",
                 answer=lambda: edge_with({**GAIN, "blackjack": 1})),
            Slip("a loss is counted as 0: a lost round costs the euro bet, a gain of -1",
                 answer=lambda: edge_with({**GAIN, "lose": 0})),
        ]),
    ]),
]

TELLS = {"03.p1": ("gain[name] * p", "about five cents per euro bet", "about -5 cents")}


def who_wins_more() -> str:
    """Who wins more games of source text 002 (one deck, both stand on 17), from the exact chances."""
    exact = exact_outcomes(decks=1)
    return "the dealer" if exact["lose"] > exact["win"] else "the player"


def best_stand_threshold() -> str:
    """The player's stand threshold from 12 to 20 with the best win - lose against a dealer on 17, one deck."""
    edge = {}
    for t in range(12, 21):
        result = exact_outcomes(decks=1, player_stands_at=t)
        edge[t] = result["win"] - result["lose"]
    return str(max(edge, key=edge.get))


PREDICTIONS = [
    PredictQuestion(
        "03.who-wins", "Both follow the same rule. Over many games, who wins more often?",
        {"neither": "Same rule, same chances? No: the player plays first, and a busted "
                    "player has lost before the dealer draws.",
         "the dealer": "The player busts first; when both would bust, the dealer wins.",
         "the player": "A player natural wins, but the dealer gets as many naturals."},
        answer=who_wins_more,
        then="Run the next cells: your 2,000 games count who wins; then open the answer under the ten runs.",
        tells=("lose: 48.9%", "48.9% lose", "Every run is negative", "Don't play Blackjack!", "loses 48.9%")),
    PredictQuestion(
        "03.stand-threshold",
        "Standing at which total gives the player the best result against a dealer standing on 17?",
        {"12": "Standing early avoids busts, but a dealer who must reach 17 beats a 12 too often.",
         "15": "A little below the dealer: fewer busts of your own, at the price of a few wins.",
         "17": "Copying the dealer looks fair, but the player busts first and loses at once.",
         "20": "Chasing high totals makes the player bust far too often."},
        answer=best_stand_threshold,
        then="Run the next two cells: they compute every threshold exactly; then open the answer under them.",
        tells=("15 is best", "threshold to 15", "No threshold makes the game fair")),
    PredictQuestion(
        "03.timid-or-bold",
        "Which style doubles 100€ more often, in a game where every round costs about 5 cents per euro?",
        {"timid": "Small bets lose slowly, but many small rounds give the house edge many chances.",
         "bold": "Few rounds: the house edge gets little time to work.",
         "the same": "The edge per euro bet is the same, but the euros bet over a tournament are not."},
        answer=lambda: max(("timid", "bold"), key=doubling_probability),
        then="Run the next cell: it solves the chain for both styles; then open the answer under the simulations.",
        tells=("gives the house edge many rounds to work", "lies above every fixed bet",
               "bold betting doubles 100€")),
]
