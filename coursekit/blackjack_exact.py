"""Exact blackjack odds over deck compositions: source text 002's game and the dealer's outcomes by up-card.

Drawing without replacement, the chance of one ordered sequence of ranks depends only on *which* ranks were drawn:
a hand is a multiset of ranks. So each hand's final multisets are enumerated once (`_finals`: level by level, with
how many rank orders reach each). The player's final P and the dealer's final D then meet in one formula: the
dealer draws D from the deck left by P in `ways(D) * prod_r (c_r - p_r)_(d_r)` ordered ways, (x)_k the falling
factorial. `_join` sums that over all D for every P at once, rank by rank: after fixing the dealer's counts of the
ranks below r only the player's counts of the ranks from r on still matter, so partial sums are shared between all
players that agree on those ranks (about 850,000 small integer products for one deck instead of the 1.8 million
player-dealer pairs, and no Python loop per pair). Only the dealer's standing hands are joined: the dealer's busts
are what the other results leave, so "win" is 1 - "lose" - "draw".
Ranks are indexed 0..9: ace, 2, ..., 9, ten-valued. Results are exact `Fraction`s; decks=None is an infinite deck.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache
from numbers import Integral
from typing import NamedTuple, Optional, Union

import numpy as np

from coursekit.cards import CardLike, rank_of

BUST, NATURAL = 22, 23  # result codes next to the totals 2..21
OUTCOMES = ("win", "lose", "draw")
INFINITE_WEIGHTS = tuple(Fraction(4 if i == 9 else 1, 13) for i in range(10))
Decks = Optional[int]

_BITS = 5  # bits per rank count in a multiset's key; a hand holds at most 30 cards of one rank
_SHIFT = np.array([_BITS * (9 - r) for r in range(10)], dtype=np.int64)  # rank 0 in the highest digit
_UNIT = np.left_shift(np.int64(1), _SHIFT)
_SHIFT_BY_RANK = _SHIFT[:, None]
_ACE = (np.arange(10) == 0).astype(np.int64)  # a hand's state, 2 * hard total + holds an ace, after drawing rank r:
_HARD_STEP = 2 * np.arange(10) + 2            # (state | _ACE[r]) + _HARD_STEP[r]
_MASK = (1 << _BITS) - 1
_KEY_BITS = 10 * _BITS
_INT64_LIMIT = 2**62  # int64 sums stay exact below this


def check_decks(decks: Decks) -> Decks:
    """Validate a number of decks: a whole number 1..8, or None for an infinite deck."""
    if decks is None:
        return None
    if isinstance(decks, bool) or not isinstance(decks, Integral) or not 1 <= decks <= 8:
        raise ValueError(f"decks must be a whole number from 1 to 8, or None for an infinite deck, not {decks!r}")
    return int(decks)


def check_switch(value, name: str) -> bool:
    """Validate an on/off option: True or False (numpy's too; 0 and 1 as well), not a string such as "no"."""
    if not isinstance(value, (bool, np.bool_)) and value not in (0, 1):
        raise ValueError(f"{name} must be True or False, not {value!r}")
    return bool(value)


def check_threshold(value: int, name: str) -> int:
    """Validate a stand threshold: the total from which a hand stops drawing, 2..21."""
    if isinstance(value, bool) or not isinstance(value, Integral) or not 2 <= value <= 21:
        raise ValueError(f"{name} must be a whole number from 2 to 21, not {value!r}")
    return int(value)


def deck_counts(decks: int) -> tuple[int, ...]:
    """How many cards of each rank index a shoe of `decks` packs holds: 4 per pack, 16 ten-valued."""
    return tuple(16 * decks if i == 9 else 4 * decks for i in range(10))


def rank_index(card: CardLike) -> int:
    """The rank index 0..9 of a card: ace 0, 2..9 their value minus 1, 10/J/Q/K 9."""
    rank = rank_of(card)
    return 0 if rank == "A" else 9 if rank in ("10", "J", "Q", "K") else int(rank) - 1


def falling(n: int, k: int) -> int:
    """The falling factorial n (n-1) ... (n-k+1); 0 when k > n >= 0."""
    if n >= 0:
        return math.perm(n, k)
    out = 1
    for j in range(k):
        out *= n - j
    return out


class Finals(NamedTuple):
    """The final multisets of a hand: key (rank counts, 5 bits each, rank 0 highest), result code, cards, ways."""

    keys: np.ndarray  # int64
    codes: np.ndarray  # a total 2..21, BUST or NATURAL
    cards: np.ndarray  # cards in the hand, the start included
    ways: np.ndarray  # rank orders that reach the multiset from the start (each stops exactly there)


def _code(hard: int, ace: bool, cards: int, stands_at: int, hit_soft_17: bool) -> int:
    """A hand's result code: -1 while it draws, else its total, BUST or NATURAL."""
    soft = ace and hard + 10 <= 21
    total = hard + 10 if soft else hard
    if total > 21:
        return BUST
    if total == 21 and cards == 2:
        return NATURAL
    if cards < 2 or total < stands_at or (hit_soft_17 and soft and total == 17):
        return -1
    return total


def _key(counts: tuple[int, ...]) -> int:
    return sum(int(c) << int(s) for c, s in zip(counts, _SHIFT))


_HARD_LIMIT = 32  # a hand draws only below 21, so its hard total stays below 21 + 11


@lru_cache(maxsize=16)
def _code_table(stands_at: int, hit_soft_17: bool) -> np.ndarray:
    """_code of every hand by [its cards (0, 1, 2 or 3 for three or more), its state 2 * hard total + has ace]."""
    return np.array([[_code(state >> 1, bool(state & 1), cards, stands_at, hit_soft_17)
                      for state in range(2 * _HARD_LIMIT)] for cards in range(4)])


def _pairs() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The two-card hands as _finals' level 2 (sorted keys, states, ways: 2 orders for two ranks, 1 for a pair)."""
    pairs = sorted((_key(tuple((r == a) + (r == b) for r in range(10))), a, b) for a in range(10) for b in range(a, 10))
    arrays = (np.array([key for key, _, _ in pairs], dtype=np.int64),
              np.array([2 * (a + b + 2) + (a == 0) for _, a, b in pairs]),
              np.array([1 if a == b else 2 for _, a, b in pairs], dtype=np.int64))
    for array in arrays:
        array.flags.writeable = False
    return arrays


_PAIRS = _pairs()


@lru_cache(maxsize=64)
def _finals(start: tuple[int, ...], stands_at: int, hit_soft_17: bool, limits: tuple[int, ...]) -> Finals:
    """Every final multiset of a hand drawn from `start` (counts capped by `limits`), level by level.

    A level is every multiset of one size still drawing, with how many rank orders reach it; a hand's state is
    2 * its hard total + whether it holds an ace, which gives its result code from a table.
    """
    keys = np.array([_key(start)], dtype=np.int64)
    state = np.array([2 * sum((r + 1) * c for r, c in enumerate(start)) + (start[0] > 0)])
    ways = np.ones(1, dtype=np.int64)
    caps = np.array(limits, dtype=np.int64)[:, None]
    cards = sum(start)
    if cards == 0 and min(limits) >= 2:  # no hand stops before its second card: the 55 pairs at once
        keys, state, ways, cards = *_PAIRS, 2
    parts, table = [], _code_table(stands_at, hit_soft_17)
    while len(keys):
        codes = table[min(cards, 3)][state]
        done = codes >= 0
        parts.append((keys[done], codes[done], cards, ways[done]))
        drawing = ~done
        keys, state, ways = keys[drawing], state[drawing], ways[drawing]
        if not len(keys):
            break
        # every rank left to draw; the counts by rank then multiset: long rows, which numpy runs without buffering
        rank, src = (((keys >> _SHIFT_BY_RANK) & _MASK) < caps).nonzero()
        child = keys[src] + _UNIT[rank]
        order = child.argsort()  # any order within equal children: they have the same state
        child = child[order]
        starts = _run_starts(child)
        ways = np.add.reduceat(ways[src[order]], starts)
        keys, kept = child[starts], order[starts]
        src, rank = src[kept], rank[kept]
        state = (state[src] | _ACE[rank]) + _HARD_STEP[rank]
        cards += 1
    sizes = [len(part[0]) for part in parts]
    return Finals(np.concatenate([part[0] for part in parts]), np.concatenate([part[1] for part in parts]),
                  np.repeat([part[2] for part in parts], sizes), np.concatenate([part[3] for part in parts]))


_ZERO = np.zeros(1, dtype=np.intp)


def _run_starts(values: np.ndarray) -> np.ndarray:
    """Where each run of equal neighbours in a sorted array begins.

    This module calls ndarray methods and ufuncs rather than numpy's Python-level wrappers (np.flatnonzero, np.diff,
    np.take, ...): a wrapper costs about a microsecond a call, and the first call several.
    """
    starts = (values[1:] != values[:-1]).nonzero()[0]
    starts += 1
    return np.concatenate((_ZERO, starts)) if len(values) else starts


def _distinct(values: np.ndarray) -> np.ndarray:
    """The sorted distinct values (np.unique without its first-call import of numpy.ma, 30 ms cold)."""
    values = values.copy()
    values.sort()
    return values[_run_starts(values)]


def _digits(keys: np.ndarray) -> np.ndarray:
    """Rank counts (n, 10) of multiset keys."""
    return (keys[:, None] >> _SHIFT) & _MASK


def _digit(keys: np.ndarray, r: int) -> np.ndarray:
    """Rank r's counts of multiset keys (one column of _digits, without its (n, 10) temporaries)."""
    return (keys >> (_BITS * (9 - r))) & _MASK


def _most(keys: np.ndarray) -> list[int]:
    """The largest count of each rank in multiset keys (0 for none)."""
    return [int(np.maximum.reduce(_digit(keys, r), initial=0)) for r in range(10)]


def _falling_tables(counts: tuple[int, ...], players: list[int], dealers: list[int], dtype) -> list[np.ndarray]:
    """Per rank r a table T[p, d] = (c_r - p)_d for p up to players[r], d up to dealers[r] (0 where the deck runs
    out). Sized by each rank's own counts: a dealer's hand holds d cards of rank r, so (c_r)_d is within the
    bounds of _join_dtype, where (c_r)_d for a larger d (tens in a 3-deck shoe, d = 6) may not fit in int32."""
    return [_falling_table(c, most_p, most_d, dtype) for c, most_p, most_d in zip(counts, players, dealers)]


@lru_cache(maxsize=256)
def _falling_table(c: int, most_p: int, most_d: int, dtype) -> np.ndarray:
    """T[p, d] = (c - p)_d for p up to most_p and d up to most_d (0 where the deck runs out); shared by the ranks
    with the same count (read only)."""
    table = np.array([[math.perm(c - p, d) if p <= c else 0 for d in range(most_d + 1)] for p in range(most_p + 1)],
                     dtype=dtype)
    table.flags.writeable = False
    return table


def _families(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[int]]:
    """Group sorted distinct keys by parent (the key without its last digit), largest families first.

    Returns the parents' sorted positions in that order, the parents in sorted order, the row order that lists
    every family's first member, then every second member, ..., and how many families have a j-th member.
    """
    parents = rows >> _BITS
    starts = _run_starts(parents)
    if len(starts) == len(rows):  # no two rows share a parent (the first ranks): every family is one row
        alone = np.arange(len(rows))
        return alone, parents, alone, [len(rows)]
    sizes = np.concatenate((starts[1:], [len(rows)])) - starts
    by_size = (-sizes).argsort()
    widths, more = [], len(starts)  # widths[j]: the families with more than j members
    for count in np.bincount(sizes).tolist()[1:]:
        widths.append(more)
        more -= count
    firsts = starts[by_size]
    order = np.concatenate([firsts] + [firsts[:width] + j for j, width in enumerate(widths[1:], 1)])
    return by_size, parents[starts], order, widths


def _join(player_keys: np.ndarray, player_weights: np.ndarray, player_runs: np.ndarray, dealer_keys: np.ndarray,
          dealer_ways: np.ndarray, groups: np.ndarray, counts: tuple[int, ...], dtype,
          same_hands: bool = False) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """S[k, g] = sum over the players P of run k of weight(P) * R[P, g], where R[P, g] = sum over the dealer's
    finals D in group g of ways(D) * prod_r (c_r - p_r)_(d_r); the players come sorted by key.

    The sum runs rank by rank from the last: columns are the dealer's partial multisets (group and the counts of
    ranks 0..r), rows the distinct player counts of ranks r..9. One step per rank gathers the rows, multiplies by
    the falling factorials and adds each family of columns that differ only in rank r, its members side by side
    (largest families first, so each addition is one block). Two work buffers are allocated once, in int32 when
    the numbers allow (see _join_dtype): memory touched for the first time costs more in page faults than the
    arithmetic (about 2 us a 4 KiB page here); R's rows are put in run order and weighted in them too.
    Returns (run ids, group ids, S). same_hands: the player's and the dealer's keys are the same set.
    """
    full = (groups.astype(np.int64) << _KEY_BITS) | dealer_keys
    by_key = full.argsort()
    rows = full[by_key]
    player_most = _most(player_keys)
    tables = _falling_tables(counts, player_most, player_most if same_hands else _most(dealer_keys), dtype)
    firsts = [np.array([p << (_BITS * (9 - r)) for p in range(1, most + 1)], dtype=np.int64)  # the smallest
              for r, most in enumerate(player_most)]  # suffix key with p_r = 1, 2, ...: where each p_r starts
    suffixes = [np.zeros(1, dtype=np.int64)] * 11  # distinct player counts of ranks r..9 in suffixes[10 - r]
    suffixes[10] = known = _distinct(player_keys)
    for r in range(1, 10):  # each from the longer one before it: fewer keys to sort
        suffixes[10 - r] = known = _distinct(known & ((1 << (_BITS * (10 - r))) - 1))
    size = len(rows) * len(suffixes[-1])
    gathered, product = np.empty(size, dtype=dtype), np.empty(size, dtype=dtype)
    values = dealer_ways[by_key].astype(dtype)[None, :]  # rows: player suffixes; columns: dealer rows
    whole = values  # the contiguous array whose first columns are `values` (np.take would copy a strided view)
    place = np.arange(len(rows))  # the column of `values` that holds each sorted row
    for r in range(9, -1, -1):
        by_size, parents, order, widths = _families(rows)
        cols, suffix = suffixes[10 - r], suffixes[9 - r]
        here = gathered[:len(suffix) * len(order)].reshape(len(suffix), len(order))
        whole.take(place[order], axis=1, out=here, mode="wrap")  # in range: "wrap" neither checks nor copies
        tail = suffix.searchsorted(cols & ((1 << (_BITS * (9 - r))) - 1))
        step = product[:len(cols) * len(order)].reshape(len(cols), len(order))
        here.take(tail, axis=0, out=step, mode="wrap")
        d_r = rows[order] & _MASK
        if d_r.any():  # else every factor is (c_r - p_r)_0 = 1
            bounds = [0, *cols.searchsorted(firsts[r]).tolist(), len(cols)]  # the rows of each p_r, in order
            factors = tables[r].take(d_r, axis=1)  # (c_r - p)_(d_r) by p and column, rows contiguous
            for p, (lo, hi) in enumerate(zip(bounds, bounds[1:])):
                if hi > lo:
                    step[lo:hi] *= factors[p]
        whole, values = step, step[:, :widths[0]]  # each family's sum goes into its first member's column
        at = widths[0]
        for width in widths[1:]:
            values[:, :width] += step[:, at:at + width]
            at += width
        place = np.empty_like(by_size)
        place[by_size] = np.arange(len(by_size))
        rows = parents
    out = gathered[:len(suffixes[-1]) * len(place)].reshape(len(suffixes[-1]), len(place))  # pages touched already
    whole.take(place, axis=1, out=out, mode="wrap")
    by_run = player_runs.argsort()
    run_ids = _distinct(player_runs)
    in_runs = product[:out.size].reshape(out.shape)  # R's rows run by run, in memory touched already,
    out.take(by_run, axis=0, out=in_runs, mode="wrap")  # and their int64 products right after them
    scratch = product[out.size + out.size % 2:]  # from an even offset: 8-byte aligned
    sums = _group_sums(player_weights[by_run], in_runs, player_runs[by_run].searchsorted(run_ids), scratch=scratch)
    return run_ids, rows, sums


def _beats(player: int, dealer: int) -> int:
    """+1, 0 or -1: source text 002's comparison (a natural beats everything but a natural; a dealer natural is 21)."""
    if player == BUST:
        return -1
    if player == NATURAL:
        return 0 if dealer == NATURAL else 1
    if dealer == BUST:
        return 1
    theirs = 21 if dealer == NATURAL else dealer
    return (player > theirs) - (player < theirs)


_BEATS = np.array([[_beats(p, d) for d in range(24)] for p in range(24)])


def _infinite_results(start: tuple[int, ...], stands_at: int, hit_soft_17: bool) -> dict[int, Fraction]:
    """Result distribution of one hand drawn from an infinite deck (rank probabilities 1/13, ten 4/13)."""
    finals = _finals(start, stands_at, hit_soft_17, (30,) * 10)
    out: dict[int, Fraction] = {}
    drawn = _digits(finals.keys) - np.array(start)
    for code, ways, row in zip(finals.codes.tolist(), finals.ways.tolist(), drawn.tolist()):
        p = Fraction(ways)
        for r, k in enumerate(row):
            if k:
                p *= INFINITE_WEIGHTS[r] ** k
        out[code] = out.get(code, 0) + p
    return out


def _infinite_outcomes(player_stands_at: int, dealer_stands_at: int) -> dict[str, Fraction]:
    """Source text 002's game with an infinite deck: player and dealer are independent."""
    empty = (0,) * 10
    player = _infinite_results(empty, player_stands_at, False)
    dealer = _infinite_results(empty, dealer_stands_at, False)
    out = dict.fromkeys(OUTCOMES, Fraction(0))
    for p, pp in player.items():
        for d, pd in dealer.items():
            out[("draw", "win", "lose")[_beats(p, d)]] += pp * pd
    return out


def _bits(values: np.ndarray) -> int:
    """Bits of the largest magnitude in an int64 array."""
    return max(int(values.max(initial=0)), -int(values.min(initial=0))).bit_length()  # no |values| copy


def _group_sums(weights: np.ndarray, values: np.ndarray, starts: np.ndarray,
                scratch: Optional[np.ndarray] = None) -> np.ndarray:
    """Exact sums of weights[i] * values[i] over the runs of rows that begin at `starts` (an object array for int64).

    When the largest weight, the largest value and the longest run leave every sum below 2**63 (one deck), int64
    does it at once (the products in `scratch` when its memory is large enough: pages touched already). Else int64
    entries are split into 21-bit limbs: a limb product is below 2**42, a run of fewer than 2**21 of them adds up
    below 2**63, and the limbs' sums are put together in Python integers.
    """
    if weights.dtype != np.int64:
        return np.add.reduceat(weights[:, None] * values, starts, axis=0)
    longest_run = int(np.maximum.reduce(np.concatenate((starts[1:], [len(weights)])) - starts, initial=1))
    if _bits(weights) + _bits(values) + longest_run.bit_length() <= 63:  # no sum can reach 2**63: int64 at once
        size = values.size * 8
        products = None if scratch is None or scratch.nbytes < size else \
            scratch.view(np.uint8)[:size].view(np.int64).reshape(values.shape)
        products = np.multiply(values, weights[:, None], out=products, dtype=np.int64)
        return np.add.reduceat(products, starts, axis=0).astype(object)
    if len(weights) >= 1 << 21:
        raise ValueError(f"{len(weights)} rows are too many for exact int64 limb sums (at most {(1 << 21) - 1})")
    values = values.astype(np.int64, copy=False)  # int32 values: their limbs in int64 too
    limbs = [((weights >> (21 * k)) & 0x1FFFFF, (values >> (21 * k)) & 0x1FFFFF) for k in range(3)]
    out = np.zeros((len(starts), values.shape[1]), dtype=object)
    for a in range(3):
        for b in range(3):
            part = np.add.reduceat(limbs[a][0][:, None] * limbs[b][1], starts, axis=0)
            out += part.astype(object) * (1 << (21 * (a + b)))
    return out


def _draws(finals: Finals, counts: tuple[int, ...], dtype) -> np.ndarray:
    """Each final's ordered draws from a full shoe: ways times the choice of the cards, prod_r (c_r)_(k_r)."""
    out = finals.ways.astype(dtype)
    for r, c in enumerate(counts):
        digit = _digit(finals.keys, r)
        most = int(np.maximum.reduce(digit, initial=0))
        out *= np.array([math.perm(c, k) for k in range(most + 1)], dtype=dtype)[digit]
    return out


def _join_dtype(dealer: Finals, standing: np.ndarray, draws: np.ndarray):
    """int32 when no number of the join can reach 2**31, else int64.

    Every such number is a sum over some of the dealer's hands D of one length of ways(D) times falling factorials
    (c_r - p_r)_(d_r) <= (c_r)_(d_r), so it is at most that length's sum of the hands' draws: the bound, in floats
    with room to spare.
    """
    bound = np.bincount(dealer.cards[standing], weights=draws[standing].astype(np.float64))
    return np.int32 if bound.max(initial=0) < 2.0**30 else np.int64


def _finite_outcomes(decks: int, player_stands_at: int, dealer_stands_at: int, exact: bool):
    """Source text 002's game from a fresh shoe of `decks` packs: exact Fractions or floats.

    P(player ends with P, dealer with D) = w(P) * ways(D) * prod_r (c_r - p_r)_(d_r) / (N)_(|P| + |D|), with
    w(P) = ways(P) * prod_r (c_r)_(p_r) the player's ordered draws. Only the dealer's standing hands are joined:
    "win" is what "lose" and "draw" leave. The join's sums are first added up over the players of one length and
    one result (their rows weighted by w(P)), so the comparison of results runs on that small table. Integers stay
    in int64 while the longest hand's (N)_k fits (one deck), else Python integers; exact=False computes in floats.
    """
    counts = deck_counts(decks)
    total = sum(counts)
    player = _finals((0,) * 10, player_stands_at, False, counts)
    dealer = player if dealer_stands_at == player_stands_at else _finals((0,) * 10, dealer_stands_at, False, counts)
    longest_hand = int(max(player.cards.max(), dealer.cards.max()))
    dtype = np.float64 if not exact else (np.int64 if falling(total, longest_hand) < _INT64_LIMIT else object)
    weights = _draws(player, counts, dtype)  # w(P)
    standing = dealer.codes != BUST
    if dtype != np.int64:
        join_dtype = dtype
    else:  # the dealer's draws as the player's when both stand at the same total
        join_dtype = _join_dtype(dealer, standing, weights if dealer is player else _draws(dealer, counts, dtype))
    playing = (player.codes != BUST).nonzero()[0]
    playing = playing[player.keys[playing].argsort()]  # the order of _join's rows
    groups = dealer.cards[standing] * 32 + dealer.codes[standing]  # a group: one length and one result code
    runs = player.cards[playing] * 32 + player.codes[playing]  # a run: the players of one length and one result
    run_ids, group_ids, sums = _join(player.keys[playing], weights[playing], runs, dealer.keys[standing],
                                     dealer.ways[standing], groups, counts, join_dtype, same_hands=dealer is player)
    outcome = _BEATS[(run_ids % 32)[:, None], (group_ids % 32)[None, :]]  # +1 the player wins, 0 draw, -1 loses
    cards = (run_ids // 32)[:, None] + (group_ids // 32)[None, :]          # both hands' cards
    bust = (player.codes == BUST).nonzero()[0]
    bust = bust[player.cards[bust].argsort()]
    bust_lengths = _distinct(player.cards[bust])
    busts = _group_sums(weights[bust], np.ones((len(bust), 1), dtype=dtype),
                        player.cards[bust].searchsorted(bust_lengths))[:, 0]
    terms = [(bust_lengths, busts, True), (cards[outcome == -1], sums[outcome == -1], True),
             (cards[outcome == 0], sums[outcome == 0], False)]  # (cards, ways, the player loses?)
    if not exact:
        lose, draw = (sum(float((s / [falling(total, n) for n in c.tolist()]).sum()) for c, s, loses in terms
                          if loses == which) for which in (True, False))
        return {"win": 1.0 - lose - draw, "lose": lose, "draw": draw}
    longest = max(int(np.maximum.reduce(c, initial=0)) for c, _, _ in terms)
    by_length = np.zeros((2, longest + 1), dtype=object)  # the player loses / draws: ways by both hands' cards
    for c, s, loses in terms:
        np.add.at(by_length[0 if loses else 1], c, s)
    lose, draw = (Fraction(sum(x * falling(total - n, longest - n) for n, x in enumerate(row.tolist()) if x),
                           falling(total, longest)) for row in by_length)  # over (N)_longest
    return {"win": 1 - lose - draw, "lose": lose, "draw": draw}


def exact_outcomes(decks: Decks = 1, player_stands_at: int = 17, dealer_stands_at: int = 17,
                   exact: bool = True) -> dict[str, Union[Fraction, float]]:
    """Exact probabilities of "win", "lose", "draw" for the player in source 002's game (decks=None: infinite deck).

    A fresh shoe each game; player and dealer both draw to their stand threshold; the player plays first and loses
    on a bust; a player natural beats anything but a dealer natural, which otherwise counts as a plain 21.
    Fractions by default; exact=False gives floats from the same computation (faster for 2 to 8 decks).
    """
    decks = check_decks(decks)
    player_stands_at = check_threshold(player_stands_at, "player_stands_at")
    dealer_stands_at = check_threshold(dealer_stands_at, "dealer_stands_at")
    exact = check_switch(exact, "exact")
    if decks is None:
        out = _infinite_outcomes(player_stands_at, dealer_stands_at)
        return out if exact else {k: float(v) for k, v in out.items()}
    return _finite_outcomes(decks, player_stands_at, dealer_stands_at, bool(exact))


def clear_caches() -> None:
    """Forget the enumerated hands (benchmarks time a computation from scratch this way)."""
    _finals.cache_clear()


DEALER_RESULTS = (17, 18, 19, 20, 21, "bust", "natural")


def dealer_outcomes(upcard: CardLike, decks: Decks = 1, hit_soft_17: bool = False,
                    stands_at: int = 17) -> dict[Union[int, str], Fraction]:
    """The dealer's final result given the up-card, before peeking: totals, "bust" and "natural" (exact).

    Only the up-card is removed from the shoe (as in the Wizard of Odds tables); decks=None is an infinite deck.
    """
    decks = check_decks(decks)
    stands_at = check_threshold(stands_at, "stands_at")
    hit_soft_17 = check_switch(hit_soft_17, "hit_soft_17")
    up = rank_index(upcard)
    start = tuple(1 if i == up else 0 for i in range(10))
    if decks is None:
        raw = _infinite_results(start, stands_at, bool(hit_soft_17))
    else:
        counts = deck_counts(decks)
        left = [c - s for c, s in zip(counts, start)]
        finals = _finals(start, stands_at, bool(hit_soft_17), counts)
        drawn = (_digits(finals.keys) - np.array(start)).tolist()
        longest = int(finals.cards.max()) - 1
        numerators: dict[int, int] = {}
        for code, ways, row, cards in zip(finals.codes.tolist(), finals.ways.tolist(), drawn,
                                          finals.cards.tolist()):
            n = ways * falling(sum(left) - (cards - 1), longest - (cards - 1))  # to the common denominator
            for r, k in enumerate(row):
                if k:
                    n *= falling(left[r], k)
            numerators[code] = numerators.get(code, 0) + n
        denominator = falling(sum(left), longest)
        raw = {code: Fraction(n, denominator) for code, n in numerators.items()}
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
