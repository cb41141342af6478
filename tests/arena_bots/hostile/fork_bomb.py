"""Forks children that sleep, as many as it can, on every move; then plays the smallest move.
Expected: the process limit stops the forks; it plays on; no child outlives the arena."""
import os
import time


def choose(state):
    for _ in range(500):
        try:
            pid = os.fork()
        except OSError:
            break
        if pid == 0:
            time.sleep(1000)
            os._exit(0)
    return min(state["moves"])
