"""Seeded results do not depend on the machine or on what ran before (issue 27): no decision hinges on a float tie.

Lesson 10's search player won 229 of 500 tournaments on one AMD EPYC and 233 on another with the same seeds: its
expected values were summed by BLAS (`P_CARD @ rows`), whose order of additions depends on the processor's kernel,
and two options of equal value (a hit and a stand, two candidate bets) were then told apart by their last bit.
The sums now run in card order (`card_sum`) and options within TIE of each other are ties with a fixed rule.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import coursekit.tournament_optimal as optimal
import coursekit.tournament_search as search
from coursekit.tournament import optimal_strategy
from coursekit.tournament_search import RoundSearch, first_best, play_tournaments

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def best():
    return optimal_strategy()


def _run(best, budget=10, games=150):
    r = play_tournaments(RoundSearch(budget, seed=0), games, seed=20, judge=best)
    return r["won"], r["decisions"], r["playouts"], r["given_away"]


def _same(a, b):
    assert a[:3] == b[:3]
    assert np.allclose(a[3], b[3], rtol=0, atol=1e-12)


def _reversed_sum(rows, weights=optimal.P_CARD):
    """The same weighted sum added in the opposite order: equal up to the last bits."""
    rows = list(rows)
    total = weights[-1] * rows[-1]
    for weight, row in zip(weights[-2::-1], rows[-2::-1]):
        total = total + weight * row
    return total


def test_ties_have_a_fixed_rule():
    v = np.array([0.3, 0.0, 1.0, 0.7])
    _, hits = optimal.hand_values(v, v, v)                 # every end of the round is worth the same: all ties
    assert not hits[4:21].any()                            # ... and a tie stands, whatever the last bits say
    noisy = np.array([[0.3, 0.3 + 2e-16, 0.2], [0.1, 0.5, 0.5 - 1e-16], [0.9, 0.2, 0.9]])
    assert first_best(noisy).tolist() == [0, 1, 0]         # within TIE: the first candidate
    assert np.argmax(noisy, axis=1).tolist() == [1, 1, 0]  # (what argmax makes of the same rows)
    rows = np.random.default_rng(1).random((10, 7))
    assert np.array_equal(optimal.card_sum(rows), optimal.card_sum(np.asfortranarray(rows)))


def test_search_does_not_depend_on_summation_order_or_last_bits(best, monkeypatch):
    plain = _run(best)
    monkeypatch.setattr(optimal, "card_sum", _reversed_sum)
    monkeypatch.setattr(search, "card_sum", _reversed_sum)
    _same(_run(best), plain)                               # another order of the same additions
    monkeypatch.undo()
    rng = np.random.default_rng(7)
    leaves = search.playout_values

    def jittered(*args, **kwargs):                         # every leaf value moved by about one unit in the last bit
        v = leaves(*args, **kwargs)
        return v * (1 + rng.choice([-1, 0, 1], v.shape) * 2.3e-16)

    monkeypatch.setattr(search, "playout_values", jittered)
    _same(_run(best), plain)


def test_search_does_not_depend_on_earlier_work_in_the_process(best):
    first = _run(best, games=100)
    junk = [np.random.default_rng(i).random(1001 + 37 * i) for i in range(150)]   # other memory layouts
    _ = [a @ a for a in junk] + [np.linalg.solve(np.eye(9) + a[:81].reshape(9, 9), a[:9]) for a in junk]
    optimal.solve(60, 10, "optimal", "optimal")
    _same(_run(best, games=100), first)


def test_the_solver_does_not_depend_on_summation_order(monkeypatch):
    plain = optimal.solve(120, 10, "optimal", "optimal")
    monkeypatch.setattr(optimal, "card_sum", _reversed_sum)
    other = optimal.solve(120, 10, "optimal", "optimal")
    assert plain.iterations == other.iterations
    assert np.array_equal(plain.bets, other.bets) and np.array_equal(plain.pair_hits, other.pair_hits)
    assert np.allclose(plain.values, other.values, rtol=0, atol=1e-12)


SCRIPT = """
from coursekit.tournament import optimal_strategy
from coursekit.tournament_search import RoundSearch, limit_probability, play_tournaments
r = play_tournaments(RoundSearch(10, seed=0), 150, seed=20, judge=optimal_strategy())
print(r["won"], r["decisions"], r["playouts"], round(float(r["given_away"].sum()), 9), round(limit_probability(), 12))
"""


def test_the_same_on_every_blas_kernel():
    """OpenBLAS picks its kernels by processor; OPENBLAS_CORETYPE makes this machine use another machine's."""
    flags = Path("/proc/cpuinfo").read_text() if Path("/proc/cpuinfo").exists() else ""
    kernels = ["Prescott", "Haswell"] + (["SkylakeX"] if "avx512f" in flags else [])
    if "avx2" not in flags:
        pytest.skip("needs an x86-64 processor with AVX2 to run two OpenBLAS kernels")
    out = {}
    for kernel in kernels:
        env = {**os.environ, "OPENBLAS_CORETYPE": kernel, "OPENBLAS_NUM_THREADS": "1", "PYTHONPATH": str(ROOT)}
        run = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=300,
                             cwd=ROOT)
        assert run.returncode == 0, run.stderr[-2000:]
        out[kernel] = run.stdout.split()
    assert len({tuple(v) for v in out.values()}) == 1, out


def test_equal_ratings_are_ordered_by_name_not_by_last_bits():
    from coursekit.arena.ratings import Ratings, fit_ratings

    no = ((False,) * 3,) * 3
    r = Ratings(("zeta", "alpha", "mid"), "bradley-terry", (5.0 + 3e-14, 5.0, -10.0), (0.0,) * 3, (0.0,) * 3,
                (1,) * 3, (1.0,) * 3, no)
    assert [r.names[i] for i in r.order()] == ["alpha", "zeta", "mid"]
    names = ["zeta", "alpha", "mid", "low", "beta"]                # three bots with the same record, split evenly
    points = np.array([[0, 6, 9, 10, 6], [6, 0, 9, 10, 6], [3, 3, 0, 8, 3], [2, 2, 4, 0, 2], [6, 6, 9, 10, 0]])
    fitted = fit_ratings(names, points, bootstrap=200, seed=3)
    assert [names[i] for i in fitted.order()] == ["alpha", "beta", "zeta", "mid", "low"]
    assert not any(fitted.distinct[i][j] for i in (0, 1, 4) for j in (0, 1, 4))
