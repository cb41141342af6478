"""One way to turn a seed into a random generator, for every random function of the course.

A seed is None (fresh entropy), a whole number 0 or more, a `random.Random` or a `numpy.random.Generator`.
`as_random` gives a `random.Random`, `as_generator` a numpy `Generator`; a generator of the asked kind is used as it
is (so a caller's stream carries on), one of the other kind seeds a new generator from its next draw. Anything
else (a negative number, a bool, a float, a string) is refused with a ValueError.
"""

from __future__ import annotations

import random
import sys
from numbers import Integral
from typing import TYPE_CHECKING, Union

if TYPE_CHECKING:  # numpy is imported only when a numpy generator is asked for or given
    import numpy

Seed = Union[None, int, random.Random, "numpy.random.Generator"]

ALLOWED = "None, a whole number 0 or more, a random.Random or a numpy.random.Generator"


def _is_numpy_generator(seed: object) -> bool:
    """True for a numpy Generator (without importing numpy when nothing has imported it yet)."""
    numpy = sys.modules.get("numpy")
    return numpy is not None and isinstance(seed, numpy.random.Generator)


def _whole_number(seed: object) -> int:
    """The seed as an int when it is a whole number 0 or more; ValueError otherwise."""
    if isinstance(seed, bool) or not isinstance(seed, Integral) or seed < 0:
        raise ValueError(f"seed must be {ALLOWED}, not {seed!r}")
    return int(seed)


def as_random(seed: Seed = None) -> random.Random:
    """A random.Random for a seed; a random.Random is returned as it is, a numpy Generator seeds a new one."""
    if isinstance(seed, random.Random):
        return seed
    if _is_numpy_generator(seed):
        return random.Random(int(seed.integers(0, 2**63)))
    return random.Random(None if seed is None else _whole_number(seed))


def as_generator(seed: Seed = None) -> "numpy.random.Generator":
    """A numpy Generator for a seed; a Generator is returned as it is, a random.Random seeds a new one."""
    import numpy as np

    if isinstance(seed, np.random.Generator):
        return seed
    if isinstance(seed, random.Random):
        return np.random.default_rng(seed.getrandbits(64))
    return np.random.default_rng(None if seed is None else _whole_number(seed))
