"""Exact values of a finite game: what random rollouts estimate, and the minimax value with its optimal moves.

The yardsticks a search is held against (lesson 09): `random_playout_value` is exactly what MCTS's random
rollouts measure, `minimax_value` and `optimal_moves` what perfect play gives. They walk the whole game through
the game protocol of coursekit.mcts, so they are meant for small games (at most MAX_POSITIONS positions).
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Callable

from coursekit.mcts import Game, State, check_position, outcome

MAX_POSITIONS = 20_000  # positions the exact values (random_playout_value, minimax_value) may visit


def _exact_value(game: Game, state: State, combine, memo: dict) -> Fraction:
    """P(the player to move at state wins), combining the values of its moves with `combine` (memoised).

    A finished game is worth 1 to its winner and 1/2 for a draw; a child's value is turned round when the other
    player moves there. With `_best` the moves after a certain win are not looked at; with `_mean` the values are
    kept as unreduced (numerator, denominator) pairs until the end, so no greatest common divisor of huge numbers
    is taken per position. The walk keeps its own stack (a start of 10,000 is 10,000 moves deep) and refuses
    games of more than MAX_POSITIONS positions.
    """
    if game.is_over(state):
        raise ValueError(f"state {state!r} is a finished game")
    mean = combine is _mean
    if mean:
        half, one, zero = (1, 2), (1, 1), (0, 1)

        def turned(v):
            return (v[1] - v[0], v[1])
    else:
        half, one, zero = Fraction(1, 2), Fraction(1), Fraction(0)

        def turned(v):
            return one - v
    got = memo.get(state)
    if got is not None:
        return got
    # a frame: [state, its mover, its moves still to look at, the values so far, the child being computed]
    stack = [[state, game.to_move(state), iter(game.moves(state)), [], None]]
    on_stack = {state}
    while stack:
        frame = stack[-1]
        s, mover, moves, values, pending = frame
        if pending is not None:
            child, flip = pending
            values.append(turned(memo[child]) if flip else memo[child])
            frame[4] = None
        descended = False
        while mean or not (values and values[-1] == 1):
            move = next(moves, _DONE)
            if move is _DONE:
                break
            t = game.play(s, move)
            if game.is_over(t):
                w = game.winner(t)
                values.append(half if w is None else (one if w == mover else zero))
                continue
            flip = game.to_move(t) != mover
            got = memo.get(t)
            if got is not None:
                values.append(turned(got) if flip else got)
                continue
            if t in on_stack:
                raise ValueError(f"the game returns to {t!r}: exact values need a game without cycles")
            if len(memo) + len(stack) >= MAX_POSITIONS:
                raise ValueError(f"the game from {state!r} has more than {MAX_POSITIONS:,} positions, the bound "
                                 f"of the exact values")
            frame[4] = (t, flip)
            stack.append([t, game.to_move(t), iter(game.moves(t)), [], None])
            on_stack.add(t)
            descended = True
            break
        if descended:
            continue
        if not values:
            raise ValueError(f"state {s!r} has no moves but the game is not over")
        memo[s] = combine(values)
        on_stack.discard(s)
        stack.pop()
    result = memo[state]
    return Fraction(*result) if mean else result


_DONE = object()  # end of a move iterator


def _mean(values: list) -> tuple[int, int]:
    """The average of (numerator, denominator) pairs (a uniformly random move), unreduced."""
    common = max(d for _, d in values)
    if any(common % d for _, d in values):
        common = math.lcm(*(d for _, d in values))
    return sum(n * (common // d) for n, d in values), common * len(values)


def _best(values) -> Fraction:
    """The largest value, stopping at the first certain win (a perfect player's move)."""
    best = Fraction(0)
    for v in values:
        if v > best:
            best = v
            if best == 1:
                break
    return best


def random_playout_value(game: Game, state: State) -> Fraction:
    """Exactly what a random rollout estimates: P(player to move wins) when both play uniformly random moves.

    Draws count 1/2. Memoised over the states, so the game must be finite and free of cycles.
    """
    check_position(game, state)
    return _exact_value(game, state, _mean, {})


def minimax_value(game: Game, state: State, memo: dict | None = None) -> Fraction:
    """The game-theoretic value for the player to move: 1 win, 0 loss, 1/2 draw, both sides playing perfectly.

    `memo` (a dict, filled as it goes) lets several calls on the same game share their work.
    """
    check_position(game, state)
    return _exact_value(game, state, _best, {} if memo is None else memo)


def optimal_moves(game: Game, state: State) -> tuple:
    """The moves that keep the game-theoretic value (minimax_value) of `state` for the player to move."""
    check_position(game, state)
    memo: dict = {}
    target = minimax_value(game, state, memo)
    mover = game.to_move(state)
    out = []
    for move in game.moves(state):
        t = game.play(state, move)
        if game.is_over(t):
            v = Fraction(outcome(game.winner(t), mover))
        else:
            v = minimax_value(game, t, memo)
            if game.to_move(t) != mover:
                v = 1 - v
        if v == target:
            out.append(move)
    return tuple(out)


def move_values(game: Game, state: State, value: Callable[[Game, State], Any] = random_playout_value) -> dict:
    """{move: value for the player making it}: 1 - value(next state) for the opponent, exact at the game's end."""
    check_position(game, state)
    mover = game.to_move(state)
    out = {}
    for move in game.moves(state):
        t = game.play(state, move)
        if game.is_over(t):
            out[move] = Fraction(outcome(game.winner(t), mover))
        else:
            v = value(game, t)
            out[move] = v if game.to_move(t) == mover else 1 - v
    return out
