"""Prints 20,000 lines per move (and writes to descriptors 1 and 2 directly), then plays the smallest move.
Expected: its output goes nowhere; it plays normal games (unless the flood makes it run out of time)."""
import os
import sys


def choose(state):
    for i in range(20_000):
        print("flood", i, "=" * 40)
    sys.stderr.write("x" * 100_000)
    for fd in (1, 2):
        try:
            os.write(fd, b"{\"id\": 1, \"value\": [\"int\", \"4\"]}\n" * 1000)
        except OSError:
            pass
    return min(state["moves"])
