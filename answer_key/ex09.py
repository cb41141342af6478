"""Exercise set 09, MCTS grows up: game trees against distinct positions, tic-tac-toe, transpositions."""

from __future__ import annotations

import random

from coursekit.grading.cases import Case, Question, Slip, Sweep, Written
from coursekit.stats import wilson_interval
from coursekit.subtraction import SOURCE_MOVES, SubtractionGame
from coursekit.tictactoe import LINES, TicTacToe, line_winner


def tree_size_reference(n: int) -> int:
    """Nodes of the full 3-5-11 game tree from n, from coursekit."""
    return SubtractionGame().game_tree_size(n)


def reachable(game, state) -> int:
    """Distinct positions reachable from `state` (itself included), by a search over the game protocol."""
    seen, todo = {state}, [state]
    while todo:
        s = todo.pop()
        for move in game.moves(s):
            t = game.play(s, move)
            if t not in seen:
                seen.add(t)
                todo.append(t)
    return len(seen)


def random_boards(count: int = 300, seed: int = 9) -> list[tuple]:
    """Boards (as 9-character texts) from seeded random games stopped at a random move."""
    rng = random.Random(seed)
    game = TicTacToe()
    out = []
    for _ in range(count):
        s = game.start()
        for _ in range(rng.randint(0, 9)):
            if game.is_over(s):
                break
            s = game.play(s, rng.choice(game.moves(s)))
        out.append(("".join(s.cells),))
    return out


# --- the common slips, computed here ----------------------------------------------------------------------------


def tree_by_rule(n: int, leaf_below_zero_only: bool = False, count_leaves: bool = True,
                 count_inner: bool = True) -> int:
    """Nodes of the full 3-5-11 tree from n with its slips as switches: n = 0 not a leaf, leaves not counted, inner
    nodes not counted."""
    sizes: dict = {}
    for m in range(min(n, 0) - 11, n + 1):
        if m < 0 or (m == 0 and not leaf_below_zero_only):
            sizes[m] = int(count_leaves)
        else:
            sizes[m] = int(count_inner) + sum(sizes[m - d] for d in SOURCE_MOVES)
    return sizes[n]


def tree_zero_expands(n: int) -> int:
    """The slip of `if n < 0` as the leaf test: a position at exactly 0 gets children."""
    return tree_by_rule(n, leaf_below_zero_only=True)


def tree_leaves_only(n: int) -> int:
    """The slip of counting only the finished games (the leaves)."""
    return tree_by_rule(n, count_inner=False)


def tree_inner_only(n: int) -> int:
    """The slip of leaving the finished positions out."""
    return tree_by_rule(n, count_leaves=False)


def tree_without_root(n: int) -> int:
    """The slip of not counting the root."""
    return tree_size_reference(n) - 1


def winner_of_lines(board: str, lines: list, empty_wins: bool = False):
    """The first line of three equal cells among `lines` (empty cells too when `empty_wins`), else None."""
    for a, b, c in lines:
        if (empty_wins or board[a] != ".") and board[a] == board[b] == board[c]:
            return board[a]
    return None


def winner_no_diagonals(board: str):
    """The slip of leaving out the two diagonals."""
    return winner_of_lines(board, LINES[:6])


def winner_rows_only(board: str):
    """The slip of checking the rows only."""
    return winner_of_lines(board, LINES[:3])


def winner_empty_line(board: str):
    """The slip of a line of three empty cells counted as a win (of ".")."""
    return winner_of_lines(board, LINES, empty_wins=True)


def positions_by_rule(start: int = 100, finished: bool = True) -> int:
    """Distinct positions (number, player to move) from `start`; the slip: finished ones left out.

    (Every move is odd, so the number alone fixes the player to move: counting numbers only is not a slip here.)"""
    seen, todo = {(start, 1)}, [(start, 1)]
    while todo:
        n, player = todo.pop()
        if n <= 0:
            continue
        for d in SOURCE_MOVES:
            nxt = (n - d, 3 - player)
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return sum(1 for n, _ in seen if finished or n > 0)


