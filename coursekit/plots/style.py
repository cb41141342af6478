"""Sizes of the lessons' matplotlib figures: as wide as a lesson's output area, text well above the 11 px floor.

A lesson shows a figure through the inline backend: a PNG at the figure's dpi (100), cut to its tight box plus
0.1 inch each side, at its own size when it fits the 848 px output area (coursekit.plots.legibility). A figure
LESSON_WIDTH_IN wide therefore fills the area without being scaled down, and a point is 100/72 px: 10 pt is
13.9 px, 11 pt 15.3 px. `finish(ax)` brings an axes' ticks, labels, title, legend and notes to these sizes.
"""

from __future__ import annotations

LESSON_WIDTH_IN = 8.2   # inches: 820 px at 100 dpi, 840 px with the tight box's padding, inside 848 px
TICK_PT = 11.0          # tick labels (15.3 px)
LABEL_PT = 11.5         # axis labels
TITLE_PT = 12.5         # titles
LEGEND_PT = 10.5        # legend entries
NOTE_PT = 10.0          # text in the plot: annotations, cell values (13.9 px); the smallest size used


def finish(ax, legend: bool = True) -> None:
    """Bring the texts of `ax` (ticks, axis labels, title, legend, its colour bar) up to the course's sizes.

    Texts already larger keep their size; notes placed with ax.text are raised to NOTE_PT at least.
    """
    ax.tick_params(axis="both", which="major", labelsize=TICK_PT)
    for label in (ax.xaxis.label, ax.yaxis.label):
        label.set_fontsize(max(LABEL_PT, label.get_fontsize()))
    for title in (ax.title, ax._left_title, ax._right_title):
        if title.get_text():
            title.set_fontsize(max(TITLE_PT, title.get_fontsize()))
    for text in ax.texts:
        text.set_fontsize(max(NOTE_PT, text.get_fontsize()))
    box = ax.get_legend()
    if legend and box is not None:
        for text in box.get_texts():
            text.set_fontsize(max(LEGEND_PT, text.get_fontsize()))
        if box.get_title().get_text():
            box.get_title().set_fontsize(max(LEGEND_PT, box.get_title().get_fontsize()))
    for mappable in list(ax.images) + list(ax.collections):
        bar = getattr(mappable, "colorbar", None)
        if bar is not None:
            bar.ax.tick_params(labelsize=TICK_PT)
            bar.ax.yaxis.label.set_fontsize(max(LABEL_PT, bar.ax.yaxis.label.get_fontsize()))
            bar.ax.xaxis.label.set_fontsize(max(LABEL_PT, bar.ax.xaxis.label.get_fontsize()))


def new_axes(ax, size, max_width=None):
    """(figure, axes, owned): a new constrained-layout figure of `size` inches (no wider than `max_width`) when ax is
    None, else the given axes' figure."""
    if ax is not None:
        return ax.figure, ax, False
    import matplotlib.pyplot as plt

    width = size[0] if max_width is None else min(size[0], max_width)
    _, ax = plt.subplots(figsize=(width, size[1]), layout="constrained")
    return ax.figure, ax, True


def detach(fig, owned: bool):
    """Detach a figure we made from pyplot, so a notebook shows it once, as the cell's value; return it."""
    if owned:
        import matplotlib.pyplot as plt

        plt.close(fig)
    return fig
