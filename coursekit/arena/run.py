"""Running a round robin: `Arena(bots, game, ...).run()` plays every game not already played, `jobs` at a time.

Jobs are threads of this process (each game waits on its sandboxes, so threads suffice) or, with `scheduler`,
tasks on a Dask cluster (coursetools.arena.dask_runner). A batch (two bots' games) goes to one job; a bot plays one
game at a time. Every finished game is appended to the journal beside the output at once, so an interrupted run
resumes where it stopped: games already in the journal or in an earlier output with the same game, seed, time
limits and bot sources are not played again.
"""

from __future__ import annotations

import json
import secrets
import sys
import threading
import time
from pathlib import Path
from typing import Any, Callable, Optional, Sequence, Union

from coursekit.arena.bots import Bot, load_bots
from coursekit.arena.games import ArenaGame, parse_game
from coursekit.arena.pool import DEFAULT_MAX_ALIVE, PlayerPool, play_key
from coursekit.arena.referee import ArenaLimits, GameRecord
from coursekit.arena.results import Results, journal_path, read_journal
from coursekit.arena.schedule import Batch, plan

MAX_JOBS = 256
COMPATIBLE = ("game", "seed", "secret", "move_seconds", "match_seconds", "load_seconds", "sandboxed")  # reuse needs
SECRET_CHARS = 32  # hex digits of a run's secret
# plays batches somewhere else than this process's threads: runner(arena, batches, finished, stop)
Runner = Callable[[Any, list, Callable[[GameRecord], None], threading.Event], None]


