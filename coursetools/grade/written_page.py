"""The written answers of a class on one page, question by question, to mark in one pass (`grade --feedback DIR`
writes DIR/written.html beside the class page).

For each written question: its title and points, the model answer from the course's worked solution as the rubric,
then every learner's answer with its word count and a link to that learner's page. Blank answers are counted, not
listed. Self-contained like the class page: inline CSS, no scripts, nothing from another host.
"""

from __future__ import annotations

import ast
import html
from collections import defaultdict
from pathlib import Path
from typing import Optional

from coursetools.grade.class_page import CSS, attempted, learner_name
from coursetools.grade.feedback import course_root, points_text, solution_notebook, write_page, written_text

WRITTEN_CSS = """
.question { border-top: 2px solid #c8c8c8; margin-top: 1.5em; }
.rubric { background: #eef5fa; border-left: 4px solid #0072B2; padding: 0.5em 0.9em; white-space: pre-wrap; }
.answer { border-left: 4px solid #c8c8c8; padding: 0.3em 0.9em; margin: 0.8em 0; }
.answer blockquote { margin: 0.3em 0; white-space: pre-wrap; overflow-wrap: break-word; }
"""


def _esc(value: object) -> str:
    return html.escape(str(value), quote=True)


def model_answer(exercise: str, name: str, course: Optional[Path] = None) -> str:
    """The text the course's worked solution assigns to `name` (the written answer's variable), or ""."""
    from coursetools.nbio import nbformat

    path = solution_notebook((course or course_root()) / "solutions", exercise)
    if path is None:
        return ""
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type != "code" or name not in cell.source:
            continue
        try:
            tree = ast.parse(cell.source)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if (isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets)
                    and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)):
                return node.value.value.strip()
    return ""


def _written_names(exercise: str) -> dict[str, str]:
    """{qid: the written answer's variable} of an exercise, from the answer key ({} when it cannot be read)."""
    from coursekit.grading.cases import Written
    from coursekit.grading.registry import questions

    try:
        found = questions(exercise)
    except Exception:
        return {}
    return {q.qid: case.name for q in found for case in q.cases if isinstance(case, Written)}


def written_answers(records: list[dict]) -> dict:
    """{exercise: {qid: {"title", "max_points", "answers": [(learner, notebook, text)], "blank": n}}}."""
    found: dict = defaultdict(dict)
    for record in records:
        exercise = str(record.get("exercise") or "")
        for qid, q in sorted((record.get("questions") or {}).items()):
            if not q.get("manual"):
                continue
            entry = found[exercise].setdefault(qid, {"title": str(q.get("title", "")), "answers": [], "blank": 0,
                                                     "max_points": q.get("max_points", 0)})
            texts = [written_text(str(t.get("actual", ""))) for t in q.get("tests") or []
                     if t.get("status") == "manual"]
            text = "\n\n".join(t for t in texts if t.strip())
            if not attempted(q) or not text.strip():
                entry["blank"] += 1
            else:
                entry["answers"].append((learner_name(record), str(record.get("notebook", "")), text))
    for questions in found.values():
        for entry in questions.values():
            entry["answers"].sort(key=lambda a: a[0].lower())
    return {exercise: found[exercise] for exercise in sorted(found)}


def written_page_html(records: list[dict], pages: Optional[dict[str, str]] = None,
                      course: Optional[Path] = None) -> str:
    """The written answers page; `pages` maps a record's notebook to its feedback page (a relative link)."""
    pages = pages or {}
    body = ["<header><h1>Written answers, question by question</h1>",
            '<p>Each question\'s model answer from the worked solution is the rubric; below it every learner\'s '
            'answer. Blank answers are counted, not listed. Back to <a href="index.html">the class page</a>.</p>'
            "</header>"]
    gathered = written_answers(records)
    if not gathered:
        body.append('<p class="muted">No written question in these submissions.</p>')
    for exercise, questions in gathered.items():
        names = _written_names(exercise)
        for qid, entry in questions.items():
            rubric = model_answer(exercise, names[qid], course) if qid in names else ""
            body.append(f'<section class="question" id="q-{_esc(qid)}"><h2>{_esc(qid)} {_esc(entry["title"])} '
                        f'<span class="muted">({_esc(points_text(entry["max_points"]))} points; '
                        f'{len(entry["answers"])} answers, {entry["blank"]} blank)</span></h2>')
            body.append(f'<h3>Rubric: the worked solution\'s answer</h3><div class="rubric">{_esc(rubric)}</div>'
                        if rubric else '<p class="muted">No worked answer found in solutions/.</p>')
            for who, notebook, text in entry["answers"]:
                link = pages.get(notebook)
                name = f'<a href="{_esc(link)}">{_esc(who)}</a>' if link else _esc(who)
                body.append(f'<div class="answer"><strong>{name}</strong> <span class="muted">'
                            f'{len(text.split())} words</span><blockquote>{_esc(text)}</blockquote></div>')
            body.append("</section>")
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>Written answers</title><style>{CSS}{WRITTEN_CSS}</style></head>"
            "<body><main>\n" + "\n".join(body) + "\n</main></body></html>\n")


def write_written_page(records: list[dict], folder: Path, pages: dict[str, Path]) -> Path:
    """Write folder/written.html atomically; `pages` maps notebook paths to their feedback pages."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    links = {str(r["notebook"]): Path(pages[str(r["notebook"])]).name
             for r in records if str(r.get("notebook", "")) in pages}
    return write_page(folder / "written.html", written_page_html(records, links))
