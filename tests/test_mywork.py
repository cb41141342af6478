"""The learner's own copies (coursekit/mywork.py, issue 28): made once, never overwritten, saved without widget
views; the course's own notebooks are not saved over from the learner's JupyterLab."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tornado.web import HTTPError

from coursekit import learner_copy, mywork

ROOT = Path(__file__).resolve().parents[1]


def test_copies_are_made_once_and_never_overwritten(tmp_path):
    made = mywork.make_copies(ROOT, tmp_path / "my-work")
    names = {p.relative_to(tmp_path / "my-work").as_posix() for p in made}
    assert "notebooks/00_start_here.ipynb" in names and "notebooks/demos/mcts.ipynb" in names
    assert {f"exercises/{p.name}" for p in (ROOT / "exercises").glob("*.ipynb")} <= names
    mine = tmp_path / "my-work" / "notebooks" / "00_start_here.ipynb"
    mine.write_text(mine.read_text().replace("Start here", "My notes"))
    mine.with_name("01_superpositions.ipynb").unlink()  # a lesson the learner lost, or a new one of the course
    again = mywork.make_copies(ROOT, tmp_path / "my-work")
    assert [p.name for p in again] == ["01_superpositions.ipynb"]
    assert "My notes" in mine.read_text()


def test_an_old_my_work_gets_the_going_further_notebooks_and_keeps_its_lessons(tmp_path):
    """Issue 34: side roads moved out of lessons into notebooks/NNb_*.ipynb. A my-work/ made before holds the long
    lessons as they were (kept, never overwritten); the next make lab adds the going-further notebooks beside them,
    as learner copies whose links lead back to the lesson."""
    further = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]b_*.ipynb"))
    assert further, "no going-further notebook in notebooks/"
    work = tmp_path / "my-work"
    lesson = work / "notebooks" / "07_strategies_and_playouts.ipynb"
    lesson.parent.mkdir(parents=True)
    lesson.write_text('{"cells": [], "metadata": {"mine": "the long lesson 07"}, "nbformat": 4, "nbformat_minor": 5}\n')
    before = lesson.read_bytes()
    made = {p.name for p in mywork.make_copies(ROOT, work)}
    assert set(further) <= made and lesson.name not in made and lesson.read_bytes() == before
    for name in further:
        notebook = json.loads((work / "notebooks" / name).read_text())
        code = [c for c in notebook["cells"] if c["cell_type"] == "code"]
        assert not any(c["outputs"] for c in code), name
        text = "".join("".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "markdown")
        back = f"]({name[:2]}_"  # the link back to its lesson, relative: it opens the learner's own copy
        assert back in text, name
        assert (work / "notebooks" / (name[:2] + "_" + text.split(back, 1)[1].split(")")[0])).is_file(), name


def test_an_exercise_copy_under_its_old_name_is_kept_and_the_new_name_copied_beside_it(tmp_path, capsys):
    course = tmp_path / "course"
    (course / "exercises").mkdir(parents=True)
    new = "02_exercises_counting_blackjack_hands.ipynb"
    (course / "exercises" / new).write_bytes((ROOT / "exercises" / new).read_bytes())
    old = course / "my-work" / "exercises" / "02_counting_blackjack_hands.ipynb"  # an earlier make lab's copy
    old.parent.mkdir(parents=True)
    old.write_text('{"cells": [], "metadata": {"mine": "my answers"}, "nbformat": 4, "nbformat_minor": 5}\n')
    before = old.read_bytes()
    assert mywork.main([str(course)]) == 0
    assert old.read_bytes() == before and (old.parent / new).is_file()
    said = capsys.readouterr().out
    assert "my-work/exercises/02_counting_blackjack_hands.ipynb (your earlier work, kept as it is)" in said
    assert new in said and "hand in one" in said
    assert mywork.main([str(course)]) == 0 and "earlier work" not in capsys.readouterr().out  # said once
    assert mywork.renamed_exercises(course) == [(old, old.parent / new)]


def test_copies_are_the_lesson_as_a_learner_meets_it(tmp_path):
    """No saved output (an output below a question shows its answer), no widget state, every reveal folded."""
    mywork.make_copies(ROOT, tmp_path)
    for path in sorted((tmp_path / "notebooks").glob("[0-9][0-9]_*.ipynb")):
        notebook = json.loads(path.read_text())
        assert "widgets" not in notebook["metadata"], path.name
        code = [c for c in notebook["cells"] if c["cell_type"] == "code"]
        assert code and not any(c["outputs"] or c["execution_count"] for c in code), path.name
        for cell in notebook["cells"]:
            if learner_copy.REVEAL in learner_copy.tags(cell) and cell["cell_type"] == "markdown":
                assert "".join(cell["source"]).startswith(learner_copy.FOLD_START), path.name


def test_a_reveal_is_folded_once_and_the_website_keeps_outputs_behind_a_toggle():
    notebook = {"cells": [
        {"cell_type": "markdown", "metadata": {"tags": ["reveal"]}, "source": "Eight ways, four totals."},
        {"cell_type": "code", "metadata": {"tags": ["reveal"]}, "source": "x", "execution_count": 3,
         "outputs": [{"output_type": "stream", "name": "stdout", "text": "[3, 13, 23, 33]"}]},
        {"cell_type": "markdown", "metadata": {}, "source": "Not an answer."}], "metadata": {}}
    learner = learner_copy.learner_copy(notebook)
    assert learner["cells"][0]["source"].startswith(learner_copy.FOLD_START)
    assert learner_copy.learner_copy(learner) == learner  # folding twice folds once
    assert learner["cells"][1]["outputs"] == [] and learner["cells"][2]["source"] == "Not an answer."
    # a reveal code cell: collapsed in Lab, its first line (all the learner sees) says to run it after answering
    assert learner["cells"][1]["metadata"]["jupyter"]["source_hidden"] is True
    assert learner["cells"][1]["source"] == f"{learner_copy.CODE_NOTE}\nx"
    site = learner_copy.website_copy(notebook)
    assert site["cells"][1]["outputs"] and "hide-output" in site["cells"][1]["metadata"]["tags"]
    assert notebook["cells"][0]["source"] == "Eight ways, four totals."  # the repository's notebook is untouched


def _notebook(text: str) -> dict:
    view = {"model_id": "abc", "version_major": 2, "version_minor": 0}
    return {"cells": [{"cell_type": "code", "source": "", "metadata": {}, "execution_count": 1, "outputs": [
        {"output_type": "display_data", "metadata": {}, "data": {mywork.WIDGET_VIEW: view, "text/plain": text}}]}],
        "metadata": {"widgets": {"state": {}}}, "nbformat": 4, "nbformat_minor": 5}


@pytest.mark.parametrize("text, shown", [
    ("VBox(children=(Button(description='Deal'),))", mywork.RUN_TO_SHOW),
    ("", mywork.RUN_TO_SHOW),
    ("MCTSStepper: run this cell to show the widget", "MCTSStepper: run this cell to show the widget"),
    ("100%|##########| 10/10", "100%|##########| 10/10"),  # a finished progress bar keeps its text
])
def test_the_save_hook_keeps_a_widgets_text_only(text, shown, tmp_path):
    model = {"type": "notebook", "content": _notebook(text)}
    mywork.pre_save(model=model, path="my-work/notebooks/00_start_here.ipynb", contents_manager=None)
    data = model["content"]["cells"][0]["outputs"][0]["data"]
    assert data == {"text/plain": shown}
    assert "widgets" not in model["content"]["metadata"]


class _Manager:
    root_dir = str(ROOT)


def test_the_save_hook_refuses_the_courses_own_notebooks(monkeypatch):
    monkeypatch.delenv("COURSEKIT_EDIT_COURSE", raising=False)
    model = {"type": "notebook", "content": _notebook("x")}
    with pytest.raises(HTTPError) as refused:
        mywork.pre_save(model=model, path="notebooks/08_monte_carlo_tree_search.ipynb", contents_manager=_Manager())
    assert "my-work/notebooks/08_monte_carlo_tree_search.ipynb" in refused.value.reason
    monkeypatch.setenv("COURSEKIT_EDIT_COURSE", "1")  # a course developer editing a lesson in Lab
    mywork.pre_save(model=model, path="notebooks/08_monte_carlo_tree_search.ipynb", contents_manager=_Manager())


def test_binders_image_rewrites_the_lessons_it_was_built_from_as_learner_copies(tmp_path):
    """binder/postBuild's own line, run on a copy of the course's notebooks: every output gone, reveals folded."""
    import shutil
    import subprocess
    import sys

    line = next(x for x in (ROOT / "binder" / "postBuild").read_text().splitlines() if "coursekit.learner_copy" in x)
    shutil.copytree(ROOT / "notebooks", tmp_path / "notebooks", ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    shutil.copytree(ROOT / "exercises", tmp_path / "exercises")
    done = subprocess.run([sys.executable, *line.split()[1:]], cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    lesson = json.loads((tmp_path / "notebooks" / "02_counting_blackjack_hands.ipynb").read_text())
    assert not any(c.get("outputs") for c in lesson["cells"])
    assert any("".join(c["source"]).startswith(learner_copy.FOLD_START) for c in lesson["cells"])
    refused = subprocess.run([sys.executable, "-m", "coursekit.learner_copy", "no-such-folder"], cwd=tmp_path,
                             capture_output=True, text=True)
    assert refused.returncode == 2 and "'no-such-folder' is not a folder of notebooks" in refused.stderr
