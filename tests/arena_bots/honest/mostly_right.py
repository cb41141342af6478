"""The mod-8 rule of 3-5-11 with probability 0.7, else a random move; numpy's generator, seeded by the referee.
ARENA-HONEST-MARKER"""
import numpy as np

TABLE = {7: 5, 6: 5, 5: 3, 4: 3, 3: 3}


def choose(state):
    n, moves = state["n"], state["moves"]
    if n in moves:
        return n
    if np.random.random() < 0.7 and n % 8 in TABLE:
        return TABLE[n % 8]
    safe = [d for d in moves if d <= n] or [min(moves)]
    return int(np.random.choice(safe))
