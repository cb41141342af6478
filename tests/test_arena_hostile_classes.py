"""Hostile bots by attack class (issue 25), each class with variants: forged replies, strings that would break an
output, files that are not what they seem, and time nobody is charged for.

Each class is one arena of its hostile bots, an honest file bot and a built-in. What must hold for every class: the
run finishes with no referee error and every game played, a bot is only ever at fault for its own doing, the
results save (JSON and both CSVs) and hold no control character, lone surrogate or bidi override, and running the
same command again replays nothing and changes nothing.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from coursekit.arena import Arena, ArenaLimits, Results, load_bots
from coursekit.arena.referee import STRIKES
from coursekit.sandbox.jail import bwrap

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(bwrap() is None, reason="bubblewrap is not installed (apt-get install bubblewrap)")]

HONEST = Path(__file__).resolve().parent / "arena_bots" / "honest" / "perfect.py"
LIMITS = ArenaLimits(move_seconds=0.5, match_seconds=3.0, load_seconds=5.0, grace=0.5, strikes=3)
UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")

# a bot finds its sandbox's reply pipe (any pipe it can write) and writes lines that look like the worker's replies,
# for every request number the run can reach
FORGE = '''
import os, stat


def forge(line_for, ids=range(1, 700)):
    for fd in range(3, 64):
        try:
            if not stat.S_ISFIFO(os.fstat(fd).st_mode):
                continue
            for i in ids:
                os.write(fd, line_for(i))
        except OSError:
            continue


def best(state):
    n, moves = state["n"], state["moves"]
    return min(moves)
'''

FORGERS = {
    "forge_bad_int": FORGE + '''
def choose(state):
    forge(lambda i: b'{"id":%d,"value":["int","--3"]}\\n' % i)
    return best(state)
''',
    "forge_nested_line": FORGE + '''
DEEP = b"[" * 100000 + b"]" * 100000


def choose(state):
    forge(lambda i: b'{"id":%d,"value":' % i + DEEP + b'}\\n', ids=range(1, 3))
    forge(lambda i: b'{"id":%d,"value":' % i + b'["list",' * 60 + b'[]' + b']' * 60 + b'}\\n')
    return best(state)
''',
    "forge_unhashable_kind": FORGE + '''
def choose(state):
    forge(lambda i: b'{"id":%d,"error":"no","kind":[1,2]}\\n' % i)
    return best(state)
''',
    "forge_non_utf8": FORGE + '''
def choose(state):
    forge(lambda i: b'{"id":%d,"value":["str","\\xff\\xfe\\xc0"]}\\n' % i)
    forge(lambda i: b'{"id":%d,"value":["int","\\xd9\\xa3"]}\\n' % i)
    return best(state)
''',
    "forge_strange_values": FORGE + '''
def choose(state):
    forge(lambda i: b'{"id":%d,"value":["frac","1","0"],"error":{"x":[1]}}\\n' % i, ids=range(1, 700, 3))
    forge(lambda i: b'{"id":%d,"value":["dict",[[["list",[]],["int","1"]]]]}\\n' % i, ids=range(2, 700, 3))
    forge(lambda i: b'{"id":%d,"value":["int","' % i + b"9" * 4001 + b'"]}\\n', ids=range(3, 700, 3))
    return best(state)
''',
    "forge_on_load": FORGE + '''
forge(lambda i: b'{"id":%d,"cell":["ok"],"value":["bool",true],"error":[1]}\\n' % i, ids=range(0, 50))


def choose(state):
    return best(state)
''',
}

STRINGS = {
    "raises_surrogates": '''
def choose(state):
    text = "\\ud800 lone \\udfff \\x1b]0;owned\\x07 \\x1b[2J \\u202egnp.exe \\u2066x\\u2069 \\x00\\x7f\\x85"
    raise ValueError(text * 40)
''',
    "class_name_surrogate": '''
class Weird(Exception):
    pass


Weird.__name__ = "\\udcff\\x1b[31mEvil\\u202e"
Weird.__qualname__ = Weird.__name__


def choose(state):
    raise Weird("\\x1b]8;;http://evil/\\x07click\\x1b]8;;\\x07")
''',
    "import_error_escape": '''
raise RuntimeError("\\x1b[31m\\ud83d red \\u202e\\r\\x08\\x08overwritten")
''',
    "answers_a_strange_string": '''
def choose(state):
    return "\\ud800\\x1b[2J" * 100
''',
}


def _write_bots(folder: Path, sources: dict) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name, source in sources.items():
        (folder / f"{name}.py").write_text(source, encoding="utf-8", errors="surrogatepass")


def _run_twice(folder_specs: list, out: Path, limits: ArenaLimits = LIMITS, jobs: int = 2) -> dict:
    """Run an arena into `out`, save, then the same again: the second run must replay nothing."""
    arena = Arena(folder_specs, "subtraction", starts="20", rounds=1, seed=5, jobs=jobs, limits=limits)
    times = []
    started = time.monotonic()
    results = arena.run(out=out, on_game=lambda record, done, total: times.append((time.monotonic(), record)))
    took = time.monotonic() - started
    results.save(out, results.ratings(bootstrap=50, seed=0))
    again = Arena(folder_specs, "subtraction", starts="20", rounds=1, seed=5, jobs=jobs, limits=limits)
    replayed = []
    second = again.run(out=out, on_game=lambda *a: replayed.append(a))
    return {"arena": arena, "results": results, "second": second, "replayed": replayed, "took": took,
            "times": times, "out": out, "started": started}


def _outputs(out: Path) -> str:
    return "".join(p.read_text(encoding="utf-8") for p in (out, out.with_suffix(".csv"),
                                                            out.with_suffix(".games.csv")))


def _common(run: dict, honest: set) -> None:
    arena, results = run["arena"], run["results"]
    assert arena.errors == [] and results.status == "complete" and len(results.games) == arena.total
    for g in results.games:
        assert not set(g.fault) & honest, g
    text = _outputs(run["out"])
    assert not UNSAFE.search(text.replace("\n", "").replace("\r", "")), UNSAFE.findall(text)[:10]
    assert json.loads(run["out"].read_text(encoding="utf-8"))["status"] == "complete"
    assert run["replayed"] == []
    key = lambda g: g.key  # noqa: E731
    assert ([g.as_dict() for g in sorted(run["second"].games, key=key)]
            == [g.as_dict() for g in sorted(results.games, key=key)])


def _faults(results: Results, name: str) -> dict:
    out: dict = {}
    for g in results.games:
        if name in g.fault:
            reason = g.fault_reasons[g.fault.index(name)] if len(g.fault_reasons) == len(g.fault) else g.reason
            out[reason] = out.get(reason, 0) + 1
    return out


# --- forged, malformed, nested and non-UTF-8 replies ---------------------------------------------------------------
@pytest.fixture(scope="module")
def forgers(tmp_path_factory):
    folder = tmp_path_factory.mktemp("forgers")
    _write_bots(folder / "bots", FORGERS)
    (folder / "bots" / "perfect.py").write_text(HONEST.read_text())
    return _run_twice([folder / "bots", "optimal"], folder / "out" / "results.json")


def test_forged_replies_finish_every_game_and_save(forgers):
    _common(forgers, {"perfect", "optimal"})


@pytest.mark.parametrize("bot", sorted(FORGERS))
def test_a_forger_loses_only_its_own_games_and_never_a_referee_error(forgers, bot):
    results = forgers["results"]
    games = [g for g in results.games if bot in (g.first, g.second)]
    assert games and all(g.reason for g in games) or bot in ("forge_non_utf8", "forge_on_load"), _faults(results, bot)
    faults = _faults(results, bot)
    allowed = {"garbage", "crash", "illegal", "died", "hung", "timeout", "load", "start", "disqualified", "budget",
               "restore"}
    assert set(faults) <= allowed, faults


# --- strings a bot controls: messages, class names, answers, file names --------------------------------------------
@pytest.fixture(scope="module")
def strings(tmp_path_factory):
    folder = tmp_path_factory.mktemp("strings")
    _write_bots(folder / "bots", STRINGS)
    honest = HONEST.read_bytes()
    for name in ("\x1b[31mred", "rtl\u202egnp", "=cmd|calc"):
        (folder / "bots" / f"{name}.py").write_bytes(honest)
    fd = os.open(bytes(folder / "bots") + b"/bad\xff\xfename.py", os.O_WRONLY | os.O_CREAT, 0o644)
    os.write(fd, honest)
    os.close(fd)
    return _run_twice([folder / "bots", "optimal"], folder / "out" / "results.json")


def test_strings_are_cleaned_in_every_output(strings):
    _common(strings, {"optimal"})
    names = [b["name"] for b in strings["results"].bots]
    assert len(names) == len(set(names)) == len(STRINGS) + 5
    for name in names:
        assert not UNSAFE.search(name) and len(name) <= 80, name


def test_the_command_line_prints_only_clean_text(strings, capsys):
    from coursetools.arena.cli import main

    folder = strings["out"].parent.parent
    code = main([str(folder / "bots"), "optimal", "--starts", "20", "--out", str(folder / "cli" / "r.json"),
                 "--move-seconds", "0.5", "--match-seconds", "3", "--load-seconds", "5", "--quiet",
                 "--bootstrap", "20"])
    printed = capsys.readouterr()
    assert code == 0
    assert not UNSAFE.search((printed.out + printed.err).replace("\n", "")), UNSAFE.findall(printed.out)[:5]


# --- files: symlinks, huge sparse files, FIFOs, deeply nested notebooks ----------------------------------------------
SECRET = "SECRET_TOKEN_7c1e9a"


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("files")
    bots, home, other = folder / "bots", folder / "home", folder / "other"
    for f in (bots, home, other):
        f.mkdir()
    (home / ".api_token").write_text(SECRET + "\n")
    (other / "victim.py").write_text(HONEST.read_text())
    (bots / "perfect.py").write_text(HONEST.read_text())
    (bots / "steals_token.py").symlink_to(home / ".api_token")
    (bots / "copies_victim.py").symlink_to(other / "victim.py")
    with open(bots / "sparse.py", "wb") as handle:
        handle.truncate(400 * 1024 * 1024)
    os.mkfifo(bots / "fifo.py")
    (bots / "deep.ipynb").write_text("[" * 200_000 + "]" * 200_000)
    nested = {"cells": [{"cell_type": "code", "source": json.loads("[" * 500 + '"x"' + "]" * 500)}]}
    (bots / "deep_source.ipynb").write_text(json.dumps(nested))
    (bots / "cells_not_dicts.ipynb").write_text(json.dumps({"cells": [1, "x", None, {"cell_type": []}]}))
    (bots / "bad_utf8.py").write_bytes(b"def choose(state):\n    return 3 # \xff\xfe\n")
    started = time.monotonic()
    loaded = load_bots([bots, "optimal"], "subtraction")
    load_time = time.monotonic() - started
    run = _run_twice([bots, "optimal"], folder / "out" / "results.json")
    return {**run, "loaded": {b.name: b for b in loaded}, "load_time": load_time, "bots": bots}


BAD_FILES = {"steals_token": "symbolic link", "copies_victim": "symbolic link", "sparse": "bytes",
             "fifo": "regular file", "deep": "nested", "deep_source": "nested", "cells_not_dicts": "",
             "bad_utf8": "utf-8"}


def test_bad_files_never_stop_the_run(files):
    _common(files, {"perfect", "optimal"})
    assert files["load_time"] < 10


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_a_bad_file_gets_a_named_failure_of_its_own(files, name):
    bot = files["loaded"][name]
    assert bot.problem and bot.cells == (), bot
    assert BAD_FILES[name].lower() in bot.problem.lower(), bot.problem
    faults = _faults(files["results"], name)
    games = [g for g in files["results"].games if name in (g.first, g.second)]
    assert games and faults.get("load", 0) + faults.get("disqualified", 0) == len(games), faults


def test_a_symlink_is_never_followed(files):
    text = _outputs(files["out"])
    assert SECRET not in text
    assert "symbolic link" in files["loaded"]["steals_token"].problem
    assert files["loaded"]["copies_victim"].cells == ()


def test_the_size_is_checked_before_reading(tmp_path):
    big = tmp_path / "sparse.py"
    with open(big, "wb") as handle:
        handle.truncate(400 * 1024 * 1024)
    code = ("from coursekit.arena.bots import bot_from_file; "  # VmHWM: this process's peak (ru_maxrss keeps the
            f"b = bot_from_file({str(big)!r}); "                  # forking parent's across exec)
            "peak = [l for l in open('/proc/self/status') if l.startswith('VmHWM')][0].split()[1]; "
            "print(int(peak) // 1024, b.problem)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120).stdout
    peak = int(out.split()[0])
    assert peak < 150, out  # MB: the 400 MB file was never read


# --- time: every second of a bot's own code is charged ------------------------------------------------------------
TIME_BOTS = {
    "slow_deepcopy": '''
import time


class Slow:
    def __deepcopy__(self, memo):
        time.sleep(2.0)
        return Slow()

    def __copy__(self):
        time.sleep(2.0)
        return Slow()

    def __reduce_ex__(self, protocol):
        time.sleep(2.0)
        return (Slow, ())


KEEP = Slow()


def choose(state):
    return min(state["moves"])
''',
    "restore_fails": '''
class Gone:
    def __call__(self, state):
        return min(state["moves"])

    def __deepcopy__(self, memo):
        return None


choose = Gone()
''',
    "slow_at_fork": '''
import os, time
os.register_at_fork(after_in_child=lambda: time.sleep(2.0))


def choose(state):
    return min(state["moves"])
''',
}


@pytest.fixture(scope="module")
def timing(tmp_path_factory):
    folder = tmp_path_factory.mktemp("timing")
    _write_bots(folder / "bots", TIME_BOTS)
    (folder / "bots" / "perfect.py").write_text(HONEST.read_text())
    limits = ArenaLimits(move_seconds=0.5, match_seconds=1.5, load_seconds=5.0, grace=0.5, strikes=3)
    return _run_twice([folder / "bots", "optimal"], folder / "out" / "results.json", limits=limits, jobs=1)


def test_time_bots_finish_and_save(timing):
    _common(timing, {"perfect", "optimal"})


def test_every_second_of_a_game_is_charged_to_someone(timing):
    """Played one at a time: a game's wall time is its bots' charged time plus a small referee overhead."""
    previous = None
    worst = 0.0
    for when, record in timing["times"]:
        if previous is not None and not (record.reason == "disqualified" or record.reason == "load"):
            wall = when - previous
            worst = max(worst, wall - sum(record.seconds))
        previous = when
    assert worst < 1.0, worst


@pytest.mark.parametrize("bot", sorted(TIME_BOTS))
def test_a_stalling_bot_adds_at_most_its_own_limits(timing, bot):
    results = timing["results"]
    games = [g for g in results.games if bot in (g.first, g.second)]
    own = sum(g.seconds[0 if g.first == bot else 1] for g in games)
    assert own <= len(games) * (LIMITS.move_seconds + 1.5 + 0.5) + 1
    faults = _faults(results, bot)
    if faults:  # any failure it has is a strike, so it is disqualified, not charged again and again
        assert set(faults) - {"disqualified"} <= set(STRIKES), faults
