"""check() and practice() say when the function they test was edited after it ran (issue 34): a real kernel runs a
saved notebook's cell, the cell is edited and saved, and the check names the function; run again, it does not."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("jupyter_client")


def _notebook(path: Path, body: str) -> None:
    path.write_text(json.dumps({"cells": [{"cell_type": "code", "metadata": {}, "execution_count": None,
                                           "outputs": [], "source": body}],
                                "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))


def _run(kernel, code: str) -> str:
    """Run code in the kernel; return what it printed and displayed (text)."""
    out = []
    kernel.execute_interactive(code, timeout=60, output_hook=lambda msg: out.append(
        msg["content"].get("text") or msg["content"].get("data", {}).get("text/plain", "")
        if msg["msg_type"] in ("stream", "display_data", "execute_result") else ""))
    return "".join(out)


def test_a_practice_check_names_a_function_edited_since_it_ran(tmp_path, monkeypatch):
    from jupyter_client.manager import start_new_kernel

    notebook = tmp_path / "02_counting_blackjack_hands.ipynb"
    first = "def hard_total(cards):\n    return sum(1 if c == 'A' else 10 if c in 'JQK' else int(c) for c in cards)\n"
    _notebook(notebook, first)
    monkeypatch.setenv("JPY_SESSION_NAME", str(notebook))
    manager, kernel = start_new_kernel(kernel_name="python3", cwd=str(tmp_path))
    try:
        _run(kernel, first)
        quiet = _run(kernel, "from coursekit.practice import practice\npractice('02.p1')")
        assert "02.p1" in quiet and "NOTE" not in quiet
        _notebook(notebook, first.replace("10 if c in 'JQK'", "0 if c in 'JQK'"))  # edited and saved, not run
        warned = _run(kernel, "practice('02.p1')")
        assert "NOTE  hard_total(): the saved notebook's cell differs from what last ran" in warned
        _run(kernel, first.replace("10 if c in 'JQK'", "0 if c in 'JQK'"))  # run again: what ran is what is saved
        assert "NOTE" not in _run(kernel, "practice('02.p1')")
    finally:
        kernel.stop_channels()
        manager.shutdown_kernel(now=True)
