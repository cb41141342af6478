"""The class page: what a whole class got wrong, from the grade records (`grade ... --feedback DIR` writes index.html).

`class_summary(records)` counts, per exercise and question, the points distribution, the share with full points and
the median; ranks the named slips by how many learners made them; and lists the failed tests that no slip names
(where the grader has no word for what went wrong). `class_page_html` draws that as one self-contained page (inline
CSS and SVG, no scripts, nothing from another host), and `summary_text` as the terminal's ranking
(`python -m coursekit grade --summary grades.json`).
"""

from __future__ import annotations

import html
import json
import os
import re
import statistics
from collections import defaultdict
from pathlib import Path
from typing import Iterable, Optional

from coursetools.grade.feedback import COURSE_ROOT, shown_name, write_page
from coursekit.grading.cases import NO_ANSWER
from coursekit.grading.lesson_links import section_of
from coursekit.sandbox.probe import NOT_DONE
from coursekit.sandbox.text import lookalike_note

NAVY, BLUE, VERMILLION, GREY = "#1a1a1a", "#0072B2", "#B84A00", "#595959"  # text colours >= 4.5:1 on white
MAX_LEARNERS_LISTED = 40  # names listed under one slip; the rest are counted
MAX_SAYS = 300  # characters of a slip's sentence or a test's label shown


def _esc(value: object) -> str:
    return html.escape(str(value), quote=True)


def _cut(text: object, limit: int = MAX_SAYS) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def learner_name(record: dict) -> str:
    """The name a record is listed under: nbgrader's student when known, else the submission's shown path."""
    return str(record.get("student") or shown_name(str(record.get("notebook", ""))))


# a test's message when nothing was written (a sweep's starts with the call it made: "f(['2']): not done yet: ...")
UNATTEMPTED_MESSAGES = (re.compile(rf"(^|: ){re.escape(NOT_DONE)}\b"), re.compile(r"(^|: )name '\w+' is not defined"),
                        re.compile(rf"^{re.escape(NO_ANSWER)}\b"))
CASE_DETAIL = re.compile(r"\s*\([^()]*\)\s*$")  # a slip's closing parenthesis: the numbers of the case it met


def attempted(question: dict) -> bool:
    """False when every test of the question failed only because nothing was written: the stub still raises
    NotImplementedError, the name was never defined, or the written answer is empty."""
    tests = question.get("tests") or []
    if not tests or any(t.get("status") == "pass" for t in tests):
        return True
    return not all(any(p.search(str(t.get("message", ""))) for p in UNATTEMPTED_MESSAGES) for t in tests)


def slip_name(says: str) -> str:
    """One slip, one row: the slip's words without the closing parenthesis that gives the numbers of one case
    ("every ace counted as 11 ... (all its aces as 11 make 26)" and "... make 22)" are one slip)."""
    return CASE_DETAIL.sub("", says) or says


def class_summary(records: Iterable[dict]) -> dict:
    """Per-question distributions, slips ranked by learners, and failures no slip names, as JSON-ready data."""
    records = list(records)
    exercises: dict = defaultdict(lambda: {"learners": 0, "questions": {}})
    slips: dict = defaultdict(set)
    unnamed: dict = defaultdict(set)
    for record in records:
        exercise = str(record.get("exercise") or "")
        if not exercise:
            continue
        who = learner_name(record)
        entry = exercises[exercise]
        entry["learners"] += 1
        for qid, q in sorted((record.get("questions") or {}).items()):
            stats = entry["questions"].setdefault(qid, {"title": str(q.get("title", "")), "points": [],
                                                        "manual": bool(q.get("manual")), "unattempted": 0,
                                                        "max_points": q.get("max_points", 0)})
            stats["max_points"] = max(stats["max_points"], q.get("max_points", 0))
            if not q.get("manual"):
                stats["points"].append(q.get("points", 0))
            tests = q.get("tests") or []
            if not attempted(q):
                stats["unattempted"] += 1  # counted apart: nothing to re-teach in a question nobody tried
                continue
            named = False
            for test in tests:
                if test.get("status") == "fail" and test.get("slip"):
                    slips[(exercise, qid, slip_name(_cut(test["slip"])))].add(who)
                    named = True
            for test in tests:
                if test.get("status") != "fail" or test.get("slip") or named:
                    continue  # a learner whose slip in this question is named above is not listed again here
                if test.get("public", True) or test.get("reveal", True):
                    unnamed[(exercise, qid, _cut(test.get("label", "")))].add(who)
    out_exercises = {}
    for exercise, entry in sorted(exercises.items()):
        questions = {}
        for qid, stats in sorted(entry["questions"].items()):
            points = stats["points"]
            full = sum(1 for p in points if stats["max_points"] and p >= stats["max_points"])
            questions[qid] = {"title": stats["title"], "manual": stats["manual"], "max_points": stats["max_points"],
                              "learners": len(points), "full": full, "unattempted": stats["unattempted"],
                              "full_share": round(full / len(points), 3) if points else 0.0,
                              "median": statistics.median(points) if points else None,
                              "distribution": _distribution(points)}
        out_exercises[exercise] = {"learners": entry["learners"], "questions": questions}

    def ranked(found: dict, key: str) -> list:
        rows = []
        for (exercise, qid, text), who in found.items():
            size = out_exercises.get(exercise, {}).get("learners", 0) or 1
            rows.append({"exercise": exercise, "qid": qid, key: text, "count": len(who),
                         "share": round(len(who) / size, 3), "learners": sorted(who)})
        return sorted(rows, key=lambda r: (-r["count"], r["qid"], r[key]))

    return {"learners": len(records), "exercises": out_exercises, "slips": ranked(slips, "says"),
            "unnamed": ranked(unnamed, "test")}


