"""Search meets chance: a tournament player that searches the current round and samples the future by playouts.

The player knows the rules but not the solved values. At each decision it runs an expectimax search over the rest
of the current round: its own choices are max nodes (the bet among a few candidates, then hit or stand), every
card is a chance node weighted by its probability, and the dealer's play is a chance node with the dealer's exact
final totals. The round ends at a few possible bankrolls; what each is worth is estimated by `budget` sampled
playouts of the rest of the tournament with a simple default policy (bold bets, hit below 17), as MCTS estimates
a leaf. More budget means less noise in those leaf values; with an infinite budget the leaf values become the
default policy's exact values, and the player becomes one step of policy improvement on bold play
(`limit_probability` computes that player's chance to win exactly).

`play_tournaments` plays many tournaments side by side (numpy), asking the player for all their decisions at once;
given the solved optimum as `judge`, it also records what every decision gave away against the best one
(V*(state) - Q*(state, decision), exact), whose sum per tournament estimates V*(start) minus the player's chance
to win with far less noise than counting wins (the performance difference lemma).
"""

from __future__ import annotations

import math
from functools import lru_cache
from numbers import Integral
from typing import Optional

import numpy as np

from coursekit.progress import LazyBar
from coursekit.rng import as_generator
from coursekit.tournament_decision import Decider
from coursekit.tournament import (
    PAYOUT,
    TournamentStrategy,
    check_money,
    play_rounds,
    vector_bets,
    round_outcomes,
    tournament_strategy,
)
from coursekit.tournament_optimal import (
    CARD_VALUES,
    ROWS,
    TIE,
    Solution,
    best_totals,
    dealer_and_payout,
    card_sum,
    card_value,
    check_bet,
    check_size,
    first_card_values,
    half_euros,
    hand_values,
    policy_chances,
    stand_odds,
)

CANDIDATES = 5  # bets the search compares (see bet_candidates)
MAX_PLAYOUTS = 100_000  # playouts per bankroll (playout_values, binomial_values) and RoundSearch's budget


def first_best(values: np.ndarray) -> np.ndarray:
    """Per row, the index of the first value within TIE of the row's best: a tie goes to the first candidate (the
    minimum bet first), not to rounding noise (np.argmax picks whichever of two equal options the last bit favours)."""
    return np.argmax(values >= values.max(axis=-1, keepdims=True) - TIE, axis=-1)


