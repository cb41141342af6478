"""Always the smallest move. ARENA-HONEST-MARKER"""


def choose(state):
    return min(state["moves"])
