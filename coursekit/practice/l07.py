"""Lesson 07's practice question: the exact win chance under random play for the moves {3, 5} (a faded example)."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from coursekit.grading.cases import Case, Question, Slip, Sweep
from coursekit.mcts import random_playout_value
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
