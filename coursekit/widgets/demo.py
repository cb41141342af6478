"""Class-demo dashboards: the lesson widgets, large, with a title, a seed box and a Reset on each."""

from __future__ import annotations

import html
from typing import Callable, Optional

import ipywidgets as w

from coursekit.plots.legibility import DASHBOARD_WIDTH_PX
from coursekit.widgets.common import CourseWidget, MessageBar

DEMO_TREE_DPI = 120  # the MCTS tree on a projector: labels about 17 px high, redraws still under 100 ms
DEMO_PICTURE_DPI = 140  # game graph and playout pictures on a projector (100 in the lessons)
DASHBOARD_PICTURE_WIDTH = DASHBOARD_WIDTH_PX - 20  # px: a picture as wide as the dashboard's column, not scaled down

# Scales every ipywidget inside a .course-demo box through ipywidgets' own CSS variables, so controls, labels,
# text and tables grow together (for a projector at the back of a class room).
DEMO_CSS = """<style>
.course-demo {
  --jp-widgets-font-size: 19px;
  --jp-widgets-inline-height: 42px;
  --jp-widgets-inline-label-width: auto;
  --jp-widgets-inline-width: 380px;
  --jp-widgets-inline-width-short: 190px;
  --jp-widgets-slider-handle-size: 22px;
  --jp-widgets-slider-track-thickness: 6px;
  font-size: 19px;
  max-width: 1250px;
}
.course-demo .widget-hbox { flex-wrap: wrap; row-gap: 4px; }  /* a row of controls wraps, never scrolls sideways */
.course-demo .widget-inline-hbox { width: auto !important; margin-right: 14px; }
.course-demo .widget-inline-hbox.widget-slider { width: 440px !important; }
.course-demo .widget-vbox > .jupyter-button { align-self: flex-start; }
.course-demo .widget-inline-hbox .widget-label { padding-right: 6px; }
.course-demo .widget-text input[type=number] { width: 6em; }
.course-demo .widget-text input[type=text] { width: 12em; }
.course-demo .course-number input[type=text] { width: 7em; }  /* a seed or a count: the arena's row stays one line */
.course-demo .widget-dropdown { width: auto !important; }  /* as wide as its longest option: never clipped */
.course-demo .widget-dropdown select { width: auto; min-width: 8em; }
.course-demo .jupyter-button { font-size: 20px; height: 46px; width: auto !important; min-width: 110px;
  padding: 0 18px; margin: 4px; }
.course-demo .widget-html-content { font-size: 19px; line-height: 1.45; }
.course-demo table { font-size: 19px; }
.course-demo input, .course-demo select { font-size: 19px; }
.course-demo img { max-width: 100%; height: auto; }
.course-demo .widget-image { align-self: flex-start; }  /* natural size: a stretched PNG blurs */
body[data-voila] .jp-RenderedMarkdown h1 { font-size: 34px; }
body[data-voila] .jp-RenderedMarkdown p { font-size: 19px; }
.course-demo .course-beside { flex-wrap: wrap; column-gap: 24px; align-items: flex-start; }
.course-demo .course-beside > .widget-hbox { flex: 1 1 0; min-width: 380px; }  /* the numbers beside a picture */
.course-demo .course-beside .widget-hbox > .widget-html + .widget-html { min-width: 420px !important; }  /* or under */
/* a 1250 px column (1280x720): the result above its picture, in view with the buttons after each action */
.course-demo .course-beside > :not(.widget-image) { order: -1; flex-basis: 100%; }
/* a wide screen (1920x1080): the column takes the width, the result beside its picture */
@media (min-width: 1600px) {
  .course-demo { max-width: min(1880px, calc(100vw - 40px)); }
  .course-demo .course-beside { flex-wrap: nowrap; }
  .course-demo .course-beside > :not(.widget-image) { order: 0; flex-basis: 0; }
}
/* reflow (WCAG 1.4.10): at 320 px, or 1280 px at 200% zoom, every control stays in the column, none scrolls */
@media (max-width: 700px) {
  .course-demo { --jp-widgets-inline-width: 100%; }
  .course-demo .widget-inline-hbox, .course-demo .widget-inline-hbox.widget-slider, .course-demo .widget-dropdown {
    width: 100% !important; max-width: 100%; min-width: 0; flex-wrap: wrap; margin: 0 0 4px 0;
    box-sizing: border-box; }
  .course-demo .widget-inline-hbox > :not(.widget-label) { flex: 1 1 8em; min-width: 0; }
  .course-demo .widget-inline-hbox.widget-slider .slider-container { min-width: 10em; }
  .course-demo .widget-text input[type=text], .course-demo .widget-dropdown select { width: 100%; min-width: 0; }
  .course-demo .widget-hbox, .course-demo .widget-vbox { max-width: 100%; min-width: 0; }
  .course-demo .jupyter-button { min-width: 0; }
  .course-demo .widget-html { max-width: 100%; min-width: 0 !important; }
  .course-demo .course-beside > .widget-hbox { min-width: 0; flex-basis: 100%; box-sizing: border-box; }
  .course-demo .course-beside .widget-hbox > .widget-html + .widget-html { min-width: 0 !important; }
  .course-demo .widget-html-content { overflow-x: auto; }  /* a wide table scrolls in its own box (1.4.10's
                                                               exception), its row and the page do not */
}
/* the tournament (1280x720): the hands and the message beside the chance picture, so the picture ends in view */
.course-demo .course-side { flex-wrap: wrap; column-gap: 24px; align-items: flex-start; }
.course-demo .course-side > .widget-vbox { flex: 1 1 360px; min-width: 0; }
.course-demo .course-side > .widget-image { flex: 0 1 auto; }
.course-demo-title h2 { font-size: 30px; margin: 0.2em 0 0.1em 0; }
.course-demo-part h3 { font-size: 24px; margin: 1em 0 0.2em 0; border-bottom: 2px solid #1f4e79; }
.course-demo-part p { font-size: 18px; color: #444; margin: 0 0 0.4em 0; }
</style>"""


