"""Lesson 11, the class tournament: its own Bradley-Terry fit and bootstrap against the library on other data than
the lesson's, its prose against its saved outputs, and the referee demo it describes (sandboxed or not, the same
games)."""

from __future__ import annotations

import ast
import json
import math
import re
from pathlib import Path

import numpy as np
import pytest

from coursekit.arena import Arena, bradley_terry, fit_ratings
from coursekit.arena.ratings import ELO
from coursekit.plots.alt import figure_alts

LESSON = Path(__file__).resolve().parents[1] / "notebooks" / "11_the_class_tournament.ipynb"
# its going-further notebook (issue 34): the referee in detail, Zermelo's iteration and the longer match moved there
FURTHER = LESSON.with_name("11b_referee_fit_longer_match.ipynb")


def cells(kind: str = "code") -> list[dict]:
    return [c for path in (LESSON, FURTHER) for c in json.loads(path.read_text())["cells"] if c["cell_type"] == kind]


def source(cell: dict) -> str:
    return "".join(cell["source"])


def outputs_text() -> str:
    """Every text/plain output of the saved lesson, joined."""
    parts = []
    for cell in cells():
        for out in cell.get("outputs", []):
            text = out.get("data", {}).get("text/plain", "")
            parts.append("".join(text) if isinstance(text, list) else text)
    return "\n".join(parts)


def prose() -> str:
    return " ".join(" ".join(source(c).split()) for c in cells("markdown"))


def lesson_function(name: str):
    """A function the lesson writes, compiled from its cell alone (with numpy, bradley_terry and ELO around it)."""
    for cell in cells():
        tree = ast.parse(source(cell))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.name == name:
                namespace = {"np": np, "bradley_terry": bradley_terry, "ELO": ELO}
                exec(compile(ast.Module([node], []), LESSON.name, "exec"), namespace)  # noqa: S102 - our lesson
                return namespace[name]
    raise AssertionError(f"the lesson no longer defines {name}")


def random_points(n: int, rng: np.random.Generator, games: int = 6) -> np.ndarray:
    """Points of a round robin without draws: each pair plays `games` games, bot i wins each with chance by rank."""
    points = np.zeros((n, n))
    for i in range(n):
        for j in range(i + 1, n):
            wins = rng.binomial(games, 1 / (1 + np.exp(-(j - i) / 2)))
            points[i, j], points[j, i] = wins, games - wins
    return points


@pytest.mark.parametrize("n", [2, 3, 5, 8])
def test_the_lessons_zermelo_iteration_is_the_librarys_maximum_likelihood_fit(n):
    bt_strengths = lesson_function("bt_strengths")
    rng = np.random.default_rng(n)
    for _ in range(5):
        points = random_points(n, rng)
        assert np.allclose(bt_strengths(points), bradley_terry(points), atol=1e-8)
    sweep = np.triu(np.full((n, n), 4.0), 1)  # bot 0 won every game: the virtual draw keeps it finite
    assert np.all(np.isfinite(bt_strengths(sweep))) and np.allclose(bt_strengths(sweep), bradley_terry(sweep),
                                                                   atol=1e-8)


def test_the_lessons_bootstrap_draws_what_the_library_draws():
    bootstrap = lesson_function("bootstrap")
    points = random_points(5, np.random.default_rng(11), games=12)
    names = [f"bot{i}" for i in range(5)]
    library = fit_ratings(names, points, bootstrap=200, seed=3)
    samples = bootstrap(points, resamples=200, seed=3)
    low, high = np.percentile(samples, [2.5, 97.5], axis=0)
    assert np.allclose(low, library.low) and np.allclose(high, library.high)


def test_every_number_in_the_prose_is_an_output_of_the_lesson():
    text, words = outputs_text(), prose()
    claims = {
        "4 × 3 × 6 = 72 games": "'games': 36",
        "lost 17 of its 36 games by the rules, not by play: 11 illegal moves and 6 crashes":
            "'failures': {'illegal': 11, 'crash': 6}",
        "2 × 6 × 2 = 24 times, 504 games in all": "'optimal': '113 of 144 points'",
        "The optimal player rates 220 and the random player -265, 485 points apart": "'optimal': 220}",
        "= 94.2% to win a game against the random one; in the tournament it won 23 of their 24 games":
            "'optimal beats random, observed': '23 of 24 games'",
        "the optimal player won 16 of their 24 games": "'optimal vs mcts:1000': {'won': (16, 24)",
        "random and MCTS at 10 split their games": "'mcts:10 against random': '12 of 24 games'",
        "MCTS-10 won 36 of its 120 games against the other five, random 12 of 120":
            "'won against the other five': {'mcts:10': '36 of 120', 'random': '12 of 120'}",
        "4.0% of the bootstrap's 1000 resampled tournaments rate MCTS-1000 above the optimal player":
            "'resampled tournaments that rate mcts:1000 above optimal': '4.0% of 1000'",
    }
    for said, shown in claims.items():
        assert said in words, f"the prose no longer says {said!r}"
        assert shown in text, f"no output shows {shown!r} for the claim {said!r}"
    assert "0.942" in text and "-265" in text and "'mcts:1000 vs mixed:0.9': {'won': (12, 24)" in text


