"""Source 004's 100 EUR blackjack tournament: the rules engine, exact round odds and the chance to double the money.

Rules (the exercise sheet's minimum and extended rules): start with 100 EUR, bets from 10 EUR up to the bankroll,
cards are uniformly random ranks (an infinite deck), the player's first card comes before the bet; a player natural
wins at once and pays 3:2; the dealer draws until over 16; a dealer natural beats a player's 21; equal totals are a
standoff; the tournament ends below the minimum bet or at double the start.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import gcd
from numbers import Integral
from typing import Callable, Optional, Union

import numpy as np

from coursekit.blackjack import Hand, dealer_should_draw, hand_total
from coursekit.cards import Card, InfiniteDeck
from coursekit.game_protocol import shown
from coursekit.rng import as_generator
from coursekit.tournament_decision import Decider, decision_of
from coursekit.tournament_optimal import (  # noqa: F401  (re-exported: the exact optimum)
    MAX_GOAL,
    TournamentStrategy,
    check_size,
    hand_finals,
    simulate_strategy,
    solved,
)

START, MIN_BET, BET_UNIT = 100, 10, 10
MAX_TOURNAMENTS = 10**7  # simulate_tournaments at once: 10**6 took 130 MB and 27 s here, so this about 1.3 GB
MAX_MONEY = 10**12  # euros: a bankroll of whole and half euros stays exact in a float (the sheet's 175.0€) far above it
ROUND_RESULTS = ("blackjack", "win", "push", "lose")
PAYOUT = {"blackjack": Fraction(3, 2), "win": Fraction(1), "push": Fraction(0), "lose": Fraction(-1)}
# the engine's detailed results and the payout class each belongs to
DETAILED = {"blackjack": "blackjack", "dealer_bust": "win", "win": "win", "push": "push", "lose": "lose",
            "dealer_blackjack": "lose", "bust": "lose"}
Policy = Union[int, Callable[[int, bool, int], bool]]
RANK_WEIGHTS = tuple(Fraction(4 if value == 10 else 1, 13) for value in range(1, 11))  # ace counts 1 here


# --- exact round odds ----------------------------------------------------------------------------------------------
def _hits(policy: Policy) -> Callable[[int, bool, int], bool]:
    """A policy as a function (total, soft, cards) -> hit?; an int t means "hit below t"."""
    if callable(policy):
        return policy
    if isinstance(policy, bool) or not isinstance(policy, Integral) or not 2 <= policy <= 21:
        raise ValueError(f"policy must be a stand threshold 2..21 or a function (total, soft, cards) -> hit, "
                         f"not {policy!r}")
    threshold = int(policy)
    return lambda total, soft, cards: total < threshold


def _final_totals(hits: Callable[[int, bool, int], bool]) -> dict[str, Fraction]:
    """Distribution of a hand's end from two uniform cards on: "natural", "bust" or a total 2..21 (as int keys)."""
    return hand_finals(hits, RANK_WEIGHTS, Fraction(1))


def round_outcomes(policy: Policy = 17, dealer_stands_at: int = 17) -> dict[str, Fraction]:
    """Exact probabilities of a round's "blackjack", "win", "push", "lose" for a player policy (default: hit below 17).

    `policy` is a stand threshold or a function (total, soft, cards) -> True to hit, where cards is 2, or 3 for
    three or more; a hand stops at 21 anyway.
    """
    if isinstance(dealer_stands_at, bool) or not isinstance(dealer_stands_at, Integral) \
            or not 2 <= dealer_stands_at <= 21:
        raise ValueError(f"dealer_stands_at must be a stand threshold from 2 to 21, not {dealer_stands_at!r}")
    if isinstance(policy, Integral) and not isinstance(policy, bool):
        _hits(policy)  # the check of a threshold, before the cache
        return dict(_round_outcomes_cached(int(policy), int(dealer_stands_at)))
    return _round_outcomes(policy, int(dealer_stands_at))


@lru_cache(maxsize=32)
def _round_outcomes_cached(policy: int, dealer_stands_at: int) -> tuple:
    return tuple(_round_outcomes(policy, dealer_stands_at).items())


