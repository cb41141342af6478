"""The best possible play of source text 004's tournament: a Markov decision process solved exactly (policy iteration).

The model (the sheet's rules, infinite deck): between rounds the state is the bankroll, a multiple of 0.5 EUR (a
natural pays 3:2). A round: the player sees card one, bets a whole number of euros from `min_bet` to the bankroll,
gets card two (a natural wins 1.5 times the bet at once), then hits or stands (21 stands by itself); the dealer
draws until over 16; a dealer natural beats a player's 21 of three or more cards; equal totals push. The tournament
is won at `goal` or more and lost below `min_bet`. The player maximises the chance to win the tournament.

Bellman's equation, with V(b) = 1 at or above the goal and 0 below the minimum bet:
    V(B) = sum_c p(c) max_bet sum_c2 p(c2) [ V(B + 1.5 bet) if (c, c2) is a natural else H(B, bet, c + c2) ]
    H(B, bet, hand) = max( stand: P(win) V(B + bet) + P(push) V(B) + P(lose) V(B - bet),
                           hit:   sum_v p(v) H(B, bet, hand + v),  with a bust worth V(B - bet) )
It is solved by policy iteration: one Bellman backup over every (bankroll, bet) pair at once (numpy) gives the
greedy policy; its exact value solves a linear system; repeat until the values stop changing (1e-13), then check
that one more backup changes nothing by more than 1e-12.

Bets above what is needed to reach the goal with a plain win never help (a win reaches the goal anyway, a loss
costs more, and V grows with the bankroll), so the search over bets stops there; `hits` answers for any bet.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Callable, Optional, Union

import numpy as np

from coursekit.cards import CardLike, rank_of, ranks_of
from coursekit.rng import as_generator
from coursekit.tournament_decision import Decider

# euros: the largest goal solved. The work grows with the square of the goal (bankrolls x bets, ~13 policy iterations):
# goal 200 (the sheet's) 0.3 s and 50 MB, 500 about 2 s and 120 MB, 1000 took 10-22 s and 300 MB
MAX_GOAL = 500
TOLERANCE = 1e-12  # the Bellman residual the solution must reach
MAX_GOAL_IN_BETS = 250  # goal / min_bet: 1000 / 4 and 500 / 2 solved; 400 / 1 stopped at 1.3e-12, 500 / 1 at 0.29
TIE = 1e-12  # options whose values differ by less are tied: stand, and the smallest bet (never rounding noise)
P_CARD = np.array([1, 1, 1, 1, 1, 1, 1, 1, 1, 4]) / 13.0  # card values 1 (ace) .. 10, uniform ranks
CHUNK = 1 << 15  # (bankroll, bet) pairs per block of the backup
ROWS = 32  # hand rows: hard totals 0..21, then 22..31 for busted hands
BetRule = Union[str, Callable[[float], int]]


# --- the dealer and a standing player -------------------------------------------------------------------------------
def hand_finals(hits: Callable[[int, bool, int], bool], weights=P_CARD, one=1.0) -> dict:
    """Distribution of a hand's end from two uniform cards on (infinite deck): "natural", "bust" or a total 2..21.

    `hits(total, soft, cards)` says whether the hand draws (cards is 2, or 3 for three or more; 21 stands by
    itself); `weights` are the chances of the card values 1 (ace) .. 10 and `one` the starting probability, floats
    here and Fractions in coursekit.tournament.round_outcomes (which shares this function).
    """
    out: dict = {}
    states = {(0, False, 0): one}  # (hard total with aces as 1, holds an ace, cards) -> probability
    while states:
        following: dict = {}
        for (hard, ace, cards), p in states.items():
            total = hard + 10 if ace and hard + 10 <= 21 else hard
            soft = ace and hard + 10 <= 21
            if cards >= 2:
                if total > 21:
                    out["bust"] = out.get("bust", 0) + p
                    continue
                if cards == 2 and total == 21:
                    out["natural"] = out.get("natural", 0) + p
                    continue
                if total == 21 or not hits(total, soft, cards):
                    out[total] = out.get(total, 0) + p
                    continue
            for value, weight in zip(range(1, 11), weights):
                key = (hard + value, ace or value == 1, min(cards + 1, 3))
                following[key] = following.get(key, 0) + p * weight
        states = following
    return out


def _dealer_finals() -> dict:
    """The dealer's final distribution from two cards on (infinite deck): {"natural", "bust", 17, ..., 21}."""
    return hand_finals(lambda total, soft, cards: total < 17)


