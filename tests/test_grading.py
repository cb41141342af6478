"""Exercise checks without a kernel: the registry, check()'s report, partial scores, time limits, the generator."""

from __future__ import annotations

import contextlib
import io
import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from coursekit.grading import check, question, questions, run_check
from coursetools.grade.submission import exercise_of_notebook
from coursekit.grading.cases import Case
from coursekit.grading.filenames import exercise_name, lesson_stem, solution_name
from coursetools.author.generate import MarkerError, build_exercise, content_hash, plan, stub_source
from coursetools.author.generate import main as generate_main
from coursetools.nbio import nbformat
from coursekit.grading.registry import exercise_of, exercises, private_tests
from coursekit.grading.runner import run_question
from coursekit.grading.registry import answer_key_module
from notebook_cells import run_cells

ROOT = Path(__file__).resolve().parents[1]
SOLUTIONS = ROOT / "solutions"


def solution_namespace(name: str) -> dict:
    """Run a solution notebook's code cells (not the check cells) in a fresh dict, as a kernel would."""
    return run_cells(SOLUTIONS / name)


def printed(qid: str, namespace: dict) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        check(qid, namespace)
    return out.getvalue()


@pytest.fixture(scope="module")
def ns02():
    return solution_namespace("02_solutions_counting_blackjack_hands.ipynb")


# --- the registry -----------------------------------------------------------------------------------------------

def test_every_exercise_set_has_three_to_six_questions_of_mixed_kinds():
    assert exercises()[:2] == ["01", "02"]
    for ex in exercises():
        qs = questions(ex)
        assert 3 <= len(qs) <= (8 if ex == "10" else 6)  # 10: the console program, then the MDP (issue 34)
        assert [q.qid for q in qs] == [f"{ex}.q{i}" for i in range(1, len(qs) + 1)]
        assert {"function", "number"} <= {q.kind for q in qs}
        assert any(q.kind == "written" for q in qs)
        for q in qs:
            assert any(c.public for c in q.cases), f"{q.qid} has no public test"
            assert q.max_points > 0


def test_every_question_has_a_check_cell_in_its_solution_and_exercise():
    for ex in exercises():
        (path,) = SOLUTIONS.glob(f"{ex}_*.ipynb")
        for notebook in (path, ROOT / "exercises" / exercise_name(path.name)):
            sources = "\n".join(c.source for c in nbformat.read(notebook, as_version=4).cells)
            assert re.findall(r'check\("(\d\d\.q\d+)"\)', sources) == [q.qid for q in questions(ex)]


def test_bad_question_ids_name_the_value_and_the_form():
    with pytest.raises(ValueError, match=r"02\.q1.*'2\.1'"):
        exercise_of("2.1")
    with pytest.raises(ValueError, match="'99'"):
        question("99.q1")
    with pytest.raises(ValueError, match="02.q9.*02.q1"):
        question("02.q9")


def test_number_questions_hide_their_answer_and_others_show_it():
    for ex in exercises():
        for q in questions(ex):
            answers = [c for c in q.cases if isinstance(c, Case) and not c.label]
            for case in answers:
                assert case.reveal is (q.kind != "number"), (q.qid, case.expr)


# --- check() ----------------------------------------------------------------------------------------------------

def test_check_prints_each_test_with_input_expected_actual_and_points(ns02):
    text = printed("02.q1", ns02)
    assert "02.q1 hand_total(cards)" in text
    assert "pass  hand_total(['10', '5', 'A']): expected 16, got 16  [1/1]" in text
    assert "points: 5/5 on the public tests; 3 more grading tests worth 4 points run when your work is graded" in text


def test_check_shows_a_wrong_value_and_the_expected_one():
    ns = {"hand_total": lambda cards: 2 if cards == ["A", "A"] else None}
    text = printed("02.q1", ns)
    assert ("FAIL  hand_total(['A', 'A']): expected 12, got 2 -- looks like a common slip: every ace counted as 1"
            in text)
    assert "pass  hand_total(['K', 'Q', '5']): expected None, got None  [1/1]" in text


def test_check_never_prints_the_answer_to_a_number_question(ns02):
    answer = Fraction(192, 4043)

    def printed_at(value):
        return printed("02.q3", {"natural_chance": lambda decks: value})

    for value in (answer, Fraction(1, 21), 0.047489488003957456):
        text = printed_at(value)
        assert "192/4043" not in text and "Fraction(192, 4043)" not in text
        assert "0.0474894" not in text or value == 0.047489488003957456  # only the learner's own float
    assert "right (the expected value stays hidden)  [0/0]" in printed_at(answer)
    wrong = printed_at(Fraction(1, 21))
    assert "FAIL  natural_chance(6): expected value hidden, got Fraction(1, 21)  [0/0]" in wrong
    assert "1 more grading test worth 3 points run when your work is graded" in wrong
    close = printed_at(float(answer))
    assert "asks for the exact value as a fractions.Fraction" in close


