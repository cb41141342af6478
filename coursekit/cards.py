"""Playing cards: Card, ranks and suits, a finite seeded Shoe and source text 004's InfiniteDeck of uniform ranks."""

from __future__ import annotations

import math
from dataclasses import dataclass
from numbers import Integral
from typing import Iterable, Union

from coursekit.rng import Seed, as_random

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("Heart", "Diamond", "Spade", "Club")  # source text 000's names and order
SUIT_SYMBOLS = {"Heart": "♥", "Diamond": "♦", "Spade": "♠", "Club": "♣"}
RANK_NAMES = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}  # source text 004 prints these


class EmptyShoeError(RuntimeError):
    """Raised when a card is drawn from a shoe with no cards left."""


@dataclass(frozen=True)
class Card:
    """One playing card: a rank from RANKS and a suit from SUITS."""

    rank: str
    suit: str = "Spade"

    def __post_init__(self) -> None:
        if self.rank not in RANKS:
            raise ValueError(f"rank must be one of {', '.join(RANKS)}, not {self.rank!r}")
        if self.suit not in SUITS:
            raise ValueError(f"suit must be one of {', '.join(SUITS)}, not {self.suit!r}")

    def __str__(self) -> str:
        return f"{self.rank}{SUIT_SYMBOLS[self.suit]}"

    @property
    def name(self) -> str:
        """The rank spelled as source text 004 prints it: Ace, 2, ..., 10, Jack, Queen, King."""
        return RANK_NAMES.get(self.rank, self.rank)


CardLike = Union[Card, str, int]
_PLAIN_RANKS = frozenset(RANKS)  # rank strings that are already a rank: the fast path of ranks_of


def rank_of(card: CardLike) -> str:
    """The rank of a Card, a rank string ("A", "10", "K") or a number 2..10."""
    if isinstance(card, Card):
        return card.rank
    if isinstance(card, bool):
        raise ValueError(f"a card must be a Card or a rank ({', '.join(RANKS)}), not {card!r}")
    if isinstance(card, int) and 2 <= card <= 10:
        return str(card)
    if isinstance(card, str):
        rank = card.strip().upper()
        if rank in RANKS:
            return rank
        if rank in ("ACE", "JACK", "QUEEN", "KING"):
            return rank[0]
    raise ValueError(f"a card must be a Card or a rank ({', '.join(RANKS)}), not {card!r}")


def ranks_of(cards: Iterable[CardLike]) -> list[str]:
    """The ranks of a sequence of cards or rank strings (a bare string, a Card or a number is one card)."""
    cards = card_list(cards)
    plain = _PLAIN_RANKS
    return [c if type(c) is str and c in plain else rank_of(c) for c in cards]


def card_list(cards: Iterable[CardLike]) -> list:
    """The cards as a list (a bare string, a Card or a number is one card); ValueError for anything else."""
    if isinstance(cards, (str, Card)) or not hasattr(cards, "__iter__"):
        return [cards]
    return list(cards)


def check_shoe(shoe: object) -> object:
    """Validate a card source: anything with a draw() method (Shoe, InfiniteDeck, StackedDeck)."""
    if not callable(getattr(shoe, "draw", None)):
        raise ValueError(f"shoe must be a card source with a draw() method (a Shoe, an InfiniteDeck or a "
                         f"StackedDeck), not {shoe!r}")
    return shoe


def full_deck() -> list[Card]:
    """The 52 cards of one pack, suit by suit as source text 000 generates them."""
    return [Card(rank, suit) for suit in SUITS for rank in RANKS]


MAX_DECKS = 100  # packs in one Shoe (casinos use up to 8); 100 packs are 5,200 cards


def check_shoe_decks(decks: int) -> int:
    """Validate the number of packs in a shoe: a whole number from 1 to MAX_DECKS."""
    if isinstance(decks, bool) or not isinstance(decks, Integral) or not 1 <= decks <= MAX_DECKS:
        raise ValueError(f"decks must be a whole number of packs from 1 to {MAX_DECKS}, not {decks!r}")
    return int(decks)


class Shoe:
    """A dealing shoe of 1 to MAX_DECKS (100) shuffled 52-card packs, seeded for reproducible deals."""

    def __init__(self, decks: int = 1, seed: Seed = None) -> None:
        check_shoe_decks(decks)
        self.decks = decks
        self.rng = as_random(seed)
        self.cards: list[Card] = []
        self.reshuffle()

    def reshuffle(self) -> None:
        """Put all decks back into the shoe and shuffle them (Fisher-Yates, as the source's shuffle)."""
        self.cards = full_deck() * self.decks
        self.rng.shuffle(self.cards)

    @property
    def remaining(self) -> int:
        """How many cards are left to draw."""
        return len(self.cards)

    def draw(self) -> Card:
        """Take the next card from the shoe."""
        if not self.cards:
            raise EmptyShoeError(
                f"the shoe of {self.decks} deck(s) is empty; call reshuffle() before drawing again"
            )
        return self.cards.pop()

    def __repr__(self) -> str:
        return f"Shoe(decks={self.decks}, remaining={self.remaining})"


class InfiniteDeck:
    """An endless deck: every draw is a uniformly random rank, as source text 004 allows (suits are random too)."""

    decks = math.inf

    def __init__(self, seed: Seed = None) -> None:
        self.rng = as_random(seed)

    @property
    def remaining(self) -> float:
        """Always infinitely many."""
        return math.inf

    def reshuffle(self) -> None:
        """Nothing to do: an infinite deck never runs out."""

    def draw(self) -> Card:
        """A card of uniformly random rank and suit."""
        return Card(self.rng.choice(RANKS), self.rng.choice(SUITS))

    def __repr__(self) -> str:
        return "InfiniteDeck()"


class StackedDeck:
    """A deck that deals a fixed sequence of cards, for examples, tests and replayed transcripts."""

    def __init__(self, cards: Iterable[CardLike]) -> None:
        self.cards = [c if isinstance(c, Card) else Card(rank_of(c)) for c in card_list(cards)]
        self.position = 0

    @property
    def remaining(self) -> int:
        """How many of the fixed cards are left."""
        return len(self.cards) - self.position

    def reshuffle(self) -> None:
        """Start the fixed sequence again."""
        self.position = 0

    def draw(self) -> Card:
        """The next card of the fixed sequence."""
        if self.position >= len(self.cards):
            raise EmptyShoeError(f"the stacked deck's {len(self.cards)} cards are all dealt")
        card = self.cards[self.position]
        self.position += 1
        return card
