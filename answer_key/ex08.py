"""Exercise set 08, Monte Carlo Tree Search (source text 003's outlook): UCB1, selection, what playouts measure."""

from __future__ import annotations

import math
import random

from coursekit.grading.cases import Case, IsA, Question, Slip, Sweep, Written
from answer_key.ex07 import chance_by_rule, uniform_win_chance
from coursekit.subtraction import SOURCE_MOVES, SubtractionGame


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
    """Seeded lists of 1 to 5 (wins, visits) children (some unvisited, some tied twins), with the parent's visits."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        kids = []
        for _ in range(rng.randint(1, 4)):
            v = rng.randint(0 if rng.random() < 0.1 else 1, 30)
            kids.append((rng.randint(0, v), v))
        if rng.random() < 0.2:  # a twin of one child, placed after it: equal scores, the first must win
            i = rng.randrange(len(kids))
            kids.insert(rng.randint(i + 1, len(kids)), kids[i])
        out.append((kids, max(1, sum(v for _, v in kids))))
    return out


def move_value(n: int, d: int) -> object:
    """Exact chance that the player subtracting d at n wins when both then play uniformly at random."""
    rest = n - d
    return 1 if rest == 0 else 0 if rest < 0 else 1 - uniform_win_chance(rest)


def move_value_inputs(limit: int = 70) -> list[tuple]:
    """(n, d) for every start 1..limit and every move: small n reach exactly 0 and below it."""
    return [(n, d) for n in range(1, limit + 1) for d in SOURCE_MOVES]


def misled_starts(limit: int = 75, value=None, pick=max, winning_only: bool = True, wins_of=None) -> int:
    """Winning starts 1 <= n <= limit where the move with the best random-playout value loses.

    The switches make its slips: another `value(n, d)`, `pick=min`, every start counted (`winning_only=False`),
    another rule for the winning moves (`wins_of(n)`)."""
    game = SubtractionGame()
    value = value or move_value
    wins_of = wins_of or game.winning_moves
    count = 0
    for n in range(1, limit + 1):
        wins = wins_of(n)
        if wins or not winning_only:
            favourite = pick(SOURCE_MOVES, key=lambda d: value(n, d))
            count += favourite not in wins
    return count


# --- the common slips, computed here ----------------------------------------------------------------------------


def ucb1_no_exploration(wins: float, visits: int, parent_visits: int, c: float = math.sqrt(2)) -> float:
    """The slip of the win rate alone (no exploration term)."""
    return math.inf if visits == 0 else wins / visits


def ucb1_visits_swapped(wins: float, visits: int, parent_visits: int, c: float = math.sqrt(2)) -> float:
    """The slip of ln(visits) / parent_visits: child and parent visits mixed up in the bonus."""
    if visits == 0:
        return math.inf
    return wins / visits + c * math.sqrt(math.log(visits) / parent_visits)


def ucb1_no_sqrt(wins: float, visits: int, parent_visits: int, c: float = math.sqrt(2)) -> float:
    """The slip of forgetting the square root."""
    return math.inf if visits == 0 else wins / visits + c * math.log(parent_visits) / visits


def ucb1_log10(wins: float, visits: int, parent_visits: int, c: float = math.sqrt(2)) -> float:
    """The slip of a base-10 logarithm."""
    return math.inf if visits == 0 else wins / visits + c * math.sqrt(math.log10(parent_visits) / visits)


def ucb1_c_inside(wins: float, visits: int, parent_visits: int, c: float = math.sqrt(2)) -> float:
    """The slip of c under the square root."""
    return math.inf if visits == 0 else wins / visits + math.sqrt(c * math.log(parent_visits) / visits)


def ucb1_fixed_c(wins: float, visits: int, parent_visits: int, c: float = math.sqrt(2)) -> float:
    """The slip of ignoring the c given (always sqrt(2))."""
    return ucb1_reference(wins, visits, parent_visits)


def select_by(children: list, parent_visits: int, score=None, pick=max, last: bool = False) -> int:
    """The index of the child with the best `score(wins, visits)` (UCB1 by default), the first or `last` of equals."""
    score = score or (lambda w, v: ucb1_reference(w, v, parent_visits))
    scores = [score(w, v) for w, v in children]
    best = pick(scores)
    return len(scores) - 1 - scores[::-1].index(best) if last else scores.index(best)


def select_lowest(children: list, parent_visits: int) -> int:
    """The slip of min for max."""
    return select_by(children, parent_visits, pick=min)


def select_last_of_equals(children: list, parent_visits: int) -> int:
    """The slip of the last of equal scores (>= in a loop)."""
    return select_by(children, parent_visits, last=True)


def select_best_mean(children: list, parent_visits: int) -> int:
    """The slip of the best win rate (no exploration)."""
    return select_by(children, parent_visits, score=lambda w, v: math.inf if v == 0 else w / v)


def select_robust_child(children: list, parent_visits: int) -> int:
    """The slip of the most visited child (the robust child: how the final move is chosen, not selection)."""
    return select_by(children, parent_visits, score=lambda w, v: v)


def select_one_based(children: list, parent_visits: int) -> int:
    """The slip of counting children from 1."""
    return select_reference(children, parent_visits) + 1


def move_value_own_view(n: int, d: int) -> object:
    """The slip of the wrong point of view: the opponent's chance at n - d taken as the mover's."""
    rest = n - d
    return 1 if rest == 0 else 0 if rest < 0 else uniform_win_chance(rest)


def move_value_repaired_player(n: int, d: int) -> object:
    """The slip of playing on with question 1's repaired random player of exercise 07 (never below 0)."""
    rest = n - d
    return 1 if rest == 0 else 0 if rest < 0 else 1 - chance_by_rule(rest, safe_only=True)


