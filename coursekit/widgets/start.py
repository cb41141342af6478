"""Lesson 00 widget: a smoke test that proves widgets render and answer in this JupyterLab."""

from __future__ import annotations

import ipywidgets as w

from coursekit.cards import Shoe
from coursekit.widgets.common import CourseWidget, MessageBar, card_html, seed_box, seed_from


class WidgetCheck(CourseWidget):
    """Deal a few cards from a seeded shoe: if the cards appear, widgets work here."""

    def __init__(self, seed: int = 2026, cards: int = 3) -> None:
        self.seed = seed_box(seed)
        self.how_many = w.IntSlider(value=cards, min=1, max=8, description="cards")
        self.deal = w.Button(description="Deal", button_style="primary", icon="play")
        self.table = w.HTML()
        self.message = MessageBar()
        self.clicks = 0
        self.dealt: list = []
        self.on_click(self.deal, self.deal_cards)
        super().__init__([w.HBox([self.deal, self.how_many, self.seed]), self.table, self.message])
        self.message.show("Press Deal. If cards appear below, widgets work in this JupyterLab.")

    def deal_cards(self) -> None:
        """Deal `how_many` cards from a fresh shoe shuffled with the seed."""
        try:
            shoe = Shoe(1, seed=seed_from(self.seed))
        except ValueError as error:  # e.g. a negative seed typed into the box
            self.message.show(f"{error}.", "error")
            return
        self.dealt = [shoe.draw() for _ in range(self.how_many.value)]
        self.clicks += 1
        self.table.value = "".join(card_html(c) for c in self.dealt)
        self.message.show(f"Widgets work: you dealt {self.clicks} time(s). The same seed deals the same cards.",
                          "ok")
