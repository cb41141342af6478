"""argparse types shared by the course's commands (grade, arena): whole numbers and seconds, refused clearly."""

from __future__ import annotations

import argparse
import math

LONGEST_SECONDS = 1e6  # about 11 days: anything longer is a typo


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {text!r}")
    return value


def seconds(text: str) -> float:
    """An argparse type: a positive, finite number of seconds (below a million)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a number of seconds, not {text!r}") from None
    if not math.isfinite(value) or not 0 < value < LONGEST_SECONDS:
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, not {text!r}")
    return value
