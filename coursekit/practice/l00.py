"""Lesson 00's practice question: how a practice check looks (write a name, run the check)."""

from __future__ import annotations

from coursekit.grading.cases import Case, Question, Slip

QUESTIONS = [
    Question("00.p1", "cards in two decks", "number", cases=[
        Case("cards_in_two_decks", 2 * 52, label="cards_in_two_decks", slips=[
            Slip("this is one deck; the question asks for two", answer=52),
            Slip("this counts ranks (13 per deck), not cards", answer=26),
        ]),
    ]),
]
