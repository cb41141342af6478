"""Lesson 10 widget: play source 004's tournament with the exactly optimal advice on or off; watch the chance to win.

After every step (first card, bet, hit, stand, end of round) the widget shows the exact chance to win the
tournament from there with best play, from the solved Markov decision process (coursekit.tournament_optimal), and
what a decision that differs from the advice gave away.
"""

from __future__ import annotations

import html
from typing import Optional

import ipywidgets as w

from coursekit.tournament import money, optimal_strategy
from coursekit.tournament_decision import decision_of, kind_of
from coursekit.widgets.common import FigureText, LiveImage, canvas_png
from coursekit.widgets.tournament import TournamentWidget


class AdvisedTournament(TournamentWidget):
    """The 100 EUR tournament with optimal advice: Next round, Bet, Hit, Stand or "Play the advice"; chance plotted.

    Drive it from Python: `t.next.click()`, `t.amount.value = "60"`, `t.bet.click()`, `t.hit.click()`,
    `t.advice.value = False`; read `t.chance` (now), `t.chances` (after each step), `t.given_away` (the chance
    lost by decisions that differ from the advice), `t.message.text`.
    """

    def __init__(self, seed: int = 4, advice: bool = True, show_plot: bool = True) -> None:
        self.strategy = optimal_strategy()
        self._build_controls(seed)
        self.advice = w.Checkbox(value=advice, description="show the optimal advice", indent=False)
        self.follow = w.Button(description="Play the advice", tooltip="make the advised move (next round, bet, hit "
                                                                      "or stand)")
        self.tip = w.HTML()
        self.show_plot = show_plot
        self.plot = LiveImage(format="png", layout=w.Layout(width="700px"))
        self.plot.add_class("course-result")  # the chance line: what a dashboard keeps in view
        self.plot_text = FigureText(self.plot)  # the chance line in words (issue 30)
        self._path = None
        self.on_click(self.follow, self.play_advice)
        self.on_change(self.advice, self.render)
        rows = [w.HBox([self.new, self.seed, self.advice]), self.status, self.tip,
                w.HBox([self.next, self.amount, self.bet, self.hit, self.stand, self.follow]), self.board,
                self.message, self.plot, self.plot_text, self.rounds_log]
        super().__init__(rows)
        self.restart()

    # --- the chance to win, step by step -----------------------------------------------------------------------
    @property
    def chance(self) -> float:
        """The exact chance to win from the current state with best play from now on."""
        game, s = self.game, self.strategy
        if game.over or game.phase in ("idle", "done"):
            return s.chance(game.bankroll)
        decision = decision_of(game)
        if kind_of(decision) == "bet":
            return s.chance_after_card(decision["bankroll"], decision["first_card"])
        return s.chance_in_hand(decision["bankroll"], decision["bet"], decision["cards"])

    def _record(self, between: bool = False) -> None:
        self.chances.append(self.chance)
        self.between.append(between or self.game.phase in ("done", "over"))

    def _advised(self) -> Optional[str]:
        """The advised move now: "next", "bet N", "hit", "stand", or None when the tournament is over.

        Between rounds the advice is the button "next"; in a round it is the strategy's answer to the tournament's
        decision (coursekit.tournament_decision), as a move of the widget's buttons.
        """
        game = self.game
        if game.over:
            return None
        if game.phase in ("idle", "done"):
            return "next"
        decision = decision_of(game)
        move = self.strategy.decide(decision)
        if kind_of(decision) == "bet":
            return f"bet {move}"
        return "hit" if move else "stand"

    # --- actions -----------------------------------------------------------------------------------------------
    def restart(self) -> None:
        """A new tournament with 100€ and cards from the seed box."""
        if not self._new_game():
            return
        self.chances: list[float] = []
        self.between: list[bool] = []
        self.given_away = 0.0
        self.choices: list[tuple[int, str, str, float]] = []  # (round, your move, advised move, chance given away)
        self._record(between=True)
        self.message.show("You have 100€. Press Next round (or Play the advice).")
        self.render()

    def _note(self, move: str, best: float, mine: float) -> None:
        """Remember a decision and what it gave away against the best one."""
        lost = best - mine if best - mine > 1e-12 else 0.0  # rounding noise is not a mistake
        self.given_away += lost
        self.choices.append((self.game.round, move, self._advised() or "", lost))

    def _error(self, error: ValueError) -> None:
        text = str(error)
        self.message.show(text[:1].upper() + text[1:] + ".", "error")

    def next_round(self) -> None:
        """Deal the player's first card; the bet comes next."""
        try:
            self.game.start_round()
        except ValueError as error:
            self._error(error)
            return self.render()
        self._record()
        game = self.game
        self.message.show(f"Round {game.round}: your first card is {game.player.cards[0].name}. "
                          f"Bet from {money(game.min_bet)} to {money(game.bankroll)}.")
        self.render()

    def place_bet(self, amount=None) -> None:
        """Bet the amount in the box (empty: the minimum) and get the second card."""
        game, s = self.game, self.strategy
        if game.phase != "bet":
            self.message.show("Press Next round first: you bet after your first card.", "error")
            return self.render()
        try:
            bet = game.check_bet(self.amount.value if amount is None else amount)
        except ValueError as error:
            self._error(error)
            return self.render()
        card = game.player.cards[0]
        self._note(f"bet {bet}", s.chance_after_card(game.bankroll, card), s.chance_of_bet(game.bankroll, card, bet))
        game.place_bet(bet)
        self._record()
        self.after_move()

    def hit_card(self) -> None:
        """One more card."""
        self._move("hit")

    def stand_hand(self) -> None:
        """Stop; the dealer draws until over 16."""
        self._move("stand")

    def _move(self, move: str) -> None:
        game = self.game
        if game.phase != "player":
            self.message.show("You can hit or stand only during your hand: press Next round, then Bet.", "error")
            return self.render()
        options = self.strategy.hand_options(game.bankroll, game.bet, game.player.cards)
        self._note(move, max(options.values()), options[move])
        game.hit() if move == "hit" else game.stand()
        self._record()
        self.after_move()

    def play_advice(self) -> None:
        """Make the advised move: next round, the advised bet, hit or stand."""
        move = self._advised()
        if move is None:
            self.message.show("The tournament is over: press New tournament.", "error")
            return self.render()
        if move == "next":
            return self.next_round()
        if move.startswith("bet"):
            self.amount.value = move.split()[1]
            return self.place_bet()
        return self._move(move)

    def after_move(self) -> None:
        """The message after a move: the round's result when it is settled, else the question."""
        game = self.game
        if game.phase == "player":
            self.message.show(f"Your hand is worth {game.player.total}. Hit or Stand?")
            return self.render()
        self.show_result()
        self.render()

    # --- view --------------------------------------------------------------------------------------------------
    def render(self) -> None:
        """Redraw money, chance, advice, cards, buttons, the chance plot and the log."""
        self.render_round()
        game = self.game
        self.follow.disabled = game.over
        start = self.chances[0]
        self.status.value = (f'<span style="font-size:1.2em">Round <b>{game.round}</b> &nbsp; Money: '
                             f'<b>{html.escape(money(game.bankroll))}</b> &nbsp; Chance to win with best play from '
                             f'here: <b>{self.chance:.1%}</b> (at the start {start:.1%}) &nbsp; given away by your '
                             f'choices: <b>{self.given_away:.1%}</b></span>')
        self.tip.value = self._tip_html() if self.advice.value else ""
        rows = "".join(f"<tr><td>{r}</td><td>{html.escape(mine)}</td><td>{html.escape(best)}</td>"
                       f"<td>{lost:.2%}</td></tr>" for r, mine, best, lost in self.choices[-8:] if lost > 0)
        self.rounds_log.value = ("<b>Choices that gave chance away</b><table cellpadding='4'><tr><th>round</th>"
                                 f"<th>you</th><th>advice</th><th>given away</th></tr>{rows}</table>") if rows else ""
        if self.show_plot:
            if self._path is None:
                from coursekit.plots.tournament import ChancePath

                self._path = ChancePath()
            self.plot.value = canvas_png(self._path.update(self.chances, self.between))
            steps = ", ".join(f"{chance:.1%}" for chance in self.chances[-12:])
            more = "... " if len(self.chances) > 12 else ""
            self.plot_text.say(f"Picture of the chance to win with best play after each choice, {len(self.chances)} "
                               f"point{'s' if len(self.chances) != 1 else ''}: {more}{steps}. Now {self.chance:.1%}; "
                               f"given away by your "
                               f"choices {self.given_away:.1%}.")

    def _tip_html(self) -> str:
        game, s = self.game, self.strategy
        move = self._advised()
        if move is None:
            return ""
        d = None if move == "next" else decision_of(game)
        if d is None:
            text = "Advice: press Next round."
        elif kind_of(d) == "bet":
            text = (f"Advice: {move}€ (chance {s.chance_after_card(d['bankroll'], d['first_card']):.1%}; the minimum "
                    f"bet gives {s.chance_of_bet(d['bankroll'], d['first_card'], d['min_bet']):.1%}).")
        else:
            options = s.hand_options(d["bankroll"], d["bet"], d["cards"])
            text = (f"Advice: {move} (stand {options['stand']:.1%}, take a card {options['hit']:.1%}).")
        return f'<span style="font-size:1.15em;color:#6a1b9a"><b>{html.escape(text)}</b></span>'
