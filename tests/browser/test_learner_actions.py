"""The learner's actions in JupyterLab in Chromium at 1280x720 (issue 31): Predict, Guess and the widgets' predict
modes answered by clicks and by keyboard, on temporary copies of the lessons (the lab_server fixture). Each lesson runs
once in Lab (issue 36): test_lab_lessons runs it and calls `learner_actions` here before its own interaction.

Python tests drive these widgets from the kernel (`.choose`, `.guess`, `.predict_colour`) and cannot see a view
that fails in the browser; here every lesson runs all cells and its page must show no widget error, and the
actions are answered the way a learner answers them, the message read from the page.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from labtools import (WIDGET_OUTPUT, keep_screenshot, kernel_log, message, model_summary, open_and_run, problems,
                      scroll_to_top, widget)

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("[0-9]*.ipynb"))
# what a learner sees when a widget view fails in the browser, whatever the kernel thinks
PAGE_ERRORS = re.compile(r"Error displaying widget|javascript error|model not found|Traceback \(most recent",
                         re.IGNORECASE)
VERDICT = re.compile(r"^\s*(Right|Not quite)")
WORKING = re.compile(r"^\s*Working the answer out")  # what a first Check shows while the answer is worked out
CHANGED = re.compile(r"^\s*You changed your (answer|guess)")  # a new pick or a newly typed guess, before Check


def assert_no_page_errors(page, notebook) -> None:
    """No error output in the model, and no widget or Python error text anywhere in the notebook's page."""
    summary = model_summary(page)
    assert not problems(summary), "errors in the outputs:\n" + "\n".join(problems(summary))
    shown = PAGE_ERRORS.findall(notebook.inner_text())
    assert not shown, f"the page shows {sorted(set(shown))}"
    assert not page.kernel_errors, "the kernel raised:\n" + "\n".join(page.kernel_errors)
    log = kernel_log(page)
    assert not log, f"a widget callback wrote to the kernel log:\n{log}"


def predicts(notebook):
    """Every Predict widget's output area (a question in bold 'Predict:' and radio buttons)."""
    return notebook.locator(WIDGET_OUTPUT).filter(has=notebook.page.locator(".widget-radio-box")).filter(
        has_text="Predict:")


def guesses(notebook):
    """Every Guess widget's output area (a 'your guess' text box)."""
    return notebook.locator(WIDGET_OUTPUT).filter(has=notebook.page.locator("input[placeholder='your guess']"))


def new_message(area, before: str, expect) -> str:
    """The widget's message once it differs from `before` (and, at a first Check, once the answer is worked out)."""
    expect(message(area)).not_to_have_text(before)
    expect(message(area)).not_to_have_text(CHANGED)  # the verdict on the new pick, not the note that it changed
    expect(message(area)).not_to_have_text(WORKING, timeout=180_000)  # a prediction's experiment, run once
    return message(area).inner_text().strip()


def pick_and_check(area, choice: str, expect) -> str:
    """Click a choice's radio button and Check, as a learner does; the message shown.

    ipywidgets' page holds a model's change back while the kernel has not finished with its last one, but sends a
    button's click at once: a Check pressed a moment after the pick can reach the kernel first. The kernel then
    checks the earlier pick and, when the new pick arrives, says it changed and asks for Check (seen once in CI on
    lesson 06). A learner who reads that presses Check again, and so does this. Where a verdict is shown and the pick
    changes, the kernel first says "You changed your answer": Check waits for that, so it checks the new pick (a CI
    run still met a stale verdict on lesson 06 without it).
    """
    before = message(area).inner_text()
    check = area.locator("button", has_text=re.compile(r"^\s*Check\s*$")).first
    picked = area.locator(".widget-radio-box label:has(input:checked)")
    changes = picked.count() == 0 or picked.first.inner_text().strip() != choice
    area.locator(".widget-radio-box label", has_text=re.compile(rf"^\s*{re.escape(choice)}\s*$")).first.click()
    if changes and VERDICT.match(before):
        expect(message(area)).to_have_text(CHANGED)
    check.click()
    try:
        return new_message(area, before, expect)
    except AssertionError:
        if not CHANGED.match(message(area).inner_text()):
            raise
    check.click()
    return new_message(area, message(area).inner_text(), expect)


