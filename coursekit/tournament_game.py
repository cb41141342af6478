"""Source 004's tournament as a game of the protocol: one seat, a bet decision after the first card, then hit/stand.

The state is a running coursekit.tournament.Tournament (changed in place by `play`: the deck is its chance). What
the player is shown (`observe`):

- ``{"decision": "bet", "bankroll": 100, "first_card": "7", "goal": 200, "min_bet": 10}`` -> an int bet from
  min_bet to the bankroll;
- ``{"decision": "hit", "bankroll": 100, "bet": 20, "cards": ("7", "K"), "goal": 200, "min_bet": 10}`` -> True to
  hit, False to stand (cards are ranks "A", "2", ..., "10", "J", "Q", "K").

A game is one whole tournament; it is won when the bankroll reaches the goal.
"""

from __future__ import annotations

from typing import Any, Optional, Union

from coursekit.game_protocol import BadMove, shown
from coursekit.tournament import MIN_BET, START, Tournament

MAX_TOURNAMENT_ROUNDS = 10_000  # rounds of one tournament before it counts as not reached (timid play needs ~93)


class TournamentGame:
    """The tournament from `start` to `goal` with bets from `min_bet`, played by one player (seat 0)."""

    seats = 1

    def __init__(self, start: int = START, goal: int = 2 * START, min_bet: int = MIN_BET) -> None:
        self.start_money, self.goal, self.min_bet = start, goal, min_bet

    def __repr__(self) -> str:
        return f"TournamentGame(start={self.start_money}, goal={self.goal}, min_bet={self.min_bet})"

    def start(self, seed: Any = None) -> Tournament:
        """A fresh tournament with its deck seeded, at its first decision (the bet after the first card)."""
        t = Tournament(self.start_money, self.goal, self.min_bet, seed=seed)
        t.start_round()
        return t

    def moves(self, t: Tournament) -> tuple:
        """The whole-number bets from min_bet to the bankroll, or (True, False): hit or stand."""
        if self.is_over(t):
            return ()
        return tuple(range(self.min_bet, int(t.bankroll) + 1)) if t.phase == "bet" else (True, False)

    def play(self, t: Tournament, move: Union[int, bool]) -> Tournament:
        """Bet or hit/stand, then play on to the next decision (or the end); the tournament changes in place."""
        if t.phase == "bet":
            t.place_bet(move)
        elif move:
            t.hit()
        else:
            t.stand()
        if t.phase == "done" and t.round < MAX_TOURNAMENT_ROUNDS:
            t.start_round()
        return t

    def is_over(self, t: Tournament) -> bool:
        """The goal reached, below the minimum bet, or MAX_TOURNAMENT_ROUNDS played."""
        return t.over or (t.phase == "done" and t.round >= MAX_TOURNAMENT_ROUNDS)

    def winner(self, t: Tournament) -> Optional[int]:
        """Seat 0 once the goal is reached, else None."""
        return 0 if t.won else None

    def to_move(self, t: Tournament) -> int:
        """The only player, seat 0."""
        return 0

    def seat(self, t: Tournament) -> int:
        """The only seat, 0."""
        return 0

    def observe(self, t: Tournament) -> dict:
        """A bet decision after the first card, or a hit decision with two or more cards in hand."""
        bankroll = int(t.bankroll) if float(t.bankroll).is_integer() else float(t.bankroll)
        if t.phase == "bet":
            return {"decision": "bet", "bankroll": bankroll, "first_card": t.player.cards[0].rank,
                    "goal": self.goal, "min_bet": self.min_bet}
        return {"decision": "hit", "bankroll": bankroll, "bet": t.bet,
                "cards": tuple(c.rank for c in t.player.cards), "goal": self.goal, "min_bet": self.min_bet}

    def check(self, t: Tournament, move: Any) -> Union[int, bool]:
        """A bet: an int from min_bet to the bankroll; a hit decision: a bool. BadMove otherwise."""
        if t.phase == "bet":
            if isinstance(move, bool) or not isinstance(move, int):
                raise BadMove("garbage", f"answered {shown(move)} ({type(move).__name__}) to a bet decision; a bet "
                                         f"is an int from {self.min_bet} to the bankroll")
            if not self.min_bet <= move <= t.bankroll:
                raise BadMove("illegal", f"bet {move} with {t.bankroll} EUR; bets go from {self.min_bet} to "
                                         f"{t.bankroll}")
            return move
        if not isinstance(move, bool):
            raise BadMove("garbage", f"answered {shown(move)} ({type(move).__name__}) to a hit decision; say True "
                                     f"(hit) or False (stand)")
        return move

    def score(self, t: Tournament) -> float:
        """1 when the goal was reached."""
        return 1.0 if t.won else 0.0
