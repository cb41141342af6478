"""WCAG 2.1 AA (issue 30): axe-core, the accessibility offices' engine, on every page the course owns.

axe-core comes from npm (`npm pack`, cached like the site's MathJax) and is injected into each page, so no page asks
another host. It checks the WCAG 2.0 and 2.1 A and AA rules on: every page of the lesson website, every Voila
dashboard as rendered and after each of its main interactions (every button click of test_voila_demos' and the
arena test's interactions; test_voila_demos scans in its own run of each dashboard), Voila's file list, and every
lesson's notebook panel in JupyterLab after Run All (the panel scrolled a screen at a time, with the body given the
window's height: Lab 4 gives it none, and axe then sees nothing; `scan_lab_lesson` is called by test_lab_lessons.py
after its run of each lesson, so a lesson runs once).
A violation fails the test unless it is an upstream project's, listed in UPSTREAM with the project named;
a new upstream one fails too, so it is looked at and listed (or reported upstream) on purpose.

`COURSE_AXE_REPORT=path.json` writes every violation found (course-owned and upstream) per page, for the counts in
docs/accessibility.md.
"""

from __future__ import annotations

import functools
import json
import os
import re
import shutil
import tarfile
from collections import Counter
from pathlib import Path

import pytest

from coursetools import website

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
AXE_PACKAGE = "axe-core@4.14.1"
AXE_CACHE = REPO / "test-artifacts" / "npm-cache"
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
REPORT: dict[str, list[dict]] = {}

# Violations that belong to the projects the course builds on, by project: (rule, a regex the node's selector or
# HTML matches). Reported upstream; listed here so that the test fails on any new one.
UPSTREAM: dict[str, list[tuple[str, str]]] = {
    "JupyterLab": [
        ("aria-input-field-name", r'class="cm-content|\.cm-content'),  # the code editors (textbox) have no name
        ("color-contrast", r'<span class="ͼ'),           # CodeMirror's highlight colours (#008800, #408080, #8888ff)
        ("color-contrast", r"jp-Notebook-footer"),         # "Click to add a cell." in #9e9e9e under the last cell
        ("aria-allowed-attr", r'<jp-button[^>]*aria-label="Enable Debugger"'),  # aria-pressed on a toolbar button
        ("aria-required-children", r'role="feed"'),        # the notebook's cell list (role feed)
        ("button-name", r"jp-collapseHeadingButton"),      # a heading's collapse button has no name
        ("link-in-text-block", r"jp-InternalAnchorLink"),   # a heading's ¶ anchor, shown while the mouse is over it
        ("link-in-text-block", r"^<a href="),               # Lab's theme does not underline links in markdown
    ],                                                      # (the site's theme does, so it is never flagged there)
    "Voila (JupyterLab extension)": [
        ("aria-allowed-attr", r'<jp-button[^>]*aria-label="Render with Voil'),  # aria-pressed on its button
    ],
    "ipywidgets": [
        ("aria-input-field-name", r"noUi-handle"),        # a slider's handle: aria-labelledby names no element
        ("svg-img-alt", r'max-height: 50px;" role="img"'),  # the icon of its "Error displaying widget" view (the
    ],                                                      # error itself fails test_lab_lessons/test_site)
    "pydata-sphinx-theme": [
        ("label-content-name-mismatch", r"search-button|theme-switch-button"),  # aria-label differs from its text
    ],
}


@functools.lru_cache(maxsize=1)
def axe_source() -> str:
    """axe.min.js from the npm package (npm pack, cached in test-artifacts/npm-cache); fails when npm is missing."""
    tarball = website.npm_package(AXE_PACKAGE, AXE_CACHE)
    if tarball is None:
        message = f"npm could not fetch {AXE_PACKAGE} (install npm: the accessibility test runs axe-core from it)"
        if os.environ.get("CI", "").lower() == "true" or shutil.which("npm"):
            pytest.fail(message)
        pytest.skip(message)
    with tarfile.open(tarball) as archive:
        return archive.extractfile("package/axe.min.js").read().decode()


@pytest.fixture(scope="session")
def axe() -> str:
    return axe_source()


RUN_AXE = """async ([context, exclude, tags]) => {
    const root = context ? {include: [[context]], exclude: exclude.map(e => [e])} : document;
    const result = await window.axe.run(root, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
    return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.map(n => ({target: n.target.join(' '), html: n.html.slice(0, 300),
                                  summary: (n.failureSummary || '').slice(0, 300)}))}));
}"""


