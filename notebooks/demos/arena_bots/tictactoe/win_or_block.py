"""Tic-tac-toe: complete a line if it can, block the opponent's if it must, else the centre, a corner, any cell."""

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def completes(board, mark):
    for line in LINES:
        cells = [board[i] for i in line]
        if cells.count(mark) == 2 and cells.count(".") == 1:
            return line[cells.index(".")]
    return None


def choose(state):
    board, me = state["board"], state["player"]
    for mark in (me, "o" if me == "x" else "x"):
        cell = completes(board, mark)
        if cell is not None:
            return cell
    return next(cell for cell in (4, 0, 2, 6, 8, 1, 3, 5, 7) if board[cell] == ".")
