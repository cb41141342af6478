"""Lesson 02 widgets: a playable blackjack table and a superposition explorer for hands."""

from __future__ import annotations

import ipywidgets as w

from coursekit.blackjack import Hand, all_totals, dealer_should_draw, hand_total, hard_total, is_soft
from coursekit.cards import RANKS, Shoe, rank_of
from coursekit.colours import LOSE_TEXT, WIN_TEXT
from coursekit.superposition import eigenstates
from coursekit.widgets.common import (CourseWidget, MessageBar, choice_button, hand_html, rank_html, seed_box,
                                      seed_from)


class BlackjackTable(CourseWidget):
    """Play source text 000's blackjack: Deal, Hit, Stand; the dealer plays out; the running total is kept."""

    def __init__(self, seed: int = 1, decks: int = 4) -> None:
        self.decks = decks
        self.seed = seed_box(seed)
        self.deal = w.Button(description="Deal", button_style="primary", icon="play")
        self.hit = choice_button("Hit", disabled=True)
        self.stand = choice_button("Stand", disabled=True)
        self.reset = w.Button(description="Reset", icon="refresh")
        self.board = w.HTML()
        self.score = w.HTML()
        self.message = MessageBar()
        self.on_click(self.deal, self.deal_round)
        self.on_click(self.hit, self.hit_card)
        self.on_click(self.stand, self.stand_hand)
        self.on_click(self.reset, self.restart)
        controls = w.HBox([self.deal, self.hit, self.stand, self.reset, self.seed])
        for result in (self.board, self.message):  # the hands and the outcome: what a dashboard keeps in view
            result.add_class("course-result")
        super().__init__([controls, self.board, self.score, self.message])
        self.restart()

    # --- actions ---------------------------------------------------------------------------------
    def restart(self) -> None:
        """A fresh shoe from the seed box, total back to 0."""
        try:
            self.shoe = Shoe(self.decks, seed=seed_from(self.seed))
        except ValueError as error:  # e.g. a negative seed typed into the box
            self.message.show(f"{error}.", "error")
            return
        self.player, self.dealer = Hand(), Hand()
        self.total, self.rounds, self.last_score = 0.0, 0, None
        self.phase = "idle"
        self.message.show(f"New {self.decks}-deck shoe (seed {self.seed.value}). Press Deal.")
        self.render()

    def deal_round(self) -> None:
        """Start a round: dealer one card up and one down, player two cards."""
        if self.phase == "player":
            self.message.show("Finish this hand first: Hit or Stand.", "error")
            return
        shuffled = self.shoe.remaining < 52
        if shuffled:
            self.shoe.reshuffle()
        self.player, self.dealer = Hand(), Hand()
        self.dealer.draw(self.shoe)
        self.dealer.draw(self.shoe)
        self.player.draw(self.shoe)
        self.player.draw(self.shoe)
        self.phase = "player"
        if self.player.blackjack:
            self.finish("Blackjack! ")
        else:
            self.ask("Shuffled (fewer than 52 cards were left). " if shuffled else "")
        self.render()

    def ask(self, prefix: str = "") -> None:
        """Say what the table waits for: the player's hand and "Hit or Stand?"."""
        self.message.show(f"{prefix}You have {self.player.describe()}. Hit or Stand?")

    def hit_card(self) -> None:
        """Draw a card for the player; a bust ends the hand."""
        if self.phase != "player":
            self.message.show("Press Deal to start a hand first.", "error")
            return
        self.player.draw(self.shoe)
        if self.player.busted:
            self.finish("Busted! You lose whatever the dealer draws. ")
        elif self.player.total == 21:  # as in the console game: nothing better to do, so nothing is asked
            self.finish("21: you stand. ")
        else:
            self.ask()
        self.render()

    def stand_hand(self) -> None:
        """Stop drawing; the dealer plays out."""
        if self.phase != "player":
            self.message.show("Press Deal to start a hand first.", "error")
            return
        self.message.clear()
        self.finish()
        self.render()

    def finish(self, prefix: str = "") -> None:
        """Dealer draws below 17 (as in the seed, even after a player bust; never against a natural), then scores."""
        while not self.player.blackjack and dealer_should_draw(self.dealer.cards):
            self.dealer.draw(self.shoe)
        self.last_score = self.player.settle(self.dealer)
        self.total += self.last_score
        self.rounds += 1
        self.phase = "done"
        verdict = {1.5: "Blackjack pays 3:2", 1: "You win", 0: "Push", -1: "Dealer wins"}[self.last_score]
        kind = "win" if self.last_score > 0 else ("lose" if self.last_score < 0 else "info")  # blue, vermillion, grey
        self.message.show(f"{prefix}{verdict}: score {self.last_score:+g}.", kind)

    # --- view ------------------------------------------------------------------------------------
    def render(self) -> None:
        """Redraw the hands, buttons and score line."""
        hide = self.phase == "player"
        self.board.value = hand_html("Dealer", self.dealer, hide_second=hide) + hand_html("You", self.player)
        self.hit.disabled = self.stand.disabled = self.phase != "player"
        self.deal.disabled = self.phase == "player"
        self.score.value = (f'<span style="font-size:1.15em">Rounds: <b>{self.rounds}</b> &nbsp; Total: '
                            f'<b>{self.total:+g}</b> &nbsp; Cards left in the shoe: {self.shoe.remaining}</span>')


