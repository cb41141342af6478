"""`python -m coursekit release OUT`: the learner edition, the repository a class's nbgitpuller links and Binder use.

It holds the lessons, the exercises, the demos, the package (whose grading keeps only check() and the public tests)
and a README for learners; never the answer key (answer_key/, solutions/, the tests) nor the instructors' tools
(coursetools/: its pyproject.toml installs coursekit alone and registers no instructors' commands). Before it
finishes it searches every file it wrote for the answer key's hidden expected values and reference function names
(`leaks`), and refuses to leave a learner edition that holds one.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import shutil
import subprocess
import sys
import zipfile
from fractions import Fraction
from pathlib import Path
from typing import Any, Iterable, Optional

from coursekit.learner_copy import learner_copy

# what a learner gets: top-level files and folders of the full repository (never coursetools/, the instructors' tools)
INCLUDE = ("coursekit", "notebooks", "exercises", "binder", "jupyter-config", "share", "pyproject.toml",
           "environment.yml", "Makefile", ".gitignore", "LICENSE")
# folders whose notebooks ship as the learner meets them (coursekit.learner_copy: no outputs, answers folded)
LEARNER_COPIES = ("notebooks", "exercises")
SKIP_PARTS = {"__pycache__", ".ipynb_checkpoints", ".pytest_cache"}
SKIP_SUFFIXES = (".pyc", ".egg-info")
MIN_TEXT = 8  # a hidden value's text shorter than this (True, 12, 0.5, (3, 11)) is too common to say anything
# secrets a lesson teaches on the page: not the answer key's, whatever the answer key also calls them
TAUGHT = {"def move_value(": "lesson 09 writes move_value out on the page (exercise 08 asks for its values)"}
# wrong answers a lesson shows on the page: a slip's value, never an answer, so no secret there
TAUGHT_SLIP_VALUES = {"Fraction(32, 663)": "lesson 02 works out the one-deck natural (exercise 02.q3 asks six decks)",
                      "2538224821": "lessons 06 and 09 count the full game tree (exercise 09.q3 asks the positions)"}

README = """# Games of chance and search: the learner edition

This is the class edition of the course: the lessons (`notebooks/`), the exercises (`exercises/`), the live demos
(`notebooks/demos/`) and the `coursekit` package they import. Each exercise checks your work as you go with
`check("02.q1")`: the public tests run at once, and the grading tests run when your instructor grades the class.
There are no worked solutions here and no grading tests: your instructor keeps those.

## On your class's JupyterHub
Follow the link your instructor gives you: it copies this folder into your home and opens it. Start with
`notebooks/00_start_here.ipynb`. Your work stays in your copy; a later link adds new lessons without touching it.

## On your own computer
```
make lab
```
installs the course into `.venv` (Python 3.10 or later) and opens lesson 00 in JupyterLab.

## Which edition?
- **In a class** (an instructor grades your exercises): this edition.
- **Studying on your own**: the full repository, with the worked solutions (`solutions/`) and the course's tests.
"""


def _files(root: Path) -> list[Path]:
    """The repository's files a learner edition copies (tracked by git when it is a git checkout)."""
    try:
        listed = subprocess.run(["git", "-C", str(root), "ls-files", "-z", "--cached", "--others",
                                 "--exclude-standard", "--", *INCLUDE], capture_output=True, check=True)
        paths = [root / p for p in listed.stdout.decode().split("\0") if p]
    except (OSError, subprocess.CalledProcessError):
        paths = [p for name in INCLUDE for p in ([root / name] if (root / name).is_file()
                                                  else sorted((root / name).rglob("*")))]
    return [p for p in paths if p.is_file() and not SKIP_PARTS & set(p.relative_to(root).parts)
            and not any(part.endswith(SKIP_SUFFIXES) for part in p.relative_to(root).parts)]


def _value_texts(value: Any) -> set[str]:
    """The ways a hidden value may be written in a file: its repr, str, and for a Fraction 'a/b'."""
    texts = set()
    if isinstance(value, Fraction):
        texts |= {f"{value.numerator}/{value.denominator}", f"Fraction({value.numerator}, {value.denominator})"}
    elif isinstance(value, float):
        texts |= {repr(value), f"{value:.10g}"}
    elif isinstance(value, (bool, type(None))):
        return set()
    else:
        texts |= {repr(value), str(value)}
    return {t for t in texts if len(t) >= MIN_TEXT}