def boards_by_rule(stop_at_wins: bool = True) -> int:
    """Distinct tic-tac-toe boards from the empty one; the slip: play on after three in a row."""
    start = "." * 9
    seen, todo = {start}, [start]
    while todo:
        board = todo.pop()
        if (stop_at_wins and line_winner(tuple(board))) or "." not in board:
            continue
        mark = "x" if board.count("x") == board.count("o") else "o"
        for i, cell in enumerate(board):
            if cell == ".":
                nxt = board[:i] + mark + board[i + 1:]
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
    return len(seen)


def finished_boards() -> int:
    """The boards where a game from the empty board ends (three in a row or full)."""
    game, seen, todo, ends = TicTacToe(), set(), [TicTacToe().start()], 0
    while todo:
        s = todo.pop()
        if s in seen:
            continue
        seen.add(s)
        if game.is_over(s):
            ends += 1
            continue
        todo += [game.play(s, m) for m in game.moves(s)]
    return ends


TREE_SLIPS = [
    Slip("a position at exactly 0 ends the game too: n <= 0 is a leaf with no children", reference=tree_zero_expands),
    Slip("these are only the finished games (the leaves); the tree's nodes are the root and every position after "
         "every sequence of moves", reference=tree_leaves_only),
    Slip("the finished positions (n <= 0) are nodes of the tree too", reference=tree_inner_only),
    Slip("the root counts as a node too", reference=tree_without_root),
]
LINE_SLIPS = [
    Slip("a line of three empty cells is no win: return None unless the three cells hold the same mark",
         reference=winner_empty_line),
    Slip("the two diagonals count too", reference=winner_no_diagonals),
    Slip("columns and diagonals count too, not only rows", reference=winner_rows_only),
]
def positions_reference(n: int) -> int:
    """Distinct 3-5-11 positions (number, player to move) reachable from n, n itself and the finished ones included."""
    return reachable(SubtractionGame(), SubtractionGame().start(n))


def boards_reference(board: str) -> int:
    """Distinct tic-tac-toe boards reachable from `board` (itself included; x moves when the counts are equal)."""
    return reachable(TicTacToe(), TicTacToe().start(board))


POSITION_STARTS = (100, 1, 3, 8, 20, 57, 150)  # positions_from graded at these (hidden); 100 is the public one
BOARDS = (".........", "x........", "....x....", "x...o....", "xo.......", "xx.oo....", "xox.o.x..",
          "xxxoo....", "xoxoxo...")  # boards_from graded from these (hidden); the empty board is the public one
POSITION_SLIPS = [
    Slip("this is the size of the full game tree (question 1); the question counts distinct positions",
         answer=lambda: tree_size_reference(100)),
    Slip("the finished positions (n <= 0) count too", answer=lambda: positions_by_rule(finished=False)),
    Slip("the start position counts too", answer=lambda: positions_by_rule() - 1),
]
BOARD_SLIPS = [
    Slip("a game stops at three in a row: no board comes after a win", answer=lambda: boards_by_rule(False)),
    Slip("this counts every way to fill nine cells with x, o or '.'; count only boards a game can reach",
         answer=3 ** 9),
    Slip("the empty board counts too", answer=lambda: boards_by_rule() - 1),
    Slip("these are only the boards where a game ends; count every board along the way too",
         answer=finished_boards),
]


def compare_by_rule(hits_a: int, n_a: int, hits_b: int, n_b: int, shares_only: bool = False, z: float = 1.96,
                    swapped: bool = False) -> str:
    """"A", "B" or "cannot tell", with the slips as switches: the bare shares compared (`shares_only`), another z,
    or the names swapped."""
    first, second = ("B", "A") if swapped else ("A", "B")
    if shares_only:
        a, b = hits_a / n_a, hits_b / n_b
        return first if a > b else second if b > a else "cannot tell"
    low_a, high_a = wilson_interval(hits_a, n_a, z)
    low_b, high_b = wilson_interval(hits_b, n_b, z)
    return first if low_a > high_b else second if low_b > high_a else "cannot tell"


def compare_reference(hits_a: int, n_a: int, hits_b: int, n_b: int) -> str:
    """The search whose 95% Wilson interval lies wholly above the other's, else "cannot tell"."""
    return compare_by_rule(hits_a, n_a, hits_b, n_b)


