"""Console front ends: terminal games that read one answer a line (a terminal's or piped input)."""

from __future__ import annotations

import argparse

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
