"""Lesson 09's practice question: the positions reachable from a start (a faded copy of the lesson's loop)."""

from __future__ import annotations

from coursekit.grading.cases import Case, Question, Slip


def reachable(start: int, moves: tuple = (3, 5, 11), low: int = 1) -> set:
    """Every number from `low` up that moves can reach from start, the start included (low=0 makes the slip)."""
    reached, todo = {start}, [start]
    while todo:
        n = todo.pop()
        for d in moves:
            if n - d >= low and n - d not in reached:
                reached.add(n - d)
                todo.append(n - d)
    return reached


def without_start(start: int, moves: tuple = (3, 5, 11)) -> set:
    """The slip of leaving the start out."""
    return reachable(start, moves) - {start}


ZERO = "0 is in the set: a position with a move to make is 1 or more (0 ends the game)"
START = "the start is missing: it is a position too"
CASES = ((100, (3, 5, 11)), (60, (3, 5, 11)), (30, (3, 5)), (40, (3, 5, 8)))

QUESTIONS = [
    Question("09.p1", "reachable(start, moves): the positions with a move to make", "function", cases=[
        *(Case(f"len(reachable({start}, {moves}))", len(reachable(start, moves)), slips=[
            Slip(ZERO, answer=len(reachable(start, moves, low=0))),
            Slip(START, answer=len(without_start(start, moves)))])
          for start, moves in CASES),
        *(Case(f"sorted(set(range(1, {start + 1})) - reachable({start}, {moves}))",
               sorted(set(range(1, start + 1)) - reachable(start, moves)),
               label=f"the numbers 1..{start} that {moves} never reach from {start}",
               slips=[Slip(START, answer=sorted(set(range(1, start + 1)) - without_start(start, moves)))])
          for start, moves in CASES),
    ]),
]