def test_check_explains_a_stub_a_missing_name_and_a_crash():
    def stub(cards):
        raise NotImplementedError("add every card with aces as 1")

    assert "not done yet: add every card with aces as 1" in printed("02.q1", {"hand_total": stub})
    assert "name 'hand_total' is not defined: run the cell that defines it first" in printed("02.q1", {})
    assert "raised ZeroDivisionError" in printed("02.q1", {"hand_total": lambda cards: 1 / 0})


def test_written_answers_are_counted_not_scored():
    blank = run_check("02.q5", {"soft_and_hard": "\n"})
    assert blank.outcomes[0].status == "manual" and "no answer yet" in blank.outcomes[0].message
    answered = run_check("02.q5", {"soft_and_hard": "Casinos call 14 soft and 4 hard."})
    assert answered.points == 0 and "7 words; marked by your instructor" in answered.outcomes[0].message


def test_solutions_pass_every_public_and_grading_test():
    for name in sorted(p.name for p in SOLUTIONS.glob("*.ipynb")):
        ns = solution_namespace(name)
        for q in questions(name[:2]):
            result = run_question(q, ns, public_only=False)
            failed = [o for o in result.outcomes if o.status == "fail"]
            assert not failed, (q.qid, failed)
            assert result.points == (0 if q.manual else q.max_points)


def test_a_partly_right_answer_gets_its_partial_score():
    def aces_always_one(cards):  # the classic mistake: forgets that an ace may count 11
        total = sum({"A": 1, "J": 10, "Q": 10, "K": 10}.get(c) or int(c) for c in cards)
        return total if total <= 21 else None

    result = run_question(question("02.q1"), {"hand_total": aces_always_one}, public_only=False)
    passed = [o.label for o in result.outcomes if o.passed]
    # right where no ace may count 11 (source text 004's 10, 5, A; a bust; twelve aces; no cards), wrong on the rest
    assert passed == ["hand_total(['10', '5', 'A'])", "hand_total(['K', 'Q', '5'])", "hand_total(['A'] * 12)",
                      "hand_total([])"]
    assert (result.points, result.max_points) == (4, 9)
    sweep = result.outcomes[-1]
    assert sweep.status == "fail" and sweep.message.startswith("first wrong input: hand_total([")


def test_an_endless_loop_costs_only_its_tests():
    def loops(n):
        while True:
            pass

    ns = {"is_prime": loops}
    result = run_question(question("01.q3"), ns, public_only=False, time_limit=0.6)
    assert result.points == 0
    assert "stopped after" in result.outcomes[0].message
    assert any("were used up" in o.message for o in result.outcomes[1:])


def test_sys_exit_and_megabytes_of_printing_inside_a_test_are_contained():
    import sys

    def exits(cards):
        sys.exit(3)

    def chatty(cards):
        print("x" * 5_000_000)
        return 16

    assert "the code called sys.exit()" in printed("02.q1", {"hand_total": exits})
    text = printed("02.q1", {"hand_total": chatty})
    assert len(text) < 3000 and "pass  hand_total(['10', '5', 'A'])" in text


def test_private_tests_load_from_a_folder_and_never_show(tmp_path):
    (tmp_path / "extra.py").write_text(
        "from coursekit.grading import Case\n"
        "TESTS = {'02.q1': [Case(\"hand_total(['A', '9', 'A'])\", 21, points=3)]}\n")
    extra = private_tests(tmp_path)
    assert [c.public for c in extra["02.q1"]] == [False]
    result = run_question(question("02.q1"), solution_namespace("02_solutions_counting_blackjack_hands.ipynb"),
                          public_only=False, extra=extra["02.q1"])
    assert (result.points, result.max_points) == (12, 12)
    with pytest.raises(ValueError, match="folder"):
        private_tests(tmp_path / "missing")


# --- the generator ----------------------------------------------------------------------------------------------

def test_a_solution_region_becomes_a_stub_at_its_indentation_with_its_hint():
    source = ("def f(x):\n    ### BEGIN SOLUTION hint: double it\n    return 2 * x\n    ### END SOLUTION\n"
              "\n### BEGIN SOLUTION\nanswer = f(21)\n### END SOLUTION")
    stubbed, top_level = stub_source(source)
    assert stubbed == ("def f(x):\n    raise NotImplementedError('double it')\n\n"
                       "raise NotImplementedError('write your solution here')")
    assert top_level


def test_an_answer_region_becomes_an_empty_answer_string():
    stubbed, top_level = stub_source('### BEGIN ANSWER\nwhy = """\nBecause.\n"""\n### END ANSWER')
    assert stubbed == 'why = """\n"""' and not top_level