class Resettable(CourseWidget):
    """A widget built by `factory`, plus a Reset button that rebuilds it with its first settings.

    The Reset joins the widget's first row of controls (when that row is an HBox), so it sits beside them and
    not under the widget's table or picture, out of view on a 720 px high screen.

    With `restore`, Reset calls `restore(widget)` instead, which puts the first settings back in place (for a widget
    whose kept figure is slow to build anew).
    """

    def __init__(self, factory: Callable[[], w.Widget],
                 restore: Optional[Callable[[w.Widget], None]] = None) -> None:
        self.factory, self.restore = factory, restore
        self.reset = w.Button(description="Reset", icon="refresh", tooltip="back to the first settings")
        self.on_click(self.reset, self.rebuild)
        self.message = MessageBar()
        self.inner = factory()
        super().__init__(self._attach())

    def _attach(self) -> list:
        """The children: the widget with Reset in its first row of controls, or Reset under it."""
        rows = getattr(self.inner, "children", ())
        if rows and isinstance(rows[0], w.HBox):
            if self.reset not in rows[0].children:
                rows[0].children = (*rows[0].children, self.reset)
            return [self.inner, self.message]
        return [self.inner, self.reset, self.message]

    def rebuild(self) -> None:
        """Replace the widget by a fresh one from the factory (or restore it in place)."""
        if self.restore is not None:
            self.restore(self.inner)
            return
        old, self.inner = self.inner, self.factory()
        self.children = [*self._attach(), self.sheet]
        old.close()


class Dashboard(CourseWidget):
    """A demo page: a style block, an optional title and one headed section per widget, all at demo size."""

    def __init__(self, parts: list[tuple[str, str, w.Widget]], title: str = "", intro: str = "") -> None:
        """`parts` are (heading, one-line note, widget); the notebook's markdown usually carries the title."""
        self.parts = {name: widget for name, _, widget in parts}
        heading = f'<div class="course-demo-title"><h2>{html.escape(title)}</h2></div>' if title else ""
        header = w.HTML(DEMO_CSS + heading
                        + (f'<p style="font-size:19px;margin:0">{html.escape(intro)}</p>' if intro else ""))
        boxes: list[w.Widget] = [header]
        for name, note, widget in parts:
            heading = w.HTML(f'<div class="course-demo-part"><h3>{html.escape(name)}</h3>'
                             + (f"<p>{html.escape(note)}</p>" if note else "") + "</div>")
            boxes += [heading, widget]
        super().__init__(boxes)
        self.add_class("course-demo")

    def __getitem__(self, name: str) -> w.Widget:
        return self.parts[name]


