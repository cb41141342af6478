"""An arena on a Dask cluster: each batch (two bots' games) is a task; each worker starts its bots' sandboxes itself.

`Arena(...).run(runner=on_dask("tcp://host:8786"))` (or a `distributed.Client`) sends every batch with its bots'
sources to the cluster; a worker keeps one pool of players per run (`PlayerPool`: sandboxes kept alive between
its tasks, at most `max_alive` at once) and returns plain game records. Seeds come from the game keys, so the
results are the same as with threads. Strikes (disqualification after repeated time-outs) are counted per worker
process. Needs the optional extra `arena` (``pip install coursekit[arena]``: dask[distributed]) here and on every
worker, and bubblewrap on every worker.
"""

from __future__ import annotations

import threading
import uuid
from typing import Any, Callable

from coursekit.arena.bots import Bot
from coursekit.arena.games import parse_game
from coursekit.arena.pool import PlayerPool, play_key
from coursekit.arena.referee import GameRecord

_POOLS: dict[str, PlayerPool] = {}  # run id -> this worker process's players
_LOCK = threading.Lock()


def play_batch(run: dict, bots: list[Bot], keys: list[tuple]) -> list[dict]:
    """On a worker: play one batch's games with this worker's players of the run; the records as dicts."""
    with _LOCK:
        pool = _POOLS.get(run["id"])
        if pool is None:
            pool = PlayerPool(bots, parse_game(run["game"]), run["limits"], run["sandboxed"], run["max_alive"])
            _POOLS[run["id"]] = pool
        else:
            pool.add(bots)
    names = [b.name for b in bots]
    records = []
    with pool.seated(names) as players:
        by_name = dict(zip(names, players))
        for key in keys:
            records.append(play_key(pool.game, by_name, tuple(key), run["seed"], pool.limits,
                                    run.get("secret", "")).as_dict())
    return records


def close_pool(run_id: str) -> dict:
    """On a worker: stop every sandbox of a run; {"starts": sandboxes started, "pids": their first processes}."""
    with _LOCK:
        pool = _POOLS.pop(run_id, None)
    if pool is None:
        return {"starts": 0, "pids": []}
    pool.close()
    return {"starts": pool.starts(), "pids": pool.pids()}


def on_dask(scheduler: Any) -> Callable[[Any, list, Callable[[GameRecord], None], threading.Event], None]:
    """A runner for `Arena.run(runner=...)`: the batches played on the Dask cluster at `scheduler` (or a Client)."""
    def runner(arena: Any, batches: list, finished: Callable[[GameRecord], None], stop: threading.Event) -> None:
        run_on_dask(arena, batches, scheduler, finished, stop)
    return runner


def run_on_dask(arena: Any, batches: list, scheduler: Any, finished: Callable[[GameRecord], None],
                stop: threading.Event) -> None:
    """Play the batches on a Dask cluster, handing each finished game to `finished`; stop early when `stop` is set."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise ValueError("--scheduler needs Dask: pip install 'coursekit[arena]' (dask[distributed])") from None
    own = not isinstance(scheduler, Client)
    client = Client(scheduler) if own else scheduler
    run = {"id": uuid.uuid4().hex, "game": arena.game.spec, "limits": arena.limits, "sandboxed": arena.sandboxed,
           "seed": arena.seed, "secret": arena.secret or "", "max_alive": arena.max_alive}
    bots = {b.name: b for b in arena.bots}
    futures = []
    try:
        futures = [client.submit(play_batch, run, [bots[n] for n in batch.bots], list(batch.keys), pure=False)
                   for batch in batches]
        for future in as_completed(futures):
            if stop.is_set():
                break
            try:
                records = future.result()
            except Exception as error:  # a worker lost or a referee bug: these games stay unplayed
                arena.errors.append(f"a Dask task failed: {type(error).__name__}: {error}")
                continue
            for data in records:
                finished(GameRecord.from_dict(data))
    finally:
        for future in futures:
            future.cancel()
        try:
            for closed in client.run(close_pool, run["id"]).values():
                arena.sandbox_starts += closed["starts"]
                arena.sandbox_pids += closed["pids"]
        except Exception as error:
            arena.errors.append(f"could not stop the workers' sandboxes: {error}")
        if own:
            client.close()
