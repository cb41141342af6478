"""The class arena dashboard (notebooks/demos/arena.ipynb) in Voila and Chromium at 1280x720: Start and the
leaderboard in view, a sandboxed round robin of the example bots run to its end while the page answers, a game
replayed move by move, bad input as a message. Screenshots go to test-artifacts/voila_arena_*.png."""

from __future__ import annotations

import re

import pytest

from labtools import click, keep_screenshot, message, outside_view, scroll_to_top, type_into

pytestmark = pytest.mark.browser

RUN_SECONDS = 240  # 180 sandboxed games on a loaded 2-core machine


def arena(page):
    """The arena widget (the course widget holding the Start button)."""
    return page.locator(".course-arena").first


def open_arena(page, voila_server, expect):
    page.goto(f"{voila_server.base}/voila/render/arena.ipynb?token={voila_server.token}", timeout=90_000)
    widget = arena(page)
    expect(widget).to_be_visible(timeout=60_000)
    expect(message(widget)).to_contain_text("Press Start")
    return widget


def demo_arena(page, expect):
    """The short interaction of test_voila_demos: built-in bots only (no sandboxes), to the end, and a bad folder."""
    widget = arena(page)
    type_into(widget, "bots folder", "")
    type_into(widget, "built-in", "random, optimal")
    click(widget, "Start")
    expect(message(widget)).to_contain_text("Finished: 12 games", timeout=60_000)
    expect(widget.locator("table.arena-leaderboard tr")).to_have_count(3)
    type_into(widget, "bots folder", "no/such/folder")
    click(widget, "Start")
    expect(message(widget)).to_contain_text("There is no folder 'no/such/folder'")
    out_of_range(page, widget, expect)


def out_of_range(page, widget, expect):
    """Issue 28: the rounds and seed boxes answer out-of-range input with a message (no silent clamping, no
    browser rounding), a 400-character token is echoed cut and wrapped, and the old result is dimmed."""
    type_into(widget, "bots folder", "")
    for typed, said in (("-5", "Rounds must be a whole number from 1 to 50, not '-5'"),
                        ("100000", "Rounds must be a whole number from 1 to 50, not '100000'"),
                        ("1e9", "Rounds must be a whole number from 1 to 50, not '1e9'")):
        type_into(widget, "rounds", typed)
        click(widget, "Start")
        expect(message(widget)).to_contain_text(said)
    expect(widget).to_have_class(re.compile(r"course-stale"))  # the old leaderboard dimmed beside the message
    keep_screenshot(page, "voila_arena_rounds_message", widget)
    type_into(widget, "rounds", "1")
    for typed in ("1e9", "12345678901234567890"):
        type_into(widget, "seed", typed)
        click(widget, "Start")
        expect(message(widget)).to_contain_text(f"The seed must be a whole number from 0 to 999999999, not '{typed}'")
    type_into(widget, "seed", "0")
    type_into(widget, "bots folder", "x" * 400)
    click(widget, "Start")
    expect(message(widget)).to_contain_text("There is no folder 'x")
    text = message(widget).inner_text()
    assert "x" * 41 not in text and "…" in text, f"the token is echoed whole: {len(text)} characters"
    box = message(widget).bounding_box()
    assert box["width"] <= 1280, f"the message is {box['width']:.0f} px wide"
    keep_screenshot(page, "voila_arena_long_token", message(widget))
    type_into(widget, "bots folder", "")


def test_start_runs_the_example_bots_to_the_end_and_a_game_replays(voila_server, page):
    from playwright.sync_api import expect

    widget = open_arena(page, voila_server, expect)
    start = widget.locator("button", has_text=re.compile(r"^\s*Start\s*$")).first
    problems = {name: outside_view(page, locator) for name, locator in
                {"Start": start, "Stop": widget.locator("button", has_text="Stop").first,
                 "folder box": widget.locator(".arena-folder input").first}.items()}
    assert not any(problems.values()), f"out of view at 1280x720: {problems}"
    keep_screenshot(page, "voila_arena_open")

    start.click()
    expect(message(widget)).to_contain_text("Playing 180 games of subtraction 3-5-11 between 6 bots (each file bot "
                                            "in its own sandbox)")
    expect(start).to_be_disabled()
    expect(widget.locator("table.arena-leaderboard")).to_be_visible(timeout=RUN_SECONDS * 1000)  # while it runs
    page.wait_for_timeout(3000)  # a later refresh, with more games in it
    keep_screenshot(page, "voila_arena_running")
    expect(message(widget)).to_contain_text("Finished: 180 games", timeout=RUN_SECONDS * 1000)
    expect(start).to_be_enabled()
    rows = widget.locator("table.arena-leaderboard tr")
    expect(rows).to_have_count(7)
    assert rows.nth(1).inner_text().split()[:2] == ["1", "backward"]
    board = widget.locator("table.arena-leaderboard").first
    problems = {"leaderboard": outside_view(page, board), "Start": outside_view(page, start)}
    assert not any(problems.values()), f"out of view at 1280x720: {problems}"
    font = board.evaluate("t => parseFloat(getComputedStyle(t.querySelector('td')).fontSize)")
    assert font >= 18, f"the leaderboard's text is {font}px on a projector"
    picture = widget.locator("img").first
    expect(picture).to_be_visible()
    assert picture.evaluate("i => i.naturalWidth") <= 1250
    keep_screenshot(page, "voila_arena_finished")

    games = widget.locator(".arena-games select").first
    expect(games.locator("option")).to_have_count(180)
    games.select_option(index=2)
    status = widget.locator(".widget-html", has_text="moves first").first
    expect(status).to_contain_text("Start 26: backward moves first. Press Next for each move.")
    click(widget, "Next")
    # the game's length and opponent depend on the schedule (pairings are interleaved); its first move does not
    expect(widget).to_contain_text(re.compile(r"Move 1 of \d+: backward subtracts 3, 26 → 23\."))
    click(widget, "Next")
    expect(widget).to_contain_text(re.compile(r"Move 2 of \d+: \S+ subtracts"))
    replay = widget.locator("img").nth(1)
    expect(replay).to_be_visible()
    scroll_to_top(games)
    keep_screenshot(page, "voila_arena_replay")
    click(widget, "To the end")
    expect(widget).to_contain_text(re.compile(r"Game over: (\S+ wins|a draw)\."))

    type_into(widget, "bots folder", "no/such/folder")
    click(widget, "Start")
    expect(message(widget)).to_contain_text("There is no folder 'no/such/folder'")
    expect(page.locator(".jp-OutputArea-output", has_text="Traceback")).to_have_count(0)
    assert not page.kernel_errors, "the kernel raised:\n" + "\n".join(page.kernel_errors)
    errors = [line for line in page.console_lines if "Traceback" in line or "[pageerror]" in line]
    assert not errors, "errors in the page's console:\n" + "\n".join(errors)