class Arena:
    """A round robin of bots in one game: the plan, its seeds and limits; `run()` plays it into Results."""

    def __init__(self, bots: Sequence[Union[str, Path, Bot]], game: Union[str, ArenaGame] = "subtraction",
                 rounds: int = 1, starts: Union[str, Sequence, None] = None, seed: int = 0, jobs: int = 1,
                 limits: Optional[ArenaLimits] = None, sandboxed: bool = True,
                 max_alive: int = DEFAULT_MAX_ALIVE, secret: Optional[str] = None) -> None:
        self.game = parse_game(game)
        bots = list(bots) if not isinstance(bots, (str, Path)) else [bots]
        self.bots: list[Bot] = (bots if bots and all(isinstance(b, Bot) for b in bots)
                                else load_bots([str(b) for b in bots], self.game))
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise ValueError(f"seed must be a whole number 0 or more, not {seed!r}")
        if isinstance(jobs, bool) or not isinstance(jobs, int) or not 1 <= jobs <= MAX_JOBS:
            raise ValueError(f"jobs must be a whole number from 1 to {MAX_JOBS}, not {jobs!r}")
        self.starts = self.game.parse_starts(starts)
        self.rounds, self.seed, self.jobs = rounds, seed, jobs
        if secret is not None and (not isinstance(secret, str) or len(secret) > 128
                                   or not all(c in "0123456789abcdef" for c in secret)):
            raise ValueError(f"secret must be hex digits (as recorded in a results file), or '' for none, "
                             f"not {secret!r}")
        # None: a new one for this run (or the one of the results it resumes); "": none, every stream follows from
        # `seed` alone (a lesson's saved outputs; never for a class of bots that may try to predict the built-ins)
        self.secret = secret
        self.limits = limits or ArenaLimits()
        self.sandboxed, self.max_alive = bool(sandboxed), max_alive
        self.batches: list[Batch] = plan([b.name for b in self.bots], self.game, rounds, self.starts)
        self.order = {key: i for i, key in enumerate(k for b in self.batches for k in b.keys)}
        self.errors: list[str] = []  # referee errors (bugs): those games are left unplayed
        self.results: Optional[Results] = None  # the run in progress (read it from another thread)
        self.sandbox_pids: list[int] = []  # first process of every sandbox started in this process
        self.sandbox_starts = 0
        self.starts_by_bot: dict[str, int] = {}  # sandboxes started per file bot (threads only, not Dask)
        self._lock = threading.Lock()

    @property
    def config(self) -> dict:
        """What the run is: game, seats, rounds, starts, seed, time limits, sandboxed (saved with the results)."""
        return {"game": self.game.spec, "seats": self.game.seats, "rounds": self.rounds, "starts": list(self.starts),
                "seed": self.seed, "secret": self.secret, "move_seconds": self.limits.move_seconds,
                "match_seconds": self.limits.match_seconds, "load_seconds": self.limits.load_seconds,
                "grace": self.limits.grace, "strikes": self.limits.strikes, "sandboxed": self.sandboxed}

    @property
    def total(self) -> int:
        """The number of games of the whole round robin."""
        return len(self.order)

    def reusable(self, previous: Optional[Results]) -> dict:
        """The earlier games this run can keep: same config where it matters, same bots, a key of this plan."""
        if previous is None:
            return {}
        if any(previous.config.get(k) != self.config[k] for k in COMPATIBLE):
            return {}
        digests = {b.name: b.digest for b in self.bots}
        kept = {}
        for record in previous.games:
            key = record.key
            names = [record.first] + ([record.second] if record.second else [])
            if key in self.order and list(record.digests) == [digests.get(n) for n in names]:
                kept[key] = record
        return kept

    def snapshot(self) -> Results:
        """A copy of the results so far (safe to read while the run goes on)."""
        with self._lock:
            current = self.results
            if current is None:
                return Results(self.config, [b.describe() for b in self.bots], [], "running")
            return Results(current.config, list(current.bots), list(current.games), current.status)

    def run(self, out: Union[str, Path, None] = None, resume: bool = True,
            on_game: Optional[Callable[[GameRecord, int, int], Any]] = None,
            stop: Optional[threading.Event] = None, progress: bool = False,
            runner: Optional[Runner] = None) -> Results:
        """Play every game not yet played; with `out`, journal each game beside it (and reuse earlier games there).

        `on_game(record, done, total)` is called after every game (from a worker thread); setting `stop` ends the
        run after the games in progress (their results are dropped); KeyboardInterrupt does the same. The returned
        Results have status "complete", or "interrupted". Results are not saved here: call `results.save(out)`.
        `runner(arena, batches, finished, stop)` plays the batches instead of this process's threads.
        """
        stop = stop or threading.Event()
        previous = None
        if out is not None and resume:
            try:
                previous = Results.load(out)
            except (ValueError, OSError):
                previous = None
        if self.secret is None:  # resume with the secret of the results (or journal) being resumed, else a new one
            earlier = previous.config.get("secret") if previous is not None else None
            kept = {k: v for k, v in (previous.config.items() if previous is not None else ()) if k != "secret"}
            same = previous is not None and all(kept.get(k) == self.config[k] for k in COMPATIBLE if k != "secret")
            self.secret = earlier if same and isinstance(earlier, str) and earlier else secrets.token_hex(
                SECRET_CHARS // 2)
        reused = self.reusable(previous)
        results = Results(self.config, [b.describe() for b in self.bots], list(reused.values()), "running")
        with self._lock:
            self.results = results
        todo = [Batch(b.bots, tuple(k for k in b.keys if k not in reused)) for b in self.batches]
        todo = [b for b in todo if b.keys]
        journal = _Journal(journal_path(out), {"config": self.config, "bots": results.bots},
                           list(reused.values())) if out is not None else None
        bar = None
        from coursekit.progress import enabled

        if progress and enabled():  # COURSEKIT_PROGRESS=0 silences it, as every bar of the course
            from tqdm import tqdm

            bar = tqdm(total=self.total, initial=len(reused), desc=f"arena {self.game.spec}", unit="game",
                       file=sys.stderr, dynamic_ncols=True)
        done = [len(reused)]

        def finished(record: GameRecord) -> None:
            with self._lock:
                results.games.append(record)
                done[0] += 1
                count = done[0]
                if journal is not None:
                    journal.add(record)
            if bar is not None:
                bar.update()
            if on_game is not None:
                try:
                    on_game(record, count, self.total)
                except Exception as error:  # a caller's callback must not stop the arena
                    self.errors.append(f"on_game raised {type(error).__name__}: {error}")

        interrupted = False
        try:
            if runner is not None:
                runner(self, todo, finished, stop)
            else:
                self._run_threads(todo, finished, stop)
        except KeyboardInterrupt:
            interrupted = True
            stop.set()
        finally:
            if bar is not None:
                bar.close()
            if journal is not None:
                journal.close()
        with self._lock:
            results.games.sort(key=lambda g: self.order.get(g.key, len(self.order)))
            complete = not interrupted and len(results.games) == self.total
            results.status = "complete" if complete else "interrupted"
        return results

    def _run_threads(self, batches: list[Batch], finished: Callable[[GameRecord], None],
                     stop: threading.Event) -> None:
        """Play the batches with `jobs` threads sharing one pool of players."""
        pool = PlayerPool(self.bots, self.game, self.limits, self.sandboxed, self.max_alive, spawners=self.jobs)
        dispatcher = _Dispatcher(batches, pool)

        def work() -> None:
            while not stop.is_set():
                batch = dispatcher.take(stop)
                if batch is None:
                    return
                try:
                    with pool.seated(batch.bots) as players:
                        by_name = dict(zip(batch.bots, players))
                        for key in batch.keys:
                            if stop.is_set():
                                return
                            try:
                                record = play_key(self.game, by_name, key, self.seed, self.limits, self.secret)
                            except Exception as error:  # a bug of the referee: this game stays unplayed
                                if stop.is_set():
                                    return
                                self.errors.append(f"{key}: {type(error).__name__}: {error}")
                                continue
                            if stop.is_set():
                                return  # a game cut short by the stop is not a result
                            finished(record)
                finally:
                    dispatcher.done(batch)

        threads = [threading.Thread(target=work, name=f"arena-job-{i}", daemon=True)
                   for i in range(min(self.jobs, max(1, len(batches))))]
        for thread in threads:
            thread.start()
        try:
            while any(t.is_alive() for t in threads):
                for thread in threads:
                    thread.join(timeout=0.2)
        except KeyboardInterrupt:
            stop.set()
            pool.close()  # ends the games in progress at once (their results are dropped)
            raise
        finally:
            for thread in threads:
                thread.join(timeout=30)
            pool.close()
            self.sandbox_pids += pool.pids()
            self.sandbox_starts += pool.starts()
            for name, count in pool.starts_by_bot().items():
                self.starts_by_bot[name] = self.starts_by_bot.get(name, 0) + count


class _Dispatcher:
    """Hands out batches whose bots are all free, preferring bots whose sandboxes are already running."""

    WINDOW = 256  # pending batches looked at per choice

    def __init__(self, batches: list[Batch], pool: PlayerPool) -> None:
        self.pending = list(batches)
        self.busy: set[str] = set()
        self.pool = pool
        self.condition = threading.Condition()

    def take(self, stop: threading.Event) -> Optional[Batch]:
        """The next batch for a job (waits while every pending batch needs a busy bot); None when all are out."""
        with self.condition:
            while self.pending and not stop.is_set():
                alive = set(self.pool.alive())
                best, best_score = None, -1
                for i, batch in enumerate(self.pending[:self.WINDOW]):
                    if self.busy.intersection(batch.bots):
                        continue
                    score = len(alive.intersection(batch.bots))
                    if score > best_score:
                        best, best_score = i, score
                        if score == len(batch.bots):
                            break
                if best is not None:
                    batch = self.pending.pop(best)
                    self.busy.update(batch.bots)
                    return batch
                self.condition.wait(timeout=0.5)
            return None

    def done(self, batch: Batch) -> None:
        """A job finished a batch: its bots are free again."""
        with self.condition:
            self.busy.difference_update(batch.bots)
            self.condition.notify_all()


class _Journal:
    """The journal beside an output: a header line, then one finished game per line, flushed at once."""

    def __init__(self, path: Path, header: dict, kept: list[GameRecord]) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        temporary = path.with_name(path.name + ".new")
        with temporary.open("w", encoding="utf-8") as handle:
            handle.write(json.dumps({"header": header}) + "\n")
            for record in kept:
                handle.write(json.dumps({"game": record.as_dict()}) + "\n")
        temporary.replace(path)
        self.handle = path.open("a", encoding="utf-8")
        self.lock = threading.Lock()
        self.last_flush = time.monotonic()

    def add(self, record: GameRecord) -> None:
        """Append one game and flush it to the file."""
        with self.lock:
            self.handle.write(json.dumps({"game": record.as_dict()}) + "\n")
            self.handle.flush()

    def close(self) -> None:
        """Close the file (it stays until the results are saved)."""
        with self.lock:
            self.handle.close()


def finish_journal(out: Union[str, Path]) -> None:
    """Remove the journal once the results are saved (they hold every game it had)."""
    path = journal_path(out)
    if path.exists():
        path.unlink()


def read_previous(out: Union[str, Path]) -> tuple[Optional[dict], int]:
    """(the header, the number of games) of a journal beside `out`, for a message before resuming."""
    header, records = read_journal(journal_path(out))
    return header, len(records)
