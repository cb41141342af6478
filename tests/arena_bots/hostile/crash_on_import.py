"""Raises while its source runs: no choose() ever exists. Expected: every game lost as "load", one load attempt."""
raise RuntimeError("this bot crashes on import")


def choose(state):
    return 3
