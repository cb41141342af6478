"""The class page: slips ranked by learners, distributions per question, failures no slip names, safe HTML."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from coursetools.grade.class_page import (class_page_html, class_summary, learner_name, load_records, summary_text,
                                          write_class_page)

ROOT = Path(__file__).resolve().parents[1]
ONE_DECK = "this is the chance for one deck; the question asks for a fresh six-deck shoe"
ACES = "only one ace turned from 11 to 1"


def outcome(name: str, status: str, slip: str = "", public: bool = True) -> dict:
    return {"label": name, "status": status, "points": 1 if status == "pass" else 0, "max_points": 1,
            "expected": "", "actual": "", "message": "", "public": public, "reveal": public, "slip": slip}


def record(name: str, q1: list, q3: list, written: bool = True) -> dict:
    questions = {"02.q1": {"qid": "02.q1", "title": "hand_total", "kind": "function", "manual": False,
                           "points": sum(t["points"] for t in q1), "max_points": len(q1), "tests": q1},
                 "02.q3": {"qid": "02.q3", "title": "p_natural_6", "kind": "number", "manual": False,
                           "points": sum(t["points"] for t in q3), "max_points": len(q3), "tests": q3}}
    if written:
        questions["02.q5"] = {"qid": "02.q5", "title": "explain", "kind": "written", "manual": True, "points": 0,
                              "max_points": 2, "tests": [outcome("answer", "manual")]}
    points = sum(q["points"] for q in questions.values() if not q["manual"])
    return {"notebook": f"submitted/{name}/02_counting_blackjack_hands.ipynb", "exercise": "02", "points": points,
            "max_points": 3, "percent": round(100 * points / 3, 1), "questions": questions, "messages": []}


CLASS = [
    record("ada", [outcome("hand_total(['A', 'A'])", "pass"), outcome("sweep", "pass")], [outcome("p", "pass")]),
    record("bob", [outcome("hand_total(['A', 'A'])", "fail", ACES), outcome("sweep", "fail", ACES)],
           [outcome("p", "fail", ONE_DECK)]),
    record("cy", [outcome("hand_total(['A', 'A'])", "pass"), outcome("sweep", "fail")],
           [outcome("p", "fail", ONE_DECK)]),
    record("<script>alert(1)</script>", [outcome("hand_total(['A', 'A'])", "fail", ACES), outcome("sweep", "pass")],
           [outcome("p", "fail", ONE_DECK)]),
    {"notebook": "submitted/dan/homework.ipynb", "exercise": "", "points": 0, "max_points": 0, "percent": 0.0,
     "questions": {}, "messages": ["not an exercise notebook"]},
]


def test_slips_are_ranked_by_learners_not_by_tests():
    summary = class_summary(CLASS)
    first, second = summary["slips"][:2]
    assert (first["says"], first["count"], first["share"]) == (ONE_DECK, 3, 0.75)
    assert (second["says"], second["count"]) == (ACES, 2)  # bob failed two tests with it: one learner
    assert second["learners"] == sorted(learner_name(r) for r in (CLASS[1], CLASS[3]))


def test_distribution_full_share_and_median():
    q1 = class_summary(CLASS)["exercises"]["02"]["questions"]["02.q1"]
    assert q1["distribution"] == [[0, 1], [1, 2], [2, 1]]
    assert (q1["learners"], q1["full"], q1["full_share"], q1["median"]) == (4, 1, 0.25, 1.0)
    assert class_summary(CLASS)["exercises"]["02"]["questions"]["02.q5"]["manual"] is True


def test_failures_without_a_slip_are_listed_to_look_at():
    unnamed = class_summary(CLASS)["unnamed"]
    assert [(u["qid"], u["test"], u["count"]) for u in unnamed] == [("02.q1", "sweep", 1)]


def test_hidden_private_tests_never_name_their_text():
    secret = record("eve", [outcome("secret input 12345", "fail", public=False), outcome("sweep", "pass")],
                    [outcome("p", "pass")])
    assert "secret input" not in json.dumps(class_summary([secret]))


def test_the_page_is_self_contained_escaped_and_links_every_learner(tmp_path):
    pages = {r["notebook"]: tmp_path / f"page{i}.html" for i, r in enumerate(CLASS)}
    target = write_class_page(CLASS, tmp_path, pages)
    page = target.read_text()
    assert target.name == "index.html"
    assert "<script>" not in page and "&lt;script&gt;" in page
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", page)
    assert "default-src 'none'" in page and 'lang="en"' in page
    for i in range(len(CLASS)):
        assert page.count(f'href="page{i}.html"') >= 2  # both lists: by name and by points
    assert 'role="img" aria-label="02.q1: points of 4 learners: 1 with 0, 2 with 1, 1 with 2 (of 2)"' in page
    assert page.index(ONE_DECK) < page.index(ACES)


def test_counts_on_the_page_equal_the_summary():
    page = class_page_html(CLASS)
    summary = class_summary(CLASS)
    for slip in summary["slips"]:
        row = re.search(rf'<td class="num">(\d+)</td><td class="num">\d+%</td><td>{slip["qid"]}</td>'
                        rf'<td class="slip">{re.escape(slip["says"])}</td>', page)
        assert row and int(row.group(1)) == slip["count"]


def test_summary_text_and_cli(tmp_path):
    grades = tmp_path / "grades.json"
    grades.write_text(json.dumps(CLASS))
    text = summary_text(load_records(grades))
    assert text.splitlines()[0] == "5 submissions. Named slips, most common first:"
    assert text.splitlines()[1].split()[:3] == ["3", "(", "75%)"]
    run = subprocess.run([sys.executable, "-m", "coursekit", "grade", "--summary", str(grades)], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and ONE_DECK in run.stdout and "no named slip" in run.stdout
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    run = subprocess.run([sys.executable, "-m", "coursekit", "grade", "--summary", str(bad)], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and "is not one" in run.stderr


@pytest.mark.parametrize("content", ["{}", "[1, 2]", '{"records": 3}'])
def test_load_records_refuses_what_grade_did_not_write(tmp_path, content):
    path = tmp_path / "g.json"
    path.write_text(content)
    with pytest.raises(ValueError, match="grade records"):
        load_records(path)


def test_each_slip_links_the_lesson_section_that_teaches_it(tmp_path):
    course = tmp_path / "course"
    (course / "notebooks").mkdir(parents=True)
    page = write_class_page(CLASS, course / "feedback", {}, lessons=course / "notebooks").read_text()
    assert ('<a href="../notebooks/02_counting_blackjack_hands.ipynb#How-likely-is-a-natural?">'
            "lesson 02: How likely is a natural?</a>") in page


def _blank(name: str) -> dict:
    """A record of a learner who handed in the blank exercise: stubs raise, names undefined, no written answer."""
    stub = "not done yet: add the cards, aces as 1"
    q1 = [dict(outcome("hand_total(['A', 'A'])", "fail"), message=stub),
          dict(outcome("sweep", "fail"), message=f"hand_total(['2']): {stub}")]
    q3 = [dict(outcome("p", "fail"), message="name 'p_natural_6' is not defined: run the cell that defines it first")]
    blank = dict(record(name, q1, q3), student=name)
    blank["questions"]["02.q5"]["tests"][0]["message"] = "no answer yet: write it between the quotes"
    return blank


def test_questions_nobody_tried_are_counted_apart_not_listed_to_look_at():
    """Issue 37 item 3: 17 of 18 rows of "look at these" were questions left blank; they are counted apart."""
    summary = class_summary(CLASS + [_blank("dee"), _blank("eve")])
    questions = summary["exercises"]["02"]["questions"]
    assert [questions[q]["unattempted"] for q in ("02.q1", "02.q3", "02.q5")] == [2, 2, 2]
    listed = [(u["qid"], u["test"], u["learners"]) for u in summary["unnamed"]]
    assert listed == [("02.q1", "sweep", [learner_name(CLASS[2])])]
    assert questions["02.q1"]["learners"] == 6  # their zeros still count in the distribution of points
    page = class_page_html(CLASS + [_blank("dee")])
    assert "<th>not attempted</th>" in page and "dee" not in page.split("look at these")[1].split("<h2>")[0]


def test_one_slip_is_one_row_and_a_learner_whose_slip_is_named_is_not_listed_again():
    ace = "every ace counted as 11: an ace counts 1 when 11 would go over 21"
    ann = dict(record("ann", [outcome("hand_total(['A', 'A'])", "fail", f"{ace} (all its aces as 11 make 22)"),
                              outcome("sweep", "fail")], [outcome("p", "pass")]), student="ann")
    ben = dict(record("ben", [outcome("hand_total(['A', 'K', 'A'])", "fail", f"{ace} (all its aces as 11 make 32)"),
                              outcome("sweep", "pass")], [outcome("p", "pass")]), student="ben")
    summary = class_summary([ann, ben])
    assert [(s["says"], s["learners"]) for s in summary["slips"]] == [(ace, ["ann", "ben"])]
    assert summary["unnamed"] == []  # ann's failed sweep is her named slip again


def test_the_written_answers_are_on_one_page_with_the_worked_answer_as_rubric(tmp_path):
    from coursetools.grade.written_page import write_written_page, written_answers

    ann = dict(record("ann", [outcome("x", "pass")], [outcome("p", "pass")]), student="ann")
    ann["questions"]["02.q5"]["tests"][0].update(actual=repr("Soft 17 is A, 6: the dealer now draws <b>"),
                                                 message="8 words; marked by your instructor")
    gathered = written_answers([ann, _blank("dee")])
    assert gathered["02"]["02.q5"]["blank"] == 1
    assert [a[0] for a in gathered["02"]["02.q5"]["answers"]] == ["ann"]
    page = write_written_page([ann, _blank("dee")], tmp_path, {ann["notebook"]: tmp_path / "ann.html"}).read_text()
    assert "Soft 17 is A, 6: the dealer now draws &lt;b&gt;" in page and '<a href="ann.html">ann</a>' in page
    assert "A, 6 and A, A, 5 are soft 17s" in page  # the worked solution's answer, as the rubric
    assert "1 answers, 1 blank" in page and "default-src 'none'" in page and "<script" not in page


def test_one_folder_per_learner_names_the_student(tmp_path):
    """Issue 37 item 3: grades.csv's student column was empty outside nbgrader's layout."""
    from coursetools.grade.nbgrader_layout import collect

    for who in ("ada", "bob"):
        (tmp_path / "class" / who).mkdir(parents=True)
        (tmp_path / "class" / who / "02.ipynb").write_text("{}")
    (tmp_path / "class" / "loose.ipynb").write_text("{}")
    found, refused = collect([tmp_path / "class"])
    assert [(h.path.name, h.student) for h in found] == [("02.ipynb", "ada"), ("02.ipynb", "bob"), ("loose.ipynb", "")]
    assert refused == []