def answer_predict(area, expect) -> dict:
    """A wrong choice says 'Not quite', then the right one says 'Right'; exactly one choice is right."""
    scroll_to_top(area)
    choices = [c.strip() for c in area.locator(".widget-radio-box label").all_inner_texts()]
    assert len(choices) >= 2, f"a Predict with choices {choices}"
    seen = {}
    for choice in choices:
        seen[choice] = pick_and_check(area, choice, expect)
        assert VERDICT.match(seen[choice]), f"picking {choice!r} said {seen[choice]!r}"
    right = [c for c, said in seen.items() if said.startswith("Right")]
    assert len(right) == 1, f"exactly one choice must be right: {seen}"
    wrong = next(c for c in choices if c not in right)
    assert pick_and_check(area, wrong, expect).startswith("Not quite")
    assert pick_and_check(area, right[0], expect).startswith("Right")
    near_button(area)
    # a changed pick clears the verdict: "Right: ..." must not stay beside a wrong answer nobody checked
    area.locator(".widget-radio-box label", has_text=re.compile(rf"^\s*{re.escape(wrong)}\s*$")).first.click()
    expect(message(area)).to_have_text(CHANGED)
    assert pick_and_check(area, right[0], expect).startswith("Right")
    return seen


def near_button(area) -> None:
    """The message is in view just below the Check button, not overlapping it."""
    check = area.locator("button", has_text=re.compile(r"^\s*Check\s*$")).first.bounding_box()
    bar = message(area).bounding_box()
    assert check and bar, "Check button or message not rendered"
    assert bar["y"] >= check["y"] + check["height"] - 1, f"the message overlaps the button: {bar} vs {check}"
    assert bar["y"] - (check["y"] + check["height"]) < 80, f"the message is far from the button: {bar} vs {check}"


def answer_guess(area, expect) -> str:
    """Type a number and press Enter (no Check): the answer and how far off; a word is answered with a message."""
    scroll_to_top(area)
    box = area.locator("input[placeholder='your guess']").first
    before = message(area).inner_text()
    box.fill("seven")
    box.press("Enter")
    said = new_message(area, before, expect)
    assert said.startswith("Type a number"), said
    box.fill("7")
    box.press("Enter")
    said = new_message(area, said, expect)
    assert re.match(r"^(Close: you guessed 7(?![\d.])|You guessed 7(?![\d.])\S*: too (high|low))", said), said
    near_button(area)
    box.fill("8")                                       # a new guess, not yet checked: the old verdict goes
    expect(message(area)).to_have_text(CHANGED)
    changed = message(area).inner_text()
    box.press("Enter")
    said = new_message(area, changed, expect)
    assert re.match(r"^(Close: you guessed 8(?![\d.])|You guessed 8(?![\d.])\S*: too (high|low))", said), said
    return said


FOCUS = ("() => { const e = document.activeElement;"
         " return e ? (e.type || e.tagName) + ' ' + (e.innerText || '') : null; }")