def move_value_best_play(n: int, d: int) -> object:
    """The slip of best play afterwards: 1 for a winning move, 0 otherwise."""
    return int(d in SubtractionGame().winning_moves(n))


UCB1_SLIPS = [
    Slip("this is the win rate alone: UCB1 adds the exploration term c * sqrt(ln(parent_visits) / visits)",
         reference=ucb1_no_exploration),
    Slip("child and parent visits are mixed up: the bonus is ln of the parent's visits over the child's visits",
         reference=ucb1_visits_swapped),
    Slip("the exploration term takes a square root", reference=ucb1_no_sqrt),
    Slip("ln is the natural logarithm, math.log, not log10", reference=ucb1_log10),
    Slip("c multiplies the square root; it is not under it", reference=ucb1_c_inside),
    Slip("this always uses c = sqrt(2): use the c given", reference=ucb1_fixed_c),
]
SELECT_SLIPS = [
    Slip("this picks the lowest score; selection takes the highest UCB1", reference=select_lowest),
    Slip("on equal scores take the first child, not the last", reference=select_last_of_equals),
    Slip("this picks the best win rate (the best mean): selection adds the exploration term (UCB1)",
         reference=select_best_mean),
    Slip("this picks the most visited child (the robust child, how the final move is chosen); selection uses UCB1",
         reference=select_robust_child),
    Slip("indices count from 0: the first child is 0", reference=select_one_based),
]
VALUES_20 = "{d: move_value(20, d) for d in (3, 5, 11)}"
MISLED_TOPS = (75, 20, 40, 60, 100, 150)  # misled_up_to graded at these (hidden); 75 is the public question
VALUE_SLIPS = [
    Slip("after your move the chance at 20 - d is your opponent's (they move next): yours is 1 minus it",
         answer=lambda: {d: move_value_own_view(20, d) for d in SOURCE_MOVES}),
    Slip("this plays on with the repaired random player of exercise 07 (never below 0); here both players pick "
         "3, 5 or 11 uniformly", answer=lambda: {d: move_value_repaired_player(20, d) for d in SOURCE_MOVES}),
    Slip("these are the values under best play; the question asks for random play afterwards",
         answer=lambda: {d: move_value_best_play(20, d) for d in SOURCE_MOVES}),
    Slip("close, but the values should be exact Fractions",
         answer=lambda: {d: float(move_value(20, d)) for d in SOURCE_MOVES}, tol=1e-9),
]
MOVE_VALUE_SLIPS = [
    Slip("after your move the chance at n - d is your opponent's (they move next): yours is 1 minus it",
         reference=move_value_own_view),
    Slip("this plays on with the repaired random player of exercise 07 (never below 0); here both players pick "
         "3, 5 or 11 uniformly", reference=move_value_repaired_player),
    Slip("these are the values under best play; the question asks for random play afterwards",
         reference=move_value_best_play),
]
MISLED_SLIPS = [
    Slip("these move values take the chance at n - d as the mover's own; it is the opponent's (1 minus it)",
         answer=lambda: misled_starts(value=move_value_own_view)),
    Slip("this counts starts from which no win can be forced too; a misled start is a winning one",
         answer=lambda: misled_starts(winning_only=False)),
    Slip("this takes the move with the lowest value; random play favours the highest",
         answer=lambda: misled_starts(pick=min)),
]


def backup_by_rule(path: list, root_player: int, winner: int, swapped: bool = False, skip_root: bool = False,
                   visits_only: bool = False, every_win: bool = False) -> list:
    """One rollout's result added along a path of (wins, visits) from the root, with the slips as switches: the
    win credited to the player to move at the node (`swapped`), the root left alone, wins left alone, or a win
    added to every node."""
    out = []
    for k, (wins, visits) in enumerate(path):
        if k == 0 and skip_root:
            out.append((wins, visits))
            continue
        mover = root_player if k % 2 == 1 else 3 - root_player
        credited = (winner != mover) if swapped else (winner == mover)
        out.append((wins + (0 if visits_only else 1 if every_win else int(credited)), visits + 1))
    return out


def backup_reference(path: list, root_player: int, winner: int) -> list:
    """Every node's visits + 1, and its wins + 1 when the winner made the move into it."""
    return backup_by_rule(path, root_player, winner)


