"""Building blocks shared by the lesson widgets: a stable repr, messages, seed boxes, figures."""

from __future__ import annotations

import html
import io
import logging
from typing import TYPE_CHECKING, Callable

import ipywidgets as w

from coursekit.cards import SUIT_SYMBOLS, Card
from coursekit.console import seed_problem
from coursekit.plots.colours import LOSE, WIN

if TYPE_CHECKING:
    from coursekit.blackjack import Hand


callback_errors: list[Exception] = []  # every unexpected error a widget callback caught (tests keep it empty)

# Page-wide rules every course widget brings along (one hidden <style> per widget; the rules apply to the whole
# page): a disabled button looks switched off (grey, flat, dashed border), not just a little paler.
COURSE_CSS = """<style>
.course-widget .jupyter-button:disabled, .course-widget .jupyter-button[disabled] {
  opacity: 1 !important; background: #e6e6e6 !important; color: #8c8c8c !important; box-shadow: none !important;
  border: 1px dashed #a8a8a8 !important; cursor: not-allowed !important; }
.course-widget .jupyter-button:disabled i { color: #a8a8a8 !important; }
</style>"""
RUN_TO_SHOW = "run this cell to show the widget"  # the text JupyterLab shows before the cell has run


class CourseWidget(w.VBox):
    """A lesson widget: a VBox whose text repr is short, stable and helpful, so nbval can compare it.

    Before its cell has run, JupyterLab shows a widget's text repr instead of the widget: it says to run the cell.
    Wire controls with on_click and on_change: an unexpected error in an action then shows in the widget's
    message bar (Voila and a busy notebook page would hide it) instead of the button silently doing nothing.
    """

    def __init__(self, children=(), **kwargs) -> None:
        self.sheet = w.HTML(COURSE_CSS, layout=w.Layout(display="none"))  # the page-wide widget styles
        super().__init__([*children, self.sheet], **kwargs)
        self.add_class("course-widget")

    def __repr__(self) -> str:
        return f"{type(self).__name__}: {RUN_TO_SHOW}"

    def on_click(self, button: w.Button, action: Callable[[], object]) -> None:
        """Run action() when the button is clicked."""
        button.on_click(lambda _: self._guarded(action))

    def on_change(self, control: w.ValueWidget, action: Callable[[], object]) -> None:
        """Run action() when the control's value changes."""
        control.observe(lambda _: self._guarded(action), names="value")

    def on_enter(self, box: w.Text, action: Callable[[], object]) -> None:
        """Run action() when Enter is pressed in a text box, even when its value did not change (an empty box).

        The browser sends a "submit" message on Enter after the typed value (a Text box's default continuous_update
        has synced every key), so `box.value` is what the learner typed. This is the message ipywidgets 8's
        deprecated `Text.on_submit` listens to; observing `value` with `continuous_update=False` would also fire
        when the box loses focus and not at all on Enter in an empty box.
        """
        def submitted(_, content, buffers) -> None:
            if isinstance(content, dict) and content.get("event") == "submit":
                self._guarded(action)

        box.on_msg(submitted)

    def _guarded(self, action: Callable[[], object]) -> None:
        """Run an action; an unexpected error goes to the message bar and the log, not to a hidden traceback."""
        try:
            action()
        except Exception as error:
            callback_errors.append(error)
            logging.getLogger(__name__).exception("widget callback %s failed", getattr(action, "__name__", action))
            message = getattr(self, "message", None)
            if isinstance(message, MessageBar):
                message.show(f"Something went wrong inside the widget ({type(error).__name__}: {error}). "
                             "Press Reset or run the cell again, and tell your instructor.", "error")


