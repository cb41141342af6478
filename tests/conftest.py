"""Shared test fixtures: no widget callback may fail behind the user's back."""

from __future__ import annotations

import signal
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import settings

from coursekit.widgets import common

# A run started in the background by a shell without job control (`make test &`, nohup, some CI runners) ignores
# Ctrl-C, and every program a test starts would inherit that: the tests that press Ctrl-C in a console game or the
# arena command then wait in vain (seen here: 2 failures, each passing when run in the foreground). A handler, unlike
# an ignored signal, is not inherited: the programs the tests start get Ctrl-C's default again.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# property tests check values, not speed: on a loaded 2-core machine a 200 ms deadline fails correct code
settings.register_profile("course", deadline=None)
settings.load_profile("course")


@pytest.fixture(autouse=True)
def no_hidden_callback_errors():
    """Widget actions catch unexpected errors to show them in the widget; a test fails if any was caught."""
    common.callback_errors.clear()
    yield
    caught = list(common.callback_errors)
    common.callback_errors.clear()
    assert not caught, f"a widget callback failed: {caught!r}"


# Modules whose tests hold wall-clock limits (sandboxed bots and submissions, a terminal's prompts, per-call budgets)
# and start processes of their own: make test runs them after the parallel tier, so the unit tier's load cannot push
# an honest bot or a right submission past its limit (seen at load 4-6 on 2 cores). They mostly wait on those
# clocks, so they run on two workers with the notebooks beside them on one (the Makefile's SERIAL and SIDE_MAKE).
SERIAL_MODULES = {
    "test_api_fuzz", "test_arena", "test_arena_hostile", "test_arena_hostile_classes", "test_arena_lesson",
    "test_arena_no_state_across_games", "test_arena_order", "test_arena_partial", "test_arena_secret",
    "test_arena_start_budget", "test_sandbox_lazy_shell",
    "test_console_terminals", "test_exercise10",
    "test_grading_batch", "test_grading_hostile", "test_grading_hostile_replies", "test_grading_mutants",
    "test_grading_bounds", "test_grading_collection", "test_nbgrader_sandboxed", "test_sandbox_limits",
}


# The modules that take longest (seconds of work in a CI's "seconds by test module" report), longest first. make test
# runs pytest-xdist with --dist loadfile --no-loadscope-reorder: a module stays on one worker and modules go out in
# this order, so no long module starts last and keeps one worker busy after the others are done (xdist's own order is
# by number of tests, which put the hub's 4 long tests and the fresh-clone tests at the end).
LONGEST_FIRST = (
    # the browser tier
    "test_hub_route", "test_lab_lessons_second_half", "test_lab_lessons", "test_voila_demos", "test_make_lab",
    "test_site", "test_accessibility", "test_learner_work", "test_learner_copy",
    # the unit tier
    "test_instructor_commands", "test_binder_post_build", "test_readme", "test_nbgrader", "test_figure_standard",
    "test_predict_widgets", "test_release", "test_learner_venv", "test_tournament_optimal", "test_arena_widget",
    # the serial tier
    "test_exercise10", "test_grading_hostile", "test_api_fuzz", "test_grading_batch", "test_arena_hostile_classes",
    "test_nbgrader_sandboxed", "test_arena", "test_arena_hostile", "test_grading_mutants", "test_grading_bounds",
)


def module_name(item) -> str:
    return Path(str(item.fspath)).stem


def pytest_collection_modifyitems(config, items):
    """Mark the tests of SERIAL_MODULES `serial` (make test: `-m serial` alone, the rest with pytest-xdist), and put
    the LONGEST_FIRST modules first, in that order (the others keep theirs)."""
    for item in items:
        if module_name(item) in SERIAL_MODULES:
            item.add_marker(pytest.mark.serial)
    rank = {module: i for i, module in enumerate(LONGEST_FIRST)}
    place = {id(item): (rank.get(module_name(item), len(rank)), i) for i, item in enumerate(items)}
    items.sort(key=lambda item: place[id(item)])


# Where a tier's time goes (issue 36: make test in 20 minutes): each module's setup + call + teardown seconds, summed
# over the xdist workers (the controller gets every worker's reports), printed after the run's slowest tests.
MODULE_SECONDS: Counter = Counter()


def pytest_runtest_logreport(report):
    MODULE_SECONDS[report.nodeid.split("::")[0]] += report.duration


def pytest_terminal_summary(terminalreporter):
    if len(MODULE_SECONDS) < 2:
        return
    total = sum(MODULE_SECONDS.values())
    terminalreporter.write_sep("=", f"seconds by test module: {total:.0f} s of work in all")
    for module, seconds in MODULE_SECONDS.most_common(20):
        terminalreporter.write_line(f"{seconds:8.1f} s  {100 * seconds / total:4.1f}%  {module}")
