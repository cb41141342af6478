"""Best play for any move set: find the losing positions by backward induction, move to one. ARENA-HONEST-MARKER"""


def losing_positions(moves, limit):
    """Positions 0..limit-1 where the player to move loses against best play."""
    losing = []
    for n in range(limit):
        losing.append(not any(d <= n and losing[n - d] for d in moves))
    return losing


def choose(state):
    n, moves = state["n"], state["moves"]
    losing = losing_positions(moves, n + 1)
    for d in moves:
        if d <= n and losing[n - d]:
            return d
    return min(moves)
