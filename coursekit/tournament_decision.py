"""The tournament's one decision shape: the dict a player is shown, and `decide`, the one way a player answers it.

A decision of source 004's tournament is the plain dict `decision_of(tournament)` makes (the arena's
TournamentGame.observe returns exactly this, and a learner's bot receives it):

- ``{"decision": "bet", "bankroll": 100, "first_card": "7", "goal": 200, "min_bet": 10}`` -> an int bet from
  min_bet to the bankroll;
- ``{"decision": "hit", "bankroll": 100, "bet": 20, "cards": ("7", "K"), "goal": 200, "min_bet": 10}`` -> True to
  hit, False to stand (cards are ranks "A", "2", ..., "10", "J", "Q", "K").

Every tournament player of the course answers it with `player.decide(decision)`: the exact optimum
(coursekit.tournament_optimal.TournamentStrategy), the search player (coursekit.tournament_search.RoundSearch), the
arena's built-in bots, the console's and the widget's advice. A `Decider` answers from its `.bet(bankroll,
first_card)` and `.hits(bankroll, bet, cards)`.
"""

from __future__ import annotations

from typing import Any, Mapping, Union

KINDS = ("bet", "hit")


def decision_of(tournament: Any) -> dict:
    """The decision a running coursekit.tournament.Tournament waits for: its bet after the first card, or hit/stand."""
    t = tournament
    if t.phase not in ("bet", "player"):
        raise ValueError(f"the tournament waits for no decision in phase {t.phase!r}; decisions come in phases "
                         f"'bet' and 'player'")
    bankroll = int(t.bankroll) if float(t.bankroll).is_integer() else float(t.bankroll)
    if t.phase == "bet":
        return {"decision": "bet", "bankroll": bankroll, "first_card": t.player.cards[0].rank,
                "goal": t.goal, "min_bet": t.min_bet}
    return {"decision": "hit", "bankroll": bankroll, "bet": t.bet,
            "cards": tuple(c.rank for c in t.player.cards), "goal": t.goal, "min_bet": t.min_bet}


def kind_of(decision: Mapping) -> str:
    """"bet" or "hit": what the decision asks; ValueError for anything that is not a decision of this shape."""
    kind = decision.get("decision") if isinstance(decision, Mapping) else None
    if kind not in KINDS:
        raise ValueError(f"a tournament decision is a dict with 'decision' set to 'bet' or 'hit' (as decision_of "
                         f"makes it), not {decision!r}")
    return kind


class Decider:
    """A tournament player: `decide(decision)` answers the one decision shape from the subclass's `.bet` and `.hits`."""

    def decide(self, decision: Mapping) -> Union[int, bool]:
        """The answer to a decision (see the module docstring): an int bet, or True to hit and False to stand."""
        if kind_of(decision) == "bet":
            return self.bet(decision["bankroll"], decision["first_card"])
        return self.hits(decision["bankroll"], decision["bet"], decision["cards"])