def bet_candidates(k: np.ndarray, goal: int = 200, min_bet: int = 10) -> np.ndarray:
    """The bets the search compares at half-euro bankrolls k: the minimum, a quarter and half of what a win needs,
    what a natural (3:2) needs, and what a win needs (all you have below half the goal). Shape (len(k), 5)."""
    k = np.asarray(k)
    win = np.minimum(k // 2, np.maximum(min_bet, goal - k // 2))
    natural = np.minimum(k // 2, np.maximum(min_bet, np.ceil((goal - k / 2) / 1.5))).astype(k.dtype)
    return np.stack([np.full_like(k, min_bet), np.maximum(min_bet, win // 4), np.maximum(min_bet, win // 2),
                     natural, win], axis=1)


@lru_cache(maxsize=1)
def _round_odds() -> tuple[np.ndarray, np.ndarray]:
    """(cumulative probabilities, payouts per unit bet) of a round played hitting below 17 (lesson 03's odds)."""
    odds = round_outcomes(17)
    names = ("blackjack", "win", "push", "lose")
    return np.cumsum([float(odds[name]) for name in names]), np.array([float(PAYOUT[name]) for name in names])


@lru_cache(maxsize=8)
def _bold_bets(goal: int, min_bet: int) -> np.ndarray:
    """Bold's bet (whole euros) at every half-euro bankroll 0 .. 2 goal - 1 (lesson 03's bet_for)."""
    return vector_bets(np.arange(2 * goal) / 2, "bold", goal, min_bet).astype(np.int64)


def _whole(x) -> bool:
    """A whole number (not a bool): an int of any size, or a finite float without a fraction."""
    if isinstance(x, (bool, np.bool_)):
        return False
    return isinstance(x, Integral) or (isinstance(x, (float, np.floating)) and math.isfinite(x) and x == int(x))


def _leaf_inputs(bankrolls, playouts, goal: int, min_bet: int) -> np.ndarray:
    """Checked inputs of playout_values and binomial_values: the bankrolls as a flat int64 array of half euros, cut
    to -1 .. 2 goal (so no huge number wraps round)."""
    check_size(goal, min_bet)
    if isinstance(playouts, bool) or not isinstance(playouts, Integral) or not 1 <= playouts <= MAX_PLAYOUTS:
        raise ValueError(f"playouts must be a whole number from 1 to {MAX_PLAYOUTS:,}, not {playouts!r}")
    flat = np.asarray(bankrolls).ravel()
    if flat.dtype.kind in "iu":
        return np.minimum(flat, 2 * goal).astype(np.int64)
    if flat.dtype.kind == "f":
        off = ~np.isfinite(flat) | (flat != np.round(flat))
        if not off.any():
            return np.clip(flat, -1, 2 * goal).astype(np.int64)
        bad = flat[np.argmax(off)]
    else:  # Python objects (ints beyond int64, mixed lists), bools, text
        bad = next((x for x in flat if not _whole(x)), None)
        if bad is None:
            return np.array([max(-1, min(int(x), 2 * goal)) for x in flat], dtype=np.int64)
    bad = bad.item() if isinstance(bad, np.generic) else bad
    raise ValueError(f"bankrolls must be whole numbers of half euros (200 is 100 EUR), one or an array of them, "
                     f"not {bad!r}")


def playout_values(bankrolls: np.ndarray, playouts: int, seed=None, goal: int = 200, min_bet: int = 10,
                   deal: bool = False) -> np.ndarray:
    """The share of `playouts` sampled tournaments won from each half-euro bankroll, betting bold and hitting below
    17; bankrolls at the goal or more count 1, below the minimum bet 0, without playouts.

    `bankrolls` is one whole number of half euros or an array of them; the shares come in its shape. Each round's
    result is drawn from the exact odds of such a round (round_outcomes(17)); `deal=True` deals the cards instead
    (the same distribution, several times slower).
    """
    shape = np.shape(bankrolls)
    k = _leaf_inputs(bankrolls, playouts, goal, min_bet)
    rng = as_generator(seed)
    out = np.where(k >= 2 * goal, 1.0, 0.0)
    live = np.flatnonzero((k >= 2 * min_bet) & (k < 2 * goal))
    if not len(live):
        return out.reshape(shape)
    money = np.repeat(k[live], playouts).astype(np.int64)  # half euros, only the playouts still running
    owner = np.repeat(np.arange(len(live)), playouts)
    wins = np.zeros(len(live))
    bold = _bold_bets(goal, min_bet)
    cumulative, pays = _round_odds()
    steps = np.round(2 * pays).astype(np.int64)  # half euros per euro bet: 3, 2, 0, -2
    while len(money):
        bet = bold[money]
        if deal:
            money += np.round(2 * play_rounds(rng, len(money), 17)).astype(np.int64) * bet
        else:
            money += steps[np.minimum(np.searchsorted(cumulative, rng.random(len(money)), side="right"), 3)] * bet
        won = money >= 2 * goal
        wins += np.bincount(owner[won], minlength=len(live))
        running = ~won & (money >= 2 * min_bet)
        money, owner = money[running], owner[running]
    out[live] = wins / playouts
    return out.reshape(shape)


def binomial_values(bankrolls: np.ndarray, playouts: int, seed=None, goal: int = 200,
                    min_bet: int = 10) -> np.ndarray:
    """playout_values' law in one draw per bankroll: each playout wins with bold play's exact chance from its
    bankroll, independently of the others, so the number won of `playouts` is binomial (no playout is played).
    Bankrolls as in playout_values: whole numbers of half euros, one or an array; the shares come in its shape."""
    shape = np.shape(bankrolls)
    k = _leaf_inputs(bankrolls, playouts, goal, min_bet)
    rng = as_generator(seed)
    out = np.where(k >= 2 * goal, 1.0, 0.0)
    live = np.flatnonzero((k >= 2 * min_bet) & (k < 2 * goal))
    if len(live):
        chance = tournament_strategy("bold", "dealer", min_bet, goal, min_bet).solution.value_at(k[live])
        out[live] = rng.binomial(playouts, np.clip(chance, 0.0, 1.0)) / playouts
    return out.reshape(shape)


LEAVES = ("playouts", "binomial")  # how RoundSearch values its leaves: playout_values or binomial_values


class RoundSearch(Decider):
    """The search player: expectimax over the current round, leaf bankrolls valued by `budget` playouts each.

    One decision at a time, as every tournament player: `decide(decision)` (coursekit.tournament_decision), the
    same as `bet(bankroll, first_card)` and `hits(bankroll, bet, cards)` of a TournamentStrategy (so the arena and
    Tournament.autoplay_round(strategy=...) play it). Batched, for speed: `bet_batch(k, first)` and
    `hit_batch(k, bet, hard, ace)` decide for many tournaments at once (half-euro bankrolls k, card values 1..10).
    A hand of hard 11 or less without an ace cannot bust: the player hits it without searching.
    `leaves="binomial"` draws each leaf's share of playouts won from its exact law (binomial_values) instead of
    playing the playouts out: the same player in law, many times faster at large budgets.
    """

    def __init__(self, budget: int, goal: int = 200, min_bet: int = 10, seed=None, leaves: str = "playouts") -> None:
        check_size(goal, min_bet)
        if isinstance(budget, bool) or not isinstance(budget, Integral) or not 1 <= budget <= MAX_PLAYOUTS:
            raise ValueError(f"budget must be a whole number of playouts from 1 to {MAX_PLAYOUTS}, not {budget!r}")
        if leaves not in LEAVES:
            raise ValueError(f"leaves must be one of {', '.join(map(repr, LEAVES))}, not {leaves!r}")
        self.budget, self.goal, self.min_bet, self.leaves = int(budget), goal, min_bet, leaves
        self.rng = as_generator(seed)
        self.playouts = 0  # playouts run so far

    def __repr__(self) -> str:
        leaves = "" if self.leaves == "playouts" else f", leaves={self.leaves!r}"
        return f"RoundSearch(budget={self.budget}, goal={self.goal}, min_bet={self.min_bet}{leaves})"

    def leaf_values(self, rows: np.ndarray, leaves: np.ndarray) -> np.ndarray:
        """Estimated chances to win from half-euro bankrolls `leaves`; one estimate per distinct (row, leaf)."""
        span = 2 * self.goal + 2  # leaves run from -1 (ruined) to 2 goal (won)
        key = rows.astype(np.int64) * span + (leaves + 1)
        unique, inverse = np.unique(key, return_inverse=True)
        bankrolls = unique % span - 1
        live = (bankrolls >= 2 * self.min_bet) & (bankrolls < 2 * self.goal)
        self.playouts += int(live.sum()) * self.budget
        value = playout_values if self.leaves == "playouts" else binomial_values
        values = value(bankrolls, self.budget, self.rng, self.goal, self.min_bet)
        return values[inverse.reshape(leaves.shape)]

    def _round_values(self, k: np.ndarray, bet: np.ndarray, rows: np.ndarray):
        """Estimated win/push/lose/natural leaf values for (bankroll, bet) pairs, then the round's expectimax."""
        leaves = np.stack([np.minimum(k + 2 * bet, 2 * self.goal), k, np.maximum(k - 2 * bet, -1),
                           np.minimum(k + 3 * bet, 2 * self.goal)])
        w, p, l, nat = self.leaf_values(np.tile(rows, (4, 1)), leaves)
        values, hits = hand_values(w, p, l, "optimal")
        return values, hits, nat

    def bet_batch(self, k: np.ndarray, first: np.ndarray) -> np.ndarray:
        """The searched bet for each (half-euro bankroll, first card value 1..10)."""
        k, first = np.asarray(k, dtype=np.int64), np.asarray(first)
        cand = bet_candidates(k, self.goal, self.min_bet)
        m = len(k)
        rows = np.repeat(np.arange(m), CANDIDATES)
        values, _, nat = self._round_values(np.repeat(k, CANDIDATES), cand.ravel(), rows)
        q = first_card_values(values, nat)  # (10, m * CANDIDATES)
        mine = q[np.repeat(first - 1, CANDIDATES), np.arange(m * CANDIDATES)].reshape(m, CANDIDATES)
        return cand[np.arange(m), first_best(mine)]

    def hit_batch(self, k: np.ndarray, bet: np.ndarray, hard: np.ndarray, ace: np.ndarray) -> np.ndarray:
        """Hit (True) or stand for each hand (hard total, holds an ace) with bankroll k (half euros) and bet."""
        k, bet, hard, ace = (np.asarray(x) for x in (k, bet, hard, ace))
        out = (hard <= 11) & ~ace.astype(bool)
        total = best_totals(hard, ace.astype(bool))
        ask = np.flatnonzero(~out & (total < 21))
        if len(ask):
            _, hits, _ = self._round_values(k[ask].astype(np.int64), bet[ask], np.arange(len(ask)))
            out[ask] = hits[hard[ask], ace[ask].astype(int), np.arange(len(ask))]
        return out

    # --- one state at a time (the TournamentStrategy interface) -------------------------------------------------
    def bet(self, bankroll, first_card) -> int:
        """The searched bet after the first card."""
        k = half_euros(bankroll, self.min_bet, self.goal)
        return int(self.bet_batch(np.array([k]), np.array([card_value(first_card)]))[0])

    def hits(self, bankroll, bet: int, cards) -> bool:
        """The searched decision with these cards in hand: True to hit."""
        k, bet = half_euros(bankroll, self.min_bet, self.goal), check_bet(bankroll, bet, self.min_bet)
        values = [card_value(c) for c in cards]
        if len(values) < 2 or sum(values) > 21:
            raise ValueError(f"cards must be a hand of two or more cards that is still playing, not {cards!r}")
        return bool(self.hit_batch(np.array([k]), np.array([bet]), np.array([sum(values)]),
                                   np.array([1 in values]))[0])


def _exact_round(solution: Solution, k: np.ndarray, bet: np.ndarray):
    """The solved values of hands and of the bet after each first card for (bankroll, bet) pairs: (values, q)."""
    values, _ = hand_values(solution.value_at(k + 2 * bet), solution.value_at(k), solution.value_at(k - 2 * bet),
                            solution.play)
    return values, first_card_values(values, solution.value_at(k + 3 * bet))


def play_tournaments(player, tournaments: int, start=100, seed=None,
                     judge: Optional[TournamentStrategy] = None, max_rounds: int = 100_000) -> dict:
    """Play whole tournaments side by side with a batched player (RoundSearch, or a strategy via its tables).

    Returns {"tournaments", "won", "won_each" (bool per tournament), "rounds" (mean), "decisions", "playouts",
    "given_away"}; "given_away" is, per tournament, the exact chance the player's decisions gave away against the
    best decisions (needs `judge`, the solved optimum; else zeros).
    """
    if isinstance(tournaments, bool) or not isinstance(tournaments, Integral) or tournaments < 1:
        raise ValueError(f"tournaments must be a whole number, 1 or more, not {tournaments!r}")
    goal, low = player.goal, player.min_bet
    check_money(start, goal, low)
    if judge is not None and (judge.goal, judge.min_bet) != (goal, low):
        raise ValueError(f"judge must be solved for the player's tournament (goal {goal}, minimum bet {low}), not "
                         f"goal {judge.goal}, minimum bet {judge.min_bet}")
    rng = as_generator(seed)
    k = np.full(tournaments, int(round(2 * start)), dtype=np.int64)
    rounds = np.zeros(tournaments, dtype=np.int64)
    lost = np.zeros(tournaments)
    decisions = 0
    odds = stand_odds()
    sol = judge.solution if judge is not None else None
    active = np.arange(tournaments)
    with LazyBar(tournaments, "tournaments", unit="tournament") as bar:  # past a second: a bar
        for _ in range(max_rounds):
            if not len(active):
                break
            n = len(active)
            kk = k[active]
            first = CARD_VALUES[rng.integers(0, 13, n)]
            bet = player.bet_batch(kk, first).astype(np.int64)
            decisions += n
            if sol is not None:
                exact_values, q = _exact_round(sol, kk, bet)
                lost[active] += sol.first[kk - sol.low, first - 1] - q[first - 1, np.arange(n)]
            second = CARD_VALUES[rng.integers(0, 13, n)]
            hard, ace = first + second, (first == 1) | (second == 1)
            natural = ace & (hard == 11)
            playing = np.flatnonzero(~natural)
            while len(playing):
                playing = playing[best_totals(hard[playing], ace[playing]) < 21]
                if not len(playing):
                    break
                wants = player.hit_batch(kk[playing], bet[playing], hard[playing], ace[playing])
                decisions += len(playing)
                if sol is not None:
                    h, a, i = hard[playing], ace[playing].astype(int), playing
                    w, p, l = odds[best_totals(h, a.astype(bool))].T
                    stand = (w * sol.value_at(kk[i] + 2 * bet[i]) + p * sol.value_at(kk[i])
                             + l * sol.value_at(kk[i] - 2 * bet[i]))
                    after = np.stack([exact_values[np.minimum(h + v, ROWS - 1), a | (v == 1), i] for v in range(1, 11)])
                    hit = card_sum(after)
                    lost[active[i]] += np.maximum(hit, stand) - np.where(wants, hit, stand)
                playing = playing[wants]
                card = CARD_VALUES[rng.integers(0, 13, len(playing))]
                hard[playing] += card
                ace[playing] |= card == 1
            mine = best_totals(hard, ace)
            pay = dealer_and_payout(rng, mine, natural)
            k[active] += pay * bet
            rounds[active] += 1
            left = len(active)
            active = active[(k[active] >= 2 * low) & (k[active] < 2 * goal)]
            bar.update(left - len(active))  # tournaments finished this round
    return {"tournaments": tournaments, "won": int((k >= 2 * goal).sum()), "won_each": k >= 2 * goal,
            "rounds": float(rounds.mean()),
            "decisions": decisions, "playouts": int(getattr(player, "playouts", 0)), "given_away": lost}


class TablePlayer:
    """A solved strategy with the batched interface of RoundSearch (to check play_tournaments against the optimum)."""

    def __init__(self, strategy: TournamentStrategy) -> None:
        self.strategy, self.goal, self.min_bet = strategy, strategy.goal, strategy.min_bet

    def bet_batch(self, k: np.ndarray, first: np.ndarray) -> np.ndarray:
        """The strategy's bets."""
        s = self.strategy.solution
        return s.bets[np.asarray(k) - s.low, np.asarray(first) - 1]

    def hit_batch(self, k: np.ndarray, bet: np.ndarray, hard: np.ndarray, ace: np.ndarray) -> np.ndarray:
        """The strategy's hit decisions for any bets."""
        s = self.strategy.solution
        _, hits = hand_values(s.value_at(k + 2 * bet), s.value_at(k), s.value_at(k - 2 * bet), s.play)
        return hits[hard, ace.astype(int), np.arange(len(k))]


def limit_probability(start=100, goal: int = 200, min_bet: int = 10) -> float:
    """The exact chance to win of RoundSearch with an infinite budget: its leaf values are bold play's exact values.

    That player is one step of policy improvement on bold betting with dealer play, over the five candidate bets.
    """
    base = tournament_strategy("bold", "dealer", start, goal, min_bet).solution
    n = len(base.values)
    ks = np.arange(base.low, 2 * goal)
    cand = bet_candidates(ks, goal, min_bet)
    k, bet = np.repeat(ks, CANDIDATES), cand.ravel()
    values, hits = hand_values(base.value_at(k + 2 * bet), base.value_at(k), base.value_at(k - 2 * bet), "optimal")
    hits[:12, 0] = True  # the player hits hard 11 or less without an ace without searching
    q = first_card_values(values, base.value_at(k + 3 * bet)).reshape(10, n, CANDIDATES)
    chosen = np.arange(n)[None, :] * CANDIDATES + first_best(q)
    chance = policy_chances(base, k, bet, chosen, hits)
    return float(chance[int(round(2 * start)) - base.low])
