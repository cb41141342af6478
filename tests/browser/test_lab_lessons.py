"""Every lesson notebook in JupyterLab in Chromium: runs clean, its widgets render, one interaction works."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from labtools import (choose, click, image_src, message, open_and_run, play_tournament_round, problems, slide,
                      type_into, widget, widget_outputs)
from labtools import WIDGET_MIME, WIDGET_OUTPUT, kernel_log, model_summary

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
ARTIFACTS = NOTEBOOKS.parent / "test-artifacts"
LESSONS = sorted(NOTEBOOKS.glob("[0-9]*.ipynb"))


def saved_image_count(path: Path) -> int:
    """PNG figures in the notebook as saved on disk (plain outputs, not inside widgets)."""
    cells = json.loads(path.read_text())["cells"]
    return sum("image/png" in out.get("data", {}) for cell in cells if cell["cell_type"] == "code"
               for out in cell.get("outputs", []))


def saved_widget_count(path: Path) -> int:
    """Widget views in the notebook as saved on disk (the lesson author's executed run)."""
    cells = json.loads(path.read_text())["cells"]
    return sum(WIDGET_MIME in out.get("data", {}) for cell in cells if cell["cell_type"] == "code"
               for out in cell.get("outputs", []))


# --- one interaction per lesson: it must change what the learner sees ----------------------------------
def lesson_00(notebook, expect):
    check = widget(notebook, button="Deal")
    expect(message(check)).to_contain_text("Press Deal")
    click(check, "Deal")
    expect(message(check)).to_contain_text("Widgets work: you dealt 1 time(s)")
    expect(check.locator(".widget-html").filter(has_text=re.compile("[♠♥♦♣]")).first).to_be_visible()


def lesson_01(notebook, expect):
    # Lesson 01 has no widget: check the junction outputs a learner reads instead.
    expect(notebook.locator(".jp-OutputArea-output", has_text="Stimmt!").first).to_be_visible()
    expect(notebook.locator(".jp-OutputArea-output", has_text="any(").first).to_be_visible()


def lesson_02(notebook, expect):
    table = widget(notebook, button="Stand")
    expect(table).to_contain_text("Rounds: 0")
    type_into(table, "seed", "3")  # seed 3's first hand is no natural, so the player decides
    click(table, "Reset")
    expect(message(table)).to_contain_text("(seed 3)")
    click(table, "Deal")
    expect(table).to_contain_text("??")  # the dealer's hole card is face down
    click(table, "Stand")
    expect(table).to_contain_text("Rounds: 1")
    expect(table).not_to_contain_text("??")
    explorer = widget(notebook, button="Clear")
    type_into(explorer, "cards", "A, Z")
    expect(message(explorer)).to_contain_text("'Z' is not a card")


def lesson_03(notebook, expect):
    sims = widget(notebook, label="dealer")
    before = image_src(sims)
    slide(sims, "player", -1)  # stand on 16 instead of 17
    expect(sims.locator("img").first).not_to_have_attribute("src", before)
    type_into(sims, "seed", "-1")
    expect(message(sims)).to_contain_text("the seed must be 0 or more")
    play_tournament_round(widget(notebook, button="Next round"), expect)


def lesson_04(notebook, expect):
    table = widget(notebook, button="Deal")
    expect(table).to_contain_text("Coups: 0")
    click(table, "Deal")
    expect(table).to_contain_text("Coups: 1")
    expect(table).to_contain_text(re.compile("Player wins|Banker wins|Tie"))
    expect(table.locator("td[style*='outline']").or_(table.get_by_text("A natural"))).not_to_have_count(0)


def lesson_05(notebook, expect):
    odds = widget(notebook, button="Simulate")
    expect(odds).to_contain_text("8 deck(s), 416 cards")
    slide(odds, "decks", -2)
    expect(odds).to_contain_text("6 deck(s), 312 cards")
    choose(odds, "coups", "100 000")
    click(odds, "Simulate")
    expect(message(odds)).to_contain_text("Simulated 100,000 coups")


def lesson_06(notebook, expect):
    explorer = widget(notebook, text="Strategy table")
    before = image_src(explorer)
    slide(explorer, "N", 3)
    expect(explorer).to_contain_text("up to 43")
    expect(explorer.locator("img").first).not_to_have_attribute("src", before)
    type_into(explorer, "moves", "3, x")
    expect(message(explorer)).to_contain_text("Type distinct positive whole numbers")
    expect(explorer).to_contain_text("up to 43")  # the last good picture stays


def lesson_07(notebook, expect):
    playout = widget(notebook, button="Play to end")
    before = image_src(playout)
    click(playout, "Step")
    expect(message(playout)).to_contain_text("subtracts")
    expect(playout.locator("img").first).not_to_have_attribute("src", before)
    after_step = image_src(playout)
    click(playout, "Play to end")
    expect(playout).to_contain_text("Game over after")
    expect(playout.locator("button", has_text="Step").first).to_be_disabled()
    expect(playout.locator("img").first).not_to_have_attribute("src", after_step)  # the whole game is drawn


def lesson_08(notebook, expect):
    stepper = widget(notebook, button="Run 100")
    before = image_src(stepper)
    click(stepper, "Step")
    expect(message(stepper)).to_contain_text("1 iterations so far")
    expect(stepper).to_contain_text("1. Selection")
    expect(stepper.locator("img").first).not_to_have_attribute("src", before)
    type_into(stepper, "start n", "0")
    click(stepper, "Reset")
    expect(message(stepper)).to_contain_text("start n must be a whole number from 1 to")


def lesson_09(notebook, expect):
    # Lesson 09 has no widget: check its comparison table and that every figure shows.
    expect(notebook.locator(".jp-OutputArea-output", has_text="transpositions").first).to_be_visible()
    for image in notebook.locator(".jp-RenderedImage img").all():
        expect(image).to_be_visible()


def lesson_10(notebook, expect):
    table = widget(notebook, button="Play the advice")
    expect(table).to_contain_text("Chance to win with best play from here")
    expect(table).to_contain_text("Advice: press Next round.")
    play_tournament_round(table, expect)  # a bet below the minimum shows a message, then 10€ is placed
    before = image_src(table)
    click(table, "Play the advice")
    expect(table.locator("img").first).not_to_have_attribute("src", before)  # the chance plot grew a step
    expect(message(table)).not_to_contain_text("Something went wrong")


INTERACTIONS = {"00": lesson_00, "01": lesson_01, "02": lesson_02, "03": lesson_03, "04": lesson_04, "05": lesson_05,
                "06": lesson_06, "07": lesson_07, "08": lesson_08, "09": lesson_09, "10": lesson_10}


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_lesson_runs_and_answers_in_lab(path, lab_page):
    from playwright.sync_api import expect

    interact = INTERACTIONS.get(path.name[:2])
    if interact is None:
        pytest.fail(f"{path.name}: no browser interaction written yet; add one to INTERACTIONS in {__file__}")
    page = lab_page
    page.kernel_errors.clear()
    notebook, summary = open_and_run(page, path.name)
    assert not problems(summary), "errors while running all cells:\n" + "\n".join(problems(summary))
    expected = saved_widget_count(path)
    assert widget_outputs(summary) == expected, "the run made a different number of widgets than the saved notebook"
    views = notebook.locator(WIDGET_OUTPUT)
    expect(views).to_have_count(expected)
    for i in range(expected):
        expect(views.nth(i)).to_be_visible()
    expect(notebook.get_by_text("Error displaying widget")).to_have_count(0)
    expect(notebook.locator(".jp-RenderedImage img")).to_have_count(saved_image_count(path))
    interact(notebook, expect)
    after = model_summary(page)
    assert not problems(after), "errors after the interaction:\n" + "\n".join(problems(after))
    expect(notebook.locator(".jp-OutputArea-output", has_text="Traceback")).to_have_count(0)
    if os.environ.get("COURSE_SCREENSHOTS"):  # for a human look at each widget after its interaction
        ARTIFACTS.mkdir(exist_ok=True)
        for i in range(expected):
            views.nth(i).screenshot(path=str(ARTIFACTS / f"{path.stem}_widget{i}.png"))
    assert not page.kernel_errors, "the kernel raised:\n" + "\n".join(page.kernel_errors)
    log = kernel_log(page)
    assert not log, f"a widget callback wrote to the kernel log (a learner sees this as an error):\n{log}"
