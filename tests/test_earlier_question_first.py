"""A question that calls the learner's function from an earlier question says first when that one fails (issue 27
item 18): exercise 02 q4 counts busts with the learner's q1 hand_total."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

from coursekit.cards import full_deck
from coursekit.grading.check import earlier_failures as check_first
from coursekit.grading.check import run_check
from coursetools.grade.feedback import feedback_html
from coursekit.grading.public import public_question

TENS = {"J": 10, "Q": 10, "K": 10}


def aces_eleven_minus_ten_once(cards):
    """The classic slip: aces as 11, then 10 taken off once if the hand is over 21."""
    total = sum(11 if c == "A" else TENS.get(c) or int(c) for c in cards)
    if total > 21 and "A" in cards:
        total -= 10
    return total if total <= 21 else None


def right_total(cards):
    """A correct hand_total on rank strings."""
    total = sum(1 if c == "A" else TENS.get(c) or int(c) for c in cards)
    total += 10 if "A" in cards and total + 10 <= 21 else 0
    return total if total <= 21 else None


def namespace(hand_total) -> dict:
    """A learner's names: their hand_total and the q4 count made with it."""
    ranks = [card.rank for card in full_deck()]

    def bust_chance(k):
        hands = list(combinations(ranks, k))
        return Fraction(sum(hand_total(h) is None for h in hands), len(hands))

    return {"hand_total": hand_total, "bust_chance": bust_chance}


def test_the_slip_is_named_when_q1_is_checked():
    result = run_check("02.q1", namespace(aces_eleven_minus_ten_once))
    slips = [o.slip for o in result.outcomes if not o.passed]
    assert any("every ace but one counts 1" in s for s in slips), slips


def test_q4_says_first_that_q1_fails_and_names_q1s_slip():
    ns = namespace(aces_eleven_minus_ten_once)
    lines = check_first(public_question("02.q4"), ns)
    assert lines and lines[0].startswith("  first: this question calls your hand_total from 02.q1")
    assert "fails 1 of its 5 public tests" in lines[0] and "every ace but one counts 1" in lines[1]
    q4 = run_check("02.q4", ns)
    assert any("your hand_total turns only one ace" in o.slip for o in q4.outcomes if not o.passed)


def test_nothing_is_said_first_when_q1_passes():
    ns = namespace(right_total)
    assert check_first(public_question("02.q4"), ns) == []
    assert all(o.passed for o in run_check("02.q4", ns).outcomes)


def test_nothing_is_said_first_when_the_function_is_missing():
    assert check_first(public_question("02.q4"), {"bust_chance": lambda k: Fraction(1, 2)}) == []


def _record(q1_failed: bool, q4_points: float) -> dict:
    q1 = [{"label": "hand_total(['A', 'A', 'A', 'A'])", "status": "fail" if q1_failed else "pass", "points": 0,
           "max_points": 1}]
    q4 = [{"label": "p_bust_three", "status": "pass" if q4_points == 3 else "fail", "points": q4_points,
           "max_points": 3}]
    questions = {"02.q1": {"qid": "02.q1", "title": "hand_total", "kind": "function", "points": 0, "max_points": 1,
                           "tests": q1},
                 "02.q4": {"qid": "02.q4", "title": "three cards bust", "kind": "number", "points": q4_points,
                           "max_points": 3, "tests": q4}}
    return {"exercise": "02", "notebook": "ann/02.ipynb", "points": q4_points, "max_points": 4, "percent": 0,
            "questions": questions}


def test_the_feedback_page_says_first_that_q1_failed():
    page = feedback_html(_record(q1_failed=True, q4_points=1))
    q4 = page[page.index('id="q-02.q4"'):]
    assert "First: this question calls your hand_total from 02.q1, which failed 1 of its 1 tests" in q4
    assert q4.index("First:") < q4.index("<table")


def test_the_feedback_page_says_nothing_first_when_q4_is_right_or_q1_passed():
    assert "First: this question calls" not in feedback_html(_record(q1_failed=True, q4_points=3))
    assert "First: this question calls" not in feedback_html(_record(q1_failed=False, q4_points=1))
