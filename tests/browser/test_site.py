"""The lesson website (`make site`): built offline with Jupyter Book, every page opened in Chromium.

Each lesson page renders its title and saved outputs, draws its widgets from the saved state without a network,
gives every figure a real alt text, offers the launch buttons, and every link on it resolves.
"""

from __future__ import annotations

import functools
import http.server
import json
import threading
import urllib.parse
from pathlib import Path

import pytest

from coursekit import website

REPO = Path(__file__).resolve().parents[2]
LESSONS = sorted((REPO / "notebooks").glob("[0-9][0-9]_*.ipynb"))
EXERCISES = sorted((REPO / "exercises").glob("[0-9][0-9]_*.ipynb"))
HUB = "https://hub.example.edu"


def _widget_views(path: Path) -> int:
    nb = json.loads(path.read_text())
    state = nb["metadata"].get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    views = sum("application/vnd.jupyter.widget-view+json" in out.get("data", {})
                for cell in nb["cells"] for out in cell.get("outputs", []))
    return views if state else 0


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="session")
def site(chromium_path, tmp_path_factory):
    """The built site, served on 127.0.0.1 from a thread."""
    if website.jupyter_book() is None:
        pytest.fail("jupyter-book is not installed: make test puts it in .venv-class (make class)")
    out = tmp_path_factory.mktemp("site")
    assert website.main([str(out), "--hub", HUB]) == 0
    html = out / "book" / "_build" / "html"
    handler = functools.partial(_QuietHandler, directory=str(html))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield {"base": f"http://127.0.0.1:{server.server_address[1]}", "html": html}
    finally:
        server.shutdown()


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
def test_every_lesson_page_renders_with_alt_text_widgets_launch_buttons_and_links(site, page, lesson):
    path = f"notebooks/{lesson.stem}.html"
    response = page.goto(f"{site['base']}/{path}")
    assert response.status == 200
    title = page.locator("article h1").first.inner_text()
    assert title.replace("#", "").strip() == website.lesson_title(lesson)
    # figures, not the pictures inside widgets drawn from their saved state (their text says what they show)
    images = page.eval_on_selector_all("article img", "els => els.filter(e => !e.closest('.jupyter-widgets'))"
                                                      ".map(e => [e.getAttribute('alt') || '', e.getAttribute('src')])")
    saved = sum(out.get("output_type") in ("display_data", "execute_result") and "image/png" in out.get("data", {})
                for cell in json.loads(lesson.read_text())["cells"] for out in cell.get("outputs", []))
    assert len(images) >= saved
    for alt, src in images:
        assert alt.strip() and not alt.endswith((".png", ".svg")) and alt != src, f"figure {src} has no alt text"
    views = _widget_views(lesson)
    if views:
        page.wait_for_selector(".jupyter-widgets", timeout=15_000)
        assert page.locator(".jupyter-widgets").count() >= 1
    launch = page.eval_on_selector_all("a[href]", "els => els.map(e => e.href)")
    assert any("mybinder.org" in href and lesson.name in href for href in launch)
    assert any(href.startswith(HUB) and "git-pull" in href and lesson.name in href for href in launch)
    assert _links_resolve(page, site["html"], path) == []


def test_the_course_map_links_every_lesson_and_exercise(site, page):
    response = page.goto(f"{site['base']}/intro.html")
    assert response.status == 200
    text = page.locator("article").inner_text()
    for lesson in LESSONS:
        assert website.lesson_title(lesson) in text
    hrefs = page.eval_on_selector_all("article a[href]", "els => els.map(e => e.getAttribute('href'))")
    for exercise in EXERCISES:
        assert any(exercise.stem in href for href in hrefs), exercise.name
    assert _links_resolve(page, site["html"], "intro.html") == []


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda p: p.name[:2])
def test_every_exercise_page_renders(site, page, exercise):
    path = f"exercises/{exercise.stem}.html"
    assert page.goto(f"{site['base']}/{path}").status == 200
    assert "check(" in page.locator("article").inner_text()
    assert _links_resolve(page, site["html"], path) == []
