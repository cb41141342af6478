"""Lesson 04-05 widgets: deal coups and see the table cell that decided; exact odds by decks, and a simulation."""

from __future__ import annotations

import html

import ipywidgets as w

from coursekit.baccarat import (
    OUTCOMES, PUBLISHED_COMBINATIONS, BaccaratShoe, Coup, banker_draws, card_value, drawing_table, exact_odds,
    frequencies, hand_value, house_edge, play_coup, source_banker_draws, source_rule_for, simulate,
)
from coursekit.plots.baccarat import DRAW, DRAW_TEXT, STAND, STAND_TEXT
from coursekit.widgets.common import CourseWidget, MessageBar, Worker, card_html, progress_bar, seed_box, seed_from

# source text 001's script rule, with its bug, next to the casino rule
RULES = {"casino rule (Punto Banco)": banker_draws, "the script's rule (with its bug)": source_banker_draws}
CELL = "width:2.1em;height:1.7em;text-align:center;font-family:sans-serif;font-weight:bold;"


def table_html(rule=banker_draws, highlight: tuple | None = None) -> str:
    """The banker's table as an HTML grid (pale green: draw, as in plots.baccarat); `highlight` = (banker_total,
    column index) gets a black frame."""
    table = drawing_table(rule)
    head = "".join(f'<th style="{CELL}">{html.escape(c)}</th>' for c in table.columns)
    rows = []
    for total in range(8):
        cells = []
        for col in range(len(table.columns)):
            draws = table.draws[total][col]
            style = CELL + (f"background:{DRAW};color:{DRAW_TEXT};" if draws else
                            f"background:{STAND};color:{STAND_TEXT};")
            if highlight == (total, col):
                style += "outline:4px solid #222222;outline-offset:-4px;"
            cells.append(f'<td style="{style}">{"D" if draws else "S"}</td>')
        rows.append(f'<tr><th style="{CELL}">{total}</th>{"".join(cells)}</tr>')
    label = "rank" if table.by_rank else "value"
    return (f'<table style="border-collapse:separate;border-spacing:2px">'
            f'<tr><th></th><th colspan="{len(table.columns)}" style="font-family:sans-serif">'
            f"player's third card ({label}); none = the player stood</th></tr>"
            f'<tr><th style="{CELL}">B</th>{head}</tr>{"".join(rows)}</table>'
            '<div style="font-size:0.9em;color:#555">rows: banker\'s two-card total; D draws, S stands</div>')


class CoupTable(CourseWidget):
    """Deal coups from a seeded shoe; the banker's table lights up the cell that decided the banker's draw."""

    def __init__(self, seed: int = 1, decks: int = 8) -> None:
        self.decks = decks
        self.seed = seed_box(seed)
        self.rule = w.Dropdown(options=list(RULES), value=list(RULES)[0], description="rule",
                               layout=w.Layout(width="320px"))
        self.deal = w.Button(description="Deal", button_style="primary", icon="play")
        self.reset = w.Button(description="Reset", icon="refresh")
        self.board = w.HTML()
        self.table = w.HTML()
        self.tally = w.HTML()
        self.message = MessageBar()
        self.on_click(self.deal, self.deal_coup)
        self.on_click(self.reset, self.restart)
        self.on_change(self.rule, self.restart)
        controls = w.HBox([self.deal, self.reset, self.seed, self.rule])
        self.message.add_class("course-result")  # the explanation of the framed cell (the result on a dashboard)
        super().__init__([controls, w.HBox([self.board, self.table.add_class("course-result")]), self.tally,
                          self.message])
        self.restart()

    def restart(self) -> None:
        """A fresh shoe from the seed box; the tally goes back to zero."""
        try:
            self.shoe = BaccaratShoe(self.decks, seed=seed_from(self.seed))
        except ValueError as error:  # e.g. a negative seed typed into the box
            self.message.show(f"{error}.", "error")
            return
        self.coup: Coup | None = None
        self.cell: tuple | None = None
        self.counts = {k: 0 for k in OUTCOMES}
        self.message.show(f"New {self.decks}-deck shoe (seed {self.seed.value}). Press Deal.")
        self.render()

    def deal_coup(self) -> None:
        """Deal one coup and explain the banker's decision."""
        reshuffled = self.shoe.start_coup()
        rule = RULES[self.rule.value]
        self.coup = coup = play_coup(self.shoe, rule=rule)
        self.counts[coup.outcome] += 1
        self.cell = None
        prefix = "Cut card: new shoe. " if reshuffled else ""
        if coup.natural:
            self.message.show(prefix + "A natural (8 or 9 on two cards): nobody draws, the table is not used.")
        else:
            self.cell = (hand_value(coup.banker[:2]), drawing_table(rule).column_of(_rank(coup.player_third)))
            self.message.show(prefix + explain(coup, rule), "ok")
        self.render()

    def render(self) -> None:
        """Redraw the cards, the table with the deciding cell and the tally."""
        rule = RULES[self.rule.value]
        self.table.value = table_html(rule, self.cell)
        if self.coup is None:
            self.board.value = '<div style="width:27em;font-size:1.1em">No coup yet.</div>'
        else:
            c = self.coup
            verdict = {"player": "Player wins", "banker": "Banker wins", "tie": "Tie (égalité)"}[c.outcome]
            self.board.value = (
                '<div style="width:27em">'
                f'{_hand_row("Player", c.player, c.player_total)}{_hand_row("Banker", c.banker, c.banker_total)}'
                f'<div style="font-size:1.3em;font-weight:bold;margin-top:0.5em">{verdict}</div></div>')
        total = sum(self.counts.values())
        self.tally.value = (f'<span style="font-size:1.1em">Coups: <b>{total}</b> &nbsp; banker {self.counts["banker"]}'
                            f' &nbsp; player {self.counts["player"]} &nbsp; tie {self.counts["tie"]}'
                            f' &nbsp; cards left: {self.shoe.remaining}</span>')


