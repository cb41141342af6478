"""Exercise 10, the learner's own tournament: transcript replays, the rule tests, feedback, and the batch grader."""

from __future__ import annotations

import contextlib
import io
import json
import os
from pathlib import Path

import pytest

from coursekit.grading import check, questions
from coursekit.grading.cases import Probe
from coursekit.grading.nbio import nbformat
from coursekit.grading.questions import ex10
from coursekit.grading.runner import run_question
from coursekit.tournament_transcripts import (
    ANSWERS_1,
    CARDS_1,
    SHEET_1,
    SHEET_2,
    first_difference,
    forgiving_line,
    play_learner_game,
    seed_methods_used,
)

ROOT = Path(__file__).resolve().parents[1]
NAME = "10_playing_to_win.ipynb"
SOLUTION, EXERCISE = ROOT / "solutions" / NAME, ROOT / "exercises" / NAME
CLASS_CELL = "class TournamentGame"


def namespace(path: Path, edit=None) -> dict:
    """Run a notebook's code cells but the check cells in a fresh dict; `edit(source)` may change the class cell."""
    ns: dict = {}
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type != "code" or "check(" in cell.source:
            continue
        source = edit(cell.source) if edit and CLASS_CELL in cell.source else cell.source
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                exec(compile(source, path.name, "exec"), ns)  # noqa: S102 - our own notebooks
        except NotImplementedError:
            pass  # an exercise stub at top level
    return ns


def score(ns: dict) -> dict:
    """{qid: [(label, status), ...]} over every public and grading test."""
    out = {}
    for q in questions("10"):
        result = run_question(q, ns, public_only=False)
        out[q.qid] = [(o.label, o.status) for o in result.outcomes]
    return out


def printed(qid: str, ns: dict) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        check(qid, ns)
    return out.getvalue()


def swap(old: str, new: str):
    def edit(source: str) -> str:
        assert old in source, old
        return source.replace(old, new)
    return edit


# each extended rule broken on its own, in the worked solution's class
NATURAL_PAYS_EVEN = swap("self.money = self.money + self.bet * 1.5", "self.money = self.money + self.bet")
DEALER_NATURAL_IS_21 = swap("        if self.IsBlackjack(self.dealer):\n            print(\"Dealer won",
                            "        if False:\n            print(\"Dealer won")
ACES_ALWAYS_11 = swap("        total = sum(hand)\n        if 1 in hand and total + 10 <= 21:\n            total += 10",
                      "        total = sum(11 if v == 1 else v for v in hand)")


@pytest.fixture(scope="module")
def solution():
    return namespace(SOLUTION)


def test_the_worked_solution_scores_full_marks_with_check(solution):
    for q in questions("10"):
        result = run_question(q, solution, public_only=False)
        assert not [o for o in result.outcomes if o.status == "fail"], q.qid
        assert result.points == (0 if q.manual else q.max_points)
    assert sum(q.max_points for q in questions("10") if not q.manual) == 19
    assert "points: 8/8" in printed("10.q1", solution)
    text = printed("10.q2", solution)
    assert "points: 2/2 on the public tests; 1 more grading test worth 1 point" in text


def test_the_generated_exercise_scores_zero():
    ns = namespace(EXERCISE)
    for q in questions("10"):
        result = run_question(q, ns, public_only=False)
        assert result.points == 0 and all(o.status in ("fail", "manual") for o in result.outcomes), q.qid
    assert "[the program stopped: NotImplementedError: welcome lines" in printed("10.q1", ns)


@pytest.mark.parametrize("edit, broken, transcript", [
    (NATURAL_PAYS_EVEN, "10.q2", 2),  # transcript 2 shows the natural
    (DEALER_NATURAL_IS_21, "10.q3", 2),  # and the dealer's natural
    (ACES_ALWAYS_11, "10.q4", 1),  # transcript 1 the dealer's Ace, 2, 9 worth 12
], ids=["natural", "dealer-natural", "aces"])
def test_one_broken_rule_fails_its_rule_tests_and_the_transcript_showing_it_only(edit, broken, transcript):
    tests = score(namespace(SOLUTION, edit))
    wrong = {qid: [label for label, status in outcomes if status == "fail"] for qid, outcomes in tests.items()}
    assert {qid for qid, labels in wrong.items() if labels} == {"10.q1", broken}
    assert len(wrong[broken]) == len(tests[broken]) == 2  # its public and its graded deal
    (label,) = wrong["10.q1"]
    assert label.startswith(f"transcript {transcript} ")