def answer_by_keyboard(area, expect) -> str:
    """A Predict answered with Tab, arrow keys, Space and Enter only, starting from the question text."""
    page = area.page
    scroll_to_top(area)
    before = message(area).inner_text()
    area.locator(".widget-html", has_text="Predict:").first.click()  # a click on text: the focus starts above
    for _ in range(6):
        page.keyboard.press("Tab")
        if page.evaluate(FOCUS) == "radio ":
            break
    else:
        raise AssertionError("Tab never reached an answer")
    page.keyboard.press("ArrowDown")  # the second answer, as in any radio group (Lab must not take the key)
    assert page.evaluate(FOCUS) == "radio ", f"after ArrowDown the focus left the answers: {page.evaluate(FOCUS)}"
    page.keyboard.press("Space")
    radios = area.locator("input[type=radio]")
    expect(radios.nth(1)).to_be_checked()
    for _ in range(8):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement && document.activeElement.innerText"
                         " && document.activeElement.innerText.trim() === 'Check'"):
            break
    else:
        raise AssertionError("Tab never reached the Check button")
    page.keyboard.press("Enter")
    said = new_message(area, before, expect)
    expect(radios.nth(1)).to_be_checked()  # Enter pressed Check; it did not leave for Lab's edit mode
    return said


def radio_groups(page) -> list[dict]:
    """Every radio group in Chromium's own accessibility tree (what a screen reader gets): its name, and the name
    and checked state of each radio in it."""
    cdp = page.context.new_cdp_session(page)
    try:
        nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        cdp.detach()
    by_id = {n["nodeId"]: n for n in nodes}

    def role(n: dict) -> str:
        return n.get("role", {}).get("value", "")

    def radios(n: dict) -> list[dict]:
        found = []
        for child in (by_id.get(c) for c in n.get("childIds", [])):
            if child is None:
                continue
            if role(child) == "radio":
                checked = [p["value"]["value"] for p in child.get("properties", []) if p["name"] == "checked"]
                found.append({"name": child.get("name", {}).get("value", ""), "checked": checked == ["true"]})
            else:
                found += radios(child)
        return found

    return [{"name": n.get("name", {}).get("value", ""), "radios": radios(n)}
            for n in nodes if role(n) == "radiogroup" and not n.get("ignored")]


def answers_are_a_named_group(area) -> None:
    """The Predict's answers form one radio group whose accessible name is the question (issue 37)."""
    question = " ".join(area.locator(".course-question").first.inner_text().split())
    choices = [" ".join(c.split()) for c in area.locator(".widget-radio-box label").all_inner_texts()]
    groups = [g for g in radio_groups(area.page) if " ".join(g["name"].split()) == question]
    assert len(groups) == 1, f"no radio group named {question!r}: {radio_groups(area.page)}"
    assert [" ".join(r["name"].split()) for r in groups[0]["radios"]] == choices, groups[0]
    checked = [r["name"] for r in groups[0]["radios"] if r["checked"]]
    picked = [" ".join(label.split()) for label in area.locator(".widget-radio-box label:has(input:checked)")
              .all_inner_texts()]
    assert [" ".join(c.split()) for c in checked] == picked, f"the tree's checked radio {checked}, the page's {picked}"


def results_are_announced(notebook, expect) -> str:
    """The last practice() result printed by Run All is repeated in the page's status region: title, counts, verdict."""
    results = notebook.locator(".coursekit-check")
    assert results.count() >= 1, "no practice() or check() result in the notebook"
    lines = [t.strip() for t in results.last.locator(":scope > div").all_inner_texts() if t.strip()]
    passed = sum(1 for t in lines if re.match(r"pass\b", t))
    failed = sum(1 for t in lines if re.match(r"FAIL\b", t))
    said = f"{lines[0]} {passed} test{'' if passed == 1 else 's'} pass, {failed} fail. {lines[-1]}"
    region = notebook.page.locator("#course-announcer")
    expect(region).to_have_attribute("role", "status")
    expect(region).to_have_attribute("aria-live", "polite")
    expect(region).to_have_text(said)
    return said


