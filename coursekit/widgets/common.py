"""Building blocks shared by the lesson widgets: a stable repr, messages, seed boxes, figures."""

from __future__ import annotations

import html
import io
import logging
import re
from typing import TYPE_CHECKING, Callable

import ipywidgets as w
from traitlets import Unicode
import traitlets

from coursekit.announcer import ANNOUNCER_JS
from coursekit.cards import SUIT_SYMBOLS, Card
from coursekit.colours import LOSE_TEXT, NEUTRAL_TEXT, WIN_TEXT

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
.course-widget .jupyter-button.mod-primary:enabled { background-color: #1565C0 !important; color: #FFF !important; }
.course-widget .jupyter-button.mod-success:enabled { background-color: #2E7D32 !important; color: #FFF !important; }
.course-widget .jupyter-button.mod-info:enabled { background-color: #00695C !important; color: #FFF !important; }
.course-widget .jupyter-button.mod-warning:enabled { background-color: #8A4B00 !important; color: #FFF !important; }
.course-widget .jupyter-button.mod-danger:enabled { background-color: #B71C1C !important; color: #FFF !important; }
html body .course-widget.course-widget :focus-visible, html body .course-widget.course-widget input:focus-visible,
html body .course-widget.course-widget .jupyter-button:focus-visible {
  outline: 3px solid #1A1A1A !important; outline-offset: 2px !important; }
.course-sr-only { position: absolute !important; width: 1px !important; height: 1px !important;
  overflow: hidden !important; clip: rect(0 0 0 0) !important; clip-path: inset(50%) !important;
  white-space: nowrap !important; margin: -1px !important; }
.course-widget.course-stale .widget-image { opacity: 0.35 !important; filter: grayscale(1); }
.course-widget.course-stale .widget-html:not(.course-message) { filter: grayscale(1); }
.course-widget.course-stale .widget-html:not(.course-message) * { color: #595959 !important; }
</style>"""
# What Python cannot set on a widget's element (issue 30), done once a page by the browser: message bars and
# results are aria-live regions, a picture's title (its description) is also its alt, and a button that disables
# itself while focused hands the focus on (to the control its click just enabled, else the next one in its widget)
# instead of dropping it to the top of the page. ipywidgets 8.1 has no focus message for buttons, and an HTML
# widget runs no <script>: the code runs from the load handler of the
# <style> element in the hidden style widget.
COURSE_JS = ANNOUNCER_JS + """
(function () {
  if (window.courseA11y) { return; }
  window.courseA11y = true;
  var last = null, enabledAt = new WeakMap();
  document.addEventListener('focusin', function (e) { last = e.target; }, true);
  function label() {
    document.querySelectorAll('.course-message:not([aria-live]), .course-live:not([aria-live])').forEach(function (e) {
      e.setAttribute('role', 'status'); e.setAttribute('aria-live', 'polite'); });
    document.querySelectorAll('.course-widget img[title]').forEach(function (img) {
      if (img.getAttribute('alt') !== img.title) { img.setAttribute('alt', img.title); } });
    document.querySelectorAll('.course-figure-text:not([aria-hidden])').forEach(function (e) {
      e.setAttribute('aria-hidden', 'true'); });  // its words are the picture's alt: read once, not twice
    document.querySelectorAll('.course-widget .widget-toggle-button').forEach(function (b) {
      var pressed = b.classList.contains('mod-active') ? 'true' : 'false';
      if (b.getAttribute('aria-pressed') !== pressed) { b.setAttribute('aria-pressed', pressed); } });
  }
  // a row of toggle buttons keeps the arrow keys: they move the focus along the row (JupyterLab took them to move
  // to another cell), and Enter or Space presses the focused one without leaving the widget; a dropdown keeps them
  // too, to change its choice as in any page (Lab moved to the next cell and left the choice as it was)
  var ALONG = {ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1};
  window.addEventListener('keydown', function (e) {
    var t = e.target, row = t && t.closest ? t.closest('.course-widget .widget-toggle-buttons') : null;
    if (e.key in ALONG && t && t.tagName === 'SELECT' && t.closest('.course-widget')) {
      e.stopPropagation(); return; }
    if (!row || e.altKey || e.ctrlKey || e.metaKey) { return; }
    if (e.key in ALONG) {
      var all = Array.from(row.querySelectorAll('button')).filter(function (b) { return !b.disabled; });
      var next = all[(all.indexOf(t) + ALONG[e.key] + all.length) % all.length];
      e.preventDefault(); e.stopPropagation(); if (next) { next.focus(); }
    } else if (e.key === 'Enter' || e.key === ' ') { e.stopPropagation(); }
  }, true);
  function usable(c) { return !c.disabled && c.offsetParent !== null && c.tabIndex >= 0; }
  function handOn(button) {
    var now = document.activeElement;
    if (!button.disabled || (now && now !== document.body && now !== button)) { return; }
    var widget = button.closest('.course-widget');
    if (!widget) { return; }
    var all = Array.from(widget.querySelectorAll('button, input, select, textarea, [tabindex]')).filter(usable);
    var fresh = all.filter(function (c) { return Date.now() - (enabledAt.get(c) || 0) < 3000; });
    var after = all.filter(function (c) {
      return button.compareDocumentPosition(c) & Node.DOCUMENT_POSITION_FOLLOWING; });
    var next = fresh[0] || after[0] || all[0];
    if (next) { next.focus(); }
  }
  // check() and practice() print into a cell's output, which no screen reader announces: the page's one announcer
  // (coursekit.announcer) says the gist of each new result, its region made now, before any result arrives. Only a
  // result the running cell just printed is said (its prompt reads [*]), not the saved results of a notebook opened.
  window.courseAnnouncer.region();
  function fresh(result) {
    var cell = result.closest('.jp-Cell'), prompt = cell ? cell.querySelector('.jp-InputPrompt') : null;
    return !prompt || prompt.textContent.indexOf('*') >= 0;
  }
  function results(node) {
    if (node.nodeType !== 1) { return []; }
    return node.matches('.coursekit-check') ? [node] : Array.from(node.querySelectorAll('.coursekit-check'));
  }
  function announce(records) {
    var said = null;
    records.forEach(function (r) {
      Array.prototype.forEach.call(r.addedNodes || [], function (n) {
        results(n).forEach(function (e) { if (fresh(e) && !e.getAttribute('data-course-said')) { said = e; } });
      });
    });
    if (said) { window.courseAnnouncer.say(said); }
  }
  var pending = false;
  new MutationObserver(function (records) {
    announce(records);
    records.forEach(function (r) {
      if (r.type !== 'attributes' || r.attributeName !== 'disabled') { return; }
      if (!r.target.disabled && r.oldValue !== null) { enabledAt.set(r.target, Date.now()); }
      else if (r.target.disabled && r.oldValue === null && r.target === last) {
        setTimeout(function () { handOn(r.target); }, 150); }
    });
    if (!pending) { pending = true; setTimeout(function () { pending = false; label(); }, 50); }
  }).observe(document.body, {subtree: true, childList: true, attributes: true, attributeOldValue: true,
             attributeFilter: ['disabled', 'title', 'class']});
  label();
})();"""
COURSE_CSS = COURSE_CSS.replace("<style>", f'<style onload="{html.escape(COURSE_JS, quote=True)}">', 1)
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
        if isinstance(getattr(self, "message", None), MessageBar):  # an error dims what it is about (COURSE_CSS)
            self.message.owner = self

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

    # the course's colour language (coursekit.colours): blue good, vermillion bad, the rest dark grey, in
    # their text variants (>= 4.5:1); the bar is an aria-live region (COURSE_JS), so screen readers announce it
    COLOURS = {"info": "#333333", "error": LOSE_TEXT, "ok": WIN_TEXT, "win": WIN_TEXT, "lose": LOSE_TEXT}

    def __init__(self, **kwargs) -> None:
        super().__init__(value="", **kwargs)
        self.add_class("course-message")
        self.text = ""
        self.kind = "info"

    def show(self, text: str, kind: str = "info") -> None:
        """Show text in the colour of its kind ("info", "error", "ok", or a game's "win" and "lose")."""
        # a word longer than a few dozen characters is cut (a pasted 400-character token is echoed as its start)
        text = re.sub(r"\S{%d,}" % (2 * ECHO), lambda m: m.group(0)[:ECHO] + "…", text)
        self.text, self.kind = text, kind
        owner = getattr(self, "owner", None)
        if owner is not None:  # after an error the old hand, tree or table stays, dimmed: it is not the answer
            (owner.add_class if kind == "error" else owner.remove_class)("course-stale")
        colour = self.COLOURS.get(kind, self.COLOURS["info"])
        weight = "bold" if kind in ("error", "lose", "win") else "normal"
        style = f"color:{colour};font-size:1.05em;font-weight:{weight};overflow-wrap:anywhere"
        self.value = f'<span style="{style}">{html.escape(text)}</span>'

    def clear(self) -> None:
        """Remove the message."""
        self.text, self.value = "", ""
        if getattr(self, "owner", None) is not None:
            self.owner.remove_class("course-stale")


class LiveImage(w.Image):
    """A redrawn picture (ipywidgets.Image) whose tooltip, its text alternative, can be set: ipywidgets 8.1's Image
    view reads the description when a tooltip is set, and Image has none (the view then fails to draw)."""

    description = Unicode("", help="unused; lets the view show a tooltip").tag(sync=True)


class FigureText(w.HTML):
    """A live picture's text alternative, beside it: what the picture shows, in words and numbers.

    `say(text)` at each redraw puts the words in this element (hidden on screen, read by screen readers) and in the
    picture's title, which the page also makes its alt (COURSE_JS): a mouse pointer on the picture shows them too.
    """

    def __init__(self, image: LiveImage, **kwargs) -> None:
        super().__init__(value="", **kwargs)
        self.image = image
        self.text = ""
        self.add_class("course-sr-only")
        self.add_class("course-figure-text")

    def say(self, text: str) -> None:
        """Describe the picture as it is now."""
        self.text = text
        self.image.tooltip = text
        self.value = f"<p>{html.escape(text)}</p>"


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


MAX_SEED = 999_999_999  # the largest seed a box takes (nine digits: all show, no browser ever rounds it)
ECHO = 40  # characters of a learner's input a message repeats


def echo(value: object, limit: int = ECHO) -> str:
    """What the learner typed, as a message repeats it: quoted, and cut to `limit` characters with an ellipsis."""
    text = str(value)
    return repr(text if len(text) <= limit else text[:limit] + "…")


class _TypedText(traitlets.Unicode):
    """A text box's value that also takes a whole number from Python (`box.value = 7` reads back as "7")."""

    def validate(self, obj, value):
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        return super().validate(obj, value)


class NumberBox(w.Text):
    """A text box for a whole number: the widget reads exactly what was typed (a browser's number box rounds
    a long number and turns 1e9 into 19 without a word); `whole_number` checks it and says what is allowed."""

    value = _TypedText(help="the text in the box").tag(sync=True)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.add_class("course-number")  # a dashboard sizes it for a number, not for a sentence (demo.DEMO_CSS)


def whole_number(box: w.Text, name: str, low: int, high: int) -> int:
    """The whole number typed in a box, from low to high; else a ValueError that says so, quoting (cut) the input."""
    text = str(box.value).strip().replace("_", "").replace(",", "")
    if not re.fullmatch(r"[+-]?\d{1,30}", text) or not low <= int(text) <= high:
        raise ValueError(f"{name} must be a whole number from {low} to {high}, not {echo(box.value)}")
    return int(text)


def seed_box(value: int = 1, description: str = "seed") -> NumberBox:
    """A box for a random seed: a whole number from 0 to MAX_SEED, read as typed (never rounded by the browser)."""
    return NumberBox(value=str(value), description=description, placeholder=f"0 to {MAX_SEED}",
                     tooltip=f"a whole number from 0 to {MAX_SEED}", layout=w.Layout(width="190px"))


def seed_from(box: w.Text) -> int:
    """The seed in a seed box; a ValueError in the learner's words when it is not a whole number from 0 to MAX_SEED
    (the library's ValueError names every kind of seed an API call takes, which a box cannot hold)."""
    return whole_number(box, "The seed", 0, MAX_SEED)


# Hit and Stand are two equal choices, neither good nor bad: one neutral look for both (the colour language keeps
# blue and vermillion for wins and losses); a disabled one turns grey and dashed (COURSE_CSS).
CHOICE_STYLE = {"button_color": "#333333", "text_color": "white", "font_weight": "bold"}


def choice_button(description: str, **kwargs) -> w.Button:
    """A button for a player's move (Hit, Stand), in the course's neutral choice style."""
    return w.Button(description=description, style=dict(CHOICE_STYLE), **kwargs)


# --- cards as HTML tiles (lessons 00, 02-04) ----------------------------------------------------------------------
RED_SUITS = ("Heart", "Diamond")


CARD_STYLE = ("display:inline-block;min-width:2.6em;padding:0.35em 0.4em;margin:0 0.25em;border:1px solid #555;"
              "border-radius:6px;text-align:center;font-size:1.5em;font-family:sans-serif;")


def card_html(card: Card | None) -> str:
    """One card as a small white tile; None draws a face-down card (read as "face-down card", not "??")."""
    if card is None:
        return (f'<span role="img" aria-label="face-down card" style="{CARD_STYLE}background:#1f4e79;'
                f'color:#1f4e79">??</span>')
    colour = "#c62828" if card.suit in RED_SUITS else "#111"
    return f'<span style="{CARD_STYLE}background:white;color:{colour}">{card.rank}{SUIT_SYMBOLS[card.suit]}</span>'


def rank_html(rank: str) -> str:
    """A card of which only the rank matters (counting a hand): a tile with the rank and no suit drawn."""
    return f'<span style="{CARD_STYLE}background:white;color:#111">{html.escape(rank)}</span>'


def hand_html(title: str, hand: Hand, hide_second: bool = False) -> str:
    """A row of cards with the hand's value, as the source's D[..] / P[..] lines."""
    cards = [None if hide_second and i == 1 else c for i, c in enumerate(hand.cards)]
    value = "?" if hide_second else hand.describe()
    tiles = "".join(card_html(c) for c in cards) or f'<span style="color:{NEUTRAL_TEXT}">no cards</span>'
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
