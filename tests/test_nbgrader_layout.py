"""The course's grader and arena on nbgrader's folders: submitted/<student>/<assignment>/<notebook>.ipynb."""

from __future__ import annotations

import shutil
from pathlib import Path

from coursekit.arena.bots import load_bots
from coursetools.author.nbgrader_export import nbgrader_notebook
from coursetools.grade.nbgrader_layout import student_of, written_cells
from coursetools.nbio import nbformat

ROOT = Path(__file__).resolve().parents[1]
SOL01 = ROOT / "solutions" / "01_solutions_superpositions.ipynb"
BOT = ROOT / "notebooks" / "demos" / "arena_bots" / "subtraction"


def test_the_student_is_read_from_nbgraders_folders():
    assert student_of("course/submitted/ada/ex02/02_counting_blackjack_hands.ipynb") == "ada"
    assert student_of("/srv/course/autograded/bob/ex11/11_the_class_tournament.ipynb") == "bob"
    assert student_of("handed_in/02_counting_blackjack_hands.ipynb") == ""
    assert student_of("submitted/02_counting_blackjack_hands.ipynb") == ""


def test_nbgraders_written_answer_cells_are_the_written_answers():
    nb = nbgrader_notebook(nbformat.read(SOL01, as_version=4))
    found = dict((source.split(" = ")[0], source) for _, source in written_cells(nb, "01"))
    assert list(found) == ["why_stimmt"]
    namespace: dict = {}
    exec(found["why_stimmt"], namespace)  # a plain string assignment, whatever the learner wrote
    assert len(namespace["why_stimmt"].split()) >= 5
    cell = next(c for c in nb.cells if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "q01_5")
    cell.source = 'YOUR ANSWER HERE'
    assert written_cells(nb, "01")[0][1] == "why_stimmt = ''"
    cell.source = '"""; import os; os.system("true"); """'
    namespace = {}
    exec(written_cells(nb, "01")[0][1], namespace)
    assert namespace["why_stimmt"] == cell.source


def test_the_arena_takes_one_bot_per_student_from_submitted(tmp_path):
    bot = next(p for p in sorted(BOT.iterdir()) if p.suffix == ".py")
    for student, assignment in (("ada", "ex11"), ("bob", "ex11"), ("bob", "ex02"), ("cy", "ex03")):
        folder = tmp_path / "submitted" / student / assignment
        folder.mkdir(parents=True)
        shutil.copy(bot, folder / ("11_bot.py" if assignment == "ex11" else "other.py"))
    bots = load_bots([tmp_path / "submitted", "random"], "subtraction:3,5,11")
    assert [b.name for b in bots] == ["ada", "bob", "cy", "random"]
    assert "/ex11/" in bots[1].path and "/ex03/" in bots[2].path
