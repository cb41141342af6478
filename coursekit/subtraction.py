"""Subtraction games (source text 003's 3-5-11 game and any move set): positions, strategies, playouts, tournaments.

The rules (source 003): a number n >= 1 is written down; players 1 (the source's A) and 2 (B) alternately subtract one
of the game's moves (3, 5 or 11); the player who reaches exactly 0 wins, the player who goes below 0 loses. Every
move is always allowed, even one that goes below 0 (it simply loses).

State: `State(n, player)`, a frozen (hashable) dataclass: `n` is the number on the board, `player` (1 or 2) is
the player to move. The game protocol used by `coursekit.mcts`:
- `start(n)` -> `State(n, 1)` (n >= 1; player 1 moves first),
- `moves(state)` -> the tuple of subtractions (all of them while the game runs, `()` once it is over),
- `play(state, move)` -> `State(state.n - move, 3 - state.player)`,
- `is_over(state)` -> `state.n <= 0`,
- `winner(state)` -> the player who made 0 (`3 - state.player`) or, below 0, the other one (`state.player`);
  None while the game runs,
- `to_move(state)` -> `state.player`.
The arena's referee plays the same object (coursekit.game_protocol): `seat(state)` (player 1 at seat 0),
`observe(state)` -> `{"n": 17, "moves": (3, 5, 11)}` (what a bot's `choose` receives), `check(state, move)` and
`score(state)`.

Positions: n is *losing* (the source's red numbers) when the player to move loses against best play; 0 is red,
since the player who produced it has won. Every other n is *winning* (blue). The move set itself is the attribute
`SubtractionGame.move_set` (the name `moves` belongs to the protocol).

Bounds (a ValueError names them): at most MAX_MOVE_COUNT moves, each at most MAX_MOVE; games start from at most
MAX_START; position lists stop below MAX_LIMIT; full game trees up to MAX_TREE_N; the search for the period looks
at most MAX_PERIOD_SEARCH positions. `is_losing(n)` and `winning_moves(n)` answer for any n through the period.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field
from fractions import Fraction
from numbers import Integral, Real
from typing import Callable, Iterable, Mapping, Optional, Sequence, Union

from coursekit.game_protocol import BadMove, shown
from coursekit.progress import LazyBar
from coursekit.rng import Seed, as_random
from coursekit.stats import wilson_interval

Strategy = Callable[[int, random.Random], int]

SOURCE_MOVES: tuple[int, ...] = (3, 5, 11)
#: Source text 003's Table 2: n mod 8 -> the numbers d to subtract ("oder 11" only where n - 11 >= 0); () = no win.
SOURCE_TABLE_2: dict[int, tuple[int, ...]] = {7: (5,), 6: (5,), 5: (3, 5, 11), 4: (3, 11), 3: (3, 11),
                                             2: (), 1: (), 0: ()}
MAX_MOVE = 10_000  # largest move of a move set
MAX_MOVE_COUNT = 50  # moves in a move set
MAX_START = 10_000  # largest start number of a game (a playout walks down from it)
MAX_LIMIT = 1_000_000  # losing_positions(limit) and winning_positions(limit) list numbers below this
MAX_TREE_N = 10_000  # game_tree_size(n) and game_tree_leaves(n): numbers of thousands of digits
MAX_PERIOD_SEARCH = 1_000_000  # positions the period search may look at (seconds; a bar after one)
MAX_STARTS = 100_000  # start numbers of a match or tournament
STATE_CACHE = 4096  # play() makes one State per position with |n| below this and hands it out again
MAX_ROUNDS = 100_000  # rounds per start number of a match
_DIRECT = 20_000  # below this, colours are computed straight up to n without the period

#: Source text 003's printed sets A (red) and B (blue) from continue(a = A, b = B, N = 80).
SOURCE_RED_BELOW_80: tuple[int, ...] = (0, 1, 2, 8, 9, 10, 16, 17, 18, 24, 25, 26, 32, 33, 34, 40, 41, 42, 48, 49, 50,
                                        56, 57, 58, 64, 65, 66, 72, 73, 74)


def parse_moves(moves: Union[str, Iterable[int]]) -> tuple[int, ...]:
    """Check a move set (a sequence of ints or a text like "3, 5, 11") and return it sorted."""
    if isinstance(moves, str):
        parts = [p for p in moves.replace(",", " ").replace(";", " ").split()]
        values: list = []
        for part in parts:
            try:
                values.append(int(part))
            except ValueError:
                raise ValueError(f"moves must be whole numbers, not {part!r}") from None
        moves = values
    try:
        values = list(moves)
    except TypeError:
        raise ValueError(f"moves must be a collection of positive integers, not {moves!r}") from None
    if not values:
        raise ValueError("moves must contain at least one positive integer, got an empty set")
    if len(values) > MAX_MOVE_COUNT:
        raise ValueError(f"a move set has at most {MAX_MOVE_COUNT} moves, not {len(values)}")
    for value in values:
        if isinstance(value, bool) or not isinstance(value, Integral):
            raise ValueError(f"moves must be positive integers, not {value!r}")
        if not 1 <= value <= MAX_MOVE:
            raise ValueError(f"moves must be whole numbers from 1 to {MAX_MOVE:,}, not {value!r}")
    seen = set()
    for value in values:
        if value in seen:
            raise ValueError(f"moves must be distinct, but {value} appears twice")
        seen.add(value)
    return tuple(sorted(int(v) for v in values))


@dataclass(frozen=True)
class State:
    """A position in play: the number n on the board and the player to move (1 or 2)."""

    n: int
    player: int = 1

    def __str__(self) -> str:
        return f"n={self.n}, player {self.player} to move"


class SubtractionGame:
    """A subtraction game: subtract one of `move_set`; exactly 0 wins, below 0 loses (source text 003: 3, 5, 11)."""

    def __init__(self, moves: Union[str, Iterable[int]] = SOURCE_MOVES) -> None:
        self.move_set: tuple[int, ...] = parse_moves(moves)
        self._losing = bytearray([1])  # colours so far, 1 = red; position 0 is red
        self._period: Optional[tuple[int, int]] = None
        self._states: dict[int, State] = {}  # play()'s positions with |n| < STATE_CACHE, key 3 n + player

    def __repr__(self) -> str:
        return f"SubtractionGame(moves={self.move_set})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SubtractionGame) and other.move_set == self.move_set

    def __hash__(self) -> int:
        return hash(self.move_set)

    # --- positions (backward induction, source text 003's continue()) ----------------------------------------
    def _extend(self, limit: int) -> None:
        """Classify every n < limit: n is red unless some move reaches a red number >= 0."""
        losing, moves = self._losing, self.move_set
        largest = moves[-1]
        for n in range(len(losing), min(limit, largest)):
            losing.append(not any(d <= n and losing[n - d] for d in moves))
        for n in range(max(len(losing), largest), limit):  # every move is possible from here on
            losing.append(not any(losing[n - d] for d in moves))

    def _check_n(self, n: int, name: str = "n", low: int = 0, high: Optional[int] = None) -> int:
        if isinstance(n, bool) or not isinstance(n, Integral) or n < low or (high is not None and n > high):
            allowed = f"from {low} to {high:,}" if high is not None else f">= {low}"
            raise ValueError(f"{name} must be an integer {allowed}, not {n!r}")
        return int(n)

    def _red(self, n: int) -> bool:
        """Colour lookup; small n are computed straight, beyond that the period answers (any n, however large)."""
        losing = self._losing
        if n >= len(losing):
            if self._period is None and n < _DIRECT:
                self._extend(n + 1)
            else:
                start, length = self.period()
                if n >= len(losing):
                    n = start + (n - start) % length
        return bool(losing[n])

    def _colours(self, limit: int) -> bytes:
        """The colours of 0 .. limit-1 (1 = red): from the table, else repeated from the period."""
        losing = self._losing
        if limit > len(losing):
            if self._period is None and limit <= _DIRECT:
                self._extend(limit)
            else:
                start, length = self.period()
                cycle = bytes(losing[start:start + length])
                return bytes(losing[:start]) + (cycle * ((limit - start) // length + 1))[:limit - start]
        return bytes(losing[:limit])

    def is_losing(self, n: int) -> bool:
        """True when n is red: the player to move loses against best play (0 included)."""
        return self._red(self._check_n(n))

    def losing_positions(self, limit: int) -> tuple[int, ...]:
        """The red numbers 0 <= n < limit (the source's set A)."""
        colours = self._colours(self._check_n(limit, "limit", high=MAX_LIMIT))
        return tuple(n for n, red in enumerate(colours) if red)

    def winning_positions(self, limit: int) -> tuple[int, ...]:
        """The blue numbers 0 <= n < limit (the source's set B): the player to move can force a win."""
        colours = self._colours(self._check_n(limit, "limit", high=MAX_LIMIT))
        return tuple(n for n, red in enumerate(colours) if not red)

    def winning_moves(self, n: int) -> tuple[int, ...]:
        """The moves d that leave a red number n - d >= 0 (empty when n is red)."""
        n = self._check_n(n)
        return tuple(d for d in self.move_set if d <= n and self._red(n - d))

    def period(self) -> tuple[int, int]:
        """(start, length): red/blue repeats with this length from n = start on, both as small as possible.

        Why a repeat proves a period: for n >= m = max(moves) every move is available, so the colour of n is a
        fixed function of the colours of the window n-m .. n-1. The windows W_k = colours of k .. k+m-1 therefore
        follow W_{k+1} = f(W_k) for every k >= 0. There are at most 2**m windows, so one repeats; at the first
        index j whose window equals an earlier one W_i, every later window repeats too (same input, same output),
        so the colours are periodic with length j - i from i on. Conversely, any period (s, p) of the colours
        makes W_s = W_{s+p}, so the first repeat gives the smallest start and the smallest length.

        The first repeat is found with Brent's cycle detection on the windows (compared by a rolling hash, then
        by their colours), so memory stays proportional to start + length + m, not to m times the period.
        """
        if self._period is None:
            self._period = self._find_period()
        return self._period

    def _find_period(self) -> tuple[int, int]:
        """Brent's algorithm on the windows W_k: the cycle length (the period), then the first index on the cycle."""
        from coursekit.progress import LazyBar

        m, losing = self.move_set[-1], self._losing
        base, modulus = 1_000_003, (1 << 61) - 1
        top = pow(base, m - 1, modulus)  # weight of a window's first colour

        def hash_at(k: int) -> int:
            self._extend(k + m)
            h = 0
            for colour in losing[k:k + m]:
                h = (h * base + colour) % modulus
            return h

        def step(k: int, h: int) -> int:
            """The hash of W_{k+1} from that of W_k."""
            if k + m >= len(losing):
                if k + m >= MAX_PERIOD_SEARCH:
                    raise ValueError(f"no period of {self!r} within {MAX_PERIOD_SEARCH:,} positions, the bound "
                                     f"of the search")
                self._extend(k + m + 4096)
                bar.update(4096)
            return ((h - losing[k] * top) * base + losing[k + m]) % modulus

        def same(a: int, ha: int, b: int, hb: int) -> bool:
            return ha == hb and losing[a:a + m] == losing[b:b + m]

        with LazyBar(desc="period search", unit="positions") as bar:
            power = length = 1
            tortoise, h_tortoise = 0, hash_at(0)
            hare, h_hare = 1, step(0, h_tortoise)
            while not same(tortoise, h_tortoise, hare, h_hare):
                if power == length:  # start a new power of two: the tortoise jumps to the hare
                    tortoise, h_tortoise = hare, h_hare
                    power *= 2
                    length = 0
                h_hare = step(hare, h_hare)
                hare += 1
                length += 1
            start, h_start = 0, hash_at(0)
            ahead, h_ahead = length, hash_at(length)
            while not same(start, h_start, ahead, h_ahead):
                h_start, h_ahead = step(start, h_start), step(ahead, h_ahead)
                start, ahead = start + 1, ahead + 1
        return start, length

    def strategy_table(self) -> list[tuple[int, tuple[int, ...]]]:
        """Source text 003's Table 2 for this move set: (n mod period length, winning moves for large n) per residue."""
        start, length = self.period()
        first = start + self.move_set[-1]  # from here on every n - d lies in the periodic part
        rows = []
        for residue in range(length):
            n = first + (residue - first) % length
            rows.append((residue, self.winning_moves(n)))
        return rows

    def game_tree_size(self, n: int) -> int:
        """Nodes of the full game tree from n (the source's 'wrong approach'): every move sequence, ends included."""
        n = self._check_n(n, high=MAX_TREE_N)
        return _tree_size(self.move_set, n)

    def game_tree_leaves(self, n: int) -> int:
        """Finished games in the full game tree from n (leaves: positions with n <= 0)."""
        n = self._check_n(n, high=MAX_TREE_N)
        return _tree_leaves(self.move_set, n)

    # --- the game protocol ----------------------------------------------------------------------------
    def start(self, n: int) -> State:
        """The opening position: n on the board (1 <= n <= MAX_START), player 1 to move."""
        return State(self._check_n(n, "the start number", low=1, high=MAX_START), 1)

    def moves(self, state: State) -> tuple[int, ...]:
        """The legal moves: every subtraction while the game runs (even ones below 0), none once it is over."""
        return () if state.n <= 0 else self.move_set

    def play(self, state: State, move: int) -> State:
        """The position after subtracting move; the other player is to move."""
        if state.n <= 0:
            raise ValueError(f"the game is over at n={state.n}; no move {move!r} is possible")
        if type(move) is not int or move not in self.move_set:  # a legal int move: two tests
            if move not in self.move_set or isinstance(move, bool):
                raise ValueError(f"move must be one of {self.move_set}, not {move!r}")
            move = int(move)
        n, player = state.n - move, 3 - state.player
        known = self._states.get(3 * n + player)  # a search plays the same few positions again and again:
        if known is None:                          # one frozen State each, made once (a State costs 1 us)
            known = State(n, player)
            if -STATE_CACHE < n < STATE_CACHE:
                self._states[3 * n + player] = known
        return known

    def is_over(self, state: State) -> bool:
        """True once n <= 0."""
        return state.n <= 0

    def winner(self, state: State) -> Optional[int]:
        """The winning player (1 or 2) of a finished game: who made 0, or the opponent of who went below 0."""
        if state.n > 0:
            return None
        return 3 - state.player if state.n == 0 else state.player

    def to_move(self, state: State) -> int:
        """The player (1 or 2) whose turn it is."""
        return state.player

    # --- refereed (coursekit.game_protocol): the arena plays this same object --------------------------------
    seats = 2

    def seat(self, state: State) -> int:
        """The seat (0 or 1) that decides next: player 1 sits at seat 0."""
        return state.player - 1

    def observe(self, state: State) -> dict:
        """What the player to move is shown: {"n": the number on the board, "moves": the move set}."""
        return {"n": state.n, "moves": self.move_set}

    def check(self, state: State, move: object) -> int:
        """The move as the rules take it: an int (not a bool) of the move set; BadMove otherwise."""
        if isinstance(move, bool) or not isinstance(move, int):
            raise BadMove("garbage", f"answered {shown(move)} ({type(move).__name__}); a move is an int of "
                                     f"{self.move_set}")
        if move not in self.move_set:
            raise BadMove("illegal", f"chose {move} at n={state.n}; the moves are {self.move_set}")
        return move

    def score(self, state: State) -> float:
        """Seat 0's points of a finished game: 1 when player 1 won, else 0."""
        return 1.0 if self.winner(state) == 1 else 0.0

    def rollout(self, state: State, rng: random.Random) -> Optional[int]:
        """The optional fast protocol method: the winner of uniformly random play from state (mcts.random_rollout's
        moves, one rng.random() each), as an integer loop."""
        n, player, moves = state.n, state.player, self.move_set
        count, draw, other = len(moves), rng.random, 3 - state.player
        if count == 3:  # int(x) for x = draw() * 3 in [0, 3) by comparisons: the same move, no int() call
            small, middle, large = moves
            while n > 0:  # two plies a turn: player moves, then other (* 3.0: a fast float product)
                x = draw() * 3.0
                n -= small if x < 1.0 else middle if x < 2.0 else large
                if n <= 0:
                    return player if n == 0 else other
                x = draw() * 3.0
                n -= small if x < 1.0 else middle if x < 2.0 else large
                if n <= 0:
                    return other if n == 0 else player
            return other if n == 0 else player
        while n > 0:
            n -= moves[int(draw() * count)]
            player, other = other, player
        return other if n == 0 else player


_TREE: dict[tuple[int, ...], list[int]] = {}
_LEAVES: dict[tuple[int, ...], list[int]] = {}


def _tree_size(move_set: tuple[int, ...], n: int) -> int:
    """size(n) = 1 + sum of size(n - d), where a finished position (n <= 0) is one node."""
    table = _TREE.setdefault(move_set, [1])
    while len(table) <= n:
        m = len(table)
        table.append(1 + sum(table[m - d] if m - d > 0 else 1 for d in move_set))
    return table[n]


def _tree_leaves(move_set: tuple[int, ...], n: int) -> int:
    """leaves(n) = sum of leaves(n - d), where a finished position (n <= 0) is one leaf."""
    table = _LEAVES.setdefault(move_set, [1])
    while len(table) <= n:
        m = len(table)
        table.append(sum(table[m - d] if m - d > 0 else 1 for d in move_set))
    return table[n]


DEFAULT_GAME = SubtractionGame()


# --- strategies: plain functions (n, rng) -> the number to subtract --------------------------------------
def optimal_for(game: SubtractionGame) -> Strategy:
    """Best play for any move set: the smallest winning move; on a red number the smallest move (plays longest)."""

    def optimal(n: int, rng: Optional[random.Random] = None) -> int:
        wins = game.winning_moves(n)
        return wins[0] if wins else game.move_set[0]

    optimal.__doc__ = f"Best play in {game!r}: smallest winning move, else the smallest move."
    optimal.label = "optimal"
    return optimal


def random_for(game: SubtractionGame) -> Strategy:
    """The source's random player as intended: take an exact 0, else a random move that stays >= 0, else the
    smallest."""

    def random_player(n: int, rng: Optional[random.Random] = None) -> int:
        rng = rng if rng is not None else random.Random()
        if n in game.move_set:
            return n
        safe = [d for d in game.move_set if d <= n]
        return rng.choice(safe) if safe else game.move_set[0]

    random_player.__doc__ = f"Random play in {game!r} that takes a win at once and avoids going below 0."
    random_player.label = "random"
    return random_player


optimal: Strategy = optimal_for(DEFAULT_GAME)
random_player: Strategy = random_for(DEFAULT_GAME)


def random_chances(n: int, game: SubtractionGame = DEFAULT_GAME) -> dict[int, Fraction]:
    """random_for(game)'s move chances at n: a win at once, else uniform over the moves staying >= 0, else the least."""
    n = game._check_n(n, low=1, high=MAX_START)
    if n in game.move_set:
        return {n: Fraction(1)}
    safe = [d for d in game.move_set if d <= n]
    return {d: Fraction(1, len(safe)) for d in safe} if safe else {game.move_set[0]: Fraction(1)}


def mixed(p: float, game: SubtractionGame = DEFAULT_GAME) -> Strategy:
    """Source text 003's combined player: each move optimal with probability p, random otherwise."""
    if isinstance(p, bool) or not isinstance(p, Real) or not 0 <= p <= 1:
        raise ValueError(f"p must be a probability between 0 and 1, not {p!r}")
    p = float(p)  # a Fraction or numpy float too
    best, rand = optimal_for(game), random_for(game)

    def mixed_player(n: int, rng: Optional[random.Random] = None) -> int:
        rng = rng if rng is not None else random.Random()
        return best(n, rng) if rng.random() < p else rand(n, rng)

    mixed_player.__doc__ = f"Optimal with probability {p}, random otherwise."
    mixed_player.label = f"mixed({p:g})"
    return mixed_player


def strategy_name(strategy: Strategy) -> str:
    """A short name for a strategy: its label, else its function name."""
    return getattr(strategy, "label", getattr(strategy, "__name__", repr(strategy)))


# --- playouts ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Playout:
    """One game: the course of numbers (start first, last <= 0 when over), the moves, who moved, the winner."""

    course: tuple[int, ...]
    moves: tuple[int, ...]
    winner: Optional[int]  # None while the game is still running (a course in progress)
    game: SubtractionGame = field(default=DEFAULT_GAME, compare=False)

    @property
    def start(self) -> int:
        """The start number."""
        return self.course[0]

    @property
    def movers(self) -> tuple[int, ...]:
        """The player (1 or 2) who made each move: 1, 2, 1, ..."""
        return tuple(1 + i % 2 for i in range(len(self.moves)))

    def verdicts(self) -> tuple[str, ...]:
        """Each move as source 003's Abbildung 5 colours its edge: "win" (red), "mistake" (blue), "no win" (black)."""
        out = []
        for before, d in zip(self.course, self.moves):
            wins = self.game.winning_moves(before)
            out.append("no win" if not wins else ("win" if d in wins else "mistake"))
        return tuple(out)

    def mistakes(self, player: int) -> int:
        """How many winning positions the player threw away."""
        return sum(1 for who, v in zip(self.movers, self.verdicts()) if who == player and v == "mistake")


def replay(course: Sequence[int], game: SubtractionGame = DEFAULT_GAME) -> Playout:
    """Check a written-down course (start, then each number produced) and return it as a Playout."""
    if isinstance(course, (str, bytes)) or not hasattr(course, "__iter__"):
        raise ValueError(f"course must be a sequence of numbers (start, then each number produced), not {course!r}")
    course = tuple(course)
    if not all(isinstance(c, Integral) and not isinstance(c, bool) for c in course):
        raise ValueError(f"a course holds whole numbers, not {course!r}")
    if len(course) < 2:
        raise ValueError(f"a course needs a start and at least one move, not {course!r}")
    state = game.start(course[0])
    moves = []
    for before, after in zip(course, course[1:]):
        if game.is_over(state):
            raise ValueError(f"the game was already over at {before}, but the course goes on to {after}")
        move = before - after
        if move not in game.move_set:
            raise ValueError(f"{before} -> {after} subtracts {move}, not one of {game.move_set}")
        state = game.play(state, move)
        moves.append(move)
    if not game.is_over(state):
        raise ValueError(f"the course stops at {course[-1]} before the game is over")
    return Playout(course, tuple(moves), game.winner(state), game)


def _start_number(start: Union[int, Sequence[int]], rng: random.Random) -> int:
    """The start number: start itself, or one picked at random from a range (or list) of them."""
    if isinstance(start, Integral) and not isinstance(start, bool):
        n = int(start)
    else:
        options = _start_list(start, "start")
        n = options[rng.randrange(len(options))]  # as rng.choice(options)
    return DEFAULT_GAME._check_n(n, "the start number", low=1, high=MAX_START)


def _start_list(starts: Iterable[int], name: str = "starts") -> Sequence[int]:
    """Start numbers as a sequence (a range stays a range): at least one, at most MAX_STARTS, each an integer."""
    if isinstance(starts, (str, bytes)) or not hasattr(starts, "__iter__"):
        raise ValueError(f"{name} must be an integer >= 1 or a range of them, not {starts!r}")
    if not isinstance(starts, range):
        if hasattr(starts, "__len__") and len(starts) > MAX_STARTS:
            raise ValueError(f"{name} may hold at most {MAX_STARTS:,} start numbers, not {len(starts):,}")
        starts = list(itertools.islice(starts, MAX_STARTS + 1))
    if not len(starts):
        raise ValueError(f"{name} must contain at least one start number")
    if len(starts) > MAX_STARTS:
        raise ValueError(f"{name} may hold at most {MAX_STARTS:,} start numbers, not more")
    return starts


def playout(player1: Strategy, player2: Strategy, start: Union[int, Sequence[int]] = range(20, 51),
            seed: Seed = None, game: SubtractionGame = DEFAULT_GAME) -> Playout:
    """Play one game; a range as start picks the number at random, as the source's `set = (20:50)`."""
    rng = as_random(seed)
    state = game.start(_start_number(start, rng))
    players = {1: player1, 2: player2}
    course, moves = [state.n], []
    while not game.is_over(state):
        move = players[state.player](state.n, rng)
        if move not in game.move_set:
            raise ValueError(f"{strategy_name(players[state.player])} chose {move!r} at n={state.n}; "
                             f"moves must be one of {game.move_set}")
        state = game.play(state, move)
        course.append(state.n)
        moves.append(move)
    return Playout(tuple(course), tuple(moves), game.winner(state), game)


# --- tournaments ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Match:
    """Head to head: how often `first` beat `second` over many games (each start played from both sides)."""

    first: str
    second: str
    wins: int
    games: int

    @property
    def rate(self) -> float:
        """first's share of wins."""
        return self.wins / self.games if self.games else float("nan")

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the rate."""
        return wilson_interval(self.wins, self.games)


def match(strategy_a: Strategy, strategy_b: Strategy, starts: Iterable[int] = range(20, 51), rounds: int = 10,
          seed: Seed = None, game: SubtractionGame = DEFAULT_GAME) -> Match:
    """Play every start `rounds` times with a moving first and `rounds` times with b moving first."""
    rounds = _check_rounds(rounds)
    rng = as_random(seed)
    starts = _start_list(starts)
    wins = games = 0
    with LazyBar(2 * rounds * len(starts), f"{strategy_name(strategy_a)} vs {strategy_name(strategy_b)}",
                 "games") as bar:
        for n in starts:
            for _ in range(rounds):
                wins += playout(strategy_a, strategy_b, n, rng, game).winner == 1
                wins += playout(strategy_b, strategy_a, n, rng, game).winner == 2
                games += 2
            bar.update(2 * rounds)
    return Match(strategy_name(strategy_a), strategy_name(strategy_b), wins, games)


def _check_rounds(rounds: int) -> int:
    """Validate the rounds per start: a whole number from 1 to MAX_ROUNDS."""
    if isinstance(rounds, bool) or not isinstance(rounds, Integral) or not 1 <= rounds <= MAX_ROUNDS:
        raise ValueError(f"rounds must be a whole number from 1 to {MAX_ROUNDS:,}, not {rounds!r}")
    return int(rounds)


@dataclass(frozen=True)
class Tournament:
    """Every strategy against every other: `matches[(a, b)]` is a's record against b."""

    names: tuple[str, ...]
    matches: Mapping[tuple[str, str], Match]

    def rate(self, a: str, b: str) -> float:
        """a's win rate against b."""
        return self.matches[(a, b)].rate

    def matrix(self) -> list[list[float]]:
        """Row a, column b: a's win rate against b (nan on the diagonal's missing pairs)."""
        return [[self.matches[(a, b)].rate if (a, b) in self.matches else float("nan") for b in self.names]
                for a in self.names]

    def table(self) -> list[dict]:
        """One row per pair: names, win rate, 95% interval, games."""
        rows = []
        for (a, b), m in self.matches.items():
            low, high = m.interval
            rows.append({"player": a, "opponent": b, "win rate": round(m.rate, 3),
                         "95% interval": (round(low, 3), round(high, 3)), "games": m.games})
        return rows


def tournament(strategies: Mapping[str, Strategy], starts: Iterable[int] = range(20, 51), rounds: int = 10,
               seed: Seed = None, game: SubtractionGame = DEFAULT_GAME) -> Tournament:
    """Win rates of every ordered pair of strategies (self-play included) over the starts, both sides each."""
    if not strategies:
        raise ValueError("strategies must name at least one strategy")
    rng = as_random(seed)
    starts = _start_list(starts)
    names = tuple(strategies)
    matches = {}
    for i, a in enumerate(names):
        for b in names[i:]:
            m = match(strategies[a], strategies[b], starts, rounds, rng, game)
            matches[(a, b)] = Match(a, b, m.wins, m.games)
            if a != b:
                matches[(b, a)] = Match(b, a, m.games - m.wins, m.games)
    return Tournament(names, matches)


def mixed_sweep(ps: Iterable[float], opponent: Strategy = random_player, starts: Iterable[int] = range(20, 51),
                rounds: int = 10, seed: Seed = None, game: SubtractionGame = DEFAULT_GAME) -> list[Match]:
    """mixed(p)'s record against the opponent for each p (one shared random stream, so seeded runs repeat)."""
    rng = as_random(seed)
    starts = _start_list(starts)
    return [match(mixed(p, game), opponent, starts, rounds, rng, game) for p in ps]


# --- source text 003's R code, ported faithfully, bugs included -----------------------------------------------
def source_optimal(n: int, rng: Optional[random.Random] = None) -> int:
    """nextMove.optimal: switch(n %% 8 + 1, 3, 3, 3, 3, 3, 3, 5, 5), returned as the number subtracted."""
    if n <= 0:
        raise ValueError(f"stopifnot(n > 0) failed: n = {n}")
    return (3, 3, 3, 3, 3, 3, 5, 5)[n % 8]


source_optimal.label = "source optimal"


def source_random_player(n: int, rng: Optional[random.Random] = None) -> int:
    """nextMove.random as printed: `n > 5 || n < 11` is always true, so it never subtracts 11 (bug 1)."""
    if n <= 0:
        raise ValueError(f"stopifnot(n > 0) failed: n = {n}")
    rng = rng if rng is not None else random.Random()
    d = (3, 5, 11)
    if n < 5:
        return 3
    if n == 5 or n == 11:
        return n
    if n > 5 or n < 11:  # the source's `||`; it meant `n > 5 && n < 11`
        return d[rng.randrange(2)]  # sample(x = (1:2), size = 1)
    return d[rng.randrange(3)]  # never reached


source_random_player.label = "source random"


def source_random_chances(n: int) -> dict[int, Fraction]:
    """source_random_player's move chances at n: 3 below 5, an exact 0 with 5 or 11, else 3 or 5 (never 11, bug 1)."""
    n = DEFAULT_GAME._check_n(n, low=1, high=MAX_START)
    if n < 5:
        return {3: Fraction(1)}
    if n == 5 or n == 11:
        return {n: Fraction(1)}
    return {3: Fraction(1, 2), 5: Fraction(1, 2)}


@dataclass(frozen=True)
class SourcePlayout:
    """What the source's R playout() returns and prints: the padded course vector and its (buggy) winner."""

    course_vector: tuple[int, ...]
    reported_winner: int
    playout: Playout

    @property
    def true_winner(self) -> int:
        """The winner by the rules."""
        return self.playout.winner

    @property
    def wrong(self) -> bool:
        """True when the R code names the wrong winner."""
        return self.reported_winner != self.true_winner


def source_playout(player1: Strategy, player2: Strategy, start: Union[int, Sequence[int]] = range(20, 51),
                   seed: Seed = None) -> SourcePlayout:
    """The R playout(): same loop, `course` preallocated with n %/% 3 zeros, `is.null(which(course < 0))` (bug 2)."""
    rng = as_random(seed)
    player = (player1, player2)
    idx = 1
    n = _start_number(start, rng)
    course = [0] * (n // 3)  # vector(mode = "integer", length = n %/% 3)
    _r_assign(course, 1, n)
    cnt = 2
    while n > 0:
        n = n - player[idx - 1](n, rng)
        _r_assign(course, cnt, n)
        cnt += 1
        idx = 3 - idx
    negatives = [i + 1 for i, v in enumerate(course) if v < 0]  # which(course < 0): integer(0), never NULL
    is_null = negatives is None  # is.null(integer(0)) is FALSE in R
    reported = 3 - idx if is_null else idx
    played = course[:cnt - 1]
    return SourcePlayout(tuple(course), reported, replay(played, DEFAULT_GAME))


def _r_assign(vector: list[int], position: int, value: int) -> None:
    """R's `x[i] <- v` (1-based; assigning past the end extends the vector with zeros)."""
    while len(vector) < position:
        vector.append(0)
    vector[position - 1] = value


def source_winner(course: Sequence[int], idx: int) -> int:
    """The source's last lines of playout(): `if (is.null(which(course < 0))) 3 - idx else idx` -- always idx."""
    negatives = [i for i, v in enumerate(course) if v < 0]
    return 3 - idx if negatives is None else idx
