"""Exact blackjack odds over deck compositions: seed 002's game and the dealer's outcomes by up-card.

The trick that makes it fast: drawing without replacement, the chance of one ordered sequence of ranks depends only
on *which* ranks were drawn (prod of falling factorials of the counts over a falling factorial of the deck size).
So every hand is a multiset of ranks, the player's final multisets are enumerated once, and the dealer's draws are
pushed through all of them at once as integer arrays (one column per deck left after the player).
Ranks are indexed 0..9: ace, 2, ..., 9, ten-valued. Results are exact `Fraction`s; decks=None is an infinite deck.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple, Optional, Union

import numpy as np

from coursekit.cards import CardLike, rank_of

BUST, NATURAL = 22, 23  # result codes next to the totals 2..21
OUTCOMES = ("win", "lose", "draw")
INFINITE_WEIGHTS = tuple(Fraction(4 if i == 9 else 1, 13) for i in range(10))
Decks = Optional[int]


def check_decks(decks: Decks) -> Decks:
    """Validate a number of decks: a whole number 1..8, or None for an infinite deck."""
    if decks is None:
        return None
    if isinstance(decks, bool) or not isinstance(decks, int) or not 1 <= decks <= 8:
        raise ValueError(f"decks must be a whole number from 1 to 8, or None for an infinite deck, not {decks!r}")
    return decks


def check_threshold(value: int, name: str) -> int:
    """Validate a stand threshold: the total from which a hand stops drawing, 2..21."""
    if isinstance(value, bool) or not isinstance(value, int) or not 2 <= value <= 21:
        raise ValueError(f"{name} must be a whole number from 2 to 21, not {value!r}")
    return value


def deck_counts(decks: int) -> tuple[int, ...]:
    """How many cards of each rank index a shoe of `decks` packs holds: 4 per pack, 16 ten-valued."""
    return tuple(16 * decks if i == 9 else 4 * decks for i in range(10))


def rank_index(card: CardLike) -> int:
    """The rank index 0..9 of a card: ace 0, 2..9 their value minus 1, 10/J/Q/K 9."""
    rank = rank_of(card)
    return 0 if rank == "A" else 9 if rank in ("10", "J", "Q", "K") else int(rank) - 1


class Tree(NamedTuple):
    """The multisets a hand passes through, level by level (level = cards drawn after the start)."""

    levels: list  # per level: (counts array (n, 10), result codes array (n,): -1 while drawing)
    moves: list  # per level and rank: (rows drawing that rank, their rows in the next level, count already held)
    sizes: list  # number of multisets per level, with a 0 after the last


def _codes(nodes: np.ndarray, stands_at: int, hit_soft_17: bool) -> np.ndarray:
    """Result codes of many multisets at once (rows of counts): -1 while drawing, else a total, BUST or NATURAL."""
    cards = nodes.sum(axis=1)
    hard = nodes @ np.arange(1, 11)
    soft = (nodes[:, 0] > 0) & (hard + 10 <= 21)
    total = np.where(soft, hard + 10, hard)
    natural = (cards == 2) & (total == 21)
    draws = (cards < 2) | (total < stands_at) | (hit_soft_17 & soft & (total == 17))
    codes = np.where(total > 21, BUST, np.where(natural, NATURAL, total))
    return np.where(draws & (total <= 21) & ~natural, -1, codes)


_BASE = 64 ** np.arange(10, dtype=np.int64)  # a multiset as one integer key (no rank is drawn 64 times)


@lru_cache(maxsize=64)
def hand_tree(start: tuple[int, ...], stands_at: int, hit_soft_17: bool, limits: tuple[int, ...]) -> Tree:
    """Every multiset a hand passes through from `start` (counts capped by `limits`), grouped by level."""
    levels, moves, sizes = [], [], []
    nodes = np.array([start], dtype=np.int64)
    caps = np.array(limits, dtype=np.int64)
    while len(nodes):
        codes = _codes(nodes, stands_at, hit_soft_17)
        levels.append((nodes, codes))
        sizes.append(len(nodes))
        drawing = np.flatnonzero(codes < 0)
        src, rank = np.repeat(drawing, 10), np.tile(np.arange(10), len(drawing))
        ok = nodes[src, rank] < caps[rank]
        src, rank = src[ok], rank[ok]
        children = nodes[src].copy()
        children[np.arange(len(src)), rank] += 1
        keys, first, dst = np.unique(children @ _BASE, return_index=True, return_inverse=True)
        dst = dst.ravel()
        moves.append([(src[rank == r], dst[rank == r], nodes[src[rank == r], r]) for r in range(10)])
        nodes = children[first]
    sizes.append(0)
    return Tree(levels, moves, sizes)


def falling(n: int, k: int) -> int:
    """The falling factorial n (n-1) ... (n-k+1); 0 when k > n."""
    out = 1
    for j in range(k):
        out *= n - j
    return out


def _player_finals(counts: tuple[int, ...], stands_at: int):
    """The player's final multisets, their weights (ordered ways to draw them from the deck) and result codes."""
    tree = hand_tree((0,) * 10, stands_at, False, counts)
    weights = [1]
    finals = []
    for k, ((nodes, codes), per_rank) in enumerate(zip(tree.levels, tree.moves)):
        for i in np.flatnonzero(codes >= 0).tolist():
            if weights[i]:
                finals.append((nodes[i], k, weights[i], int(codes[i])))
        following = [0] * tree.sizes[k + 1]
        for r, (src, dst, held) in enumerate(per_rank):
            for i, j, h in zip(src.tolist(), dst.tolist(), held.tolist()):
                following[j] += weights[i] * (counts[r] - h)
        weights = following
    return finals