def backup_inputs() -> list[tuple]:
    """Seeded paths of 1 to 7 nodes whose counts shrink from the root down, both root players, both winners."""
    rng = random.Random(82)
    out = []
    for i in range(160):
        visits = rng.randint(1, 60)
        path = []
        for _ in range(rng.randint(1, 7)):
            path.append((rng.randint(0, visits), visits))
            visits = rng.randint(0, max(0, visits - 1))
        out.append((path, 1 + i % 2, 1 + (i // 2) % 2))
    return out


BACKUP_PATH = [(5, 9), (2, 4), (1, 2), (0, 0)]
BACKUP_SLIPS = [
    Slip("a node's wins count for the player who made the move into it, not the player to move there",
         reference=lambda p, r, w: backup_by_rule(p, r, w, swapped=True)),
    Slip("the root is on the path too: its visits go up by one", reference=lambda p, r, w: backup_by_rule(
        p, r, w, skip_root=True)),
    Slip("a node's wins go up when the winner made the move into it", reference=lambda p, r, w: backup_by_rule(
        p, r, w, visits_only=True)),
    Slip("only the winner's nodes gain a win: the moves alternate between the players", reference=lambda p, r, w:
         backup_by_rule(p, r, w, every_win=True)),
]


QUESTIONS = [
    Question("08.q1", "ucb1(wins, visits, parent_visits, c): the selection score", "function", [
        Case("ucb1(3, 4, 10)", lambda: ucb1_reference(3, 4, 10), tol=1e-9),
        Case("ucb1(5, 10, 100, c=0)", 0.5, tol=1e-12),
        Case("ucb1(0, 0, 5)", math.inf),
        Sweep("ucb1", random_triples, ucb1_reference, points=2, tol=1e-9, label="ucb1 on 200 random nodes",
              slips=UCB1_SLIPS),
    ], course_code=('coursekit.mcts.ucb1',), objective="08.1"),
    Question("08.q2", "select(children, parent_visits): the child UCB1 picks", "function", [
        Case("select([(1, 2), (0, 0)], 2)", 1, label="select([(1, 2), (0, 0)], 2): an unvisited child first"),
        Case("select([(3, 4), (1, 4)], 8)", 0),
        Case("select([(2, 4), (2, 4)], 8)", 0, label="select([(2, 4), (2, 4)], 8): the first of equals"),
        Case("select([(9, 10), (1, 2)], 12)", lambda: select_reference([(9, 10), (1, 2)], 12),
             label="select([(9, 10), (1, 2)], 12): exploration against exploitation"),
        Sweep("select", random_children, select_reference, points=2, label="select on 200 random nodes",
              slips=SELECT_SLIPS),
    ], course_code=('coursekit.mcts.ucb1', 'coursekit.mcts.MCTS'), objective="08.1"),
    Question("08.q3", "move_value(n, d), and the random-playout value of each move at n = 20", "number", [
        IsA(VALUES_20, dict, points=0, label="the values at n = 20 are a dict"),
        Case(VALUES_20, lambda: {d: move_value(20, d) for d in SOURCE_MOVES}, points=0, slips=VALUE_SLIPS,
             label="the values of the three moves at n = 20"),
        Sweep("move_value", move_value_inputs, move_value, points=3, label="move_value(n, d) for n = 1..70 (hidden)",
              slips=MOVE_VALUE_SLIPS),
    ], objective="09.1"),
    Question("08.q4", "misled_up_to(top): how many winning starts does random play point the wrong way?", "number", [
        Case("misled_up_to(75)", misled_starts, points=0, slips=MISLED_SLIPS),
        Sweep("misled_up_to", lambda: [(t,) for t in MISLED_TOPS], lambda top: misled_starts(limit=top), points=2,
              public=False, label=f"misled_up_to(top) for {len(MISLED_TOPS)} hidden tops", slips=[
                  Slip("this counts starts from which no win can be forced too; a misled start is a winning one",
                       reference=lambda top: misled_starts(limit=top, winning_only=False)),
                  Slip("this takes the move with the lowest value; random play favours the highest",
                       reference=lambda top: misled_starts(limit=top, pick=min)),
              ]),
    ], objective="09.1"),
    Question("08.q5", "what do the six seeds support, and what would you measure next?", "written",
             [Written("why_budget_does_not_help")], objective="08.3"),
    Question("08.q6", "backup(path, root_player, winner): one iteration's backpropagation by hand", "function", [
        Case(f"backup({BACKUP_PATH}, 1, 1)", lambda: backup_reference(BACKUP_PATH, 1, 1), points=0,
             slips=[Slip(s.says, answer=lambda s=s: s.reference(BACKUP_PATH, 1, 1)) for s in BACKUP_SLIPS]),
        Case(f"backup({BACKUP_PATH}, 1, 2)", lambda: backup_reference(BACKUP_PATH, 1, 2), points=0,
             slips=[Slip(s.says, answer=lambda s=s: s.reference(BACKUP_PATH, 1, 2)) for s in BACKUP_SLIPS]),
        Sweep("backup", backup_inputs, backup_reference, points=2, public=False,
              label=f"backup on {len(backup_inputs())} hidden paths", slips=BACKUP_SLIPS),
    ], course_code=('coursekit.mcts.MCTS',), objective="08.2"),
]
