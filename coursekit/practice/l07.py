"""Lesson 07's practice question (the exact win chance under random play for the moves {3, 5}, a faded example) and
its predictions (issue 34)."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from coursekit import subtraction
from coursekit.grading.cases import Case, Question, Slip, Sweep
from coursekit.exact_values import random_playout_value
from coursekit.practice.asks import GuessQuestion, PredictQuestion
from coursekit.subtraction import SubtractionGame

GAME = SubtractionGame((3, 5))


def win35(n: int) -> Fraction:
    """The chance that the player to move at n wins when both pick 3 or 5 uniformly at random (the course's)."""
    return random_playout_value(GAME, GAME.start(n))


@lru_cache(maxsize=None)
def no_turn(n: int) -> Fraction:
    """The slip of forgetting that the position after a move is the opponent's: win(n - d), not 1 - win(n - d)."""
    return Fraction(sum(1 if n - d == 0 else 0 if n - d < 0 else no_turn(n - d) for d in (3, 5)), 2)


@lru_cache(maxsize=None)
def below_wins(n: int) -> Fraction:
    """The slip of counting a move below 0 as a win."""
    return Fraction(sum(1 if n - d <= 0 else 1 - below_wins(n - d) for d in (3, 5)), 2)


def starts() -> list[tuple]:
    """Every n from 1 to 40, as one-argument tuples."""
    return [(n,) for n in range(1, 41)]


TURN = "the position after a move is the opponent's: the mover wins with 1 - win(n - d), not win(n - d)"
BELOW = "a move below 0 loses (only making exactly 0 wins)"

QUESTIONS = [
    Question("07.p1", "win35(n): the chance to win under random play with the moves 3 and 5", "function", cases=[
        Case("win35(2)", lambda: win35(2), slips=[Slip(BELOW, answer=lambda: below_wins(2))]),
        *(Case(f"win35({n})", lambda n=n: win35(n), slips=[Slip(TURN, answer=lambda n=n: no_turn(n)),
                                                           Slip(BELOW, answer=lambda n=n: below_wins(n))])
          for n in (6, 9)),
        Sweep("win35", starts, win35, public=True, label="win35(n) for n = 1..40",
              slips=[Slip(TURN, reference=no_turn), Slip(BELOW, reference=below_wins)]),
    ]),
]

# what the course's drawing makes of each verdict (lesson 07, "One playout, drawn as the article draws it")
EDGE_COLOUR = {"win": "blue", "mistake": "vermillion", "no win": "black"}
FIGURE_8 = (50, 45, 42, 39, 34, 31, 26, 23, 18, 13, 10, 7, 4, 1, -2)  # source text 003's Abbildung 8


def mixed_threes_at_40(p: float = 0.9) -> str:
    """How often mixed(p) subtracts 3 at 40, as a whole percentage: p times optimal's chance of 3, plus (1 - p)
    times the random player's."""
    optimal_3 = subtraction.optimal(40) == 3
    chance = p * optimal_3 + (1 - p) * float(subtraction.random_chances(40)[3])
    return f"{chance:.0%}"


def colour_at_7() -> str:
    """The colour the course draws player 2's move at 7 in Abbildung 8's game."""
    figure_8 = subtraction.replay(list(FIGURE_8))
    verdict = dict(zip(figure_8.course, figure_8.verdicts()))[7]
    return EDGE_COLOUR[verdict]


@lru_cache(maxsize=None)
def lesson_tournament() -> subtraction.Tournament:
    """The lesson's tournament: four strategies, every start from 20 to 50 from both sides, 10 times, seed 7."""
    players = {"optimal": subtraction.optimal, "mixed(0.9)": subtraction.mixed(0.9),
               "mixed(0.5)": subtraction.mixed(0.5), "random": subtraction.random_player}
    return subtraction.tournament(players, starts=range(20, 51), rounds=10, seed=7)


def optimal_vs_random_percent() -> float:
    """Optimal's share of its games against random in the lesson's tournament, in percent to one decimal."""
    return round(100 * lesson_tournament().rate("optimal", "random"), 1)


def bug_1_verdict() -> str:
    """What 1,240 games (seed 5) say about the intended random player against the article's, as the choice reads."""
    low, high = subtraction.match(subtraction.random_player, subtraction.source_random_player,
                                  starts=range(20, 51), rounds=20, seed=5).interval
    if low > 0.5:
        return "yes, clearly"
    return "the buggy one wins clearly" if high < 0.5 else "no: the interval contains 50%"


def wrong_winner_share() -> str:
    """In how many of 2,000 games (seeds 0..1999) between the article's random players the R code names the wrong
    winner, as the choice reads."""
    games = [subtraction.source_playout(subtraction.source_random_player, subtraction.source_random_player,
                                        range(20, 51), seed=s) for s in range(2000)]
    wrong = sum(g.wrong for g in games)
    if wrong == 0:
        return "none"
    if wrong > len(games) / 2:
        return "more than half"
    if wrong < len(games) / 4:
        return "about one in ten"
    raise ValueError(f"{wrong} of {len(games)} wrong winners fits none of the choices")


PREDICTIONS = [
    PredictQuestion(
        "07.mixed-at-40", "How often does mixed(0.9) subtract 3 at n = 40?",
        {"90%": "The optimal move is played with probability 0.9, but the random move is 3 a third of the "
                "time too: the two chances add (addition rule).",
         "93%": "0.9 from the optimal move plus 0.1 x 1/3 from the random one: the addition rule for two "
                "cases that cannot both happen, each a product (multiplication rule).",
         "33%": "That is the random player alone; mixed(0.9) plays the optimal 3 most of the time."},
        answer=mixed_threes_at_40, then="Run the next cell: it draws 3,000 moves; the note under it adds up.",
        tells=("0.9 + 0.1/3", "0.9 + 0.1 × 1/3")),
    PredictQuestion(
        "07.colour-of-7", "In the course's drawing of this game, what colour is player 2's move at 7?",
        {"blue": "Blue is the article's colour for a mistake; the course draws a right move blue.",
         "vermillion": "A mistake: player 2 could force a win at 7 and did not. The course draws mistakes "
                       "vermillion.",
         "black": "Black is for a move where no win was available; at 7 (remainder 7) a win was there."},
        answer=colour_at_7, then="Run the next two cells: they replay the printed course and draw it.",
        tells=("the only vermillion edge", "(7, 'mistake')")),
    GuessQuestion(
        "07.optimal-share", "What percentage of its games against random does optimal win?",
        answer=optimal_vs_random_percent, close=0.05, unit="%",
        high="Optimal cannot win every game: facing a red number it must wait for a slip, and now and then random "
             "finds the red number at every one of its moves.",
        low="Optimal wins every game in which it can force a win, and most of the others too: random has to find "
            "the red number at every one of its moves, and one slip hands optimal the game for good.",
        explain="Optimal loses only the games in which random, holding the win, finds the red number at every one "
                "of its moves.",
        then="Run the next cells: they run the tournament and show optimal's record against random.",
        tells=("591 of 620",)),
    PredictQuestion(
        "07.bug-1", "Over 1,240 games, can the intended random player be told apart from the article's?",
        {"yes, clearly": "Leaving out 11 changes how the games look, but 11 acts like 3 (11 mod 8 = 3): "
                         "it removes no winning option, so the effect is small.",
         "no: the interval contains 50%": "The difference is under one point, far inside a 1,240-game "
                                          "interval; the exact calculation below finds it anyway.",
         "the buggy one wins clearly": "Its moves are still random; it is not better or worse by much."},
        answer=bug_1_verdict,
        then="Run the next cell: it plays the 1,240 games; the note under it says what they show.",
        tells=("The interval contains 50%", "cannot tell the two players apart", "cannot resolve a gap")),
    PredictQuestion(
        "07.wrong-share", "In what share of 2,000 games between the article's random players is the R winner wrong?",
        {"none": "All four printed games end below 0, so the bug never showed there; but every game that "
                 "ends exactly at 0 gets the wrong winner.",
         "about one in ten": "Ending exactly at 0 is common: the article's random player makes 0 whenever one "
                             "move can.",
         "more than half": "Every game that ends exactly at 0 gets the wrong winner, and the article's random "
                           "player makes 0 whenever one move can: most games end there."},
        answer=wrong_winner_share, then="Run the next cell: it plays the 2,000 games.",
        tells=("1127 of 2000",)),
]

TELLS = {"07.p1": ("1 - win35(n - d)", "Fraction(sum(results), 2)")}
