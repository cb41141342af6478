"""Named slips: common wrong answers are recognised in the judge and named, never revealing the answer."""

from __future__ import annotations

from fractions import Fraction

import pytest

from coursekit.grading.cases import Case, Probe, Slip, Sweep, same
from coursekit.grading.registry import exercises, questions
from coursekit.grading.runner import report, run_question
from coursekit.sandbox.wire import encode
from coursekit.grading.registry import answer_key_module

ALL_QUESTIONS = [q for ex in exercises() for q in questions(ex)]


def slips_of(q) -> list[tuple[object, Slip]]:
    """(test, slip) for every slip of every test of a question."""
    return [(case, slip) for case in q.cases for slip in getattr(case, "slips", [])]


def reveals(text: str, expected) -> bool:
    """True when a sentence shows the expected value (as repr, str, or decimal for a Fraction)."""
    shown = {repr(expected), str(expected)}
    if isinstance(expected, Fraction):
        shown |= {f"{float(expected):.4f}", f"{float(expected):.3f}", f"{expected.numerator}/{expected.denominator}"}
    return any(len(s) >= 3 and s in text for s in shown)


@pytest.mark.parametrize("q", [q for q in ALL_QUESTIONS if q.kind == "number"], ids=lambda q: q.qid)
def test_every_compute_a_number_question_names_at_least_one_slip(q):
    assert slips_of(q), f"{q.qid} ({q.title}) has no named slip"


SLIPS = [(q, case, slip) for q in ALL_QUESTIONS for case, slip in slips_of(q)]


@pytest.mark.parametrize("q, case, slip", SLIPS, ids=[f"{q.qid}: {slip.says[:50]}" for q, _, slip in SLIPS])
def test_a_slip_is_wrong_is_recognised_and_does_not_reveal_the_answer(q, case, slip):
    if isinstance(case, Case) and slip.answer is not None:
        expected = case.expected_value()
        wrong = slip.wrong_value()
        assert not same(wrong, expected, case.tol), f"{q.qid}: the slip {slip.says!r} is the right answer"
        outcome = case.judge([{"value": encode(wrong)}])
        assert outcome.status == "fail" and outcome.slip == slip.says
        assert not reveals(slip.says, expected)
    elif isinstance(case, Sweep) and slip.reference is not None:
        inputs, _, _ = case._table.get()
        values = [encode(slip.reference(*args)) for args in inputs]
        outcome = case.judge([{"values": values, "error": None}])
        assert outcome.status == "fail", f"{q.qid}: the slip {slip.says!r} passes the sweep"
        assert outcome.slip == slip.says
    elif isinstance(case, Probe):
        assert slip.test is not None
    else:
        assert slip.test is not None, f"{q.qid}: a slip of a {type(case).__name__} needs test="


def test_the_one_deck_natural_is_named_in_check_without_the_six_deck_answer():
    natural_chance = answer_key_module("02").natural_chance

    q = next(q for q in ALL_QUESTIONS if q.qid == "02.q3")
    text = report(run_question(q, {"natural_chance": lambda decks: natural_chance(1)}))
    assert "one deck" in text and "six-deck" in text
    assert str(natural_chance(6)) not in text and repr(natural_chance(6)) not in text


def test_a_right_answer_names_no_slip_and_an_unknown_wrong_answer_names_none():
    natural_chance = answer_key_module("02").natural_chance

    q = next(q for q in ALL_QUESTIONS if q.qid == "02.q3")
    right = run_question(q, {"natural_chance": natural_chance})
    assert all(o.passed and not o.slip for o in right.outcomes)
    odd = run_question(q, {"natural_chance": lambda decks: Fraction(1, 3)})
    assert not odd.outcomes[1].passed and odd.outcomes[1].slip == ""


def test_a_slip_takes_one_way_to_recognise_and_a_sentence():
    with pytest.raises(ValueError, match="sentence"):
        Slip("", answer=1)
    with pytest.raises(ValueError, match="exactly one"):
        Slip("two ways", answer=1, test=lambda v: True)
    with pytest.raises(ValueError, match="exactly one"):
        Slip("no way")
