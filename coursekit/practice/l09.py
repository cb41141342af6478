"""Lesson 09's practice question (the positions reachable from a start, a faded copy of the lesson's loop) and its
predictions (issue 34)."""

from __future__ import annotations

from functools import lru_cache

from coursekit.grading.cases import Case, Question, Slip
from coursekit.exact_values import move_values, optimal_moves
from coursekit.search_yardsticks import accuracy_table, hit_rates
from coursekit.practice.asks import PredictQuestion
from coursekit.subtraction import SubtractionGame, wilson_interval
from coursekit.tictactoe import TicTacToe


def reachable(start: int, moves: tuple = (3, 5, 11), low: int = 1) -> set:
    """Every number from `low` up that moves can reach from start, the start included (low=0 makes the slip)."""
    reached, todo = {start}, [start]
    while todo:
        n = todo.pop()
        for d in moves:
            if n - d >= low and n - d not in reached:
                reached.add(n - d)
                todo.append(n - d)
    return reached


def without_start_or_zero(start: int, moves: tuple = (3, 5, 11)) -> set:
    """The slip of `if n - d >= 0` with the start left out: both mistakes at once."""
    return reachable(start, moves, low=0) - {start}


def without_start(start: int, moves: tuple = (3, 5, 11)) -> set:
    """The slip of leaving the start out."""
    return reachable(start, moves) - {start}


ZERO = "0 is in the set: a position with a move to make is 1 or more (0 ends the game)"
START = "the start is missing: it is a position too"
CASES = ((100, (3, 5, 11)), (60, (3, 5, 11)), (30, (3, 5)), (40, (3, 5, 8)))

QUESTIONS = [
    Question("09.p1", "reachable(start, moves): the positions with a move to make", "function", cases=[
        *(Case(f"len(reachable({start}, {moves}))", len(reachable(start, moves)), slips=[
            Slip(ZERO, answer=len(reachable(start, moves, low=0))),
            Slip(START, answer=len(without_start(start, moves)))]
            + ([Slip(ZERO + "; and " + START, answer=len(without_start_or_zero(start, moves)))]
               if len(without_start_or_zero(start, moves)) != len(reachable(start, moves)) else []))
          for start, moves in CASES),
        *(Case(f"sorted(set(range(1, {start + 1})) - reachable({start}, {moves}))",
               sorted(set(range(1, start + 1)) - reachable(start, moves)),
               label=f"the numbers 1..{start} that {moves} never reach from {start}",
               slips=[Slip(START, answer=sorted(set(range(1, start + 1)) - without_start(start, moves)))])
          for start, moves in CASES),
    ]),
]


# The lesson's experiments (every winning start 12..100 of the 3-5-11 game, six seeds), as the predictions ask them.
SEEDS = tuple(range(6))


def _game_and_states() -> tuple:
    game = SubtractionGame()
    return game, [game.start(n) for n in range(12, 101) if not game.is_losing(n)]


@lru_cache(maxsize=None)
def hits(budget: int, transpositions: bool = False, exploration: float = 2 ** 0.5) -> tuple:
    """Per winning start, the share of six seeded searches that found a winning move (the lesson's hit_rates)."""
    game, states = _game_and_states()
    options = {"transpositions": True} if transpositions else {}
    if exploration != 2 ** 0.5:
        options["exploration"] = exploration
    return tuple(hit_rates(game, states, lambda s: game.winning_moves(s.n), budget, seeds=SEEDS, **options))


def share(found_hits: tuple) -> tuple:
    """(share found, Wilson 95% interval) of all (start, seed) searches."""
    found, searches = round(sum(found_hits) * len(SEEDS)), len(found_hits) * len(SEEDS)
    return found / searches, wilson_interval(found, searches)


def always_found_residues() -> str:
    """The classes n mod 8 where all six seeds found a winning move from every start, at 1000 iterations."""
    game, states = _game_and_states()
    rates = hits(1000)
    classes = [r for r in (3, 4, 5, 6, 7)
               if all(h == 1 for s, h in zip(states, rates) if s.n % 8 == r)]
    return " and ".join(map(str, classes)) or "none"


def random_play_favourite(n: int = 62) -> str:
    """The move with the highest value under random play at n."""
    game = SubtractionGame()
    values = move_values(game, game.start(n))
    return f"-{max(values, key=values.get)}"


