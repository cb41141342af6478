"""The arena's lazy sandbox shell (issue 39): a bot's plain Python runs without IPython, and the first cell that
needs IPython (a magic, get_ipython(), display()) starts it on the same names; errors, time limits, future imports
and `__main__` behave as in a kernel."""

from __future__ import annotations

import pytest

from coursekit.sandbox.jail import Limits, Sandbox, bwrap, shell_for
from coursekit.sandbox.wire import decode

LIMITS = Limits(memory_mb=1024, total_memory_mb=1536, cpu_seconds=600, processes=32, file_mb=16, tmp_mb=64)


def _cell(sandbox: Sandbox, source: str, seconds: float = 20.0) -> dict:
    return sandbox.request({"op": "cell", "source": source, "time_limit": seconds}, seconds + 5)


def _value(sandbox: Sandbox, expr: str):
    reply = sandbox.request({"op": "eval", "expr": expr, "time_limit": 10.0}, 15.0)
    assert "value" in reply, reply
    return decode(reply["value"])


@pytest.fixture(params=[False, True], ids=["no jail", "bwrap"])
def lazy(request):
    if request.param and bwrap() is None:
        pytest.skip("bubblewrap is not installed")
    sandbox = Sandbox(LIMITS, use_bwrap=request.param, shell="lazy")
    yield sandbox
    sandbox.close()


def test_plain_cells_run_without_ipython_as_a_kernel_would(lazy):
    assert _cell(lazy, "from __future__ import annotations\nimport pickle, sys") == {"cell": "ok"}
    assert _cell(lazy, "class Move:\n    pass\n\ndef f(x: NotDefinedAnywhere) -> int:\n    return 1") == {"cell": "ok"}
    assert _cell(lazy, "copy = pickle.loads(pickle.dumps(Move()))\nmain = sys.modules['__main__'].__name__")["cell"] \
        == "ok"  # a class of the bot's source pickles through __main__, as in a kernel
    assert _value(lazy, "f.__annotations__") == {"x": "NotDefinedAnywhere", "return": "int"}  # future import kept
    assert _value(lazy, "(type(copy).__name__, main, __name__)") == ("Move", "__main__", "__main__")
    assert _value(lazy, "'IPython' in sys.modules") is False
    assert _cell(lazy, "1 / 0") == {"cell": "error", "error": "ZeroDivisionError: division by zero"}
    assert _cell(lazy, "while True:\n    pass", seconds=0.3) == {"cell": "timeout"}
    assert _cell(lazy, "exit()")["cell"] == "error"  # exit() only raises; the worker lives on
    assert _value(lazy, "'IPython' in sys.modules") is False


def test_a_cell_that_needs_ipython_starts_it_on_the_same_names(lazy):
    assert _cell(lazy, "import sys\nbefore = 41") == {"cell": "ok"}
    assert _cell(lazy, "%time after = before + 1") == {"cell": "ok"}  # a magic: IPython from here on
    assert _value(lazy, "(after, 'IPython' in sys.modules, type(get_ipython()).__name__)") \
        == (42, True, "InteractiveShell")
    assert _cell(lazy, "!true") == {"cell": "ok"}


def test_get_ipython_and_display_in_plain_python_start_ipython():
    with Sandbox(LIMITS, use_bwrap=False, shell="lazy") as sandbox:
        assert _cell(sandbox, "import sys\nshell = type(get_ipython()).__name__") == {"cell": "ok"}
        assert _value(sandbox, "(shell, 'IPython' in sys.modules)") == ("InteractiveShell", True)
    with Sandbox(LIMITS, use_bwrap=False, shell="lazy") as sandbox:
        assert _cell(sandbox, "display(3)\nshown = True") == {"cell": "ok"}
        assert _value(sandbox, "shown") is True


def test_the_grading_shell_is_still_ipython_from_the_start_and_a_wrong_shell_is_refused():
    with Sandbox(LIMITS, use_bwrap=False) as sandbox:
        assert _value(sandbox, "'IPython' in __import__('sys').modules") is True
    with pytest.raises(ValueError, match="shell must be one of ipython, lazy, not 'plain'"):
        Sandbox(LIMITS, use_bwrap=False, shell="plain")


def test_shell_for_starts_ipython_at_once_only_for_a_source_with_a_magic_or_a_shell_escape():
    assert shell_for(["import random\n\ndef choose(state):\n    return 3\n"]) == "lazy"
    assert shell_for(["x = 1", "from coursekit.subtraction import SubtractionGame\n%matplotlib inline"]) == "ipython"
    assert shell_for(["def f():\n    !ls\n"]) == "ipython"
    assert shell_for(["text = '%d moves' % 3  # a % inside a line is Python"]) == "lazy"