def secrets() -> dict[str, str]:
    """Every text that would give the answer key away -> what it is: hidden expected values, reference functions,
    the slip values of tests whose answer stays hidden and the slip bots' moves (check() has digests of those)."""
    import inspect

    from coursekit.grading.cases import Case
    from coursekit.grading.registry import answer_key_exercises, answer_key_module, questions

    found: dict[str, str] = {}
    for exercise in answer_key_exercises():
        module = answer_key_module(exercise)
        tree = ast.parse(inspect.getsource(module))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.col_offset == 0:
                found[f"def {node.name}(" if isinstance(node, ast.FunctionDef) else f"class {node.name}"] = \
                    f"answer_key/ex{exercise}.py's {node.name}"
        for q in questions(exercise):
            for case in q.cases:
                hidden = not case.public or (isinstance(case, Case) and case.reveal is False)
                if hidden and isinstance(case, Case):
                    for text in _value_texts(case.expected_value()):
                        found.setdefault(text, f"{q.qid}'s hidden expected value of {case.expr}")
                    for slip in case.slips:  # check() knows these only by digest: one may be the answer, nearly
                        if slip.answer is not None:
                            for text in _value_texts(slip.wrong_value()) - set(TAUGHT_SLIP_VALUES):
                                found.setdefault(text, f"{q.qid}'s slip value of {case.expr} ({slip.says[:40]}...)")
                for says, table in _slip_bot_tables(case):
                    found.setdefault(repr(table), f"{q.qid}'s slip bot's moves ({says[:40]}...)")
    return found


def _slip_bot_tables(case: Any) -> list[tuple[str, list]]:
    """(sentence, moves on every state) of each slip bot of a bot-games test (check() gets their digests only)."""
    from coursekit.grading.bot_checks import BotGames

    if not isinstance(case, BotGames):
        return []
    return [(slip.says, [value for _, value in table]) for slip, table in zip(case.slips, case.slip_tables())
            if table is not None]


def defined_in_package(root: Path) -> set[str]:
    """`def name(` and `class name` texts the package itself defines (public code, not the answer key's)."""
    names = set()
    for path in (root / "coursekit").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef):
                names.add(f"def {node.name}(")
            elif isinstance(node, ast.ClassDef):
                names.add(f"class {node.name}")
    return names


def asked_of_learners(root: Path) -> set[str]:
    """`def name(` texts of the functions the exercises ask learners to write (their stubs name them, not the key)."""
    import json

    names = set()
    for path in (root / "exercises").glob("*.ipynb"):
        for cell in json.loads(path.read_text(encoding="utf-8")).get("cells", []):
            source = "".join(cell.get("source", "")) if cell.get("cell_type") == "code" else ""
            names |= {f"def {name}(" for name in re.findall(r"^\s*def (\w+)\(", source, re.M)}
    return names


def leaks(texts: Iterable[tuple[str, str]], root: Path) -> list[str]:
    """Where an answer key's secret appears among (name, text) pairs: 'file: what' lines (empty when none)."""
    found = secrets()
    public = defined_in_package(root)
    asked = asked_of_learners(root)
    secret = {k: v for k, v in found.items() if k not in public and k not in TAUGHT and k not in asked}
    out = []
    for name, text in texts:
        for needle, what in secret.items():
            if needle in text:
                out.append(f"{name}: {what} ({needle!r})")
    return out


def folder_texts(folder: Path) -> Iterable[tuple[str, str]]:
    """(path, text) of every file below `folder` (binary files as latin-1)."""
    for path in sorted(folder.rglob("*")):
        if path.is_file() and ".git" not in path.relative_to(folder).parts:
            yield str(path.relative_to(folder)), path.read_bytes().decode("utf-8", errors="replace")


def wheel_texts(wheel: Path) -> Iterable[tuple[str, str]]:
    """(member, text) of every file in a wheel."""
    with zipfile.ZipFile(wheel) as archive:
        for member in archive.namelist():
            yield f"{wheel.name}:{member}", archive.read(member).decode("utf-8", errors="replace")


# the full repository's pyproject.toml parts that name the instructors' tools
TOOLS = "coursetools"
TOOLS_TABLE = re.compile(r'(?:^#.*\n)*^\[project\.entry-points\."coursekit\.commands"\]\n(?:[^\[\n].*\n)*\n?', re.M)


def learner_pyproject(text: str) -> str:
    """The full repository's pyproject.toml for the learner edition: coursekit alone, no instructors' commands."""
    text = TOOLS_TABLE.sub("", text)
    text = text.replace(', "coursetools*"', "")
    lines = [line for line in text.splitlines(keepends=True) if not (line.startswith("#") and TOOLS in line)]
    text = "".join(lines)
    if TOOLS in text:
        raise ValueError(f"pyproject.toml still names {TOOLS} after removing its entry points and package")
    return text


