"""Blackjack: counting hands with superpositions (seed 000), the dealer rule and settlement.

Card functions take Card objects or bare rank strings: `hand_total(["A", "K"]) == 21`.
Words as casinos use them: the *hard* total counts every ace as 1; a hand is *soft* when one ace can count 11
without busting, and its soft total is that higher value. (Seed 000's prose swaps the two words; its code does not.)
"""

from __future__ import annotations

from typing import Iterable, Optional

from coursekit.cards import Card, CardLike, ranks_of
from coursekit.superposition import Superposition, all_of, any_of, eigenstates

BLACKJACK = 21
DEALER_STANDS_AT = 17


def card_points(card: CardLike) -> Superposition:
    """The points of one card: 2-10 face value, J/Q/K 10, an ace any_of(1, 11)."""
    (rank,) = ranks_of([card])
    if rank == "A":
        return any_of(1, 11)
    if rank in ("J", "Q", "K"):
        return any_of(10)
    return any_of(int(rank))


def all_totals(cards: Iterable[CardLike]) -> Superposition:
    """Every total of the hand, busted ones included: k aces give 2**k ways but only k+1 totals."""
    counts = any_of(0)
    for rank in ranks_of(cards):
        if rank == "A":
            counts = any_of(counts + 1, counts + 11)  # the seed's line 94: the ace doubles the states
        elif rank in ("J", "Q", "K"):
            counts = counts + 10
        else:
            counts = counts + int(rank)
    return counts


def hand_states(cards: Iterable[CardLike]) -> Superposition:
    """The superposition of the hand's totals with the busted ones removed (empty when busted)."""
    return all_totals(cards) <= BLACKJACK  # seed 000, line 104: $counts = ($counts <= 21)


def hand_total(cards: Iterable[CardLike]) -> Optional[int]:
    """The best total of the hand (the highest one not over 21), or None when the hand is busted."""
    counts = hand_states(cards)
    if not eigenstates(counts):
        return None
    return int(counts >= all_of(*eigenstates(counts)))  # the seed's maximum trick


def hard_total(cards: Iterable[CardLike]) -> int:
    """The total with every ace counted as 1 (may be over 21)."""
    counts = all_totals(cards)
    return int(counts <= all_of(*eigenstates(counts)))  # the seed's minimum trick


def is_soft(cards: Iterable[CardLike]) -> bool:
    """True when an ace counts 11 in the best total (the hand can take any card without busting)."""
    total = hand_total(cards)
    return total is not None and total != hard_total(cards)


def soft_total(cards: Iterable[CardLike]) -> Optional[int]:
    """The total with one ace counted 11, when the hand is soft; None for a hard or busted hand."""
    return hand_total(cards) if is_soft(cards) else None


def is_busted(cards: Iterable[CardLike]) -> bool:
    """True when every total of the hand is over 21."""
    return hand_total(cards) is None


def is_blackjack(cards: Iterable[CardLike]) -> bool:
    """A natural: exactly two cards that can count both 11 and 21 (an ace and a ten-valued card)."""
    ranks = ranks_of(cards)
    counts = hand_states(ranks)
    return len(ranks) == 2 and bool(counts == 21) and bool(counts == 11)  # seed 000's blackjack()


def describe_total(cards: Iterable[CardLike]) -> str:
    """The hand's value as seed 000 shows it: "Busted", "Blackjack", or the best total ("soft 17")."""
    ranks = ranks_of(cards)
    if is_busted(ranks):
        return "Busted"
    if is_blackjack(ranks):
        return "Blackjack"
    total = hand_total(ranks)
    return f"soft {total}" if is_soft(ranks) else str(total)


def dealer_should_draw(cards: Iterable[CardLike], stands_at: int = DEALER_STANDS_AT,
                       hit_soft_17: bool = False) -> bool:
    """The dealer's fixed rule: draw below `stands_at` (17); with hit_soft_17 also draw on a soft 17."""
    ranks = ranks_of(cards)
    total = hand_total(ranks)
    if total is None:
        return False
    if total < stands_at:
        return True
    return hit_soft_17 and total == 17 and is_soft(ranks)


def settle(player: Iterable[CardLike], dealer: Iterable[CardLike]) -> float:
    """The player's result in units of the bet, as seed 000's score(): -1, 0, 1 or 1.5 for a natural."""
    player, dealer = ranks_of(player), ranks_of(dealer)
    if is_busted(player):
        return -1  # a busted player loses even if the dealer busts later
    if is_busted(dealer):
        return 1
    if is_blackjack(player) and is_blackjack(dealer):
        return 0
    if is_blackjack(player):
        return 1.5
    if is_blackjack(dealer):
        return -1  # a dealer natural beats a player's 21 of three or more cards
    mine, theirs = hand_total(player), hand_total(dealer)
    return (mine > theirs) - (mine < theirs)


class Hand:
    """The cards one participant holds (player or dealer), with seed 000's counting methods."""

    def __init__(self, cards: Iterable[CardLike] = ()) -> None:
        self.cards: list[Card] = [c if isinstance(c, Card) else Card(r) for c, r in
                                  zip(list(cards), ranks_of(list(cards)))]

    def draw(self, shoe) -> Card:
        """Take the next card from a shoe (anything with .draw()) into the hand."""
        card = shoe.draw()
        self.cards.append(card)
        return card

    @property
    def states(self) -> Superposition:
        """The superposition of non-busted totals."""
        return hand_states(self.cards)

    @property
    def total(self) -> Optional[int]:
        """The best total, None when busted."""
        return hand_total(self.cards)

    @property
    def busted(self) -> bool:
        """True when the hand is over 21 however the aces count."""
        return is_busted(self.cards)

    @property
    def blackjack(self) -> bool:
        """True for a two-card 21."""
        return is_blackjack(self.cards)

    @property
    def soft(self) -> bool:
        """True when an ace counts 11 in the best total."""
        return is_soft(self.cards)

    def describe(self) -> str:
        """"Busted", "Blackjack" or the best total."""
        return describe_total(self.cards)

    def settle(self, dealer: "Hand") -> float:
        """This (player's) hand's result against the dealer's hand, in units of the bet."""
        return settle(self.cards, dealer.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __str__(self) -> str:
        return "[" + ",".join(str(c) for c in self.cards) + "]"

    def __repr__(self) -> str:
        return f"Hand({[c.rank for c in self.cards]!r})"


def dealer_play(hand: Hand, shoe, stands_at: int = DEALER_STANDS_AT, hit_soft_17: bool = False) -> Hand:
    """Let the dealer draw from the shoe until the rule says stand; returns the same hand."""
    while dealer_should_draw(hand.cards, stands_at, hit_soft_17):
        hand.draw(shoe)
    return hand
