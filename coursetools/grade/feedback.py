"""A feedback page for each graded submission: `python -m coursekit grade ... --feedback DIR`.

One self-contained HTML file per notebook (inline CSS, no scripts, no fonts or images from anywhere), in the manner
of nbgrader's `generate_feedback`: a summary table of the questions and their points at the top, then per question
what passed, what failed with the learner's value, the named slip, the hint of the question's solution region and
written answers to be graded by hand, then the notes of the grade. A hidden expected value is shown as "hidden"
(as `check()` does) and a private test from `--tests` only as "private test N: pass/fail, points". Everything the
learner wrote is HTML-escaped.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import html
import os
import re
import tempfile
from collections import Counter
from pathlib import Path
from typing import Iterable, Optional

from coursekit.grading.lesson_links import section_of
from coursekit.grading.runner import FAIL_COLOUR, PASS_COLOUR, format_points

COURSE_ROOT = Path(__file__).resolve().parents[2]  # the package's parent: the repository when installed editable


def course_root() -> Path:
    """The full course repository (solutions/, exercises/): the answer key's folder's parent, else COURSE_ROOT.

    So a pip-installed course still finds its hints, wherever the grader finds the answer key.
    """
    from coursekit.grading.registry import AnswerKeyMissing, answer_key_dir

    try:
        return answer_key_dir().parent
    except AnswerKeyMissing:
        return COURSE_ROOT
MANUAL_COLOUR = "#555555"  # written answers: neither passed nor failed yet
MAX_STEM = 80  # characters of a page's file name taken from the notebook's path
CHECK = re.compile(r"""^\s*check\(\s*["'](?P<qid>\d\d\.q\d+)["']\s*\)\s*$""")


def _esc(value: object) -> str:
    return html.escape(str(value), quote=True)


def solution_notebook(folder: Path, exercise: str) -> Optional[Path]:
    return next(iter(sorted(folder.glob(f"{exercise}_*.ipynb"))), None) if folder.is_dir() else None


def hints(exercise: str, course: Optional[Path] = None) -> dict[str, tuple[str, ...]]:
    """{qid: hints} of an exercise (see `_hints`), from the course repository `course` (default: `course_root()`)."""
    return _hints(exercise, course or course_root())


@functools.lru_cache(maxsize=None)
def _hints(exercise: str, course: Path) -> dict[str, tuple[str, ...]]:
    """{qid: hints} of an exercise: the `### BEGIN SOLUTION hint: ...` texts of the regions before each check().

    Read from the course's solutions/ (else the stubs of exercises/, which raise NotImplementedError(hint)); an
    exercise without either has no hints.
    """
    from coursetools.author.generate import BEGIN, DEFAULT_HINT
    from coursetools.nbio import nbformat

    path, stubs = solution_notebook(course / "solutions", exercise), False
    if path is None:
        path, stubs = solution_notebook(course / "exercises", exercise), True
    if path is None:
        return {}
    try:
        nb = nbformat.read(path, as_version=4)
    except Exception:
        return {}
    found: dict[str, tuple[str, ...]] = {}
    pending: list[str] = []
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        check = CHECK.match(cell.source)
        if check:
            found[check.group("qid")] = tuple(dict.fromkeys(h for h in pending if h != DEFAULT_HINT))
            pending = []
            continue
        if stubs:
            pending += _stub_hints(cell.source)
        else:
            pending += [(m.group("hint") or "").strip() for m in map(BEGIN.match, cell.source.splitlines())
                        if m and m.group("hint")]
    return found


def _stub_hints(source: str) -> list[str]:
    """The texts of `raise NotImplementedError("...")` in a stub cell."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    return [node.exc.args[0].value for node in ast.walk(tree)
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)
            and getattr(node.exc.func, "id", "") == "NotImplementedError" and len(node.exc.args) == 1
            and isinstance(node.exc.args[0], ast.Constant) and isinstance(node.exc.args[0].value, str)]


def exercise_title(exercise: str, course: Optional[Path] = None) -> str:
    """ "Counting blackjack hands": the first heading of the exercise's solution notebook (see `_title`)."""
    return _title(exercise, course or course_root())


@functools.lru_cache(maxsize=None)
def _title(exercise: str, course: Path) -> str:
    """ "Counting blackjack hands": the first heading of the exercise's solution notebook, after its "·"."""
    path = solution_notebook(course / "solutions", exercise) or solution_notebook(course / "exercises", exercise)
    if path is None:
        return ""
    try:
        from coursetools.nbio import nbformat

        first = next(c for c in nbformat.read(path, as_version=4).cells if c.cell_type == "markdown")
        heading = first.source.splitlines()[0].lstrip("# ").strip()
    except Exception:
        return re.sub(r"_(exercises|solutions)$", "", path.stem)[3:].replace("_", " ").capitalize()
    return heading.split("·", 1)[1].strip() if "·" in heading else heading


def _own_tests(exercise: str) -> dict[str, int]:
    """{qid: number of the question's own tests}: tests past them in a record came from `--tests` (private)."""
    from coursekit.grading.registry import exercises, questions

    if exercise not in exercises():
        return {}
    return {q.qid: len(q.cases) for q in questions(exercise)}


def page_names(notebooks: Iterable[str]) -> dict[str, str]:
    """{notebook path: file name of its page}: the path below the notebooks' common folder, made safe, plus a hash.

    The name holds only letters, digits, `.`, `_` and `-` (never a `/` or a leading dot), so it stays inside the
    feedback folder; the hash of the notebook's absolute path keeps two submissions apart.
    """
    paths = list(dict.fromkeys(str(n) for n in notebooks))
    absolute = {p: os.path.abspath(p) for p in paths}
    try:
        root = os.path.commonpath([os.path.dirname(a) for a in absolute.values()]) if paths else ""
    except ValueError:  # different drives
        root = ""
    names = {}
    for p in paths:
        relative = os.path.relpath(absolute[p], root) if root else os.path.basename(absolute[p])
        if relative.lower().endswith(".ipynb"):
            relative = relative[: -len(".ipynb")]
        parts = [re.sub(r"[^A-Za-z0-9._-]+", "_", part).strip("._-") for part in re.split(r"[\\/]+", relative)]
        stem = "__".join(part for part in parts if part)[-MAX_STEM:].strip("._-") or "notebook"  # the tail tells
        digest = hashlib.sha256(absolute[p].encode("utf-8", "surrogateescape")).hexdigest()[:10]
        names[p] = f"{stem}-{digest}.html"
    return names


def written_text(actual: str) -> str:
    """The learner's written answer: the Outcome keeps repr(text); give back the text itself when it parses."""
    try:
        value = ast.literal_eval(actual)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return actual
    return value if isinstance(value, str) else actual


def points_text(x: float) -> str:
    try:
        return format_points(x)
    except (TypeError, ValueError):
        return str(x)


def _badge(status: str) -> str:
    text = {"pass": "pass", "fail": "FAIL", "manual": "by hand"}.get(status, status)
    return f'<span class="badge {_esc(status)}">{_esc(text)}</span>'


def _bar(points: float, max_points: float, manual: bool) -> str:
    """A small bar: the share of the points earned in blue, the rest in vermillion (grey for a written answer)."""
    if manual or not max_points:
        return '<span class="bar"><span class="manual" style="width:100%"></span></span>'
    share = max(0.0, min(1.0, points / max_points))
    return (f'<span class="bar" aria-hidden="true"><span class="won" style="width:{100 * share:.1f}%"></span>'
            f'<span class="lost" style="width:{100 * (1 - share):.1f}%"></span></span>')


def _is_private(index: int, test: dict, own: Optional[int]) -> bool:
    """True for a test from `--tests` (past the question's own tests), or any test neither public nor revealed."""
    return (own is not None and index >= own) or (not test.get("public", True) and not test.get("reveal", True))


def _test_rows(qid: str, tests: list[dict], own: Optional[int]) -> tuple[list[str], list[dict]]:
    """The HTML rows of a question's tests, and the tests a learner may read about (private ones left out)."""
    rows, shown = [], []
    automatic = [t for i, t in enumerate(tests) if t.get("status") != "manual" and not _is_private(i, t, own)]
    counts = Counter(t.get("message", "") for t in automatic if t.get("message"))
    shared, times = counts.most_common(1)[0] if counts else ("", 0)
    if times < 2 or 2 * times < len(automatic):
        shared = ""  # a message said once per test (a stub's hint, a missing name) is shown once, below
    private_number = 0
    for index, t in enumerate(tests):
        status = t.get("status", "fail")
        points = f'{points_text(t.get("points", 0))}/{points_text(t.get("max_points", 0))}'
        if _is_private(index, t, own):
            private_number += 1
            rows.append(f'<tr class="{_esc(status)}"><td>{_badge(status)}</td>'
                        f'<td colspan="2">private test {private_number}: {"pass" if status == "pass" else "fail"}'
                        f'</td><td class="num">{points}</td></tr>')
            continue
        shown.append(t)
        if status == "manual":
            continue  # a written answer is shown as an answer, below
        label = _esc(t.get("label", ""))
        if not t.get("public", True):
            label += ' <span class="tag">grading test</span>'
        expected, actual = t.get("expected", ""), t.get("actual", "")
        if t.get("reveal", True):
            detail = [f'expected <code>{_esc(expected)}</code>'] if expected else []
            if actual:
                detail.append(f'got <code>{_esc(actual)}</code>')
        elif status == "pass":  # the learner's value is the answer: say only that it is right
            detail = ["right (the expected value stays hidden)"]
        else:
            detail = ["expected value hidden"] + ([f'got <code>{_esc(actual)}</code>'] if actual else [])
        message = t.get("message", "")
        extra = f'<div class="message">{_esc(message)}</div>' if message and message != shared else ""
        if t.get("slip") and status != "pass":
            extra += (f'<div class="slip"><strong>Looks like a common slip:</strong> {_esc(t["slip"])}</div>')
        rows.append(f'<tr class="{_esc(status)}"><td>{_badge(status)}</td><td class="label">{label}</td>'
                    f'<td>{", ".join(detail)}{extra}</td><td class="num">{points}</td></tr>')
    if shared:
        which = "every test" if times == len(automatic) else f"{times} of these tests"
        rows.append(f'<tr class="shared"><td></td><td colspan="3">{which}: {_esc(shared)}</td></tr>')
    return rows, shown


def earlier_failures(q: dict, record: dict, uses: tuple) -> list[str]:
    """Sentences naming each earlier question whose function this one calls and which failed tests when graded."""
    notes = []
    for used, name in uses:
        tests = record.get("questions", {}).get(used, {}).get("tests", [])
        failed = [t for t in tests if t.get("status") == "fail"]
        if failed and q.get("points", 0) < q.get("max_points", 0):
            notes.append(f"First: this question calls your {name} from {used}, which failed {len(failed)} of its "
                         f"{len(tests)} tests. Fix {used} first: a wrong {name} makes this answer wrong too.")
    return notes


def _question_section(q: dict, own: Optional[int], question_hints: tuple[str, ...], course_code: list,
                      first: tuple[str, ...] = (), lessons_url: Optional[str] = None) -> str:
    qid, manual = q.get("qid", ""), bool(q.get("manual"))
    full = not manual and q.get("max_points", 0) > 0 and q.get("points", 0) >= q.get("max_points", 0)
    tests = list(q.get("tests", []))
    rows, shown = _test_rows(qid, tests, own)
    points = (f'to be graded by hand ({points_text(q.get("max_points", 0))} points)' if manual
              else f'{points_text(q.get("points", 0))} / {points_text(q.get("max_points", 0))} points')
    parts = [f'<section class="question" id="q-{_esc(qid)}">',
             f'<h2><span class="qid">{_esc(qid)}</span> <span>{_esc(q.get("title", ""))}</span> '
             f'<span class="qpoints">{_esc(points)}</span></h2>']
    parts += [f'<p class="slip first">{_esc(note)}</p>' for note in first]
    if q.get("message"):
        parts.append(f'<p class="note">{_esc(q["message"])}</p>')
    for t in shown:
        if t.get("status") != "manual":
            continue
        text = written_text(t.get("actual", ""))
        parts.append('<div class="written"><div class="written-head"><span class="badge manual">to be graded by '
                     f'hand</span> {_esc(t.get("label", ""))}</div>')
        if text.strip():
            parts.append(f'<blockquote>{_esc(text)}</blockquote>')
        elif not t.get("message"):
            parts.append('<p class="empty">(no answer written)</p>')
        if t.get("message"):
            parts.append(f'<p class="note">{_esc(t["message"])}</p>')
        parts.append("</div>")
    if rows:
        parts.append('<table class="tests"><colgroup><col class="c-result"><col class="c-test"><col>'
                     '<col class="c-points"></colgroup><thead><tr><th>result</th><th>test</th>'
                     '<th>expected and yours</th><th class="num">points</th></tr></thead><tbody>'
                     + "".join(rows) + "</tbody></table>")
    section = section_of(qid) if any(t.get("slip") for t in tests) else None
    if section is not None:  # a named slip: where the course teaches the point, linked to the lesson's section
        where = _esc(section.describe())
        if lessons_url is not None:
            link = f"{lessons_url.rstrip('/')}/{section.notebook}#{section.anchor}"
            where = f'<a href="{_esc(link)}">{where}</a>'
        parts.append(f'<p class="hint"><strong>Where the course teaches this:</strong> {where} '
                     f'(in your course folder: <code>notebooks/{_esc(section.notebook)}</code>)</p>')
    if full:
        question_hints = ()  # full points: no hint to read
    if len(question_hints) == 1:
        parts.append(f'<p class="hint"><strong>Hint:</strong> {_esc(question_hints[0])}</p>')
    elif question_hints:  # one per solution region, in the notebook's order
        parts.append('<div class="hint"><strong>Hints, one per part of the solution:</strong><ul>'
                     + "".join(f"<li>{_esc(hint)}</li>" for hint in question_hints) + "</ul></div>")
    if course_code:
        parts.append(f'<p class="note">Your code uses {_esc(", ".join(course_code))} from the course, which '
                     "already answers this question; your instructor decides what that means.</p>")
    parts.append("</section>")
    return "\n".join(parts)


def _summary(record: dict, questions: list[dict], owns: dict[str, int]) -> str:
    rows = []
    for q in questions:
        qid, manual = q.get("qid", ""), bool(q.get("manual"))
        tests = q.get("tests", [])
        auto = [t for t in tests if t.get("status") != "manual"]
        passed = sum(t.get("status") == "pass" for t in auto)
        slips = sum(bool(t.get("slip")) and t.get("status") != "pass" and not _is_private(i, t, owns.get(qid))
                    for i, t in enumerate(tests))  # a private test's slip is never named
        if manual:
            result, points = '<span class="badge manual">to be graded by hand</span>', \
                f'&ndash; / {points_text(q.get("max_points", 0))}'
        else:
            result = (f"{passed} of {len(auto)} test{'s' if len(auto) != 1 else ''} passed"
                      + (f", {slips} named slip{'s' if slips > 1 else ''}" if slips else ""))
            points = f'{points_text(q.get("points", 0))} / {points_text(q.get("max_points", 0))}'
        bar = _bar(q.get("points", 0), q.get("max_points", 0), manual)
        rows.append(f'<tr><td><a href="#q-{_esc(qid)}">{_esc(qid)}</a></td><td>{_esc(q.get("title", ""))}</td>'
                    f'<td>{result}</td><td class="num">{points}</td><td>{bar}</td></tr>')
    manual_points = sum(q.get("max_points", 0) for q in questions if q.get("manual"))
    total = (f'<tr class="total"><td colspan="3">automatic points</td>'
             f'<td class="num">{points_text(record.get("points", 0))} / {points_text(record.get("max_points", 0))}</td>'
             f'<td>{_esc(points_text(record.get("percent", 0)))}%</td></tr>')
    if manual_points:
        total += (f'<tr class="total"><td colspan="3">to be graded by hand</td><td class="num">&ndash; / '
                  f'{points_text(manual_points)}</td><td></td></tr>')
    return ('<table class="summary"><thead><tr><th>question</th><th>what it asks</th><th>result</th>'
            '<th class="num">points</th><th></th></tr></thead><tbody>' + "".join(rows) + total + "</tbody></table>")


CSS = f"""
:root {{ color-scheme: light; }}
* {{ box-sizing: border-box; }}
body {{ margin: 0; background: #f4f4f2; color: #1b1b1b;
  font: 16px/1.5 "DejaVu Sans", "Segoe UI", Roboto, Helvetica, Arial, sans-serif; }}
main {{ max-width: 1120px; margin: 0 auto; padding: 20px 32px 48px; background: #fff; min-height: 100vh; }}
header {{ border-bottom: 3px solid #1b1b1b; padding-bottom: 12px; margin-bottom: 16px; }}
h1 {{ font-size: 26px; margin: 0 0 4px; }}
.notebook {{ font-size: 15px; color: #444; overflow-wrap: anywhere; }}
.notebook code {{ font-size: 15px; }}
.score {{ font-size: 22px; font-weight: 700; margin: 8px 0 0; }}
.score .of-hand {{ font-size: 16px; font-weight: 400; color: #444; }}
h2 {{ font-size: 20px; margin: 28px 0 8px; padding-bottom: 4px; border-bottom: 1px solid #ccc;
  display: flex; gap: 10px; align-items: baseline; }}
h2 .qid {{ font-family: "DejaVu Sans Mono", Consolas, monospace; color: #444; }}
h2 .qpoints {{ margin-left: auto; font-size: 17px; white-space: nowrap; }}
h3 {{ font-size: 18px; margin: 24px 0 8px; }}
table {{ border-collapse: collapse; width: 100%; font-size: 15px; }}
th, td {{ text-align: left; vertical-align: top; padding: 6px 10px; border-bottom: 1px solid #ddd; }}
th {{ font-size: 14px; color: #444; font-weight: 600; border-bottom: 2px solid #999; }}
td.num, th.num {{ text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }}
table.summary a {{ color: #0b4f7c; font-family: "DejaVu Sans Mono", Consolas, monospace; }}
table.summary tr.total td {{ font-weight: 700; border-bottom: none; border-top: 2px solid #999; }}
table.summary tr.total + tr.total td {{ border-top: none; font-weight: 400; }}
table.tests {{ table-layout: fixed; }}
table.tests col.c-result {{ width: 92px; }}
table.tests col.c-test {{ width: 34%; }}
table.tests col.c-points {{ width: 72px; }}
table.tests td.label {{ font-family: "DejaVu Sans Mono", Consolas, monospace; font-size: 14px;
  overflow-wrap: anywhere; }}
table.tests tr.fail td {{ background: #fdf3ec; }}
table.tests tr.fail td:first-child {{ box-shadow: inset 4px 0 0 {FAIL_COLOUR}; }}
table.tests tr.pass td:first-child {{ box-shadow: inset 4px 0 0 {PASS_COLOUR}; }}
table.tests tr.shared td {{ color: #444; font-style: italic; }}
code {{ font-family: "DejaVu Sans Mono", Consolas, monospace; font-size: 14px; background: #f0f0ee;
  padding: 0 3px; border-radius: 3px; overflow-wrap: anywhere; }}
.badge {{ display: inline-block; min-width: 4.2em; text-align: center; padding: 1px 8px; border-radius: 4px;
  font-size: 14px; font-weight: 700; white-space: nowrap; }}
.badge.pass {{ background: {PASS_COLOUR}; color: #fff; }}
.badge.fail {{ background: {FAIL_COLOUR}; color: #000; }}
.badge.manual {{ background: #fff; color: {MANUAL_COLOUR}; border: 2px solid {MANUAL_COLOUR}; }}
.tag {{ font-family: "DejaVu Sans", sans-serif; font-size: 14px; color: #444; border: 1px solid #999;
  border-radius: 3px; padding: 0 4px; white-space: nowrap; }}
.message {{ color: #333; margin-top: 2px; overflow-wrap: anywhere; }}
.slip {{ margin-top: 6px; padding: 6px 10px; border-left: 4px solid {FAIL_COLOUR}; background: #fff;
  color: #1b1b1b; }}
.hint {{ margin: 10px 0 0; padding: 8px 12px; border-left: 4px solid {PASS_COLOUR}; background: #eef5fa; }}
.hint ul {{ margin: 4px 0 0; padding-left: 22px; }}
.note {{ color: #333; margin: 8px 0; }}
.written {{ margin: 8px 0 12px; }}
.written-head {{ margin-bottom: 6px; }}
blockquote {{ margin: 0; padding: 10px 14px; background: #f7f7f5; border-left: 4px solid {MANUAL_COLOUR};
  white-space: pre-wrap; overflow-wrap: anywhere; font-size: 16px; }}
.empty {{ color: #444; font-style: italic; }}
.bar {{ display: inline-flex; width: 120px; height: 14px; margin-top: 4px; background: #eee;
  border-radius: 2px; overflow: hidden; vertical-align: middle; }}
.bar .won {{ background: {PASS_COLOUR}; }}
.bar .lost {{ background: {FAIL_COLOUR}; }}
.bar .manual {{ background: repeating-linear-gradient(45deg, #bbb 0 4px, #e4e4e4 4px 8px); }}
ul.notes {{ margin: 4px 0; padding-left: 22px; }}
ul.notes li {{ overflow-wrap: anywhere; }}
footer {{ margin-top: 32px; font-size: 14px; color: #444; border-top: 1px solid #ccc; padding-top: 8px; }}
@media (max-width: 40em) {{
  main {{ padding: 12px 10px 32px; }}
  h2 {{ flex-wrap: wrap; }}
  th, td {{ padding: 4px 5px; }}
  table.summary td {{ overflow-wrap: anywhere; }}
  .badge, .tag {{ white-space: normal; }}
  table.summary td:last-child, table.summary th:last-child {{ display: none; }}
  table.tests col.c-result {{ width: 76px; }}
  table.tests col.c-test {{ width: 40%; }}
  table.tests col.c-points {{ width: 52px; }}
}}
"""


def shown_name(notebook: str) -> str:
    """A submission's name as a learner may see it: relative to the grader's folder, else its last two parts."""
    path = Path(notebook)
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        from coursetools.grade.nbgrader_layout import student_of

        keep = 3 if student_of(path) else 2  # nbgrader's <student>/<assignment>/<notebook>
        return str(Path(*path.parts[-keep:])) if len(path.parts) >= keep else str(path)


def feedback_html(record: dict, course: Optional[Path] = None, lessons_url: Optional[str] = None) -> str:
    """The feedback page of one graded submission (a record of `batch.grade_notebook`) as one HTML document;
    `lessons_url` is where the learner opens the lessons from the page (a relative folder or a URL)."""
    exercise = str(record.get("exercise", "") or "")
    questions = list(record.get("questions", {}).values())
    try:
        owns = _own_tests(exercise)
    except Exception:
        owns = {}
    try:
        found_hints = hints(exercise, course) if exercise else {}
        title = exercise_title(exercise, course) if exercise else ""
    except Exception:
        found_hints, title = {}, ""
    name = shown_name(str(record.get("notebook", "")))  # not the instructor's absolute folders
    heading = f"Exercises {exercise}" + (f" · {title}" if title else "") if exercise else "Feedback"
    manual_points = sum(q.get("max_points", 0) for q in questions if q.get("manual"))
    score = (f'Score: {points_text(record.get("points", 0))} / {points_text(record.get("max_points", 0))} '
             f'automatic points ({_esc(points_text(record.get("percent", 0)))}%)')
    if manual_points:
        score += f' <span class="of-hand">+ {points_text(manual_points)} points to be graded by hand</span>'
    body = [f"<header><h1>{_esc(heading)}</h1>",
            f'<div class="notebook">Feedback on <code>{_esc(name)}</code></div>',
            f'<p class="score">{score}</p></header>']
    if questions:
        body.append(_summary(record, questions, owns))
    notes = [str(m) for m in record.get("messages", [])]
    if notes:
        body.append('<h3>Notes of the grade</h3><ul class="notes">'
                    + "".join(f"<li>{_esc(m)}</li>" for m in notes) + "</ul>")
    course_code = record.get("course_code", {}) or {}
    try:
        from coursekit.grading.registry import questions as answer_key_questions

        uses = {q.qid: q.uses for q in answer_key_questions(exercise)} if exercise else {}
    except Exception:
        uses = {}
    for q in questions:
        qid = q.get("qid", "")
        first = tuple(earlier_failures(q, record, uses.get(qid, ())))
        body.append(_question_section(q, owns.get(qid), found_hints.get(qid, ()), list(course_code.get(qid, [])),
                                      first, lessons_url))
    body.append('<footer>Written by <code>python -m coursekit grade --feedback</code>. Expected values of '
                'compute-a-number questions stay hidden; written answers are marked by your instructor.</footer>')
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{_esc('Feedback: ' + (Path(name).name or name))}</title><style>{CSS}</style></head>"
            "<body><main>\n" + "\n".join(body) + "\n</main></body></html>\n")


def check_folder(folder: Path) -> None:
    """Refuse a feedback folder that cannot be written, before any grading starts."""
    if folder.exists() and not folder.is_dir():
        raise ValueError(f"--feedback {str(folder)!r} is a file; give a folder")
    existing = next((p for p in [folder, *folder.parents] if p.exists()), None)
    if existing is None or not existing.is_dir() or not os.access(existing, os.W_OK | os.X_OK):
        raise ValueError(f"--feedback {str(folder)!r}: cannot write in {str(existing or folder)!r}")


def lessons_link(folder: Path, lessons: Optional[str] = None) -> str:
    """How a page in `folder` links to the lessons: the folder `lessons` (default: the course's notebooks/) relative
    to `folder`, or `lessons` as given when it is no folder here: a URL ("https://...") or a path on the server that
    shows the pages ("/hub/user-redirect/lab/tree/games-course/notebooks" on a JupyterHub)."""
    if lessons is not None and not Path(lessons).is_dir():
        return lessons
    target = Path(lessons) if lessons is not None else COURSE_ROOT / "notebooks"
    return os.path.relpath(target.resolve(), Path(folder).resolve()).replace(os.sep, "/")


def write_page(target: Path, text: str) -> Path:
    """Write an HTML page atomically (a temporary file in the same folder, then renamed), readable by all."""
    with tempfile.NamedTemporaryFile("w", dir=target.parent, prefix=f".{target.stem}-", suffix=".html", delete=False,
                                     encoding="utf-8") as handle:
        handle.write(text)
        tmp = handle.name
    os.chmod(tmp, 0o644)
    os.replace(tmp, target)
    return target


def write_feedback(records: list[dict], folder: Path, lessons: Optional[str] = None) -> dict[str, Path]:
    """Write one page per record into `folder` (each atomically); returns {notebook: page path}. The pages link
    the lessons as `lessons_link(folder, lessons)` says."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    lessons_url = lessons_link(folder, lessons)
    inside = folder.resolve()
    names = page_names(r.get("notebook", "") for r in records)
    written = {}
    for record in records:
        notebook = str(record.get("notebook", ""))
        target = folder / names[notebook]
        if target.resolve().parent != inside:  # cannot happen with page_names' characters; never write outside
            raise ValueError(f"the page name {names[notebook]!r} leaves {str(folder)!r}")
        written[notebook] = write_page(target, feedback_html(record, lessons_url=lessons_url))
    return written