def _dealer_counts(decks_left: np.ndarray, start: tuple[int, ...], stands_at: int, hit_soft_17: bool,
                   limits: tuple[int, ...], exact: bool = True):
    """The dealer's results from many decks at once, level by level as (hands x decks) arrays.

    decks_left is a (P, 10) array of the cards left. The weight of a hand for deck p is the number of ordered ways
    to draw it from that deck (a drawing sequence's chance depends only on which ranks it drew).
    Returns (numerators by result code, depth): the result's chance for deck p is numerators[code][p] /
    falling(cards left in p, depth); with exact=False the numerators are float probabilities and depth is 0.
    """
    tree = hand_tree(start, stands_at, hit_soft_17, limits)
    depth = len(tree.levels) - 1
    size = decks_left.sum(axis=1)
    largest = int(size.max())

    def kind(k: int):  # int64 while a level's counts (at most falling(size, k)) fit, then Python integers
        if not exact:
            return np.float64
        return np.int64 if falling(largest, k) < 2 ** 62 else object

    left = decks_left.astype(np.float64 if not exact else np.int64)
    most = max(int(nodes.max(initial=0)) for nodes, _ in tree.levels) + 1
    remaining = [np.maximum(left[:, r][None, :] - (np.arange(most) - start[r])[:, None], 0) for r in range(10)]
    sizes = size.astype(kind(depth))
    weights = np.ones((1, len(size)), dtype=kind(0))
    numerators: dict[int, np.ndarray] = {}
    for k, ((nodes, codes), per_rank) in enumerate(zip(tree.levels, tree.moves)):
        if exact:  # falling(size - k, depth - k) brings hands of k cards to the denominator falling(size, depth)
            scale = np.ones(len(size), dtype=kind(depth))
            for t in range(k, depth):
                scale = scale * np.maximum(sizes - t, 0)
        else:
            scale = 1
        for code in np.unique(codes[codes >= 0]).tolist():
            term = weights[codes == code].sum(axis=0).astype(kind(depth)) * scale
            numerators[code] = numerators[code] + term if code in numerators else term
        following = np.zeros((tree.sizes[k + 1], len(size)), dtype=kind(k + 1))
        if following.dtype == object and weights.dtype != object:
            weights = weights.astype(object)
        reciprocal = 1 if exact else 1.0 / np.maximum(sizes - k, 1)
        for r, (src, dst, drawn) in enumerate(per_rank):
            # rows that already drew d cards of rank r share one factor per deck: the d cards are gone
            if len(src):
                following[dst] += weights[src] * (remaining[r][drawn] * reciprocal)
        weights = following
    return numerators, (depth if exact else 0)


def _beats(player: int, dealer: int) -> int:
    """+1, 0 or -1: seed 002's comparison (a natural beats everything but a natural; a dealer natural is 21)."""
    if player == BUST:
        return -1
    if player == NATURAL:
        return 0 if dealer == NATURAL else 1
    if dealer == BUST:
        return 1
    theirs = 21 if dealer == NATURAL else dealer
    return (player > theirs) - (player < theirs)


def _infinite_results(start: tuple[int, ...], stands_at: int, hit_soft_17: bool) -> dict[int, Fraction]:
    """Result distribution of one hand drawn from an infinite deck (rank probabilities 1/13, ten 4/13)."""
    tree = hand_tree(start, stands_at, hit_soft_17, (64,) * 10)
    probs = [Fraction(1)]
    out: dict[int, Fraction] = {}
    for k, ((_, codes), per_rank) in enumerate(zip(tree.levels, tree.moves)):
        for code, p in zip(codes.tolist(), probs):
            if code >= 0:
                out[code] = out.get(code, 0) + p
        following = [Fraction(0)] * tree.sizes[k + 1]
        for r, (src, dst, _) in enumerate(per_rank):
            for i, j in zip(src.tolist(), dst.tolist()):
                following[j] += probs[i] * INFINITE_WEIGHTS[r]
        probs = following
    return out


