"""Exact values of a finite game: what random rollouts estimate, and the minimax value with its optimal moves.

The yardsticks a search is held against (lesson 09): `random_playout_value` is exactly what MCTS's random
rollouts measure, `minimax_value` and `optimal_moves` what perfect play gives. They walk the whole game through
the game protocol of coursekit.mcts, so they are meant for small games (at most MAX_POSITIONS positions; random
playout values as fractions of at most MAX_DIGITS digits).
"""

from __future__ import annotations

import functools
import math
from fractions import Fraction
from typing import Any, Callable

from coursekit.mcts import Game, State, check_position, outcome

MAX_POSITIONS = 20_000  # positions the exact values (random_playout_value, minimax_value) may visit
# digits of a random playout value's denominator: 3, 5, 11 from 10,000 needs 1,591, moves 1, 2 from 10,000
# 3,011; 50 moves pass it near n = 2,950 after about a second (from 10,000 they ran 38 s to 16,990 digits)
MAX_DIGITS = 5_000
_TOO_LONG = 10 ** MAX_DIGITS  # the first denominator with more than MAX_DIGITS digits


def _exact_value(game: Game, state: State, combine, memo: dict) -> Fraction:
    """P(the player to move at state wins), combining the values of its moves with `combine` (memoised).

    A finished game is worth 1 to its winner and 1/2 for a draw; a child's value is turned round when the other
    player moves there. With `_best` the moves after a certain win are not looked at; with `_mean` the values are
    kept as unreduced (numerator, denominator) pairs until the end, so no greatest common divisor of huge numbers
    is taken per position. The walk keeps its own stack (a start of 10,000 is 10,000 moves deep) and refuses
    games of more than MAX_POSITIONS positions, and with `_mean` denominators of more than MAX_DIGITS digits.
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
        return Fraction(*got) if mean else got
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
        if mean and memo[s][1] >= _TOO_LONG:
            raise ValueError(f"the random playout value from {state!r} is a fraction of more than {MAX_DIGITS:,} "
                             f"digits (already at {s!r}), the bound of the exact values: start nearer the end or "
                             f"use fewer moves")
        on_stack.discard(s)
        stack.pop()
    result = memo[state]
    return Fraction(*result) if mean else result


_DONE = object()  # end of a move iterator


def _mean(values: list) -> tuple[int, int]:
    """The average of (numerator, denominator) pairs (a uniformly random move), unreduced.

    Horner's way: the pairs by growing denominator, the running sum scaled up by the small ratio to the next one
    (a denominator usually divides the next), so no big number is divided by a big number or multiplied by one.
    """
    ordered = sorted(values, key=lambda v: v[1])
    total, common = ordered[0]
    for n, d in ordered[1:]:
        if d != common:
            ratio, rest = divmod(d, common)
            if rest:
                lcm = math.lcm(d, common)
                total, common, n = total * (lcm // common), lcm, n * (lcm // d)
            else:
                total, common = total * ratio, d
        total += n
    return total, common * len(values)


def _best(values) -> Fraction:
    """The largest value, stopping at the first certain win (a perfect player's move)."""
    best = Fraction(0)
    for v in values:
        if v > best:
            best = v
            if best == 1:
                break
    return best


def random_playout_value(game: Game, state: State, memo: dict | None = None) -> Fraction:
    """Exactly what a random rollout estimates: P(player to move wins) when both play uniformly random moves.

    Draws count 1/2. Memoised over the states, so the game must be finite and free of cycles; `memo` (a dict,
    filled as it goes) lets several calls on the same game share their work. A value of more than MAX_DIGITS
    digits is refused.
    """
    check_position(game, state)
    return _exact_value(game, state, _mean, {} if memo is None else memo)


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
    if value in (random_playout_value, minimax_value):  # the moves' games share their positions: one memo
        value = functools.partial(value, memo={})
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