@lru_cache(maxsize=1)
def stand_odds() -> np.ndarray:
    """P(win), P(push), P(lose) when the player stands on each total 0..21 (not a natural): shape (22, 3)."""
    dealer = _dealer_finals()
    table = np.zeros((22, 3))
    for t in range(22):
        win = dealer["bust"] + sum(p for d, p in dealer.items() if isinstance(d, int) and d < t)
        push = dealer.get(t, 0.0)
        table[t] = win, push, 1.0 - win - push
    return table


def card_sum(rows, weights: np.ndarray = P_CARD) -> np.ndarray:
    """sum_i weights[i] * rows[i], added in card order one row at a time: the same bits on every machine.

    (`weights @ rows` goes to BLAS, whose summation order depends on the processor and the memory layout, so
    two equal options could differ in the last bit and a decision between them flip; issue 27.)
    """
    total = weights[0] * rows[0]
    for weight, row in zip(weights[1:], rows[1:]):
        total = total + weight * row
    return total


def _total(hard: int, ace: int) -> int:
    return hard + 10 if ace and hard + 10 <= 21 else hard


# --- one round, vectorised over many (bankroll, bet) pairs ----------------------------------------------------------
def hand_values(win: np.ndarray, push: np.ndarray, lose: np.ndarray,
                play: Union[str, np.ndarray] = "optimal") -> tuple[np.ndarray, np.ndarray]:
    """The value of every hand (hard total, soft) for many (bankroll, bet) pairs at once.

    `win`, `push`, `lose` are the values of the bankroll after winning, pushing and losing the bet (arrays of the
    same length m). `play` is "optimal", "dealer" (hit below 17) or a frozen (ROWS, 2, m) array of hit decisions.
    Returns (values, hits): arrays of shape (ROWS, 2, m); rows 22 and up are busted hands (worth `lose`).
    """
    m = len(win)
    values = np.empty((ROWS, 2, m))
    values[22:] = lose
    hits = np.zeros((ROWS, 2, m), dtype=bool)
    odds = stand_odds()
    for hard in range(21, 1, -1):
        for ace in (1, 0):
            t = _total(hard, ace)
            w, p, l = odds[t]
            stand = w * win + p * push + l * lose
            if t == 21:  # 21 stands by itself
                values[hard, ace] = stand
                continue
            if ace:
                hit = card_sum(values[hard + 1:hard + 11, 1])
            else:
                hit = card_sum([values[hard + 1, 1], *values[hard + 2:hard + 11, 0]])
            if isinstance(play, str):  # a tie (within TIE) stands
                choose = hit > stand + TIE if play == "optimal" else np.full(m, t < 17)
            else:
                choose = play[hard, ace]
            hits[hard, ace] = choose
            values[hard, ace] = np.where(choose, hit, stand)
    return values, hits


def first_card_values(values: np.ndarray, natural: np.ndarray) -> np.ndarray:
    """The value of a bet after each first card 1..10, before card two: shape (10, m); `natural` is V(B + 1.5 bet)."""
    out = np.empty((10, values.shape[2]))
    seconds = np.arange(1, 11)
    for c in range(1, 11):
        rows = values[c + seconds, np.where((seconds == 1) | (c == 1), 1, 0)]  # (10, m)
        if c in (1, 10):
            rows[10 - c] = natural  # ace then ten-valued card, or ten then ace: a natural
        out[c - 1] = card_sum(rows)
    return out


