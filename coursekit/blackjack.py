"""Blackjack: counting hands with superpositions (source 000), the dealer rule, settlement; source 002's game simulated.

Card functions take Card objects or bare rank strings: `hand_total(["A", "K"]) == 21`.
Words as casinos use them: the *hard* total counts every ace as 1; a hand is *soft* when one ace can count 11
without busting, and its soft total is that higher value. (Source 000's prose swaps the two words; its code does not.)
"""

from __future__ import annotations

from typing import Iterable, Optional

import numpy as _np

from coursekit.blackjack_exact import (  # the exact solver, re-exported here  # noqa: F401
    DEALER_RESULTS,
    UPCARDS,
    check_decks,
    check_threshold,
    deck_counts,
    dealer_outcomes,
    dealer_table,
    exact_outcomes,
)
from coursekit.cards import Card, CardLike, card_list, check_shoe, ranks_of
from coursekit.progress import LazyBar
from coursekit.rng import as_generator
from coursekit.superposition import Superposition, all_of, any_of, eigenstates

BLACKJACK = 21
DEALER_STANDS_AT = 17


def all_totals(cards: Iterable[CardLike]) -> Superposition:
    """Every total of the hand, busted ones included: k aces give 2**k ways but only k+1 totals.

    The source's line 94 treats each ace as `counts = any(counts + 1, counts + 11)`: the ways double, the distinct
    totals grow by one. So the aces are counted and their k + 1 totals added at once (linear in the cards).
    """
    points = aces = 0
    for rank in ranks_of(cards):
        if rank == "A":
            aces += 1
        elif rank in ("J", "Q", "K"):
            points += 10
        else:
            points += int(rank)
    return any_of(*range(points + aces, points + 11 * aces + 1, 10))  # aces as 1, one more as 11 each step


def hand_states(cards: Iterable[CardLike]) -> Superposition:
    """The superposition of the hand's totals with the busted ones removed (empty when busted)."""
    return all_totals(cards) <= BLACKJACK  # source text 000, line 104: $counts = ($counts <= 21)


def hand_total(cards: Iterable[CardLike]) -> Optional[int]:
    """The best total of the hand (the highest one not over 21), or None when the hand is busted."""
    counts = hand_states(cards)
    if not eigenstates(counts):
        return None
    return int(counts >= all_of(*eigenstates(counts)))  # the source's maximum trick


def hard_total(cards: Iterable[CardLike]) -> int:
    """The total with every ace counted as 1 (may be over 21)."""
    counts = all_totals(cards)
    return int(counts <= all_of(*eigenstates(counts)))  # the source's minimum trick


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
    if len(ranks) != 2:
        return False
    counts = hand_states(ranks)
    return bool(counts == 21) and bool(counts == 11)  # source text 000's blackjack()


def describe_total(cards: Iterable[CardLike]) -> str:
    """The hand's value as source text 000 shows it: "Busted", "Blackjack", or the best total ("soft 17")."""
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
    check_threshold(stands_at, "stands_at")
    ranks = ranks_of(cards)
    total = hand_total(ranks)
    if total is None:
        return False
    if total < stands_at:
        return True
    return hit_soft_17 and total == 17 and is_soft(ranks)


def settle(player: Iterable[CardLike], dealer: Iterable[CardLike]) -> float:
    """The player's result in units of the bet, naturals first: -1, 0, 1, or 1.5 for a natural.

    A natural is settled before anything else (casino order): it pays 1.5 unless the dealer has one too (a push),
    however the dealer's hand would have gone on. Source text 000's score() checks the dealer's bust first
    (`source_score`).
    """
    player, dealer = ranks_of(player), ranks_of(dealer)
    if is_blackjack(player):
        return 0 if is_blackjack(dealer) else 1.5
    if is_busted(player):
        return -1  # a busted player loses even if the dealer busts later
    if is_blackjack(dealer):
        return -1  # a dealer natural beats a player's 21 of three or more cards
    if is_busted(dealer):
        return 1
    mine, theirs = hand_total(player), hand_total(dealer)
    return (mine > theirs) - (mine < theirs)


def source_score(player: Iterable[CardLike], dealer: Iterable[CardLike]) -> float:
    """Source text 000's score(), lines 168-180 in their order: a dealer who busts pays 1 even against a natural."""
    player, dealer = ranks_of(player), ranks_of(dealer)
    if is_busted(player):
        return -1
    if is_busted(dealer):
        return 1  # checked before the player's natural: the bug
    if is_blackjack(player) and is_blackjack(dealer):
        return 0
    if is_blackjack(player):
        return 1.5
    if is_blackjack(dealer):
        return -1
    mine, theirs = hand_total(player), hand_total(dealer)
    return (mine > theirs) - (mine < theirs)


class Hand:
    """The cards one participant holds (player or dealer), with source text 000's counting methods."""

    def __init__(self, cards: Iterable[CardLike] = ()) -> None:
        items = card_list(cards)
        self.cards: list[Card] = [c if isinstance(c, Card) else Card(r) for c, r in zip(items, ranks_of(items))]

    def draw(self, shoe) -> Card:
        """Take the next card from a shoe (anything with .draw()) into the hand."""
        card = check_shoe(shoe).draw()
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
    if not isinstance(hand, Hand):
        raise ValueError(f"hand must be a blackjack Hand, not {hand!r}")
    check_shoe(shoe)
    while dealer_should_draw(hand.cards, stands_at, hit_soft_17):
        hand.draw(shoe)
    return hand


# --- source text 002: simulation against exact computation ------------------------------------------------------------
# (exact answers: coursekit.blackjack_exact, re-exported above)