class MessageBar(w.HTML):
    """A line of feedback inside a widget: errors show here, never as a traceback."""

    # the course's colour language (coursekit.plots.colours): blue good, vermillion bad, the rest dark grey
    COLOURS = {"info": "#333333", "error": LOSE, "ok": WIN, "win": WIN, "lose": LOSE}

    def __init__(self, **kwargs) -> None:
        super().__init__(value="", **kwargs)
        self.add_class("course-message")
        self.text = ""
        self.kind = "info"

    def show(self, text: str, kind: str = "info") -> None:
        """Show text in the colour of its kind ("info", "error", "ok", or a game's "win" and "lose")."""
        self.text, self.kind = text, kind
        colour = self.COLOURS.get(kind, self.COLOURS["info"])
        weight = "bold" if kind in ("error", "lose", "win") else "normal"
        style = f"color:{colour};font-size:1.05em;font-weight:{weight}"
        self.value = f'<span style="{style}">{html.escape(text)}</span>'

    def clear(self) -> None:
        """Remove the message."""
        self.text, self.value = "", ""


def in_kernel() -> bool:
    """True inside a running Jupyter kernel (a browser waits on the widgets), False in a plain Python (tests)."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


class Worker:
    """One computation at a time for a widget, step by step, so the widget can show progress as it goes.

    `start(steps)` runs a generator: each step does a slice of the work and shows what is known so far. Inside a
    kernel it runs in a background thread, so the kernel keeps answering the browser (a slider moved again is read
    at once) and a new `start` stops the old computation before its next step; elsewhere (tests, scripts) it runs
    to the end before `start` returns. `show(token, action)` applies a display update only while its computation
    is still the current one, so a stopped run never overwrites a newer result. Errors go to `on_error`.
    """

    def __init__(self, on_error: Callable[[Callable[[], object]], None], background: bool | None = None) -> None:
        import threading

        self.on_error = on_error
        self.background = in_kernel() if background is None else background
        self.lock = threading.Lock()
        self.token: object | None = None
        self.thread = None

    def start(self, steps) -> object:
        """Stop the running computation (if any) and run `steps`, a generator; returns its token."""
        import threading

        token = object()
        with self.lock:
            self.token = token

        def run() -> None:
            for _ in steps:
                if self.token is not token:
                    steps.close()
                    return

        if self.background:
            self.thread = threading.Thread(target=self.on_error, args=(run,), daemon=True, name="course-worker")
            self.thread.start()
        else:
            self.on_error(run)
        return token

    def stop(self) -> None:
        """Stop the running computation before its next step (its last display update stays)."""
        with self.lock:
            self.token = None

    def current(self, token: object) -> bool:
        """True while the computation with this token is the current one."""
        return self.token is token

    def show(self, token: object, action: Callable[[], object]) -> bool:
        """Run a display update if `token` is still current; True when it ran."""
        with self.lock:
            if self.token is not token:
                return False
            action()
            return True

    def wait(self, timeout: float | None = 60) -> None:
        """Wait for a background computation to end (tests and benchmarks)."""
        if self.thread is not None:
            self.thread.join(timeout)


def progress_bar(description: str = "") -> w.IntProgress:
    """A thin progress bar, hidden (keeping its place) until a computation shows it."""
    return w.IntProgress(value=0, min=0, max=1, description=description,
                         layout=w.Layout(width="420px", visibility="hidden"))


def seed_box(value: int = 1, description: str = "seed") -> w.IntText:
    """An integer box for a random seed (IntText refuses non-numbers in the browser itself)."""
    return w.IntText(value=value, description=description, layout=w.Layout(width="160px"))


def seed_from(box: w.IntText) -> int:
    """The seed in a seed box; a ValueError in the learner's words when it is negative (the library's ValueError
    names every kind of seed an API call takes, which a box cannot hold)."""
    value = int(box.value)
    if value < 0:
        text = seed_problem(value)
        raise ValueError(text[:1].upper() + text[1:])
    return value


# Hit and Stand are two equal choices, neither good nor bad: one neutral look for both (the colour language keeps
# blue and vermillion for wins and losses); a disabled one turns grey and dashed (COURSE_CSS).
CHOICE_STYLE = {"button_color": "#333333", "text_color": "white", "font_weight": "bold"}


def choice_button(description: str, **kwargs) -> w.Button:
    """A button for a player's move (Hit, Stand), in the course's neutral choice style."""
    return w.Button(description=description, style=dict(CHOICE_STYLE), **kwargs)


# --- cards as HTML tiles (lessons 00, 02-04) ----------------------------------------------------------------------
RED_SUITS = ("Heart", "Diamond")


def card_html(card: Card | None) -> str:
    """One card as a small white tile; None draws a face-down card."""
    style = ("display:inline-block;min-width:2.6em;padding:0.35em 0.4em;margin:0 0.25em;border:1px solid #555;"
             "border-radius:6px;text-align:center;font-size:1.5em;font-family:sans-serif;")
    if card is None:
        return f'<span style="{style}background:#1f4e79;color:#1f4e79">??</span>'
    colour = "#c62828" if card.suit in RED_SUITS else "#111"
    return f'<span style="{style}background:white;color:{colour}">{card.rank}{SUIT_SYMBOLS[card.suit]}</span>'


def hand_html(title: str, hand: Hand, hide_second: bool = False) -> str:
    """A row of cards with the hand's value, as the seed's D[..] / P[..] lines."""
    cards = [None if hide_second and i == 1 else c for i, c in enumerate(hand.cards)]
    value = "?" if hide_second else hand.describe()
    tiles = "".join(card_html(c) for c in cards) or '<span style="color:#777">no cards</span>'
    return (f'<div style="margin:0.4em 0"><b style="display:inline-block;width:5.5em;font-size:1.1em">'
            f'{title}</b>{tiles}<span style="font-size:1.2em;margin-left:0.6em">[{html.escape(value)}]</span></div>')


PNG_COMPRESSION = 3  # zlib level for matplotlib's own PNG writer (tight figures): half the time of the default 6


def png_from_rgba(pixels) -> bytes:
    """A PNG of an RGBA pixel array (height x width x 4, uint8), written directly: no row filters, zlib level 1.

    Figures are mostly flat colour, so unfiltered rows compress as well as Pillow's adaptive filters do (a few per
    cent smaller) in a third to half the time: bench/bench_widgets.py times both writers on the demo pictures and
    runs every widget with each; with Pillow's `Image.save(compress_level=1)` the MCTS stepper misses its 100 ms.
    """
    import struct
    import zlib

    import numpy as np

    pixels = np.asarray(pixels, dtype=np.uint8)
    if pixels.ndim != 3 or pixels.shape[2] != 4:
        raise ValueError(f"pixels must be a height x width x 4 RGBA array, not shape {pixels.shape}")
    height, width, _ = pixels.shape
    rows = np.zeros((height, 1 + 4 * width), dtype=np.uint8)  # each row starts with filter type 0 (none)
    rows[:, 1:] = pixels.reshape(height, -1)

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8 bits, RGBA, deflate, no interlace
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows.tobytes(), 1))
            + chunk(b"IEND", b""))


def figure_png(fig, tight: bool = True, dpi: int = 100) -> bytes:
    """Render a matplotlib figure to PNG bytes at `dpi` and close it (for an ipywidgets.Image).

    `tight=False` is for figures sized to their drawing: one draw, no tight bounding box pass, a fast PNG writer.
    """
    import matplotlib.pyplot as plt

    if tight:
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png", dpi=dpi, bbox_inches="tight", pil_kwargs={"compress_level": PNG_COMPRESSION})
        plt.close(fig)
        return buffer.getvalue()
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    fig.set_dpi(dpi)
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    plt.close(fig)
    return png_from_rgba(canvas.buffer_rgba())


def canvas_png(fig) -> bytes:
    """PNG bytes of a figure already drawn on its Agg canvas, as it is (no new drawing; for figures kept alive)."""
    return png_from_rgba(fig.canvas.buffer_rgba())
