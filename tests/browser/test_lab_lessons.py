"""Every lesson notebook in JupyterLab in Chromium: runs clean, its widgets render, one interaction works."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from labtools import choose, click, image_src, message, open_and_run, problems, slide, type_into, widget, widget_outputs
from labtools import WIDGET_MIME, WIDGET_OUTPUT, kernel_log, model_summary

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("[0-9]*.ipynb"))


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


def lesson_04(notebook, expect):
    table = widget(notebook, button="Deal")
    expect(table).to_contain_text("Coups: 0")
    click(table, "Deal")
    expect(table).to_contain_text("Coups: 1")
    expect(table).to_contain_text(re.compile("Player wins|Banker wins|Tie"))
    expect(table.locator("td[style*='outline']").or_(table.get_by_text("A natural"))).not_to_have_count(0)


def lesson_06(notebook, expect):
    explorer = widget(notebook, text="Strategy table")
    before = image_src(explorer)
    slide(explorer, "N", 3)
    expect(explorer).to_contain_text("up to 43")
    expect(explorer.locator("img").first).not_to_have_attribute("src", before)
    type_into(explorer, "moves", "3, x")
    expect(message(explorer)).to_contain_text("Type distinct positive whole numbers")
    expect(explorer).to_contain_text("up to 43")  # the last good picture stays


INTERACTIONS = {"00": lesson_00, "01": lesson_01, "02": lesson_02, "04": lesson_04, "06": lesson_06}


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_lesson_runs_and_answers_in_lab(path, lab_page):
    from playwright.sync_api import expect

    interact = INTERACTIONS.get(path.name[:2])
    if interact is None:
        pytest.fail(f"{path.name}: no browser interaction written yet; add one to INTERACTIONS in {__file__}")
    page = lab_page
    notebook, summary = open_and_run(page, path.name)
    assert not problems(summary), "errors while running all cells:\n" + "\n".join(problems(summary))
    expected = saved_widget_count(path)
    assert widget_outputs(summary) == expected, "the run made a different number of widgets than the saved notebook"
    views = notebook.locator(WIDGET_OUTPUT)
    expect(views).to_have_count(expected)
    for i in range(expected):
        expect(views.nth(i)).to_be_visible()
    expect(notebook.get_by_text("Error displaying widget")).to_have_count(0)
    interact(notebook, expect)
    after = model_summary(page)
    assert not problems(after), "errors after the interaction:\n" + "\n".join(problems(after))
    expect(notebook.locator(".jp-OutputArea-output", has_text="Traceback")).to_have_count(0)
    log = kernel_log(page)
    assert not log, f"a widget callback wrote to the kernel log (a learner sees this as an error):\n{log}"
