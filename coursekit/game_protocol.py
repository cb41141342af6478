"""What a game adds to the search's protocol to be refereed: seats, the observation a player sees, checked moves.

A game for MCTS has `start`, `moves`, `play`, `is_over`, `winner` and `to_move` (coursekit.mcts.Game). The same
game object is played by the arena's referee and its built-in bots, so it also has:

- `seats`: how many players (2, or 1 for a game played alone); seat 0 moves first;
- `seat(state)`: the seat that decides next;
- `observe(state)`: the plain dict (wire types only) shown to the player to move; a learner's `choose()`
  receives exactly this;
- `check(state, move)`: the move as the rules take it, or `BadMove` (kind "illegal": a move of the right type
  the rules forbid now; kind "garbage": not a move of this game at all);
- `score(state)`: seat 0's points of a finished game: 1 won, 0.5 drawn, 0 lost (alone: 1 when it was won).
"""

from __future__ import annotations

from typing import Any, Protocol

State = Any
Move = Any


class BadMove(Exception):
    """A player's answer the rules refuse: kind "illegal" (a forbidden move) or "garbage" (not a move at all)."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(detail)
        self.kind, self.detail = kind, detail


class RefereedGame(Protocol):
    """The methods the referee needs besides the search's (see the module docstring)."""

    seats: int

    def seat(self, state: State) -> int: ...
    def observe(self, state: State) -> dict: ...
    def check(self, state: State, move: Any) -> Move: ...
    def play(self, state: State, move: Move) -> State: ...
    def is_over(self, state: State) -> bool: ...
    def score(self, state: State) -> float: ...


def shown(value: Any, limit: int = 60) -> str:
    """A short repr of a player's answer for a log line."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."

