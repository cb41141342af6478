"""Tic-tac-toe: win if it can, block if it must, else the centre, a corner, any cell. ARENA-HONEST-MARKER"""
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def completing(board, mark):
    for line in LINES:
        cells = [board[i] for i in line]
        if cells.count(mark) == 2 and cells.count(".") == 1:
            return line[cells.index(".")]
    return None


def choose(state):
    board, me = state["board"], state["player"]
    other = "o" if me == "x" else "x"
    for mark in (me, other):
        cell = completing(board, mark)
        if cell is not None:
            return cell
    for cell in (4, 0, 2, 6, 8, 1, 3, 5, 7):
        if board[cell] == ".":
            return cell
