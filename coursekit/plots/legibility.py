"""The course's figure standard, measured: every text of a figure at least 11 px high as shown on a 1280x720 screen.

How a text's size is measured (the rule CONTRIBUTING.md states):

    px as shown = font size (points) x dpi / 72 x scale,   scale = min(1, shown width / image width in px)

`dpi` is the resolution the PNG is written at (lessons: the figure's dpi, 100 unless set; widgets: their `dpi`),
the image width is the PNG's (after the tight bounding box a notebook's inline backend applies), and the shown
width is the room the page gives the image at 1280 px: a lesson's output area in JupyterLab (file browser open)
or a Voila dashboard's column, narrowed by a widget's own `max_width` where it sets one. An image wider than
that room is scaled down by the browser, and its text with it.

Texts are counted where they are drawn: matplotlib Text objects (titles, tick labels, legends, annotations; only
those actually drawn) and the glyph collections of coursekit.plots.glyphs (each label's size is kept on its
collection as `font_sizes`).
"""

from __future__ import annotations

import io
import struct
from dataclasses import dataclass, field

SCREEN = (1280, 720)         # the projector the course is made for
MIN_TEXT_PX = 11.0           # no text below this as shown
LESSON_WIDTH_PX = 848        # a notebook output area in JupyterLab 4 at 1280 px, file browser open (measured)
DASHBOARD_WIDTH_PX = 1250    # the .course-demo column of a Voila dashboard at 1280 px (coursekit.widgets.demo)


@dataclass(frozen=True)
class DrawnText:
    """One text as drawn: its string, size in points and size in px as shown."""

    text: str
    points: float
    px: float


@dataclass
class Legibility:
    """What a figure shows: image size, the scale it is shown at, and every text's size as shown."""

    image_px: tuple[int, int]
    shown_px: tuple[float, float]
    scale: float
    texts: list[DrawnText] = field(default_factory=list)

    @property
    def smallest_px(self) -> float:
        """The smallest text as shown, in px (inf when the figure has no text)."""
        return min((t.px for t in self.texts), default=float("inf"))

    def too_small(self, floor: float = MIN_TEXT_PX) -> list[DrawnText]:
        """The texts below `floor` px as shown."""
        return [t for t in self.texts if t.px < floor - 1e-9]

    def fits(self, width: float) -> bool:
        """True when the image is not wider than `width` px (shown at its own size, not squeezed)."""
        return self.image_px[0] <= width + 0.5

    def __str__(self) -> str:
        small = sorted(self.texts, key=lambda t: t.px)[:3]
        listed = ", ".join(f"{t.text[:30]!r} {t.px:.1f} px" for t in small)
        return (f"{self.image_px[0]}x{self.image_px[1]} px shown at {self.scale:.2f} "
                f"({self.shown_px[0]:.0f} px wide); smallest text {self.smallest_px:.1f} px: {listed}")


def _png_size(data: bytes) -> tuple[int, int]:
    """Width and height of a PNG from its header."""
    return struct.unpack(">II", data[16:24])


def measure(fig, shown_width: float = LESSON_WIDTH_PX, dpi: float | None = None, tight: bool = True,
            png: bytes | None = None) -> Legibility:
    """Render `fig` as a notebook (tight=True) or a widget (tight=False) shows it and measure every drawn text.

    `dpi`: the PNG's resolution (default: the figure's). `png`: the bytes a widget actually shows, when at hand
    (their width is used instead of the re-rendered one). Animated artists of kept widget figures are drawn too.
    """
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.text import Text

    if fig.canvas is None or not hasattr(fig.canvas, "print_png"):
        FigureCanvasAgg(fig)
    drawn: dict[int, tuple[str, float]] = {}
    original = Text.draw

    def recording_draw(self, renderer):
        if self.get_visible() and self.get_text().strip() and renderer is not None:
            drawn[id(self)] = (self.get_text(), float(self.get_fontsize()))
        return original(self, renderer)

    animated = [a for a in fig.findobj() if a.get_animated()]
    for artist in animated:
        artist.set_animated(False)
    Text.draw = recording_draw
    try:
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png", dpi=dpi or fig.dpi, bbox_inches="tight" if tight else None)
    finally:
        Text.draw = original
        for artist in animated:
            artist.set_animated(True)
    resolution = float(dpi or fig.dpi)
    width, height = _png_size(png if png is not None else buffer.getvalue())
    scale = min(1.0, shown_width / width)
    texts = [DrawnText(text, points, points * resolution / 72 * scale) for text, points in drawn.values()]
    for collection in fig.findobj(lambda a: hasattr(a, "font_sizes")):
        if collection.get_visible() and collection.figure is fig:
            texts += [DrawnText(text, points, points * resolution / 72 * scale)
                      for text, points in zip(collection.font_texts, collection.font_sizes) if text.strip()]
    return Legibility((width, height), (width * scale, height * scale), scale, texts)


def min_points(shown_scale: float = 1.0, dpi: float = 100, floor: float = MIN_TEXT_PX) -> float:
    """The smallest font size in points that stays at `floor` px at this dpi and scale (e.g. 7.92 pt at 100 dpi)."""
    return floor * 72 / dpi / shown_scale