def test_the_first_differing_line_is_named_with_the_sheets_line_and_yours():
    ns = namespace(SOLUTION, ACES_ALWAYS_11)
    text = printed("10.q1", ns)
    assert ("FAIL  transcript 1 (Beispielausgabe 1) replayed, line 12 of 41 (blank lines not counted) is the first "
            "to differ: expected 'Dealer has 9, hand value is 12.', got 'Dealer has 9, hand value is 22.'  [0/4]"
            in text)
    assert "pass  transcript 2 (Beispielausgabe 2) replayed: expected all 17 lines, got the same  [3/3]" in text
    text = printed("10.q2", namespace(SOLUTION, NATURAL_PAYS_EVEN))
    assert ("line 5 of 5 (blank lines not counted) is the first to differ: expected '*** ROUND 2, you have 145.0€ "
            "left.', got '*** ROUND 2, you have 130€ left.'" in text)
    short = namespace(SOLUTION, swap('print("Dealer wins!")', 'pass'))
    assert "expected 'Dealer wins!', got '*** ROUND 4, you have 160€ left.'" in printed("10.q1", short)


def test_what_is_forgiven_and_what_is_not():
    assert forgiving_line("  You have 175.0 EUR left. ") == forgiving_line("You have 175€ left.")
    assert forgiving_line("Bet must be >= 10 Euro and <=  100 €.") == "Bet must be ≥ 10€ and ≤ 100€."
    assert forgiving_line("122.5€") == "122.5€" and forgiving_line("100.05€") == "100.05€"
    assert forgiving_line("Dealer wins!") != forgiving_line("dealer wins!")
    assert forgiving_line("You win!") != forgiving_line("You win")
    loose = SHEET_2.replace("€", " EUR").replace("175.0", "175").replace("≥", ">=").replace("\n", "\n\n   ")
    assert first_difference(loose, SHEET_2, forgiving=True) is None
    assert first_difference(loose, SHEET_2) is not None  # the lesson's strict comparison is unchanged


def test_the_expected_deals_are_what_the_course_console_prints():
    from coursekit.cards import StackedDeck
    from coursekit.console.tournament import main as console

    def replay(cards, answers):
        out = io.StringIO()
        console([], stdin=io.StringIO("".join(a + "\n" for a in answers)), stdout=out, deck=StackedDeck(cards))
        return out.getvalue()

    deals = [ex10.NATURAL, ex10.NATURAL_HALF_EUROS, ex10.DEALER_NATURAL, ex10.DEALER_NATURAL_FIVE_CARDS, ex10.ACES,
             ex10.DEALER_ACES]
    for cards, answers, expected in deals:
        assert first_difference(ex10.from_round_one(replay(cards, answers)), expected) is None, cards


def test_the_solution_replays_the_sheet_exactly_and_the_grader_side_sends_no_expected_line(solution):
    cls = solution["TournamentGame"]
    assert first_difference(play_learner_game(cls, 1), SHEET_1) is None  # even without forgiving
    assert first_difference(play_learner_game(cls, 2), SHEET_2) is None
    assert seed_methods_used(cls) == ["InitializeGame", "HandoutRandomCard", "PrintCard", "AskForBet"]
    sent = json.dumps([case.requests(1.0) for q in questions("10") for case in q.cases if isinstance(case, Probe)])
    assert "Dealer" not in sent and "WELCOME" not in sent and "hand value" not in sent


