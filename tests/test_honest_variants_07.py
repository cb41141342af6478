"""Honest variety in exercise 07: independently styled correct answers all score 100%.

Each variant fills the exercise notebook's cells the way a different learner might: loops or recursion or
comprehensions, the winner by parity or by walking the course, the exact chance by recursion with a cache, a
bottom-up table or a forward pass over the game's states, mistakes counted with a loop or a comprehension, other
names, other spacing. The fast test grades them in this process; the slow one with the sandboxed batch grader.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from coursetools.grade.batch import main as grade_main
from coursetools.nbio import nbformat
from coursekit.grading.registry import questions
from coursekit.grading.runner import run_question
from coursekit.sandbox.jail import bwrap
from notebook_cells import run_cells

ROOT = Path(__file__).resolve().parents[1]
EXERCISE = ROOT / "exercises" / "07_exercises_strategies_and_playouts.ipynb"

# --- variant 1: loops, the winner by walking the course, a bottom-up table --------------------------------------
LOOPS = {
    "def fixed_random_move": '''import random

MOVES = (3, 5, 11)


def fixed_random_move(n, rng):
    """A random move for the 3-5-11 game that takes a win at once and never goes below 0 when it can avoid it."""
    if n == 3 or n == 5 or n == 11:
        return n
    options = []
    for move in MOVES:
        if n - move >= 0:
            options.append(move)
    if not options:
        return 3
    return rng.choice(options)
''',
    "def winner": '''def winner(course):
    """Walk the course: the player who makes 0 wins, the one who goes below 0 loses."""
    player = 1
    for before, after in zip(course, course[1:]):
        if after == 0:
            return player
        if after < 0:
            return 2 if player == 1 else 1
        player = 2 if player == 1 else 1
''',
    "from fractions import Fraction": '''from fractions import Fraction



def win(n):
    chance = {}  # chance[m]: the player to move at m wins
    for m in range(0, n + 1):
        total = Fraction(0)
        for d in MOVES:
            rest = m - d
            if rest == 0:
                total += 1
            elif rest > 0:
                total += 1 - chance[rest]
        chance[m] = total / len(MOVES)
    return chance[n]
''',
    "def mistakes": '''def mistakes(course, player):
    """Count the player's moves from a winning number (3-7 mod 8) to one that is not red."""
    count = 0
    for i in range(player - 1, len(course) - 1, 2):
        before, after = course[i], course[i + 1]
        red_after = after >= 0 and after % 8 in (0, 1, 2)
        if before % 8 in (3, 4, 5, 6, 7) and not red_after:
            count += 1
    return count


course = [50, 45, 42, 39, 34, 31, 26, 23, 18, 13, 10, 7, 4, 1, -2]
''',
    "def wilson_interval": '''import math

def wilson_interval(wins, games):
    z = 1.96
    shrink = 1 + z ** 2 / games
    mid = (wins / games + z ** 2 / (2 * games)) / shrink
    spread = z / shrink * math.sqrt(wins * (games - wins) / games ** 3 + z ** 2 / (4 * games ** 2))
    return (mid - spread, mid + spread)
''',
}

# --- variant 2: comprehensions, the winner by parity, recursion from the other side (0 lost, below 0 won) ---------
PARITY = {
    "def fixed_random_move": '''import random

MOVES = (3, 5, 11)


def fixed_random_move(n, rng):
    legal = [m for m in MOVES if m <= n]
    if n in MOVES:
        return n
    return rng.choice(legal) if legal else min(MOVES)
''',
    "def winner": '''def winner(course):
    moves_made = len(course) - 1
    mover = 2 - moves_made % 2          # player 1 makes the odd-numbered moves
    return mover if course[-1] == 0 else 3 - mover
''',
    "from fractions import Fraction": '''from fractions import Fraction
from functools import cache


@cache
def p(n):
    """The player to move at n wins: at 0 the opponent has just won, below 0 the opponent has just lost."""
    if n <= 0:
        return Fraction(int(n < 0))
    return sum((1 - p(n - d) for d in reversed(MOVES)), Fraction(0)) / len(MOVES)


win = p
''',
    "def mistakes": '''def is_red(x):
    return x >= 0 and x % 8 < 3


def mistakes(course, player):
    steps = list(zip(course, course[1:]))
    mine = [step for i, step in enumerate(steps) if i % 2 == player - 1]
    return len([1 for a, b in mine if not is_red(a) and not is_red(b)])