def release(root: Path, out: Path, git: bool = True) -> list[Path]:
    """Write the learner edition of the repository at `root` into `out` (new, or emptied); return the files written."""
    written = []
    for path in _files(root):
        target = out / path.relative_to(root)
        target.parent.mkdir(parents=True, exist_ok=True)
        if path.suffix == ".ipynb" and path.relative_to(root).parts[0] in LEARNER_COPIES:
            notebook = learner_copy(json.loads(path.read_text(encoding="utf-8")))
            target.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        else:
            shutil.copy2(path, target)
        written.append(target)
    pyproject = out / "pyproject.toml"
    if pyproject.is_file():
        pyproject.write_text(learner_pyproject(pyproject.read_text(encoding="utf-8")), encoding="utf-8")
    (out / "README.md").write_text(README, encoding="utf-8")
    written.append(out / "README.md")
    if git and shutil.which("git"):
        _commit(out)
    return written


def _git(out: Path, *args: str) -> subprocess.CompletedProcess:
    """A git command in the edition's folder, as the release's author."""
    return subprocess.run(["git", "-C", str(out), "-c", "user.name=coursekit release", "-c",
                           "user.email=release@coursekit.invalid", *args], capture_output=True, check=True)


def _commit(out: Path) -> None:
    """Commit the edition: a new history in a new folder, one commit on top of the history an existing one has."""
    if not (out / ".git").exists():
        subprocess.run(["git", "init", "-q", "-b", "main", str(out)], capture_output=True, check=True)
    _git(out, "add", "-A")
    first = subprocess.run(["git", "-C", str(out), "rev-parse", "-q", "--verify", "HEAD"], capture_output=True)
    unchanged = subprocess.run(["git", "-C", str(out), "diff", "--cached", "--quiet"], capture_output=True)
    if first.returncode == 0 and unchanged.returncode == 0:
        return  # nothing changed since the last release: no empty commit for the class to pull
    _git(out, "commit", "-q", "-m", "The learner edition" if first.returncode else "The learner edition, updated")


def _clear(out: Path) -> str:
    """Empty an existing edition (a git clone of what the class pulls) but its history; return its commit."""
    head = subprocess.run(["git", "-C", str(out), "rev-parse", "-q", "--verify", "HEAD"], capture_output=True,
                          text=True)
    if head.returncode != 0:
        raise ValueError(f"{str(out)!r} is a git repository with no commit: give a new folder or a clone of the "
                         f"edition the class pulls")
    status = subprocess.run(["git", "-C", str(out), "status", "--porcelain"], capture_output=True, text=True,
                            check=True)
    if status.stdout.strip():
        raise ValueError(f"{str(out)!r} has uncommitted changes; commit or discard them first:\n{status.stdout[:500]}")
    for child in out.iterdir():
        if child.name != ".git":
            shutil.rmtree(child) if child.is_dir() and not child.is_symlink() else child.unlink()
    return head.stdout.strip()


def _restore(out: Path, commit: str) -> None:
    """Put an existing edition back as it was at `commit` (a refused release leaves it as it found it)."""
    _git(out, "reset", "-q", "--hard", commit)
    _git(out, "clean", "-q", "-fdx")
    _git(out, "reflog", "expire", "--expire=now", "--all")  # the refused commit's objects go too
    _git(out, "gc", "-q", "--prune=now")


def main(argv: Optional[list[str]] = None) -> int:
    """Write the learner edition; refuse when it would hold the answer key."""
    parser = argparse.ArgumentParser(prog="python -m coursekit release", description=__doc__.splitlines()[0])
    parser.add_argument("folder", metavar="OUT", help="the learner edition's folder: a new one, or a git clone "
                        "of the edition the class pulls (one commit is added)")
    parser.add_argument("--from", dest="root", default=".", help="the full repository (default: this folder)")
    parser.add_argument("--no-git", action="store_true", help="write the files only, not a git repository")
    args = parser.parse_args(argv)
    root, out = Path(args.root).resolve(), Path(args.folder)
    if not (root / "coursekit").is_dir() or not (root / "answer_key").is_dir():
        print(f"{str(root)!r} is not the full course repository (coursekit/ and answer_key/): run this in it",
              file=sys.stderr)
        return 2
    previous = None
    if out.exists():
        if args.no_git or not (out / ".git").is_dir():
            print(f"{str(out)!r} exists and is not a git clone of the edition; give a new folder, or a clone of the "
                  f"edition the class pulls (a new release is then one commit on top of its history)", file=sys.stderr)
            return 2
        try:
            previous = _clear(out)
        except ValueError as error:
            print(error, file=sys.stderr)
            return 2
    written = release(root, out, git=not args.no_git)
    problems = leaks(folder_texts(out), root)
    if problems:
        if previous is None:
            shutil.rmtree(out)
        else:
            _restore(out, previous)
        print("the learner edition would hold the answer key; nothing written:\n  " + "\n  ".join(problems[:20]),
              file=sys.stderr)
        return 1
    print(f"wrote the learner edition to {out} ({len(written)} files, no answer key); serve it to nbgitpuller "
          f"or Binder as a git repository")
    return 0
