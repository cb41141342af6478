"""Issue 35 item 7: a compute-a-number question's points never rest on an answer the learner edition ships.

The learner edition holds each number question's answer as a salted digest (check() says right or wrong offline), so
the answer is public in effect. Every such question therefore asks for a function of a parameter: check() tests it at
the parameter the question names, for no points, and all its points come from hidden tests, the function on inputs
the edition never holds.
"""

from __future__ import annotations

import pytest

from coursekit.grading.cases import Case, Sweep
from coursekit.grading.public import public_question, runnable
from coursekit.grading.registry import exercises, questions

# Hidden tests whose every input is one the public check itself calls, so that the knowing learner below (right on
# exactly those calls) passes them; the edition holds less than that learner knows, as each reason says.
SAME_INPUTS = {
    ("10.q8", "edge_after_card"): "the check calls edge_after_card on all ten first cards but compares only their "
                                  "weighted sum (one digest of a 9-digit float); the ten edges are never shipped",
}
NUMBER_QUESTIONS = {q.qid: q for e in exercises() for q in questions(e) if q.kind == "number"}


def knows_the_public_answers(q) -> dict:
    """The namespace of a learner who knows every value the public check asks for and wrote no real function: each
    function the check calls answers right on exactly the arguments the check gives it, and wrong on any other."""
    (public,) = [c for c in q.cases if type(c) is Case and c.public]
    references = {c.func: c.reference for c in q.cases if type(c) is Sweep and not c.public}
    asked: dict[str, set] = {name: set() for name in references}

    def recording(name):
        def call(*args):
            asked[name].add(repr(args))
            return references[name](*args)
        return call

    eval(public.expr, {name: recording(name) for name in references})  # every name the check calls is graded

    def knowing(name):
        def call(*args):
            return references[name](*args) if repr(args) in asked[name] else public.expected_value()
        return call

    return {name: knowing(name) for name in references}


def test_the_number_questions_are_all_here():
    """Every exercise set from 01 to 11 has compute-a-number questions, each with one public value for check()."""
    assert len(NUMBER_QUESTIONS) >= 20 and {qid[:2] for qid in NUMBER_QUESTIONS} == set(exercises())
    for q in NUMBER_QUESTIONS.values():
        assert len([c for c in q.cases if type(c) is Case and c.public]) == 1, f"{q.qid}: one public value"


@pytest.mark.parametrize("qid", sorted(NUMBER_QUESTIONS))
def test_points_come_only_from_hidden_tests(qid):
    """The public tests carry no points; the hidden ones carry all, and the edition holds only their points."""
    q = NUMBER_QUESTIONS[qid]
    assert sum(c.points for c in q.cases if c.public) == 0
    assert sum(c.points for c in q.cases if not c.public) == q.max_points > 0
    shipped = public_question(qid)
    assert sum(c.points for c in shipped.cases if runnable(c)) == 0
    assert sum(c.points for c in shipped.cases if not runnable(c)) == q.max_points
    assert any(type(c) is Sweep and not c.public and c.points for c in q.cases), f"{qid}: no hidden function test"


@pytest.mark.parametrize("qid", sorted(NUMBER_QUESTIONS))
def test_the_public_answer_with_a_wrong_function_earns_nothing(qid):
    """A notebook whose function gives the right public answer (check() says right) and nothing else gets no points."""
    q = NUMBER_QUESTIONS[qid]
    namespace = knows_the_public_answers(q)
    outcomes = [case.run(namespace, 60) for case in q.cases]
    public_values = [o for case, o in zip(q.cases, outcomes) if type(case) is Case and case.public]
    assert public_values and all(o.passed for o in public_values), [o.as_dict() for o in public_values]
    earned = [(case, o) for case, o in zip(q.cases, outcomes) if o.points]
    assert all((qid, getattr(case, "func", "")) in SAME_INPUTS for case, _ in earned), [o.label for _, o in earned]
    assert sum(o.points for _, o in earned) < q.max_points / 2