def _distribution(points: list) -> list:
    """[[points, learners], ...] in increasing points."""
    counts: dict = defaultdict(int)
    for p in points:
        counts[p] += 1
    return [[p, counts[p]] for p in sorted(counts)]


def _chart(qid: str, stats: dict) -> str:
    """A small inline SVG histogram of a question's points, with its description as the accessible name."""
    dist = stats["distribution"]
    if not dist:
        return ""
    width, height, bar_gap = 240, 78, 6
    most = max(n for _, n in dist)
    bar = max(6, (width - bar_gap * len(dist)) // len(dist))
    parts = []
    for i, (p, n) in enumerate(dist):
        x = i * (bar + bar_gap)
        h = round((height - 32) * n / most)
        colour = BLUE if stats["max_points"] and p >= stats["max_points"] else VERMILLION if p == 0 else GREY
        parts.append(f'<rect x="{x}" y="{height - 16 - h}" width="{bar}" height="{h}" fill="{colour}"/>'
                     f'<text x="{x + bar / 2}" y="{height - 19 - h}" text-anchor="middle" font-size="12">{n}</text>'
                     f'<text x="{x + bar / 2}" y="{height - 3}" text-anchor="middle" font-size="12">'
                     f'{_esc(p)} pt</text>')
    words = ", ".join(f"{n} with {p}" for p, n in dist)
    label = f"{qid}: points of {stats['learners']} learners: {words} (of {stats['max_points']})"
    return (f'<svg role="img" aria-label="{_esc(label)}" width="{(bar + bar_gap) * len(dist)}" height="{height}" '
            f'viewBox="0 0 {(bar + bar_gap) * len(dist)} {height}"><title>{_esc(label)}</title>{"".join(parts)}</svg>')


def _name_html(name: str, link: Optional[str] = None) -> str:
    """A learner's name (linked when `link`), with its scripts beside it when it is not plain ASCII (lookalikes)."""
    shown = f'<a href="{_esc(link)}">{_esc(name)}</a>' if link else _esc(name)
    note = lookalike_note(name)
    return shown + (f' <span class="muted lookalike">({_esc(note)})</span>' if note else "")


def _learner_links(names: list[str], pages: dict[str, str]) -> str:
    """Names linked to their pages, cut to MAX_LEARNERS_LISTED."""
    shown = [_name_html(n, pages.get(n)) for n in names[:MAX_LEARNERS_LISTED]]
    more = len(names) - MAX_LEARNERS_LISTED
    return ", ".join(shown) + (f" and {more} more" if more > 0 else "")


CSS = f"""
body {{ font-family: system-ui, sans-serif; color: {NAVY}; margin: 0; font-size: 16px; line-height: 1.45; }}
main {{ max-width: 1180px; margin: 0 auto; padding: 1em 1.5em; }}
h1 {{ font-size: 1.7em; margin: 0.2em 0; }} h2 {{ font-size: 1.35em; margin-top: 1.4em; }}
table {{ border-collapse: collapse; margin: 0.5em 0 1em; }}
th, td {{ border-bottom: 1px solid #c8c8c8; padding: 0.3em 0.6em; text-align: left; vertical-align: middle; }}
th {{ background: #f2f2f2; }}
td.num {{ text-align: right; font-variant-numeric: tabular-nums; }}
.slip {{ color: {VERMILLION}; }} .muted {{ color: {GREY}; }}
a {{ color: #005a8c; }}
a:focus-visible {{ outline: 3px solid {NAVY}; outline-offset: 2px; }}
.cols {{ display: flex; gap: 0 3em; flex-wrap: wrap; }}
.cols section {{ min-width: 0; }}
.wide {{ max-width: 100%; overflow-x: auto; }}
.wide:focus-visible {{ outline: 3px solid {NAVY}; outline-offset: 2px; }}
td.slip, td.who {{ min-width: 12em; }}
li {{ overflow-wrap: anywhere; }}
@media (max-width: 40em) {{
  main {{ padding: 0.5em 0.6em; }} h1 {{ font-size: 1.4em; }} h2 {{ font-size: 1.2em; }}
  th, td {{ padding: 0.25em 0.4em; }}
}}
@media print {{ a {{ color: {NAVY}; text-decoration: none; }} main {{ max-width: none; }} }}
"""


def _wide(what: str) -> str:
    """The opening of a table's own box: on a narrow screen (320 px, or 200% zoom) the table scrolls sideways in
    it, reachable by keyboard, and the page does not (WCAG 1.4.10 lets a data table keep its columns)."""
    return (f'<div class="wide" role="region" tabindex="0" aria-label="{_esc(what)} (a table; it scrolls sideways '
            'on a narrow screen)">')


def _taught_in(qid: str, lessons_url: str) -> str:
    """The lesson section that teaches a question, linked to the lesson in `lessons_url` (a folder of lessons)."""
    section = section_of(qid)
    if section is None:
        return '<span class="muted">no lesson named</span>'
    link = f"{lessons_url.rstrip('/')}/{section.notebook}#{section.anchor}"
    return f'<a href="{_esc(link)}">lesson {_esc(section.lesson)}: {_esc(section.heading)}</a>'


def class_page_html(records: list[dict], pages: Optional[dict[str, str]] = None, lessons_url: str = "notebooks") -> str:
    """The class page as one HTML document; `pages` maps a record's notebook to its feedback page (a relative link),
    `lessons_url` is where the lessons are seen from the page (the course's notebooks/ folder, relative or a URL).

    Each row links to its own record's page; a name under a slip links to that learner's page of the slip's
    exercise, or to none when two submissions of that exercise carry the name."""
    pages = pages or {}
    summary = class_summary(records)
    named: dict[tuple[str, str], list[str]] = {}
    for r in records:
        if str(r.get("notebook", "")) in pages:
            named.setdefault((str(r.get("exercise") or ""), learner_name(r)), []).append(pages[str(r["notebook"])])

    def links_of(exercise: str) -> dict[str, str]:
        return {name: found[0] for (ex, name), found in named.items() if ex == exercise and len(found) == 1}

    body = ["<header><h1>What the class got wrong</h1>",
            f'<p>{summary["learners"]} submissions graded. Points per question, then the named slips by how many '
            'learners made them, then the failed tests the grader has no name for.</p></header>']
    body.append("<h2>Points per question</h2>")
    for exercise, entry in summary["exercises"].items():
        rows = []
        for qid, stats in entry["questions"].items():
            blank = f'<td class="num">{stats["unattempted"]}</td>'
            if stats["manual"]:
                rows.append(f"<tr><td>{_esc(qid)}</td><td>{_esc(stats['title'])}</td>{blank}"
                            '<td colspan="3" class="muted">written: graded by hand (see <a href="written.html">'
                            "the written answers</a>)</td><td></td></tr>")
                continue
            rows.append(f"<tr><td>{_esc(qid)}</td><td>{_esc(stats['title'])}</td>{blank}"
                        f'<td class="num">{stats["learners"]}</td>'
                        f'<td class="num">{round(100 * stats["full_share"])}%</td>'
                        f'<td class="num">{stats["median"]:g} of {stats["max_points"]:g}</td>'
                        f"<td>{_chart(qid, stats)}</td></tr>")
        body.append(f"<h3>Exercises {_esc(exercise)} ({entry['learners']} learners)</h3>"
                    + _wide(f"points per question of exercises {exercise}")
                    + "<table><thead><tr><th>question</th><th>title</th><th>not attempted</th><th>graded</th>"
                    "<th>full points</th><th>median</th><th>points (learners per score)</th></tr></thead><tbody>"
                    + "".join(rows) + "</tbody></table></div>")
    body.append("<h2>Named slips, most common first</h2>")
    if summary["slips"]:
        body.append(_wide("named slips") + "<table><thead><tr><th>learners</th><th>share</th><th>question</th>"
                    "<th>the slip</th>"
                    "<th>taught in</th><th>who</th></tr></thead><tbody>"
                    + "".join(f'<tr><td class="num">{s["count"]}</td><td class="num">{round(100 * s["share"])}%</td>'
                              f'<td>{_esc(s["qid"])}</td><td class="slip">{_esc(s["says"])}</td>'
                              f'<td>{_taught_in(s["qid"], lessons_url)}</td>'
                              f'<td class="who">{_learner_links(s["learners"], links_of(s["exercise"]))}</td></tr>'
                              for s in summary["slips"])
                    + "</tbody></table></div>")
    else:
        body.append('<p class="muted">No named slip in this class.</p>')
    body.append("<h2>Failed tests with no named slip: look at these</h2>"
                '<p class="muted">Questions left blank (a stub that still raises, a name never defined, an empty '
                "written answer) are counted under <em>not attempted</em> above, not here; nor is a learner whose "
                "slip in that question is named above.</p>")
    if summary["unnamed"]:
        body.append(_wide("failed tests with no named slip")
                    + "<table><thead><tr><th>learners</th><th>share</th><th>question</th><th>test</th><th>who</th>"
                    "</tr></thead><tbody>"
                    + "".join(f'<tr><td class="num">{u["count"]}</td><td class="num">{round(100 * u["share"])}%</td>'
                              f'<td>{_esc(u["qid"])}</td><td>{_esc(u["test"])}</td>'
                              f'<td class="who">{_learner_links(u["learners"], links_of(u["exercise"]))}</td></tr>'
                              for u in summary["unnamed"])
                    + "</tbody></table></div>")
    else:
        body.append('<p class="muted">Every failed test in this class has a named slip.</p>')
    by_name = sorted(records, key=lambda r: learner_name(r).lower())
    by_points = sorted(records, key=lambda r: (-(r.get("percent") or 0), learner_name(r).lower()))

    def listing(rows: list[dict]) -> str:
        items = []
        for r in rows:
            link = _name_html(learner_name(r), pages.get(str(r.get("notebook", ""))))
            items.append(f'<li>{link} <span class="muted">{_esc(r.get("exercise", ""))}: '
                         f'{_esc(r.get("points", 0))} / {_esc(r.get("max_points", 0))}</span></li>')
        return "<ol>" + "".join(items) + "</ol>"

    body.append('<h2>Every learner\'s page</h2><div class="cols"><section><h3>By name</h3>' + listing(by_name)
                + '</section><section><h3>By points, highest first</h3>' + listing(by_points) + "</section></div>")
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>Class page: what the class got wrong</title><style>{CSS}</style></head>"
            "<body><main>\n" + "\n".join(body) + "\n</main></body></html>\n")