@pytest.mark.parametrize("source", ["### BEGIN SOLUTION\nx = 1", "x = 1\n### END SOLUTION",
                                    "### BEGIN SOLUTION\n### BEGIN SOLUTION\n### END SOLUTION",
                                    "### BEGIN ANSWER\n'no name'\n### END ANSWER"])
def test_markers_that_do_not_pair_up_are_refused(source):
    with pytest.raises(MarkerError):
        stub_source(source, "demo")


def test_the_exercise_keeps_no_solution_and_no_output():
    sol = nbformat.read(SOLUTIONS / "02_solutions_counting_blackjack_hands.ipynb", as_version=4)
    ex = build_exercise(sol, "02_solutions_counting_blackjack_hands.ipynb")
    text = json.dumps(ex)
    assert "total += 10" not in text and "Casinos call 14" not in text and "worked twin" not in text
    assert all(c.get("outputs", []) == [] for c in ex.cells if c.cell_type == "code")
    raising = [c for c in ex.cells if "raises-exception" in c.metadata.get("tags", [])]
    assert raising == []  # every stub of exercise 02 is inside a function: no cell raises when it runs
    stubs = [line.strip() for c in ex.cells if c.cell_type == "code" for line in c.source.splitlines()
             if "NotImplementedError" in line]
    assert "raise NotImplementedError('Fraction(number of busted k-card hands, number of k-card hands)')" in stubs
    assert ex.metadata["coursekit"]["content_hash"] == content_hash(ex)
    assert ex.metadata["coursekit"]["generated_from"] == "solutions/02_solutions_counting_blackjack_hands.ipynb"
    assert len(sol.cells) == len(ex.cells) + 1  # the solution-only note


def test_the_three_notebooks_of_a_set_have_three_names():
    names = ["02_counting_blackjack_hands.ipynb", "02_exercises_counting_blackjack_hands.ipynb",
             "02_solutions_counting_blackjack_hands.ipynb"]
    assert {lesson_stem(n) for n in names} == {"02_counting_blackjack_hands"}
    assert {exercise_name(n) for n in names} == {names[1]} and {solution_name(n) for n in names} == {names[2]}
    assert exercise_name("06_solutions_the_3_5_11_game.ipynb") == "06_exercises_the_3_5_11_game.ipynb"
    for bad in ("homework.ipynb", "02_x.py", "2_exercises_x.ipynb", None):
        with pytest.raises(ValueError, match="02_counting_blackjack_hands.ipynb"):
            exercise_name(bad)


@pytest.mark.parametrize("name", ["02_exercises_counting_blackjack_hands.ipynb",  # today's exercise notebook
                                  "02_counting_blackjack_hands.ipynb"])  # an older clone's: same set
def test_a_submission_is_exercise_02_under_its_new_and_its_old_name(name):
    nb = nbformat.read(ROOT / "exercises" / "02_exercises_counting_blackjack_hands.ipynb", as_version=4)
    assert exercise_of_notebook(nb, Path("alice") / name) == "02"
    nb.metadata.pop("coursekit")  # cells copied into a new notebook: only the file name tells
    assert exercise_of_notebook(nb, Path("alice") / name) == "02"
    with pytest.raises(ValueError, match="homework.ipynb"):
        exercise_of_notebook(nb, Path("alice") / "homework.ipynb")


def test_exercises_folder_is_up_to_date_with_the_solutions():
    states = {src.name: state for src, _, _, state in plan(SOLUTIONS, ROOT / "exercises")}
    assert states and set(states.values()) == {"up to date"}, states


def test_generator_round_trip_refuses_a_learners_changes_without_force(tmp_path, capsys):
    sol, ex = tmp_path / "solutions", tmp_path / "exercises"
    sol.mkdir()
    source = SOLUTIONS / "01_solutions_superpositions.ipynb"
    (sol / source.name).write_bytes(source.read_bytes())
    args = ["--solutions", str(sol), "--exercises", str(ex)]
    assert generate_main(args) == 0
    target = ex / "01_exercises_superpositions.ipynb"
    first = target.read_bytes()
    assert generate_main(args + ["--check"]) == 0 and generate_main(args) == 0
    assert target.read_bytes() == first  # idempotent: an up-to-date notebook is not rewritten

    learner = nbformat.read(target, as_version=4)
    learner.cells[4].source += "\n# my work"
    nbformat.write(learner, target)
    edited = target.read_bytes()
    assert generate_main(args) == 1 and target.read_bytes() == edited
    assert "changed by a learner" in capsys.readouterr().err
    assert generate_main(args + ["--force"]) == 0 and target.read_bytes() == first

    solution = nbformat.read(sol / source.name, as_version=4)
    solution.cells[0].source += "\nOne more line."
    nbformat.write(solution, sol / source.name)
    assert generate_main(args + ["--check"]) == 1  # stale
    assert generate_main(args) == 0 and "One more line." in target.read_text()


