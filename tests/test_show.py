"""coursekit.show: a function's source as highlighted HTML for a notebook, the same on every run."""

from __future__ import annotations

import functools

import pytest

from coursekit.mcts import MCTS, Node, ucb1
from coursekit.show import Source, show, source_of
from coursekit.subtraction import SubtractionGame


def test_show_gives_the_source_as_text_and_html():
    shown = show(ucb1)
    assert isinstance(shown, Source)
    assert repr(shown).startswith("# coursekit.mcts.ucb1\ndef ucb1(")
    assert "return child.wins / child.visits" in shown.code
    page = shown._repr_html_()
    assert "coursekit.mcts.ucb1" in page and "<span" in page, "highlighted by pygments"
    assert page == show(ucb1)._repr_html_(), "the same output on every call (nbval compares it)"
    assert "0x" not in page and ".py" not in page, "no addresses, no file paths"


def test_methods_are_dedented_and_named_by_class():
    shown = show(MCTS.select, MCTS(SubtractionGame()).expand)
    assert [name for name, _ in shown.parts] == ["coursekit.mcts.MCTS.select", "coursekit.mcts.MCTS.expand"]
    assert all(code.startswith("def ") for _, code in shown.parts)
    assert shown.lines == sum(len(code.splitlines()) for _, code in shown.parts)


def test_partials_and_properties_show_their_function():
    assert source_of(functools.partial(ucb1, exploration=1.0)).startswith("def ucb1(")
    assert "def win_rate(self)" in source_of(Node.win_rate)


def test_bad_input_is_a_clear_error():
    with pytest.raises(ValueError, match="at least one"):
        show()
    with pytest.raises(ValueError, match="written in Python"):
        show(len)
