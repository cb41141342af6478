"""`python -m coursekit site OUT`: the lesson website, a Jupyter Book 1 built offline from the saved lessons.

It assembles a book folder (configuration, table of contents, a course map page, the lessons with their saved
outputs and widget state, the exercises) in OUT/book and runs `jupyter-book build` on it; the pages land in
OUT/book/_build/html. Launch buttons open a lesson on Binder or, through an nbgitpuller link, on a JupyterHub.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path
from typing import Optional

ROOT = Path(__file__).resolve().parents[1]
TITLE = "Games of Chance and Search"
DEFAULT_REPOSITORY = "https://github.com/games-course/games-of-chance-and-search"
# the JavaScript that draws saved widget state on a static page (the versions myst-nb links from a CDN)
WIDGET_PACKAGES = {"@jupyter-widgets/html-manager@1.0.6": "html-manager", "requirejs@2.3.7": "requirejs"}

CONFIG = """\
# written by `python -m coursekit site`; edit the options there, not here
title: {title}
author: the course team
copyright: ""
only_build_toc_files: true
execute:
  execute_notebooks: "off"
repository:
  url: {repository}
  branch: {branch}
  path_to_book: ""
launch_buttons:
  notebook_interface: jupyterlab
  binderhub_url: {binder}
  jupyterhub_url: {hub}
html:
  use_repository_button: true
  use_issues_button: false
  use_edit_page_button: false
  home_page_in_navbar: true
sphinx:
  config:
    html_show_sphinx: false
    html_show_copyright: false
    suppress_warnings: ["mystnb.unknown_mime_type"]
{widgets}"""
LOCAL_WIDGETS = """\
    html_static_path: ["widget-js"]
    html_extra_path: ["widget-fonts"]
    nb_ipywidgets_js:
      require.min.js: {}
      embed-amd.js:
        data-jupyter-widgets-cdn: https://cdn.jsdelivr.net/npm/
"""


def lesson_title(path: Path) -> str:
    """The first heading of a notebook, without the '#'."""
    nb = json.loads(path.read_text())
    for cell in nb["cells"]:
        if cell["cell_type"] == "markdown":
            for line in "".join(cell["source"]).splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return path.stem.replace("_", " ")


def course_map(lessons: list[Path], exercises: dict[str, Path]) -> str:
    """The book's first page: what the course is and a table of the lessons with their exercises."""
    readme = (ROOT / "README.md").read_text()
    about = re.search(r"## What this course is\n\n(.*?)\n\n##", readme, re.S)
    rows = ["| # | lesson | exercises |", "|---|---|---|"]
    for path in lessons:
        number = path.name[:2]
        exercise = exercises.get(number)
        link = f"[exercise {number}](exercises/{exercise.stem})" if exercise else "-"
        rows.append(f"| {number} | [{lesson_title(path)}](notebooks/{path.stem}) | {link} |")
    return "\n\n".join([f"# {TITLE}", about.group(1) if about else "", "## Course map", "\n".join(rows),
                        "Each lesson page has a launch button (the rocket at the top) that opens it in JupyterLab "
                        "on Binder or on your class's JupyterHub. The exercises are notebooks with checks: open "
                        "them in JupyterLab to work on them."]) + "\n"


def vendor_widget_js(folder: Path, cache: Path) -> bool:
    """Copy require.js and the widget HTML manager into the book (from npm, cached), so widgets draw offline."""
    cache.mkdir(parents=True, exist_ok=True)
    npm = shutil.which("npm")
    for spec, name in WIDGET_PACKAGES.items():
        if not list(cache.glob(f"*{name}-*.tgz")):
            if npm is None:
                return False
            result = subprocess.run([npm, "pack", spec, "--silent"], cwd=cache, capture_output=True, text=True,
                                    timeout=300)
            if result.returncode != 0:
                return False
    target = folder / "widget-js"
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(next(cache.glob("*html-manager-*.tgz"))) as archive:
        for member in archive.getmembers():
            name = Path(member.name)
            if name.parent.as_posix() == "package/dist" and member.isfile() and name.suffix != ".map":
                (target / name.name).write_bytes(archive.extractfile(member).read())
    fonts = [f for f in target.iterdir() if f.suffix in (".woff", ".woff2", ".ttf", ".eot", ".svg")]
    for page_folder in ("notebooks", "exercises"):  # the manager asks for its icon fonts beside the page
        for sub in ("@jupyter-widgets/html-manager/dist", "@jupyter-widgets"):
            place = folder / "widget-fonts" / page_folder / sub
            place.mkdir(parents=True, exist_ok=True)
            for font in fonts:
                shutil.copy(font, place / font.name)
    with tarfile.open(next(cache.glob("*requirejs-*.tgz"))) as archive:
        (target / "require.min.js").write_bytes(archive.extractfile("package/require.js").read())
    return True


