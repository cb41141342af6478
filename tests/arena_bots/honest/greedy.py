"""The largest move that does not go below 0. ARENA-HONEST-MARKER"""


def choose(state):
    safe = [d for d in state["moves"] if d <= state["n"]]
    return max(safe) if safe else min(state["moves"])
