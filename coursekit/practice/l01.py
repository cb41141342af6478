"""Lesson 01's practice question: the maximum of a superposition in one line, as the column finds the minimum."""

from __future__ import annotations

from coursekit.grading.cases import Case, Question, Slip

QUESTIONS = [
    Question("01.p1", "the maximum of any(4, 14, 24, 34) with all_of", "number", cases=[
        Case("int(maximum)", 34, reveal=True, slips=[
            Slip("this is the minimum: turn the comparison around", answer=4),
        ]),
    ]),
]