def assemble(book: Path, repository: str = DEFAULT_REPOSITORY, branch: str = "main",
             binder: str = "https://mybinder.org", hub: str = "", cache: Optional[Path] = None) -> list[Path]:
    """Write the book folder; return the notebooks it holds."""
    if book.exists():
        shutil.rmtree(book)
    book.mkdir(parents=True)  # no _static/ in it: Jupyter Book would link every .js in the static folders
    (book / "notebooks").mkdir(parents=True)
    (book / "exercises").mkdir()
    lessons = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    exercises = {p.name[:2]: p for p in sorted((ROOT / "exercises").glob("[0-9][0-9]_*.ipynb"))}
    for path in lessons:
        shutil.copy(path, book / "notebooks" / path.name)
    for path in exercises.values():
        shutil.copy(path, book / "exercises" / path.name)
    (book / "intro.md").write_text(course_map(lessons, exercises))
    toc = ["format: jb-book", "root: intro", "parts:", "  - caption: Lessons", "    chapters:"]
    toc += [f"      - file: notebooks/{p.stem}" for p in lessons]
    toc += ["  - caption: Exercises", "    chapters:"]
    toc += [f"      - file: exercises/{p.stem}" for p in exercises.values()]
    (book / "_toc.yml").write_text("\n".join(toc) + "\n")
    local = vendor_widget_js(book, cache or book.parent / "npm-cache")
    if not local:
        print("note: npm is not available; widgets on the site load their JavaScript from a CDN", file=sys.stderr)
    (book / "_config.yml").write_text(CONFIG.format(title=json.dumps(TITLE), repository=repository,
                                                    branch=branch, binder=json.dumps(binder), hub=json.dumps(hub),
                                                    widgets=LOCAL_WIDGETS if local else ""))
    return [*(book / "notebooks").glob("*.ipynb"), *(book / "exercises").glob("*.ipynb")]


def build(book: Path) -> Path:
    """Run Jupyter Book on the folder; return the folder of HTML pages."""
    program = shutil.which("jupyter-book", path=str(Path(sys.executable).parent)) or shutil.which("jupyter-book")
    if program is None:
        raise RuntimeError("jupyter-book is not installed: pip install -e '.[class]'")
    result = subprocess.run([program, "build", str(book), "--warningiserror", "--keep-going", "-q"],
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"jupyter-book build failed:\n{result.stdout[-4000:]}\n{result.stderr[-4000:]}")
    return book / "_build" / "html"


def main(argv: Optional[list[str]] = None) -> int:
    """Assemble and build the website."""
    parser = argparse.ArgumentParser(prog="python -m coursekit site", description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default="site", help="folder for the book and its pages (default: site)")
    parser.add_argument("--repository", default=DEFAULT_REPOSITORY,
                        help="the course's public git repository (launch buttons open its notebooks)")
    parser.add_argument("--branch", default="main", help="the branch the launch buttons use (default: main)")
    parser.add_argument("--binder", default="https://mybinder.org", help="a BinderHub URL, or '' for no button")
    parser.add_argument("--hub", default="", help="your JupyterHub's URL: the button opens the lesson there "
                                                  "through nbgitpuller (e.g. https://hub.example.edu)")
    args = parser.parse_args(argv)
    book = Path(args.out) / "book"
    assemble(book, args.repository, args.branch, args.binder, args.hub)
    try:
        html = build(book)
    except RuntimeError as error:
        print(f"cannot build the site: {error}", file=sys.stderr)
        return 1
    print(f"the lesson website is in {html} (open {html / 'index.html'})")
    return 0
