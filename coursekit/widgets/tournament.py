"""Lesson 03 widget: play source 004's 100 EUR tournament, with the exact chance to double shown after every round."""

from __future__ import annotations

import html
from fractions import Fraction
from functools import lru_cache

import ipywidgets as w

from coursekit.tournament import Tournament, bet_for, doubling_chances, money
from coursekit.widgets.common import hand_html
from coursekit.widgets.common import CourseWidget, MessageBar, choice_button, seed_box, seed_from

RESULT_TEXT = {"blackjack": "Blackjack! You won with Blackjack!", "dealer_bust": "Dealer busted, you won!",
               "win": "You win!", "lose": "Dealer wins!", "dealer_blackjack": "Dealer won with Blackjack!",
               "bust": "You busted, you lost!", "push": "Standoff! You get your bet back."}


@lru_cache(maxsize=8)
def chances(betting: str) -> dict:
    """Exact doubling chances from every bankroll reachable from 100€ (goal 200, minimum bet 10)."""
    return doubling_chances(betting)


@lru_cache(maxsize=256)
def chance_from(betting: str, bankroll) -> float:
    """The exact chance to reach 200€ from a bankroll, betting one way from now on."""
    known = chances(betting)
    if bankroll in known:
        return float(known[bankroll])
    return float(doubling_chances(betting, start=bankroll, goal=200)[bankroll])


class TournamentWidget(CourseWidget):
    """What the two tournament widgets share: the seed box and New tournament, the round's controls (Next round,
    the bet box, where Enter bets what is typed or the minimum when it is empty, Bet, Hit, Stand), the round's
    status, board, log and message, and how they are switched and drawn for the game's phase."""

    def _build_controls(self, seed: int) -> None:
        self.seed = seed_box(seed)
        self.new = w.Button(description="New tournament", icon="refresh")
        self.next = w.Button(description="Next round", button_style="primary", icon="play")
        self.amount = w.Text(value="", placeholder="Enter = 10", description="bet €", layout=w.Layout(width="180px"))
        self.bet = w.Button(description="Bet", button_style="info")
        self.hit = choice_button("Hit")
        self.stand = choice_button("Stand")
        self.status = w.HTML()
        self.board = w.HTML()
        self.rounds_log = w.HTML()
        self.message = MessageBar()
        self.on_click(self.new, self.restart)
        self.on_click(self.next, self.next_round)
        self.on_click(self.bet, self.place_bet)
        self.on_enter(self.amount, self.place_bet)  # Enter in the bet box bets, as the console does
        self.on_click(self.hit, self.hit_card)
        self.on_click(self.stand, self.stand_hand)

    def _new_game(self) -> bool:
        """A new tournament with cards from the seed box; False (and a message) when the seed is refused."""
        try:
            seed = seed_from(self.seed)
        except ValueError as error:
            if not hasattr(self, "game"):  # the constructor's own seed: a programming error, not a typed one
                raise
            self.message.show(f"{error}.", "error")
            return False
        self.game = Tournament(seed=seed)
        return True

    def render_round(self) -> None:
        """Switch the controls for the game's phase and draw the hands (the dealer's only after the player's turn)."""
        phase = self.game.phase
        self.next.disabled = phase in ("bet", "player", "over")
        self.amount.disabled = self.bet.disabled = phase != "bet"
        self.hit.disabled = self.stand.disabled = phase != "player"
        board = hand_html("You", self.game.player) if self.game.player.cards else ""
        if self.game.dealer.cards:  # the dealer draws only after the player's turn (source text 004)
            board += hand_html("Dealer", self.game.dealer)
        self.board.value = board

    def show_result(self, prefix: str = "") -> None:
        """The message for a settled round: its result, and the tournament's end when it is over."""
        game = self.game
        text = prefix + RESULT_TEXT[game.result]
        if game.phase == "over":
            text += (f" You have {money(game.bankroll)}, you at least doubled your money!" if game.won else
                     f" You have {money(game.bankroll)} left: the tournament is lost.")
        kind = ("win" if game.result in ("blackjack", "dealer_bust", "win") else  # blue / vermillion / grey
                "lose" if game.result in ("lose", "dealer_blackjack", "bust") else "info")
        self.message.show(text, kind)


