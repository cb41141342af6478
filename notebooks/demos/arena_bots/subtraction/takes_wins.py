"""Takes a win when a move makes exactly 0, else the smallest move."""


def choose(state):
    n, moves = state["n"], state["moves"]
    return n if n in moves else min(moves)