def explorer_predict(notebook, expect) -> str:
    """Lesson 06: the explorer's predict mode; pick a colour, Check; the period and the table come out."""
    explorer = widget(notebook, text="colour of n =")
    scroll_to_top(explorer)
    expect(explorer).to_contain_text("The strategy table appears once you have guessed")
    before = message(explorer).inner_text()
    explorer.locator("button", has_text=re.compile(r"^\s*Check\s*$")).first.click()
    said = new_message(explorer, before, expect)
    assert said.startswith("Pick red or blue first"), said
    explorer.locator(".widget-toggle-buttons button", has_text=re.compile(r"^\s*red\s*$")).first.click()
    explorer.locator("button", has_text=re.compile(r"^\s*Check\s*$")).first.click()
    said = new_message(explorer, said, expect)
    assert re.match(r"^(Right|Not quite): 100 is (red|blue)", said), said
    expect(explorer).to_contain_text("Strategy table")
    keep_screenshot(notebook.page, "learner_06_explorer_predict")
    return said


def stepper_predict(notebook, expect) -> int:
    """Lesson 08: the stepper's predict mode; Step first asks, then a child is picked and Step shows the phases.
    Returns how many iterations the Steps ran."""
    stepper = widget(notebook, button="Run 100")
    scroll_to_top(stepper)
    step = stepper.locator("button", has_text=re.compile(r"^\s*Step\s*$")).first
    step.click()
    expect(message(stepper)).to_contain_text("Pick where selection goes first")
    guess = stepper.locator(".widget-toggle-buttons button")
    for tries in range(1, 5):  # the first Step can only stay at the root; later ones offer the children too
        options = [t.strip() for t in guess.all_inner_texts()]
        pick = next((o for o in options if not o.startswith("stay")), options[0])
        if len(options) > 1:  # issue 37 item 6: the arrow keys stay in the row (Lab took them to another cell)
            guess.first.focus()
            notebook.page.keyboard.press("ArrowRight")
            inside = notebook.page.evaluate("""() => { const e = document.activeElement;
                return e && e.closest('.widget-toggle-buttons') ? e.innerText.trim() : null; }""")
            assert inside == options[1], f"ArrowRight on a guess took the focus to {inside!r}, not {options[1]!r}"
        guess.filter(has_text=pick).first.click()
        # the picked guess is exposed as pressed, the others as not
        expect(guess.filter(has_text=pick).first).to_have_attribute("aria-pressed", "true")
        for other in options:
            if other != pick:
                expect(guess.filter(has_text=other).first).to_have_attribute("aria-pressed", "false")
        step.click()
        expect(message(stepper)).to_contain_text(f"of {tries} right)")  # the verdict, after the step's own text
        said = message(stepper).inner_text().strip()
        assert re.match(r"^(Right|Not quite)", said), f"picked {pick!r}, Step said {said!r}"
        if not pick.startswith("stay"):
            break
    else:
        raise AssertionError(f"no Step offered a child to predict: {options}")
    expect(stepper).to_contain_text("1. Selection")
    keep_screenshot(notebook.page, "learner_08_stepper_predict")
    return tries


# lessons whose actions are answered here: every kind of action at least once (test_lab_lessons runs each lesson
# once in Lab and calls learner_actions on it before its own interaction; lesson 06's explorer and lesson 08's stepper
# predict modes are answered by that lesson's interaction, which goes on from them)
# (keyed by the name's first part: "06" is lesson 06, "06b" its going-further notebook, which holds its Guess)
ACTIONS = {"02": ("predict", "guess", "keyboard", "announced"), "06": ("predict",), "06b": ("guess",),
           "08": ("predict",), "10": ("predict", "guess")}


