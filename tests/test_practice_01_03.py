"""Practice questions of lessons 01-03: a right answer passes, each lesson's blank (as shipped) and slips are named."""

from __future__ import annotations

from fractions import Fraction

from coursekit import blackjack
from coursekit.practice import run_practice
from coursekit.superposition import all_of, any_of, eigenstates
from coursekit.tournament import round_edge, round_outcomes


def outcome(pid: str, namespace: dict):
    result = run_practice(pid, namespace)
    return all(o.passed for o in result.outcomes), [o.slip for o in result.outcomes if not o.passed]


def test_01_p1_the_maximum():
    c = any_of(4, 14, 24, 34)
    assert outcome("01.p1", {"maximum": c >= all_of(*eigenstates(c))}) == (True, [])
    ok, slips = outcome("01.p1", {"maximum": c <= all_of(*eigenstates(c))})
    assert not ok and "minimum" in slips[0]
    assert not outcome("01.p1", {"maximum": ...})[0]


def test_02_p1_hard_total():
    assert outcome("02.p1", {"hard_total": blackjack.hard_total}) == (True, [])
    ok, slips = outcome("02.p1", {"hard_total": lambda cards: blackjack.hard_total(cards) + 10 * cards.count("A")})
    assert not ok and all("ace counted 11" in s for s in slips if s) and slips[0]


def test_02_p2_ten_valued_cards_with_card_rank():
    assert outcome("02.p2", {"ten_valued": 16}) == (True, [])
    for wrong, says in ((4, "only the 10s"), (12, "only J, Q and K"), (52, "still `...`")):
        ok, slips = outcome("02.p2", {"ten_valued": wrong})
        assert not ok and says in slips[0]


def test_03_p1_expected_gain():
    gain = {"blackjack": Fraction(3, 2), "win": 1, "push": 0, "lose": -1}
    right = sum(gain[name] * p for name, p in round_outcomes().items())
    assert right == round_edge()
    assert outcome("03.p1", {"expected_gain": right}) == (True, [])
    assert outcome("03.p1", {"expected_gain": float(right)}) == (True, [])
    for wrong, says in ((Fraction(0), "cell as given"), (sum(round_outcomes().values()), "adds the chances")):
        ok, slips = outcome("03.p1", {"expected_gain": wrong})
        assert not ok and says in slips[0]
