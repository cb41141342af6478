"""A figure with its text alternative: `described(fig, words)` shows as `<img alt="words">` in Lab and on the site.

JupyterLab draws an image/png output as an `<img>` with no alt (its renderImage takes no alt from the output's
metadata), so a screen reader says nothing there. A described figure's only rich output is text/html holding the
same PNG with its alt: Lab keeps the alt even in an untrusted notebook, the website shows that HTML as it is, and
the notebook holds the PNG once, as before. Its text/plain stays the figure's repr, which nbval compares.
"""

from __future__ import annotations

import base64
import html
import io
import re
from typing import Optional

MIN_WORDS = 6  # an alt text is a sentence: what the figure shows, not a label


class DescribedFigure:
    """A matplotlib figure and the sentence that says what it shows; a cell's value shows it as `<img alt>`."""

    def __init__(self, figure, alt: str):
        if not isinstance(alt, str) or len(alt.split()) < MIN_WORDS or not alt.rstrip().endswith("."):
            raise ValueError(f"alt text {alt!r} is not a sentence: give at least {MIN_WORDS} words ending in '.'")
        if not hasattr(figure, "savefig"):
            raise ValueError(f"{figure!r} is not a matplotlib figure: described() takes what a plot function returns")
        self.figure = figure
        self.alt = alt.strip()

    def png(self) -> bytes:
        """The figure as the notebook's inline backend would show it (its PNG formatter where one is active)."""
        formatter = _inline_png_formatter(self.figure)
        if formatter is not None:
            data = formatter(self.figure)
            if data:
                return base64.b64decode(data) if isinstance(data, str) else bytes(data)
        buffer = io.BytesIO()
        self.figure.savefig(buffer, format="png", bbox_inches="tight")
        return buffer.getvalue()

    def html(self) -> str:
        """An `<img>` with the alt text and the PNG inline."""
        source = base64.b64encode(self.png()).decode("ascii")
        return f'<img alt="{html.escape(self.alt, quote=True)}" src="data:image/png;base64,{source}">'

    def _repr_mimebundle_(self, include=None, exclude=None) -> dict:
        return {"text/html": self.html(), "text/plain": repr(self.figure)}

    def __repr__(self) -> str:
        return repr(self.figure)


def described(figure, alt: str) -> DescribedFigure:
    """The figure with its text alternative, to end a cell with: Lab and the site show it as `<img alt=...>`."""
    return DescribedFigure(figure, alt)


def _inline_png_formatter(figure):
    """The running IPython's PNG formatter for this figure, or None outside IPython or without one."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython ships with every course environment
        return None
    shell = get_ipython()
    if shell is None:
        return None
    try:
        return shell.display_formatter.formatters["image/png"].lookup(figure)
    except KeyError:
        return None


_SAVED_FIGURE = re.compile(r'^<img alt="([^"]*)" src="data:image/png;base64,[A-Za-z0-9+/=]+">$')


def figure_alts(notebook: dict) -> list[Optional[str]]:
    """The alt text of each figure a saved notebook shows, in order: None for a bare image/png output."""
    alts = []
    for cell in notebook.get("cells", []):
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            found = _SAVED_FIGURE.match("".join(data.get("text/html", "")))
            if "image/png" in data:
                alts.append(None)
            elif found:
                alts.append(html.unescape(found.group(1)))
    return alts
