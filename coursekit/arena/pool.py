"""The players of one process: one per bot, created on first use, a sandbox kept alive between its games.

A bot plays one game at a time (`seated` locks its player); at most `max_alive` sandboxes run at once: when a
seat is released past that number, the least recently used idle sandboxes are stopped (they start again when
their bot plays next). `close()` stops every sandbox.
"""

from __future__ import annotations

import contextlib
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Iterator, Sequence, Union

from coursekit.arena.bots import Bot
from coursekit.arena.games import ArenaGame
from coursekit.arena.referee import ArenaLimits, BuiltinPlayer, GameRecord, SandboxPlayer, make_player, play_game
from coursekit.arena.schedule import game_seeds

DEFAULT_MAX_ALIVE = 48  # sandboxes alive at once (about 30 MB each)


class PlayerPool:
    """One player per bot for this process, with a lock each and a cap on live sandboxes."""

    def __init__(self, bots: Sequence[Bot], game: ArenaGame, limits: ArenaLimits, use_bwrap: bool = True,
                 max_alive: int = DEFAULT_MAX_ALIVE, spawners: int = 2) -> None:
        if isinstance(max_alive, bool) or not isinstance(max_alive, int) or max_alive < 2:
            raise ValueError(f"max_alive must be a whole number of sandboxes, 2 or more, not {max_alive!r}")
        self.bots = {b.name: b for b in bots}
        self.game, self.limits, self.use_bwrap, self.max_alive = game, limits, use_bwrap, max_alive
        self.players: dict = {}
        self.locks: dict[str, threading.Lock] = {name: threading.Lock() for name in self.bots}
        self.busy: set[str] = set()
        self.recent: list[str] = []  # least recently used first
        self.guard = threading.Lock()
        self.closed = False
        # sandboxes are started on these threads, which live until close(): bwrap --die-with-parent would kill a
        # sandbox when the thread that started it ends
        self.spawner = ThreadPoolExecutor(max_workers=spawners, thread_name_prefix="arena-spawner")

    def add(self, bots: Sequence[Bot]) -> None:
        """Make more bots known (a Dask worker learns its bots task by task)."""
        with self.guard:
            for bot in bots:
                old = self.bots.get(bot.name)
                if old is not None and old.digest != bot.digest:
                    raise ValueError(f"two different bots are called {bot.name!r}")
                if old is None:
                    self.bots[bot.name] = bot
                    self.locks[bot.name] = threading.Lock()

    def player(self, name: str) -> Union[BuiltinPlayer, SandboxPlayer]:
        """The player of a bot (created on first use)."""
        with self.guard:
            if name not in self.players:
                self.players[name] = make_player(self.bots[name], self.game, self.limits, self.use_bwrap,
                                                 self.spawner)
            return self.players[name]

    @contextlib.contextmanager
    def seated(self, names: Sequence[str]) -> Iterator[list]:
        """The players of these bots, held for this thread (locks taken in name order: no deadlock)."""
        for name in sorted(set(names)):
            self.locks[name].acquire()
        try:
            with self.guard:
                self.busy.update(names)
            yield [self.player(name) for name in names]
        finally:
            with self.guard:
                self.busy.difference_update(names)
                for name in names:
                    if name in self.recent:
                        self.recent.remove(name)
                    self.recent.append(name)
            for name in sorted(set(names), reverse=True):
                self.locks[name].release()
            self._trim()

    def alive(self) -> list[str]:
        """The bots whose sandbox is running now."""
        with self.guard:
            return [n for n, p in self.players.items() if p.sandboxed and p.alive]

    def _trim(self) -> None:
        """Stop the least recently used idle sandboxes while more than max_alive run."""
        while True:
            with self.guard:
                running = [n for n in self.recent if self.players.get(n) is not None
                           and self.players[n].sandboxed and self.players[n].alive]
                if len(running) <= self.max_alive:
                    return
                idle = [n for n in running if n not in self.busy]
                if not idle:
                    return
                victim = idle[0]
            lock = self.locks[victim]
            if lock.acquire(blocking=False):
                try:
                    self.players[victim].close()
                finally:
                    lock.release()
            else:
                return

    def pids(self) -> list[int]:
        """The first process of every sandbox this pool ever started."""
        with self.guard:
            return [pid for p in self.players.values() for pid in getattr(p, "pids", [])]

    def starts(self) -> int:
        """How many sandboxes this pool started."""
        return sum(self.starts_by_bot().values())

    def starts_by_bot(self) -> dict[str, int]:
        """How many sandboxes this pool started for each file bot (restarts after a hang or a death included)."""
        with self.guard:
            return {name: p.starts for name, p in self.players.items() if p.sandboxed}

    def close(self) -> None:
        """Stop every sandbox (players seated elsewhere are stopped too: their games then fail)."""
        with self.guard:
            players = list(self.players.values())
            self.closed = True
        for player in players:
            player.close()
        self.spawner.shutdown(wait=True)


def play_key(game: ArenaGame, players: dict, key: tuple, seed: int, limits: ArenaLimits,
             secret: str = "") -> GameRecord:
    """Play the game of a key (first, second, round, start) with the players of those bots, seeded from the key
    (and the run's secret)."""
    first, second, round_, start = key
    seated = [players[first]] + ([players[second]] if second else [])
    return play_game(game, seated, round_, start, game_seeds(seed, game.spec, key, secret), limits)
