"""Inside a sandbox (the grader's or the arena's): run cells and answer typed requests, one JSON line each way.

Started as `python -m coursekit.sandbox.worker LIMITS_JSON`. Before any learner code runs it moves the protocol to
private file descriptors, sets its resource limits and, when it starts as root, drops to its own user id. From
then on nothing in this process is trusted: the grader outside only believes plain encoded values.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import sys
import types
from pathlib import Path

MPL_CACHE_SOURCE = "/opt/coursekit/mplcache"  # the grader's matplotlib font cache, bound read-only


class _Lines:
    """The request pipe read a chunk at a time, one line at a time (an unbuffered file's readline makes one read
    call per byte: 176 calls, about 0.2 ms, for a move's request)."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.buffer = bytearray()

    def __iter__(self) -> "_Lines":
        return self

    def __next__(self) -> bytes:
        while True:
            end = self.buffer.find(b"\n")
            if end >= 0:
                line = bytes(self.buffer[:end + 1])
                del self.buffer[:end + 1]
                return line
            chunk = os.read(self.fd, 1 << 16)
            if not chunk:
                raise StopIteration
            self.buffer += chunk

    def hand_over(self) -> None:
        """Forget what was read ahead: after a fork the game's process reads it (as it would from the pipe)."""
        self.buffer.clear()


def _private_channels():
    """Keep the request and reply pipes on new descriptors; point 0, 1 and 2 at /dev/null."""
    requests = _Lines(os.dup(0))
    replies = os.fdopen(os.dup(1), "wb", buffering=0)
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.close(null)
    return requests, replies


def _limit(kind: int, value: int) -> None:
    try:
        resource.setrlimit(kind, (value, value))
    except (ValueError, OSError):
        soft, hard = resource.getrlimit(kind)
        if hard == resource.RLIM_INFINITY or value <= hard:
            resource.setrlimit(kind, (value, hard))


def _confine(limits: dict) -> None:
    """Resource limits, a home in /tmp, then a user id of its own (when started as root with CAP_SETUID)."""
    mb = 1024 * 1024
    _limit(resource.RLIMIT_AS, int(limits["memory_mb"]) * mb)
    _limit(resource.RLIMIT_CPU, int(limits["cpu_seconds"]))
    _limit(resource.RLIMIT_FSIZE, int(limits["file_mb"]) * mb)
    _limit(resource.RLIMIT_NOFILE, 256)
    _limit(resource.RLIMIT_CORE, 0)
    if int(limits["processes"]) >= 0:
        _limit(resource.RLIMIT_NPROC, int(limits["processes"]))
    _prepare_home()
    uid = limits.get("uid")
    if uid is not None and os.getuid() == 0:
        for top in (os.environ.get("HOME", "/tmp/home"), "/tmp/work"):  # only what this process made
            for folder, _, files in os.walk(top):
                for name in [folder, *(os.path.join(folder, f) for f in files)]:
                    os.chown(name, int(uid), int(uid))
        os.setgroups([])
        os.setgid(int(uid))
        os.setuid(int(uid))


def _prepare_home() -> None:
    home = Path(os.environ.get("HOME", "/tmp/home"))
    for folder in (home, Path(os.environ.get("MPLCONFIGDIR", home / "mpl")), Path("/tmp/work")):
        folder.mkdir(parents=True, exist_ok=True)
    source = Path(MPL_CACHE_SOURCE)
    if source.is_dir():
        for item in source.glob("*.json"):
            shutil.copy(item, Path(os.environ.get("MPLCONFIGDIR", home / "mpl")) / item.name)


def _refuse(*args, **kwargs):
    raise SystemExit("exit() is ignored while grading")


def _shell(user_module=None):
    """An IPython shell like a kernel's (magics, display), without history on disk; exit() only raises."""
    from traitlets.config import Config

    from IPython.core.interactiveshell import InteractiveShell

    config = Config()
    config.HistoryManager.enabled = False
    shell = InteractiveShell.instance(config=config, user_module=user_module)
    shell.user_ns["exit"] = shell.user_ns["quit"] = _refuse
    return shell


class _CellResult:
    """What the worker reads of IPython's ExecutionResult."""

    def __init__(self, before: "BaseException | None" = None, during: "BaseException | None" = None) -> None:
        self.error_before_exec, self.error_in_exec = before, during


class _LazyShell:
    """Plain Python cells in a `__main__` module until a cell needs IPython, then the real shell on the same names.

    Importing IPython is most of a sandbox's start (about 0.3 s of 0.45 s). A bot's .py source is plain Python:
    its cells run compiled as Python (future imports carried from cell to cell, as a kernel does). The first cell
    that does not compile as Python (a magic, a shell escape, top-level await) or that calls get_ipython() or
    display() starts the IPython shell on the same module and names, and from then on every cell runs there."""

    def __init__(self) -> None:
        import __future__
        import builtins

        self.module = types.ModuleType("__main__", doc="a bot's source, run as a kernel would run it")
        self.user_ns = self.module.__dict__
        self.user_ns["__builtins__"] = builtins
        self.user_ns.update(exit=_refuse, quit=_refuse, get_ipython=self._get_ipython, display=self._display)
        sys.modules["__main__"] = self.module  # as IPython does: pickling and `__main__` see the bot's names
        self.futures = [getattr(__future__, name).compiler_flag for name in __future__.all_feature_names]
        self.flags = 0  # the future imports of earlier cells
        self.ipython = None
        self.compiled = None  # (source, code) of the cell prepare() compiled

    def _get_ipython(self):
        if self.ipython is None:
            self.ipython = _shell(self.module)
            shown = self.user_ns.get("display")
            if type(shown) is types.MethodType and shown.__func__ is _LazyShell._display:
                del self.user_ns["display"]  # IPython's own display() is a builtin there
        return self.ipython

    def _display(self, *args, **kwargs):
        self._get_ipython()
        from IPython.display import display

        return display(*args, **kwargs)

    def prepare(self, source: str) -> None:
        """Compile a cell before its time limit starts; a cell that is not plain Python starts IPython now."""
        self.compiled = None
        if self.ipython is None:
            try:
                code = compile(source, "<cell>", "exec", self.flags, True)
                for flag in self.futures:
                    if code.co_flags & flag:
                        self.flags |= flag  # as codeop.Compile (whose own flags differ between Python versions)
                self.compiled = (source, code)
            except Exception:
                self._get_ipython()  # IPython's syntax (or its own error message for a source that is not Python)

    def run_cell(self, source: str, store_history: bool = True):
        """Run one cell; an object with error_before_exec and error_in_exec, as IPython's run_cell returns."""
        if self.ipython is None:
            compiled, self.compiled = self.compiled, None
            if compiled is None or compiled[0] is not source:
                self.prepare(source)
                compiled, self.compiled = self.compiled, None
            code = compiled[1] if compiled is not None else None
            if code is not None:
                try:
                    exec(code, self.user_ns)
                except BaseException as error:  # as run_cell: a cell's error is its result, never the worker's
                    return _CellResult(during=error)
                return _CellResult()
        return self._get_ipython().run_cell(source, store_history=store_history)


def _run_cell(shell, source: str, time_limit: float) -> dict:
    from coursekit.sandbox.probe import TestTimeout, TimeLimit, quiet

    prepare = getattr(shell, "prepare", None)  # a lazy shell: compiled (or IPython started) outside the limit
    if prepare is not None:
        with quiet():
            prepare(source)
    try:
        with quiet(), TimeLimit(time_limit):
            result = shell.run_cell(source, store_history=True)
    except TestTimeout:
        return {"cell": "timeout"}
    error = result.error_before_exec or result.error_in_exec
    if isinstance(error, TestTimeout):
        return {"cell": "timeout"}
    if error is not None:
        try:
            detail = str(error)
        except Exception:
            detail = ""
        return {"cell": "error", "error": f"{type(error).__name__}: {detail}".strip().rstrip(":")[:200]}
    return {"cell": "ok"}


BOT_OPS = ("bot_ready", "bot_begin", "bot_end")
GAME_END_CODE = 86  # the exit status of a game's process that ended because the referee said so
# A game's stray processes are gone within milliseconds on a quiet machine; the wait was once capped at 1 s, and a
# CI run's busy machine let one survive into the next game (test_arena_order saw a bot's move change). Past this
# many seconds the template exits rather than fork a game beside them: the bot's next game starts a fresh sandbox
# (or, if it was already waiting on this one, fails as "died", which its record shows), never silently meeting them.
LEFTOVER_SECONDS = 10.0
LEFTOVERS_CODE = 87
# in: this process plays a game (a fork of the template); served: this template has forked a game, so from now on it
# answers no request that belongs inside a game (a move sent as a game's process died would run the bot's choose()
# in the template, and its state would reach every later game)
_game = {"in": False, "served": False, "jailed": False, "requests": None}
OUTSIDE_A_GAME = ("ping", *BOT_OPS)


def _bot(op: str, request: dict, namespace: dict, send, ident) -> "dict | None":
    """The arena's typed bot requests: is choose defined (in the template), begin a game (fork), end it."""
    from coursekit.sandbox import botside
    from coursekit.sandbox.probe import TestTimeout, TimeLimit, quiet

    if op == "bot_end":
        if _game["in"]:
            send({"id": ident, "ok": True})
            os._exit(GAME_END_CODE)
        return {"ok": True}  # no game to end (its process died already)
    if op == "bot_begin" and not _game["in"]:
        return _fork_game(request, namespace, send)
    if op == "bot_begin":
        return {"ok": False, "error": "a game is already in progress"}
    try:
        with quiet(), TimeLimit(request.get("time_limit")):
            ok = botside.ready(namespace)
    except TestTimeout:
        return {"ok": False, "error": f"stopped after {request.get('time_limit')} s"}
    except BaseException as error:
        if isinstance(error, KeyboardInterrupt):
            raise
        return {"ok": False, "error": _describe(error)}
    return {"ok": bool(ok)}


def _describe(error: BaseException) -> str:
    try:
        detail = str(error)
    except Exception:
        detail = ""
    return f"{type(error).__name__}: {detail}"[:200]


def _fork_game(request: dict, namespace: dict, send) -> "dict | None":
    """Fork this loaded template: the child plays one game and exits; the template waits, then clears up.

    Nothing a game does (module globals, function defaults, class attributes, imported modules, processes it
    started) outlives it: the next game forks afresh from the template, which no game ever touches."""
    from coursekit.sandbox import botside
    from coursekit.sandbox.probe import TestTimeout, TimeLimit, quiet

    files = _tmp_files() if _game["jailed"] else None
    pid = os.fork()
    if pid == 0:  # the game's process: seed it, say so, and serve the game's requests in the same loop
        _game["in"] = True
        if not _game["jailed"]:
            os.setpgid(0, 0)
        try:
            with quiet(), TimeLimit(request.get("time_limit")):
                ok = botside.begin(namespace, int(request["seed"]))
        except TestTimeout:
            return {"ok": False, "error": f"stopped after {request.get('time_limit')} s"}
        except BaseException as error:
            if isinstance(error, KeyboardInterrupt):
                raise
            return {"ok": False, "error": _describe(error)}
        return {"ok": bool(ok)}
    _game["served"] = True
    if _game["requests"] is not None:  # lines read ahead belong to the game's process, which has them
        _game["requests"].hand_over()
    while True:
        try:
            _, status = os.waitpid(pid, 0)
            break
        except InterruptedError:
            continue
    _clear_up(pid)
    if files is not None:
        _remove_new_files(files)
    code = os.waitstatus_to_exitcode(status)
    if code != GAME_END_CODE:
        send({"id": -1, "game_over": code})  # the referee stops waiting for a game that has no process left
    return None


def _walk_tmp():
    """os.walk of the jail's private /tmp, without descending into what is mounted on it: the read-only binds of a
    venv or a course checked out under /tmp (19,000 files of a linked .venv took 0.12 s a walk, twice a game)."""
    try:
        device = os.lstat("/tmp").st_dev
    except OSError:
        return
    for folder, dirs, names in os.walk("/tmp", topdown=True):
        yield folder, dirs, names
        for name in list(dirs):
            try:
                mounted = os.lstat(os.path.join(folder, name)).st_dev != device
            except OSError:
                mounted = False
            if mounted:  # listed (it is no game's file), never entered
                dirs.remove(name)


def _tmp_files() -> set:
    """Every path under the jail's private /tmp now (before a game); a mount on it, but not what it holds."""
    found = set()
    for folder, dirs, names in _walk_tmp():
        found.update(os.path.join(folder, n) for n in dirs + names)
    return found


def _remove_new_files(before: set) -> None:
    """Remove what a game wrote under /tmp (files it made are no memory for the next game)."""
    for folder, dirs, names in _walk_tmp():
        for name in list(dirs):
            path = os.path.join(folder, name)
            if path not in before:
                if os.path.islink(path):  # a link to a folder: rmtree refuses it, and its target is memory too
                    try:
                        os.unlink(path)
                    except OSError:
                        pass
                else:
                    shutil.rmtree(path, ignore_errors=True)
                dirs.remove(name)
        for name in names:
            path = os.path.join(folder, name)
            if path not in before:
                try:
                    os.unlink(path)
                except OSError:
                    pass


def _clear_up(pid: int) -> None:
    """Kill whatever the game started: every other process of the jail (its PID namespace), or the game's group."""
    import signal

    try:
        if _game["jailed"] and os.getpid() == 2:  # bwrap's init is 1, this template 2: the rest is the game's
            os.kill(-1, signal.SIGKILL)
        else:
            os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    try:
        while os.waitpid(-1, os.WNOHANG)[0]:
            pass
    except ChildProcessError:
        pass
    if _game["jailed"] and os.getpid() == 2:  # wait until the jail's init has reaped them: none is seen next game
        import time

        me, deadline = str(os.getpid()), time.monotonic() + LEFTOVER_SECONDS
        while [e for e in os.listdir("/proc") if e.isdigit() and e not in ("1", me)]:
            if time.monotonic() > deadline:  # still there: this sandbox ends, and the next game gets a fresh one
                os._exit(LEFTOVERS_CODE)
            try:
                os.kill(-1, signal.SIGKILL)  # any process one of them forked while dying
            except (ProcessLookupError, PermissionError):
                pass
            time.sleep(0.0005)


def main(argv: list[str]) -> int:
    """Serve requests until the pipe closes."""
    requests, replies = _private_channels()
    _game["requests"] = requests

    def send(message: dict) -> None:
        replies.write(json.dumps(message, separators=(",", ":")).encode() + b"\n")

    try:
        settings = json.loads(argv[0]) if argv else {}
        _game["jailed"] = bool(settings.get("jailed"))
        _confine(settings)
        os.chdir("/tmp/work")
        shell = _LazyShell() if settings.get("shell") == "lazy" else _shell()
        from coursekit.sandbox.probe import answer
    except BaseException as error:
        send({"id": 0, "error": f"{type(error).__name__}: {error}"[:500]})
        return 1

    send({"id": 0, "ready": True})
    for line in requests:
        try:
            request = json.loads(line)
            ident = request.pop("id")
        except (ValueError, KeyError, AttributeError):
            continue
        try:
            op = request.get("op")
            if _game["served"] and not _game["in"] and op not in OUTSIDE_A_GAME:
                reply = {"error": "no game in progress: the bot answers moves only inside a game"}
            elif op == "cell":
                reply = _run_cell(shell, request["source"], request["time_limit"])
            elif op == "ping":
                reply = {"pong": True}
            elif op in BOT_OPS:
                reply = _bot(op, request, shell.user_ns, send, ident)
                if reply is None:  # the template, after a game's process ended
                    continue
            else:
                reply = answer(request, shell.user_ns)
        except Exception as error:  # a malformed request must not end the worker
            reply = {"error": f"{type(error).__name__}: {str(error)[:200]}"}
        try:
            send({"id": ident, **reply})
        except (TypeError, ValueError):
            send({"id": ident, "error": "the answer could not be sent"})
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
