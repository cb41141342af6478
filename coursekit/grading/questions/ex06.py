"""Exercise set 06, the 3-5-11 game (seed 003's own exercises): continue() for any move set, the mod-8 rule."""

from __future__ import annotations

import random

from coursekit.grading.cases import Case, IsA, Question, Sweep, Written
from coursekit.subtraction import SEED_RED_BELOW_80, SubtractionGame, optimal


def sets_reference(moves: tuple, limit: int) -> tuple:
    """The seed's sets A (red) and B (blue) below `limit`, from coursekit's backward induction."""
    game = SubtractionGame(moves)
    return game.losing_positions(limit), game.winning_positions(limit)


def random_move_sets(count: int = 60, seed: int = 6) -> list[tuple]:
    """Seeded random move sets of 1 to 4 distinct numbers from 1 to 15, each with a limit from 1 to 90."""
    rng = random.Random(seed)
    return [(tuple(sorted(rng.sample(range(1, 16), rng.randint(1, 4)))), rng.randint(1, 90)) for _ in range(count)]


QUESTIONS = [
    Question("06.q1", "continue_sets(moves, N): the seed's sets A and B for any move set", "function", [
        Case("continue_sets((3, 5, 11), 23)",
             ([0, 1, 2, 8, 9, 10, 16, 17, 18], [3, 4, 5, 6, 7, 11, 12, 13, 14, 15, 19, 20, 21, 22])),
        Case("continue_sets((3, 5, 11), 80)[0]", list(SEED_RED_BELOW_80),
             label="continue_sets((3, 5, 11), 80)[0], the set A the seed prints"),
        Case("continue_sets((3, 5), 80) == continue_sets((3, 5, 11), 80)", True,
             label="d = (3, 5) gives the same sets as (3, 5, 11) (the seed's exercise 2)"),
        Case("continue_sets((2,), 7)", ([0, 1, 4, 5], [2, 3, 6])),
        Sweep("continue_sets", random_move_sets, sets_reference, points=3,
              label="continue_sets on 60 random move sets"),
    ]),
    Question("06.q2", "best_move(n): the mod-8 rule of Table 2", "function", [
        Case("best_move(22)", 5),
        Case("best_move(44)", 3),
        Case("best_move(13)", 3),
        Case("best_move(16)", 3, label="best_move(16): red, no win; play 3 to last longest"),
        Sweep("best_move", lambda: [(n,) for n in range(1, 400)], optimal, points=2,
              label="best_move(n) for n = 1..399"),
    ], course_code=("coursekit.subtraction.optimal", "coursekit.subtraction.optimal_for",
                    "coursekit.subtraction.SubtractionGame")),
    Question("06.q3", "the period of the move set (3, 5, 8)", "number", [
        IsA("period_358", tuple),
        Case("period_358", lambda: SubtractionGame((3, 5, 8)).period(), points=2),
    ]),
    Question("06.q4", "how many start numbers 1..100 can B force a win from?", "number", [
        IsA("b_wins_up_to_100", int),
        Case("b_wins_up_to_100", lambda: sum(SubtractionGame().is_losing(n) for n in range(1, 101)), points=2),
    ]),
    Question("06.q5", "where could one see that 11 is not needed?", "written", [Written("why_11_is_not_needed")]),
]
