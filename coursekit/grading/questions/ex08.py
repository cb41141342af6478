"""Exercise set 08, Monte Carlo Tree Search (seed 003's outlook): UCB1, selection, what random playouts measure."""

from __future__ import annotations

import math
import random

from coursekit.grading.cases import Case, IsA, Question, Sweep, Written
from coursekit.grading.questions.ex07 import uniform_win_chance
from coursekit.subtraction import SEED_MOVES, SubtractionGame


def ucb1_reference(wins: float, visits: int, parent_visits: int, c: float = math.sqrt(2)) -> float:
    """UCB1: the win rate plus c * sqrt(ln(parent visits) / visits); infinite for an unvisited child."""
    if visits == 0:
        return math.inf
    return wins / visits + c * math.sqrt(math.log(parent_visits) / visits)


def select_reference(children: list, parent_visits: int) -> int:
    """The index of the child with the highest UCB1 (the first of equals)."""
    scores = [ucb1_reference(w, v, parent_visits) for w, v in children]
    return scores.index(max(scores))


def random_triples(count: int = 200, seed: int = 8) -> list[tuple]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        visits = rng.randint(1, 50)
        out.append((rng.randint(0, visits), visits, visits + rng.randint(0, 200), rng.choice([0.5, 1.0, 1.5])))
    return out


def random_children(count: int = 200, seed: int = 9) -> list[tuple]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        kids = []
        for _ in range(rng.randint(1, 4)):
            v = rng.randint(0 if rng.random() < 0.1 else 1, 30)
            kids.append((rng.randint(0, v), v))
        out.append((kids, max(1, sum(v for _, v in kids))))
    return out


def move_value(n: int, d: int) -> object:
    """Exact chance that the player subtracting d at n wins when both then play uniformly at random."""
    rest = n - d
    return 1 if rest == 0 else 0 if rest < 0 else 1 - uniform_win_chance(rest)


def misled_starts(limit: int = 60) -> int:
    """Winning starts 1 <= n <= limit where the move with the best random-playout value loses."""
    game = SubtractionGame()
    count = 0
    for n in range(1, limit + 1):
        wins = game.winning_moves(n)
        if wins:
            favourite = max(SEED_MOVES, key=lambda d: move_value(n, d))
            count += favourite not in wins
    return count


QUESTIONS = [
    Question("08.q1", "ucb1(wins, visits, parent_visits, c): the selection score", "function", [
        Case("ucb1(3, 4, 10)", lambda: ucb1_reference(3, 4, 10), tol=1e-9),
        Case("ucb1(5, 10, 100, c=0)", 0.5, tol=1e-12),
        Case("ucb1(0, 0, 5)", math.inf),
        Sweep("ucb1", random_triples, ucb1_reference, points=2, tol=1e-9, label="ucb1 on 200 random nodes"),
    ], course_code=('coursekit.mcts.ucb1',)),
    Question("08.q2", "select(children, parent_visits): the child UCB1 picks", "function", [
        Case("select([(1, 2), (0, 0)], 2)", 1, label="select([(1, 2), (0, 0)], 2): an unvisited child first"),
        Case("select([(3, 4), (1, 4)], 8)", 0),
        Case("select([(2, 4), (2, 4)], 8)", 0, label="select([(2, 4), (2, 4)], 8): the first of equals"),
        Case("select([(9, 10), (1, 2)], 12)", lambda: select_reference([(9, 10), (1, 2)], 12),
             label="select([(9, 10), (1, 2)], 12): exploration against exploitation"),
        Sweep("select", random_children, select_reference, points=2, label="select on 200 random nodes"),
    ], course_code=('coursekit.mcts.ucb1', 'coursekit.mcts.MCTS')),
    Question("08.q3", "the random-playout value of each move at n = 20", "number", [
        IsA("rollout_values_20", dict),
        Case("rollout_values_20", lambda: {d: move_value(20, d) for d in SEED_MOVES}, points=2),
    ]),
    Question("08.q4", "how many winning starts up to 60 does random play point the wrong way?", "number", [
        Case("misled_up_to_60", misled_starts, points=2),
    ]),
    Question("08.q5", "what do the six seeds support, and what would you measure next?", "written",
             [Written("why_budget_does_not_help")]),
]
