"""The code width the line lint uses (tests/code_width.py) is what JupyterLab shows at 1280x720 with the file
browser open: the code editor's content width over the width of a "0" in its font, measured in Chromium."""

from __future__ import annotations

import code_width
from labtools import keep_screenshot, open_and_run

MEASURE = """() => {
  const content = document.querySelector('.jp-Notebook .jp-CodeCell .cm-content');
  const line = content.querySelector('.cm-line') || content;
  const probe = document.createElement('span');
  probe.textContent = '0'.repeat(100);
  probe.style.whiteSpace = 'pre';
  line.appendChild(probe);
  const char = probe.getBoundingClientRect().width / 100;
  probe.remove();
  const style = getComputedStyle(content);
  const width = content.getBoundingClientRect().width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const browser = document.querySelector('#filebrowser');
  return {width, char, columns: Math.floor(width / char),
          browser: browser ? browser.getBoundingClientRect().width : 0};
}"""


def test_the_lint_width_is_the_width_lab_shows(lab_page):
    page = lab_page
    open_and_run(page, "00_start_here.ipynb")
    if page.locator("#filebrowser").bounding_box() is None:  # the file browser open, as a learner has it
        page.evaluate("() => window.jupyterapp.commands.execute('filebrowser:activate')")
        page.wait_for_timeout(500)
    seen = page.evaluate(MEASURE)
    keep_screenshot(page, "code_width_lab_1280x720")
    assert seen["browser"] > 100, f"the file browser is not open: {seen}"
    assert seen["columns"] == code_width.CODE_COLUMNS, f"Lab shows {seen['columns']} columns of code: {seen}"