def write_class_page(records: list[dict], folder: Path, pages: dict[str, Path], lessons: Optional[Path] = None) -> Path:
    """Write folder/index.html atomically; `pages` maps notebook paths to their feedback pages (from write_feedback);
    the slips link to the lessons in `lessons` (default: the course's notebooks/ folder, relative to the page)."""
    folder = Path(folder)
    lessons = Path(lessons) if lessons is not None else COURSE_ROOT / "notebooks"
    lessons_url = os.path.relpath(lessons.resolve(), folder.resolve()).replace(os.sep, "/")
    folder.mkdir(parents=True, exist_ok=True)
    links = {str(r["notebook"]): Path(pages[str(r["notebook"])]).name
             for r in records if str(r.get("notebook", "")) in pages}
    return write_page(folder / "index.html", class_page_html(records, links, lessons_url))


def load_records(path: Path) -> list[dict]:
    """The records of a grades.json (a list of records, or a dict with "records")."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise ValueError(f"--summary needs the grades.json that grade wrote, and {str(path)!r} is not one "
                         f"({type(error).__name__})") from None
    records = data.get("records") if isinstance(data, dict) else data
    if not isinstance(records, list) or not all(isinstance(r, dict) for r in records):
        raise ValueError(f"{str(path)!r} holds no grade records (a list of them, as grade writes)")
    return records


def summary_text(records: list[dict], top: int = 20) -> str:
    """The terminal's ranking: the named slips by learners, then the failures no slip names."""
    summary = class_summary(records)
    lines = [f"{summary['learners']} submissions. Named slips, most common first:"]
    for s in summary["slips"][:top] or []:
        lines.append(f"  {s['count']:4d} ({round(100 * s['share']):3d}%)  {s['qid']}  {_cut(s['says'], 100)}")
    if not summary["slips"]:
        lines.append("  none")
    lines.append("Failed tests with no named slip (look at these):")
    for u in summary["unnamed"][:top]:
        lines.append(f"  {u['count']:4d} ({round(100 * u['share']):3d}%)  {u['qid']}  {_cut(u['test'], 100)}")
    if not summary["unnamed"]:
        lines.append("  none")
    return "\n".join(lines)
