"""Counting blackjack hands with superpositions, against a plain count; settlement and the dealer rule."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.blackjack import (Hand, all_totals, dealer_play, dealer_should_draw, describe_total,
                                 hand_states, hand_total, hard_total, is_blackjack, is_busted, is_soft,
                                 settle, soft_total, source_score)
from coursekit.cards import RANKS, StackedDeck
from coursekit.superposition import eigenstates

hands = st.lists(st.sampled_from(RANKS), min_size=1, max_size=8)


def plain_total(ranks):
    """Textbook count: aces as 1, then one ace as 11 if that does not bust."""
    total = sum(1 if r == "A" else 10 if r in "JQK" else int(r) for r in ranks)
    if "A" in ranks and total + 10 <= 21:
        total += 10
    return total if total <= 21 else None


@given(hands)
@settings(max_examples=400)
def test_superposition_count_equals_plain_count_for_hands_up_to_8_cards(ranks):
    assert hand_total(ranks) == plain_total(ranks)


@given(hands)
def test_k_aces_give_k_plus_one_totals(ranks):
    aces = ranks.count("A")
    assert len(eigenstates(all_totals(ranks))) == aces + 1
    assert set(eigenstates(hand_states(ranks))) == {t for t in eigenstates(all_totals(ranks)) if t <= 21}


def test_every_two_card_hand():
    for a, b in itertools.product(RANKS, repeat=2):
        assert hand_total([a, b]) == plain_total([a, b])
        assert is_blackjack([a, b]) == ({a, b} & {"A"} != set() and ({a, b} & {"10", "J", "Q", "K"} != set()))


def test_seed_examples():
    assert eigenstates(all_totals(["7", "8", "A"])) == (16, 26)
    assert hand_total(["7", "8", "A"]) == 16
    assert eigenstates(all_totals(["A"] * 4)) == (4, 14, 24, 34, 44)   # the seed forgets 44
    assert eigenstates(hand_states(["A"] * 4)) == (4, 14)


def test_soft_and_hard_as_casinos_name_them():
    assert is_soft(["A", "6"]) and soft_total(["A", "6"]) == 17 and hard_total(["A", "6"]) == 7
    assert not is_soft(["A", "6", "K"]) and soft_total(["A", "6", "K"]) is None
    assert hard_total(["K", "Q", "5"]) == 25 and not is_soft(["K", "Q", "5"])
    assert describe_total(["A", "6"]) == "soft 17"
    assert describe_total(["A", "K"]) == "Blackjack" and describe_total(["K", "Q", "5"]) == "Busted"


def test_blackjack_needs_exactly_two_cards():
    assert is_blackjack(["A", "K"]) and is_blackjack(["10", "A"])
    assert not is_blackjack(["A", "5", "5"]) and not is_blackjack(["A", "9"])


@pytest.mark.parametrize("player, dealer, score", [
    (["K", "Q", "5"], ["K", "Q", "6"], -1),     # busted player loses even when the dealer busts too
    (["K", "7"], ["K", "Q", "6"], 1),
    (["A", "K"], ["A", "Q"], 0),                 # both naturals push
    (["A", "K"], ["10", "9", "2"], 1.5),         # natural pays 3:2, even against 21
    (["5", "6", "K"], ["A", "K"], -1),           # dealer natural beats a three-card 21
    (["K", "9"], ["K", "8"], 1),
    (["K", "8"], ["K", "9"], -1),
    (["K", "8"], ["9", "9"], 0),
])
def test_settlement_as_seed_000_scores(player, dealer, score):
    assert settle(player, dealer) == score == source_score(player, dealer)
    assert Hand(player).settle(Hand(dealer)) == score


def test_a_natural_is_settled_before_the_dealer_busts():
    """Source text 000's score() checks the dealer's bust first and pays a natural 1; the casino (settle) pays 1.5."""
    assert settle(["A", "K"], ["K", "6", "9"]) == 1.5
    assert source_score(["A", "K"], ["K", "6", "9"]) == 1
    assert settle(["A", "K"], ["A", "Q"]) == source_score(["A", "K"], ["A", "Q"]) == 0


def test_dealer_rule():
    assert dealer_should_draw(["K", "6"]) and not dealer_should_draw(["K", "7"])
    assert not dealer_should_draw(["A", "6"]) and dealer_should_draw(["A", "6"], hit_soft_17=True)
    assert not dealer_should_draw(["A", "6", "K"], hit_soft_17=True), "a hard 17 stands even under H17"
    assert not dealer_should_draw(["K", "Q", "5"])


def test_dealer_draws_below_17_to_the_end():
    hand = dealer_play(Hand(["5", "6"]), StackedDeck(["2", "3", "9"]))
    assert [c.rank for c in hand.cards] == ["5", "6", "2", "3", "9"]
    assert hand.busted and hand.describe() == "Busted"


def test_hand_draws_from_a_shoe_and_reports():
    hand = Hand(["A"])
    hand.draw(StackedDeck(["K"]))
    assert hand.blackjack and hand.total == 21 and hand.soft and len(hand) == 2
    assert repr(hand) == "Hand(['A', 'K'])"


def test_busted():
    assert is_busted(["K", "Q", "2"]) and hand_total(["K", "Q", "2"]) is None
    assert not hand_states(["K", "Q", "2"])
