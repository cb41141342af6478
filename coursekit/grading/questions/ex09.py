"""Exercise set 09, MCTS grows up: game trees against distinct positions, tic-tac-toe, transpositions."""

from __future__ import annotations

import random

from coursekit.grading.cases import Case, Question, Sweep, Written
from coursekit.subtraction import SubtractionGame
from coursekit.tictactoe import TicTacToe, _line_winner


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


QUESTIONS = [
    Question("09.q1", "tree_size(n): nodes of the full 3-5-11 game tree", "function", [
        Case("tree_size(0)", 1),
        Case("tree_size(3)", 4),
        Case("tree_size(6)", 10),
        Case("tree_size(30)", lambda: tree_size_reference(30)),
        Sweep("tree_size", lambda: [(n,) for n in range(0, 61)], tree_size_reference, points=2,
              label="tree_size(n) for n = 0..60"),
    ]),
    Question("09.q2", "line_winner(board): three in a row", "function", [
        Case("line_winner('xxx.oo...')", "x"),
        Case("line_winner('x.ox.o..o')", "o"),
        Case("line_winner('xoxxoooxx')", None),
        Case("line_winner('.........')", None),
        Sweep("line_winner", random_boards, lambda board: _line_winner(tuple(board)), points=2,
              label="line_winner on 300 boards from random games"),
    ], course_code=('coursekit.tictactoe',)),
    Question("09.q3", "distinct positions reachable from n = 100", "number", [
        Case("positions_from_100", lambda: reachable(SubtractionGame(), SubtractionGame().start(100)), points=2),
    ]),
    Question("09.q4", "distinct tic-tac-toe positions reachable from the empty board", "number", [
        Case("ttt_positions", lambda: reachable(TicTacToe(), TicTacToe().start()), points=2),
    ]),
    Question("09.q5", "why transpositions rescue MCTS here", "written", [Written("why_transpositions")]),
]
