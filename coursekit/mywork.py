"""The learner's own copies of the lessons (my-work/, git-ignored) and what JupyterLab saves there (issue 28).

`make lab` runs `python -m coursekit.mywork`: lessons, dashboards and exercises are copied into `my-work/` as the
learner meets them (coursekit.learner_copy: no saved outputs, answers folded; issue 34), with the same folders (so
links between them work), each only when the learner has no copy yet -- a learner's work is never overwritten, and a
lesson added by a course update arrives at the next `make lab`. JupyterLab autosaves only these copies, so
`git status` stays clean and `git pull` never conflicts with a learner's work.

`pre_save` is the Lab's save hook (jupyter-config/jupyter_server_config.json): a widget's view is saved as its
text ("... run this cell to show the widget") instead of a reference to a widget model that is gone after a
restart (JupyterLab showed "Error displaying widget: model not found"), and the course's own notebooks in the
repository are not saved over (the hook answers with where the learner's copy is).

Exercise notebooks were renamed NN_name.ipynb -> NN_exercises_name.ipynb (issue 28): a learner's copy under the
old name stays as it is, the new name is copied beside it, and `main` says which old copy holds their work.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from pathlib import Path

from coursekit.grading.filenames import lesson_stem
from coursekit.learner_copy import learner_copy

WORK = "my-work"  # the learner's folder, beside notebooks/ (listed in .gitignore)
# what is copied: (folder in the repository, file pattern); the folders keep their names under my-work/
# the lessons, their optional going-further notebooks (NNb_name, issue 34), the dashboards and the exercises
COPIED = (("notebooks", "[0-9][0-9]_*.ipynb"), ("notebooks", "[0-9][0-9]b_*.ipynb"), ("notebooks/demos", "*.ipynb"),
          ("exercises", "*.ipynb"))
# reference pages the lessons link to: brought up to date at every `make lab` (they hold no learner work)
REFERENCE = ("notebooks/glossary.md",)
# the repository's notebooks Lab refuses to save over (a developer sets COURSEKIT_EDIT_COURSE=1 to edit them)
COURSE_FOLDERS = ("notebooks", "exercises", "solutions")
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
RUN_TO_SHOW = "Widget: run this cell to show the widget"
WIDGET_REPR = re.compile(r"^[A-Z]\w*\((children|value|description|layout)=")  # ipywidgets' default repr


def saved_without_widget_views(notebook: dict) -> dict:
    """The notebook (changed in place) with every widget view saved as text and no widget state in its metadata."""
    for cell in notebook.get("cells", []):
        for output in cell.get("outputs", []) or []:
            data = output.get("data")
            if not isinstance(data, dict) or WIDGET_VIEW not in data:
                continue
            del data[WIDGET_VIEW]
            text = data.get("text/plain", "")
            text = "".join(text) if isinstance(text, list) else str(text)
            if not text.strip() or WIDGET_REPR.match(text):
                data["text/plain"] = RUN_TO_SHOW
    notebook.get("metadata", {}).pop("widgets", None)
    return notebook


def _is_course_folder(root: Path) -> bool:
    return (root / "coursekit").is_dir() and (root / "pyproject.toml").is_file()


def pre_save(model: dict, path: str, contents_manager=None, **_) -> None:
    """JupyterLab's pre-save hook: save widget views as text; refuse to save over the course's own notebooks."""
    if model.get("type") != "notebook" or not isinstance(model.get("content"), dict):
        return
    root = Path(getattr(contents_manager, "root_dir", ".") or ".")
    parts = Path(path.strip("/")).parts
    if (parts and parts[0] in COURSE_FOLDERS and _is_course_folder(root)
            and os.environ.get("COURSEKIT_EDIT_COURSE") != "1"):
        from tornado.web import HTTPError

        own = Path(WORK, *parts).as_posix()
        raise HTTPError(403, reason=f"{path} is the course's copy and is not saved: your own copy is {own} "
                                    f"(make lab makes it)")
    saved_without_widget_views(model["content"])


def make_copies(course: Path, work: Path | None = None) -> list[Path]:
    """Copy the course's notebooks the learner has no copy of yet into work (default course/my-work); return them."""
    import json

    course = Path(course)
    work = Path(work) if work is not None else course / WORK
    made = []
    for folder, pattern in COPIED:
        for source in sorted((course / folder).glob(pattern)):
            target = work / folder / source.name
            if target.exists():
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            notebook = learner_copy(json.loads(source.read_text(encoding="utf-8")))
            target.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
            made.append(target)
    for name in REFERENCE:
        source, target = course / name, work / name
        if source.is_file() and (not target.is_file() or target.read_bytes() != source.read_bytes()):
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(source, target)
    bots = course / "notebooks" / "demos" / "arena_bots"
    if bots.is_dir() and not (work / "notebooks" / "demos" / "arena_bots").exists():
        shutil.copytree(bots, work / "notebooks" / "demos" / "arena_bots")
    return made


def lesson_name(name: str) -> str:
    """An exercise notebook's name before issue 28, the lesson's: '02_exercises_x.ipynb' -> '02_x.ipynb'."""
    return f"{lesson_stem(name)}.ipynb"


def renamed_exercises(course: Path, work: Path | None = None) -> list[tuple[Path, Path]]:
    """(the learner's copy under an exercise's old name, its copy under today's name) for each old copy kept."""
    course = Path(course)
    work = Path(work) if work is not None else course / WORK
    pairs = []
    for source in sorted((course / "exercises").glob("[0-9][0-9]_exercises_*.ipynb")):
        old = work / "exercises" / lesson_name(source.name)
        if old.is_file():
            pairs.append((old, work / "exercises" / source.name))
    return pairs


def main(argv: list[str] | None = None) -> int:
    """Make the learner's copies in the current folder's my-work/ and say what was made."""
    argv = sys.argv[1:] if argv is None else argv
    course = Path(argv[0]) if argv else Path.cwd()
    made = make_copies(course)
    if made:
        print(f"{len(made)} notebook(s) copied into {WORK}/ (your own copies: JupyterLab saves your work there; "
              f"the course's notebooks stay as they are, so git pull brings course updates)")
    for old, new in renamed_exercises(course):
        if new in made:
            print(f"{old.relative_to(course)} (your earlier work, kept as it is): the course's exercise notebooks "
                  f"are now named like {new.name}, and a fresh copy is beside it; go on in either, and hand in one")
    return 0


if __name__ == "__main__":
    sys.exit(main())
