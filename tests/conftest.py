"""Shared test fixtures: no widget callback may fail behind the user's back."""

from __future__ import annotations

import pytest
from hypothesis import settings

from coursekit.widgets import common

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
