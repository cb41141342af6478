"""Best play for any move set: the losing numbers by backward induction, then a move onto one."""


def choose(state):
    n, moves = state["n"], state["moves"]
    losing = set()
    for k in range(n + 1):
        if not any(d <= k and k - d in losing for d in moves):
            losing.add(k)
    for d in sorted(moves):
        if d <= n and n - d in losing:
            return d
    return min(moves)
