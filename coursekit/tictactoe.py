"""Tic-tac-toe (noughts and crosses, German "Tic-Tac-Toe" or "Drei gewinnt") in the game protocol of coursekit.mcts.

A state is `Board(cells, player)`: nine cells read row by row ("x", "o" or "." for empty) and the player to move
("x" moves first). A move is the index 0..8 of an empty cell:

    0 | 1 | 2
    3 | 4 | 5
    6 | 7 | 8

Three in a row wins; a full board without a line is a draw (`winner` is None). The arena's referee plays the same
object (coursekit.game_protocol): `observe(state)` -> `{"board": "x.o......", "player": "x"}`, `check`, `score`.
"""

from __future__ import annotations

from typing import NamedTuple, Optional

from coursekit.game_protocol import BadMove, shown

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
PLAYERS = ("x", "o")
LINES_THROUGH = tuple(tuple(line for line in LINES if cell in line) for cell in range(9))


class Board(NamedTuple):
    """A tic-tac-toe position: nine cells ("x", "o", ".") and the player to move."""

    cells: tuple
    player: str

    def __str__(self) -> str:
        rows = [" ".join(self.cells[r * 3:r * 3 + 3]) for r in range(3)]
        return "\n".join(rows)


_WINNERS: dict = {}   # cells -> "x", "o" or "" (no line); tic-tac-toe has only 5478 legal boards


def line_winner(cells: tuple) -> Optional[str]:
    got = _WINNERS.get(cells)
    if got is None:
        got = ""
        for a, b, c in LINES:
            v = cells[a]
            if v != "." and v == cells[b] == cells[c]:
                got = v
                break
        _WINNERS[cells] = got
    return got or None


class TicTacToe:
    """Tic-tac-toe with the protocol start, moves, play, is_over, winner, to_move (and the optional rollout)."""

    def __repr__(self) -> str:
        return "TicTacToe()"

    def start(self, board: str = "") -> Board:
        """A position from a text of up to nine cells ("x", "o", "." or "-"; spaces and | ignored); "" is empty."""
        if not isinstance(board, str):
            raise ValueError(f"board must be a text like 'x.o......', not {board!r}")
        text = [ch for ch in board.lower() if ch not in " |\n/"]
        text = ["." if ch == "-" else ch for ch in text]
        bad = [ch for ch in text if ch not in "xo."]
        if bad:
            raise ValueError(f"board may contain only x, o and . (empty), not {bad[0]!r}")
        if len(text) > 9:
            raise ValueError(f"board has {len(text)} cells; tic-tac-toe has 9")
        cells = tuple(text + ["."] * (9 - len(text)))
        xs, os_ = cells.count("x"), cells.count("o")
        if not (xs == os_ or xs == os_ + 1):
            raise ValueError(f"board {''.join(cells)!r} has {xs} x and {os_} o; x moves first, so x = o or o + 1")
        return Board(cells, "x" if xs == os_ else "o")

    def moves(self, state: Board) -> tuple:
        """The empty cells (none once the game is over)."""
        cells = state.cells
        if line_winner(cells) is not None:
            return ()
        return tuple(i for i in range(9) if cells[i] == ".")

    def play(self, state: Board, move: int) -> Board:
        """Put the mover's mark on cell `move`."""
        cells = state.cells
        if not isinstance(move, int) or not 0 <= move <= 8 or cells[move] != ".":
            raise ValueError(f"move must be an empty cell 0..8, not {move!r}")
        player = state.player
        return Board(cells[:move] + (player,) + cells[move + 1:], "o" if player == "x" else "x")

    def is_over(self, state: Board) -> bool:
        """A line of three, or a full board."""
        return "." not in state.cells or line_winner(state.cells) is not None

    def winner(self, state: Board) -> Optional[str]:
        """"x" or "o" for a line of three, None for a draw or a game still running."""
        return line_winner(state.cells)

    def to_move(self, state: Board) -> str:
        """The player whose mark goes down next."""
        return state.player

    # --- refereed (coursekit.game_protocol): the arena plays this same object --------------------------------
    seats = 2

    def seat(self, state: Board) -> int:
        """The seat (0 or 1) that decides next: "x" sits at seat 0."""
        return 0 if state.player == "x" else 1

    def observe(self, state: Board) -> dict:
        """What the player to move is shown: {"board": nine cells as text, "player": "x" or "o"}."""
        return {"board": "".join(state.cells), "player": state.player}

    def check(self, state: Board, move: object) -> int:
        """The move as the rules take it: an int 0..8 naming an empty cell; BadMove otherwise."""
        if isinstance(move, bool) or not isinstance(move, int):
            raise BadMove("garbage", f"answered {shown(move)} ({type(move).__name__}); a move is a cell 0..8")
        if not 0 <= move <= 8 or state.cells[move] != ".":
            raise BadMove("illegal", f"chose cell {move} on {''.join(state.cells)!r}; the empty cells are "
                                     f"{self.moves(state)}")
        return move

    def score(self, state: Board) -> float:
        """Seat 0's points of a finished game: 1 when x has a line, 0 when o has, 0.5 for a draw."""
        winner = self.winner(state)
        return 0.5 if winner is None else 1.0 if winner == "x" else 0.0

    def rollout(self, state: Board, rng) -> Optional[str]:
        """The optional fast protocol method: the winner of uniformly random play from state (mcts.random_rollout's
        moves, one rng.random() each), on a list of cells with only the new mark's lines checked."""
        winner = line_winner(state.cells)
        cells, player, draw = list(state.cells), state.player, rng.random
        empty = [i for i in range(9) if cells[i] == "."]  # moves() order: the empty cells, lowest first
        while winner is None and empty:
            cell = empty.pop(int(draw() * len(empty)))
            cells[cell] = player
            for a, b, c in LINES_THROUGH[cell]:
                if cells[a] == cells[b] == cells[c]:
                    winner = player
                    break
            player = "o" if player == "x" else "x"
        return winner
