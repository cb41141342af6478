"""Exercise 10's crafted deals, kept as data: one text file a deal (cards, answers, the lines expected).

A deal file (`transcripts/NAME.txt`) holds three header lines, a blank line, then what the course's console
program (`python -m coursekit tournament`) prints for it from round 1 on (tests/test_exercise10.py checks that):

    cards: ["K", "A"]           the ranks, in the order dealt
    answers: ["30"]             the bets and y/n typed ("" is Enter)
    complete: false             true: the tournament ends in the deal, and nothing may follow

A deal that is not complete ends with the header of a round the replay cannot finish: lines after it are not
compared. The deals of public tests live here and ship with check(); those of hidden tests live in the answer key
(answer_key/transcripts/), read with `read_deals`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from coursekit.tournament_transcripts import forgiving_line

FOLDER = Path(__file__).parent / "transcripts"
MODULE = "__import__('coursekit.tournament_transcripts', fromlist=['replay_learner_game'])"
PROGRAM = ("coursekit.tournament.Tournament", "coursekit.console.tournament.TournamentConsole",
           "coursekit.console.tournament.main", "coursekit.tournament_transcripts.SHEET_1",
           "coursekit.tournament_transcripts.SHEET_2")
HEADER = ("cards", "answers", "complete")
ROUND_ONE = re.compile(r"ROUND 1\b")


@dataclass(frozen=True)
class Deal:
    """Cards (ranks, in the order dealt), answers (bets and y/n; "" is Enter) and the expected lines."""

    cards: tuple
    answers: tuple
    expected: str
    complete: bool = False  # the tournament ends in the deal: nothing may follow (extra cards and answers wait)
    name: str = ""  # its file's name in capitals, how the public tests' data names it

    def expr(self) -> str:
        """The expression the learner's side evaluates."""
        return f"{MODULE}.replay_learner_game(TournamentGame, cards={self.cards!r}, answers={self.answers!r})"


def read_deal(path: Path) -> Deal:
    """One deal file (see the module's docstring); a ValueError naming the file and the line when it is malformed."""
    head, blank, body = path.read_text(encoding="utf-8").partition("\n\n")
    fields = {}
    for number, line in enumerate(head.splitlines(), start=1):
        key, colon, value = line.partition(":")
        if not colon or key.strip() not in HEADER:
            raise ValueError(f"{path.name}, line {number}: a header line is 'cards:', 'answers:' or 'complete:' "
                             f"and a JSON value, not {line!r}")
        fields[key.strip()] = json.loads(value)
    if set(fields) != set(HEADER) or not blank or not body.strip():
        raise ValueError(f"{path.name}: the three header lines ({', '.join(HEADER)}), a blank line, then the "
                         "expected lines")
    if not all(isinstance(x, str) for x in [*fields["cards"], *fields["answers"]]) or (
            type(fields["complete"]) is not bool):
        raise ValueError(f"{path.name}: cards and answers are lists of strings, complete is true or false")
    return Deal(tuple(fields["cards"]), tuple(fields["answers"]), body, fields["complete"], path.stem.upper())


def read_deals(folder: Path) -> dict[str, Deal]:
    """{NAME: deal} for every deal file of a folder, by name."""
    return {deal.name: deal for deal in map(read_deal, sorted(Path(folder).glob("*.txt")))}


DEALS = read_deals(FOLDER)  # the public tests' deals


def from_round_one(text: str) -> str:
    """The printed text from the first line that says "ROUND 1" on (all of it when no line does)."""
    rows = text.splitlines()
    start = next((i for i, row in enumerate(rows) if ROUND_ONE.search(forgiving_line(row).upper())), 0)
    return "\n".join(rows[start:])
