"""`python -m coursekit site OUT`: the lesson website, a Jupyter Book 1 built from the lessons executed for it.

It assembles a book folder (configuration, table of contents, a course map page, the lessons executed afresh with
their widget state, the exercises) in OUT/book and runs `jupyter-book build` on it; the pages land in
OUT/book/_build/html. Launch buttons open a lesson on Binder or, through an nbgitpuller link, on a JupyterHub.
Each lesson runs in a fresh kernel into the book folder (nbclient keeps the state of its widgets), so what a lesson
last looked like in someone's Lab never reaches the site; `--saved` builds from the saved lessons instead and
refuses, naming the notebook, when a widget output has no saved state. The JavaScript the pages need (widget manager,
require.js, MathJax) comes from npm into the site itself: no page asks another host for anything.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Optional

from coursekit.learner_copy import website_copy
from coursetools.argtypes import positive_int

ROOT = Path(__file__).resolve().parents[1]
TITLE = "Games of Chance and Search"
DEFAULT_REPOSITORY = "https://github.com/games-course/games-of-chance-and-search"
# the JavaScript that draws saved widget state on a static page (the versions myst-nb links from a CDN)
WIDGET_PACKAGES = {"@jupyter-widgets/html-manager@1.0.6": "html-manager", "requirejs@2.3.7": "requirejs"}
# the maths typesetter (Sphinx links this major version from a CDN: offline the pages showed raw \(...\))
MATHJAX_PACKAGE = "mathjax@3.2.2"
MATHJAX_SCRIPT = "tex-mml-chtml.js"  # the combined component Sphinx loads by default
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
STATE_MIME = "application/vnd.jupyter.widget-state+json"
# lessons executed at once for the site: each runs in its own kernel, mostly on one core
DEFAULT_JOBS = max(1, min(2, os.cpu_count() or 1))
CELL_TIMEOUT = 600  # seconds a lesson's cell may take before the build gives up on it

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
    suppress_warnings: ["mystnb.unknown_mime_type", "myst.xref_missing"]  # links: tests/browser/test_site.py
    myst_heading_anchors: 3
{static}{widgets}{mathjax}"""
LOCAL_WIDGETS = """\
    html_extra_path: ["widget-fonts"]
    nb_ipywidgets_js:
      require.min.js: {}
      embed-amd.js:
        data-jupyter-widgets-cdn: https://cdn.jsdelivr.net/npm/
"""
LOCAL_MATHJAX = f"""\
    mathjax_path: mathjax/{MATHJAX_SCRIPT}
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
    by_number = {path.name[:2]: path for path in lessons}
    for number in sorted({*by_number, *exercises}):
        path, exercise = by_number.get(number), exercises.get(number)
        link = f"[exercise {number}](exercises/{exercise.stem})" if exercise else "-"
        if path is not None:
            lesson = f"[{lesson_title(path)}](notebooks/{path.stem})"
        else:  # exercises that come before their lesson page
            lesson = re.sub(r"^Exercises\s+\d+\s*\W\s*", "", lesson_title(exercise)) + " (exercises only)"
        rows.append(f"| {number} | {lesson} | {link} |")
    return "\n\n".join([f"# {TITLE}", about.group(1) if about else "", "## Course map", "\n".join(rows),
                        "Each lesson page has a launch button (the rocket at the top) that opens it in JupyterLab "
                        "on Binder or on your class's JupyterHub. The exercises are notebooks with checks: open "
                        "them in JupyterLab to work on them."]) + "\n"


def npm_package(spec: str, cache: Path) -> Optional[Path]:
    """The npm tarball of a package at an exact version (`npm pack`, kept in cache), or None without npm."""
    cache.mkdir(parents=True, exist_ok=True)
    name, version = spec.rsplit("@", 1)
    tarball = cache / f"{name.lstrip('@').replace('/', '-')}-{version}.tgz"
    if not tarball.exists():
        npm = shutil.which("npm")
        if npm is None:
            return None
        result = subprocess.run([npm, "pack", spec, "--silent"], cwd=cache, capture_output=True, text=True,
                                timeout=300)
        if result.returncode != 0 or not tarball.exists():
            return None
    return tarball


def vendor_widget_js(folder: Path, cache: Path) -> bool:
    """Copy require.js and the widget HTML manager into the book (from npm, cached), so widgets draw offline."""
    if not all(npm_package(spec, cache) for spec in WIDGET_PACKAGES):
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


def vendor_mathjax(folder: Path, cache: Path) -> bool:
    """Copy MathJax 3 into the book (from npm, cached): its combined TeX component and the parts it loads on
    demand (fonts, TeX extensions, menu, accessibility), so formulas typeset offline."""
    tarball = npm_package(MATHJAX_PACKAGE, cache)
    if tarball is None:
        return False
    target = folder / "mathjax-js" / "mathjax"  # the book's _static/mathjax/
    with tarfile.open(tarball) as archive:
        for member in archive.getmembers():
            parts = Path(member.name).parts  # package/es5/...
            if not member.isfile() or parts[:2] != ("package", "es5"):
                continue
            inner = Path(*parts[2:])
            if inner.as_posix() != MATHJAX_SCRIPT and (len(inner.parts) == 1 or inner.parts[:2] == ("output", "svg")
                                                       or inner.as_posix() == "output/svg.js"):
                continue  # the other combined components, and SVG output (the pages use CHTML)
            (target / inner).parent.mkdir(parents=True, exist_ok=True)
            (target / inner).write_bytes(archive.extractfile(member).read())
    return True


def widgets_without_state(path: Path) -> list[str]:
    """What a notebook's widget outputs show instead of the widget when their saved state is missing (one text
    per output, e.g. "BlackjackTable(seed=1)"); empty when every widget output has its state."""
    nb = json.loads(path.read_text())
    state = nb.get("metadata", {}).get("widgets", {}).get(STATE_MIME, {}).get("state", {})
    missing = []
    for cell in nb["cells"]:
        for output in cell.get("outputs", []):
            view = output.get("data", {}).get(WIDGET_MIME)
            if view and view.get("model_id") not in state:
                text = output["data"].get("text/plain", "a widget")
                missing.append("".join(text) if isinstance(text, list) else text)
    return missing


def refuse_missing_widget_state(notebooks: list[Path]) -> None:
    """Raise a RuntimeError naming each notebook whose widget outputs have no saved state (the site would show
    their text, not the widget)."""
    problems = []
    for path in notebooks:
        missing = widgets_without_state(path)
        if missing:
            problems.append(f"{path.parent.name}/{path.name}: {len(missing)} widget output(s) have no saved widget "
                            f"state (the page would show {missing[0]!r}, not the widget)")
    if problems:
        raise RuntimeError("\n".join(problems) + "\nbuild without --saved (each lesson is then executed for the "
                           "site), or run the notebook and save it with Lab's Settings > Save Widget State "
                           "Automatically switched on")


# run in a child process: one notebook through nbclient, which keeps the widgets' state in its metadata
EXECUTE = """\
import sys, nbclient, nbformat
source, target, timeout = sys.argv[1], sys.argv[2], int(sys.argv[3])
nb = nbformat.read(source, as_version=4)
nbclient.NotebookClient(nb, timeout=timeout, kernel_name="python3", store_widget_state=True,
                        resources={"metadata": {"path": sys.argv[4]}}).execute()