def learner_actions(path: Path, notebook, expect) -> None:
    """After Run All: no widget error on the page, then the lesson's Predict, Guess and keyboard actions answered."""
    page = notebook.page
    assert_no_page_errors(page, notebook)
    asked = ACTIONS.get(path.name.split("_")[0], ())
    if "announced" in asked:
        results_are_announced(notebook, expect)
    if "predict" in asked:
        assert predicts(notebook).count() >= 1, "no Predict rendered"
        answers_are_a_named_group(predicts(notebook).first)
        answer_predict(predicts(notebook).first, expect)
        answers_are_a_named_group(predicts(notebook).first)  # and the tree has the checked answer
        keep_screenshot(page, f"learner_{path.name[:2]}_predict")
    if "guess" in asked:
        assert guesses(notebook).count() >= 1, "no Guess rendered"
        answer_guess(guesses(notebook).first, expect)
        keep_screenshot(page, f"learner_{path.name[:2]}_guess")
    if "keyboard" in asked:
        area = predicts(notebook).nth(1) if predicts(notebook).count() > 1 else predicts(notebook).first
        said = answer_by_keyboard(area, expect)
        assert VERDICT.match(said), f"keyboard answer said {said!r}"
        keep_screenshot(page, f"learner_{path.name[:2]}_keyboard")
    assert_no_page_errors(page, notebook)


def test_every_kind_of_action_is_answered_in_some_lesson():
    """Each kind of action has a lesson that holds it (the lessons themselves run in test_lab_lessons)."""
    kinds = {kind for asked in ACTIONS.values() for kind in asked}
    assert kinds == {"predict", "guess", "keyboard", "announced"}, kinds
    stems = {p.name.split("_")[0] for p in LESSONS}
    assert set(ACTIONS) <= stems, f"ACTIONS names lessons that do not exist: {set(ACTIONS) - stems}"


def test_check_results_are_announced_in_an_exercise(lab_page):
    """An exercise notebook shows no course widget (so no page script): check()'s own result says its gist in the
    page's status region (issue 37: check() output was not announced)."""
    import shutil

    from playwright.sync_api import expect

    page = lab_page
    root = next(a.split("=", 1)[1] for a in page.server.proc.args if a.startswith("--ServerApp.root_dir="))
    solution = NOTEBOOKS.parent / "solutions" / "02_solutions_counting_blackjack_hands.ipynb"
    shutil.copy(solution, Path(root) / solution.name)
    # a fresh page: no lesson's widget has brought the page script, as when a learner opens only the exercise
    page.goto(f"{page.server.base}/lab?reset&token={page.server.token}")
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell", timeout=60_000)
    page.evaluate("async () => { await window.jupyterapp.started; await window.jupyterapp.restored; }")
    assert page.evaluate("() => !window.courseA11y && !document.getElementById('course-announcer')")
    notebook, summary = open_and_run(page, solution.name)
    assert not problems(summary), "errors while running all cells:\n" + "\n".join(problems(summary))
    assert notebook.locator(WIDGET_OUTPUT).count() == 0, "the exercise shows a widget: this test needs none"
    said = results_are_announced(notebook, expect)
    assert said.startswith("02.q") and " pass, 0 fail." in said, said


def test_the_announcer_says_the_newest_result_when_two_arrive_close_together(page):
    """A result said less than 500 ms after the status region was made waits 500 ms, a later one 100 ms: the later
    one must still be what stays said (a CI run of the exercise test heard q4 after q5 had printed)."""
    from coursekit.announcer import ANNOUNCER_JS

    page.set_content("<body><div class='coursekit-check' id='a'><div>q4</div><div>pass one</div></div>"
                     "<div class='coursekit-check' id='b'><div>q5</div><div>marked by hand</div></div></body>")
    page.evaluate(ANNOUNCER_JS)
    page.evaluate("() => window.courseAnnouncer.region()")   # the region is made now ...
    page.wait_for_timeout(400)
    page.evaluate("() => window.courseAnnouncer.say(document.getElementById('a'))")  # ... q4 waits 500 ms
    page.wait_for_timeout(200)
    page.evaluate("() => window.courseAnnouncer.say(document.getElementById('b'))")  # q5 waits 100 ms
    page.wait_for_timeout(900)                               # both waits are over
    assert page.locator("#course-announcer").inner_text() == "q5 0 tests pass, 0 fail. marked by hand"
