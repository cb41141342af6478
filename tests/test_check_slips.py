"""check() names the slips the grader names on public tests (issue 26), from the public tests alone.

The answer key is on the instructor's side, so a slip the answer key recognised with a test function (another
number of decks, a bot that plays like a known wrong strategy) reaches check() as wrong values (digests of them
where the expected value stays hidden) or as one digest of a slip bot's whole move table. Each restored slip is
made here by a learner's code (written as source, as a learner would write it) and must be named with its lesson
section; the right code names none. tests/test_release.py runs the same code in the learner edition.
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
from pathlib import Path

import pytest

from coursekit.grading.cases import same
from coursekit.grading.check import check, run_check
from coursekit.grading.lesson_links import reread_line
from coursekit.grading.public import FOLDER
from coursekit.grading.registry import answer_key_module, question
from coursekit.sandbox.wire import WireError, decode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from bench_check_slips import missing  # noqa: E402

# slips the grader names that check() does not, on purpose: recognising them would tell a learner the answer
STILL_GRADER_ONLY = {
    ("05.q4", "this is the commission in percent; give it as a fraction of the win (5% is 0.05), as a Fraction"):
        "any value within 0.01 of 100 x the answer: naming it would give away the answer to within 0.0001 to "
        "anyone who tries the 10^4 numbers 0.00..99.99",
}

OTHER_DECKS_02 = "this is the chance for another number of decks; the question asks for a fresh six-deck shoe"
STOOD = "when the player stood (None) the banker draws on 0-5 and stands on 6 and 7, like the player"
OTHER_DECKS_05 = "this uses the banker's chance for another number of decks; the question's shoe has eight"
OTHER_DECKS_COMMISSION = "this is the fair commission for another number of decks; the question asks for eight"
PERIOD = "this is the period of (3, 5, 9) or (3, 5, 7): check the move set (3, 5, 8)"
NO_MOVE = "when every move goes below 0, the question says: subtract 3"
FLOATS = "close, but the values should be exact Fractions"
ONE_LOSES = "1 is a losing position too: every move from 1 goes below 0"
MOD8 = "this plays the 3-5-11 rule (leave n mod 8 at 0, 1 or 2); the losing positions of (2, 3, 7) are others"
IMMEDIATE = "this takes a win only when a move makes exactly 0; a win is also a move onto a losing position"
SWAPPED = "this moves onto the numbers where the player to move wins: leave your opponent a losing one"
GREEDY = "always taking the largest move is no strategy: move onto a losing position"

RANDOM_MOVE = """
def fixed_random_move(n, rng):
    if n in (3, 5, 11):
        return n
    safe = [d for d in (3, 5, 11) if d <= n]
    return rng.choice(safe) if safe else {stuck}
"""
BANKER = """
from coursekit import baccarat
def banker_draws(total, third):
    if third is None:
        return {stood}
    return baccarat.banker_draws(total, third)
"""


def _value(name: str, value) -> str:
    """A learner's function `name` that answers `value` whatever it is asked (the check asks it one thing)."""
    return f"from fractions import Fraction\ndef {name}(*args):\n    return {value!r}\n"


def _values_20(values: dict) -> str:
    """A learner's move_value that answers the values at n = 20 (the check asks only those)."""
    return f"from fractions import Fraction\nV = {values!r}\ndef move_value(n, d):\n    return V[d]\n"


def _bot(play) -> str:
    """A learner's choose() that plays as `play` does on every state n = 1..99 (written out as a table)."""
    key = answer_key_module("11")
    table = {n: play(key.state(n)) for n in range(1, key.TOP + 1)}
    return f"TABLE = {table!r}\ndef choose(state):\n    return TABLE[state['n']]\n"


def slip_makers() -> list[tuple[str, str, str]]:
    """(qid, the slip's sentence, a learner's code that makes it) for every slip restored to check()."""
    e02, e05, e06, e08, e11 = (answer_key_module(e) for e in ("02", "05", "06", "08", "11"))
    return [
        ("02.q3", OTHER_DECKS_02, _value("natural_chance", e02.natural_chance(2))),
        ("02.q3", OTHER_DECKS_02, _value("natural_chance", e02.natural_chance(8))),
        ("04.q2", STOOD, BANKER.format(stood="total <= 4")),
        ("05.q3", OTHER_DECKS_05, _value("coups_for", e05.coups_for(e05._banker(4)))),
        ("05.q4", OTHER_DECKS_COMMISSION, _value("fair_commission_for", e05._commission(4))),
        ("06.q3", PERIOD, _value("period", e06.period_of((3, 5, 9)))),
        ("06.q3", PERIOD, _value("period", list(e06.period_of((3, 5, 7))))),
        ("07.q1", NO_MOVE, RANDOM_MOVE.format(stuck="None")),
        ("07.q1", NO_MOVE, RANDOM_MOVE.format(stuck="0")),
        ("08.q3", FLOATS, _values_20({d: float(e08.move_value(20, d)) for d in (3, 5, 11)})),
        ("11.q1", ONE_LOSES, _value("losing_positions", [n for n in e11.losing_below() if n != 1])),
        ("11.q3", MOD8, _bot(e11.mod8_bot)),
        ("11.q3", IMMEDIATE, _bot(e11.immediate_only_bot)),
        ("11.q3", SWAPPED, _bot(e11.swapped_bot)),
        ("11.q3", GREEDY, _bot(e11.largest_bot)),
    ]


