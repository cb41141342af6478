"""A progress bar that appears only when a computation has run for more than a second (tqdm, imported then).

Set the environment variable COURSEKIT_PROGRESS=0 to silence every bar: the Makefile does so when it executes
and checks the lessons, so a saved notebook never depends on how fast the machine was.
"""

from __future__ import annotations

import os
import time
from typing import Optional


def enabled() -> bool:
    """False when COURSEKIT_PROGRESS=0 is set (no progress bars at all)."""
    return os.environ.get("COURSEKIT_PROGRESS", "1") != "0"


class LazyBar:
    """Count work done; after `delay` seconds show a tqdm bar (total may be None), so short calls stay silent.

    Use as a context manager: `with LazyBar(total, "MCTS iterations") as bar: ... bar.update()`. `show=False`
    never shows it.
    """

    def __init__(self, total: Optional[int] = None, desc: str = "", unit: str = "it", delay: float = 1.0,
                 show: bool = True) -> None:
        self.total, self.desc, self.unit, self.delay = total, desc, unit, delay
        self.show = show and enabled()
        self.start = time.monotonic()
        self.done = 0
        self.bar = None

    def update(self, n: int = 1) -> None:
        """Add n units of work; opens the bar once the delay has passed."""
        self.done += n
        if self.bar is not None:
            self.bar.update(n)
        elif self.show and time.monotonic() - self.start >= self.delay:
            from tqdm.auto import tqdm

            self.bar = tqdm(total=self.total, initial=self.done, desc=self.desc, unit=self.unit, leave=False)

    def close(self) -> None:
        """Close the bar if one was shown."""
        if self.bar is not None:
            self.bar.close()
            self.bar = None

    def __enter__(self) -> "LazyBar":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