def _rank(card) -> str | None:
    return None if card is None else card.rank


def explain(coup: Coup, rule=banker_draws) -> str:
    """Why the banker drew or stood in a coup without a natural, with the source's rule for that column."""
    banker, third = hand_value(coup.banker[:2]), coup.player_third
    verb = "draws" if coup.banker_drew else "stands"
    column = source_rule_for(None if third is None else card_value(third))
    if third is None:
        why = f"The player stood; banker on {banker} {verb} (the script's rule 1: draw on 0-5)"
    else:
        why = (f"Player's third card {third.rank} (value {card_value(third)}), banker on {banker}: {verb} "
               f"(the script's rule {column.number}: draw on 0-{column.banker_max})")
    if rule(banker, _rank(third)) != banker_draws(banker, _rank(third)):
        why += " -- but the script's code gets this cell wrong"
    return why + "."


def _hand_row(title: str, cards, total: int) -> str:
    tiles = "".join(card_html(card) for card in cards)
    return (f'<div style="margin:0.4em 0;white-space:nowrap"><b style="display:inline-block;width:4.5em;'
            f'font-size:1.05em">{title}</b>'
            f'{tiles}<span style="font-size:1.2em;margin-left:0.5em">= {total}</span></div>')


SIMULATION_STEP = 1 << 20  # coups per step: baccarat.simulate's chunk, so the streamed coups are its coups
STREAM_TIME = 0.2          # seconds between two updates while a simulation runs


