"""Lesson 08's practice questions (one child's UCB1 score, a faded example; backpropagate as a Parsons problem) and
its prediction (issue 34)."""

from __future__ import annotations

import math
from functools import lru_cache

from coursekit.grading.cases import Case, Question, Slip
from coursekit.mcts import MCTS, outcome
from coursekit.search_yardsticks import hit_rates
from coursekit.practice.asks import PredictQuestion
from coursekit.stats import wilson_interval
from coursekit.subtraction import SubtractionGame

ROOT2 = math.sqrt(2)


def ucb1_score(wins: float, visits: int, parent_visits: int, c: float = ROOT2) -> float:
    """UCB1 as lesson 08 writes it: the child's win rate plus c times sqrt(ln N / n)."""
    return wins / visits + c * math.sqrt(math.log(parent_visits) / visits)


def no_root(wins: float, visits: int, parent_visits: int, c: float = ROOT2) -> float:
    """The slip of leaving out the square root."""
    return wins / visits + c * math.log(parent_visits) / visits


def swapped(wins: float, visits: int, parent_visits: int, c: float = ROOT2) -> float:
    """The slip of swapping the child's and the parent's visits under the root."""
    return wins / visits + c * math.sqrt(math.log(visits) / parent_visits)


def no_c(wins: float, visits: int, parent_visits: int, c: float = ROOT2) -> float:
    """The slip of leaving out the exploration constant c."""
    return wins / visits + math.sqrt(math.log(parent_visits) / visits)


def root_of_log_only(wins: float, visits: int, parent_visits: int, c: float = ROOT2) -> float:
    """The slip of a misplaced bracket: c * sqrt(ln N) / n, the root of the logarithm alone."""
    return wins / visits + c * math.sqrt(math.log(parent_visits)) / visits


NO_C = "c is missing: the bonus is c times the square root (the test with c=0 shows it)"
ROOT_OF_LOG = "a bracket slipped: the square root takes ln N / n, not ln N alone"
NO_ROOT = "the square root is missing: the bonus is c * sqrt(ln N / n)"
SWAPPED = "N and n swapped: the logarithm takes the parent's visits N, the division the child's visits n"
UCB1_CASES = [((1, 1, 3), {}), ((9, 29, 1000), {}), ((847, 947, 1000), {}), ((2, 4, 10), {"c": 0})]


def ucb1_case(args: tuple, options: dict) -> Case:
    """One practice test of ucb1_score, with its slips (those that give another number here)."""
    shown = ", ".join([*map(str, args), *(f"{k}={v}" for k, v in options.items())])
    right = ucb1_score(*args, **options)
    slips = [Slip(says, answer=wrong(*args, **options), tol=1e-9)
             for says, wrong in ((NO_C, no_c), (NO_ROOT, no_root), (ROOT_OF_LOG, root_of_log_only), (SWAPPED, swapped))
             if not math.isclose(wrong(*args, **options), right, rel_tol=1e-9)]
    return Case(f"ucb1_score({shown})", right, tol=1e-9, slips=slips)


def nodes(*pairs: tuple) -> list[dict]:
    """A path of nodes as the Parsons problem's dicts, from (visits, wins) pairs."""
    return [{"visits": v, "wins": w} for v, w in pairs]


def backpropagate(path: list, to_move: list, winner, root_too: bool = True, root_as_mover: bool = False,
                  mover_shift: int = 0, untouched: bool = False, wins_after_loop: bool = False) -> None:
    """Lesson 08's backpropagate on dict nodes (the flags make its slips)."""
    if untouched:
        return
    root = path[0]
    if root_too:
        root["visits"] += 1
        root["wins"] += outcome(winner, to_move[0]) if root_as_mover else 1 - outcome(winner, to_move[0])
    for node, mover in zip(path[1:], to_move[mover_shift:] if mover_shift else to_move):
        node["visits"] += 1
        if not wins_after_loop:
            node["wins"] += outcome(winner, mover)
    if wins_after_loop and len(path) > 1:
        node["wins"] += outcome(winner, mover)


def after(path: list, to_move: list, winner, **slip) -> list[tuple]:
    """The path's (visits, wins) after one backpropagation."""
    path = [dict(node) for node in path]
    backpropagate(path, to_move, winner, **slip)
    return [(node["visits"], node["wins"]) for node in path]


# a path 22 -> 17 -> 14 -> 3 (players 1, 2, 1, 2 to move there), as the tree held it before the iteration
PATH = ((10, 4.0), (6, 5.0), (4, 1.0), (1, 1.0))
TO_MOVE = (1, 2, 1, 2)
BACKPROP_SLIPS = (("nothing changed: the lines are still commented out (remove each #) or sit before the def",
                   {"untouched": True}),
                  ("only the last node got its wins: the line with node[\"wins\"] is not indented under the for",
                   {"wins_after_loop": True}),
                  ("the root gets a visit too, and the result for the opponent of the player to move there",
                   {"root_too": False}),
                  ("the root counts the result for the opponent of the player to move there (1 - outcome)",
                   {"root_as_mover": True}),
                  ("each node's wins go to the player to move there; they belong to the player who moved into it",
                   {"mover_shift": 1}))


