"""The lesson as the learner meets it (issue 34): opened in Chromium before anything runs, each lesson's page holds
no prediction's and no practice check's answer.

Both copies a learner opens are checked: `my-work/` as `make lab` makes it and the learner edition as `release`
writes it (Binder and a hub pull serve the edition). The page's visible text (Lab's rendered cells; a folded
reveal's text is not visible) must hold none of the give-aways `coursekit.practice.give_aways` lists for the
lesson, no saved output, no Predict or Guess written out in a cell (its answer would stand in the source) and no
look at a widget's `.answer`.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from coursekit.practice import give_aways

REPO = Path(__file__).resolve().parents[2]
# the lessons and their going-further notebooks (NNb_name): a going-further page gives away none of its lesson's answers
LESSONS = sorted(p.name for pattern in ("[0-9][0-9]_*.ipynb", "[0-9][0-9]b_*.ipynb")
                 for p in (REPO / "notebooks").glob(pattern))
COPIES = {"my-work": "my-work/notebooks", "edition": "edition/notebooks"}
PAGE_TEXT = "() => window.jupyterapp.shell.currentWidget.content.node.innerText"
WRITTEN_OUT = re.compile(r"\b(Predict|Guess)\(|\w\.answer\b")  # the answer in the question's own cell, or read off it


def given_away(text: str, texts: list[str]) -> list[str]:
    """The give-away texts that stand on the page as whole words or numbers."""
    return [t for t in texts if re.search(rf"(?<![\w.]){re.escape(t)}(?![\w]|\.\d)", text)]


@pytest.fixture(scope="module")
def learner_page(browser, learner_lab_server):
    """One Lab page over the learner copies; notebooks are closed and kernels shut down after each lesson."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    tab = context.new_page()
    tab.goto(f"{learner_lab_server.base}/lab?reset&token={learner_lab_server.token}")
    tab.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell", timeout=60_000)
    tab.evaluate("async () => { await window.jupyterapp.started; await window.jupyterapp.restored; }")
    yield tab
    context.close()


@pytest.mark.parametrize("copy", sorted(COPIES))
@pytest.mark.parametrize("lesson", LESSONS)
def test_no_answer_is_on_the_page_before_the_learner_acts(lesson, copy, learner_page, learner_lab_server):
    path = f"{COPIES[copy]}/{lesson}"
    saved = json.loads((learner_lab_server.root / path).read_text())
    markdown = sum(c["cell_type"] == "markdown" for c in saved["cells"])
    page = learner_page
    page.evaluate("async (path) => { await window.jupyterapp.commands.execute('docmanager:open', {path}); }", path)
    try:
        page.wait_for_function("([path, n]) => { const w = window.jupyterapp.shell.currentWidget;"
                               " return w && w.context && w.context.path === path && w.content"
                               " && w.content.node.querySelectorAll('.jp-MarkdownCell .jp-RenderedMarkdown')"
                               ".length === n; }", arg=[path, markdown], timeout=60_000)
        text = page.evaluate(PAGE_TEXT)
        outputs = page.evaluate("() => window.jupyterapp.shell.currentWidget.content.node"
                                ".querySelectorAll('.jp-OutputArea-output').length")
    finally:
        page.evaluate("async () => { await window.jupyterapp.commands.execute('application:close-all'); }")
        for session in learner_lab_server.api("GET", "/api/sessions") or []:
            learner_lab_server.api("DELETE", f"/api/sessions/{session['id']}")
    found = {pid: shown for pid, texts in give_aways(lesson[:2]).items() if (shown := given_away(text, texts))}
    written = sorted({m.group(0) for m in WRITTEN_OUT.finditer(text)})
    assert not found and not written and outputs == 0, (
        f"{path} shows answers before the learner acts: give-aways {found}, written out {written}, "
        f"{outputs} saved outputs")
