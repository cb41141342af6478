"""Lesson 11's histogram of one pair's resampled shares: the middle 95% in blue, the ends grey, bad input refused."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

from coursekit.plots.bootstrap import resampled_shares  # noqa: E402
from coursekit.colours import LIGHT, WIN  # noqa: E402


def test_the_middle_95_percent_is_blue_and_the_ends_are_not():
    from matplotlib.colors import to_hex

    shares = np.random.default_rng(1).binomial(24, 16 / 24, size=1000) / 24
    fig = resampled_shares(shares, 16 / 24, "a pair")
    ax = fig.axes[0]
    low, high = np.percentile(shares, [2.5, 97.5])
    bars = [(p.get_x() + p.get_width() / 2, p.get_height(), to_hex(p.get_facecolor())) for p in ax.patches]
    assert sum(h for _, h, _ in bars) == len(shares)                     # every resample in one bar
    assert all((c == to_hex(WIN)) == (low - 1e-9 <= x <= high + 1e-9) for x, _, c in bars)
    assert {c for *_, c in bars} == {to_hex(WIN), to_hex(LIGHT)}
    assert "1000 resamples: a pair" in ax.get_title()


@pytest.mark.parametrize("shares, observed, match", [([0.5], 0.5, "at least two"), ([0.2, 1.5], 0.5, "from 0 to 1"),
                                                     ([0.2, 0.4], 2, "observed")])
def test_bad_input_names_the_value(shares, observed, match):
    with pytest.raises(ValueError, match=match):
        resampled_shares(shares, observed)
