"""coursekit.stats: the one Wilson score interval the lessons, the arena, grading and the tournament search share."""

from __future__ import annotations

import pytest

from coursekit.stats import wilson_interval


def test_wilson_interval_has_the_textbook_values():
    lo, hi = wilson_interval(50, 100)
    assert lo == pytest.approx(1 - hi) and lo == pytest.approx(0.4038, abs=1e-4)  # the textbook 95% value
    assert wilson_interval(0, 10)[0] == 0 and 0.25 < wilson_interval(0, 10)[1] < 0.35
    assert wilson_interval(10, 10)[1] == 1
    assert wilson_interval(0, 0) == (0.0, 1.0)  # no games: anything is possible
    wide, narrow = wilson_interval(60, 100, z=2.576), wilson_interval(60, 100)  # 99% is wider than 95%
    assert wide[0] < narrow[0] < 0.6 < narrow[1] < wide[1]


@pytest.mark.parametrize("wins, games, word", [(11, 10, "wins"), (-1, 10, "wins"), (1.5, 10, "wins"),
                                               (1, -1, "games"), (1, 2.0, "games")])
def test_wilson_interval_refuses_counts_that_are_not_counts(wins, games, word):
    with pytest.raises(ValueError, match=word):
        wilson_interval(wins, games)