def backprop_case(winner, label: str) -> Case:
    """One practice test of the learner's backpropagate on a copy of PATH, with the slips."""
    expr = (f"(lambda path: (backpropagate(path, {list(TO_MOVE)}, {winner}), "
            f"[(node['visits'], node['wins']) for node in path])[1])({nodes(*PATH)})")
    right = after(nodes(*PATH), list(TO_MOVE), winner)
    slips = [Slip(says, answer=after(nodes(*PATH), list(TO_MOVE), winner, **flags), tol=1e-12)
             for says, flags in BACKPROP_SLIPS if after(nodes(*PATH), list(TO_MOVE), winner, **flags) != right]
    return Case(expr, right, tol=1e-12, label=label, slips=slips)


QUESTIONS = [
    Question("08.p1", "ucb1_score(wins, visits, parent_visits, c): one child's UCB1", "function",
             cases=[ucb1_case(args, options) for args, options in UCB1_CASES]),
    Question("08.p2", "backpropagate(path, to_move, winner): the lines in order (a Parsons problem)", "function",
             cases=[backprop_case(1, "path 22 → 17 → 14 → 3, player 1 wins: (visits, wins) of each node after"),
                    backprop_case(2, "the same path, player 2 wins"),
                    backprop_case(None, "the same path, a draw (winner None: half a win each)")]),
]


# The lesson's accuracy experiment (issue 34's prediction 08.budget): every winning start from 12 to 100, six seeds.
BUDGET_STARTS, BUDGET_SEEDS = range(12, 101), tuple(range(6))


@lru_cache(maxsize=None)
def winning_start_hits(budget: int) -> tuple:
    """For each winning start 12..100, the share of six seeded searches of `budget` iterations that found a winning
    move (the lesson's hit_rates experiment)."""
    game = SubtractionGame()
    states = [game.start(n) for n in BUDGET_STARTS if not game.is_losing(n)]
    return tuple(hit_rates(game, states, lambda s: game.winning_moves(s.n), budget, seeds=BUDGET_SEEDS))


def budget_answer(small: int = 10, large: int = 1000) -> str:
    """How the share found at `large` iterations compares with `small`, read from their Wilson intervals."""
    def interval(budget: int) -> tuple:
        hits = winning_start_hits(budget)
        searches = len(hits) * len(BUDGET_SEEDS)
        return wilson_interval(round(sum(hits) * len(BUDGET_SEEDS)), searches)

    (low_s, high_s), (low_l, high_l) = interval(small), interval(large)
    if low_l > high_s:
        return "much more often"
    if high_l < low_s:
        return "less often"
    return "about as often"


def visits_answer(n: int = 22, iterations: int = 1000, seed: int = 1) -> str:
    """How the lesson's first search shares its visits among the moves at the root (the most visited one, when it
    has more than half of them)."""
    game = SubtractionGame()
    stats = MCTS(game, seed=seed).search(game.start(n), iterations)
    most = max(stats, key=lambda m: stats[m].visits)
    if stats[most].visits <= iterations / 2:
        return "about a third each"
    return f"most go to -{most}"


PREDICTIONS = [
    PredictQuestion(
        "08.visits", "MCTS runs 1000 iterations from 22. How will the visits be shared among -3, -5 and -11?",
        {"about a third each": "UCB1 does try every move, but it keeps sending iterations where the rollouts win "
                               "more often: the shares drift apart as the search goes on.",
         "most go to -5": "UCB1 sends each iteration to the move with the best score, and a move whose rollouts "
                          "win keeps the best score: the winning move collects most of the visits.",
         "most go to -11": "The biggest step is not the most tempting to UCB1: it follows the rollouts' wins, "
                           "and from 22 only one move wins with best play."},
        answer=visits_answer,
        then="Run the next cell: it runs the search and lists each move's visits; then open the answer under the "
             "picture.",
        tells=("by far the most visits", "most iterations where the wins were")),
    PredictQuestion(
        "08.budget", "Does MCTS with 1000 iterations find a winning first move more often than with 10?",
        {"much more often": "More samples make each estimate sharper, but only of what the rollouts measure: "
                            "if that is the wrong thing, a sharper estimate of it does not help.",
         "about as often": "The share barely moves from 10 to 1000 iterations, and the intervals overlap: "
                           "lesson 09 finds out why.",
         "less often": "A larger budget does not make the estimates worse; the shares differ by less "
                       "than their intervals."},
        answer=budget_answer,
        then="Run the next two cells: they run the searches (a few seconds) and plot the shares; then open the "
             "answer under them.",
        tells=("bring no gain", "stays around two thirds", "about two times in three", "no gain from more")),
]

TELLS = {"08.p2": ("root.visits += 1", "node.visits += 1", "root.wins += 1 - outcome(")}
