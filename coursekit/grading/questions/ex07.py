"""Exercise set 07, strategies and playouts (seed 003): the random player fixed, who won, exact random play."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from coursekit.grading.cases import Case, IsA, Probe, Question, Sweep, Written
from coursekit.subtraction import SEED_MOVES, playout, random_player, replay

SEED_FIGURE_8 = (50, 45, 42, 39, 34, 31, 26, 23, 18, 13, 10, 7, 4, 1, -2)  # seed 003, Abbildung 8


@lru_cache(maxsize=None)
def uniform_win_chance(n: int, moves: tuple = SEED_MOVES) -> Fraction:
    """Exact chance that the player to move at n wins when both players pick uniformly from all moves."""
    total = Fraction(0)
    for d in moves:
        rest = n - d
        total += 1 if rest == 0 else 0 if rest < 0 else 1 - uniform_win_chance(rest, moves)
    return total / len(moves)


def _moves_at(n: int, calls: int = 600) -> str:
    """An expression for the learner's side: `calls` moves of fixed_random_move at n with one seeded rng."""
    return f"(lambda rng: [fixed_random_move({n}, rng) for _ in range({calls})])(random.Random(7))"


def _counts(moves: list) -> dict:
    seen: dict = {}
    for d in moves:
        seen[d] = seen.get(d, 0) + 1
    return dict(sorted(seen.items(), key=lambda kv: _order(kv[0])))


def _order(value) -> tuple:
    """Numbers first in numeric order, then anything else by its repr (a learner may return anything)."""
    return (0, value, "") if type(value) is int else (1, 0, repr(value))


def _uses_every_move(moves: list) -> tuple:
    seen = _counts(moves)
    ok = set(seen) == {3, 5, 11} and all(0.25 < c / len(moves) < 0.42 for c in seen.values())
    return ok, "600 moves at n = 30", "3, 5 and 11, each about 1/3 of the time", seen


def _stays_at_or_above_zero(moves: list) -> tuple:
    seen = _counts(moves)
    return set(seen) == {3, 5}, "600 moves at n = 8", "3 and 5 (11 would go below 0)", sorted(seen, key=_order)


def random_courses(count: int = 150) -> list[tuple]:
    """Finished courses of seeded random games, as one-argument tuples."""
    return [(list(playout(random_player, random_player, seed=i).course),) for i in range(count)]


QUESTIONS = [
    Question("07.q1", "fixed_random_move(n, rng): the random player as the seed meant it", "function", [
        Case("fixed_random_move(11, random.Random(1))", 11),
        Case("fixed_random_move(5, random.Random(1))", 5),
        Case("fixed_random_move(4, random.Random(1))", 3),
        Case("fixed_random_move(2, random.Random(1))", 3),
        Probe("every move at n = 30", _moves_at(30), _uses_every_move, points=2),
        Probe("no move below 0 at n = 8", _moves_at(8), _stays_at_or_above_zero, points=1, public=False),
    ]),
    Question("07.q2", "winner(course): who won a finished game", "function", [
        Case("winner([22, 17, 12, 9, 6, 1, -2])", 1),
        Case("winner([8, 5, 0])", 2),
        Case("winner([11, 0])", 1),
        Case("winner([2, -1])", 2),
        Sweep("winner", random_courses, lambda course: replay(course).winner, points=2,
              label="winner on 150 random games"),
    ], course_code=('coursekit.subtraction.replay',)),
    Question("07.q3", "exact chance that player 1 wins from 22 when both play at random", "number", [
        IsA("p_first_wins_22", Fraction),
        Case("p_first_wins_22", lambda: uniform_win_chance(22), points=2),
    ], course_code=('coursekit.subtraction.random_player', 'coursekit.subtraction.playout')),
    Question("07.q4", "player 2's mistakes in the seed's Abbildung 8", "number", [
        Case("mistakes_player2", lambda: replay(SEED_FIGURE_8).mistakes(2), points=2),
    ]),
    Question("07.q5", "the R random player never subtracts 11: why?", "written", [Written("why_never_11")]),
]
