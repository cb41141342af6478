"""check()'s result as HTML says its gist to screen readers (issue 37); the browser test is in test_learner_actions."""

from __future__ import annotations

import html
import re

from coursekit.announcer import ANNOUNCER_JS
from coursekit.grading.check import ANNOUNCE_JS, announced_html
from coursekit.grading.runner import report_html

TEXT = ("02.q1 hand_total(cards)\n  pass  hand_total(['A']): expected 11, got 11  [1/1]\n"
        "  points: 1/1 on the public tests")


def test_the_result_carries_its_announcing_script_inside_its_box():
    shown = announced_html(TEXT)
    assert shown.startswith(report_html(TEXT)[:-len("</div>")])  # the report's lines, unchanged
    assert shown.endswith("</style></div>")  # the script's <style> is the box's last child (style.parentNode)
    handler = re.search(r'<style onload="([^"]*)">', shown).group(1)
    assert html.unescape(handler) == ANNOUNCE_JS
    assert ANNOUNCE_JS.startswith(ANNOUNCER_JS) and "role', 'status'" in ANNOUNCER_JS


def test_one_announcer_serves_check_and_the_page_script():
    """check()'s handler and the widgets' page script run the same announcer: one region, one gist (issue 37)."""
    from coursekit.widgets.common import COURSE_JS

    assert COURSE_JS.startswith(ANNOUNCER_JS)
    for rest in (ANNOUNCE_JS[len(ANNOUNCER_JS):], COURSE_JS[len(ANNOUNCER_JS):]):
        assert "course-announcer" not in rest and "test' + (passed" not in rest, "a second announcer"


def test_a_saved_result_is_not_said_again():
    """The page script (COURSE_JS) and this handler mark what they said, so neither says a result twice."""
    from coursekit.widgets.common import COURSE_JS

    assert "data-course-said" in ANNOUNCER_JS and "data-course-said" in COURSE_JS
