"""Exercise 10's format tests read the sheet's wording: each part's line forms (numbers and card names masked) in
the sheet's two transcripts, where a line the reader could not place belongs, and the lines a part always prints.
"""

from __future__ import annotations

import difflib
from typing import Optional

from coursekit.tournament_transcripts import PARTS, SHEET_1, SHEET_2, read_replay, segments_of_text

SHEET_ROWS = [read_replay(segments_of_text(SHEET_1)), read_replay(segments_of_text(SHEET_2))]
SHEET_FORMS = {part: {} for part in PARTS}
for _rows in SHEET_ROWS:
    for _row in _rows:
        SHEET_FORMS[_row.part].setdefault(_row.form, _row.text)
ALL_FORMS = [(form, part) for part, forms in SHEET_FORMS.items() for form in forms]
PLACE_RATIO = 0.6  # a line read as nothing belongs to the part of the sheet's form it is closest to, from this on


def closest(form: str, candidates) -> tuple[float, str]:
    """(similarity, candidate) of the candidate form most like `form`; (0.0, "") when none is like it at all."""
    best = (0.0, "")
    for candidate in candidates:
        ratio = difflib.SequenceMatcher(None, form, candidate).ratio()
        if ratio > best[0]:
            best = (ratio, candidate)
    return best


def place(rows: list) -> None:
    """Give each line read as nothing a part: the part of the sheet's closest form, else the line before's."""
    previous = "frame"
    for row in rows:
        if not row.part:
            ratio, form = closest(row.form, [f for f, _ in ALL_FORMS])
            row.part = dict(ALL_FORMS)[form] if ratio >= PLACE_RATIO else previous
        previous = row.part


def missing_structure(part: str, rows: list) -> Optional[tuple]:
    """(what is missing, where) when a line of the part that the sheet always prints is not there."""
    if part == "frame":
        have = {e[0] for row in rows for e in row.events}
        for kind, text in (("welcome", "*** WELCOME TO BLACKJACK ***"),
                           ("start", "You have 100€ in your pocket. Try to double it!"),
                           ("warning", "You will lose if you have no money left"),
                           ("round", "*** ROUND 1, you have 100€ left.")):
            if kind not in have:
                return text, None
    if part == "dealer":
        turn_rounds = {row.round for row in rows if any(e[0] == "dealer_turn" for e in row.events)}
        for row in rows:
            if any(e[0] in ("card", "natural") and e[1] == "dealer" for e in row.events) and (
                    row.round not in turn_rounds):
                return "Dealer's turn...", row
    return None
