"""Helpers that drive JupyterLab 4 and Voila pages (Playwright locators and the Lab app object), and serve a built
site to them."""

from __future__ import annotations

import contextlib
import functools
import http.server
import re
import threading
from pathlib import Path

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

WIDGET_OUTPUT = ".jp-OutputArea-output:has(> .jupyter-widgets)"  # widget views carry no data-mime-type
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
KERNEL_IDLE = re.compile(r"\|\s*Idle")

# how often a long wait asks the page (ms): Playwright's default asks on every animation frame, 60 times a second,
# and MODEL_SUMMARY_JS copies every output of the lesson each time, beside the kernel's own work on 2 cores
POLL_MS = 200
# The notebook model as plain data: per code cell its execution count, output types, mime keys, errors, stderr.
MODEL_SUMMARY_JS = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const cells = panel.content.model.cells;
  const summary = [];
  for (let i = 0; i < cells.length; i++) {
    const cell = cells.get(i);
    if (cell.type !== 'code') continue;
    const outputs = cell.outputs.toJSON().map(o => ({
      type: o.output_type,
      mimes: o.data ? Object.keys(o.data) : [],
      name: o.name || null,
      text: o.output_type === 'stream' ? String(o.text).slice(0, 500) : null,
      error: o.output_type === 'error' ? `${o.ename}: ${o.evalue}` : null,
    }));
    summary.push({index: i, count: cell.executionCount, source: cell.sharedModel.getSource().slice(0, 80), outputs});
  }
  return summary;
}"""


def open_and_run(page, name: str) -> tuple[object, list[dict]]:
    """Open a notebook in the loaded Lab app, wait for an idle kernel, clear old outputs, run all cells.

    Returns the notebook panel (a locator to scope widget look-ups) and the notebook model's summary.
    """
    from playwright.sync_api import expect

    page.evaluate("async (path) => { await window.jupyterapp.commands.execute('docmanager:open', {path}); }", name)
    page.wait_for_function("(path) => { const w = window.jupyterapp.shell.currentWidget;"
                           " return w && w.context && w.context.path === path && w.content && w.content.model"
                           " && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel; }",
                           arg=name, timeout=60_000, polling=POLL_MS)
    panel = page.locator("#" + page.evaluate("() => window.jupyterapp.shell.currentWidget.id"))
    page.wait_for_function("() => { const k = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;"
                           " return k.connectionStatus === 'connected' && k.status === 'idle'; }", timeout=60_000,
                           polling=POLL_MS)
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible(timeout=60_000)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs')")
    assert panel.locator(WIDGET_OUTPUT).count() == 0, "old widget outputs survived Clear All Outputs"
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible(timeout=60_000)
    return panel, wait_all_ran(page)


def wait_all_ran(page, timeout: float = 60_000) -> list[dict]:
    """Wait until every code cell has an execution count (run-all finished), return the model summary."""
    page.wait_for_function(f"() => ({MODEL_SUMMARY_JS})().every(c => c.count !== null && c.count > 0)",
                           timeout=timeout, polling=POLL_MS)
    return page.evaluate(MODEL_SUMMARY_JS)


def model_summary(page) -> list[dict]:
    """The current notebook model as plain data."""
    return page.evaluate(MODEL_SUMMARY_JS)


def problems(summary: list[dict]) -> list[str]:
    """Error outputs and tracebacks on stderr, one line each with the cell it came from."""
    found = []
    for cell in summary:
        for out in cell["outputs"]:
            if out["error"]:
                found.append(f"cell {cell['index']} ({cell['source']!r}): {out['error']}")
            elif out["name"] == "stderr" and "Traceback" in (out["text"] or ""):
                found.append(f"cell {cell['index']} ({cell['source']!r}) stderr: {out['text']}")
    return found


def widget_outputs(summary: list[dict]) -> int:
    """How many widget views the model holds."""
    return sum(WIDGET_MIME in out["mimes"] for cell in summary for out in cell["outputs"])


def widget(scope, button: str | None = None, text: str | None = None, label: str | None = None,
           root: str = WIDGET_OUTPUT):
    """The widget output area inside `scope` (a notebook panel or page) with a button of this label, this text,
    and/or a control with this description (use text only when it stays put while the test clicks)."""
    locator = scope.locator(root)
    page = getattr(scope, "page", scope)
    if label is not None:
        locator = locator.filter(has=page.locator(".widget-label", has_text=label))
    if button is not None:
        locator = locator.filter(has=page.locator("button", has_text=re.compile(rf"^\s*{re.escape(button)}\s*$")))
    if text is not None:
        locator = locator.filter(has_text=text)
    return locator.first


def click(area, label: str) -> None:
    """Click the button with exactly this label inside a widget area."""
    area.locator("button", has_text=re.compile(rf"^\s*{re.escape(label)}\s*$")).first.click()


def type_into(area, label: str, value: str, enter: bool = True) -> None:
    """Type a value into the text box with this description and commit it with Enter (or leave it typed)."""
    box = area.locator(".widget-text, .widget-hbox.widget-text, .jupyter-widgets.widget-inline-hbox").filter(
        has=area.page.locator("label", has_text=label)).locator("input").first
    box.fill(value)
    if enter:
        box.press("Enter")


def message(area):
    """The MessageBar of a course widget."""
    return area.locator(".course-message").first


def slide(area, label: str, steps: int) -> None:
    """Move the slider with this description by `steps` arrow-key steps (negative: left)."""
    slider = area.locator(".widget-slider").filter(has=area.page.locator("label", has_text=label)).first
    handle = slider.locator(".noUi-handle").first
    handle.click()
    key = "ArrowRight" if steps > 0 else "ArrowLeft"
    for _ in range(abs(steps)):
        handle.press(key)
    assert handle.evaluate("h => document.activeElement === h"), f"{key} took the focus off the {label} slider"


IS_FOCUSED = "e => document.activeElement === e"


def arrows_stay(area, label: str) -> None:
    """ArrowUp, then ArrowDown (the other way round at the top), on the slider or dropdown with this description, as
    a keyboard user moves it: each key changes its value and the focus stays on it (Lab's notebook takes the arrow keys
    to move between cells when a control lets them through; issue 37). The control ends where it was."""
    page = area.page
    slider = area.locator(".widget-slider").filter(has=page.locator("label", has_text=label))
    if slider.count():
        control = slider.first.locator(".noUi-handle").first
        value = "h => h.getAttribute('aria-valuenow')"
    else:
        control = area.locator(".widget-dropdown").filter(has=page.locator("label", has_text=label)).first.locator(
            "select")
        value = "s => s.value"
    control.focus()
    start = control.evaluate(value)
    at_top = control.evaluate("e => e.tagName === 'SELECT' ? e.selectedIndex === 0"
                              " : e.getAttribute('aria-valuenow') === e.getAttribute('aria-valuemax')")
    for key in ("ArrowDown", "ArrowUp") if at_top else ("ArrowUp", "ArrowDown"):
        before = control.evaluate(value)
        control.press(key)
        page.wait_for_function("([e, v]) => (e.getAttribute('aria-valuenow') ?? e.value) !== v",
                               arg=[control.element_handle(), before], timeout=10_000)
        assert control.evaluate(IS_FOCUSED), f"{key} on {label!r} took the focus off it"
    assert control.evaluate(value) == start, f"{label!r}: up then down should end where it started"


def image_src(area, index: int = 0) -> str:
    """The src (a blob or data URL) of the index-th image inside a widget area."""
    return area.locator("img").nth(index).get_attribute("src") or ""


def kernel_log(page) -> str:
    """What the kernel printed outside any cell (a widget callback's traceback lands here in Lab), or ""."""
    item = page.locator(".jp-LogConsoleStatusItem")
    if item.count() == 0 or "lm-mod-hidden" in (item.get_attribute("class") or ""):
        return ""
    page.evaluate("() => window.jupyterapp.commands.execute('logconsole:open')")
    panel = page.locator(".jp-LogConsolePanel").first
    panel.wait_for(state="visible", timeout=10_000)
    page.wait_for_timeout(300)
    return (panel.inner_text() or f"(log console shows {item.inner_text()} message(s))")[:2000]


def choose(area, label: str, option: str) -> None:
    """Pick an option (by its visible label) in the dropdown with this description."""
    box = area.locator(".widget-dropdown").filter(has=area.page.locator("label", has_text=label)).first
    box.locator("select").select_option(label=option)


def play_tournament_round(tournament, expect, bet: str = "20") -> None:
    """Start a tournament round; a bet below the minimum with the Bet button shows a message (not a traceback);
    then type `bet` ("" for the minimum) and press Enter: the bet is placed (issue 21), the round played out by
    Stand, and the money moves by that bet."""
    click(tournament, "Next round")
    expect(message(tournament)).to_contain_text(re.compile(r"Round \d+: your first card is"))
    type_into(tournament, "bet", "5", enter=False)
    click(tournament, "Bet")
    expect(message(tournament)).to_contain_text("the bet must be a whole number of euros from 10", ignore_case=True)
    money = re.search(r"Money: (\S+)€", tournament.inner_text()).group(1)
    type_into(tournament, "bet", bet)  # Enter, no Bet button
    expect(message(tournament)).not_to_contain_text("the bet must be", ignore_case=True)
    expect(tournament.locator("button", has_text=re.compile(r"^\s*Bet\s*$")).first).to_be_disabled()
    stand = tournament.locator("button", has_text=re.compile(r"^\s*Stand\s*$")).first
    next_round = tournament.locator("button", has_text=re.compile(r"^\s*Next round\s*$")).first
    for _ in range(100):  # the second card: Stand opens, or (a natural) the round is over and Next round opens
        if stand.is_enabled():
            stand.click()
            break
        if next_round.is_enabled():
            break
        tournament.page.wait_for_timeout(100)
    expect(next_round).to_be_enabled()
    amount, before = int(bet or 10), float(money)
    moves = {before + amount, before - amount, before, before + 1.5 * amount}  # win, loss, push, blackjack
    after = None
    for _ in range(50):  # the status line arrives a moment after the buttons
        after = float(re.search(r"Money: (\S+)€", tournament.inner_text()).group(1))
        if after != before:
            break
        tournament.page.wait_for_timeout(100)
    assert after in moves, f"money went from {before} to {after}: the bet was not {amount}"


# --- the projector (issue 15): key elements inside a 1280x720 view, screenshots kept ------------------------------
def scroll_to_top(locator) -> None:
    """Scroll the element's top to the top of its scrolling area (a notebook panel, a Voila page)."""
    locator.evaluate("e => e.scrollIntoView({block: 'start', inline: 'nearest'})")
    locator.page.wait_for_timeout(300)  # let Lab's lazy layout settle


def view_box(page) -> dict:
    """The part of the page a learner sees content in: the viewport, less Lab's status bar when there is one."""
    return page.evaluate("""() => {
        const bar = document.querySelector('#jp-main-statusbar');
        const bottom = bar ? bar.getBoundingClientRect().top : window.innerHeight;
        return {left: 0, top: 0, right: window.innerWidth, bottom: bottom};
    }""")


def outside_view(page, locator) -> str:
    """'' when the element is wholly in view, else how far it sticks out (for an assertion message)."""
    box, view = locator.bounding_box(), view_box(page)
    if box is None:
        return "not rendered"
    out = []
    if box["x"] < view["left"] - 1 or box["x"] + box["width"] > view["right"] + 1:
        out.append(f"x {box['x']:.0f}-{box['x'] + box['width']:.0f} outside 0-{view['right']:.0f}")
    if box["y"] < view["top"] - 1 or box["y"] + box["height"] > view["bottom"] + 1:
        out.append(f"y {box['y']:.0f}-{box['y'] + box['height']:.0f} outside 0-{view['bottom']:.0f}")
    return "; ".join(out)


def keep_screenshot(page, name: str, locator=None) -> Path:
    """A screenshot at the page's size (1280x720), or of one element, kept in test-artifacts/ on every run."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    (locator or page).screenshot(path=str(path))
    return path


def squeezed_cells(locator) -> list[str]:
    """Table cells inside the element whose text wraps onto a second line (a squeezed table)."""
    return locator.evaluate("""e => Array.from(e.querySelectorAll('td, th')).filter(c => {
        const text = c.innerText.trim();
        if (!text) return false;
        const range = document.createRange();
        range.selectNodeContents(c);
        const tops = new Set(Array.from(range.getClientRects()).map(r => Math.round(r.top)));
        return tops.size > 1;
    }).map(c => c.innerText.trim())""")


LOCAL_HOSTS = ("127.0.0.1", "localhost")


def block_outside(page) -> dict:
    """Take the page offline, as in a classroom without internet: every request to a host other than this machine
    is aborted and recorded. Returns {"outside": [urls], "failed": [local responses with status >= 400]}."""
    import urllib.parse

    record = {"outside": [], "failed": []}

    def route(route):
        if urllib.parse.urlsplit(route.request.url).hostname in LOCAL_HOSTS:
            route.continue_()
        else:
            record["outside"].append(route.request.url)
            route.abort("internetdisconnected")

    page.route("**/*", route)
    page.on("response", lambda response: record["failed"].append(f"{response.status} {response.url}")
            if response.status >= 400 else None)
    return record


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@contextlib.contextmanager
def served(html: Path):
    """The folder served on 127.0.0.1 from a thread; yields its base URL."""
    handler = functools.partial(_QuietHandler, directory=str(html))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
