"""Text drawn as glyph outlines, many labels in one collection: several times faster than matplotlib Text objects.

Matplotlib 3.11's Agg backend renders Text glyph by glyph (about 0.2 ms a glyph on the course machines), so a
widget figure with a title, a legend and dozens of labels spends most of its redraw on text. These helpers turn
text into filled paths once (cached per string) and draw them as a single PathCollection.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Sequence

import numpy as np
from matplotlib.collections import PathCollection
from matplotlib.lines import Line2D
from matplotlib.path import Path
from matplotlib.transforms import Affine2D, ScaledTranslation

NUMERALS = frozenset("0123456789/-.:% ")  # no kerning between these: a line of them is its characters side by side


@lru_cache(maxsize=4096)
def _text_line(text: str, size: float, weight: str) -> tuple[Path, float]:
    """One line of text as a path in points (baseline at y = 0, starting at x = 0) and its advance width."""
    if len(text) > 1 and NUMERALS.issuperset(text):      # counts like "41/68" change every redraw: compose them
        parts, x = [], 0.0
        for char in text:
            path, width = _text_line(char, size, weight)
            if len(path.vertices):
                parts.append(path.transformed(Affine2D().translate(x, 0)))
            x += width
        return (Path.make_compound_path(*parts) if parts else Path(np.empty((0, 2)))), x
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import TextPath, text_to_path

    prop = FontProperties(size=size, weight=weight)
    width = text_to_path.get_text_width_height_descent(text, prop, ismath=False)[0]
    if not text.strip():                       # TextPath fails on blank text: nothing to draw
        return Path(np.empty((0, 2))), width
    return TextPath((0, 0), text, prop=prop), width


@lru_cache(maxsize=64)
def _font_height(size: float, weight: str) -> tuple[float, float]:
    """(ascent, descent) of the font in points, from its OS/2 table as matplotlib's Text spaces lines."""
    from matplotlib.font_manager import FontProperties, findfont, get_font

    font = get_font(findfont(FontProperties(size=size, weight=weight)))
    table = font.get_sfnt_table("OS/2") or {}
    scale = size / font.get_sfnt_table("head")["unitsPerEm"]
    if "sTypoAscender" in table:
        return table["sTypoAscender"] * scale, -table["sTypoDescender"] * scale
    return font.ascender * scale, -font.descender * scale


@lru_cache(maxsize=4096)
def _ink_height(text: str, size: float, weight: str) -> tuple[float, float, float]:
    """(width, height, descent) of one line in points, as matplotlib measures it."""
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import text_to_path

    return text_to_path.get_text_width_height_descent(text, FontProperties(size=size, weight=weight), ismath=False)


def text_width(text: str, size: float, weight: str = "normal") -> float:
    """Advance width of one line of text in points."""
    return _text_line(text, size, weight)[1]


@lru_cache(maxsize=8192)
def text_path(text: str, size: float, weight: str = "normal", ha: str = "center", va: str = "center",
              linespacing: float = 1.2) -> Path:
    """Text (lines aligned under each other) as one path in points around its anchor, laid out like ax.text."""
    ascent, descent = _font_height(size, weight)
    line_height = linespacing * (ascent + descent)
    lines = text.split("\n")
    top = {"top": 0.0, "center": len(lines) * line_height / 2, "bottom": len(lines) * line_height}.get(va)
    parts = []
    for i, line in enumerate(lines):
        path, width = _text_line(line, size, weight)
        _, h, d = _ink_height(line, size, weight)
        baseline = -(h - d) - (line_height - h) / 2                  # below the line's top, as Text centres ink
        if top is None:                                                # va="baseline": the first baseline at 0
            top = -baseline
        x = {"left": 0.0, "center": -width / 2, "right": -width}[ha]
        parts.append(path.transformed(Affine2D().translate(x, top - i * line_height + baseline)))
    return Path.make_compound_path(*parts)