def test_replays_are_bounded_and_survive_exits_errors_and_input():
    class Chatty:
        def __init__(self, cards, ask):
            pass

        def Play(self):
            while True:
                print("la " * 100)

    assert len(play_learner_game(Chatty, 1)) <= 20_000

    class UsesInputAndExits:
        def __init__(self, cards, ask):
            self.cards = cards

        def Play(self):
            import sys
            print(f"first card {next(self.cards)}, bet {input('bet? ')}")
            sys.exit()

    assert play_learner_game(UsesInputAndExits, 1) == "bet? 20\nfirst card 5, bet 20\n"

    class Crashes(UsesInputAndExits):
        def Play(self):
            print("*** WELCOME TO BLACKJACK ***")
            int("ten")

    text = play_learner_game(Crashes, 1)
    assert first_difference(text, SHEET_1, forgiving=True) == (
        2, "You have 100€ in your pocket. Try to double it!",
        "[the program stopped: ValueError: invalid literal for int() with base 10: 'ten']")

    class SwallowsEverything(UsesInputAndExits):
        def Play(self):
            while True:
                try:
                    next(self.cards)
                except Exception:  # noqa: BLE001 - the replay's end is a BaseException: this cannot eat it
                    pass

    assert play_learner_game(SwallowsEverything, 1) == ""
    assert len(CARDS_1) == 21 and len(ANSWERS_1) == 9


def test_an_endless_program_costs_only_its_tests():
    class Loops:
        def __init__(self, cards, ask):
            pass

        def Play(self):
            while True:
                pass

    result = run_question(questions("10")[0], {"TournamentGame": Loops}, public_only=False, budget=0.6)
    assert result.points == 0 and "stopped after" in result.outcomes[0].message


def test_the_edge_after_each_first_card_matches_the_library():
    from coursekit.tournament_optimal import edge_by_first_card

    library = edge_by_first_card("dealer")
    for first, rank in zip(range(1, 11), ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10"]):
        assert abs(float(ex10.edge_after_first_card(first)) - library[rank]) < 1e-12, rank
    assert 0.46 < ex10.edge_after_first_card(1) < 0.47


@pytest.mark.slow
def test_the_batch_grader_gives_the_solution_full_marks_the_exercise_zero_and_a_broken_rule_its_loss(tmp_path):
    from coursekit.grading.batch import main as grade_main
    from coursekit.grading.sandbox import bwrap

    if bwrap() is None and not os.environ.get("CI"):
        pytest.skip("bubblewrap is not installed (apt-get install bubblewrap)")
    broken = nbformat.read(SOLUTION, as_version=4)
    cell = next(c for c in broken.cells if CLASS_CELL in c.source)
    cell.source = ACES_ALWAYS_11(cell.source)
    for name, source in (("solution", SOLUTION), ("exercise", EXERCISE)):
        (tmp_path / name).mkdir()
        (tmp_path / name / NAME).write_bytes(source.read_bytes())
    (tmp_path / "aces").mkdir()
    nbformat.write(broken, tmp_path / "aces" / NAME)
    out = tmp_path / "out" / "grades.csv"
    assert grade_main([str(tmp_path), "--out", str(out), "--timeout", "20", "--jobs", "1"]) == 0
    records = {Path(r["notebook"]).parent.name: r for r in json.loads(out.with_suffix(".json").read_text())}
    assert (records["solution"]["points"], records["solution"]["max_points"]) == (19, 19)
    assert records["exercise"]["points"] == 0
    aces = records["aces"]["questions"]
    assert {qid: q["points"] for qid, q in aces.items()} == {
        "10.q1": 4, "10.q2": 3, "10.q3": 3, "10.q4": 0, "10.q5": 2, "10.q6": 0}
    (feedback,) = [t for t in aces["10.q1"]["tests"] if t["status"] == "fail"]
    assert "line 12 of 41" in feedback["label"] and feedback["actual"] == "'Dealer has 9, hand value is 22.'"


@pytest.mark.slow
def test_the_nbgrader_route_gives_the_worked_solution_every_automatic_point_and_the_blank_release_none(tmp_path):
    nbgrader_suite = pytest.importorskip("test_nbgrader")  # tests/ is on the path when pytest collects this file
    if nbgrader_suite.NBGRADER is None and not os.environ.get("CI"):
        pytest.skip("nbgrader is not installed (pip install -e '.[class]')")
    nbgrader_suite.test_nbgrader_releases_without_answers_and_autogrades_solution_full_blank_zero(tmp_path, "10")