def test_the_lesson_shows_the_leaderboard_the_picture_and_the_state_formats():
    text = outputs_text()
    assert "{'subtraction:3,5,11': {'n': 20, 'moves': (3, 5, 11)}" in text
    assert "'tictactoe': {'board': '.........', 'player': 'x'}" in text
    assert re.search(r"1\s+optimal\s+\+220\s+\+163 to \+285\s+113-0-31", text)
    figures = [c for c in cells() if figure_alts({"cells": [c]})]
    assert len(figures) == 2 and "resampled_shares(shares" in source(figures[0])
    assert "plot_arena(results, ratings)" in source(figures[1])
    assert "exercises/11_exercises_the_class_tournament.ipynb" in prose() and "notebooks/demos/arena.ipynb" in prose()


def test_the_referee_demo_gives_the_same_games_sandboxed_or_in_plain_processes(tmp_path):
    from coursekit.sandbox.jail import bwrap

    if bwrap() is None:
        pytest.skip("bubblewrap is not installed (apt-get install bubblewrap)")
    choose_cell = next(source(c) for c in cells() if source(c).startswith("def choose(state):"))
    demo_cell = next(source(c) for c in cells() if '"careless.py"' in source(c))
    (tmp_path / "takes_wins.py").write_text(choose_cell.split("\n\n\nassert")[0] + "\n")
    (tmp_path / "careless.py").write_text(re.search(r'write_text\("""(.*?)"""\)', demo_cell, re.S).group(1))
    runs = [Arena([tmp_path, "random", "optimal"], game="subtraction:3,5,11", rounds=1, seed=0, secret="",
                  sandboxed=sandboxed).run() for sandboxed in (True, False)]
    games = [[(g.key, g.score, g.reason, g.moves) for g in run.games] for run in runs]
    assert games[0] == games[1] and len(games[0]) == 72
    standings = {row["bot"]: (row["points"], row["failures"]) for row in runs[0].standings()}
    assert standings["careless"] == (14.0, {"illegal": 11, "crash": 6})


def _predict_feedback(pid: str) -> dict:
    """The feedback texts of the lesson's prediction `pid` (asked by id, issue 34), as the learner reads them."""
    from coursekit.practice import prediction

    assert any(f'ask("{pid}")' in source(c) for c in cells()), f"the lesson no longer asks {pid}"
    return dict(prediction(pid).choices)


def _at_most(wins: int, games: int, chance: float) -> float:
    """The binomial chance of `wins` or fewer in `games`, each won with `chance`."""
    return sum(math.comb(games, k) * chance ** k * (1 - chance) ** (games - k) for k in range(wins + 1))


def test_mcts10_against_random_is_stronger_and_their_12_12_split_a_plausible_draw():
    """Issue 37: the lesson's own 24 games of the pair (the same seeds replayed by a two-bot arena), the longer match
    the lesson plays, the binomial chance of a split this even at the measured rate, and every text that states them."""
    from coursekit.arena.pairs import head_to_head

    def match(rounds: int, seed: int):
        arena = Arena(["mcts:10", "random"], game="subtraction:3,5,11", rounds=rounds, seed=seed, secret="",
                      sandboxed=False)
        return head_to_head(arena.run().win_matrix(), "mcts:10", "random")

    own, rate = match(2, 0), match(100, 1)
    text, feedback = outputs_text(), _predict_feedback("11.versus-random")
    assert (own.wins, own.games) == (12, 24) and own.low < 0.5 < own.high       # these 24 games were even
    assert f"'mcts:10 against random': '{own.wins} of {own.games} games'" in text
    measured = rate.wins / rate.games
    assert rate.games == 1200 and rate.low > 0.5                                  # but MCTS-10 is the stronger
    assert f"'{rate.wins} won, Wilson 95% {rate.low:.3f}-{rate.high:.3f}'" in text
    said = f"about {round(10 * measured)} games in 10"
    assert all(said in feedback[choice] for choice in feedback), said
    tail = {q: _at_most(own.wins, own.games, q) for q in (rate.low, measured, rate.high)}
    for q, chance in tail.items():
        assert f"'won with chance {q:.3f}': '{chance:.1%}'" in text
    assert 0.01 < min(tail.values()) and max(tail.values()) < 0.05               # unlikely, not implausible
    assert f"in about {round(100 * tail[measured])} matches in 100" in feedback["about even"]
    exactly_even = math.comb(24, 12) * (measured * (1 - measured)) ** 12
    assert 0.005 < exactly_even < tail[measured]
    for wrong in ("little better than a random move", "almost at random"):
        assert all(wrong not in said_text for said_text in feedback.values())
