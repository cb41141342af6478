"""Finds the sandbox's reply pipe and writes 20 MB of junk without a newline into it. Expected: the referee stops
reading past its line limit: "died", then disqualified."""
import os


def choose(state):
    junk = b"x" * (1 << 20)
    for fd in range(3, 32):
        try:
            if os.fstat(fd) and not os.isatty(fd):
                for _ in range(20):
                    os.write(fd, junk)
        except OSError:
            pass
    return 3
