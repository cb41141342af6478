"""Random moves that do not go below 0 (seeded by the referee). ARENA-HONEST-MARKER"""
import random


def choose(state):
    n, moves = state["n"], state["moves"]
    if n in moves:
        return n
    safe = [d for d in moves if d <= n]
    return random.choice(safe) if safe else min(moves)
