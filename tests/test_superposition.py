"""Superpositions behave like Quantum::Superpositions as source text 000 uses them; properties against plain sets."""

from __future__ import annotations

import operator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coursekit.superposition import Superposition, all_of, any_of, eigenstates

small_ints = st.integers(-50, 50)
int_sets = st.lists(small_ints, min_size=1, max_size=8)
COMPARISONS = [operator.lt, operator.le, operator.gt, operator.ge, operator.eq, operator.ne]


def test_examples_from_source_000():
    count = any_of(4, 14, 24, 34)
    assert eigenstates(count <= 21) == (4, 14)
    assert repr(count <= 21) == "any(4, 14)"
    assert eigenstates(any_of(4, 14) + 10) == (14, 24)
    assert bool(count == 4) and bool(count == 14)          # "Stimmt!"
    assert not (all_of(4, 14, 24, 34) <= 21)               # "None busted" is not printed
    assert all_of(4, 14) <= 21
    assert eigenstates(count <= all_of(*eigenstates(count))) == (4,)
    assert eigenstates(count >= all_of(*eigenstates(count))) == (34,)
    assert int(count <= all_of(*eigenstates(count))) == 4


def test_arithmetic_threads_and_flattens():
    assert eigenstates(any_of(1, 2) + any_of(10, 20)) == (11, 12, 21, 22)
    assert eigenstates(1 + any_of(1, 2)) == (2, 3)
    assert eigenstates(10 - any_of(1, 2)) == (8, 9)
    assert eigenstates(any_of(any_of(1, 2), 3)) == (1, 2, 3)
    assert eigenstates(any_of(1, 2) * 3) == (3, 6)
    assert eigenstates(-any_of(1, 2)) == (-2, -1)
    assert (any_of(1, 2) + 1).kind == "any" and (all_of(1, 2) + 1).kind == "all"


def test_repr_and_truthiness():
    assert repr(any_of()) == "any()" and repr(all_of(2, 1)) == "all(1, 2)"
    assert not any_of() and not all_of()
    assert any_of(0, 3) and not all_of(0, 3)
    assert bool(any_of(0, 5) == 0), "a comparison is true when a state passed, even the state 0"


def test_clear_errors_where_a_superposition_cannot_act():
    with pytest.raises(TypeError, match="cannot be hashed"):
        hash(any_of(1, 2))
    with pytest.raises(TypeError, match="cannot be hashed"):
        {any_of(1, 2)}
    with pytest.raises(ValueError, match="exactly one state"):
        int(any_of(1, 2))
    with pytest.raises(TypeError, match="not iterable"):
        list(any_of(1, 2))
    with pytest.raises(TypeError, match="mixes any and all"):
        any_of(1) + all_of(2)
    with pytest.raises(TypeError, match="nesting"):
        any_of(all_of(1, 2))
    with pytest.raises(AttributeError, match="immutable"):
        any_of(1).states = (2,)


def test_eigenstates_of_a_plain_value():
    assert eigenstates(7) == (7,)


@given(int_sets, int_sets)
def test_sum_of_superpositions_is_the_set_of_pairwise_sums(a, b):
    assert eigenstates(any_of(*a) + any_of(*b)) == tuple(sorted({x + y for x in a for y in b}))


@given(int_sets, small_ints)
def test_reflected_subtraction(a, v):
    assert eigenstates(v - any_of(*a)) == tuple(sorted({v - x for x in a}))


@given(int_sets, small_ints, st.sampled_from(COMPARISONS))
def test_any_comparison_filters_and_collapses_like_any(a, v, cmp):
    result = cmp(any_of(*a), v)
    assert eigenstates(result) == tuple(sorted({x for x in a if cmp(x, v)}))
    assert bool(result) == any(cmp(x, v) for x in a)


@given(int_sets, small_ints, st.sampled_from(COMPARISONS))
def test_all_comparison_is_true_only_when_every_state_passes(a, v, cmp):
    assert bool(cmp(all_of(*a), v)) == all(cmp(x, v) for x in a)


@given(int_sets, int_sets, st.sampled_from(COMPARISONS))
def test_any_against_all_keeps_states_that_pass_against_every_state(a, b, cmp):
    expected = {x for x in a if all(cmp(x, y) for y in b)}
    assert eigenstates(cmp(any_of(*a), all_of(*b))) == tuple(sorted(expected))


@given(int_sets, int_sets, st.sampled_from(COMPARISONS))
def test_any_against_any_keeps_states_that_pass_against_some_state(a, b, cmp):
    expected = {x for x in a if any(cmp(x, y) for y in b)}
    assert eigenstates(cmp(any_of(*a), any_of(*b))) == tuple(sorted(expected))


@given(int_sets)
def test_min_and_max_tricks(a):
    c = any_of(*a)
    assert int(c <= all_of(*eigenstates(c))) == min(a)
    assert int(c >= all_of(*eigenstates(c))) == max(a)


@given(int_sets)
def test_eigenstates_are_sorted_and_unique(a):
    assert eigenstates(any_of(*a)) == tuple(sorted(set(a)))
    assert isinstance(any_of(*a), Superposition)


numbers = st.one_of(small_ints, st.floats(-5, 5) | st.just(float("nan")),
                    st.fractions(-3, 3, max_denominator=4))


def _pairwise(a, other, cmp, every):
    quantifier = all if every else any
    return [x for x in a if quantifier(cmp(x, y) for y in other)]


@given(st.lists(numbers, min_size=1, max_size=6), st.lists(numbers, min_size=1, max_size=6),
       st.sampled_from(COMPARISONS), st.booleans())
def test_comparisons_against_numbers_agree_with_the_pairwise_definition(a, b, cmp, every):
    other = all_of(*b) if every else any_of(*b)
    kept = cmp(any_of(*a), other)
    expected = any_of(*_pairwise(any_of(*a).states, other.states, cmp, every))
    assert len(kept.states) == len(expected.states)
    assert all(x is y or x == y for x, y in zip(kept.states, expected.states))


def test_mixed_states_still_compare_pairwise():
    assert eigenstates(any_of("a", "b") == any_of("b", "c")) == ("b",)
    assert eigenstates(any_of(1, 2, 3) != all_of(2, "x")) == (1, 3)


def test_many_states_stay_linear_and_pairs_are_bounded():
    import time

    start = time.perf_counter()
    many = any_of(*range(200_000))
    assert int(many <= all_of(*eigenstates(many))) == 0
    assert int(many >= all_of(*eigenstates(many))) == 199_999
    assert len((many == any_of(*range(0, 400_000, 2))).states) == 100_000
    assert time.perf_counter() - start < 5  # linear: pairwise would take hours
    with pytest.raises(ValueError, match="at most 100,000"):
        many + many
    with pytest.raises(ValueError, match="at most 100,000"):
        any_of(*map(str, range(400))) < all_of(*map(str, range(400)))