class TournamentTable(TournamentWidget):
    """Source 004's tournament: Next round, type a bet, Bet (or Enter), then Hit or Stand; or let timid/bold play."""

    def __init__(self, seed: int = 4) -> None:
        self._build_controls(seed)
        self.timid = w.Button(description="Auto round: timid", tooltip="bet 10€, hit below 17")
        self.bold = w.Button(description="Auto round: bold", tooltip="bet what you need, hit below 17")
        self.on_click(self.timid, lambda: self.autoplay("timid"))
        self.on_click(self.bold, lambda: self.autoplay("bold"))
        rows = [w.HBox([self.new, self.seed]), self.status,
                w.HBox([self.next, self.amount, self.bet, self.hit, self.stand]), self.board, self.message,
                w.HBox([self.timid, self.bold]), self.rounds_log]
        super().__init__(rows)
        self.restart()

    # --- actions ---------------------------------------------------------------------------------
    def restart(self) -> None:
        """A new tournament with 100€ and cards from the seed box."""
        if not self._new_game():
            return
        self.message.show("You have 100€ in your pocket. Try to double it! Press Next round.")
        self.render()

    def _guard(self, action, *args) -> bool:
        try:
            action(*args)
        except ValueError as error:
            self.message.show(str(error)[:1].upper() + str(error)[1:] + ".", "error")
            return False
        return True

    def next_round(self) -> None:
        """Deal the player's first card; the bet comes next."""
        if self._guard(self.game.start_round):
            self.message.show(f"Round {self.game.round}: your first card is {self.game.player.cards[0].name}. "
                              f"Bet from {money(self.game.min_bet)} to {money(self.game.bankroll)}.")
        self.render()

    def place_bet(self) -> None:
        """Bet the amount in the box (empty: the minimum) and get the second card."""
        if self.game.phase != "bet":
            self.message.show("Press Next round first: you bet after your first card.", "error")
            return
        if self._guard(self.game.place_bet, self.amount.value):
            self.after_move("Hit or Stand?")
        self.render()

    def hit_card(self) -> None:
        """One more card."""
        if self._guard(self.game.hit):
            self.after_move("Hit or Stand?")
        self.render()

    def stand_hand(self) -> None:
        """Stop; the dealer draws until over 16."""
        if self._guard(self.game.stand):
            self.after_move("")
        self.render()

    def autoplay(self, betting: str) -> None:
        """Play one round the timid or the bold way (hit below 17)."""
        if self.game.phase in ("bet", "player"):
            self.message.show("Finish this round first.", "error")
            return
        if self.game.over:
            self.message.show("The tournament is over: press New tournament.", "error")
            return
        bet = bet_for(self.game.bankroll, betting, self.game.goal, self.game.min_bet)
        self.game.autoplay_round(betting)
        self.after_move("", f"{betting.capitalize()} bet {money(bet)}: ")
        self.render()

    def after_move(self, prompt: str, prefix: str = "") -> None:
        """The message after a move: the round's result when it is settled, else the prompt."""
        game = self.game
        if game.phase == "player":
            self.message.show(f"{prefix}Your hand is worth {game.player.total}. {prompt}")
            return
        self.show_result(prefix)

    # --- view ------------------------------------------------------------------------------------
    def render(self) -> None:
        """Redraw money, chances, cards, buttons and the round log."""
        self.render_round()
        game = self.game
        phase = game.phase
        self.timid.disabled = self.bold.disabled = phase in ("bet", "player", "over")
        odds = ""
        if not game.over and phase not in ("bet", "player"):
            b = _key(game.bankroll)
            odds = (f" &nbsp; Exact chance to reach 200€ from here: timid {chance_from('timid', b):.1%}, "
                    f"bold {chance_from('bold', b):.1%}.")
        self.status.value = (f'<span style="font-size:1.2em">Round <b>{game.round}</b> &nbsp; '
                             f'Money: <b>{html.escape(money(game.bankroll))}</b>{odds}</span>')
        rows = "".join(f"<tr><td>{r}</td><td>{html.escape(money(bet))}</td><td>{RESULT_TEXT[res]}</td>"
                       f"<td>{html.escape(money(after))}</td></tr>" for r, bet, res, after in game.history[-8:])
        head = "<tr><th>round</th><th>bet</th><th>result</th><th>money</th></tr>"
        self.rounds_log.value = f"<table cellpadding='4'>{head}{rows}</table>" if rows else ""


def _key(bankroll):
    """A bankroll as the chains key it (175.0 -> 175, 122.5 -> Fraction(245, 2))."""
    return int(bankroll) if float(bankroll).is_integer() else Fraction(bankroll)
