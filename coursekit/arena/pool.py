"""The players of one process: one per bot, created on first use, a sandbox kept alive between its games.

A bot plays one game at a time (`seated` locks its player); at most `max_alive` sandboxes run at once: when a
seat is released past that number, the least recently used idle sandboxes are stopped (they start again when
their bot plays next). While a file bot has not yet started, one spare sandbox starts ahead in the background
(`Spares`): the next bot takes it and runs its source there, so start-ups overlap the games instead of holding
them up. `close()` stops every sandbox.
"""

from __future__ import annotations

import contextlib
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Callable, Iterator, Optional, Sequence, Union

from coursekit.arena.bots import Bot
from coursekit.arena.games import ArenaGame
from coursekit.arena.referee import ArenaLimits, BuiltinPlayer, GameRecord, SandboxPlayer, make_player, play_game
from coursekit.arena.schedule import game_seeds
from coursekit.sandbox.jail import Sandbox, SandboxDied

DEFAULT_MAX_ALIVE = 48  # sandboxes alive at once (about 30 MB each)


class Spares:
    """One sandbox started ahead on a spawner thread (no bot's code has run in it), for the next bot that starts.

    A spare is a sandbox like any other (its own jail, user id, limits and cgroups), only started earlier; it is
    refilled after each take while `wanted()` says a bot has yet to start, and stopped by `close()`."""

    def __init__(self, spawner: ThreadPoolExecutor, limits, use_bwrap: bool, wanted: Callable[[], bool]) -> None:
        self.spawner, self.limits, self.use_bwrap, self.wanted = spawner, limits, use_bwrap, wanted
        self.lock = threading.Lock()
        self.future: Optional[Future] = None
        self.closed = False
        self.taken = 0  # spares handed to a bot

    def take(self) -> Sandbox:
        """A live sandbox: the spare if it started, else one started now (SandboxDied if that fails)."""
        with self.lock:
            future, self.future = self.future, None
        sandbox = None
        if future is not None:
            try:
                sandbox = future.result()
            except SandboxDied:
                sandbox = None
            if sandbox is not None and sandbox.process.poll() is not None:
                sandbox.close()
                sandbox = None
            if sandbox is not None:
                self.taken += 1
        if sandbox is None:
            sandbox = self.spawner.submit(Sandbox, self.limits, self.use_bwrap).result()
        self.refill()
        return sandbox

    def refill(self) -> None:
        """Start the next spare if none is on its way and a bot has yet to start."""
        with self.lock:
            if self.closed or self.future is not None or not self.wanted():
                return
            try:
                self.future = self.spawner.submit(Sandbox, self.limits, self.use_bwrap)
            except RuntimeError:  # the spawner was shut down
                self.future = None

    def close(self) -> None:
        """Stop the spare (waiting for it if it is still starting)."""
        with self.lock:
            self.closed = True
            future, self.future = self.future, None
        if future is not None:
            try:
                future.result().close()
            except Exception:
                pass


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
        self.spawner = ThreadPoolExecutor(max_workers=spawners + 1, thread_name_prefix="arena-spawner")
        self.spares = Spares(self.spawner, limits.sandbox, use_bwrap, self._unstarted)

    def _unstarted(self) -> bool:
        """True while a file bot that may play has never started a sandbox (a spare would be taken)."""
        with self.guard:
            if self.closed:
                return False
            for name, bot in self.bots.items():
                if bot.builtin or bot.problem:
                    continue
                player = self.players.get(name)
                if player is None or (not player.starts and not player.broken):
                    return True
            return False

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
                                                 self.spawner, self.spares)
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
        self.spares.close()
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