# --- the whole tournament --------------------------------------------------------------------------------------------
@dataclass
class Solution:
    """A solved tournament: values by half-euro bankroll, the bet for each (bankroll, first card), hit tables."""

    goal: int
    min_bet: int
    betting: str
    play: str
    values: np.ndarray  # V at bankroll k / 2 for k = 2 min_bet .. 2 goal - 1
    bets: np.ndarray  # (n, 10): the bet at bankroll k / 2 after a first card of value 1..10
    first: np.ndarray  # (n, 10): the chance to win after the first card, the bet still to come
    pair_hits: np.ndarray  # (ROWS, 2, u): hit decisions of the chosen (bankroll, bet) pairs
    pair_of: np.ndarray  # (n, 10): index into pair_hits for each (bankroll, first card)
    iterations: int
    residual: float
    extra: dict = field(default_factory=dict)

    @property
    def low(self) -> int:
        """The smallest transient bankroll in half euros."""
        return 2 * self.min_bet

    def value_at(self, k: np.ndarray) -> np.ndarray:
        """V at half-euro bankrolls k (any integers: 0 below the minimum bet, 1 at the goal or more)."""
        k = np.asarray(k)
        inside = np.clip(k - self.low, 0, len(self.values) - 1)
        return np.where(k >= 2 * self.goal, 1.0, np.where(k < self.low, 0.0, self.values[inside]))