def merged_share() -> str:
    """With transpositions at 1000 iterations: the choice that names the share found."""
    rate, _ = share(hits(1000, transpositions=True))
    plain, _ = share(hits(1000))
    return "all of them" if rate == 1 else "about two thirds" if abs(rate - plain) < 0.05 else "about 85%"


def best_exploration() -> str:
    """Which constant finds the most winning moves at 300 iterations with transpositions, as the intervals say."""
    root2 = 2 ** 0.5
    found = {c: share(hits(300, transpositions=True, exploration=c)) for c in (0.25, 0.7, root2, 3.0)}
    best_low = max(found[0.7][1][0], found[root2][1][0])
    if found[0.25][1][1] < best_low and found[3.0][1][1] < best_low:
        return "c = 0.7 or √2"
    top = max(found, key=lambda c: found[c][0])
    return {0.25: "c = 0.25", 3.0: "c = 3"}.get(top, "c = 0.7 or √2")


def tictactoe_more_helps() -> str:
    """Whether plain MCTS keeps tic-tac-toe's value clearly more often at 200 iterations than at 50."""
    ttt = TicTacToe()
    start = ttt.start()
    positions = sorted({ttt.play(ttt.play(start, a), b) for a in range(9) for b in range(9) if a != b})
    answers = {s: optimal_moves(ttt, s) for s in positions}
    shares = accuracy_table(ttt, positions, answers.__getitem__, [50, 200], {"plain UCT": {}},
                            seeds=(0, 1, 2))["plain UCT"]
    searches = len(positions) * 3
    (_, high50), (low200, _) = (wilson_interval(round(a * searches), searches) for a in shares)
    return "yes" if high50 < low200 else "no"


PREDICTIONS = [
    PredictQuestion(
        "09.residue", "For which starts (by n mod 8) will all six seeds always find a winning move at 1000 "
                      "iterations?",
        {"3 and 4": "Two of the three moves win there (-3 and -11), but the search still often picks the "
                    "third, losing one.",
         "5": "From n mod 8 = 5 every move wins (-3, -5 and -11 all reach a red number): nothing can go wrong.",
         "none": "One class cannot fail: where every move wins, any move the search picks is right."},
        answer=always_found_residues,
        then="Run the next two cells: the dots by start, then the share by n mod 8; then open the answer.",
        tells=("With n mod 8 = 5 every move wins", "every move wins (−3, −5 and −11")),
    PredictQuestion(
        "09.rollouts-62", "At n = 62, which move has the highest value under random play (what rollouts measure)?",
        {"-3": "Random play gives -3 the edge, although it loses against best play: the rollouts measure "
               "the wrong thing.",
         "-5": "-5 is the only winning move with best play, but rollouts measure random play.",
         "-11": "-11 jumps furthest, but it has the lowest random-play value of the three."},
        answer=random_play_favourite,
        then="Run the next cell: it lists the three values."),
    PredictQuestion(
        "09.merged", "With transpositions, what share of the 336 searches at 1000 iterations finds a winning move?",
        {"about two thirds": "That is plain UCT's share; merging the copies of a position changes what "
                             "the statistics can learn.",
         "about 85%": "Better, but the merged statistics go further at 1000 iterations.",
         "all of them": "Each position collects the visits of all its move orders, so the values near the end "
                        "become reliable and reach the root."},
        answer=merged_share,
        then="Run the next cells: they run the searches (several seconds) and plot them; then open the answer.",
        tells=("finds the winning move from every start", "from every winning start, with each of six seeds")),
    PredictQuestion(
        "09.exploration", "Which exploration constant finds the most winning moves at 300 iterations?",
        {"c = 0.25": "A small c trusts early win rates too soon and stops looking at the other moves.",
         "c = 0.7 or √2": "The middle values; these runs cannot tell the two apart.",
         "c = 3": "A large c spreads the budget almost evenly and learns slowly."},
        answer=best_exploration,
        then="Run the next cell: it searches with each constant; then open the answer under it.",
        tells=("Both extremes are worse", "both extremes clearly below")),
    PredictQuestion(
        "09.tictactoe", "In tic-tac-toe, does plain MCTS keep the value more often with 200 iterations than with 50?",
        {"yes": "In tic-tac-toe a random game tends to be won by the side with the better position, so "
                "rollouts point the right way and more of them help.",
         "no": "That was the 3-5-11 game, where random play and best play disagree; here they mostly agree."},
        answer=tictactoe_more_helps,
        then="Run the next cell: it runs the searches; then open the answer under it.",
        tells=("More iterations help here", "where more iterations do help")),
]