def right_makers() -> list[tuple[str, str]]:
    """(qid, a learner's right code) for the questions above."""
    e02, e05, e06, e08, e11 = (answer_key_module(e) for e in ("02", "05", "06", "08", "11"))
    return [
        ("02.q3", _value("natural_chance", e02.natural_chance(6))),
        ("04.q2", "from coursekit.baccarat import banker_draws\n"),
        ("05.q3", _value("coups_for", e05.coups_needed())),
        ("05.q4", _value("fair_commission_for", e05.fair_commission())),
        ("06.q3", _value("period", e06.period_of((3, 5, 8)))),
        ("07.q1", RANDOM_MOVE.format(stuck="3")),
        ("08.q3", _values_20({d: e08.move_value(20, d) for d in (3, 5, 11)})),
        ("11.q1", _value("losing_positions", e11.losing_below())),
        ("11.q3", _bot(e11.reference_move)),
    ]


def checked(qid: str, code: str) -> tuple[str, list[str]]:
    """check()'s printed text and the slips it named, for a learner's code."""
    namespace: dict = {}
    exec(code, namespace)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        check(qid, namespace)
    return out.getvalue(), [o.slip for o in run_check(qid, namespace).outcomes if o.slip]


def test_check_names_every_slip_the_grader_names_on_a_public_test():
    left = {(qid, says) for qid, _, _, public, says in missing() if public}
    assert left == set(STILL_GRADER_ONLY), sorted(left - set(STILL_GRADER_ONLY))


@pytest.mark.parametrize("qid, says, code", slip_makers(), ids=lambda v: v[:40] if isinstance(v, str) else v)
def test_a_restored_slip_is_named_by_check_with_its_lesson_section(qid, says, code):
    text, slips = checked(qid, code)
    assert says in slips, (qid, slips)
    assert f"looks like a common slip: {says}" in text
    assert reread_line(qid).startswith("reread lesson ") and reread_line(qid) in text
    namespace: dict = {}
    exec(code, namespace)
    graded = [case.run(namespace).slip for case in question(qid).cases if case.public]
    assert says in graded  # the grader names the same slip for the same code


@pytest.mark.parametrize("qid, code", right_makers(), ids=lambda v: v[:40] if isinstance(v, str) else v)
def test_right_code_gets_no_slip(qid, code):
    text, slips = checked(qid, code)
    assert slips == [] and "looks like a common slip" not in text
    namespace: dict = {}
    exec(code, namespace)
    assert all(o.passed for o in run_check(qid, namespace).outcomes), text


def _decoded_values(node):
    """Every wire-encoded value readable in a public JSON's data."""
    if isinstance(node, list):
        try:
            yield decode(node)
        except (WireError, ValueError, TypeError, KeyError, IndexError):
            pass
        for item in node:
            yield from _decoded_values(item)
    elif isinstance(node, dict):
        for item in node.values():
            yield from _decoded_values(item)


def test_the_public_tests_hold_no_hidden_slip_value_or_slip_bot_move_table():
    """A sealed test's slip values and a slip bot's moves are digests: none can be read back from the JSON
    (unless a revealed test shows that value as its own expected value or slip anyway)."""
    from coursekit.grading.bot_checks import BotGames
    from coursekit.grading.cases import Case, Sweep
    from coursekit.grading.registry import answer_key_exercises, questions

    for exercise in answer_key_exercises():
        readable = list(_decoded_values(json.loads((FOLDER / f"ex{exercise}.json").read_text(encoding="utf-8"))))
        secret, shown = [], []
        for q in questions(exercise):
            for case in q.cases:
                if type(case) is Case and case.public and case.reveal is not False:
                    shown += [case.expected_value(), *(s.wrong_value() for s in case.slips if s.answer is not None)]
                if type(case) is Sweep and case.public and case.reveal is not False:  # outputs shown on a failure
                    shown += [v for _, v in case._table.get()[2]]
                if type(case) is Case and case.public and case.reveal is False:
                    secret += [s.wrong_value() for s in case.slips if s.answer is not None]
                if isinstance(case, BotGames):
                    secret += [[v for _, v in t] for t in case._slip_tables.get() if t is not None]
        secret = [s for s in secret if not (s is None or isinstance(s, bool) or (type(s) is int and abs(s) < 100))
                  and not any(same(s, v) for v in shown)]
        assert secret or exercise in ("01", "03", "09", "10")
        for value in secret:
            assert not any(same(shown, value) for shown in readable), (exercise, value)


@pytest.mark.parametrize("kind", [tuple, list])
def test_a_tuple_or_a_list_earns_every_point_where_the_order_is_what_is_asked(kind):
    """Issue 37: 06.q3 and 06.q5 cost a point for a list while 06.q4 and 11.q5 accepted one; now all accept either,
    and each question's text says so."""
    import nbformat

    e06 = answer_key_module("06")
    answers = {"06.q3": {"period": lambda moves: kind(e06.period_of(moves))},
               "06.q4": {"b_wins_up_to": lambda top: e06.b_wins(high=top),
                         "a_first_moves_100": kind(e06.first_moves(100))},
               "06.q5": {"harmless_with": lambda moves: kind(e06.harmless(moves=moves))}}
    for qid, namespace in answers.items():
        result = run_check(qid, namespace)
        assert all(o.passed for o in result.outcomes if o.public), (qid, [o.label for o in result.outcomes])
        assert all(o.public for o in result.outcomes if qid != "06.q4"), qid
    solution = Path(__file__).resolve().parents[1] / "solutions" / "06_solutions_the_3_5_11_game.ipynb"
    text = " ".join(" ".join(c.source.split()) for c in nbformat.read(solution, as_version=4).cells
                    if c.cell_type == "markdown")
    assert text.count("a tuple or a list") == 3 and "as a tuple in" not in text
