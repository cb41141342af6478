"""Subtracts 4 (not in 3-5-11) or the whole number at once. Expected: "illegal" in every game."""


def choose(state):
    return 4 if state["n"] != 4 else state["n"] + 100
