"""Sleeps a minute on every move. Expected: "timeout" (stopped inside its sandbox), then disqualified."""
import time


def choose(state):
    time.sleep(60)
    return 3