def add_labels(ax, labels: Sequence[tuple], zorder: float, offset_transform=None,
               backdrop: str | None = None, halo: str | None = None) -> PathCollection:
    """Many short labels as one collection of glyph outlines.

    Each label is (x, y, text, size, weight, colour, ha, va, linespacing), anchored at (x, y) in
    `offset_transform` coordinates (the data coordinates by default). `backdrop` colours a box behind each label;
    `halo` outlines the glyphs in that colour, so lines running under a label do not cross its letters.
    """
    paths = [text_path(text, size, weight, ha, va, spacing) for _, _, text, size, weight, _, ha, va, spacing in labels]
    points = Affine2D().scale(1 / 72) + ax.figure.dpi_scale_trans       # paths are in points
    offsets = np.array([(x, y) for x, y, *_ in labels], dtype=float).reshape(-1, 2)  # (0, 2) when none:
    # matplotlib 3.10 (the newest for Python 3.10) cannot draw a collection with 1-d empty offsets
    if backdrop is not None:
        boxes = []
        for path in paths:
            ink = path.vertices if path.codes is None else path.vertices[path.codes != Path.CLOSEPOLY]
            if not len(ink):
                ink = np.zeros((1, 2))
            (x0, y0), (x1, y1) = ink.min(axis=0) - 1.5, ink.max(axis=0) + 1.5   # control points: fast, near
            boxes.append(Path([(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)], closed=True))
        behind = PathCollection(boxes, offsets=offsets,
                                offset_transform=offset_transform or ax.transData, transform=points,
                                facecolors=backdrop, edgecolors="none", zorder=zorder - 0.01)
        ax.add_collection(behind, autolim=False)
    if halo is not None:
        outline = PathCollection(paths, offsets=offsets,
                                 offset_transform=offset_transform or ax.transData, transform=points,
                                 facecolors=halo, edgecolors=halo, linewidths=2.4, zorder=zorder - 0.01)
        outline.set_clip_on(False)
        ax.add_collection(outline, autolim=False)
    layer = PathCollection(paths, offsets=offsets,
                           offset_transform=offset_transform or ax.transData, transform=points,
                           facecolors=[label[5] for label in labels], edgecolors="none", zorder=zorder)
    layer.set_clip_on(False)
    layer.font_texts = [label[2] for label in labels]        # for coursekit.plots.legibility.measure
    layer.font_sizes = [float(label[3]) for label in labels]
    ax.add_collection(layer, autolim=False)
    return layer


def _points_from(ax, x: float, y: float):
    """A transform from points to the display, with the origin at (x, y) in axes fractions."""
    return Affine2D().scale(1 / 72) + ax.figure.dpi_scale_trans + ScaledTranslation(x, y, ax.transAxes)


def glyph_title(ax, title: str, size: float = 10, gap: float = 6.0) -> None:
    """The axes title drawn as glyphs `gap` points above the axes (ax.get_title() still returns it)."""
    ax.set_title(title, fontsize=size, y=1.0)  # a fixed y skips matplotlib's costly title placement ...
    ax.title.set_visible(False)                  # ... and the glyphs below replace the slow Text drawing
    add_labels(ax, [(0.5, 1.0, title, size, "normal", "black", "center", "bottom", 1.2)], zorder=5,
               offset_transform=ax.transAxes + ScaledTranslation(0, gap / 72, ax.figure.dpi_scale_trans))


def key(ax, entries: Sequence[tuple[str, str, str]], x: float, y: float, size: float = 8,
        columns: int | None = None, below: float = 0.0) -> tuple[float, float]:
    """A cheap legend: entries (kind, colour, label) with kind "disc" or "line", in rows of `columns` entries
    (all in one row by default), centred on x and hanging `below` points under y (axes fractions).

    Returns its width and height in points."""
    handle, gap, spacing = 14.0, 4.0, 14.0                              # points
    columns = columns or len(entries)
    rows = [entries[i:i + columns] for i in range(0, len(entries), columns)]
    line_height = 1.5 * size
    widths = [[handle + gap + text_width(label, size) for *_, label in row] for row in rows]
    column_widths = [max(row[j] for row in widths if j < len(row)) for j in range(columns)]
    total = sum(column_widths) + spacing * (len(column_widths) - 1)
    labels = []
    transform = _points_from(ax, x, y)
    for r, row in enumerate(rows):
        left = -total / 2
        middle = -below - (r + 0.5) * line_height
        for (kind, colour, label), width in zip(row, column_widths):
            if kind == "disc":
                handle_line = Line2D([left + handle / 2], [middle], marker="o", ls="", markersize=0.65 * size + 3,
                                     color=colour)
            else:
                handle_line = Line2D([left, left + handle], [middle, middle], lw=3, color=colour,
                                     solid_capstyle="butt")
            handle_line.set_transform(transform)
            handle_line.set_clip_on(False)
            ax.add_artist(handle_line)
            labels.append((left + handle + gap, middle, label, size, "normal", "#222", "left", "center", 1.2))
            left += width + spacing
    add_labels(ax, labels, zorder=5, offset_transform=transform)
    return total, len(rows) * line_height


def keep_whole_figure(fig) -> None:
    """An invisible frame round the whole figure: a tight bounding box (Jupyter's inline backend) then keeps the
    figure as laid out, glyph titles and keys included (their collections are not measured by the tight box)."""
    from matplotlib.patches import Rectangle

    fig.add_artist(Rectangle((0, 0), 1, 1, transform=fig.transFigure, fill=False, edgecolor="none", linewidth=0))
