"""Turns off the time limit's signal, then loops: the sandbox must be killed. Expected: "hung", then disqualified."""
import signal


def choose(state):
    for sig in (signal.SIGALRM, signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, signal.SIG_IGN)
    while True:
        pass
