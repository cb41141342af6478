"""Cards, shoes and the infinite deck."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from coursekit.cards import RANKS, SUITS, Card, EmptyShoeError, InfiniteDeck, Shoe, StackedDeck, rank_of, ranks_of


def test_card_validates_rank_and_suit():
    assert str(Card("10", "Heart")) == "10♥"
    assert Card("Q", "Club").name == "Queen" and Card("7").name == "7"
    with pytest.raises(ValueError, match="rank must be one of A, 2"):
        Card("1", "Heart")
    with pytest.raises(ValueError, match="suit must be one of"):
        Card("A", "Stars")


def test_bare_ranks_are_accepted_and_bad_ones_named():
    assert ranks_of(["A", "k", 7, Card("10", "Club"), "Queen"]) == ["A", "K", "7", "10", "Q"]
    assert ranks_of("10") == ["10"], "a bare string is one card"
    with pytest.raises(ValueError, match="'11'"):
        rank_of("11")
    with pytest.raises(ValueError, match="True"):
        rank_of(True)


def test_shoe_holds_full_decks_and_is_seeded():
    shoe = Shoe(decks=4, seed=3)
    assert shoe.remaining == 208
    cards = [shoe.draw() for _ in range(208)]
    assert Counter(cards) == Counter({Card(r, s): 4 for r in RANKS for s in SUITS})
    again = Shoe(decks=4, seed=3)
    assert [again.draw() for _ in range(208)] == cards


def test_seeds_give_different_orders():
    orders = {tuple(Shoe(1, seed=s).cards) for s in range(5)}
    assert len(orders) == 5


def test_empty_shoe_and_reshuffle():
    shoe = Shoe(1, seed=0)
    for _ in range(52):
        shoe.draw()
    with pytest.raises(EmptyShoeError, match="empty; call reshuffle"):
        shoe.draw()
    shoe.reshuffle()
    assert shoe.remaining == 52


@pytest.mark.parametrize("decks", [0, -1, 1.5, "4", True, 101, 10**7])
def test_bad_deck_counts(decks):
    with pytest.raises(ValueError, match="decks must be a whole number of packs from 1 to 100"):
        Shoe(decks)


def test_bad_seed():
    with pytest.raises(ValueError, match="seed must be"):
        Shoe(1, seed="x")


def test_shoe_accepts_a_generator():
    rng = random.Random(9)
    assert Shoe(1, seed=rng).rng is rng


def test_infinite_deck_draws_uniform_ranks():
    deck = InfiniteDeck(seed=1)
    counts = Counter(deck.draw().rank for _ in range(13_000))
    assert set(counts) == set(RANKS)
    # each rank has probability 1/13: 1000 expected, sd about 30; 5 sd bound
    assert all(abs(n - 1000) < 150 for n in counts.values())
    assert deck.remaining == float("inf")


def test_stacked_deck_deals_in_order():
    deck = StackedDeck(["5", "K", "6"])
    assert [deck.draw().rank for _ in range(3)] == ["5", "K", "6"]
    with pytest.raises(EmptyShoeError):
        deck.draw()
