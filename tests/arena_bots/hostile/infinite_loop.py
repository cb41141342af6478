"""Loops forever in pure Python on every move. Expected: "timeout", then disqualified."""


def choose(state):
    while True:
        pass