course = [50, 45, 42, 39, 34, 31, 26, 23, 18, 13, 10, 7, 4, 1, -2]
''',
    "def wilson_interval": '''from math import sqrt

def wilson_interval(wins, games):
    z2 = 1.96 * 1.96
    a = games + z2
    centre = (wins + z2 / 2) / a
    half = 1.96 * sqrt(wins * (games - wins) / games + z2 / 4) / a
    return centre - half, centre + half
''',
}

# --- variant 3: terse spacing, a recursive winner, a forward pass over the game's states ------------------------
TERSE = {
    "def fixed_random_move": '''import random
MOVES=(3,5,11)
def fixed_random_move(n,rng):
  if n in (3,5,11): return n
  ok=tuple(m for m in MOVES if n-m>=0)
  return ok[rng.randrange(len(ok))] if ok else 3
''',
    "def winner": '''def winner(course,to_move=1):
  if course[1]==0: return to_move
  if course[1]<0: return 3-to_move
  return winner(course[1:],3-to_move)
''',
    "from fractions import Fraction": '''from fractions import Fraction as F
from collections import defaultdict
def win(start):
  at=defaultdict(F)   # (number, player to move) -> chance the game gets there
  at[(start,1)]=F(1)
  first=F(0)
  for n in range(start,0,-1):
    for who in (1,2):
      pr=at.pop((n,who),F(0))
      for d in (3,5,11):
        m,share=n-d,pr/3
        if m==0: first+=share if who==1 else 0
        elif m<0: first+=share if who==2 else 0
        else: at[(m,3-who)]+=share
  return first
''',
    "def mistakes": '''def mistakes(course,player):
  total,who=0,1
  for k in range(1,len(course)):
    x,y=course[k-1],course[k]
    if who==player and x%8>2 and (y<0 or y%8>2): total+=1
    who=3-who
  return total
course=[50,45,42,39,34,31,26,23,18,13,10,7,4,1,-2]
''',
    "def wilson_interval": '''def wilson_interval(w,n):
  z=1.96; p=w/n; d=1+z*z/n
  c=(p+z*z/(2*n))/d; h=z*((p*(1-p)+z*z/(4*n))/n)**.5/d
  return (c-h,c+h)
''',
}

ANSWER = "why_never_11 = '''n > 5 || n < 11 is always true, so the first branch always runs and never samples 11.'''"
VARIANTS = {"loops": LOOPS, "parity": PARITY, "terse": TERSE}


def variant_notebook(cells: dict):
    """The exercise notebook with each stubbed cell replaced by a variant's code (found by its first words)."""
    nb = nbformat.read(EXERCISE, as_version=4)
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        for start, source in cells.items():
            if cell.source.startswith(start) or (start in ("def fixed_random_move", "def wilson_interval")
                                                 and start in cell.source):
                cell.source = source
        if cell.source.startswith("why_never_11"):
            cell.source = ANSWER
    return nb


def namespace_of(nb) -> dict:
    return run_cells(nb, "variant")


def test_every_stub_is_replaced_by_each_variant():
    for name, cells in VARIANTS.items():
        sources = "\n".join(c.source for c in variant_notebook(cells).cells if c.cell_type == "code")
        assert "NotImplementedError" not in sources, name


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_each_variant_scores_every_automatic_point_in_process(name):
    namespace = namespace_of(variant_notebook(VARIANTS[name]))
    for q in questions("07"):
        if q.manual:
            continue
        result = run_question(q, namespace, public_only=False)
        failed = [(o.label, o.message, o.slip) for o in result.outcomes if not o.passed]
        assert result.points == q.max_points, (name, q.qid, failed)


@pytest.mark.slow
@pytest.mark.skipif(bwrap() is None and not os.environ.get("CI"), reason="bubblewrap is not installed")
def test_each_variant_scores_100_percent_with_the_sandboxed_grader(tmp_path):
    for name, cells in VARIANTS.items():
        path = tmp_path / name / EXERCISE.name
        path.parent.mkdir()
        nbformat.write(variant_notebook(cells), path)
    out = tmp_path / "grades.csv"
    assert grade_main([str(tmp_path), "--out", str(out), "--timeout", "20", "--jobs", "2"]) == 0
    records = {Path(r["notebook"]).parent.name: r for r in json.loads(out.with_suffix(".json").read_text())["records"]}
    assert set(records) == set(VARIANTS)
    for name, record in records.items():
        assert record["exercise"] == "07", (name, record["messages"])
        assert record["percent"] == 100.0 and record["points"] == record["max_points"] > 0, (name, record["messages"])