def compare_inputs() -> list[tuple]:
    """Seeded pairs of experiments, near and far apart, small and large, equal counts among them."""
    rng = random.Random(94)
    out = [(7, 10, 7, 10), (0, 5, 5, 5), (5, 5, 0, 5), (1, 1, 0, 1)]
    for _ in range(220):
        n_a, n_b = rng.choice((6, 20, 50, 100, 400)), rng.choice((6, 20, 50, 100, 400))
        share = rng.random()
        gap = rng.choice((0.0, 0.05, 0.1, 0.15, 0.2, 0.3, 0.5))
        share_b = min(1.0, max(0.0, share + rng.choice((-1, 1)) * gap))
        out.append((round(share * n_a), n_a, round(share_b * n_b), n_b))
    return out


COMPARE_SLIPS = [
    Slip("this compares the bare shares; a share says \"A\" or \"B\" only when the intervals do not overlap",
         reference=lambda *a: compare_by_rule(*a, shares_only=True)),
    Slip("this uses 90% intervals (z = 1.645); the question asks for 95% (z = 1.96)",
         reference=lambda *a: compare_by_rule(*a, z=1.645)),
    Slip("A and B are swapped: name the search whose interval lies above", reference=lambda *a: compare_by_rule(
        *a, swapped=True)),
]


QUESTIONS = [
    Question("09.q1", "tree_size(n): nodes of the full 3-5-11 game tree", "function", [
        Case("tree_size(0)", 1),
        Case("tree_size(3)", 4),
        Case("tree_size(6)", 10),
        Case("tree_size(30)", lambda: tree_size_reference(30)),
        Sweep("tree_size", lambda: [(n,) for n in range(0, 61)], tree_size_reference, points=2,
              label="tree_size(n) for n = 0..60", slips=TREE_SLIPS),
    ], objective="09.2"),
    Question("09.q2", "line_winner(board): three in a row", "function", [
        Case("line_winner('xxx.oo...')", "x"),
        Case("line_winner('x.ox.o..o')", "o"),
        Case("line_winner('xoxxoooxx')", None),
        Case("line_winner('.........')", None),
        Sweep("line_winner", random_boards, lambda board: line_winner(tuple(board)), points=2,
              label="line_winner on 300 boards from random games", slips=LINE_SLIPS),
    ], course_code=('coursekit.tictactoe',), objective="09.2"),
    Question("09.q3", "positions_from(n): distinct positions reachable from n, and from n = 100", "number", [
        Case("positions_from(100)", lambda: positions_reference(100), points=0, slips=POSITION_SLIPS),
        Sweep("positions_from", lambda: [(n,) for n in POSITION_STARTS], positions_reference, points=2, public=False,
              label=f"positions_from(n) at {len(POSITION_STARTS)} hidden starts", slips=[
                  Slip("this is the size of the full game tree (question 1); the question counts distinct positions",
                       reference=tree_size_reference),
                  Slip("the start position counts too", reference=lambda n: positions_reference(n) - 1),
              ]),
    ], objective="09.2"),
    Question("09.q4", "boards_from(board): distinct tic-tac-toe positions reachable, and from the empty board",
             "number", [
                 Case("boards_from('.........')", lambda: boards_reference("........."), points=0, slips=BOARD_SLIPS),
                 Sweep("boards_from", lambda: [(b,) for b in BOARDS], boards_reference, points=2, public=False,
                       label=f"boards_from(board) from {len(BOARDS)} hidden boards", slips=[
                           Slip("the board itself counts too", reference=lambda b: boards_reference(b) - 1),
                       ]),
             ], objective="09.2"),
    Question("09.q5", "why transpositions rescue MCTS here", "written", [Written("why_transpositions")],
             objective="09.3"),
    Question("09.q6", "compare_shares(hits_a, n_a, hits_b, n_b): which search finds the winning move more often?",
             "function", [
                 Case("compare_shares(27, 30, 15, 30)", "A", points=0, slips=[Slip(COMPARE_SLIPS[2].says, answer="B")]),
                 Case("compare_shares(8, 20, 16, 20)", "cannot tell", points=0,
                      slips=[Slip(COMPARE_SLIPS[0].says + " (at 95% these two overlap)", answer="B")]),
                 Sweep("compare_shares", compare_inputs, compare_reference, points=2, public=False,
                       label=f"compare_shares on {len(compare_inputs())} hidden pairs", slips=COMPARE_SLIPS),
             ], course_code=('coursekit.stats.wilson_interval',), objective="09.4"),
]
