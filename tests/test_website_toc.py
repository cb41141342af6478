"""The website's table of contents (coursetools/website.py): each lesson, with its optional going-further notebook
(notebooks/NNb_*.ipynb, issue 34) as a section under it, so the site holds every notebook a learner gets."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

website = pytest.importorskip("coursetools.website")

ROOT = Path(__file__).resolve().parents[1]


def test_every_going_further_notebook_is_a_section_under_its_lesson(tmp_path, monkeypatch):
    lessons = tmp_path / "notebooks"
    lessons.mkdir()
    for pattern in ("[0-9][0-9]_*.ipynb", "[0-9][0-9]b_*.ipynb"):
        for path in (ROOT / "notebooks").glob(pattern):
            shutil.copy(path, lessons / path.name)
    monkeypatch.setattr(website, "vendor_widget_js", lambda book, cache: None)
    monkeypatch.setattr(website, "vendor_mathjax", lambda book, cache: None)
    monkeypatch.setattr(website, "refuse_missing_widget_state", lambda paths: None)
    written = website.assemble(tmp_path / "book", lessons_dir=lessons, exercises_dir=ROOT / "exercises",
                               execute=False)
    toc = (tmp_path / "book" / "_toc.yml").read_text().splitlines()
    further = sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]b_*.ipynb"))
    assert further and {p.stem for p in written} >= set(further)
    for stem in further:
        at = toc.index(f"          - file: notebooks/{stem}")
        lesson = next(line for line in reversed(toc[:at]) if line.startswith("      - file: notebooks/"))
        assert lesson.split("/")[-1][:2] == stem[:2] and lesson.split("/")[-1][2] == "_", (stem, lesson)


def test_the_site_command_refuses_bad_jobs_and_a_missing_jupyter_book_before_executing_lessons(monkeypatch, capsys):
    """It once took `--jobs 0` and executed all 18 lessons (109 s) before saying jupyter-book was missing."""
    with pytest.raises(SystemExit) as refused:
        website.main(["--jobs", "0"])
    assert refused.value.code == 2 and "--jobs" in capsys.readouterr().err
    monkeypatch.setattr(website, "jupyter_book", lambda: None)
    monkeypatch.setattr(website, "assemble", lambda *a, **k: pytest.fail("lessons executed before the check"))
    assert website.main([]) == 1
    assert "jupyter-book is not installed" in capsys.readouterr().err
