"""One pair's bootstrap as a picture: a histogram of resampled shares, the observed share and the middle 95%."""

from __future__ import annotations

from typing import Optional

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from coursekit.colours import LIGHT, NEUTRAL, TEXT, WIN
from coursekit.plots.style import LESSON_WIDTH_IN, detach, finish, new_axes


def resampled_shares(shares, observed: float, pair: str = "", ax: Optional[Axes] = None,
                     width_in: float = LESSON_WIDTH_IN) -> Figure:
    """Histogram of resampled shares (one bar per possible share), the observed share, and their middle 95%."""
    shares = np.asarray(shares, dtype=float)
    if shares.ndim != 1 or len(shares) < 2 or not np.all((shares >= 0) & (shares <= 1)):
        raise ValueError(f"shares must be a list of at least two shares from 0 to 1, not {shares!r:.80}")
    if not 0 <= observed <= 1:
        raise ValueError(f"observed must be a share from 0 to 1, not {observed!r}")
    fig, ax, owned = new_axes(ax, (width_in, 3.4), max_width=width_in)
    values, counts = np.unique(shares, return_counts=True)
    step = float(np.min(np.diff(values))) if len(values) > 1 else 0.04
    low, high = np.percentile(shares, [2.5, 97.5])
    inside = (values >= low) & (values <= high)
    ax.bar(values[inside], counts[inside], width=0.8 * step, color=WIN, label="middle 95% of the resamples")
    ax.bar(values[~inside], counts[~inside], width=0.8 * step, color=LIGHT, edgecolor=NEUTRAL,
           label="the 2.5% at each end")
    ax.axvline(observed, color=TEXT, linewidth=1.5, linestyle="--", label=f"observed share {observed:.3f}")
    ax.axvline(0.5, color=NEUTRAL, linewidth=1, linestyle=":", label="even (0.5)")
    ax.set_xlabel("share of the games won in a resample")
    ax.set_ylabel(f"resamples (of {len(shares)})")
    ax.set_title(f"{len(shares)} resamples{': ' + pair if pair else ''}")
    ax.legend(loc="upper left", frameon=False)
    finish(ax)
    return detach(fig, owned)