def scan(page, axe: str, context: str | None = None, exclude: tuple[str, ...] = ()) -> list[dict]:
    """axe's WCAG A/AA violations on the page (or inside the element `context`, less `exclude`), one per node."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.evaluate(axe)
    found = []
    for rule in page.evaluate(RUN_AXE, [context, list(exclude), WCAG_TAGS]):
        for node in rule["nodes"]:
            found.append({"rule": rule["id"], "impact": rule["impact"], "target": node["target"],
                          "html": node["html"], "summary": node["summary"]})
    return found


def owner(node: dict) -> str:
    """'course', or the upstream project a known violation belongs to."""
    for project, known in UPSTREAM.items():
        for rule, pattern in known:
            if node["rule"] == rule and (re.search(pattern, node["target"]) or re.search(pattern, node["html"])):
                return project
    return "course"


def record(where: str, nodes: list[dict]) -> None:
    """Keep a page's violations (once per rule and node) for the report and the assertion."""
    seen = {(n["rule"], n["target"]) for n in REPORT.setdefault(where, [])}
    for node in nodes:
        if (node["rule"], node["target"]) not in seen:
            seen.add((node["rule"], node["target"]))
            REPORT[where].append({**node, "owner": owner(node)})


def course_owned(where: str) -> list[str]:
    """The course's own violations recorded for a page, one line each."""
    return [f"{n['rule']} ({n['impact']}): {n['target']}: {n['html'][:160]}\n    {n['summary'][:200]}"
            for n in REPORT.get(where, []) if n["owner"] == "course"]


def assert_clean(where: str) -> None:
    own = course_owned(where)
    assert not own, f"{len(own)} course-owned WCAG A/AA violation(s) on {where}:\n" + "\n".join(own)


def pytest_sessionfinish_report() -> None:
    """Write REPORT to COURSE_AXE_REPORT (called by the last test's fixture teardown)."""
    path = os.environ.get("COURSE_AXE_REPORT")
    if path:
        Path(path).write_text(json.dumps(REPORT, indent=1))


@pytest.fixture(scope="module", autouse=True)
def _write_report():
    yield
    pytest_sessionfinish_report()
    counts = Counter((n["owner"], n["rule"]) for nodes in REPORT.values() for n in nodes)
    for (who, rule), count in sorted(counts.items()):
        print(f"axe: {who:>20} {rule:28} {count}")


# --- the lesson website ------------------------------------------------------------------------------------------
from labtools import served  # noqa: E402


@pytest.fixture(scope="module")
def built_site(request):
    """The website to check: COURSE_SITE_HTML=site/book/_build/html checks a `make site` build (lessons executed
    afresh); by default the site built from the saved lessons (conftest's `site`, which test_site checks too: one
    build a session; nbval keeps the saved lessons equal to a fresh run)."""
    folder = os.environ.get("COURSE_SITE_HTML")
    if not folder:
        yield request.getfixturevalue("site")
        return
    with served(Path(folder)) as base:
        yield {"base": base, "html": Path(folder)}


REDIRECT = re.compile(r'\s*<meta http-equiv="refresh"', re.I)


def site_pages(html: Path) -> list[str]:
    """The site's pages, less those that only send the browser on (index.html to intro.html: the page it moves to
    is in the list, and a scan of the page that is moving on fails with "Execution context was destroyed")."""
    return sorted(p.relative_to(html).as_posix() for p in html.rglob("*.html")
                  if not p.relative_to(html).parts[0].startswith("_") and not REDIRECT.match(p.read_text()[:200]))


def test_every_site_page_meets_wcag_aa(built_site, page, axe):
    site = built_site  # noqa: F811
    pages = site_pages(site["html"])
    assert len(pages) >= 13, pages
    dirty = []
    for path in pages:
        page.goto(f"{site['base']}/{path}")
        page.wait_for_load_state("load")
        if page.locator("article .math").count():
            page.wait_for_function("() => document.querySelectorAll('article .math:not(:has(mjx-container))')"
                                   ".length === 0", timeout=15_000)
        if page.locator(".jupyter-widgets").count():
            page.wait_for_timeout(500)
        record(f"site {path}", scan(page, axe))
        if course_owned(f"site {path}"):
            dirty.append(f"site {path}")
    assert not dirty, "\n\n".join(f"{where}:\n" + "\n".join(course_owned(where)) for where in dirty)


# --- the dashboards and Voila's file list ------------------------------------------------------------------------
DEMOS = sorted((REPO / "notebooks" / "demos").glob("*.ipynb"))


