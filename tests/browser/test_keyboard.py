"""Keyboard only (issue 30): a hand of blackjack and the MCTS stepper in Voila, driven by Tab, Enter and Space alone.

No click and no focus() from the test: the page is reached by Tab from its top. Checked on the way: every control
that takes the focus shows a ring of at least 3:1 against the page, and a button that disables itself when pressed
(Deal, Stand) hands the focus on to a control of its widget instead of dropping it to the top of the page.
"""

from __future__ import annotations

import re

import pytest

from coursekit.colours import contrast

pytestmark = pytest.mark.browser

FOCUSED = """() => {
    const e = document.activeElement;
    if (!e || e === document.body) { return null; }
    const style = getComputedStyle(e);
    const widget = e.closest('.course-widget');
    return {tag: e.tagName, text: (e.innerText || e.value || '').trim(), disabled: !!e.disabled,
            outline: [style.outlineStyle, parseFloat(style.outlineWidth), style.outlineColor],
            widget: widget ? widget.innerText : ''};
}"""


def focused(page) -> dict | None:
    """What has the focus (None: the page itself), with its focus ring."""
    return page.evaluate(FOCUSED)


def hex_of(rgb: str) -> str:
    r, g, b = (int(x) for x in re.findall(r"\d+", rgb)[:3])
    return f"#{r:02X}{g:02X}{b:02X}"


def ring_problem(state: dict) -> str:
    """'' when the focused control shows a ring of >= 2 px at >= 3:1 on the white page, else what is wrong."""
    style, width, colour = state["outline"]
    if style == "none" or width < 2:
        return f"{state['tag']} {state['text']!r}: no visible focus ring ({style} {width}px)"
    ratio = contrast(hex_of(colour), "#FFFFFF")
    return "" if ratio >= 3 else f"{state['tag']} {state['text']!r}: focus ring {colour} is {ratio:.2f}:1 (< 3:1)"


def tab_to(page, label: str, widget_text: str, limit: int = 120) -> dict:
    """Press Tab until a button reading `label` inside a widget showing `widget_text` has the focus; every control
    passed on the way shows its focus ring."""
    rings = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        state = focused(page)
        if state is None:
            continue
        if state["tag"] in ("BUTTON", "INPUT", "SELECT") or state["text"]:
            problem = ring_problem(state)
            if problem:
                rings.append(problem)
        if state["tag"] == "BUTTON" and state["text"] == label and widget_text in state["widget"]:
            assert not rings, "controls without a visible focus ring:\n" + "\n".join(rings)
            return state
    raise AssertionError(f"{limit} Tabs did not reach {label!r} (last: {focused(page)})")


def kept_focus(page, what: str) -> dict:
    """The focus after a button disabled itself: still on an enabled control of the same widget."""
    for _ in range(40):
        state = focused(page)
        if state is not None and not state["disabled"]:
            return state
        page.wait_for_timeout(100)
    raise AssertionError(f"after {what} the focus went to the page ({focused(page)}): the next Tab starts at the top")


def button(area, label: str):
    """A button by its label (to watch its state; the test never clicks it)."""
    return area.locator("button", has_text=re.compile(rf"^\s*{re.escape(label)}\s*$")).first


def open_dashboard(page, voila_server, name: str) -> None:
    from playwright.sync_api import expect

    page.goto(f"{voila_server.base}/voila/render/{name}?token={voila_server.token}", timeout=90_000)
    expect(page.locator(".course-demo").first).to_be_visible(timeout=60_000)
    page.wait_for_timeout(500)


def test_a_hand_of_blackjack_by_keyboard_alone(voila_server, page):
    from playwright.sync_api import expect

    open_dashboard(page, voila_server, "blackjack.ipynb")
    table = page.locator(".course-widget", has_text="Cards left in the shoe").last
    tab_to(page, "Deal", "Cards left in the shoe")
    rounds = re.search(r"Rounds: (\d+)", table.inner_text())
    before = int(rounds.group(1)) if rounds else 0
    page.keyboard.press("Enter")                       # Deal: disables itself
    expect(button(table, "Deal")).to_be_disabled()
    state = kept_focus(page, "Deal")
    assert "Cards left in the shoe" in state["widget"], f"the focus left the table: {state}"
    for _ in range(12):                                # the focus is on Hit (or, after a natural, Deal again)
        state = focused(page)
        if state and state["text"] == "Deal":
            break                                      # the hand ended (a natural): Deal has the focus back
        if state and state["text"] == "Hit":
            page.keyboard.press("Tab")                 # to Stand
            state = focused(page)
        assert state and state["text"] == "Stand", f"expected Stand after Hit, not {state}"
        page.keyboard.press("Space")                   # Stand: ends the hand, disables itself
        expect(button(table, "Stand")).to_be_disabled()
        kept_focus(page, "Stand")
        break
    expect(table).to_contain_text(f"Rounds: {before + 1}")
    assert not ring_problem(focused(page)), ring_problem(focused(page))
    message = table.locator(".course-message").first
    assert message.get_attribute("aria-live") == "polite", "the table's messages are not announced"


def test_the_mcts_stepper_by_keyboard_alone(voila_server, page):
    from playwright.sync_api import expect

    open_dashboard(page, voila_server, "mcts.ipynb")
    stepper = page.locator(".course-widget", has_text="wins/visits").filter(
        has=page.locator("img.widget-image")).last
    tab_to(page, "Step", "wins/visits")
    message = stepper.locator(".course-message").first
    tree = stepper.locator("img.widget-image").first
    for count in (1, 2, 3):
        page.keyboard.press("Enter" if count % 2 else "Space")
        expect(message).to_have_text(f"{count} iteration{'s' if count > 1 else ''} so far.")
        expect(tree).to_have_attribute("alt", re.compile(rf"after {count} iteration"))
        assert focused(page)["text"] == "Step", "Step keeps the focus"
    page.keyboard.press("Tab")                         # Run 10
    assert focused(page)["text"] == "Run 10"
    page.keyboard.press("Enter")
    expect(message).to_contain_text("13 iterations so far")
    expect(tree).to_have_attribute("alt", re.compile(r"after 13 iterations.*Moves from the root: -\d+ to n = \d+"))
    assert message.get_attribute("aria-live") == "polite", "the stepper's messages are not announced"
    # the picture's words are its alt; the same words beside it are hidden from screen readers (read once, not twice)
    words = stepper.locator(".course-figure-text")
    assert words.count() >= 1 and all(words.nth(i).get_attribute("aria-hidden") == "true" for i in range(words.count()))
