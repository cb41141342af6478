"""The round robin's plan: which games, grouped into batches that share their bots, and every game's seeds.

A game is keyed by (first, second, round, start): `second` is "" when a bot plays alone (the tournament). Two bots
meet in one batch: every round, every start, each bot moving first once. Seeds are derived from the arena's seed
and the key by hashing (stable across processes and machines), never from the order games are played in, so a
game's result is the same with one job, several, Dask workers, or after an interruption.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any, Sequence

from coursekit.arena.games import ArenaGame

MAX_ROUNDS = 10_000  # rounds of a round robin (tournaments per bot for the tournament)
MAX_GAMES = 5_000_000  # games of one arena run


@dataclass(frozen=True)
class Batch:
    """Games that need the same bots (one or two names): played one after the other by one job."""

    bots: tuple[str, ...]
    keys: tuple[tuple, ...]


def derive_seed(*parts: Any) -> int:
    """A seed 0 <= s < 2**63 from any JSON-able parts (the same parts give the same seed everywhere)."""
    text = json.dumps(parts, separators=(",", ":"), default=str)
    return int(hashlib.sha256(text.encode()).hexdigest()[:16], 16) >> 1


def game_seeds(seed: int, spec: str, key: tuple, secret: str = "") -> tuple[int, int, int]:
    """(the game's own seed, seat 0's, seat 1's): the game's chance (the tournament's deck) is shared by every bot
    in the same round and start; each seat's seed belongs to its game.

    `secret` (the arena run's, recorded in its results) goes into every seed: a bot that knows the course's code and
    the --seed still cannot recompute a built-in opponent's random stream or the deck, yet the instructor, who has
    the secret, replays the run exactly."""
    first, second, round_, start = key
    extra = (secret,) if secret else ()
    return (derive_seed(seed, spec, "game", round_, start, *extra), derive_seed(seed, spec, *key, 0, *extra),
            derive_seed(seed, spec, *key, 1, *extra))


def check_rounds(rounds: int) -> int:
    """Rounds as a whole number from 1 to MAX_ROUNDS."""
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
        raise ValueError(f"rounds must be a whole number from 1 to {MAX_ROUNDS:,}, not {rounds!r}")
    return rounds


def plan(names: Sequence[str], game: ArenaGame, rounds: int, starts: Sequence) -> list[Batch]:
    """Every game of a round robin in batches: each pair of bots once (both colours), or each bot alone."""
    rounds = check_rounds(rounds)
    names = list(names)
    if len(set(names)) != len(names):
        raise ValueError(f"bot names must be unique, not {names!r}")
    if game.seats == 2 and len(names) < 2:
        raise ValueError(f"a round robin of {game.spec} needs at least 2 bots, not {len(names)}")
    if game.seats == 1 and not names:
        raise ValueError("the tournament needs at least 1 bot")
    pairs = len(names) * (len(names) - 1) if game.seats == 2 else len(names)
    total = pairs * rounds * len(starts)
    if total > MAX_GAMES:
        raise ValueError(f"this round robin has {total:,} games; an arena run plays at most {MAX_GAMES:,} "
                         f"(fewer bots, rounds or starts)")
    batches = []
    if game.seats == 1:
        for name in names:
            keys = tuple((name, "", r, s) for r in range(rounds) for s in starts)
            batches.append(Batch((name,), keys))
        return batches
    for a, b in interleaved_pairs(names):
        keys = tuple(k for r in range(rounds) for s in starts for k in ((a, b, r, s), (b, a, r, s)))
        batches.append(Batch((a, b), keys))
    return batches


def interleaved_pairs(names: Sequence[str]) -> list[tuple[str, str]]:
    """Every pair once, in rounds where each bot plays at most once (the circle method), so a run stopped early has
    spread its games over all the bots instead of finishing the first bot's pairs first. Each pair is (the bot
    given first, the other)."""
    index = {name: i for i, name in enumerate(names)}
    seats = list(names) + ([None] if len(names) % 2 else [])
    n = len(seats)
    pairs = []
    for _ in range(n - 1):
        for i in range(n // 2):
            a, b = seats[i], seats[n - 1 - i]
            if a is not None and b is not None:
                pairs.append((a, b) if index[a] < index[b] else (b, a))
        seats = [seats[0], seats[-1], *seats[1:-1]]
    return pairs