def test_the_dashboard_list_meets_wcag_aa(voila_server, page, axe):
    from playwright.sync_api import expect

    page.goto(f"{voila_server.base}/?token={voila_server.token}", timeout=90_000)
    expect(page.get_by_role("heading", name="The course's dashboards")).to_be_visible()
    expect(page.locator("ul.dashboards li")).to_have_count(len(DEMOS))
    record("voila file list", scan(page, axe))
    assert_clean("voila file list")


# --- the lessons in JupyterLab -----------------------------------------------------------------------------------
GIVE_BODY_HEIGHT = "() => { document.body.style.height = window.innerHeight + 'px'; }"
SCROLLER = """() => {
    const panel = window.jupyterapp.shell.currentWidget.node;
    const outer = panel.querySelector('.jp-WindowedPanel-outer') || panel.querySelector('.jp-Notebook');
    return outer;
}"""


# the code editors are Lab's (UPSTREAM): axe looks at those in the lesson's first 2880 px only (they took most of
# the scan's time); MARK_FIRST_EDITORS marks them, and FIRST_EDITORS_ONLY leaves out the others
EDITOR_MARK = "data-course-axe-first"
MARK_FIRST_EDITORS = f"""(top) => {{ const outer = ({SCROLLER})(); const start = outer.getBoundingClientRect().top;
    for (const e of outer.querySelectorAll('.jp-InputArea-editor')) {{
        if (e.getBoundingClientRect().top - start < top) e.setAttribute('{EDITOR_MARK}', ''); }} }}"""
FIRST_EDITORS_ONLY = f".jp-InputArea-editor:not([{EDITOR_MARK}])"
# the tallest screen a lesson is scanned in: one axe run walks the whole of Lab's page, so the fewer screens the
# better (lesson 09, 12,300 px: 7.8-8.1 s in 2880-px screens, 3.3-3.6 s in one 12,000-px screen)
TALLEST_SCREEN = 16_000


def scan_lab_lesson(lab_page, axe: str, stem: str, screen_height: int | None = None) -> None:
    """Scan the current lesson panel in Lab a screen at a time and fail on a course-owned violation.

    tests/browser/test_lab_lessons.py calls it after each lesson's Run All and interaction, so every lesson runs in
    Lab once for both tests (a lesson's run is the slow part). The screen is `screen_height` tall while it scans
    (then the page's own size again; by default as tall as the lesson, at most TALLEST_SCREEN): contrast does not
    depend on the window's height."""
    size = lab_page.viewport_size
    if screen_height is None:
        content = lab_page.evaluate(f"() => ({SCROLLER})().scrollHeight")
        screen_height = min(content + 200, TALLEST_SCREEN)  # with Lab's menu, tab and status bars
    lab_page.set_viewport_size({"width": size["width"], "height": max(screen_height, size["height"])})
    lab_page.wait_for_function(f"() => ({SCROLLER})().clientHeight > {size['height']}")  # Lab's layout followed
    try:
        _scan_screens(lab_page, axe, f"lab {stem}")
    finally:
        lab_page.set_viewport_size(size)
        lab_page.evaluate(GIVE_BODY_HEIGHT)


def _scan_screens(lab_page, axe: str, where: str) -> None:
    """Record axe's violations in the lesson panel, scrolled a screen at a time from the top."""
    lab_page.evaluate(GIVE_BODY_HEIGHT)
    panel_id = lab_page.evaluate("() => window.jupyterapp.shell.currentWidget.id")
    height = lab_page.evaluate(f"() => {{ const o = ({SCROLLER})(); o.scrollTop = 0; return o.scrollHeight; }}")
    view = lab_page.evaluate(f"() => ({SCROLLER})().clientHeight")
    lab_page.evaluate(MARK_FIRST_EDITORS, 2880)
    top, exclude = 0, (FIRST_EDITORS_ONLY,)
    while True:  # a screen at a time: Lab draws what is in view, and axe judges contrast of what it sees
        lab_page.wait_for_timeout(150)
        record(where, scan(lab_page, axe, f"#{panel_id}", exclude))
        exclude = (".jp-InputArea-editor",)  # the first editors were looked at on the first screen
        if top + view >= height:
            break
        top += view
        lab_page.evaluate(f"() => {{ ({SCROLLER})().scrollTop = {top}; }}")
        height = lab_page.evaluate(f"() => ({SCROLLER})().scrollHeight")
    pytest_sessionfinish_report()
    assert_clean(where)
