"""The page's one announcer: the JavaScript that says a check() or practice() result's gist to screen readers.

A cell's output is not announced, so a page-wide status region, `#course-announcer`, repeats the gist of each new
result: its title, how many tests pass and fail, and its last line. Two things load it: the course widgets' page
script (COURSE_JS in coursekit.widgets.common), which watches for results, and check()'s own HTML
(coursekit.grading.check), for an exercise where no widget brings that script. Both run this one definition; a
result is marked when said, so neither says it twice.
"""

from __future__ import annotations

# Defines window.courseAnnouncer once a page: region() makes the status region (once), say(result) says a
# .coursekit-check box's gist unless it was said before, and returns whether it said it.
ANNOUNCER_JS = """window.courseAnnouncer = window.courseAnnouncer || (function () {
  var made = null, pending = null;
  function region() {
    var found = document.getElementById('course-announcer');
    if (found) { return found; }
    made = document.createElement('div');
    made.id = 'course-announcer';
    made.setAttribute('role', 'status'); made.setAttribute('aria-live', 'polite');
    made.style.cssText = 'position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);' +
      'white-space:nowrap;margin:-1px;';
    document.body.appendChild(made);
    made.courseMadeAt = Date.now();
    return made;
  }
  function gist(result) {
    var lines = Array.from(result.children).filter(function (e) { return e.tagName === 'DIV'; })
      .map(function (e) { return e.textContent.trim(); })
      .filter(function (t) { return t; });
    var passed = lines.filter(function (t) { return /^pass\\b/.test(t); }).length;
    var failed = lines.filter(function (t) { return /^FAIL\\b/.test(t); }).length;
    var counts = passed + ' test' + (passed === 1 ? '' : 's') + ' pass, ' + failed + ' fail.';
    return [lines[0], counts, lines.length > 1 ? lines[lines.length - 1] : ''].join(' ').trim();
  }
  function say(result) {
    if (!result || result.getAttribute('data-course-said')) { return false; }
    result.setAttribute('data-course-said', '1');
    var live = region(), text = gist(result);
    // a region made a moment ago is not yet watched by the screen reader: wait longer before it speaks
    var wait = Date.now() - (live.courseMadeAt || 0) < 500 ? 500 : 100;
    // the newest result is the one said: a result still waiting is dropped (its wait may end after this one's)
    live.textContent = '';
    clearTimeout(pending);
    pending = setTimeout(function () { live.textContent = text; }, wait);
    return true;
  }
  return {region: region, gist: gist, say: say};
})();"""
