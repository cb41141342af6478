"""Inside a bot's sandbox (imported there, never by the referee's own code): the bot's side of a game.

The bot's source runs once, in the sandbox's template process; `ready(namespace)` says whether it defined a callable
`choose`. Each game is a fork of that template (coursekit.sandbox.worker), so it starts from exactly what the source
left: module globals, function defaults, class attributes and imported modules as they were, whatever earlier games
did. `begin(namespace, seed)` seeds `random` and, if the bot imported it, numpy's global generator in the game's
process. Runs untrusted: the bot can change all of this, and only itself.
"""

from __future__ import annotations

import random
import sys


def ready(namespace: dict) -> bool:
    """True when the bot's source defined a callable choose.

    numpy loads `numpy.random` on first use: loaded here, once, it is not imported afresh by every game's process
    when `begin` seeds it (measured: 90-125 ms a game for a bot that imports numpy)."""
    numpy = sys.modules.get("numpy")
    if numpy is not None:
        try:
            numpy.random
        except Exception:
            pass
    return callable(namespace.get("choose"))


def begin(namespace: dict, seed: int) -> bool:
    """Seed this game's random generators; True when choose is callable."""
    random.seed(seed)
    numpy = sys.modules.get("numpy")
    if numpy is not None:
        try:
            numpy.random.seed(seed % 2**32)
        except Exception:
            pass
    return callable(namespace.get("choose"))
