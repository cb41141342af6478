"""A lesson's predictions as ballots: the question, the answers a learner may send, and the check of an answer."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Optional, Union

from coursekit.practice import lessons, prediction, predictions
from coursekit.practice.asks import PredictQuestion

MAX_ANSWER_CHARS = 200  # a choice's text is far shorter; anything longer is not an answer


@dataclass(frozen=True)
class Ballot:
    """One prediction as a vote: `kind` is "choice" (a Predict: `choices` in order, each with its feedback) or
    "number" (a Guess: any finite number; `close` is the fraction of the answer that counts as close)."""

    pid: str
    question: str
    kind: str
    choices: tuple = ()
    feedback: tuple = ()
    close: float = 0.0
    unit: str = ""

    def public(self) -> dict:
        """What the instructor's page shows before the reveal: no right answer, no feedback."""
        return {"pid": self.pid, "question": self.question, "kind": self.kind, "choices": list(self.choices),
                "unit": self.unit}


def _ballot(asked) -> Ballot:
    if isinstance(asked, PredictQuestion):
        return Ballot(asked.pid, asked.question, "choice", tuple(asked.choices), tuple(asked.choices.values()))
    return Ballot(asked.pid, asked.question, "number", close=float(asked.close), unit=asked.unit)


def ballot(pid: str) -> Ballot:
    """The ballot of prediction `pid` ("02.three-aces"); a ValueError names a bad or unknown id."""
    return _ballot(prediction(pid))


def catalogue() -> dict[str, list[dict]]:
    """Every lesson that asks predictions -> its ballots as the instructor's page lists them."""
    found = {}
    for lesson in lessons():
        asked = [_ballot(p).public() for p in predictions(lesson)]
        if asked:
            found[lesson] = asked
    return found


def check_answer(ballot: Ballot, answer: object) -> str:
    """A learner's answer as stored: a choice's exact text, or a finite number written with repr; a ValueError
    naming the bad answer and what is allowed."""
    if ballot.kind == "choice":
        if not isinstance(answer, str) or answer not in ballot.choices:
            shown = answer if not isinstance(answer, str) else answer[:MAX_ANSWER_CHARS]
            raise ValueError(f"answer must be one of the choices {list(ballot.choices)} of {ballot.pid}, "
                             f"not {shown!r}")
        return answer
    if isinstance(answer, str) and len(answer) <= MAX_ANSWER_CHARS and re.fullmatch(r"\s*[-+0-9.eE]+\s*", answer):
        try:
            answer = float(answer)
        except ValueError:
            pass
    if isinstance(answer, bool) or not isinstance(answer, (int, float)) or not math.isfinite(answer):
        shown = answer[:MAX_ANSWER_CHARS] if isinstance(answer, str) else answer
        raise ValueError(f"answer to {ballot.pid} must be a finite number, not {shown!r}")
    return repr(float(answer))


@lru_cache(maxsize=None)
def right_answer(pid: str) -> Union[str, float]:
    """The right answer of a prediction, computed by the lesson's practice module once (some take seconds)."""
    asked = prediction(pid)
    if isinstance(asked, PredictQuestion):
        return asked.right()
    return float(asked.answer())


def known(pid: object) -> Optional[Ballot]:
    """The ballot of `pid`, or None when it is no prediction of any lesson (bad ids included)."""
    try:
        return ballot(pid)  # type: ignore[arg-type]
    except (ValueError, TypeError):
        return None
