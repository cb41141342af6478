"""The grades as files: the CSV (one row per notebook, one column per question) and the JSON beside it."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Iterable

from coursekit.csv_safe import SafeWriter
from coursekit.sandbox.text import clean as clean_text
from coursetools.grade.class_page import class_summary

FIXED_COLUMNS = ["notebook", "student", "exercise", "points", "max_points", "percent"]
EXTRA_COLUMNS = ["course_code"]


def number_text(value: float) -> str:
    """A number as the table and the terminal show it: 2.0 -> "2", 1.5 -> "1.5"."""
    return f"{value:g}"


def course_code_text(record: dict) -> str:
    """The course's own functions a submission used, per question, in one cell."""
    return "; ".join(f"{qid}: {', '.join(names)}" for qid, names in sorted(record.get("course_code", {}).items()))


def write_table(records: list[dict], out: Path, refused: Iterable[str] = ()) -> Path:
    """Write the CSV (one row per notebook, one column per question) and the JSON beside it, each atomically.

    The JSON holds {"records": one per notebook, "summary": the class's per-question distributions and named slips
    with their counts (coursetools.grade.class_page.class_summary), "refused": what collection did not take}.

    Every CSV cell goes through `coursekit.csv_safe` (a notebook named `=HYPERLINK(...).ipynb` is shown as text by
    a spreadsheet, never run as a formula); the JSON keeps the true values.
    """
    qids = sorted({qid for r in records for qid in r["questions"]})
    out.parent.mkdir(parents=True, exist_ok=True)
    json_path = out.with_suffix(".json")
    with tempfile.NamedTemporaryFile("w", dir=out.parent, prefix=".grades-", suffix=".csv", delete=False,
                                     newline="") as handle:
        writer = SafeWriter(handle)
        writer.writerow(FIXED_COLUMNS + qids + EXTRA_COLUMNS)
        for r in records:
            row = [r["notebook"], r.get("student", ""), r["exercise"], number_text(r["points"]),
                   number_text(r["max_points"]), number_text(r["percent"])]
            for qid in qids:
                q = r["questions"].get(qid)
                row.append("" if q is None else "manual" if q["manual"] else number_text(q["points"]))
            writer.writerow(row + [course_code_text(r)])
        csv_tmp = handle.name
    with tempfile.NamedTemporaryFile("w", dir=out.parent, prefix=".grades-", suffix=".json", delete=False,
                                     encoding="utf-8") as handle:
        handle.write(json.dumps({"records": records, "summary": class_summary(records),
                                 "refused": [clean_text(why, 400) for why in refused]}, indent=1,
                                ensure_ascii=False) + "\n")
        json_tmp = handle.name
    for tmp in (csv_tmp, json_tmp):
        os.chmod(tmp, 0o644)
    os.replace(json_tmp, json_path)
    os.replace(csv_tmp, out)
    return json_path


def check_out(out: Path) -> None:
    """Refuse an output path that cannot be written, before any grading starts."""
    for target in (out, out.with_suffix(".json")):
        if target.is_dir():
            raise ValueError(f"--out {str(out)!r}: {str(target)!r} is a folder; give a file name such as grades.csv")
    if out.suffix.lower() == ".json":
        raise ValueError(f"--out {str(out)!r}: give the CSV's name (the JSON goes beside it)")
    folder = out.parent
    existing = next((p for p in [folder, *folder.parents] if p.exists()), None)
    if existing is None or not existing.is_dir() or not os.access(existing, os.W_OK | os.X_OK):
        raise ValueError(f"--out {str(out)!r}: cannot write in {str(existing or folder)!r}")