def _round_outcomes(policy: Policy, dealer_stands_at: int) -> dict[str, Fraction]:
    """round_outcomes without the cache."""
    player = _final_totals(_hits(policy))
    dealer = _final_totals(_hits(dealer_stands_at))
    out = dict.fromkeys(ROUND_RESULTS, Fraction(0))
    for mine, p in player.items():
        if mine == "natural":
            out["blackjack"] += p  # wins at once: the dealer does not play
            continue
        if mine == "bust":
            out["lose"] += p
            continue
        for theirs, q in dealer.items():
            if theirs == "natural":
                out["lose"] += p * q  # a dealer natural beats a player's 21 of three or more cards
            elif theirs == "bust" or mine > theirs:
                out["win"] += p * q
            elif mine == theirs:
                out["push"] += p * q
            else:
                out["lose"] += p * q
    return out


def round_edge(policy: Policy = 17) -> Fraction:
    """The player's expected gain per unit bet in one round."""
    return sum(p * PAYOUT[name] for name, p in round_outcomes(policy).items())


# --- betting and the Markov chain over bankrolls -------------------------------------------------------------------
Betting = Union[str, int]


def check_betting(betting: Betting, min_bet: int = MIN_BET) -> Betting:
    """Validate a betting style: "timid", "bold" or a fixed bet size (a whole number, at least the minimum bet)."""
    if betting in ("timid", "bold"):
        return betting
    if isinstance(betting, bool) or not isinstance(betting, (int, np.integer)) or betting < min_bet:
        raise ValueError(f"betting must be 'timid', 'bold' or a fixed bet of at least {min_bet}, not {betting!r}")
    return int(betting)


