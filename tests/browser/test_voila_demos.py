"""Every demo dashboard served by Voila in Chromium: no code shown, widgets at demo size, a click answers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from labtools import click, play_tournament_round, image_src, message, slide, type_into

pytestmark = pytest.mark.browser

DEMOS = sorted((Path(__file__).resolve().parents[2] / "notebooks" / "demos").glob("*.ipynb"))
VOILA_WIDGET = ".jupyter-widgets.widget-vbox"  # a course widget (a VBox); Voila has no notebook panel


def part(page, button: str | None = None, text: str | None = None):
    """The innermost course widget holding a button with this label and/or this text."""
    boxes = page.locator(".course-demo .widget-vbox")
    if button is not None:
        boxes = boxes.filter(has=page.locator("button", has_text=re.compile(rf"^\s*{re.escape(button)}\s*$")))
    if text is not None:
        boxes = boxes.filter(has_text=text)
    return boxes.last  # nested VBoxes match too: the last is the innermost


def demo_blackjack(page, expect):
    table = part(page, button="Deal", text="Cards left in the shoe")
    type_into(table, "seed", "3")
    click(table, "Reset")
    expect(message(table)).to_contain_text("(seed 3)")
    click(table, "Deal")
    expect(table).to_contain_text("??")
    click(table, "Stand")
    expect(table).to_contain_text("Rounds: 1")
    play_tournament_round(part(page, button="Next round"), expect)


def demo_baccarat(page, expect):
    coups = part(page, button="Deal")
    click(coups, "Deal")
    expect(coups).to_contain_text("Coups: 1")
    odds = part(page, button="Simulate")
    slide(odds, "decks", -2)
    expect(odds).to_contain_text("6 deck(s), 312 cards")
    click(odds, "Simulate")
    expect(message(odds)).to_contain_text("standard errors of the exact odds")
    click(part(page, button="Reset", text="house edge"), "Reset")
    expect(part(page, button="Simulate")).to_contain_text("8 deck(s), 416 cards")


def demo_game_graph(page, expect):
    graph = part(page, text="Strategy table")
    before = image_src(graph)
    type_into(graph, "moves", "1, 2")
    expect(graph).to_contain_text("period 3")
    expect(graph.locator("img").first).not_to_have_attribute("src", before)
    type_into(graph, "moves", "0")
    expect(message(graph)).to_be_visible()
    expect(message(graph)).not_to_be_empty()
    playout = part(page, button="Step")
    click(playout, "Step")
    expect(message(playout)).to_contain_text("subtracts")
    click(playout, "Play to end")
    expect(playout).to_contain_text("Game over")


def demo_mcts(page, expect):
    stepper = part(page, button="Step")
    click(stepper, "Step")
    expect(message(stepper)).to_contain_text("1 iterations so far")
    click(stepper, "Run 10")
    expect(message(stepper)).to_contain_text("11 iterations so far")
    type_into(stepper, "start n", "0")
    click(stepper, "Reset")
    expect(message(stepper)).to_contain_text("start n must be a whole number from 1 to")


def demo_tournament(page, expect):
    table = part(page, button="Play the advice")
    expect(table).to_contain_text("Chance to win with best play from here")
    expect(table).to_contain_text("Advice: press Next round.")
    play_tournament_round(table, expect)  # a bet below the minimum shows a message, then 10€ is placed
    before = image_src(table)
    click(table, "Play the advice")
    expect(table.locator("img").first).not_to_have_attribute("src", before)  # the chance line grew a step
    click(part(page, button="Reset"), "Reset")
    expect(message(part(page, button="Play the advice"))).to_contain_text("You have 100€. Press Next round")


DEMO_INTERACTIONS = {"blackjack": demo_blackjack, "baccarat": demo_baccarat, "game_graph": demo_game_graph,
                     "mcts": demo_mcts, "tournament": demo_tournament}


@pytest.mark.parametrize("path", DEMOS, ids=[p.stem for p in DEMOS])
def test_dashboard_renders_and_answers_in_voila(path, voila_server, page):
    from playwright.sync_api import expect

    interact = DEMO_INTERACTIONS.get(path.stem)
    if interact is None:
        pytest.fail(f"{path.name}: no Voila interaction written yet; add one to DEMO_INTERACTIONS in {__file__}")
    page.goto(f"{voila_server.base}/voila/render/{path.name}?token={voila_server.token}", timeout=90_000)
    demo = page.locator(".course-demo").first
    expect(demo).to_be_visible(timeout=60_000)
    expect(page.locator(".jp-CodeCell .jp-InputArea, .cm-editor")).to_have_count(0)  # no code shown
    expect(page.get_by_text("import", exact=False)).to_have_count(0)
    expect(page.locator(".jp-OutputArea-output", has_text="Traceback")).to_have_count(0)
    expect(page.get_by_text("Error displaying widget")).to_have_count(0)
    size = page.evaluate("() => parseFloat(getComputedStyle(document.querySelector('.course-demo .jupyter-button'))"
                         ".fontSize)")
    assert size >= 18, f"demo buttons should be large; their font is {size}px"
    assert page.locator(".course-demo input[type=number]").count() >= 1, "every dashboard has a seed box"
    assert page.locator(".course-demo button", has_text="Reset").count() >= 1, "every dashboard has a Reset"
    interact(page, expect)
    expect(page.locator(".jp-OutputArea-output", has_text="Traceback")).to_have_count(0)
    assert not page.kernel_errors, "the kernel raised (Voila hides this from the page):\n" + "\n".join(
        page.kernel_errors)
    errors = [line for line in page.console_lines if "Traceback" in line or "[pageerror]" in line]
    assert not errors, "errors in the page's console:\n" + "\n".join(errors)
