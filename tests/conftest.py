"""Shared test fixtures: no widget callback may fail behind the user's back."""

from __future__ import annotations

import pytest

from coursekit.widgets import common


@pytest.fixture(autouse=True)
def no_hidden_callback_errors():
    """Widget actions catch unexpected errors to show them in the widget; a test fails if any was caught."""
    common.callback_errors.clear()
    yield
    caught = list(common.callback_errors)
    common.callback_errors.clear()
    assert not caught, f"a widget callback failed: {caught!r}"
