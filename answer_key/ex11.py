"""Exercise set 11, the class tournament: a bot for the subtraction game with moves (2, 3, 7), graded as the arena
plays it.

The learner writes `choose(state) -> move` for states ``{"n": 17, "moves": (2, 3, 7)}`` (coursekit.arena's
subtraction state). Two kinds of test ask it:

* **unit tests of choose** (question 2): single states (a win taken at once, a move onto a losing number, a legal
  move where every move loses) and a sweep over every n = 1..TOP, judged by membership (any winning move is right).
* **games** (question 3): one sweep request asks the learner's `choose` for its move on every state a game can
  reach (n = 1..TOP, the move set fixed); the judge then plays the games itself with the arena's referee
  (`coursekit.arena.referee.play_game`, its rules, legality checks and forfeits) and the arena's built-in reference
  bots, reading the learner's moves from that table. The win rate's Wilson 95% interval must lie above THRESHOLD.

Why a table of moves and not a sandboxed arena run: in the arena a bot's source runs afresh before each game and
`choose` sees only the state, so its move on a state is the same in every game; one request of TOP states gives
every game's moves at the cost of a single call into the learner's code (in their kernel for check(), in the
grading sandbox when graded), instead of a sandbox start and several hundred move requests per learner. The
reference bots, their seeds and the start numbers never enter the learner's process. A bot that draws random
numbers is asked once per state: the games then use that one sample of its play.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Optional

import numpy as np

from coursekit.grading.cases import Case, Outcome, Probe, Question, Slip, Sweep, Written, short
from coursekit.grading.bot_checks import BotGames, decoded_replies, play_against  # noqa: F401 - the games
from coursekit.grading.public import one_of_probe
from coursekit.sandbox.wire import WireError
from coursekit.stats import wilson_interval
from coursekit.subtraction import SubtractionGame

MOVES = (2, 3, 7)
GAME = "subtraction:2,3,7"  # as coursekit.grading.bot_checks plays it
LIMIT = 30  # question 1: the losing positions 0 <= n < LIMIT
TOP = 99  # the states a game can reach: n = 1..TOP (every start is at most TOP)
RANDOM_STARTS = tuple(range(20, TOP + 1))  # against random: every start 20..99, both seats
RANDOM_ROUNDS = 2  # rounds against random (its moves are seeded per game by the referee)
THRESHOLD = 0.9  # against optimal: the 95% Wilson interval of the win rate must lie above this
SEED = 11  # the arena seed of the graded games
RULES = SubtractionGame(MOVES)
SOURCE_RULES = SubtractionGame((3, 5, 11))


def rate_against_random(pick, starts: tuple = RANDOM_STARTS, moves: tuple = MOVES) -> Fraction:
    """The exact win rate against the arena's `random` over `starts`, both seats, of the bot that plays, at each n,
    `pick(n, {move: its exact chance to win})` among the moves question 2 accepts there (any winning move; any move
    on a losing number). `random` takes an exact 0, else a random move that stays >= 0 (coursekit.subtraction)."""
    rules = SubtractionGame(moves)
    mine, theirs = {}, {}  # n -> the bot's chance to win with the bot / random to move
    for n in range(1, max(starts) + 1):
        after = {d: Fraction(int(n == d)) if n <= d else theirs[n - d] for d in moves}
        mine[n] = pick(n, {d: after[d] for d in rules.winning_moves(n) or moves})
        safe = [d for d in moves if d <= n]
        theirs[n] = (Fraction(0) if n in moves else Fraction(1) if not safe
                     else sum(mine[n - d] for d in safe) / len(safe))
    return sum(mine[s] + theirs[s] for s in starts) / (2 * len(starts))


def weakest_rate() -> Fraction:
    """The exact win rate against random of the weakest bot question 2 accepts (the worst accepted move everywhere)."""
    return rate_against_random(lambda n, chances: min(chances.values()))


def random_threshold(miss: float = 0.001) -> float:
    """Question 3's bar against random, derived from the weakest bot question 2 accepts: the Wilson lower bound that
    bot reaches unless its share falls in the lowest `miss` of the binomial (the games of one start are less varied
    than that, so it passes at least 99.9% of the time), rounded down to a percent."""
    p, games = float(weakest_rate()), len(RANDOM_STARTS) * 2 * RANDOM_ROUNDS
    below, k = 0.0, -1
    while below + math.comb(games, k + 1) * p ** (k + 1) * (1 - p) ** (games - k - 1) <= miss:
        k += 1
        below += math.comb(games, k) * p ** k * (1 - p) ** (games - k)
    return math.floor(100 * wilson_interval(k + 1, games)[0] - 1e-9) / 100


RANDOM_THRESHOLD = random_threshold()


def state(n: int) -> dict:
    """The state a bot sees at n (the arena's subtraction state)."""
    return {"n": n, "moves": MOVES}


def losing_below(limit: int = LIMIT, moves: tuple = MOVES) -> list:
    """The losing positions 0 <= n < limit (the player to move loses against best play), from coursekit."""
    return list(SubtractionGame(moves).losing_positions(limit))


def winning_starts(low: int = 10, high: int = TOP) -> tuple:
    """The starts low..high where the player to move can force a win."""
    return tuple(n for n in range(low, high + 1) if not RULES.is_losing(n))


def good_moves(st: dict) -> tuple:
    """What a best-play bot may answer: every winning move, or any move of the set when none wins."""
    wins = RULES.winning_moves(st["n"])
    return wins or MOVES


def reference_move(st: dict) -> int:
    """The reference bot's move: the smallest winning move, else the smallest move."""
    return good_moves(st)[0]


# --- slips: wrong bots a learner writes ---------------------------------------------------------------------------
def mod8_bot(st: dict) -> int:
    """The slip of using the 3-5-11 losing positions (n mod 8 in 0, 1, 2) for the moves (2, 3, 7)."""
    n = st["n"]
    for d in MOVES:
        if d <= n and (n - d) % 8 in (0, 1, 2):
            return d
    return MOVES[0]


def immediate_only_bot(st: dict) -> int:
    """The slip of taking a win only when a move makes exactly 0, else the smallest move."""
    n = st["n"]
    return n if n in MOVES else MOVES[0]


def swapped_bot(st: dict) -> int:
    """The slip of moving onto winning positions (the colours swapped), taking an exact 0 when it can."""
    n = st["n"]
    if n in MOVES:
        return n
    for d in MOVES:
        if d < n and not RULES.is_losing(n - d):
            return d
    return MOVES[0]


def largest_bot(st: dict) -> int:
    """The slip of always taking the largest move that stays at 0 or above (greedy)."""
    n = st["n"]
    safe = [d for d in MOVES if d <= n]
    return max(safe) if safe else MOVES[0]


MOD8 = "this plays the 3-5-11 rule (leave n mod 8 at 0, 1 or 2); the losing positions of (2, 3, 7) are others"
IMMEDIATE = "this takes a win only when a move makes exactly 0; a win is also a move onto a losing position"
SWAPPED = "this moves onto the numbers where the player to move wins: leave your opponent a losing one"
GREEDY = "always taking the largest move is no strategy: move onto a losing position"
MOVE_SLIPS = [Slip(MOD8, reference=mod8_bot), Slip(IMMEDIATE, reference=immediate_only_bot),
              Slip(SWAPPED, reference=swapped_bot), Slip(GREEDY, reference=largest_bot)]

LOSING_INPUTS = [(MOVES, LIMIT), (MOVES, 100), (MOVES, 1), ((3, 5, 11), 40), ((1, 4), 25), ((2, 5, 6), 50)]
LOSING_SLIPS = [
    Slip("these are the losing positions of the 3-5-11 game (n mod 8 in 0, 1, 2); work them out for (2, 3, 7)",
         answer=lambda: losing_below(LIMIT, (3, 5, 11))),
    Slip("0 is a losing position: the player to move there has already lost", answer=lambda: losing_below()[1:]),
    Slip("these are the winning positions (where the player to move wins); the question asks for the losing ones",
         answer=lambda: list(RULES.winning_positions(LIMIT))),
    Slip("this includes 30; the question asks for 0 <= n < 30", answer=lambda: losing_below(LIMIT + 1)),
    Slip("1 is a losing position too: every move from 1 goes below 0",
         answer=lambda: [n for n in losing_below() if n != 1]),
]


# --- unit tests of choose -----------------------------------------------------------------------------------------
def move_probe(n: int, label: str, allowed: Optional[tuple] = None, points: float = 1) -> Probe:
    """choose at n must answer one of `allowed` (default: a winning move)."""
    return one_of_probe(label, f"choose({state(n)!r})", allowed or RULES.winning_moves(n), points=points)


@dataclass
class MoveSweep(Sweep):
    """A Sweep over states whose answer is right when it is one of `reference(state)`'s moves (any winning move)."""

    def judge(self, replies: list, seconds: Optional[float] = None) -> Outcome:
        """The first state answered with a move outside the allowed ones fails the test."""
        cases, _, expected = self._table.get()
        base = dict(label=self.label, max_points=self.points, public=self.public, reveal=self.reveal)
        decoded, error = decoded_replies(replies, len(cases))
        if decoded is None:
            return Outcome(status="fail", points=0, message=error, **base)
        for (st,), value, (_, allowed) in zip(cases, decoded, expected):
            if isinstance(value, WireError) or type(value) is not int or value not in allowed:
                wanted = f"one of {allowed}" if len(allowed) > 1 else str(allowed[0])
                return Outcome(status="fail", points=0, expected=wanted, actual=short(value),
                               message=f"first wrong state: n = {st['n']}",
                               slip=self.slip_of(decoded) if len(decoded) == len(cases) else "", **base)
        if len(decoded) < len(cases):
            return Outcome(status="fail", points=0, message=f"n = {cases[len(decoded)][0]['n']}: {error}", **base)
        return Outcome(status="pass", points=self.points, expected="a winning move wherever there is one",
                       actual="yes, on every state", **base)


STATES = [(state(n),) for n in range(1, TOP + 1)]


# --- question 5: one pair's bootstrap interval (lesson 11's recipe) --------------------------------------------
def bootstrap_interval(wins: int, games: int, resamples: int = 1000, seed: int = 0, low_q: float = 2.5,
                       high_q: float = 97.5, share=None, divide: bool = True) -> tuple:
    """The percentile bootstrap interval of a share: `resamples` binomial redraws of `games` games, each won with
    the observed share, and the middle 95% of the resampled shares (the flags make the slips)."""
    rng = np.random.default_rng(seed)
    drawn = rng.binomial(games, wins / games if share is None else share, size=resamples)
    shares = drawn / games if divide else drawn
    low, high = np.percentile(shares, [low_q, high_q])
    return float(low), float(high)


def _normal_interval(wins: int, games: int, resamples: int = 1000, seed: int = 0) -> tuple:
    """The slip of the mean plus and minus 1.96 standard deviations of the resampled shares."""
    shares = np.random.default_rng(seed).binomial(games, wins / games, size=resamples) / games
    return float(shares.mean() - 1.96 * shares.std()), float(shares.mean() + 1.96 * shares.std())


def _extremes(wins: int, games: int, resamples: int = 1000, seed: int = 0) -> tuple:
    """The slip of the smallest and largest resampled share."""
    return bootstrap_interval(wins, games, resamples, seed, 0, 100)


BOOT_SLIPS = [
    Slip("this is the middle 90% (percentiles 5 and 95); a 95% interval leaves 2.5% out at each end",
         reference=lambda w, g, r=1000, s=0: bootstrap_interval(w, g, r, s, 5, 95)),
    Slip("these are the smallest and largest resampled shares; the interval leaves the extreme 2.5% out at each "
         "end", reference=_extremes),
    Slip("these are numbers of games won, not shares: divide the resampled wins by the number of games",
         reference=lambda w, g, r=1000, s=0: bootstrap_interval(w, g, r, s, divide=False)),
    Slip("the games were redrawn 50:50; a resample redraws them with the share the bot really won",
         reference=lambda w, g, r=1000, s=0: bootstrap_interval(w, g, r, s, share=0.5)),
    Slip("this is the mean plus or minus 1.96 standard deviations; take the percentiles of the resampled shares",
         reference=_normal_interval),
]
BOOT_PUBLIC = [(16, 24, 1000, 0), (12, 24, 1000, 1), (23, 24, 500, 2)]
BOOT_HIDDEN = [(3, 20, 2000, 3), (160, 240, 1000, 4), (1, 2, 300, 5), (24, 24, 100, 6)]


QUESTIONS = [
    Question("11.q1", "losing_positions(moves, top), and those of the move set (2, 3, 7) below 30", "number", [
        Case("losing_positions((2, 3, 7), 30)", losing_below, points=0, slips=LOSING_SLIPS),
        Sweep("losing_positions", lambda: LOSING_INPUTS, lambda moves, top: losing_below(top, moves), points=2,
              public=False, label=f"losing_positions(moves, top) on {len(LOSING_INPUTS)} hidden games", slips=[
                  Slip("0 is a losing position: the player to move there has already lost",
                       reference=lambda moves, top: losing_below(top, moves)[1:]),
                  Slip("this includes top; the question asks for 0 <= n < top",
                       reference=lambda moves, top: losing_below(top + 1, moves)),
              ]),
    ], objective="11.1"),
    Question("11.q2", "choose(state): a bot that plays (2, 3, 7) perfectly", "function", [
        move_probe(2, "choose at n = 2 takes the win (2 makes exactly 0)"),
        move_probe(7, "choose at n = 7 plays a winning move"),
        move_probe(14, "choose at n = 14 leaves the opponent a losing number"),
        move_probe(16, "choose at n = 16 (a losing number) still answers a move of the set", allowed=MOVES),
        MoveSweep("choose", lambda: STATES, good_moves, points=2,
                  label=f"choose on every n = 1..{TOP}: a winning move wherever there is one", slips=MOVE_SLIPS),
    ], course_code=("coursekit.subtraction.SubtractionGame", "coursekit.subtraction.optimal_for",
                    "coursekit.arena.bots.builtin_player"), objective="11.1"),
    Question("11.q3", "your bot against the reference bots, judged by the referee", "function", [
        BotGames("choose", lambda: STATES, reference_move, points=2, public=True, opponent="random",
                 starts=RANDOM_STARTS, seats=(0, 1), rounds=RANDOM_ROUNDS, threshold=RANDOM_THRESHOLD,
                 label=f"against random, starts 20..{TOP}, both seats, {RANDOM_ROUNDS} rounds",
                 slips=[s for s in MOVE_SLIPS if s.says != SWAPPED]),  # swapped colours clear this bar (79.7%)
        BotGames("choose", lambda: STATES, reference_move, points=2, public=True, opponent="optimal",
                 starts=winning_starts(), seats=(0,), rounds=1, threshold=THRESHOLD,
                 label=f"against optimal, moving first from every winning start 10..{TOP}", slips=MOVE_SLIPS),
    ], objective="11.1"),
    Question("11.q4", "what the leaderboard can say about perfect bots", "written", [Written("perfect_bots")],
             objective="11.2"),
    Question("11.q5", "bootstrap_interval: one pair's 95% bootstrap interval", "function", [
        Sweep("bootstrap_interval", lambda: BOOT_PUBLIC, bootstrap_interval, points=2, public=True, tol=1e-9,
              label="bootstrap_interval on three pairs (16 of 24, 12 of 24, 23 of 24)", slips=BOOT_SLIPS),
        Sweep("bootstrap_interval", lambda: BOOT_HIDDEN, bootstrap_interval, points=1, tol=1e-9,
              label="bootstrap_interval on four more pairs (all won, few games, many games)", slips=BOOT_SLIPS),
    ], objective="11.3"),
]