class OddsExplorer(CourseWidget):
    """Exact odds and house edges for any number of decks (instant), and a simulation to hold against them.

    Simulate answers at once ("Simulating ..."), then streams: a progress bar and the shares so far every 0.2 s,
    the exact odds staying in view. Inside a kernel the simulation runs in the background, so moving the slider
    stops it and shows the new exact odds at once (`wait()` waits for a running simulation, e.g. in a test).
    """

    def __init__(self, decks: int = 8, coups: int = 1_000_000, seed: int = 1, background: bool | None = None) -> None:
        self.decks = w.IntSlider(value=decks, min=1, max=24, description="decks", continuous_update=True)
        self.rule = w.Dropdown(options=list(RULES), value=list(RULES)[0], description="rule",
                               layout=w.Layout(width="320px"))
        self.coups = w.Dropdown(options=[("100 000", 100_000), ("1 million", 1_000_000), ("5 million", 5_000_000)],
                                value=coups, description="coups", layout=w.Layout(width="200px"))
        self.seed = seed_box(seed)
        self.simulate = w.Button(description="Simulate", button_style="primary", icon="play")
        self.view = w.HTML()
        self.progress = progress_bar("dealing")
        self.message = MessageBar()
        self.simulated: dict | None = None
        self.partial: tuple[dict, int] | None = None  # (counts so far, coups in all) while a simulation runs
        self.worker = Worker(self._guarded, background=background)
        self.on_change(self.decks, self.update)
        self.on_change(self.rule, self.update)
        self.on_click(self.simulate, self.run_simulation)
        super().__init__([w.HBox([self.decks, self.rule]), w.HBox([self.simulate, self.coups, self.seed]),
                          self.view, self.progress, self.message])
        self.update()

    def update(self) -> None:
        """Recompute the exact odds for the slider's decks; an old simulation no longer applies (a running one
        stops)."""
        self.worker.stop()
        self.partial = None
        self.progress.layout.visibility = "hidden"
        self.odds = exact_odds(self.decks.value, RULES[self.rule.value])
        self.edges = {bet: house_edge(bet, self.decks.value, RULES[self.rule.value]) for bet in OUTCOMES}
        self.simulated = None
        self.message.show(f"Exact odds for a full {self.decks.value}-deck shoe. Press Simulate to deal "
                          f"{self.coups.value:,} coups and compare.")
        self.render()

    def run_simulation(self) -> None:
        """Simulate the chosen number of coups with the seed, in steps, and show them next to the exact odds."""
        from coursekit.rng import as_generator

        try:
            as_generator(seed_from(self.seed))
        except ValueError as error:  # e.g. a negative seed typed into the box
            self.simulated = None
            self.message.show(f"Cannot simulate. {error}.", "error")
            self.render()
            return
        coups = int(self.coups.value)
        self.message.show(f"Simulating {coups:,} coups (seed {self.seed.value}) ...")   # at once
        self.simulated, self.partial = None, ({k: 0 for k in OUTCOMES}, coups)
        self.render()
        self.worker.start(self.simulation(coups, self.decks.value, RULES[self.rule.value], int(self.seed.value)))

    def simulation(self, coups: int, decks: int, rule, seed: int):
        """The coups of baccarat.simulate(coups, seed=seed) in its own steps; progress and shares every 0.2 s."""
        import time

        from coursekit.rng import as_generator

        token = self.worker.token
        rng, counts, dealt = as_generator(seed), {k: 0 for k in OUTCOMES}, 0
        shown = time.perf_counter()
        if coups > SIMULATION_STEP:
            self.worker.show(token, lambda: self._progress(0, coups))
        while dealt < coups:
            n = min(SIMULATION_STEP, coups - dealt)
            for outcome, count in simulate(n, decks=decks, seed=rng, rule=rule, progress=False).items():
                counts[outcome] += count
            dealt += n
            if dealt < coups and time.perf_counter() - shown > STREAM_TIME:
                shown, so_far = time.perf_counter(), dict(counts)
                self.worker.show(token, lambda: self._partial(so_far, dealt, coups))
            yield
        self.worker.show(token, lambda: self._finish(counts, coups, seed))

    def _progress(self, dealt: int, coups: int) -> None:
        self.progress.max, self.progress.value = coups, dealt
        self.progress.layout.visibility = "visible"

    def _partial(self, counts: dict, dealt: int, coups: int) -> None:
        self.partial = (counts, coups)
        self._progress(dealt, coups)
        self.message.show(f"Simulating {coups:,} coups: {dealt:,} dealt ...")
        self.render()

    def _finish(self, counts: dict, coups: int, seed: int) -> None:
        """Show a finished simulation next to the exact odds."""
        self.simulated, self.partial = counts, None
        self.progress.layout.visibility = "hidden"
        freq = frequencies(self.simulated)
        worst = max(abs(p - float(self.odds[k])) / se for k, (p, se) in freq.items())
        kind = "ok" if worst <= 3 else "info"
        self.message.show(f"Simulated {coups:,} coups (seed {seed}): every share is within "
                          f"{worst:.1f} standard errors of the exact odds.", kind)
        self.render()

    def wait(self, timeout: float | None = 60) -> None:
        """Wait until the simulation running in the background (if any) is shown."""
        self.worker.wait(timeout)

    def render(self) -> None:
        """The table: outcome, exact probability, published figure, simulated share, bet, house edge."""
        decks = self.decks.value
        published = PUBLISHED_COMBINATIONS.get(decks) if RULES[self.rule.value] is banker_draws else None
        total = sum(published.values()) if published else None
        freq = frequencies(self.simulated) if self.simulated else None
        running = self.partial is not None
        if running and sum(self.partial[0].values()):
            freq = frequencies(self.partial[0])          # the coups dealt so far
        th = 'style="padding:0.2em 0.8em;text-align:right"'
        head = ["outcome", "exact", "published", "simulated", "house edge of the bet"]
        rows = [f'<tr>{"".join(f"<th {th}>{h}</th>" for h in head)}</tr>']
        payouts = {"player": "1:1", "banker": "1:1 less 5%", "tie": "8 to 1"}
        for k in ("banker", "player", "tie"):
            pub = f"{published[k] / total:.6f}" if published else "-"
            sim = f"{freq[k][0]:.6f} ± {freq[k][1]:.6f}" if freq else ("…" if running else "-")
            edge = f"{float(self.edges[k]) * 100:.4f}% ({payouts[k]})"
            cells = [k, f"{float(self.odds[k]):.6f}", pub, sim, edge]
            rows.append(f'<tr>{"".join(f"<td {th}>{c}</td>" for c in cells)}</tr>')
        so_far = (f"; simulated so far: {sum(self.partial[0].values()):,} of {self.partial[1]:,} coups" if running
                  else "")
        self.view.value = (f'<table style="font-size:1.1em;font-family:sans-serif">{"".join(rows)}</table>'
                           f'<div style="color:#555">{decks} deck(s), {52 * decks} cards; ± is one standard '
                           f"error; published: Wizard of Odds / casinoexploit.com combinations{so_far}.</div>")