EXPLORER_CARDS = 52  # cards the superposition explorer shows at once


class SuperpositionExplorer(CourseWidget):
    """Add cards to a hand and watch its superposition of totals grow; busted states drop out."""

    def __init__(self, cards: str = "") -> None:
        self.rank_buttons = [w.Button(description=r, layout=w.Layout(width="44px")) for r in RANKS]
        for button in self.rank_buttons:
            self.on_click(button, lambda rank=button.description: self.add(rank))
        self.text = w.Text(value=cards, description="cards", placeholder="e.g. A, A, 7",
                           continuous_update=False, layout=w.Layout(width="320px"))
        self.clear = w.Button(description="Clear", icon="eraser")
        self.view = w.HTML()
        self.message = MessageBar()
        self.ranks: list[str] = []
        self.on_change(self.text, lambda: self.set_cards(self.text.value))
        self.on_click(self.clear, lambda: self.set_cards(""))
        super().__init__([w.HBox(self.rank_buttons), w.HBox([self.text, self.clear]), self.view, self.message])
        self.set_cards(cards)

    def add(self, rank: str) -> None:
        """Add one card of the given rank."""
        self.text.value = ", ".join(self.ranks + [rank])

    def set_cards(self, text: str) -> None:
        """Read a comma- or space-separated list of ranks; a bad one shows a message and changes nothing."""
        parts = [p for p in text.replace(",", " ").split() if p]
        try:
            ranks = [rank_of(p) for p in parts]
        except ValueError:
            bad = next(p for p in parts if not _is_rank(p))
            self.message.show(f"{bad!r} is not a card. Use A, 2-10, J, Q or K, separated by commas.", "error")
            return
        if len(ranks) > EXPLORER_CARDS:
            self.message.show(f"The explorer shows up to {EXPLORER_CARDS} cards (a whole pack), not {len(ranks):,}.",
                              "error")
            return
        self.ranks = ranks
        self.message.clear()
        if self.text.value != ", ".join(ranks) and parts == ranks:
            self.text.value = ", ".join(ranks)
        self.render()

    @property
    def states(self) -> tuple:
        """All totals of the current hand."""
        return eigenstates(all_totals(self.ranks))

    def render(self) -> None:
        """Show the totals: live ones in blue, busted ones struck through in vermillion (the course's colours)."""
        if not self.ranks:
            self.view.value = "<p>Add cards with the buttons or type them in the box.</p>"
            return
        chips = []
        for total in self.states:
            if total <= 21:
                chips.append(f'<span style="color:{WIN_TEXT};font-weight:bold">{total}</span>')
            else:
                chips.append(f'<span style="color:{LOSE_TEXT};text-decoration:line-through">{total}</span>')
        aces = self.ranks.count("A")
        best = hand_total(self.ranks)
        kind = "busted" if best is None else ("soft" if is_soft(self.ranks) else "hard")
        self.view.value = (
            f'<div style="font-size:1.2em;line-height:1.7">'
            f'{"".join(rank_html(r) for r in self.ranks)}<br>'
            f'all totals: any({", ".join(chips)})<br>'
            f'{aces} ace(s): 2<sup>{aces}</sup> = {2 ** aces} ways to count them, {aces + 1} distinct totals<br>'
            f'best total: <b>{best if best is not None else "busted"}</b> ({kind}; hard total '
            f'{hard_total(self.ranks)})</div>'
        )


def _is_rank(text: str) -> bool:
    try:
        rank_of(text)
        return True
    except ValueError:
        return False
