"""Partial runs rank fairly (issue 25, item 9): pairings are interleaved, a bot with no games is listed apart and
never ranked, and the leaderboard (command line, CSV, JSON, dashboard table) says "partial: N of M games"."""

from __future__ import annotations

import csv
import threading

from coursekit.arena import Arena, Results, parse_game
from coursekit.arena.schedule import interleaved_pairs, plan
from coursekit.widgets.arena import leaderboard


def test_pairings_are_interleaved_rounds_of_disjoint_pairs():
    for count in (2, 5, 8, 31):
        names = [f"b{i}" for i in range(count)]
        pairs = interleaved_pairs(names)
        assert len(pairs) == len(set(pairs)) == count * (count - 1) // 2
        per_round = count // 2
        for start in range(0, len(pairs) - per_round + 1, per_round):
            chunk = pairs[start:start + per_round]
            seen = [n for pair in chunk for n in pair]
            assert len(seen) == len(set(seen)), chunk  # nobody twice in one round
    batches = plan([f"b{i}" for i in range(10)], parse_game("subtraction"), 1, (20,))
    first = {n for b in batches[:5] for n in b.bots}
    assert first == {f"b{i}" for i in range(10)}  # the first five batches already involve every bot


def _stopped(after: int):
    stop = threading.Event()

    def on_game(record, done, total):
        if done >= after:
            stop.set()

    arena = Arena(["random", "optimal", "mixed:0.5", "mcts:20", "mixed:0.2", "mixed:0.9"], "subtraction",
                  starts="20", rounds=1, seed=0, jobs=1)
    results = arena.run(on_game=on_game, stop=stop)
    return arena, results


def test_a_stopped_run_says_partial_and_lists_bots_without_games_apart(tmp_path):
    arena, results = _stopped(2)
    assert results.status == "interrupted"
    played = len(results.games)
    assert results.partial == f"partial: {played} of {arena.total} games" and played < arena.total
    waiting = results.unranked()
    assert waiting and all(not any(n in (g.first, g.second) for g in results.games) for n in waiting)
    ratings = results.ratings(bootstrap=20)
    assert not set(ratings.names) & set(waiting)
    assert [r["bot"] for r in results.leaderboard(ratings)] and not {r["bot"] for r in
                                                                      results.leaderboard(ratings)} & set(waiting)
    out = tmp_path / "r.json"
    results.save(out, ratings)
    rows = list(csv.DictReader(out.with_suffix(".csv").open()))
    apart = [r for r in rows if r["bot"] in waiting]
    assert len(apart) == len(waiting) and all(r["rank"] == "" and r["failures"] == "no games yet" for r in apart)
    loaded = Results.load(out)
    assert loaded.partial == results.partial
    table = leaderboard(results, ratings)
    assert results.partial in repr(table) and results.partial in table._repr_html_()
    assert "no games yet: " + ", ".join(waiting) in repr(table)


def test_a_complete_run_is_not_partial():
    arena = Arena(["random", "optimal", "mixed:0.5"], "subtraction", starts="20", rounds=1, seed=0)
    results = arena.run()
    assert results.partial == "" and results.unranked() == [] and "partial" not in repr(leaderboard(results))
