"""Exercise 10, the learner's own tournament: transcript replays, the rule tests, feedback, and the batch grader."""

from __future__ import annotations

import contextlib
import io
import json
import os
from pathlib import Path

import pytest

from coursekit.grading import check, questions
from coursekit.grading import transcript_slips as slips
from coursekit.grading.cases import Probe
from coursetools.nbio import nbformat
from coursekit.grading.registry import answer_key_module

from coursekit.grading.runner import report, run_question
from coursekit.tournament_transcripts import (
    ANSWERS_1,
    CARDS_1,
    SHEET_1,
    SHEET_2,
    first_difference,
    forgiving_line,
    lines,
    play_learner_game,
    source_methods_used,
)
from notebook_cells import run_cells

ex10 = answer_key_module("10")
ROOT = Path(__file__).resolve().parents[1]
NAME = "10_exercises_playing_to_win.ipynb"  # what a learner hands in
SOLUTION, EXERCISE = ROOT / "solutions" / "10_solutions_playing_to_win.ipynb", ROOT / "exercises" / NAME
CLASS_CELL = "class TournamentGame"


def namespace(path: Path, edit=None) -> dict:
    """Run a notebook's code cells but the check cells in a fresh dict; `edit(source)` may change the class cell."""
    return run_cells(path, edit=(lambda source: edit(source) if CLASS_CELL in source else source) if edit else None,
                     quiet=True, stubs_ok=True)


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


# one slip each in the worked solution's class: (the rule's test label starts with, the edit, the named slip or "")
RULE_SLIPS = {
    "cards": ("10.q2", "dealing and printing a card",
              swap('12: "Queen", 13: "King"}', '12: "King", 13: "Queen"}'), ""),
    "turn": ("10.q2", "your turn",
             swap("            self.money = self.money - self.bet\n            return False\n        return True",
                  "            self.money = self.money - self.bet\n        return True"), slips.DEALER_AFTER_BUST),
    "hit-message": ("10.q2", "your turn", swap('            print("Please answer y or n.")\n', ""),
                    slips.NO_HIT_MESSAGE),
    "limits": ("10.q2", "the bet question shows the limits",
               swap("and ≤ {self.money}€. ", "and ≤ {self.money - self.min_bet}€. "), ""),
    "all-in": ("10.q2", "a bet of all your money", swap("int(answer) <= self.money", "int(answer) < self.money"),
               slips.REFUSES_ALL_IN),
    "invalid-bet": ("10.q2", "a bet that is not allowed",
                    swap('            print(f"Please bet a whole number of euros from {self.min_bet} to '
                         '{self.money}.")\n', ""), slips.NO_BET_MESSAGE),
    "dealer-17": ("10.q2", "the dealer draws while 16",
                  swap("while self.HandValue(self.dealer) <= 16:", "while self.HandValue(self.dealer) <= 17:"),
                  slips.DEALER_DRAWS_ON_17),
    "dealer-16": ("10.q2", "the dealer draws while 16",
                  swap("while self.HandValue(self.dealer) <= 16:", "while self.HandValue(self.dealer) < 16:"),
                  slips.DEALER_STOPS_EARLY),
    "dealer-21-bust": ("10.q2", "the dealer's 21 of three cards", swap("elif theirs > 21:", "elif theirs >= 21:"),
                       slips.DEALER_21_BUST),
    "standoff": ("10.q2", "settling", swap("elif theirs > mine:", "elif theirs >= mine:"), ""),
    "goal": ("10.q2", "exactly 200€", swap("while self.min_bet <= self.money < self.goal:",
                                           "while self.min_bet <= self.money <= self.goal:"), slips.PLAYS_ON_AT_GOAL),
    "goal-line": ("10.q2", "exactly 200€", swap("if self.money >= self.goal:", "if self.money > self.goal:"),
                  slips.PLAYS_ON_AT_GOAL),
    "minimum": ("10.q2", "below the 10€ minimum", swap("while self.min_bet <= self.money < self.goal:",
                                                       "while self.min_bet < self.money < self.goal:"), ""),
    "natural-1:1": ("10.q3", "your natural", swap("self.money = self.money + self.bet * 1.5",
                                                  "self.money = self.money + self.bet"), slips.NATURAL_ONE_TO_ONE),
    "natural-2:1": ("10.q3", "your natural", swap("self.money = self.money + self.bet * 1.5",
                                      "self.money = self.money + self.bet * 2"), slips.NATURAL_TWO_TO_ONE),
    "dealer-natural": ("10.q3", "the dealer's natural",
                       swap('        if self.IsBlackjack(self.dealer):\n            print("Dealer won',
                            '        if False:\n            print("Dealer won'), slips.DEALER_NATURAL_NOT_BEATING),
    "aces-11": ("10.q4", "", swap("        total = sum(hand)\n        if 1 in hand and total + 10 <= 21:\n"
                                  "            total += 10", "        total = sum(11 if v == 1 else v for v in hand)"),
                slips.ACES_ALWAYS_11),
}
ACES_ALWAYS_11 = RULE_SLIPS["aces-11"][2]
APOSTROPHE = swap('print("Dealer\'s turn...")', 'print("Dealers turn...")')