nbformat.write(nb, target)
"""


def execute_notebook(source: Path, target: Path, timeout: int = CELL_TIMEOUT) -> float:
    """Run a notebook top to bottom in a fresh kernel of this Python (in the notebook's folder, no progress bars)
    and write it with its outputs and widget state to target; return the seconds it took."""
    start = time.monotonic()
    kernels = target.parent / f".kernel-{target.stem}"  # this Python as "python3", before any user's own kernel
    (kernels / "kernels" / "python3").mkdir(parents=True, exist_ok=True)
    (kernels / "kernels" / "python3" / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "Python 3 (ipykernel)", "language": "python"}))
    env = {**os.environ, "COURSEKIT_PROGRESS": "0",
           "JUPYTER_PATH": os.pathsep.join(filter(None, [str(kernels), os.environ.get("JUPYTER_PATH")]))}
    try:
        result = subprocess.run([sys.executable, "-c", EXECUTE, str(source), str(target), str(timeout),
                                 str(source.parent)], capture_output=True, text=True, env=env)
    finally:
        shutil.rmtree(kernels, ignore_errors=True)
    if result.returncode != 0 or not target.exists():
        raise RuntimeError(f"{source.name} failed when executed for the site:\n{result.stderr[-3000:]}")
    return time.monotonic() - start


def execute_lessons(lessons: list[Path], folder: Path, jobs: int = DEFAULT_JOBS) -> dict[str, float]:
    """Execute each lesson into folder, `jobs` at a time; return the seconds each took, by file name."""
    folder.mkdir(parents=True, exist_ok=True)
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        futures = {path.name: pool.submit(execute_notebook, path, folder / path.name) for path in lessons}
        seconds = {}
        try:
            for name, future in futures.items():
                seconds[name] = future.result()
                print(f"executed {name} in {seconds[name]:.0f} s", file=sys.stderr)
        except BaseException:
            for future in futures.values():
                future.cancel()  # the lessons not started yet; the running ones finish
            raise
    return seconds


def assemble(book: Path, repository: str = DEFAULT_REPOSITORY, branch: str = "main",
             binder: str = "https://mybinder.org", hub: str = "", cache: Optional[Path] = None, *,
             lessons_dir: Path = ROOT / "notebooks", exercises_dir: Path = ROOT / "exercises", execute: bool = True,
             jobs: int = DEFAULT_JOBS) -> list[Path]:
    """Write the book folder, the lessons executed for it (or as saved, with execute=False); return the notebooks it
    holds. Raises RuntimeError when a lesson fails or a widget output has no saved state."""
    if book.exists():
        shutil.rmtree(book)
    book.mkdir(parents=True)  # no _static/ in it: Jupyter Book would link every .js in the static folders
    (book / "notebooks").mkdir(parents=True)
    (book / "exercises").mkdir()
    lessons = sorted(Path(lessons_dir).glob("[0-9][0-9]_*.ipynb"))
    further = sorted(Path(lessons_dir).glob("[0-9][0-9]b_*.ipynb"))  # optional going-further notebooks (issue 34)
    exercises = {p.name[:2]: p for p in sorted(Path(exercises_dir).glob("[0-9][0-9]_*.ipynb"))}
    if execute:
        start = time.monotonic()
        execute_lessons([*lessons, *further], book / "notebooks", jobs)
        print(f"executed {len(lessons) + len(further)} lessons for the site in {time.monotonic() - start:.0f} s",
              file=sys.stderr)
    else:
        for path in [*lessons, *further]:
            shutil.copy(path, book / "notebooks" / path.name)
    for path in exercises.values():
        shutil.copy(path, book / "exercises" / path.name)
    refuse_missing_widget_state([*(book / "notebooks").glob("*.ipynb"), *(book / "exercises").glob("*.ipynb")])
    for path in (book / "notebooks").glob("*.ipynb"):  # answers fold away until clicked (issue 34)
        path.write_text(json.dumps(website_copy(json.loads(path.read_text())), indent=1, ensure_ascii=False) + "\n")
    (book / "intro.md").write_text(course_map(lessons, exercises))
    glossary = Path(lessons_dir) / "glossary.md"
    if glossary.is_file():  # the site's heading ids are lower case (MyST), Lab's keep the heading's case
        (book / "notebooks" / "glossary.md").write_text(site_anchors(glossary.read_text(encoding="utf-8")),
                                                       encoding="utf-8")
    for path in (book / "notebooks").glob("*.ipynb"):
        notebook = json.loads(path.read_text(encoding="utf-8"))
        for cell in notebook.get("cells", []):
            if cell.get("cell_type") == "markdown":
                source = site_anchors("".join(cell.get("source", [])))
                if not glossary.is_file():  # lessons built without the glossary: its words stay, unlinked
                    source = re.sub(r"\[([^\]\n]*)\]\(glossary\.md#[^)\s]*\)", r"\1", source)
                cell["source"] = source
        path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    toc = ["format: jb-book", "root: intro", "parts:", "  - caption: Lessons", "    chapters:"]
    for lesson in lessons:  # a lesson's going-further notebook is a section under it
        toc += [f"      - file: notebooks/{lesson.stem}"]
        beside = [p for p in further if p.name[:2] == lesson.name[:2]]
        if beside:
            toc += ["        sections:", *(f"          - file: notebooks/{p.stem}" for p in beside)]
    if (book / "notebooks" / "glossary.md").is_file():
        toc += ["      - file: notebooks/glossary"]
    if exercises:
        toc += ["  - caption: Exercises", "    chapters:"]
        toc += [f"      - file: exercises/{p.stem}" for p in exercises.values()]
    (book / "_toc.yml").write_text("\n".join(toc) + "\n")
    cache = cache or book.parent / "npm-cache"
    widgets, mathjax = vendor_widget_js(book, cache), vendor_mathjax(book, cache)
    if not (widgets and mathjax):
        print("note: npm is not available; the site's pages load their widget JavaScript and MathJax from a CDN "
              "(they need the internet to draw widgets and formulas)", file=sys.stderr)
    static = [name for name, local in (("widget-js", widgets), ("mathjax-js", mathjax)) if local]
    (book / "_config.yml").write_text(CONFIG.format(
        title=json.dumps(TITLE), repository=repository, branch=branch, binder=json.dumps(binder), hub=json.dumps(hub),
        static=f"    html_static_path: {json.dumps(static)}\n" if static else "",
        widgets=LOCAL_WIDGETS if widgets else "", mathjax=LOCAL_MATHJAX if mathjax else ""))
    return [*(book / "notebooks").glob("*.ipynb"), *(book / "exercises").glob("*.ipynb")]


def site_anchors(text: str) -> str:
    """Links to glossary entries with the site's heading ids: `glossary.md#UCB1` -> `glossary.md#ucb1`, `(#UCB1)`
    -> `(#ucb1)` (MyST's ids are lower case; JupyterLab's keep the heading's case)."""
    text = re.sub(r"(glossary\.md#)([A-Za-z0-9-]+)", lambda m: m.group(1) + m.group(2).lower(), text)
    return re.sub(r"\]\(#([A-Za-z0-9-]+)\)", lambda m: f"](#{m.group(1).lower()})", text)


def jupyter_book() -> Optional[str]:
    """The jupyter-book program: next to this Python, in the instructors' .venv-class (`make class`) or on PATH."""
    return (shutil.which("jupyter-book", path=str(Path(sys.executable).parent))
            or shutil.which("jupyter-book", path=str(ROOT / ".venv-class" / "bin")) or shutil.which("jupyter-book"))


# myst-nb's "hide-output" toggle names itself "Toggle hidden content" while it shows "Show code cell output": axe's
# label-content-name-mismatch (serious); without the label its name is the text it shows
TOGGLE_LABEL = ' aria-label="Toggle hidden content"'
# the sidebar's fold under a lesson with a going-further notebook is a <summary> holding only an icon: axe's
# summary-name (serious) wants it named
TOC_TOGGLE = '<summary><span class="toctree-toggle"'
TOC_TOGGLE_NAMED = ('<summary aria-label="Show or hide the going-further page of this lesson">'
                    '<span class="toctree-toggle"')


def build(book: Path) -> Path:
    """Run Jupyter Book on the folder; return the folder of HTML pages."""
    program = jupyter_book()
    if program is None:
        raise RuntimeError("jupyter-book is not installed: `make class` puts it in .venv-class")
    result = subprocess.run([program, "build", str(book), "--warningiserror", "--keep-going", "-q"],
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"jupyter-book build failed:\n{result.stdout[-4000:]}\n{result.stderr[-4000:]}")
    html = book / "_build" / "html"
    for page in html.rglob("*.html"):  # a folded answer's toggle is named by the words it shows (WCAG 2.5.3)
        text = page.read_text(encoding="utf-8")
        if TOGGLE_LABEL in text or TOC_TOGGLE in text:
            page.write_text(text.replace(TOGGLE_LABEL, "").replace(TOC_TOGGLE, TOC_TOGGLE_NAMED), encoding="utf-8")
    return html


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
    parser.add_argument("--saved", action="store_true",
                        help="build from the lessons as saved instead of executing each for the site (quicker); "
                             "refuses a lesson whose widget outputs have no saved state")
    parser.add_argument("--jobs", type=positive_int, default=DEFAULT_JOBS,
                        help=f"lessons executed at once, each in its own kernel (default: {DEFAULT_JOBS})")
    parser.add_argument("--lessons", type=Path, default=ROOT / "notebooks", help="the lessons' folder")
    parser.add_argument("--exercises", type=Path, default=ROOT / "exercises", help="the exercises' folder")
    args = parser.parse_args(argv)
    book = Path(args.out) / "book"
    start = time.monotonic()
    if jupyter_book() is None:  # before minutes of executing the lessons
        print("cannot build the site: jupyter-book is not installed: `make class` puts it in .venv-class",
              file=sys.stderr)
        return 1
    try:
        assemble(book, args.repository, args.branch, args.binder, args.hub, lessons_dir=args.lessons,
                 exercises_dir=args.exercises, execute=not args.saved, jobs=args.jobs)
        html = build(book)
    except RuntimeError as error:
        print(f"cannot build the site: {error}", file=sys.stderr)
        return 1
    print(f"the lesson website is in {html} (open {html / 'index.html'}); built in {time.monotonic() - start:.0f} s")
    return 0