def test_the_points_in_each_question_heading_match_its_tests():
    for path in sorted(SOLUTIONS.glob("*.ipynb")):
        headings = [c.source.splitlines()[0] for c in nbformat.read(path, as_version=4).cells
                    if c.cell_type == "markdown" and c.source.startswith("## Question")]
        stated = [int(x) for h in headings for x in re.search(r"\(([^)]*) points\)", h).group(1)
                  .replace("written, ", "").split(" + ")]
        assert stated == [q.max_points for q in questions(path.name[:2])], path.name


def test_hidden_answers_agree_with_published_figures_and_the_library():
    from coursekit.blackjack import dealer_outcomes
    ex01, ex02, ex03, ex07, ex08, ex09 = (answer_key_module(e) for e in ("01", "02", "03", "07", "08", "09"))
    from coursekit.exact_values import move_values
    from coursekit.subtraction import SubtractionGame
    from coursekit.tictactoe import TicTacToe

    assert len(ex01.primes_below(1000)) == 168  # pi(1000)
    assert round(100 * float(ex02.natural_chance(1)), 2) == 4.83  # one deck, Wizard of Odds
    assert round(100 * float(ex02.natural_chance(6)), 2) == 4.75  # six decks
    bust = ex03.dealer_bust_reference(17)
    assert round(100 * float(bust), 2) == 28.16  # S17, infinite deck
    weights = {up: Fraction(4 if up == "10" else 1, 13) for up in ["A"] + [str(v) for v in range(2, 11)]}
    assert bust == sum(w * dealer_outcomes(up, decks=None)["bust"] for up, w in weights.items())
    game = SubtractionGame()
    assert move_values(game, game.start(20)) == {d: ex08.move_value(20, d) for d in (3, 5, 11)}
    from coursekit.exact_values import random_playout_value
    assert ex07.uniform_win_chance(22) == random_playout_value(game, game.start(22))
    assert ex09.reachable(TicTacToe(), TicTacToe().start()) == 5478  # the well-known count of tic-tac-toe boards


def test_a_message_every_test_shares_is_printed_once():
    def stub(cards):
        raise NotImplementedError("add every card with aces as 1")

    text = printed("02.q1", {"hand_total": stub})
    assert text.count("add every card with aces as 1") == 1
    assert "  every test: not done yet: add every card with aces as 1" in text
    assert "FAIL  hand_total(['A', 'A']): expected 12  [0/1]" in text


def test_values_compare_by_kind_exact_fractions_and_numpy_bools():
    import numpy as np

    from coursekit.grading.cases import same as same_decoded
    from coursekit.sandbox.wire import roundtrip

    def same(actual, expected, tol=None):  # as the grader compares: after the value crossed the wire
        return same_decoded(roundtrip(actual), expected, tol)

    assert same(np.bool_(True), True) and not same(1, True) and not same(None, False)
    assert same(Fraction(1, 2), Fraction(1, 2)) and not same(float(Fraction(32, 663)), Fraction(32, 663))
    assert same(np.int64(168), 168) and same([1, 2], (1, 2)) and not same((1, 2, 3), (1, 2))
    assert same(0.1 + 0.2, 0.3, tol=1e-12) and not same(0.1 + 0.2, 0.3)
    assert same({3: Fraction(1, 3)}, {3: Fraction(1, 3)}) and not same({3: 1}, {5: 1})


def test_check_in_a_notebook_shows_colour_blind_safe_html_with_the_same_text():
    from coursekit.grading.runner import FAIL_COLOUR, FAIL_TEXT, PASS_COLOUR, PASS_TEXT, report_html
    from coursekit.colours import LOSE_TEXT, WIN_TEXT, contrast

    text = "02.q1 title\n  pass  a: expected 1, got 1  [1/1]\n  FAIL  b: expected 2, got 3  [0/1]\n  points: 1/2"
    html = report_html(text)
    assert html.count(PASS_TEXT) == 1 and html.count(FAIL_TEXT) == 1
    assert PASS_COLOUR == "#0072B2" and FAIL_COLOUR == "#D55E00"  # Okabe-Ito: no red/green pair
    assert (PASS_TEXT, FAIL_TEXT) == (WIN_TEXT, LOSE_TEXT) and min(contrast(PASS_TEXT, "#FFFFFF"),
                                                                   contrast(FAIL_TEXT, "#FFFFFF")) >= 4.5  # issue 30
    assert "expected 2, got 3" in html
    assert "&lt;b&gt;" in report_html("a <b>")