@pytest.fixture(scope="module")
def solution():
    return namespace(SOLUTION)


def test_the_worked_solution_scores_full_marks_with_check(solution):
    for q in questions("10"):
        result = run_question(q, solution, public_only=False)
        assert not [o for o in result.outcomes if o.status == "fail"], q.qid
        assert result.points == (0 if q.manual else q.max_points)
    assert {q.qid: q.max_points for q in questions("10") if not q.manual} == {
        "10.q1": 4, "10.q2": 10, "10.q3": 4, "10.q4": 2, "10.q5": 3, "10.q7": 20, "10.q8": 3}
    # the MDP's Bellman backup weighs as much as the console program (questions 1-4)
    points = {q.qid: q.max_points for q in questions("10")}
    assert points["10.q7"] == sum(points[f"10.q{k}"] for k in range(1, 5))
    assert "points: 4/4" in printed("10.q1", solution)
    assert "points: 10/10" in printed("10.q2", solution)
    text = printed("10.q3", solution)
    assert "points: 2/2 on the public tests; 2 more grading tests worth 2 points" in text


def test_the_generated_exercise_scores_zero():
    ns = namespace(EXERCISE)
    for q in questions("10"):
        result = run_question(q, ns, public_only=False)
        assert result.points == 0 and all(o.status in ("fail", "manual") for o in result.outcomes), q.qid
    assert "[the program stopped: NotImplementedError: welcome; while" in printed("10.q2", ns)


def failing(ns: dict) -> dict:
    """{qid: [labels of the failing tests]} for the questions with a failing test, and the points."""
    wrong, points = {}, 0
    for q in questions("10"):
        result = run_question(q, ns, public_only=False)
        points += result.points
        labels = [o.label for o in result.outcomes if o.status == "fail"]
        if labels:
            wrong[q.qid] = labels
    return wrong, points


@pytest.mark.parametrize("rule", list(RULE_SLIPS))
def test_one_rule_broken_fails_that_rules_tests_only_and_names_the_slip(rule, solution):
    qid, label, edit, slip = RULE_SLIPS[rule]
    tests = {q.qid: q for q in questions("10")}
    assert not failing(solution)[0]  # the right program passes this rule's tests (and all others)
    wrong, points = failing(namespace(SOLUTION, edit))
    assert set(wrong) == {qid}, wrong
    own = [case for case in tests[qid].cases if case.label.startswith(label)]
    assert all(any(w.startswith(case.label) for w in wrong[qid]) for case in own)  # every test of the rule fails
    assert len(wrong[qid]) == len(own)  # and only they
    assert points == 46 - sum(case.points for case in own)
    if slip:
        outcomes = run_question(tests[qid], namespace(SOLUTION, edit), public_only=False).outcomes
        assert {o.slip for o in outcomes if not o.passed} == {slip}
        if any(case.public for case in own):  # check() shows it too
            assert f"looks like a common slip: {slip}" in printed(qid, namespace(SOLUTION, edit))


def test_a_missing_apostrophe_costs_the_half_point_of_the_dealers_turn_wording_only():
    wrong, points = failing(namespace(SOLUTION, APOSTROPHE))
    assert points == 45.5
    assert wrong == {"10.q1": ["the wording of the dealer's turn, transcripts 1 and 2: transcript 1, line 9 (numbers "
                               "and card names may differ, the words not)"]}
    assert ("FAIL  the wording of the dealer's turn, transcripts 1 and 2: transcript 1, line 9 (numbers and card names "
            "may differ, the words not): expected \"Dealer's turn...\", got 'Dealers turn...'  [0/0.5]"
            in printed("10.q1", namespace(SOLUTION, APOSTROPHE)))


def test_a_wrong_value_costs_rule_points_never_wording_points():
    """The sheet's words with wrong values pass question 1; right values in other words pass questions 2-5."""
    wrong, _ = failing(namespace(SOLUTION, ACES_ALWAYS_11))
    assert set(wrong) == {"10.q4"}
    reworded = namespace(SOLUTION, swap('print("You win!")', 'print("You won!")'))
    wrong, points = failing(reworded)
    assert wrong == {"10.q1": [wrong["10.q1"][0]]} and "who won the round" in wrong["10.q1"][0] and points == 45.5


