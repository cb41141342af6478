"""The wire between learner code and the judge: only plain typed values cross, and forgeries arrive as nothing."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from coursekit.grading.cases import Case, IsA, Probe, Sweep, same
from coursekit.sandbox.probe import answer
from coursetools.grade.provenance import references, uses
from coursekit.sandbox.wire import Opaque, WireError, decode, encode, roundtrip

plain = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20)
    | st.fractions(),
    lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
    | st.dictionaries(st.integers() | st.text(max_size=5), inner, max_size=4),
    max_leaves=20)


@given(plain)
def test_plain_values_cross_unchanged_with_their_exact_types(value):
    back = roundtrip(value)
    assert back == value and type(back) is type(value)


def test_numpy_values_arrive_as_python_values():
    assert roundtrip(np.int64(7)) == 7 and type(roundtrip(np.int64(7))) is int
    assert roundtrip(np.bool_(True)) is True
    assert roundtrip(np.array([1, 2])) == [1, 2]
    assert roundtrip({1, 2}) == frozenset({1, 2})


class AlwaysEqual(Fraction):
    def __eq__(self, other):
        return True

    __hash__ = Fraction.__hash__


class Fake:  # a class that merely shares a name with Fraction
    def __eq__(self, other):
        return True


Fake.__name__ = "Fraction"


def test_look_alikes_arrive_opaque_and_equal_nothing():
    for forged in (AlwaysEqual(1, 3), Fake(), True.__class__.__mro__[0]):
        back = roundtrip(forged)
        if not isinstance(back, Opaque):
            continue
        assert not same(back, Fraction(1, 3)) and not same(back, None) and not same(back, (1,))
    assert isinstance(roundtrip(AlwaysEqual(1, 3)), Opaque)
    assert isinstance(roundtrip(Fake()), Opaque) and roundtrip(Fake()).type_name == "Fraction"
    verdict = IsA("x", Fraction).judge([answer({"op": "eval", "expr": "x"}, {"x": Fake()})])
    assert verdict.status == "fail" and verdict.actual == "a Fraction" and not verdict.points


@pytest.mark.parametrize("message", [
    ["frac", "2", "4"], ["frac", "1", "0"], ["int", "1e5"], ["int", "٣"], ["bool", 1], ["float", "x"],
    ["list", "abc"], ["dict", [[["list", []], ["int", "1"]]]], ["nope"], [], "text", ["obj", "T"],
    ["str", "x" * 300_000], ["int", "9" * 5000],
])
def test_malformed_messages_are_refused(message):
    with pytest.raises(WireError):
        decode(message)


def test_deep_or_huge_values_are_refused_not_sent():
    deep: list = []
    for _ in range(100):
        deep = [deep]
    with pytest.raises(WireError):
        encode(deep)
    assert encode(10**5000)[0] == "obj"


def test_a_forged_reply_is_only_ever_the_learners_own_value():
    case = Case("p", Fraction(32, 663))
    assert case.judge([{"value": ["frac", "32", "663"]}]).passed  # right only if the value is right
    assert not case.judge([{"value": ["frac", "1", "3"]}]).passed
    assert not case.judge([{"value": "anything"}]).passed and not case.judge(["junk"]).passed
    assert not case.judge([]).passed


def test_a_sweep_reports_the_first_wrong_input_and_refuses_extra_values():
    sweep = Sweep("f", lambda: [(1,), (2,), (3,)], lambda x: x * 2)
    good = answer({"op": "sweep", "func": "f", "args": [encode((x,)) for x in (1, 2, 3)]}, {"f": lambda x: 2 * x})
    assert sweep.judge([good]).passed
    bad = answer({"op": "sweep", "func": "f", "args": [encode((x,)) for x in (1, 2, 3)]},
                  {"f": lambda x: 2 * x if x < 2 else 0})
    verdict = sweep.judge([bad])
    assert not verdict.passed and verdict.message == "first wrong input: f(2)"
    assert not sweep.judge([{"values": [encode(2)] * 4, "error": None}]).passed


def test_a_probe_judges_outside_what_came_back():
    probe = Probe("three moves", "[f() for _ in range(3)]", lambda moves: (moves == [3, 3, 3], "", "3s", moves))
    assert probe.run({"f": lambda: 3}).passed and not probe.run({"f": lambda: 5}).passed


def test_course_code_is_found_however_it_is_imported():
    assert uses(["from coursekit.blackjack import hand_total as ht"], ["coursekit.blackjack.hand_total"])
    assert uses(["import coursekit.blackjack as bj\nx = bj.hand_total(['A'])"], ["coursekit.blackjack.hand_total"])
    assert uses(["from coursekit import blackjack\nblackjack.hand_total"], ["coursekit.blackjack.hand_total"])
    assert uses(["from coursekit.blackjack import *"], ["coursekit.blackjack.hand_total"])
    assert uses(["%time x = 1\nf = __import__('importlib').import_module('coursekit.blackjack.hand_total')"],
                ["coursekit.blackjack.hand_total"])
    assert uses(["this is not python ( coursekit.blackjack.hand_total"], ["coursekit.blackjack.hand_total"])
    assert not uses(["from coursekit.blackjack import is_soft\ndef hand_total(c): ..."],
                    ["coursekit.blackjack.hand_total"])
    assert "coursekit.grading.check" in references(["from coursekit.grading import check"])


def test_the_sandbox_mounts_its_private_tmp_before_anything_bound_below_it(monkeypatch, tmp_path):
    from coursekit.sandbox import jail as sandbox

    course = tmp_path / "checkout" / "coursekit"  # a course checked out under /tmp, as CI does
    (course / "grading" / "questions").mkdir(parents=True)  # an old install's copy of the answer key
    monkeypatch.setattr(sandbox, "package_dir", lambda: course)
    command = sandbox.bwrap_command(["python"], sandbox.Limits())
    tmp_at = next(i for i in range(len(command) - 1) if command[i:i + 2] == ["--tmpfs", "/tmp"])
    binds = [i for i, arg in enumerate(command) if arg == "--ro-bind" and command[i + 1] == str(course)]
    assert binds and all(i > tmp_at for i in binds)
    hidden = command.index(str(course / "grading" / "questions"))
    assert command[hidden - 1] == "--tmpfs" and hidden > binds[0]
    assert "--unshare-net" in command and "--unshare-pid" in command and "--die-with-parent" in command
