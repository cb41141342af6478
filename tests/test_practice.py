"""Practice inside lessons: checked at once, never graded and never counted; predictions answer in the widget."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from coursekit import practice as practice_module
from coursekit.practice import lesson_of, lessons, practice_report, questions, run_practice
from coursekit.widgets.predict import Guess, Predict

ROOT = Path(__file__).resolve().parents[1]
SOL01 = ROOT / "solutions" / "01_solutions_superpositions.ipynb"


def test_every_practice_question_has_a_practice_id_and_tests():
    assert lessons(), "no lesson has practice questions"
    for lesson in lessons():
        for q in questions(lesson):
            assert lesson_of(q.qid) == lesson and q.cases and q.kind in ("function", "number")


@pytest.mark.parametrize("bad", ["02.q1", "2.p1", "02p1", "", None, 2])
def test_a_practice_id_is_never_an_exercise_id(bad):
    with pytest.raises(ValueError, match="practice question id"):
        lesson_of(bad)


def test_the_graders_registry_refuses_practice_ids():
    from coursekit.grading.registry import exercise_of

    for lesson in lessons():
        for q in questions(lesson):
            with pytest.raises(ValueError):
                exercise_of(q.qid)


def test_a_practice_report_shows_no_points_and_says_practice():
    wrong = run_practice("00.p1", {"cards_in_two_decks": 52})
    text = practice_report(wrong)
    assert text.startswith("Practice (not graded, not counted): 00.p1")
    assert "FAIL" in text and "one deck" in text and "points" not in text and "[0/1]" not in text
    assert "not yet" in text
    right = practice_report(run_practice("00.p1", {"cards_in_two_decks": 104}))
    assert "pass" in right and "all right" in right


def test_practice_prints_without_a_kernel(capsys):
    practice_module.practice("00.p1", {"cards_in_two_decks": 104})
    assert "all right" in capsys.readouterr().out


def test_predict_names_the_idea_behind_a_wrong_answer():
    p = Predict("How many totals?", {"2": "two ideas", "4": "k aces give k + 1 totals", "8": "2 ** 3 counts orders"},
                answer="4", then="The next cell counts them.")
    p.check.click()
    assert p.right is None and "Pick one" in p.message.text
    assert p.choose("8").startswith("Not quite: 2 ** 3 counts orders") and p.right is False
    assert p.choose("4") == "Right: k aces give k + 1 totals The next cell counts them." and p.right is True
    assert p.attempts == ["8", "4"]
    with pytest.raises(ValueError, match="pick one of"):
        p.choose("5")


@pytest.mark.parametrize("choices, answer", [({"a": "x"}, "a"), ({"a": "x", "b": "y"}, "c"), (["a", "b"], "a")])
def test_predict_refuses_bad_setups(choices, answer):
    with pytest.raises(ValueError):
        Predict("?", choices, answer)


def test_guess_says_how_far_off_and_cuts_junk():
    g = Guess("How many coups?", 3_815_260, close=0.25, unit=" coups")
    g = Guess("How many coups?", 3_815_260, close=0.25, unit=" coups", low="count the coups of every shoe, not one")
    wrong = g.guess("1e6")
    assert wrong.startswith("You guessed 1,000,000 coups: too low. Count the coups of every shoe, not one.")
    assert "3,815,260" not in wrong  # a wrong guess shows a way to the answer, never the answer (issue 34)
    assert g.guess("3,500,000").startswith("Close")
    junk = g.guess("x" * 400)
    assert junk.startswith("Type a number") and len(junk) < 120
    assert g.guesses == [1e6, 3.5e6]
    assert g.guess("1/0").startswith("Type a number")


@pytest.mark.parametrize("answer, close", [(float("nan"), 0.1), ("3", 0.1), (3, 2), (True, 0.1)])
def test_guess_refuses_bad_setups(answer, close):
    with pytest.raises(ValueError):
        Guess("?", answer, close=close)


@pytest.mark.slow
def test_practice_cells_in_a_submission_change_no_grade(tmp_path):
    """A submission that runs practice checks and predictions gets exactly the grade it gets without them."""
    nb = json.loads(SOL01.read_text())
    plain = tmp_path / "plain" / SOL01.name
    practised = tmp_path / "practised" / SOL01.name
    for path in (plain, practised):
        path.parent.mkdir()
    plain.write_text(json.dumps(nb))
    extra = ("from coursekit.practice import practice\nfrom coursekit.widgets.predict import Predict\n"
             "cards_in_two_decks = 104\npractice('00.p1')\n"
             "Predict('?', {'a': 'x', 'b': 'y'}, answer='a').choose('a')")
    nb["cells"].insert(1, {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
                           "source": extra})
    practised.write_text(json.dumps(nb))
    out = tmp_path / "out" / "grades.csv"
    env = {**os.environ, "COURSEKIT_PROGRESS": "0"}
    run = subprocess.run([sys.executable, "-m", "coursekit", "grade", str(tmp_path / "plain"),
                          str(tmp_path / "practised"), "--out", str(out)], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    records = json.loads(out.with_suffix(".json").read_text())["records"]
    by_name = {Path(r["notebook"]).parent.name: r for r in records}
    assert set(by_name) == {"plain", "practised"}
    assert by_name["practised"]["points"] == by_name["plain"]["points"] > 0
    assert "00.p1" not in out.read_text() and "00.p1" not in json.dumps(records)