def test_the_rule_tests_name_the_learners_line_and_the_expected_one():
    text = printed("10.q2", namespace(SOLUTION, RULE_SLIPS["dealer-21-bust"][2]))
    assert ("FAIL  the dealer's 21 of three cards against your 20: round 1, who won the round: expected 'Dealer "
            "wins!', got 'Dealer busted, you won!' -- looks like a common slip: " + slips.DEALER_21_BUST + "  [0/1]"
            ) in text
    text = printed("10.q3", namespace(SOLUTION, RULE_SLIPS["natural-1:1"][2]))
    assert ("round 2, the money: expected '*** ROUND 2, you have 145.0€ left.', got '*** ROUND 2, you have 130€ "
            "left.'") in text
    text = printed("10.q2", namespace(SOLUTION, RULE_SLIPS["all-in"][2]))
    assert ("a bet of all your money is allowed: round 2, the message for a bet that is not allowed: expected (no "
            "message: the bet is allowed), got 'Please bet a whole number of euros from 10 to 80.'") in text
    text = printed("10.q2", namespace(SOLUTION, RULE_SLIPS["goal"][2]))
    assert ("round 2, the end of the tournament: expected 'You have 200€, you at least doubled your money!', got "
            "'*** ROUND 3, you have 200€ left.'") in text


def test_named_slips_name_the_mistake_never_the_expected_line():
    sentences = slips.SENTENCES
    assert len(sentences) >= 14 and all(isinstance(v, str) and len(v) > 40 for v in sentences)
    expected = {line for deal in ex10.DEALS.values() for line in deal.expected.splitlines()}
    for sentence in sentences:
        assert not any(line in sentence for line in expected if len(line) > 8), sentence


def test_the_edge_slips_are_distinct_wrong_values():
    right = ex10.edge_after_first_card(1)
    wrong = [slip.wrong_value() for slip in ex10.EDGE_SLIPS]
    assert right not in wrong and len({round(float(w), 9) for w in wrong}) == len(wrong)
    q5 = {q.qid: q for q in questions("10")}["10.q5"]
    for slip in ex10.EDGE_SLIPS:
        result = run_question(q5, {"ace_edge": lambda pays, wrong=float(slip.wrong_value()): wrong}, public_only=False)
        assert result.outcomes[1].slip == slip.says, slip.says
        assert f"{float(right):.6f}"[:7] not in report(result)


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

    for name, deal in ex10.DEALS.items():
        printed_lines = ex10.from_round_one(replay(deal.cards, deal.answers))
        assert first_difference(printed_lines, deal.expected) is None, name
        if deal.complete:  # the tournament ended: nothing after it, though cards and answers were left
            assert lines(printed_lines) == lines(deal.expected), name


def test_the_solution_replays_the_sheet_exactly_and_the_grader_side_sends_no_expected_line(solution):
    cls = solution["TournamentGame"]
    assert first_difference(play_learner_game(cls, 1), SHEET_1) is None  # even without forgiving
    assert first_difference(play_learner_game(cls, 2), SHEET_2) is None
    assert source_methods_used(cls) == ["InitializeGame", "HandoutRandomCard", "PrintCard", "AskForBet"]
    sent = json.dumps([case.requests(1.0) for q in questions("10") for case in q.cases if isinstance(case, Probe)])
    assert "Dealer" not in sent and "WELCOME" not in sent and "hand value" not in sent and "doubled" not in sent


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

    result = run_question(questions("10")[0], {"TournamentGame": Loops}, public_only=False, time_limit=0.6)
    assert result.points == 0 and "stopped after" in result.outcomes[0].message


def test_the_edge_after_each_first_card_matches_the_library():
    from coursekit.tournament_optimal import edge_by_first_card

    library = edge_by_first_card("dealer")
    for first, rank in zip(range(1, 11), ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10"]):
        assert abs(float(ex10.edge_after_first_card(first)) - library[rank]) < 1e-12, rank
    assert 0.46 < ex10.edge_after_first_card(1) < 0.47


@pytest.mark.slow
def test_the_batch_grader_gives_the_solution_full_marks_the_exercise_zero_and_a_broken_rule_its_loss(tmp_path):
    from coursetools.grade.batch import main as grade_main
    from coursekit.sandbox.jail import bwrap

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
    records = {Path(r["notebook"]).parent.name: r for r in json.loads(out.with_suffix(".json").read_text())["records"]}
    assert (records["solution"]["points"], records["solution"]["max_points"]) == (46, 46)
    assert records["exercise"]["points"] == 0
    aces = records["aces"]["questions"]
    assert {qid: q["points"] for qid, q in aces.items()} == {
        "10.q1": 4, "10.q2": 10, "10.q3": 4, "10.q4": 0, "10.q5": 3, "10.q6": 0, "10.q7": 20, "10.q8": 3}
    feedback = [t for t in aces["10.q4"]["tests"] if t["status"] == "fail"]
    assert len(feedback) == 2 and feedback[0]["actual"] == "'You have Ace, hand value is 26.'"
    assert feedback[0]["slip"] == slips.ACES_ALWAYS_11


@pytest.mark.slow
def test_the_nbgrader_route_gives_the_worked_solution_every_automatic_point_and_the_blank_release_none(tmp_path):
    nbgrader_suite = pytest.importorskip("test_nbgrader")  # tests/ is on the path when pytest collects this file
    if nbgrader_suite.NBGRADER is None and not os.environ.get("CI"):
        pytest.skip("nbgrader is not installed (pip install -e '.[class]')")
    nbgrader_suite.test_nbgrader_releases_without_answers_and_autogrades_solution_full_blank_zero(tmp_path, "10")
