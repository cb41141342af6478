"""Feedback pages (`grade --feedback DIR`) opened in Chromium at 1280x720 with the network blocked.

Two submissions of exercise 02 are graded: the worked solution, and one with the one-deck natural in q3 and a
written answer holding markup. Both pages must show their points, the named slip, the learner's text as text and
"to be graded by hand", load nothing from anywhere, keep every text at 14 px or more and fit the projector's width.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conftest import ARTIFACTS, PROJECTOR
from coursetools.grade.batch import main as grade_main
from coursetools.nbio import nbformat
from coursekit.grading.registry import questions
from coursekit.sandbox.jail import bwrap

REPO = Path(__file__).resolve().parents[2]
SOL02 = REPO / "solutions" / "02_solutions_counting_blackjack_hands.ipynb"
ONE_DECK = "this is the chance for one deck; the question asks for a fresh six-deck shoe"
WRITTEN = "Casinos call 14 <b>soft</b> and 4 hard; the column's count(\"soft\") returns 14 <img src=x onerror=alert(1)>"
PASS_RGB, FAIL_RGB = "rgb(0, 114, 178)", "rgb(213, 94, 0)"  # #0072B2 and #D55E00, the course's colour language


@pytest.fixture(scope="module")
def pages(chromium_path, tmp_path_factory) -> dict[str, Path]:
    """{"solution": page, "slip": page}: two submissions graded with --feedback."""
    root = tmp_path_factory.mktemp("feedback")
    solution = root / "submissions" / "solution" / SOL02.name
    solution.parent.mkdir(parents=True)
    solution.write_bytes(SOL02.read_bytes())
    nb = nbformat.read(SOL02, as_version=4)
    for cell in nb.cells:
        if "def natural_chance(decks)" in cell.source:
            cell.source = "from fractions import Fraction\n\n\ndef natural_chance(decks):\n    return Fraction(32, 663)"
        if "soft_and_hard = " in cell.source:
            cell.source = f"soft_and_hard = {WRITTEN!r}"
    slip = root / "submissions" / "slip" / SOL02.name
    slip.parent.mkdir()
    nbformat.write(nb, slip)
    sandbox = [] if bwrap() is not None else ["--unsafe-no-sandbox"]  # our own notebooks: trusted
    out = root / "grades.csv"
    assert grade_main([str(root / "submissions"), "--out", str(out), "--feedback", str(root / "feedback"),
                       "--timeout", "20", "--jobs", "2", *sandbox]) == 0
    records = json.loads(out.with_suffix(".json").read_text())["records"]
    assert [r["points"] for r in records] == [19, 22], [r["messages"] for r in records]  # slip, solution
    beside = ("index.html", "written.html")  # the class page and the written answers, beside the learners' pages
    found = {p.name.split("__")[0]: p for p in (root / "feedback").iterdir() if p.name not in beside}
    assert set(found) == {"slip", "solution"}
    found["class"] = root / "feedback" / "index.html"  # the class page beside them
    return found


def _open(browser, path: Path):
    """A 1280x720 tab on a file page; every request that is not a file: is aborted and remembered."""
    context = browser.new_context(viewport=PROJECTOR)
    attempted: list[str] = []

    def route(r):
        if r.request.url.startswith("file:"):
            r.continue_()
        else:
            attempted.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    tab = context.new_page()
    tab.on("request", lambda request: None if request.url.startswith("file:") else attempted.append(request.url))
    tab.goto(path.as_uri())
    tab.wait_for_load_state("load")
    return context, tab, attempted


def _layout_checks(tab) -> None:
    """Text at 14 px or more, no sideways scrolling at 1280 px, the summary table in the first view."""
    small = tab.evaluate("""() => Array.from(document.querySelectorAll('body *')).filter(e =>
        Array.from(e.childNodes).some(n => n.nodeType === 3 && n.textContent.trim())
        && parseFloat(getComputedStyle(e).fontSize) < 14).map(e => e.tagName + ': ' + e.textContent.slice(0, 40))""")
    assert not small, small
    assert tab.evaluate("() => document.documentElement.scrollWidth") <= PROJECTOR["width"]
    box = tab.locator("table.summary").bounding_box()
    assert box is not None and box["y"] + box["height"] <= PROJECTOR["height"], box


def test_the_solution_page_shows_full_points_and_loads_nothing(browser, pages):
    context, tab, attempted = _open(browser, pages["solution"])
    try:
        ARTIFACTS.mkdir(exist_ok=True)
        tab.screenshot(path=str(ARTIFACTS / "feedback_solution.png"))
        tab.screenshot(path=str(ARTIFACTS / "feedback_solution_full.png"), full_page=True)
        text = tab.locator("body").inner_text()
        assert "Score: 22 / 22 automatic points (100%)" in text
        assert "to be graded by hand" in text and "Looks like a common slip" not in text
        assert "right (the expected value stays hidden)" in text
        assert re.search(r"02\.q3\s+natural_chance\(decks\), and the exact chance of a natural from a fresh six-deck"
                         r" shoe\s+3 of 3 tests passed\s+3 / 3", text), text[:2000]
        automatic = sum(len(q.cases) for q in questions("02") if not q.manual)
        assert tab.locator(".badge.fail").count() == 0 and tab.locator(".badge.pass").count() == automatic
        assert tab.locator(".badge.pass").first.evaluate("e => getComputedStyle(e).backgroundColor") == PASS_RGB
        _layout_checks(tab)
        assert attempted == []
    finally:
        context.close()


def test_the_slip_page_names_the_slip_and_shows_the_learners_markup_as_text(browser, pages):
    context, tab, attempted = _open(browser, pages["slip"])
    try:
        ARTIFACTS.mkdir(exist_ok=True)
        tab.screenshot(path=str(ARTIFACTS / "feedback_slip.png"))
        q3 = tab.locator("#q-02\\.q3")
        q3.scroll_into_view_if_needed()
        tab.screenshot(path=str(ARTIFACTS / "feedback_slip_q3.png"))
        tab.screenshot(path=str(ARTIFACTS / "feedback_slip_full.png"), full_page=True)
        text = tab.locator("body").inner_text()
        assert "Score: 19 / 22 automatic points (86.4%)" in text
        assert "1 of 3 tests passed, 2 named slips" in text
        assert f"Looks like a common slip: {ONE_DECK}" in q3.inner_text()
        assert "expected value hidden, got Fraction(32, 663)" in q3.inner_text()
        assert "Hint: an ace then a ten-valued card" in q3.inner_text()
        fail = q3.locator(".badge.fail")
        assert fail.count() == 2 and fail.first.evaluate("e => getComputedStyle(e).backgroundColor") == FAIL_RGB
        written = tab.locator("#q-02\\.q5")
        assert "to be graded by hand" in written.inner_text()
        assert written.locator("blockquote").inner_text() == WRITTEN  # the markup as text
        assert tab.locator("b, img, script, iframe").count() == 0
        _layout_checks(tab)
        assert attempted == []
    finally:
        context.close()


def test_the_class_page_ranks_the_slip_links_both_learners_and_loads_nothing(browser, pages):
    """The class page: the one-deck slip with its count and lesson section, both learners linked twice, text at
    11 px or more (the SVG charts' numbers included), the charts described in words, no request to any host."""
    context, tab, attempted = _open(browser, pages["class"])
    try:
        ARTIFACTS.mkdir(exist_ok=True)
        tab.screenshot(path=str(ARTIFACTS / "class_page.png"), full_page=True)
        row = tab.locator("tr", has_text=ONE_DECK)
        assert row.count() == 1
        cells = row.locator("td").all_inner_texts()
        assert cells[:3] == ["1", "50%", "02.q3"] and cells[4] == "lesson 02: How likely is a natural?"
        assert tab.locator(f'a[href="{pages["slip"].name}"]').count() == 4  # its two slips' rows and both lists
        assert tab.locator(f'a[href="{pages["solution"].name}"]').count() == 2
        charts = tab.locator("svg[role=img]")
        assert charts.count() >= 4 and "learners" in charts.first.get_attribute("aria-label")
        small = tab.evaluate("""() => Array.from(document.querySelectorAll('body *')).filter(e =>
            Array.from(e.childNodes).some(n => n.nodeType === 3 && n.textContent.trim())
            && e.getBoundingClientRect().height > 0
            && e.getBoundingClientRect().height < 11).map(e => e.tagName + ': ' + e.textContent.slice(0, 40))""")
        assert not small, small
        assert tab.evaluate("() => document.documentElement.scrollWidth") <= PROJECTOR["width"]
        assert attempted == []
    finally:
        context.close()


OUTSIDE = """() => { const W = document.documentElement.clientWidth, out = [];
  for (const e of document.querySelectorAll('body *')) {
    const r = e.getBoundingClientRect();
    if (r.width === 0 || (r.right <= W + 1 && r.left >= -1)) { continue; }
    const box = e.closest('.wide');
    if (box && box.getBoundingClientRect().right <= W + 1) { continue; }  // inside its own sideways scroller
    out.push(e.tagName + ' ' + Math.round(r.left) + '-' + Math.round(r.right) + ': '
             + (e.textContent || '').slice(0, 40));
  }
  return out; }"""


@pytest.mark.parametrize("size", [(320, 640), (640, 360)], ids=["320px", "zoom200"])
@pytest.mark.parametrize("which", ["class", "slip", "solution"])
def test_the_pages_reflow_on_a_narrow_screen(browser, pages, which, size):
    """WCAG 1.4.10 (issue 37: 981 and 705 px wide at 320): no sideways scrolling of the page at 320 px or at 200%
    zoom of 1280x720; a data table too wide for the screen scrolls in its own box, which the keyboard reaches and
    which has a name."""
    width, height = size
    context, tab, attempted = _open(browser, pages[which])
    try:
        tab.set_viewport_size({"width": width, "height": height})
        ARTIFACTS.mkdir(exist_ok=True)
        tab.screenshot(path=str(ARTIFACTS / f"reflow_{which}_{width}.png"), full_page=True)
        assert tab.evaluate("() => document.documentElement.scrollWidth") <= width
        assert tab.evaluate(OUTSIDE) == []
        for box in tab.locator(".wide").all():
            assert box.get_attribute("tabindex") == "0" and box.get_attribute("role") == "region"
            assert "table" in (box.get_attribute("aria-label") or "")
        if which == "class":
            assert tab.locator(".wide").count() >= 2  # the points per question, the named slips
        else:
            box = tab.locator("table.summary").bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, box
            text = tab.locator("table.summary").inner_text()
            assert "tests passed" in text and "/ 22" in text  # the summary's words and points still show
        from test_accessibility import axe_source, scan

        found = [f"{v['rule']}: {v['target']}" for v in scan(tab, axe_source())]
        assert not found, f"WCAG A/AA violations at {width} px: {found}"
        assert attempted == []
    finally:
        context.close()

def test_the_network_guard_sees_a_page_that_reaches_out(browser, tmp_path):
    """The control: a page with an outside image and stylesheet is caught, so `attempted == []` above means it."""
    page = tmp_path / "reaches_out.html"
    page.write_text('<html><body><img src="http://example.invalid/x.png">'
                    '<link rel="stylesheet" href="https://fonts.example.invalid/x.css"></body></html>')
    context, tab, attempted = _open(browser, page)
    context.close()
    assert set(attempted) == {"http://example.invalid/x.png", "https://fonts.example.invalid/x.css"}