def _infinite_outcomes(player_stands_at: int, dealer_stands_at: int) -> dict[str, Fraction]:
    """Seed 002's game with an infinite deck: player and dealer are independent."""
    empty = (0,) * 10
    player = _infinite_results(empty, player_stands_at, False)
    dealer = _infinite_results(empty, dealer_stands_at, False)
    out = dict.fromkeys(OUTCOMES, Fraction(0))
    for p, pp in player.items():
        for d, pd in dealer.items():
            out[("draw", "win", "lose")[_beats(p, d)]] += pp * pd
    return out


_BEATS = np.array([[_beats(p, d) for d in range(24)] for p in range(24)])


def exact_outcomes(decks: Decks = 1, player_stands_at: int = 17, dealer_stands_at: int = 17,
                   exact: bool = True) -> dict[str, Union[Fraction, float]]:
    """Exact probabilities of "win", "lose", "draw" for the player in seed 002's game (decks=None: infinite deck).

    A fresh shoe each game; player and dealer both draw to their stand threshold; the player plays first and loses
    on a bust; a player natural beats anything but a dealer natural, which otherwise counts as a plain 21.
    Fractions by default; exact=False gives floats from the same computation (faster for 2 to 8 decks).
    """
    decks = check_decks(decks)
    check_threshold(player_stands_at, "player_stands_at")
    check_threshold(dealer_stands_at, "dealer_stands_at")
    if decks is None:
        out = _infinite_outcomes(player_stands_at, dealer_stands_at)
        return out if exact else {k: float(v) for k, v in out.items()}
    counts = deck_counts(decks)
    total = sum(counts)
    finals = _player_finals(counts, player_stands_at)
    busted = [(k, w) for _, k, w, code in finals if code == BUST]
    playing = [(m, k, w, code) for m, k, w, code in finals if code != BUST]
    left = np.array(counts, dtype=np.int64) - np.array([m for m, _, _, _ in playing])
    numerators, depth = _dealer_counts(left, (0,) * 10, dealer_stands_at, False, counts, exact)
    codes = np.array([code for _, _, _, code in playing])
    per_player = {}
    for name, sign in (("win", 1), ("lose", -1), ("draw", 0)):
        per_player[name] = sum(num * (_BEATS[codes, d] == sign) for d, num in numerators.items())
    if not exact:
        chance = np.array([w / falling(total, k) for _, k, w, _ in playing])
        out = {name: float(chance @ per_player[name]) for name in OUTCOMES}
        out["lose"] += float(sum(w / falling(total, k) for k, w in busted))
        return out
    # P(outcome) = sum_p weight_p * num_p / falling(total, k_p + depth): group by k_p, then one denominator
    lengths = sorted({k for _, k, _, _ in playing})
    longest = lengths[-1]
    denominator = falling(total, longest + depth)
    out = {}
    for name in OUTCOMES:
        grouped = dict.fromkeys(lengths, 0)
        for (_, k, weight, _), num in zip(playing, per_player[name].tolist()):
            grouped[k] += weight * num
        acc = sum(value * falling(total - k - depth, longest - k) for k, value in grouped.items())
        out[name] = Fraction(acc, denominator)
    bust_by_length: dict[int, int] = {}
    for k, w in busted:
        bust_by_length[k] = bust_by_length.get(k, 0) + w
    out["lose"] += sum((Fraction(w, falling(total, k)) for k, w in bust_by_length.items()), Fraction(0))
    return out


DEALER_RESULTS = (17, 18, 19, 20, 21, "bust", "natural")


def dealer_outcomes(upcard: CardLike, decks: Decks = 1, hit_soft_17: bool = False,
                    stands_at: int = 17) -> dict[Union[int, str], Fraction]:
    """The dealer's final result given the up-card, before peeking: totals, "bust" and "natural" (exact).

    Only the up-card is removed from the shoe (as in the Wizard of Odds tables); decks=None is an infinite deck.
    """
    decks = check_decks(decks)
    check_threshold(stands_at, "stands_at")
    up = rank_index(upcard)
    start = tuple(1 if i == up else 0 for i in range(10))
    if decks is None:
        raw = _infinite_results(start, stands_at, hit_soft_17)
    else:
        counts = deck_counts(decks)
        left = np.array([[c - s for c, s in zip(counts, start)]], dtype=np.int64)
        numerators, depth = _dealer_counts(left, start, stands_at, hit_soft_17, counts)
        denominator = falling(sum(counts) - 1, depth)
        raw = {code: Fraction(int(num[0]), denominator) for code, num in numerators.items()}
    names = {BUST: "bust", NATURAL: "natural"}
    keys = [t for t in range(stands_at, 22)] + ["bust", "natural"]
    out: dict[Union[int, str], Fraction] = dict.fromkeys(keys, Fraction(0))
    for code, p in raw.items():
        out[names.get(code, code)] += p
    return out


UPCARDS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "A")


def dealer_table(decks: Decks = 1, hit_soft_17: bool = False) -> dict[str, dict[Union[int, str], Fraction]]:
    """dealer_outcomes for every up-card 2..10 and A, keyed by the up-card's rank."""
    return {up: dealer_outcomes(up, decks, hit_soft_17) for up in UPCARDS}