def bet_for(bankroll, betting: Betting, goal: int = 2 * START, min_bet: int = MIN_BET) -> int:
    """The bet a style places: timid the minimum; bold min(bankroll, goal - bankroll); a number that amount at most.

    Bets are rounded down to a multiple of 10 EUR and never go below the minimum (the bankroll covers the minimum).
    """
    betting = check_betting(betting, min_bet)
    if betting == "timid":
        return min_bet
    wanted = min(bankroll, goal - bankroll) if betting == "bold" else min(bankroll, betting)
    return max(min_bet, int(wanted // BET_UNIT) * BET_UNIT)


def default_goal(start, goal: Optional[int]) -> int:
    """`goal`, or twice `start` when it is None (a whole number of euros; 175.0 from a blackjack gives 350)."""
    if goal is not None:
        return goal
    if isinstance(start, bool) or not isinstance(start, (Integral, float, Fraction)) or not 0 < start < float("inf"):
        raise ValueError(f"start must be a positive amount of euros, not {start!r}")
    if (2 * Fraction(start)).denominator != 1:
        raise ValueError(f"start must be a whole or half number of euros (the goal is twice it), not {start!r}")
    return int(2 * start)


def check_money(start, goal: int, min_bet: int) -> None:
    """Refuse a tournament's money that does not fit: ValueError unless min_bet <= start < goal, all positive."""
    for name, value in (("goal", goal), ("min_bet", min_bet)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value <= 0:
            raise ValueError(f"{name} must be a positive whole number of euros, not {value!r}")
    if isinstance(start, bool) or not isinstance(start, (int, float, Fraction, np.integer)) or start <= 0:
        raise ValueError(f"start must be a positive amount of euros, not {start!r}")
    if not min_bet <= start < goal:
        raise ValueError(f"need min_bet <= start < goal, not min_bet={min_bet}, start={start}, goal={goal}")
    if goal > MAX_MONEY:
        raise ValueError(f"goal must be at most {MAX_MONEY:,} euros (a blackjack's half euros stay exact below "
                         f"that), not {goal:,}")


MAX_EXACT_BANKROLLS = 60  # the exact chain's size: fraction-free elimination took 0.9 s at 55 bankrolls, 22 s at 131


def _chain(betting: Betting, start, goal: int, min_bet: int, policy: Policy) -> tuple[list, dict, list]:
    """The bankrolls reachable from `start` short of ruin and goal, their index, and each one's round as a list of
    (bankroll after, probability)."""
    check_money(start, goal, min_bet)
    betting = check_betting(betting, min_bet)
    moves = [(PAYOUT[name], p) for name, p in round_outcomes(policy).items() if p]
    states, queue, index, rounds = [], [Fraction(start)], {}, []
    while queue:
        b = queue.pop()
        if b in index or b < min_bet or b >= goal:
            continue
        index[b] = len(states)
        states.append(b)
        bet = bet_for(b, betting, goal, min_bet)
        rounds.append([(b + pay * bet, p) for pay, p in moves])
        queue.extend(after for after, _ in rounds[-1])
    return states, index, rounds


def _exact_chances(chain: tuple[list, dict, list], goal: int, min_bet: int) -> dict:
    """Solve a chain in Fractions: {bankroll: chance to reach the goal}."""
    states, index, rounds = chain
    n = len(states)
    # D (I - Q) h = D r with D the common denominator of the round odds: an integer system, solved exactly
    scale = 1
    for _, p in rounds[0]:
        scale = scale * p.denominator // gcd(scale, p.denominator)
    rows = []
    for i, steps in enumerate(rounds):
        row = [0] * (n + 1)
        row[i] += scale
        for after, p in steps:
            weight = int(p * scale)
            if after >= goal:
                row[n] += weight
            elif after >= min_bet:
                row[index[after]] -= weight
        rows.append(row)
    solution = _solve_integer(rows)
    return {_plain(b): solution[index[b]] for b in sorted(states)}


def _float_system(chain: tuple[list, dict, list], goal: int, min_bet: int) -> tuple[np.ndarray, np.ndarray]:
    """The chain in floats: I - Q and the one-round chance to reach the goal, rows in the chain's order."""
    states, index, rounds = chain
    matrix, reach = np.eye(len(states)), np.zeros(len(states))
    for i, steps in enumerate(rounds):
        for after, p in steps:
            if after >= goal:
                reach[i] += float(p)
            elif after >= min_bet:
                matrix[i, index[after]] -= float(p)
    return matrix, reach


def doubling_chances(betting: Betting = "timid", start: int = START, goal: Optional[int] = None,
                     min_bet: int = MIN_BET, policy: Policy = 17) -> dict:
    """Exact chance to reach `goal` from every bankroll reachable from `start`: {bankroll: Fraction}.

    A Markov chain over bankrolls: below the minimum bet is ruin, `goal` or more is success; each round moves the
    bankroll by +1.5, +1, 0 or -1 times the bet with round_outcomes' probabilities. Solved exactly (Fractions), for
    chains of at most MAX_EXACT_BANKROLLS bankrolls (doubling_probability answers larger ones in floats).
    """
    goal = default_goal(start, goal)
    chain = _chain(betting, start, goal, min_bet, policy)
    if len(chain[0]) > MAX_EXACT_BANKROLLS:
        raise ValueError(f"{len(chain[0])} bankrolls lie between the minimum bet {min_bet} and the goal {goal} with "
                         f"these bets: the exact solve takes at most {MAX_EXACT_BANKROLLS} (minutes beyond); "
                         f"doubling_probability gives the chance in floats")
    return _exact_chances(chain, goal, min_bet)


def _solve_integer(rows: list[list[int]]) -> list[Fraction]:
    """Solve an integer linear system [A | b] exactly: fraction-free Bareiss elimination, then back-substitution."""
    n = len(rows)
    previous = 1
    for k in range(n):
        pivot = next(r for r in range(k, n) if rows[r][k] != 0)
        rows[k], rows[pivot] = rows[pivot], rows[k]
        top = rows[k]
        for i in range(k + 1, n):
            row = rows[i]
            factor = row[k]
            for j in range(k + 1, n + 1):
                row[j] = (row[j] * top[k] - factor * top[j]) // previous
            row[k] = 0
        previous = top[k]
    solution = [Fraction(0)] * n
    for k in range(n - 1, -1, -1):
        acc = Fraction(rows[k][n]) - sum(Fraction(rows[k][j]) * solution[j] for j in range(k + 1, n) if rows[k][j])
        solution[k] = acc / rows[k][k]
    return solution




def _plain(money):
    """175.0 or Fraction(175) as int 175; 122.5 stays a Fraction."""
    money = Fraction(money)
    return int(money) if money.denominator == 1 else money


PLAYS = ("dealer", "optimal")


def doubling_probability(betting: Betting = "timid", play: str = "dealer", start: int = START,
                         goal: Optional[int] = None, min_bet: int = MIN_BET, policy: Policy = 17) -> float:
    """The exact probability (as a float) of reaching `goal` (default double the start) before going broke.

    `betting` is "timid" (the minimum), "bold" (bet_for's bold bet), a fixed bet, "optimal" (the best bet from the
    bankroll and the first card) or "bankroll" (the best bet from the bankroll alone, before the card); `play` is
    "dealer" (hit below `policy`, 17 by default) or "optimal" (hit or stand to maximise the chance to win). Timid,
    bold and fixed bets with dealer play are solved in fractions (doubling_chances); the rest by
    coursekit.tournament_optimal to 1e-12 (goal at most MAX_GOAL, 500 euros).
    """
    goal = default_goal(start, goal)
    if play not in PLAYS:
        raise ValueError(f"play must be 'dealer' or 'optimal', not {play!r}")
    if play == "dealer" and betting not in ("optimal", "bankroll"):
        chain = _chain(betting, start, goal, min_bet, policy)
        if len(chain[0]) <= MAX_EXACT_BANKROLLS:  # exact, then rounded once
            return float(_exact_chances(chain, goal, min_bet)[_plain(start)])
        matrix, reach = _float_system(chain, goal, min_bet)
        return float(np.linalg.solve(matrix, reach)[chain[1][Fraction(start)]])
    if policy != 17:
        raise ValueError(f"policy (a stand threshold) applies to dealer play with timid, bold or fixed bets, "
                         f"not to betting={betting!r}, play={play!r}; leave it at 17")
    return tournament_strategy(betting, play, start, goal, min_bet).probability


def tournament_strategy(betting: Betting = "optimal", play: str = "optimal", start: int = START,
                        goal: Optional[int] = None, min_bet: int = MIN_BET) -> TournamentStrategy:
    """A solved way to play: `betting` ("timid", "bold", a fixed bet, "bankroll" or "optimal") with `play`."""
    goal = default_goal(start, goal)
    if play not in PLAYS:
        raise ValueError(f"play must be 'dealer' or 'optimal', not {play!r}")
    check_size(goal, min_bet)
    check_money(start, goal, min_bet)
    if Fraction(start) * 2 % 1:
        raise ValueError(f"start must be a multiple of 0.5 euros, not {start!r}")
    if betting in ("optimal", "bankroll"):
        return TournamentStrategy(solved(goal, min_bet, betting, play), start)
    betting = check_betting(betting, min_bet)
    rule = lambda bankroll: bet_for(bankroll, betting, goal, min_bet)  # noqa: E731
    solution = solved(goal, min_bet, rule, play, key=betting)
    solution.betting = str(betting)
    return TournamentStrategy(solution, start)


def optimal_strategy(start: int = START, goal: Optional[int] = None, min_bet: int = MIN_BET) -> TournamentStrategy:
    """The best possible play: `.probability`, `.decide(decision) -> int | bool` (coursekit.tournament_decision), the
    same as `.bet(bankroll, first_card) -> int` and `.hits(bankroll, bet, cards) -> bool`."""
    return tournament_strategy("optimal", "optimal", start, goal, min_bet)


def expected_rounds(betting: Betting = "timid", start: int = START, goal: Optional[int] = None,
                    min_bet: int = MIN_BET, policy: Policy = 17) -> float:
    """The expected number of rounds a tournament lasts (same chain, float linear algebra)."""
    goal = default_goal(start, goal)
    chain = _chain(betting, start, goal, min_bet, policy)
    matrix, _ = _float_system(chain, goal, min_bet)
    rounds = np.linalg.solve(matrix, np.ones(len(matrix)))
    return float(rounds[chain[1][Fraction(start)]])


# --- simulation of whole tournaments -------------------------------------------------------------------------------
THIRTEEN_VALUES = np.array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10])


def vector_bets(bankroll: np.ndarray, betting: Betting, goal: int, min_bet: int) -> np.ndarray:
    """`bet` for many bankrolls at once (a numpy array): timid, bold or a fixed amount, in whole bet units."""
    if betting == "timid":
        return np.full(len(bankroll), float(min_bet))
    wanted = np.minimum(bankroll, goal - bankroll) if betting == "bold" else np.minimum(bankroll, betting)
    return np.maximum(min_bet, np.floor(wanted / BET_UNIT) * BET_UNIT)


def play_rounds(rng: np.random.Generator, n: int, stands_at: int) -> np.ndarray:
    """n independent rounds at once; returns the payout per unit bet (1.5, 1, 0 or -1)."""
    cards = THIRTEEN_VALUES[rng.integers(0, 13, size=(n, 4))]
    p_hard, d_hard = cards[:, 0] + cards[:, 1], cards[:, 2] + cards[:, 3]
    p_ace, d_ace = (cards[:, :2] == 1).any(axis=1), (cards[:, 2:] == 1).any(axis=1)

    def total(hard, ace):
        return hard + 10 * (ace & (hard + 10 <= 21))

    p_nat, d_nat = total(p_hard, p_ace) == 21, total(d_hard, d_ace) == 21
    idx = np.flatnonzero(~p_nat)
    while len(idx):
        idx = idx[total(p_hard[idx], p_ace[idx]) < min(stands_at, 21)]
        value = THIRTEEN_VALUES[rng.integers(0, 13, size=len(idx))]
        p_hard[idx] += value
        p_ace[idx] |= value == 1
    mine = total(p_hard, p_ace)
    idx = np.flatnonzero(~p_nat & (mine <= 21) & ~d_nat)
    while len(idx):
        idx = idx[total(d_hard[idx], d_ace[idx]) < 17]
        value = THIRTEEN_VALUES[rng.integers(0, 13, size=len(idx))]
        d_hard[idx] += value
        d_ace[idx] |= value == 1
    theirs = total(d_hard, d_ace)
    pay = np.sign(mine - theirs).astype(float)
    pay[theirs > 21] = 1.0
    pay[d_nat] = -1.0
    pay[mine > 21] = -1.0
    pay[p_nat] = 1.5
    return pay


def simulate_tournaments(tournaments: int, betting: Betting = "timid", start: int = START,
                         goal: Optional[int] = None, min_bet: int = MIN_BET, policy: int = 17,
                         seed=None, max_rounds: int = 100_000) -> dict[str, float]:
    """Play whole tournaments with random cards (numpy, all at once): {"doubled", "broke", "rounds" (mean)}.

    The player hits below `policy` (a stand threshold); bets follow `betting` as in doubling_probability.
    """
    goal = default_goal(start, goal)
    check_money(start, goal, min_bet)
    betting = check_betting(betting, min_bet)
    if isinstance(tournaments, bool) or not isinstance(tournaments, Integral) \
            or not 1 <= tournaments <= MAX_TOURNAMENTS:
        raise ValueError(f"tournaments must be a whole number from 1 to {MAX_TOURNAMENTS:,}, not {tournaments!r}")
    if isinstance(policy, bool) or not isinstance(policy, Integral) or not 2 <= policy <= 21:
        raise ValueError(f"policy must be a stand threshold from 2 to 21 for the simulation, not {policy!r}")
    if isinstance(max_rounds, bool) or not isinstance(max_rounds, Integral) or not 1 <= max_rounds <= 10**7:
        raise ValueError(f"max_rounds must be a whole number from 1 to 10,000,000, not {max_rounds!r}")
    rng = as_generator(seed)
    bankroll = np.full(tournaments, float(start))
    rounds = np.zeros(tournaments, dtype=np.int64)
    active = np.arange(tournaments)
    for _ in range(max_rounds):
        if not len(active):
            break
        bets = vector_bets(bankroll[active], betting, goal, min_bet)
        bankroll[active] += bets * play_rounds(rng, len(active), policy)
        rounds[active] += 1
        active = active[(bankroll[active] >= min_bet) & (bankroll[active] < goal)]
    doubled = int((bankroll >= goal).sum())
    return {"doubled": doubled, "broke": int((bankroll < min_bet).sum()), "tournaments": tournaments,
            "rounds": float(rounds.mean())}


# --- the step-by-step engine the console and the widget drive ------------------------------------------------------
class Tournament:
    """Source 004's tournament, one step at a time: start_round, place_bet, hit / stand; money as the sheet prints it.

    The bankroll stays an int until a blackjack pays bet * 1.5, after which it is a float ("175.0€"), exactly as in
    the exercise's sample transcripts. `deck` is any card source with .draw() (an InfiniteDeck by default).
    """

    def __init__(self, start: int = START, goal: Optional[int] = None, min_bet: int = MIN_BET, deck=None,
                 seed=None) -> None:
        goal = default_goal(start, goal)
        check_money(start, goal, min_bet)
        self.start, self.goal, self.min_bet = start, goal, min_bet
        self.deck = deck if deck is not None else InfiniteDeck(seed)
        self.bankroll: Union[int, float] = start
        self.round = 0
        self.phase = "idle"  # idle -> bet -> player -> done -> bet ...; "over" when the tournament ended
        self.player, self.dealer = Hand(), Hand()
        self.bet: Optional[int] = None
        self.result: Optional[str] = None
        self.history: list[tuple[int, int, str, Union[int, float]]] = []  # (round, bet, result, bankroll after)

    @property
    def over(self) -> bool:
        """True when the bankroll is below the minimum bet or at the goal."""
        return self.bankroll < self.min_bet or self.bankroll >= self.goal

    @property
    def won(self) -> bool:
        """True when the player at least doubled the money."""
        return self.bankroll >= self.goal

    def start_round(self) -> Card:
        """Begin the next round: the player's first card (the bet comes after it)."""
        if self.over:
            raise ValueError("the tournament is over; start a new one")
        if self.phase in ("bet", "player"):
            raise ValueError(f"finish round {self.round} first")
        self.round += 1
        self.player, self.dealer = Hand(), Hand()
        self.bet, self.result = None, None
        self.phase = "bet"
        return self.player.draw(self.deck)

    def check_bet(self, amount) -> int:
        """The bet as an int; None means the minimum. Raises ValueError naming the bad value and the range."""
        if amount is None:
            return self.min_bet
        if isinstance(amount, str):
            text = amount.strip()
            if not text:
                return self.min_bet
            if not (text.isascii() and text.isdigit()) or len(text) > len(str(int(self.bankroll))):
                raise ValueError(f"the bet must be a whole number of euros from {self.min_bet} to "  # not '1_5',
                                 f"{self.bankroll}, not {shown(text, 20)}")  # '٢٠' or a pasted 5000 digits
            amount = int(text)
        if isinstance(amount, bool) or not isinstance(amount, (int, np.integer)) or not (
                self.min_bet <= amount <= self.bankroll):
            raise ValueError(f"the bet must be a whole number of euros from {self.min_bet} to {self.bankroll}, "
                             f"not {amount!r}")
        return int(amount)

    def place_bet(self, amount=None) -> Card:
        """Bet (None or "" for the minimum) and get the second card; a natural wins at once."""
        if self.phase != "bet":
            raise ValueError("place a bet right after the first card of a round")
        self.bet = self.check_bet(amount)
        card = self.player.draw(self.deck)
        self.phase = "player"
        if self.player.blackjack:
            self._settle("blackjack")
        return card

    def hit(self) -> Card:
        """Another card for the player; a bust loses, 21 stands by itself (the dealer then plays)."""
        if self.phase != "player":
            raise ValueError("you can only hit during your turn")
        card = self.player.draw(self.deck)
        if self.player.busted:
            self._settle("bust")
        elif self.player.total == 21:
            self.stand()
        return card

    def stand(self) -> str:
        """Stop drawing: the dealer draws until over 16, then the round is settled; returns the result."""
        if self.phase != "player":
            raise ValueError("you can only stand during your turn")
        while dealer_should_draw(self.dealer.cards, 17):
            self.dealer.draw(self.deck)
        mine, theirs = self.player.total, self.dealer.total
        if self.dealer.blackjack:
            result = "dealer_blackjack"
        elif theirs is None:
            result = "dealer_bust"
        else:
            result = "win" if mine > theirs else "lose" if mine < theirs else "push"
        self._settle(result)
        return result

    def _settle(self, result: str) -> None:
        self.result = result
        kind = DETAILED[result]
        if kind == "blackjack":
            self.bankroll = self.bankroll + self.bet * 1.5  # the sheet's arithmetic: 100 + 50 * 1.5 = 175.0
        elif kind == "win":
            self.bankroll = self.bankroll + self.bet
        elif kind == "lose":
            self.bankroll = self.bankroll - self.bet
        self.history.append((self.round, self.bet, result, self.bankroll))
        self.phase = "over" if self.over else "done"

    def autoplay_round(self, betting: Betting = "timid", policy: int = 17,
                       strategy: Optional[Decider] = None) -> str:
        """Play one whole round with a betting style and a stand threshold, or by a player's `decide`; the result."""
        if strategy is None:  # checked before the round starts: a bad style leaves no round half begun
            betting = check_betting(betting, self.min_bet)
            _hits(policy)
        self.start_round()
        if strategy is not None:
            self.place_bet(strategy.decide(decision_of(self)))
            while self.phase == "player" and strategy.decide(decision_of(self)):
                self.hit()
        else:
            self.place_bet(bet_for(self.bankroll, betting, self.goal, self.min_bet))
        while self.phase == "player" and hand_total(self.player.cards) < policy and strategy is None:
            self.hit()
        if self.phase == "player":
            self.stand()
        return self.result


def money(amount) -> str:
    """Money as the sheet prints it: 100€, 175.0€."""
    return f"{amount}€"
