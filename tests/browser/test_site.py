"""The lesson website (`make site`): built with Jupyter Book, every page opened in Chromium with the network cut.

Each lesson page renders its title and outputs, draws its widgets from their state, typesets its formulas with the
site's own MathJax, asks no host but the site's for anything, gives every figure a real alt text, offers the launch
buttons, and every link on it resolves. make site executes each lesson for the site (2-3 minutes for the eleven);
the page checks use `--saved` (the saved lessons, which nbval keeps equal to a fresh run, so that the browser stage
stays within its budget) and the executing build is checked on a lesson whose widget state was lost.
"""

from __future__ import annotations

import json
import re
import shutil
import urllib.parse
from pathlib import Path

import pytest
from labtools import block_outside, keep_screenshot, served

from coursekit.plots.alt import figure_alts
from coursetools import website

REPO = Path(__file__).resolve().parents[2]
LESSONS = sorted((REPO / "notebooks").glob("[0-9][0-9]_*.ipynb"))
EXERCISES = sorted((REPO / "exercises").glob("[0-9][0-9]_*.ipynb"))


def _widget_views(path: Path) -> int:
    nb = json.loads(path.read_text())
    state = nb["metadata"].get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    views = sum("application/vnd.jupyter.widget-view+json" in out.get("data", {})
                for cell in nb["cells"] for out in cell.get("outputs", []))
    return views if state else 0


def _typeset_formulas(page) -> int:
    """Wait until every formula on the page is typeset by MathJax; return how many there are. Fails when raw TeX
    (a \\( or \\[) is left in the text, as it was when MathJax came from a CDN the room could not reach."""
    formulas = page.locator("article .math").count()
    if formulas:
        page.wait_for_function("() => document.querySelectorAll('article .math:not(:has(mjx-container))').length"
                               " === 0", timeout=15_000)
    raw = page.evaluate(r"""() => {
        const walker = document.createTreeWalker(document.querySelector('article'), NodeFilter.SHOW_TEXT);
        const raw = [];
        while (walker.nextNode()) {
            const node = walker.currentNode;
            if (node.parentElement.closest('pre, code, script, style, mjx-container, .jupyter-widgets')) continue;
            if (/\\\(|\\\[/.test(node.textContent)) raw.push(node.textContent.trim().slice(0, 80));
        }
        return raw;
    }""")
    assert not raw, f"formulas left as raw TeX: {raw}"
    return formulas


def _settle(page) -> None:
    """Give requests a page starts late (fonts, MathJax's parts) time to be asked for before the offline record is
    read: up to 10 s of network quiet, which a loaded 2-core machine does not always reach (the record holds what
    was asked for whether or not it was answered)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_load_state("networkidle", timeout=10_000)
    except PlaywrightTimeout:
        pass


def _has_formulas(notebook: Path) -> bool:
    """Whether a notebook's markdown holds TeX ($...$ or \\(...\\)) outside code (Perl's `$count` is no formula)."""
    for cell in json.loads(notebook.read_text())["cells"]:
        if cell["cell_type"] == "markdown":
            text = re.sub(r"```.*?```|`[^`]*`", "", "".join(cell["source"]), flags=re.S)
            if re.search(r"\$\$|\$[^$\n]+\$|\\\(|\\\[|\{math\}", text):
                return True
    return False


def _links_resolve(tab, html: Path, page_path: str) -> list[str]:
    """Internal links of the page that point at nothing."""
    hrefs = tab.eval_on_selector_all("a[href]", "els => els.map(e => e.getAttribute('href'))")
    broken = []
    folder = (html / page_path).parent
    for href in hrefs:
        parsed = urllib.parse.urlparse(href)
        if parsed.scheme or href.startswith(("#", "mailto:")) or not parsed.path:
            continue
        target = (folder / urllib.parse.unquote(parsed.path)).resolve()
        if target.is_dir():
            target = target / "index.html"
        if not target.exists():
            broken.append(href)
    return broken


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.name[:2])
def test_every_lesson_page_renders_offline_with_maths_alt_text_widgets_launch_buttons_and_links(site, page, lesson):
    path = f"notebooks/{lesson.stem}.html"
    offline = block_outside(page)
    response = page.goto(f"{site['base']}/{path}")
    assert response.status == 200
    formulas = _typeset_formulas(page)
    assert formulas or not _has_formulas(lesson), "the lesson's formulas did not reach the page"
    if formulas:
        page.locator("article .math").first.scroll_into_view_if_needed()
        keep_screenshot(page, f"site_{lesson.stem}_formula")
    title = page.locator("article h1").first.inner_text()
    assert title.replace("#", "").strip() == website.lesson_title(lesson)
    # figures, not the pictures inside widgets drawn from their saved state (their text says what they show)
    images = page.eval_on_selector_all("article img", "els => els.filter(e => !e.closest('.jupyter-widgets'))"
                                                      ".map(e => [e.getAttribute('alt') || '', e.getAttribute('src')])")
    saved = figure_alts(json.loads(lesson.read_text()))  # the words each figure's cell gave it (described())
    assert len(images) >= len(saved)
    assert not set(saved) - {alt for alt, _ in images}, "a figure's alt text did not reach the page"
    for alt, src in images:
        assert alt.strip() and not alt.endswith((".png", ".svg")) and alt != src, f"figure {src} has no alt text"
    views = _widget_views(lesson)
    if views:
        page.wait_for_selector(".jupyter-widgets", timeout=15_000)
        assert page.locator(".jupyter-widgets").count() >= 1
    launch = page.eval_on_selector_all("a[href]", "els => els.map(e => e.href)")
    assert any("mybinder.org" in href and lesson.name in href for href in launch)
    assert any(href.startswith(site["hub"]) and "git-pull" in href and lesson.name in href for href in launch)
    assert _links_resolve(page, site["html"], path) == []
    _settle(page)
    assert not offline["outside"], f"the page asked other hosts for: {offline['outside']}"
    assert not offline["failed"], f"requests the site could not answer: {offline['failed']}"


def test_the_course_map_links_every_lesson_and_exercise(site, page):
    offline = block_outside(page)
    response = page.goto(f"{site['base']}/intro.html")
    assert response.status == 200
    text = page.locator("article").inner_text()
    for lesson in LESSONS:
        assert website.lesson_title(lesson) in text
    hrefs = page.eval_on_selector_all("article a[href]", "els => els.map(e => e.getAttribute('href'))")
    for exercise in EXERCISES:
        assert any(exercise.stem in href for href in hrefs), exercise.name
    assert _links_resolve(page, site["html"], "intro.html") == []
    _settle(page)
    keep_screenshot(page, "site_course_map")
    assert not offline["outside"] and not offline["failed"], offline


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda p: p.name[:2])
def test_every_exercise_page_renders_offline(site, page, exercise):
    path = f"exercises/{exercise.stem}.html"
    offline = block_outside(page)
    assert page.goto(f"{site['base']}/{path}").status == 200
    assert "check(" in page.locator("article").inner_text()
    assert _typeset_formulas(page) or not _has_formulas(exercise)
    assert _links_resolve(page, site["html"], path) == []
    _settle(page)
    assert not offline["outside"] and not offline["failed"], offline


def test_no_page_loads_scripts_styles_or_fonts_from_another_host(site):
    """Every HTML file of the site (search and index pages too): no script, stylesheet, font or image from a URL
    with a host; MathJax is the site's own copy."""
    outside = {}
    for page in site["html"].rglob("*.html"):
        text = page.read_text(errors="replace")
        found = re.findall(r"<(?:script|img|iframe)[^>]*\ssrc=\"((?:https?:)?//[^\"]+)\"", text)
        found += [href for tag, href in re.findall(r"<link([^>]*)\shref=\"((?:https?:)?//[^\"]+)\"", text)
                  if not re.search(r"rel=\"(?:canonical|alternate)\"", tag)]
        found += re.findall(r"url\(['\"]?((?:https?:)?//[^)'\"]+)", text)
        if found:
            outside[page.relative_to(site["html"]).as_posix()] = sorted(set(found))
    assert not outside, f"pages that load from other hosts: {outside}"
    assert (site["html"] / "_static" / "mathjax" / website.MATHJAX_SCRIPT).is_file()


