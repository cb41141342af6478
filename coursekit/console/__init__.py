"""Console front ends: terminal games that read one answer a line (a terminal's or piped input)."""

from __future__ import annotations

import argparse
import io
from typing import Optional, TextIO

SEED_RULE = "the seed must be a whole number, 0 or more"  # the learner's wording (widgets use it too)


def seed_problem(value: object) -> str:
    """What is wrong with a seed a learner typed, in their words: "the seed must be ... (you typed -5)"."""
    return f"{SEED_RULE} (you typed {value})"


def seed_argument(text: str) -> int:
    """argparse type for --seed: a whole number 0 or more, else a learner's message (argparse adds the option)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(seed_problem(text)) from None
    if value < 0:
        raise argparse.ArgumentTypeError(seed_problem(text))
    return value


SHOWN_AT_MOST = 15  # characters of a bad answer repeated back: a long paste is cut to keep the line under 80


def quoted(answer: str) -> str:
    """A bad answer as the message repeats it: quoted, cut after SHOWN_AT_MOST characters."""
    return repr(answer if len(answer) <= SHOWN_AT_MOST else answer[:SHOWN_AT_MOST] + "...")


def input_stream(stream: Optional[TextIO]) -> TextIO:
    """The stream answers come from: an empty one when the program started with its input closed (`<&-`)."""
    return io.StringIO() if stream is None else stream
