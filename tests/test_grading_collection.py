"""Collection takes only what the learner wrote (issue 35): links and nested uploads refused; one student, one row.

nbgrader's `submit` copies subfolders, so a learner can hand in `submitted/mallory/ex01/submitted/alice/ex01/x.ipynb`;
before issue 35 the grader took the innermost `submitted/` and graded it as alice's, and the class page linked both
of alice's rows to mallory's page. A symbolic link or a hard link in a submission named an instructor's file.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest

from coursekit.arena.bots import load_bots
from coursekit.sandbox.jail import bwrap
from coursekit.sandbox.text import lookalike_note
from coursetools.arena.cli import format_leaderboard
from coursetools.grade.batch import main as grade_main
from coursetools.grade.class_page import class_page_html
from coursetools.grade.nbgrader_layout import collect, student_of

ROOT = Path(__file__).resolve().parents[1]
EX01 = ROOT / "exercises" / "01_exercises_superpositions.ipynb"
SOL01 = ROOT / "solutions" / "01_solutions_superpositions.ipynb"
BOT = next(p for p in sorted((ROOT / "notebooks" / "demos" / "arena_bots" / "subtraction").iterdir())
           if p.suffix == ".py")
CYRILLIC_ALICE = "\u0430lice"  # Cyrillic 'а' then Latin "lice": looks like alice


def hostile_class(course: Path) -> Path:
    """submitted/ with alice's honest upload and mallory's four attacks (nested, symlink, linked folder, hard link)."""
    submitted = course / "submitted"
    secret = course / "source" / "ex01" / EX01.name  # the instructor's model solution
    secret.parent.mkdir(parents=True)
    shutil.copy(SOL01, secret)
    for student in ("alice", CYRILLIC_ALICE):
        (submitted / student / "ex01").mkdir(parents=True)
        shutil.copy(EX01, submitted / student / "ex01" / EX01.name)
    nested = submitted / "mallory" / "ex01" / "submitted" / "alice" / "ex01"
    nested.mkdir(parents=True)
    shutil.copy(SOL01, nested / EX01.name)
    (submitted / "mallory" / "ex01" / "linked.ipynb").symlink_to(secret)
    os.link(secret, submitted / "mallory" / "ex01" / EX01.name)
    (submitted / "trudy").mkdir()
    (submitted / "trudy" / "ex01").symlink_to(secret.parent, target_is_directory=True)
    return submitted


def test_collection_refuses_links_and_nested_uploads_by_name_and_takes_the_outermost_student(tmp_path):
    submitted = hostile_class(tmp_path)
    handed, refused = collect([submitted])
    assert [(h.path.relative_to(submitted).as_posix(), h.student) for h in handed] == [
        (f"alice/ex01/{EX01.name}", "alice"), (f"{CYRILLIC_ALICE}/ex01/{EX01.name}", CYRILLIC_ALICE)]
    text = "\n".join(refused)
    assert len(refused) == 4, refused
    assert "submitted/mallory/ex01/submitted/alice/ex01/" in text
    assert "a submitted/ folder inside mallory's ex01" in text
    assert "mallory/ex01/linked.ipynb is a symbolic link" in text
    assert f"mallory/ex01/{EX01.name} has 2 hard links" in text
    assert "submitted/trudy/ex01 is a symbolic link" in text
    # the outermost layout folder names the student, even on its own
    assert student_of("c/submitted/mallory/ex01/submitted/alice/ex01/x.ipynb") == "mallory"
    # a course kept under a folder that happens to be called submitted: found from the folder named down
    home = tmp_path / "submitted" / "course"
    (home / "submitted" / "bob" / "ex01").mkdir(parents=True)
    shutil.copy(EX01, home / "submitted" / "bob" / "ex01" / EX01.name)
    assert [h.student for h in collect([home])[0]] == ["bob"]


def test_lookalike_names_show_their_scripts():
    assert lookalike_note("alice") == ""
    assert lookalike_note(CYRILLIC_ALICE) == "mixed scripts: Cyrillic+Latin; 1 character not ASCII"
    assert "Latin-Fullwidth" in lookalike_note("\uff41lice")
    rows = [{"rank": 1, "group": 1, "bot": name, "rating": 0.0, "low": -1.0, "high": 1.0, "wins": 1, "draws": 0,
             "losses": 1, "failures": "", "name_scripts": lookalike_note(name)} for name in ("alice", CYRILLIC_ALICE)]
    board = format_leaderboard(rows, "bradley-terry").splitlines()
    assert "[name" not in board[1] and "[name mixed scripts: Cyrillic+Latin" in board[2]


def test_the_arena_refuses_linked_folders_hard_links_and_nested_uploads(tmp_path):
    submitted = tmp_path / "submitted"
    alice = submitted / "alice" / "ex11"
    alice.mkdir(parents=True)
    shutil.copy(BOT, alice / "11_bot.py")
    (submitted / "mallory").mkdir()
    (submitted / "mallory" / "ex11").symlink_to(alice, target_is_directory=True)  # alice's bot as mallory's
    (submitted / "trudy" / "ex11").mkdir(parents=True)
    instructors = tmp_path / "instructor" / "reference_bot.py"
    instructors.parent.mkdir()
    shutil.copy(BOT, instructors)
    os.link(instructors, submitted / "trudy" / "ex11" / "11_bot.py")  # the instructor's file under trudy's name
    nested = submitted / "eve" / "ex11" / "submitted" / "bob" / "ex11"
    nested.mkdir(parents=True)
    shutil.copy(BOT, nested / "11_bot.py")
    (submitted / CYRILLIC_ALICE / "ex11").mkdir(parents=True)
    shutil.copy(BOT, submitted / CYRILLIC_ALICE / "ex11" / "11_bot.py")
    bots = {b.name: b for b in load_bots([submitted], "subtraction:3,5,11")}
    assert sorted(bots) == sorted(["alice", "mallory", "trudy", CYRILLIC_ALICE])  # no "bob", no second alice
    assert not bots["alice"].problem and not bots[CYRILLIC_ALICE].problem
    assert "symbolic link" in bots["mallory"].problem and not bots["mallory"].cells
    assert "2 hard links" in bots["trudy"].problem and not bots["trudy"].cells


@pytest.mark.slow
@pytest.mark.skipif(bwrap() is None and not os.environ.get("CI"), reason="bubblewrap is not installed")
def test_one_student_one_row_one_link_and_the_refusals_in_the_json(tmp_path):
    submitted = hostile_class(tmp_path)
    out = tmp_path / "grades.csv"
    assert grade_main([str(submitted), "--out", str(out), "--feedback", str(tmp_path / "fb"), "--timeout", "10",
                       "--jobs", "2"]) == 0
    data = json.loads(out.with_suffix(".json").read_text())
    assert sorted(r["student"] for r in data["records"]) == sorted(["alice", CYRILLIC_ALICE])
    assert all(r["points"] == 0 for r in data["records"])  # blank exercises; the model solution was never graded
    assert len(data["refused"]) == 4
    page = (tmp_path / "fb" / "index.html").read_text()
    links = {name: set(re.findall(rf'href="([^"]+)">{name}</a>', page)) for name in ("alice", CYRILLIC_ALICE)}
    assert [len(found) for found in links.values()] == [1, 1] and links["alice"] != links[CYRILLIC_ALICE]
    assert all(link.startswith("alice__") for link in links["alice"])  # alice's own page, never another's
    assert "Cyrillic+Latin" in page and "mallory" not in page
    html = class_page_html(data["records"], {r["notebook"]: f"p{i}.html" for i, r in enumerate(data["records"])})
    listing = html.split("Every learner")[1]  # by name and by points: each row links its own record's page
    assert listing.count('href="p0.html"') == 2 and listing.count('href="p1.html"') == 2
