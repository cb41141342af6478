"""Lesson 10's practice question (the chance before the first card from the chances after it, a chance node) and its
predictions (issue 34)."""

from __future__ import annotations

from coursekit.cards import RANKS
from coursekit.grading.cases import Case, Question, Slip
from coursekit.practice.asks import GuessQuestion, PredictQuestion
from coursekit.tournament import optimal_strategy


def after_card(bankroll: float = 100) -> dict:
    """The optimal player's chance to win after each first card, by rank (what the lesson's cell shows)."""
    best = optimal_strategy()
    return {rank: best.chance_after_card(bankroll, rank) for rank in RANKS}


def before_card(bankroll: float = 100) -> float:
    """The law of total probability over the 13 equally likely ranks (four of them worth ten)."""
    chances = after_card(bankroll)
    return sum(chances.values()) / len(chances)


def by_value(bankroll: float = 100) -> float:
    """The slip of averaging the ten card values as if equally likely (ten-valued cards once, not four times)."""
    chances = after_card(bankroll)
    values = [chances[r] for r in RANKS if r not in ("J", "Q", "K")]
    return sum(values) / len(values)


def best_card(bankroll: float = 100) -> float:
    """The slip of taking the best first card, as if the player chose it."""
    return max(after_card(bankroll).values())


QUESTIONS = [
    Question("10.p1", "the chance to win from 100€, before the first card", "number", cases=[
        Case("chance_before_card", before_card, tol=1e-9, label="chance_before_card", slips=[
            Slip("each value 1..10 was weighed alike, but 10, J, Q and K all count ten: 4 chances in 13",
                 answer=by_value, tol=1e-9),
            Slip("this is the best first card's chance: chance deals the card, you do not choose it",
                 answer=best_card, tol=1e-9),
            Slip("these are the rounded numbers printed above: use best.chance_after_card(100, rank) itself",
                 test=lambda x: isinstance(x, float) and x != before_card() and abs(x - before_card()) < 1e-4),
        ]),
    ]),
]


def optimum_percent() -> float:
    """The best chance to double 100€, in %: the optimal bets after the first card and the optimal play."""
    return 100 * optimal_strategy().probability


def biggest_bet_card(bankroll: float = 100) -> str:
    """The first card after which the best player bets the most at `bankroll`, as the choice reads."""
    best = optimal_strategy()
    bets = {rank: best.bet(bankroll, rank) for rank in RANKS}
    top = max(bets.values())
    cards = [rank for rank, bet in bets.items() if bet == top]
    if len(cards) == len(RANKS):
        return "the same after every card"
    return {"A": "an ace", "6": "a 6"}.get(cards[0], "a ten (10, J, Q, K)")


def stand_after_ace(bankroll: float = 100) -> str:
    """The lowest hard total the best player stands on at `bankroll`, with the bet it places after an ace."""
    best = optimal_strategy()
    return str(best.stand_from(bankroll, best.bet(bankroll, "A"))[0])


def search_limit() -> str:
    """Where the search player's chance goes with an infinite budget: its exact limit against the optimum and bold."""
    from coursekit.tournament import doubling_probability
    from coursekit.tournament_search import limit_probability

    limit, optimum = limit_probability(), optimal_strategy().probability
    if limit >= optimum - 1e-6:
        return "to the optimum"
    if limit <= doubling_probability("bold", "dealer") + 1e-6:
        return "nowhere: it stays at bold's level"
    return "to a limit below the optimum"


PREDICTIONS = [
    GuessQuestion(
        "10.optimum", "Bold betting with the dealer's play doubles 100€ with chance 45.7%. Betting after seeing the "
                      "first card and playing every hand as well as possible: what is the best chance, in %?",
        answer=optimum_percent, close=0.1, unit="%",
        high="Lower: most first cards (2 to 9) make a round the player loses on average, and after them the best "
             "player can only bet small; the practice below averages the chances after each card.",
        low="Higher: seeing the card lets the player bet big only when the round favours them, which no "
            "card-blind betting can do; the practice below averages the chances after each card.",
        explain="The law of total probability over the first card gives it, and section 3 computes it beside "
                "timid and bold betting.",
        then="Run the next cells: they list the chance after each first card, and the practice check asks you "
             "to combine them.",
        tells=("about two in three", "two in three")),
    PredictQuestion(
        "10.ace-bet", "At 100€, after which first card does the best player bet the most?",
        {"a ten (10, J, Q, K)": "A ten often makes 20, but another card is better: think of what a natural "
                                "pays and which hands cannot bust on the next card.",
         "a 6": "6 is a weak card for the dealer in casino blackjack; here it is your own first card, and "
                "hands of 16 are bad for you.",
         "an ace": "After an ace the round favours the player: a ten-valued card next (4 in 13) is a natural "
                   "paying 3:2, and a soft hand cannot bust on the next card.",
         "the same after every card": "That is card-blind betting; some first cards make the round "
                                      "favourable, and the bet follows them."},
        answer=biggest_bet_card,
        then="Run the next cells: the picture of every best bet, then the bets as numbers; then open the answer.",
        tells=("after an ace it bets big", "Why the ace?", "+49% per euro", "by about 49 cents")),
    PredictQuestion(
        "10.stand", "At 100€ after an ace the best player places its bet (section 4). From which hard total does "
                    "it stand?",
        {"17": "That is the dealer's rule. The dealer must; the player may stand earlier when the dealer is "
               "likely to bust.",
         "15": "Standing on 15 and 16 keeps the player's hand alive for the dealer's busts.",
         "12": "A hand of 12 busts only on a ten-valued card (4 in 13); standing there loses too often."},
        answer=stand_after_ace,
        then="Run the next cell: it reads the best player's table; then open the answer under it.",
        tells=("stands on hard 15", "stand on hard 15", "(15, 18)")),
    PredictQuestion(
        "10.search-limit", "With more and more playouts per leaf, where does the search player's chance to win go?",
        {"to the optimum": "More playouts make each leaf's value exact, but exact values of what? "
                           "Of bold play from there: the search improves one step on its playouts.",
         "to a limit below the optimum": "Its leaves become bold play's exact values, so it becomes "
                                         "'best move now, bold play afterwards'.",
         "nowhere: it stays at bold's level": "It searches the round with chance nodes and picks the best of "
                                              "five bets: that already beats bold play."},
        answer=search_limit,
        then="Run the next cells: they check the playouts' law, play 500 tournaments at each budget, then compute the "
             "limit.",
        tells=("converges to it, not to the optimum", "stays well below the optimum",
               "converges to one step of policy")),
]
