"""Predictions a lesson asks (issue 34): the question, its answers and their feedback, and how the answer is found.

A lesson's cell holds only `ask("02.three-aces")` (coursekit.widgets.predict); the question, the choices, what each
choice shows and the computation of the right answer live here, in the lesson's practice module (`PREDICTIONS`),
so the learner's page shows no answer before the learner acts. `tells` lists texts that would give the answer
away if they stood on the page before the learner answers; tests/browser/test_learner_copy.py searches the
learner's copy of each lesson for them (and for the answer itself, written the usual ways).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable, Union

ASK_ID = re.compile(r"^(\d\d)\.([a-z][a-z0-9-]*[a-z0-9])$")  # "02.three-aces": lesson, dot, a name
THEN = "Then run the next cell: it works the answer out, and the note under it says why."
Number = Union[int, float, Fraction]


def check_ask_id(pid: str) -> str:
    """The lesson of a prediction's id ("02.three-aces" -> "02"), or a ValueError naming the bad id."""
    match = ASK_ID.match(pid) if isinstance(pid, str) else None
    if not match or re.fullmatch(r"p\d+", match.group(2)):
        raise ValueError(f"a prediction's id looks like '02.three-aces' (lesson, dot, a lower-case name), "
                         f"not {pid!r}")
    return match.group(1)


@dataclass(frozen=True)
class PredictQuestion:
    """A multiple-choice prediction: `choices` maps each answer to what picking it shows; `answer` computes the
    right choice's text (never a literal in the lesson)."""

    pid: str
    question: str
    choices: dict
    answer: Callable[[], str]
    then: str = THEN
    tells: tuple = ()

    def __post_init__(self) -> None:
        check_ask_id(self.pid)
        if not isinstance(self.choices, dict) or len(self.choices) < 2:
            raise ValueError(f"{self.pid}: choices must be a dict of at least two answers, not {self.choices!r}")
        if not callable(self.answer):
            raise ValueError(f"{self.pid}: answer must be a function that computes the right choice, "
                             f"not {self.answer!r}")

    def right(self) -> str:
        """The right choice, computed; a ValueError when it is none of the choices."""
        found = self.answer()
        if found not in self.choices:
            raise ValueError(f"{self.pid}: the computed answer {found!r} is none of the choices {list(self.choices)}")
        return found

    def give_aways(self) -> list[str]:
        """Texts that must not be on the page before the learner answers."""
        return list(self.tells)


@dataclass(frozen=True)
class GuessQuestion:
    """A number to guess: `answer` computes it; a wrong guess shows `high` or `low` (a way to find it, never the
    number); a close one (within `close`, a fraction of the answer) shows the answer and `explain`."""

    pid: str
    question: str
    answer: Callable[[], Number]
    high: str
    low: str
    close: float = 0.1
    unit: str = ""
    explain: str = ""
    then: str = THEN
    tells: tuple = field(default=())

    def __post_init__(self) -> None:
        check_ask_id(self.pid)
        if not callable(self.answer):
            raise ValueError(f"{self.pid}: answer must be a function that computes the number, not {self.answer!r}")
        if not (isinstance(self.high, str) and self.high.strip() and isinstance(self.low, str) and self.low.strip()):
            raise ValueError(f"{self.pid}: a guess needs a hint for a guess too high and one for too low "
                             f"(a way to find the answer, not the number)")

    def give_aways(self) -> list[str]:
        """Texts that must not be on the page before the learner answers: `tells` and the answer as written."""
        return list(self.tells) + number_texts(self.answer())


def number_texts(value: Number) -> list[str]:
    """The ways a lesson writes a number: 32/663 -> '32/663', '4.827', '4.83'; 2379 -> '2379', '2,379'."""
    if isinstance(value, Fraction) and value.denominator != 1:
        texts = [f"{value.numerator}/{value.denominator}"]
    else:
        texts = []
    if isinstance(value, int) or (isinstance(value, Fraction) and value.denominator == 1) or \
            (isinstance(value, float) and value.is_integer()):
        whole = int(value)
        return list(dict.fromkeys(texts + ([str(whole), f"{whole:,}"] if abs(whole) >= 10 else [])))
    x = float(value)
    return texts + sorted({f"{x:.4g}", f"{x:.3g}"} - {"0", "1", "0.0"})


Asked = Union[PredictQuestion, GuessQuestion]
