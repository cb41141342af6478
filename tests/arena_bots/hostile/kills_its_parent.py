"""Kills its parent process, every process it may signal, then itself. Expected: "died" (its own sandbox only),
then disqualified; the referee and the other bots go on."""
import os
import signal


def choose(state):
    try:
        os.kill(os.getppid(), signal.SIGKILL)
    except OSError:
        pass
    try:
        os.kill(-1, signal.SIGKILL)
    except OSError:
        pass
    os.kill(os.getpid(), signal.SIGKILL)
    return 3