LESSON_WITH_WIDGET = next(p for p in LESSONS if _widget_views(p))


def _lost_widget_state(lesson: Path, folder: Path) -> Path:
    """A copy of the lesson as Lab's autosave can leave it: widget outputs kept, their saved state gone."""
    nb = json.loads(lesson.read_text())
    nb["metadata"].pop("widgets", None)
    for cell in nb["cells"]:  # built alone, the lesson's links to other notebooks would point outside the book
        if cell["cell_type"] == "markdown":
            text = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
            cell["source"] = re.sub(r"\[([^\]]*)\]\([^)\s]+\.ipynb(?:#[^)]*)?\)", r"\1", text)
    folder.mkdir(parents=True, exist_ok=True)
    copy = folder / lesson.name
    copy.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n")
    assert website.widgets_without_state(copy), "the copy should have widget outputs without state"
    return copy


def test_a_build_from_saved_lessons_refuses_one_without_widget_state_naming_it(tmp_path, capsys):
    copy = _lost_widget_state(LESSON_WITH_WIDGET, tmp_path / "notebooks")
    out = tmp_path / "site"
    assert website.main([str(out), "--saved", "--lessons", str(copy.parent), "--exercises", str(tmp_path)]) == 1
    error = capsys.readouterr().err
    assert f"notebooks/{copy.name}" in error and "no saved widget state" in error, error
    assert not (out / "book" / "_build").exists(), "nothing was built"


def test_make_site_executes_a_lesson_whose_widget_state_was_lost(site, page, tmp_path):
    """The issue's case: a lesson saved without widget state (after Lab's autosave) gets its widgets on the site,
    because make site executes it for the site."""
    copy = _lost_widget_state(LESSON_WITH_WIDGET, tmp_path / "notebooks")
    out = tmp_path / "site"
    shutil.copytree(site["out"] / "npm-cache", out / "npm-cache")  # the npm packages, fetched once a session
    assert website.main([str(out), "--lessons", str(copy.parent), "--exercises", str(tmp_path / "none")]) == 0
    built = out / "book" / "notebooks" / copy.name
    assert website.widgets_without_state(built) == []
    assert _widget_views(built) == _widget_views(LESSON_WITH_WIDGET)
    offline = block_outside(page)
    with served(out / "book" / "_build" / "html") as base:
        assert page.goto(f"{base}/notebooks/{copy.stem}.html").status == 200
        widgets = page.locator("article .jupyter-widgets.widget-vbox")
        widgets.first.wait_for(timeout=15_000)
        widgets.first.scroll_into_view_if_needed()
        keep_screenshot(page, f"site_{copy.stem}_executed_for_the_site")
        assert page.locator("article .jupyter-widgets button").count() >= 1, "the widget's buttons are drawn"
        outputs = "\n".join(page.locator("article .cell_output").all_inner_texts())
        for text in website.widgets_without_state(copy):
            assert text not in outputs, f"the page shows {text!r} instead of the widget"
        _settle(page)
    assert not offline["outside"] and not offline["failed"], offline
