"""Widgets answer out-of-range input with a message (issue 28): no silent clamping, no browser rounding, echoed
input cut, the stale result dimmed, and the MCTS stepper's Run repeats the range message."""

from __future__ import annotations

import pytest

from coursekit.widgets.arena import MAX_ROUNDS, ArenaDashboard
from coursekit.widgets.common import MAX_SEED, MessageBar, echo, seed_box, seed_from
from coursekit.widgets.mcts import MCTSStepper


@pytest.mark.parametrize("typed, seed", [("0", 0), (" 42 ", 42), (str(MAX_SEED), MAX_SEED), (7, 7)])
def test_a_seed_box_reads_what_was_typed(typed, seed):
    box = seed_box()
    box.value = typed
    assert seed_from(box) == seed


@pytest.mark.parametrize("typed", ["-1", "1e9", str(MAX_SEED + 1), "12345678901234567890", "1.5", "", "seven"])
def test_a_seed_box_refuses_what_is_out_of_range_and_says_the_bound(typed):
    box = seed_box()
    box.value = typed
    with pytest.raises(ValueError, match=f"from 0 to {MAX_SEED}, not {echo(typed)}"):
        seed_from(box)


@pytest.mark.parametrize("typed", ["-5", "0", "100000", "1e9", "2.5"])
def test_the_arena_rounds_box_answers_with_a_message_not_a_clamp(typed):
    arena = ArenaDashboard(folder="", builtins="random, optimal")
    arena.rounds.value = typed
    arena.start.click()
    assert arena.message.kind == "error"
    assert arena.message.text == f"Rounds must be a whole number from 1 to {MAX_ROUNDS}, not {echo(typed)}"
    assert "course-stale" in arena._dom_classes


def test_echoed_input_is_cut_and_a_long_word_in_any_message_too():
    assert echo("x" * 400) == repr("x" * 40 + "…")
    bar = MessageBar()
    bar.show("bad token " + "y" * 400 + " here", "error")
    assert len(bar.text) < 80 and "y" * 41 not in bar.text and bar.text.endswith(" here")


def test_the_stepper_run_repeats_the_range_message_and_dims_the_old_tree():
    stepper = MCTSStepper(n=22, seed=1)
    stepper.run100.click()
    stepper.start.value = 99999
    for button in (stepper.run100, stepper.reset, stepper.run10, stepper.step):
        button.click()
        assert stepper.message.text.startswith("start n must be a whole number from 1 to"), stepper.message.text
        assert "course-stale" in stepper._dom_classes
    stepper.start.value = 22
    stepper.reset.click()
    assert "course-stale" not in stepper._dom_classes
