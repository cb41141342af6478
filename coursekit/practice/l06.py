"""Lesson 06's practice question: the test inside a period search (do the colours repeat with this length?)."""

from __future__ import annotations

import random

from coursekit.grading.cases import Case, Question, Slip, Sweep
from coursekit.subtraction import SubtractionGame

MOVE_SETS = ((3, 5, 11), (3, 5, 8), (2, 4, 7), (3, 5, 9), (4, 6, 11), (1, 3, 4))


def colours(moves: tuple, count: int) -> list[bool]:
    """The colours of 0 .. count-1 for a move set: True for red (the player to move loses)."""
    game = SubtractionGame(moves)
    return [game.is_losing(n) for n in range(count)]


def repeats(colours: list, start: int, length: int) -> bool:
    """True when colours[n] == colours[n + length] for every n >= start whose partner n + length is in the list."""
    return all(colours[n] == colours[n + length] for n in range(start, len(colours) - length))


def last_pair_left_out(colours: list, start: int, length: int) -> bool:
    """The slip of stopping one pair early: range(start, len(colours) - length - 1)."""
    return all(colours[n] == colours[n + length] for n in range(start, len(colours) - length - 1))


def start_ignored(colours: list, start: int, length: int) -> bool:
    """The slip of comparing from 0 whatever the start."""
    return repeats(colours, 0, length)


def random_windows(count: int = 60, seed: int = 6) -> list[tuple]:
    """Seeded (colours, start, length) of real move sets; about half of them repeat."""
    rng = random.Random(seed)
    cases = []
    for _ in range(count):
        moves = rng.choice(MOVE_SETS)
        game = SubtractionGame(moves)
        start, length = game.period()
        if rng.random() < 0.5:
            start, length = start + rng.randint(0, 3), length * rng.randint(1, 2)
        else:
            start, length = rng.randint(0, start + 2), rng.randint(1, length + 3)
        cases.append((colours(moves, rng.randint(start + length + 1, 80)), start, length))
    return cases


LAST_PAIR = "the last pair is left out: n runs up to len(colours) - length - 1, the last n whose partner is in the list"
START = "the start is ignored: compare from n = start on, not from 0"

QUESTIONS = [
    Question("06.p1", "repeats(colours, start, length): do the colours repeat with this length?", "function", cases=[
        Case("repeats([True, False, True, False, True, False], 0, 2)", True),
        Case("repeats([True, False, True, False, True, True], 0, 2)", False,
             label="repeats([True, False, True, False, True, True], 0, 2): only the last pair differs",
             slips=[Slip(LAST_PAIR, answer=True)]),
        Case("repeats([True, True, False, True, False], 1, 2)", True, slips=[Slip(START, answer=False)]),
        Sweep("repeats", random_windows, repeats, public=True, label="repeats on 60 colour lists of real move sets",
              slips=[Slip(LAST_PAIR, reference=last_pair_left_out), Slip(START, reference=start_ignored)]),
    ]),
]
