"""Shared statistics for lessons, the arena and grading: the Wilson score interval of a rate."""

from __future__ import annotations

import math
from numbers import Integral, Real


def wilson_interval(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) for a win rate of wins out of games (0 games: (0, 1))."""
    if isinstance(games, bool) or not isinstance(games, Integral) or games < 0:
        raise ValueError(f"games must be a whole number, 0 or more, not {games!r}")
    if isinstance(wins, bool) or not isinstance(wins, Integral) or not 0 <= wins <= games:
        raise ValueError(f"wins must be a whole number from 0 to games ({games}), not {wins!r}")
    if isinstance(z, bool) or not isinstance(z, Real) or not 0 < z < math.inf:
        raise ValueError(f"z must be a positive number (1.96 for 95%), not {z!r}")
    z = float(z)
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))