def blackjack_dashboard(seed: int = 1) -> Dashboard:
    """Blackjack for class: the source 000 table and source 004's 100€ tournament."""
    from coursekit.widgets.blackjack import BlackjackTable
    from coursekit.widgets.tournament import TournamentTable

    return Dashboard([
        ("Blackjack table", "Deal, then Hit or Stand; the dealer draws below 17. Same seed, same shoe.",
         BlackjackTable(seed=seed)),
        ("The 100€ tournament", "Start with 100€, bet at least 10€, win by doubling. "
         "New tournament is the Reset.", TournamentTable(seed=seed)),
    ])


def baccarat_dashboard(seed: int = 1) -> Dashboard:
    """Baccarat for class: deal coups against the drawing table, then exact odds against a simulation."""
    from coursekit.widgets.baccarat import CoupTable, OddsExplorer

    return Dashboard([
        ("Deal coups", "The framed cell of the banker's table decided the banker's third card.",
         CoupTable(seed=seed)),
        ("Odds by number of decks", "Exact odds follow the slider; Simulate deals coups to compare.",
         Resettable(lambda: OddsExplorer(decks=8, coups=100_000, seed=seed))),
    ])


def subtraction_dashboard(seed: int = 1) -> Dashboard:
    """The 3-5-11 game for class: the coloured game graph of any move set, then strategies playing it out."""
    from coursekit.widgets.subtraction import MoveSetExplorer, PlayoutWidget

    return Dashboard([
        ("Game graph", "Red numbers lose for the player to move. Type another move set or slide N.",
         Resettable(lambda: MoveSetExplorer("3, 5, 11", limit=30, dpi=DEMO_PICTURE_DPI,
                                            width_px=DASHBOARD_PICTURE_WIDTH))),
        ("Playouts", "Two strategies take turns; Step shows each move and whether it was a mistake.",
         PlayoutWidget(player1="random", player2="optimal", start=22, seed=seed, dpi=DEMO_PICTURE_DPI)),
    ])


def mcts_dashboard(seed: int = 1) -> Dashboard:
    """Monte Carlo Tree Search for class: grow the tree one iteration at a time."""
    from coursekit.widgets.mcts import MCTSStepper

    return Dashboard([
        ("MCTS stepper", "Each Step runs selection, expansion, simulation and backpropagation once.",
         MCTSStepper(n=22, seed=seed, dpi=DEMO_TREE_DPI, width_px=DASHBOARD_PICTURE_WIDTH, tree_first=True)),
    ])


def tournament_dashboard(seed: int = 4) -> Dashboard:
    """Lesson 10 for class: source 004's tournament with the exactly optimal advice, and the chance to win per step."""
    from coursekit.widgets.tournament_advice import AdvisedTournament

    return Dashboard([
        ("The 100€ tournament, with the best advice",
         "Bet after your first card, then Hit or Stand; the advice is the exact optimum. The line is your chance "
         "to win the tournament after every step.",
         Resettable(lambda: _hands_beside_chances(AdvisedTournament(seed=seed)),
                    restore=lambda t: _restore_tournament(t, seed))),
    ])


def _hands_beside_chances(tournament):
    """An AdvisedTournament laid out for a dashboard: the hands and the message beside the chance picture (under it
    on a narrow screen), not above it, so the picture ends on a 720 px high screen (53 px below it before)."""
    rows = list(tournament.children)
    at = rows.index(tournament.board)
    if rows[at + 1: at + 3] == [tournament.message, tournament.plot]:
        side = w.HBox([w.VBox([tournament.board, tournament.message]), tournament.plot]).add_class("course-side")
        tournament.children = (*rows[:at], side, *rows[at + 3:])
    return tournament


def _restore_tournament(tournament, seed: int) -> None:
    """An AdvisedTournament back to its first settings, in place: its chance figure is kept (a new one costs 100 ms)."""
    tournament.seed.value, tournament.advice.value, tournament.amount.value = seed, True, ""
    tournament.restart()
