"""Plays 3 until n drops below 15, then divides by zero. Expected: "crash" in every game that gets there."""


def choose(state):
    if state["n"] < 15:
        return 1 // 0
    return 3