def _pairs(goal: int, min_bet: int, bets: BetRule) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """All (half-euro bankroll, bet) pairs to consider, grouped by bankroll: (k, bet, start index of each group)."""
    ks = np.arange(2 * min_bet, 2 * goal)
    if bets in ("optimal", "bankroll"):
        top = np.minimum(ks // 2, np.maximum(min_bet, goal - ks // 2))
        counts = top - min_bet + 1
        k = np.repeat(ks, counts)
        starts = np.concatenate(([0], np.cumsum(counts)[:-1]))
        bet = np.arange(len(k)) - np.repeat(starts, counts) + min_bet
        return k, bet, starts
    bet = np.array([int(bets(k / 2)) for k in ks])
    if np.any(bet < min_bet) or np.any(bet > ks // 2):
        raise ValueError("a betting rule must bet from min_bet to the bankroll")
    return ks, bet, np.arange(len(ks))


def _backup(V: Solution, k: np.ndarray, bet: np.ndarray, starts: np.ndarray, play: str, blind: bool = False):
    """One Bellman backup: the greedy bet per (bankroll, first card), its value, and the chosen pairs' hit tables.

    `blind`: the bet is chosen from the bankroll alone, before the first card (the same bet for every card).
    """
    m = len(k)
    q, hits = np.empty((10, m)), np.empty((ROWS, 2, m), dtype=bool)
    for lo in range(0, m, CHUNK):  # chunks keep the (ROWS, 2, pairs) value array small for large goals
        kk, bb = k[lo:lo + CHUNK], bet[lo:lo + CHUNK]
        win, push, lose = V.value_at(kk + 2 * bb), V.value_at(kk), V.value_at(kk - 2 * bb)
        values, hits[:, :, lo:lo + CHUNK] = hand_values(win, push, lose, play)
        q[:, lo:lo + CHUNK] = first_card_values(values, V.value_at(kk + 3 * bb))
    sizes = np.diff(np.append(starts, len(k)))
    index = np.arange(len(k))
    if blind:
        mean = card_sum(q)
        top = np.maximum.reduceat(mean, starts)
        pick = np.minimum.reduceat(np.where(mean >= np.repeat(top, sizes) - TIE, index, len(k)), starts)
        chosen = np.tile(pick, (10, 1))
        return q[np.arange(10)[:, None], chosen], chosen, hits, q
    best = np.maximum.reduceat(q, starts, axis=1)  # (10, n)
    # the smallest bet whose value is the best (to TIE): the greedy choice, stable between iterations and machines
    near = q >= np.repeat(best, sizes, axis=1) - TIE
    chosen = np.minimum.reduceat(np.where(near, index, len(k)), starts, axis=1)  # (10, n) pair indices
    return best, chosen, hits, q


def _policy_matrix(V: Solution, k: np.ndarray, bet: np.ndarray, chosen: np.ndarray, hits: np.ndarray):
    """The transition matrix among transient bankrolls and the one-round success chance under a policy."""
    n = len(V.values)
    unique, pair_of = np.unique(chosen, return_inverse=True)
    pair_of = pair_of.reshape(chosen.shape)
    frozen = hits[:, :, unique]
    u = len(unique)
    ones, zeros = np.ones(u), np.zeros(u)
    coef = []
    for w, p, l in ((ones, zeros, zeros), (zeros, ones, zeros), (zeros, zeros, ones)):
        values, _ = hand_values(w, p, l, frozen)
        coef.append(first_card_values(values, zeros))  # (10, u)
    nat = first_card_values(hand_values(zeros, zeros, zeros, frozen)[0], ones)
    lo, hi = V.low, 2 * V.goal
    T, r = np.zeros((n, n)), np.zeros(n)
    rows = np.arange(n)
    for c in range(10):
        j = pair_of[c]  # (n,) indices into unique
        kk, bb = k[unique[j]], bet[unique[j]]
        for prob, dest in ((coef[0][c, j], kk + 2 * bb), (coef[1][c, j], kk), (coef[2][c, j], kk - 2 * bb),
                           (nat[c, j], kk + 3 * bb)):
            prob = P_CARD[c] * prob
            inside = (dest >= lo) & (dest < hi)
            np.add.at(T, (rows[inside], dest[inside] - lo), prob[inside])
            r += np.where(dest >= hi, prob, 0.0)
    return T, r, frozen, pair_of


def policy_chances(V: Solution, k: np.ndarray, bet: np.ndarray, chosen: np.ndarray, hits: np.ndarray) -> np.ndarray:
    """The chance to reach the goal from each transient bankroll of `V` under a policy (`chosen` pairs, `hits`)."""
    T, r, _, _ = _policy_matrix(V, k, bet, chosen, hits)
    return np.linalg.solve(np.eye(len(V.values)) - T, r)


def solve(goal: int = 200, min_bet: int = 10, betting: BetRule = "optimal", play: str = "dealer",
          max_iterations: int = 100, initial: Optional[np.ndarray] = None) -> Solution:
    """Solve the tournament for a betting rule and a play rule ("optimal": hit/stand chosen, or "dealer": hit below 17).

    Betting: "optimal" (the bet chosen after the first card), "bankroll" (the best bet chosen from the bankroll
    alone, before the card) or a function bankroll -> bet (timid, bold, fixed bets). Policy iteration starts
    greedy on `initial` values (by half-euro bankroll from min_bet; default all 0) and keeps the value of each
    iteration's policy in `extra["history"]`.
    """
    check_size(goal, min_bet)
    if play not in ("optimal", "dealer"):
        raise ValueError(f"play must be 'dealer' or 'optimal', not {play!r}")
    k, bet, starts = _pairs(goal, min_bet, betting)
    n = 2 * (goal - min_bet)
    name = betting if isinstance(betting, str) else "fixed"
    V = Solution(goal, min_bet, name, play, np.zeros(n), np.zeros((n, 10), dtype=int), np.zeros((n, 10)),
                 np.zeros((ROWS, 2, 0), dtype=bool), np.zeros((n, 10), dtype=int), 0, 1.0, {"history": []})
    if initial is not None:
        initial = np.asarray(initial, dtype=float)
        if initial.shape != (n,):
            raise ValueError(f"initial must hold {n} values (bankrolls {min_bet} to {goal - 0.5} in steps of 0.5), "
                             f"not shape {initial.shape}")
        V.values = initial.copy()
    for iteration in range(1, max_iterations + 1):
        _, chosen, hits, _ = _backup(V, k, bet, starts, play, betting == "bankroll")
        T, r, frozen, pair_of = _policy_matrix(V, k, bet, chosen, hits)
        new = np.linalg.solve(np.eye(n) - T, r)
        change = float(np.max(np.abs(new - V.values)))
        V.extra["history"].append(new)
        V.values, V.iterations = new, iteration
        V.bets, V.pair_hits, V.pair_of = bet[chosen].T.copy(), frozen, pair_of.T.copy()
        if change < 1e-13:
            break
    best, _, _, _ = _backup(V, k, bet, starts, play, betting == "bankroll")
    V.first = best.T.copy()
    V.residual = float(np.max(np.abs(card_sum(best) - V.values)))
    if V.residual > TOLERANCE:
        raise RuntimeError(f"policy iteration stopped with a Bellman residual of {V.residual:.1e}")
    return V


def check_size(goal, min_bet) -> None:
    """Refuse goals and minimum bets the solver does not take: 1 <= min_bet < goal <= MAX_GOAL (whole euros), goal
    at most MAX_GOAL_IN_BETS minimum bets."""
    for name, value in (("goal", goal), ("min_bet", min_bet)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
            raise ValueError(f"{name} must be a whole number of euros, not {value!r}")
    if not 1 <= min_bet < goal <= MAX_GOAL:
        raise ValueError(f"need 1 <= min_bet < goal <= {MAX_GOAL} euros for the exact solver (a start of at most "
                         f"{MAX_GOAL // 2} when the goal is twice it), not min_bet={min_bet}, goal={goal}")
    if goal > MAX_GOAL_IN_BETS * min_bet:
        raise ValueError(f"the solver takes a goal of at most {MAX_GOAL_IN_BETS} minimum bets (its linear systems "
                         f"lose the precision it needs beyond), not goal={goal} with min_bet={min_bet}")


def half_euros(bankroll, min_bet: int, goal: int, playing: bool = True) -> int:
    """A bankroll as an int number of half euros; during a round (`playing`) it must be from min_bet to below goal."""
    if isinstance(bankroll, bool) or not isinstance(bankroll, (int, float, Fraction, np.integer, np.floating)) \
            or not abs(bankroll) < float("inf"):  # inf and NaN too (Fraction() raises otherwise)
        raise ValueError(f"bankroll must be an amount of euros in steps of 0.5, not {bankroll!r}")
    k = Fraction(bankroll) * 2
    if k.denominator != 1:
        raise ValueError(f"bankroll must be a multiple of 0.5 euros, not {bankroll!r}")
    if playing and not min_bet <= bankroll < goal:
        raise ValueError(f"bankroll must be from {min_bet} to below {goal} euros while the tournament runs, "
                         f"not {bankroll!r}")
    return int(k)


def check_bet(bankroll, bet, min_bet: int) -> int:
    """A bet during a round: a whole number of euros from min_bet to the bankroll, else ValueError."""
    if isinstance(bet, bool) or not isinstance(bet, (int, np.integer)) or not min_bet <= bet <= bankroll:
        raise ValueError(f"bet must be a whole number of euros from {min_bet} to {bankroll}, not {bet!r}")
    return int(bet)


# --- the strategy object -------------------------------------------------------------------------------------------
def card_value(card: CardLike) -> int:
    """A card's value with the ace as 1: Card, rank ("A", "7", "K") or number 2..10."""
    rank = rank_of(card)
    return 1 if rank == "A" else 10 if rank in ("10", "J", "Q", "K") else int(rank)


class TournamentStrategy(Decider):
    """A solved way to play the tournament: `.probability`, `.decide(decision)` (coursekit.tournament_decision), and
    the same as `.bet(bankroll, first_card)` and `.hits(bankroll, bet, cards)`.

    Also the chances behind the advice: `.chance(bankroll)` between rounds, `.chance_after_card(bankroll, card)`,
    `.chance_of_bet(bankroll, card, bet)` and `.chance_in_hand(bankroll, bet, cards)` (all under this strategy's
    play from then on; `chance_*` for a bet or hand off the strategy's path value that state, then this strategy).
    """

    def __init__(self, solution: Solution, start: Union[int, float] = 100) -> None:
        self.solution = solution
        self.goal, self.min_bet = solution.goal, solution.min_bet
        self.betting, self.play = solution.betting, solution.play
        self.start = start
        self.probability = self.chance(start)

    def __repr__(self) -> str:
        return (f"TournamentStrategy(betting={self.betting!r}, play={self.play!r}, start={self.start}, "
                f"goal={self.goal}, min_bet={self.min_bet}, probability={self.probability:.6f})")

    # --- inputs --------------------------------------------------------------------------------------------------
    def _half_euros(self, bankroll, playing: bool = True) -> int:
        return half_euros(bankroll, self.min_bet, self.goal, playing)

    def _check_bet(self, bankroll, bet) -> int:
        return check_bet(bankroll, bet, self.min_bet)

    def _hand(self, cards) -> tuple[int, int, int]:
        """(hard total, holds an ace, number of cards) of the player's cards."""
        ranks = ranks_of(cards)
        values = [card_value(r) for r in ranks]
        return sum(values), int(1 in values), len(values)

    # --- advice --------------------------------------------------------------------------------------------------
    def chance(self, bankroll) -> float:
        """The chance to win the tournament from a bankroll between rounds (1 at the goal, 0 below the minimum)."""
        k = self._half_euros(bankroll, playing=False)
        return float(self.solution.value_at(k))

    def bet(self, bankroll, first_card: CardLike) -> int:
        """The bet, in whole euros, after the first card of a round."""
        k = self._half_euros(bankroll)
        return int(self.solution.bets[k - self.solution.low, card_value(first_card) - 1])

    def chance_after_card(self, bankroll, first_card: CardLike) -> float:
        """The chance to win after the first card, before betting (with the strategy's bet)."""
        k = self._half_euros(bankroll)
        return float(self.solution.first[k - self.solution.low, card_value(first_card) - 1])

    @lru_cache(maxsize=4096)
    def _round(self, k: int, bet: int):
        """Hand values and hit decisions for one (half-euro bankroll, bet): arrays (ROWS, 2)."""
        s = self.solution
        win, push, lose = (s.value_at(np.array([x])) for x in (k + 2 * bet, k, k - 2 * bet))
        values, hits = hand_values(win, push, lose, self.play)
        return values[:, :, 0], hits[:, :, 0], float(s.value_at(k + 3 * bet))

    def chance_of_bet(self, bankroll, first_card: CardLike, bet: int) -> float:
        """The chance to win after the first card when betting `bet` (then playing this strategy)."""
        k = self._half_euros(bankroll)
        bet = self._check_bet(bankroll, bet)
        values, _, natural = self._round(k, bet)
        q = first_card_values(values[:, :, None], np.array([natural]))
        return float(q[card_value(first_card) - 1, 0])

    def chance_in_hand(self, bankroll, bet: int, cards) -> float:
        """The chance to win with these cards in hand (two or more, not yet settled), playing this strategy on."""
        k = self._half_euros(bankroll)
        bet = self._check_bet(bankroll, bet)
        hard, ace, n = self._hand(cards)
        values, _, natural = self._round(k, bet)
        if n == 2 and _total(hard, ace) == 21:
            return natural
        if n < 2:
            raise ValueError(f"cards must be the player's hand of two or more cards, not {cards!r}")
        return float(values[min(hard, ROWS - 1), ace])

    def hand_options(self, bankroll, bet: int, cards) -> dict[str, float]:
        """The chance to win if you stand now and if you take one more card (then play this strategy)."""
        k = self._half_euros(bankroll)
        bet = self._check_bet(bankroll, bet)
        hard, ace, n = self._hand(cards)
        if n < 2 or hard > 21 or (n == 2 and _total(hard, ace) == 21):
            raise ValueError(f"cards must be a hand of two or more cards that is still playing, not {cards!r}")
        values, _, _ = self._round(k, bet)
        s = self.solution
        w, p, l = stand_odds()[_total(hard, ace)]
        stand = w * s.value_at(k + 2 * bet) + p * s.value_at(k) + l * s.value_at(k - 2 * bet)
        after = [values[min(hard + v, ROWS - 1), int(ace or v == 1)] for v in range(1, 11)]
        return {"stand": float(stand), "hit": float(card_sum(after))}

    def hits(self, bankroll, bet: int, cards) -> bool:
        """True to take another card with these cards (two or more) in hand; False to stand."""
        k = self._half_euros(bankroll)
        bet = self._check_bet(bankroll, bet)
        hard, ace, n = self._hand(cards)
        if n < 2:
            raise ValueError(f"cards must be the player's hand of two or more cards, not {cards!r}")
        if hard > 21:
            raise ValueError(f"the hand {ranks_of(cards)} is busted: there is no decision left")
        if _total(hard, ace) == 21:
            return False  # 21 (or a natural) stands
        return bool(self._round(k, bet)[1][hard, ace])

    def hit_table(self, bankroll, bet: int) -> dict[str, bool]:
        """Hit (True) or stand for every hand of two or more cards: keys "hard 12", "soft 17", ..."""
        k = self._half_euros(bankroll)
        bet = self._check_bet(bankroll, bet)
        _, hits, _ = self._round(k, bet)
        table = {f"hard {t}": bool(hits[t, 0]) for t in range(4, 22)}
        table.update({f"soft {t}": bool(hits[t - 10, 1]) for t in range(12, 22)})
        return table

    def stand_from(self, bankroll, bet: int) -> tuple[int, int]:
        """(hard, soft): the lowest hard and soft totals this strategy stands on with this bankroll and bet.

        It hits every total below them (hands of two or more cards); ValueError if the table is not of that shape.
        """
        table = self.hit_table(bankroll, bet)
        hard = min(t for t in range(4, 22) if not table[f"hard {t}"])
        soft = min(t for t in range(12, 22) if not table[f"soft {t}"])
        if any(table[f"hard {t}"] != (t < hard) for t in range(4, 22)) or any(
                table[f"soft {t}"] != (t < soft) for t in range(12, 22)):
            raise ValueError(f"the hit table at bankroll {bankroll}, bet {bet} is not a pair of thresholds: {table}")
        return hard, soft

    # --- tables for whole bankroll grids -------------------------------------------------------------------------
    def bet_table(self) -> tuple[np.ndarray, np.ndarray]:
        """(bankrolls in euros, bets of shape (bankrolls, 10)) for first cards ace, 2, ..., 10."""
        s = self.solution
        return (np.arange(s.low, 2 * self.goal) / 2, s.bets.copy())

    def values(self) -> tuple[np.ndarray, np.ndarray]:
        """(bankrolls in euros, chance to win from each between rounds)."""
        s = self.solution
        return np.arange(s.low, 2 * self.goal) / 2, s.values.copy()


def edge_by_first_card(play: str = "optimal") -> dict[str, float]:
    """The expected gain per euro bet of one round after each first card ("A", "2", ..., "10"): the natural pays
    1.5, a win 1, a loss -1; `play` "optimal" maximises that gain, "dealer" hits below 17."""
    if play not in ("optimal", "dealer"):
        raise ValueError(f"play must be 'optimal' or 'dealer', not {play!r}")
    one = np.ones(1)
    values, _ = hand_values(one, 0 * one, -one, play)
    gains = first_card_values(values, 1.5 * one)[:, 0]
    return {("A" if c == 1 else str(c)): float(g) for c, g in zip(range(1, 11), gains)}


def hit_thresholds(strategy: TournamentStrategy) -> dict[str, np.ndarray]:
    """For every (bankroll, bet): the lowest hard and soft totals the strategy stands on (it hits below them).

    Returns arrays "bankroll" (euros), "bet", "hard" and "soft", and "monotone": True where the strategy hits every
    total below the threshold and stands on every total from it up (so the two numbers say it all).
    """
    s = strategy.solution
    ks = np.arange(s.low, 2 * s.goal)
    counts = ks // 2 - s.min_bet + 1
    k = np.repeat(ks, counts)
    bet = np.arange(len(k)) - np.repeat(np.concatenate(([0], np.cumsum(counts)[:-1])), counts) + s.min_bet
    _, hits = hand_values(s.value_at(k + 2 * bet), s.value_at(k), s.value_at(k - 2 * bet), strategy.play)
    hard = hits[4:22, 0]  # hard totals 4..21
    soft = hits[2:12, 1]  # soft totals 12..21 (hard 2..11 with an ace)
    hard_from = 4 + np.argmin(hard, axis=0)
    soft_from = 12 + np.argmin(soft, axis=0)
    rows_h, rows_s = np.arange(4, 22)[:, None], np.arange(12, 22)[:, None]
    monotone = np.all(hard == (rows_h < hard_from), axis=0) & np.all(soft == (rows_s < soft_from), axis=0)
    return {"bankroll": k / 2, "bet": bet, "hard": hard_from, "soft": soft_from, "monotone": monotone}


_SOLVED: dict = {}


def solved(goal: int, min_bet: int, betting: BetRule, play: str, key: Optional[tuple] = None) -> Solution:
    """solve() with a cache keyed by (goal, min_bet, key or betting, play)."""
    name = (goal, min_bet, key if key is not None else betting, play)
    if name not in _SOLVED:
        _SOLVED[name] = solve(goal, min_bet, betting, play)
    return _SOLVED[name]


# --- whole tournaments played by a strategy (numpy, all at once) ------------------------------------------------------
CARD_VALUES = np.array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10])  # ranks A, 2, ..., K


def best_totals(hard: np.ndarray, ace: np.ndarray) -> np.ndarray:
    """Each hand's best total from its hard total and whether it holds an ace (an ace counts 11 when that fits)."""
    return hard + 10 * (ace & (hard + 10 <= 21))


def dealer_and_payout(rng: np.random.Generator, mine: np.ndarray, natural: np.ndarray) -> np.ndarray:
    """The dealer plays each round out (draws below 17) and each round pays, in half euros per euro bet."""
    n = len(mine)
    d_cards = CARD_VALUES[rng.integers(0, 13, (n, 2))]
    d_hard, d_ace = d_cards.sum(axis=1), (d_cards == 1).any(axis=1)
    d_natural = d_ace & (d_hard == 11)
    idx = np.flatnonzero(~natural & (mine <= 21) & ~d_natural)
    while len(idx):
        idx = idx[best_totals(d_hard[idx], d_ace[idx]) < 17]
        card = CARD_VALUES[rng.integers(0, 13, len(idx))]
        d_hard[idx] += card
        d_ace[idx] |= card == 1
    theirs = best_totals(d_hard, d_ace)
    pay = np.sign(mine - theirs) * 2
    pay[theirs > 21] = 2
    pay[d_natural] = -2  # a dealer natural beats everything but a player's natural
    pay[mine > 21] = -2
    pay[natural] = 3
    return pay


def simulate_strategy(tournaments: int, strategy: TournamentStrategy, start=None, seed=None,
                      max_rounds: int = 100_000) -> dict:
    """Play whole tournaments with random cards by a strategy's bets and hits: {"doubled", "broke", "rounds", ...}."""
    if isinstance(tournaments, bool) or not isinstance(tournaments, int) or tournaments < 1:
        raise ValueError(f"tournaments must be a whole number, 1 or more, not {tournaments!r}")
    s = strategy.solution
    start = strategy.start if start is None else start
    k = np.full(tournaments, strategy._half_euros(start), dtype=np.int64)
    rng = as_generator(seed)
    lo, hi = s.low, 2 * s.goal
    rounds = np.zeros(tournaments, dtype=np.int64)
    active = np.arange(tournaments)
    for _ in range(max_rounds):
        if not len(active):
            break
        n = len(active)
        first = CARD_VALUES[rng.integers(0, 13, n)]
        row = k[active] - lo
        bet = s.bets[row, first - 1].astype(np.int64)
        pair = s.pair_of[row, first - 1]
        second = CARD_VALUES[rng.integers(0, 13, n)]
        hard, ace = first + second, (first == 1) | (second == 1)
        natural = ace & (hard == 11)
        idx = np.flatnonzero(~natural)
        while len(idx):
            idx = idx[s.pair_hits[np.minimum(hard[idx], ROWS - 1), ace[idx].astype(int), pair[idx]]]
            card = CARD_VALUES[rng.integers(0, 13, len(idx))]
            hard[idx] += card
            ace[idx] |= card == 1
        mine = best_totals(hard, ace)
        pay = dealer_and_payout(rng, mine, natural)
        k[active] += pay * bet
        rounds[active] += 1
        active = active[(k[active] >= lo) & (k[active] < hi)]
    return {"doubled": int((k >= hi).sum()), "broke": int((k < lo).sum()), "tournaments": tournaments,
            "rounds": float(rounds.mean())}