THIRTEEN = _np.array([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, 9])  # uniform ranks: ace, 2..9, four ten-valued
CHUNK_CARDS = 1 << 22  # cards held in memory per chunk of games
MAX_GAMES = 10**10  # simulate: games in one call (about an hour; a progress bar shows after a second)
MAX_PLAYED = 10**8  # play_games: one result per game is kept (100 MB)


def _total(hard: _np.ndarray, aces: _np.ndarray) -> _np.ndarray:
    """Best totals of many hands from their hard totals and whether they hold an ace."""
    return hard + 10 * (aces & (hard + 10 <= 21))


def _play_chunk(rng: _np.random.Generator, n: int, decks, player_stands_at: int,
                dealer_stands_at: int) -> _np.ndarray:
    """n games of source text 002 at once (+1 win, 0 draw, -1 loss), each from its own freshly shuffled shoe."""
    if decks is None:
        def draw(idx):
            return THIRTEEN[rng.integers(0, 13, size=len(idx))]
    else:
        layout = _np.repeat(_np.arange(10, dtype=_np.int8), deck_counts(decks))
        shoe = _np.tile(layout, (n, 1))
        dealt = _np.zeros(n, dtype=_np.int64)

        def draw(idx):  # one more step of each game's own Fisher-Yates shuffle: a uniform card from those left
            if len(idx) == n and dealt[0] == dealt[-1] and dealt.min() == dealt.max():  # all at the same step
                here = int(dealt[0])
                there = rng.integers(here, len(layout), size=n)
                card = shoe[idx, there]
                shoe[idx, there] = shoe[:, here]
                shoe[:, here] = card
                dealt[:] += 1
                return card.astype(_np.int64)
            here = dealt[idx]
            there = rng.integers(here, len(layout))
            card = shoe[idx, there]
            shoe[idx, there] = shoe[idx, here]
            shoe[idx, here] = card
            dealt[idx] += 1
            return card.astype(_np.int64)

    hands = {who: [_np.zeros(n, dtype=_np.int64), _np.zeros(n, dtype=bool)] for who in ("player", "dealer")}
    everyone = _np.arange(n)

    def give(who, idx):
        rank = draw(idx)
        hands[who][0][idx] += rank + 1
        hands[who][1][idx] |= rank == 0

    for who in ("player", "player", "dealer", "dealer"):  # source text 002 deals two cards each, player first
        give(who, everyone)
    player_natural = _total(*hands["player"]) == 21
    dealer_natural = _total(*hands["dealer"]) == 21
    for who, stands_at, idx in (("player", player_stands_at, everyone), ("dealer", dealer_stands_at, None)):
        if idx is None:  # the dealer plays only against players still in the game
            idx = _np.flatnonzero(_total(*hands["player"]) <= 21)
        while len(idx):
            idx = idx[_total(hands[who][0][idx], hands[who][1][idx]) < stands_at]
            if len(idx):
                give(who, idx)
    mine, theirs = _total(*hands["player"]), _total(*hands["dealer"])
    result = _np.sign(mine - theirs).astype(_np.int8)
    result[theirs > 21] = 1
    result[player_natural] = _np.where(dealer_natural[player_natural], 0, 1)
    result[mine > 21] = -1
    return result


def _check_games(games: int, limit: int) -> int:
    """Validate a number of games: a whole number from 0 to `limit`."""
    if isinstance(games, bool) or not isinstance(games, (int, _np.integer)) or not 0 <= games <= limit:
        raise ValueError(f"games must be a whole number from 0 to {limit:,}, not {games!r}")
    return int(games)


def _game_chunks(games: int, decks, player_stands_at: int, dealer_stands_at: int, seed, progress: bool):
    """Results of the games chunk by chunk (arrays of +1, 0, -1), with a tqdm bar after a second."""
    decks = check_decks(decks)
    check_threshold(player_stands_at, "player_stands_at")
    check_threshold(dealer_stands_at, "dealer_stands_at")
    rng = as_generator(seed)
    with LazyBar(games, "games", "games", show=bool(progress)) as bar:
        chunk = max(1024, CHUNK_CARDS // (52 * (decks or 1)))
        for start in range(0, games, chunk):
            n = min(chunk, games - start)
            yield _play_chunk(rng, n, decks, player_stands_at, dealer_stands_at)
            bar.update(n)


def play_games(games: int, decks=1, player_stands_at: int = 17, dealer_stands_at: int = 17, seed=None,
               progress: bool = True) -> _np.ndarray:
    """The result of each of `games` simulated games of source 002 (+1 win, 0 draw, -1 loss), vectorised with numpy.

    At most MAX_PLAYED (10**8) games: one byte per game is kept. A tqdm progress bar appears when the run takes
    more than a second (progress=False turns it off).
    """
    games = _check_games(games, MAX_PLAYED)
    parts = list(_game_chunks(games, decks, player_stands_at, dealer_stands_at, seed, progress))
    return _np.concatenate(parts) if parts else _np.zeros(0, dtype=_np.int8)


def simulate(games: int, decks=1, player_stands_at: int = 17, dealer_stands_at: int = 17, seed=None,
             progress: bool = True) -> dict[str, int]:
    """Counts of "win", "lose", "draw" for the player in `games` games of source text 002 (decks=None: infinite).

    Counted chunk by chunk (memory stays small), at most MAX_GAMES (10**10) games; the same games as play_games.
    """
    games = _check_games(games, MAX_GAMES)
    counts = {"win": 0, "lose": 0, "draw": 0}
    for results in _game_chunks(games, decks, player_stands_at, dealer_stands_at, seed, progress):
        wins, losses = int(_np.count_nonzero(results == 1)), int(_np.count_nonzero(results == -1))
        counts["win"] += wins
        counts["lose"] += losses
        counts["draw"] += len(results) - wins - losses
    return counts
