"""Inside a bot's sandbox (imported there, never by the referee's own code): a fresh copy of the bot for each game.

After the bot's source has run once in a new sandbox, `snapshot(globals())` keeps a copy of every name it defined;
before each game `restore(globals(), seed)` removes whatever the bot defined since, puts back a deep copy of the
kept names (modules, classes and functions as they are; a value that cannot be copied as it is), and seeds
`random` and, if the bot imported it, numpy's global generator. So every game meets the same bot, whatever it
played before, without running its source again. Runs untrusted: the bot can change all of this, and only itself.
"""

from __future__ import annotations

import copy
import random
import sys
import types

_KEEP_AS_IS = (types.ModuleType, type, types.FunctionType, types.BuiltinFunctionType, types.MethodType)
_state: dict = {"base": None, "names": {}}


def base(namespace: dict) -> bool:
    """Remember the names the shell itself put into the namespace (before the bot's source)."""
    _state["base"] = set(namespace)
    return True


def _copy(names: dict) -> dict:
    out = {}
    for name, value in names.items():
        if isinstance(value, _KEEP_AS_IS):
            out[name] = value
            continue
        try:
            out[name] = copy.deepcopy(value)
        except Exception:
            out[name] = value
    return out


def snapshot(namespace: dict) -> bool:
    """Keep a copy of the names the bot's source defined; True when it defined a callable choose."""
    kept = _state["base"] or set()
    _state["names"] = _copy({k: v for k, v in namespace.items() if k not in kept})
    return callable(namespace.get("choose"))


def restore(namespace: dict, seed: int) -> bool:
    """The namespace as it was after the source ran, random generators seeded; True when choose is callable."""
    kept = _state["base"] or set()
    for name in [k for k in namespace if k not in kept]:
        del namespace[name]
    namespace.update(_copy(_state["names"]))
    random.seed(seed)
    numpy = sys.modules.get("numpy")
    if numpy is not None:
        try:
            numpy.random.seed(seed % 2**32)
        except Exception:
            pass
    return callable(namespace.get("choose"))
