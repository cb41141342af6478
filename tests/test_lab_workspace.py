"""`make lab` reopens one document (coursekit/lab_workspace.py, issue 37 item 5); the browser side is in
tests/browser/test_make_lab.py."""

from __future__ import annotations

import json
import os

from coursekit.lab_workspace import LAYOUT, keep_current, main, tidy


def _workspace(*paths: str, current: int = -1) -> dict:
    keys = [f"notebook:{path}" for path in paths]
    data = {key: {"data": {"path": key.split(":", 1)[1], "factory": "Notebook"}} for key in keys}
    data[LAYOUT] = {"main": {"dock": {"type": "split-area", "orientation": "horizontal", "sizes": [0.5, 0.5],
                                      "children": [{"type": "tab-area", "currentIndex": 0, "widgets": keys[:1]},
                                                   {"type": "tab-area", "currentIndex": 0, "widgets": keys[1:]}]},
                             "current": keys[current] if keys else None},
                    "left": {"collapsed": False, "current": "filebrowser", "widgets": ["filebrowser"]}}
    data["file-browser-filebrowser:cwd"] = {"path": "my-work/notebooks"}
    return {"data": data, "metadata": {"id": "default"}}


def test_only_the_current_document_stays_and_the_rest_of_the_layout_is_kept(tmp_path):
    for name in ("a.ipynb", "b.ipynb", "c.ipynb"):
        (tmp_path / name).write_text("{}")
    workspace = _workspace("a.ipynb", "b.ipynb", "c.ipynb", current=1)
    assert keep_current(workspace, tmp_path) == "b.ipynb"
    data = workspace["data"]
    assert [key for key in data if key.startswith("notebook:")] == ["notebook:b.ipynb"]
    assert data[LAYOUT]["main"]["dock"]["widgets"] == ["notebook:b.ipynb"]
    assert data[LAYOUT]["main"]["current"] == "notebook:b.ipynb"
    assert data[LAYOUT]["left"]["current"] == "filebrowser"  # the file browser as the learner left it
    assert data["file-browser-filebrowser:cwd"] == {"path": "my-work/notebooks"}


def test_a_document_that_is_gone_leaves_an_empty_main_area(tmp_path):
    workspace = _workspace("gone.ipynb")
    assert keep_current(workspace, tmp_path) is None
    assert "main" not in workspace["data"][LAYOUT]
    assert not [key for key in workspace["data"] if key.startswith("notebook:")]


def test_the_command_prints_the_newest_workspaces_document_or_the_default(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "workspaces"
    assert main([str(folder), "my-work/notebooks/00_start_here.ipynb"]) == 0  # no folder yet: the first make lab
    assert capsys.readouterr().out.strip() == "my-work/notebooks/00_start_here.ipynb"
    folder.mkdir()
    for name in ("old.ipynb", "new.ipynb"):
        (tmp_path / name).write_text("{}")
    (folder / "lab-1.jupyterlab-workspace").write_text(json.dumps(_workspace("old.ipynb")))
    (folder / "lab-2.jupyterlab-workspace").write_text(json.dumps(_workspace("new.ipynb", "old.ipynb", current=0)))
    os.utime(folder / "lab-1.jupyterlab-workspace", (1, 1))
    (folder / "broken.jupyterlab-workspace").write_text("{not json")
    assert main([str(folder), "default.ipynb"]) == 0
    assert capsys.readouterr().out.strip() == "new.ipynb"
    assert not (folder / "broken.jupyterlab-workspace").exists()  # Lab could not read it either
    saved = json.loads((folder / "lab-2.jupyterlab-workspace").read_text())
    assert [key for key in saved["data"] if key.startswith("notebook:")] == ["notebook:new.ipynb"]
    os.utime(folder / "lab-1.jupyterlab-workspace", (1, 1))
    assert tidy(folder, tmp_path) == "new.ipynb"  # tidying twice changes nothing
    assert json.loads((folder / "lab-2.jupyterlab-workspace").read_text()) == saved


def test_the_command_says_how_to_call_it(capsys):
    assert main(["only-one"]) == 2
    assert "usage" in capsys.readouterr().err
