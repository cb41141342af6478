"""Lesson 06-07 widgets: a move-set explorer (game graph, period, strategy table) and a step-by-step playout."""

from __future__ import annotations

import ipywidgets as w

from coursekit.graphs import grid_width
from coursekit.colours import text_colour
from coursekit.plots.game_graph import BLUE, RED, draw_game_graph, draw_playout, game_graph_step
from coursekit.plots.legibility import LESSON_WIDTH_PX
from coursekit.rng import as_random
from coursekit.subtraction import (
    DEFAULT_GAME,
    Playout,
    State,
    SubtractionGame,
    mixed,
    optimal_for,
    random_for,
    source_random_player,
)
from coursekit.widgets.common import CourseWidget, FigureText, LiveImage, MessageBar, figure_png, seed_box, seed_from

BLUE_TEXT, RED_TEXT = text_colour(BLUE), text_colour(RED)  # the colours as text (>= 4.5:1, issue 30)

MAX_MOVE = 30  # keeps the explorer's numbers on one screen
EDGE_OPTIONS = (("winning moves", "winning"), ("moves from N", "from"), ("all moves (a tangle)", "all"),
                ("no edges", "none"))
ACROSS = 16  # numbers per row of the explorer's graph, at most (two periods of 3-5-11: N = 60 in four rows)
MAX_ASK = 10_000  # predict mode: the hidden number asked about, at most


def strategy_table_html(game: SubtractionGame, across: bool = False) -> str:
    """The source's Table 2 for any move set: residue class, colour, moves to subtract.

    `across`: one column per residue class (three rows, for a page with little height), when the period has at
    most 16 classes.
    """
    start, length = game.period()
    note = f" (for n &ge; {start + game.move_set[-1]}; below that only moves d &le; n count)"
    if across and length <= 16:
        cell = 'style="padding:0.1em 0.55em;text-align:center;white-space:nowrap'
        table = game.strategy_table()
        row = lambda head, cells: (f'<tr><th {cell};text-align:left">{head}</th>'  # noqa: E731
                                   + "".join(cells) + "</tr>")
        residues = row(f"n mod {length}", [f'<td {cell}">{r}</td>' for r, _ in table])
        colours = row("colour", [f'<td {cell};color:{BLUE_TEXT if m else RED_TEXT};font-weight:bold">'
                                 f'{"blue" if m else "red"}'
                                 f"</td>" for _, m in table])
        moves = row("subtract", [f'<td {cell}">{", ".join(map(str, m)) if m else "-"}</td>' for _, m in table])
        return (f'<div><b>Strategy table: n mod {length} &rarr; subtract</b>{note}; '
                f'"-": no winning move, play on and hope'
                f'<table style="border-collapse:collapse;margin-top:0.3em">{residues}{colours}{moves}</table></div>')
    rows = []
    for residue, moves in game.strategy_table():
        colour = BLUE_TEXT if moves else RED_TEXT
        what = ", ".join(map(str, moves)) if moves else "- (no win: play on and hope)"
        rows.append(f'<tr><td style="padding:0 0.8em">{residue}</td>'
                    f'<td style="padding:0 0.8em;color:{colour};font-weight:bold">{"blue" if moves else "red"}</td>'
                    f'<td style="padding:0 0.8em">{what}</td></tr>')
    th = '<th style="padding:0 0.8em;text-align:left">'
    return (f'<div><b>Strategy table: n mod {length} &rarr; subtract</b>{note}'
            f'<table style="border-collapse:collapse;margin-top:0.3em"><tr>{th}n mod {length}</th>{th}colour</th>'
            f'{th}subtract d</th></tr>{"".join(rows)}</table></div>')


class MoveSetExplorer(CourseWidget):
    """Type a move set and slide N: the coloured game graph, the period and the strategy table follow.

    The graph is drawn `width_px` wide (the page's room: a lesson's output area by default), up to 16 numbers a
    row, so N = 60 takes four rows and the table below it stays on a 720 px high screen.

    `predict=True`: the explorer asks for the colour of a number `ask` beyond the graph and hides the period and
    the strategy table (which would give it away) until the learner presses red or blue and Check
    (`.predict_colour("red")` from Python).
    """

    def __init__(self, moves: str = "3, 5, 11", limit: int = 40, dpi: int = 100,
                 width_px: float = LESSON_WIDTH_PX - 8, predict: bool = False, ask: int = 100) -> None:
        self.dpi = dpi  # picture resolution: 100 in a lesson, more on a projector
        self.width_px = width_px
        self.moves = w.Text(value=moves, description="moves", placeholder="e.g. 3, 5, 11", continuous_update=False,
                            layout=w.Layout(width="260px"))
        self.limit = w.IntSlider(value=limit, min=5, max=60, description="N", continuous_update=False)
        self.edges = w.Dropdown(options=EDGE_OPTIONS, value="winning", description="edges",
                                layout=w.Layout(width="260px"))
        self.graph = LiveImage(format="png", layout=w.Layout(max_width="100%"))
        self.graph_text = FigureText(self.graph)  # the graph in words (issue 30)
        self.summary = w.HTML()
        self.table = w.HTML()
        self.graph.add_class("course-result")  # the graph and its strategy table: what a dashboard keeps in view
        self.table.add_class("course-result")
        self.message = MessageBar()
        self.game = DEFAULT_GAME
        self.predict, self.revealed = bool(predict), not predict
        self.guesses: list[tuple[int, str, bool]] = []  # predict mode: (number, colour guessed, right)
        self.ask = w.BoundedIntText(value=ask, min=1, max=MAX_ASK, description="colour of n =",
                                    layout=w.Layout(width="200px"), style={"description_width": "initial"})
        self.colour = w.ToggleButtons(options=["red", "blue"], value=None, style={"button_width": "70px"},
                                      tooltips=["red: the player to move loses with best play",
                                                "blue: the player to move can force a win"])
        self.check = w.Button(description="Check", button_style="primary", icon="check")
        self._pictures: dict[tuple, bytes] = {}  # (moves, N, edges) -> PNG, so sliding back is instant
        for control in (self.moves, self.limit, self.edges):
            self.on_change(control, self.update)
        self.on_change(self.ask, self.hide)
        self.on_click(self.check, self.check_colour)
        rows = [w.HBox([self.moves, self.limit, self.edges], layout=w.Layout(flex_flow="row wrap"))]
        if self.predict:
            rows.append(w.HBox([self.ask, self.colour, self.check], layout=w.Layout(flex_flow="row wrap")))
        super().__init__([*rows, self.message, self.summary, self.graph, self.graph_text, self.table])
        self.update()

    def figure(self, game: SubtractionGame, limit: int, edges: str):
        """The game graph figure as the widget draws it: up to 16 numbers a row, as wide as the widget's room."""
        columns = grid_width(game, ACROSS)
        step = game_graph_step(min(columns, limit + 1), self.width_px, self.dpi)
        return draw_game_graph(game, limit, edges=edges, width=columns, step=step, show_period=self.revealed)

    def picture(self, game: SubtractionGame, limit: int, edges: str) -> bytes:
        """The game graph as PNG bytes (the last 64 are remembered, so sliding back is instant)."""
        key = (game.move_set, limit, edges, self.revealed)
        if key not in self._pictures:
            if len(self._pictures) >= 64:
                self._pictures.pop(next(iter(self._pictures)))
            self._pictures[key] = figure_png(self.figure(game, limit, edges), tight=False, dpi=self.dpi)
        return self._pictures[key]

    def update(self) -> None:
        """Read the controls; on a bad move set show why and keep the last good picture."""
        try:
            game = SubtractionGame(self.moves.value)
        except ValueError as error:
            self.message.show(f"{error}. Type distinct positive whole numbers, e.g. 3, 5, 11.", "error")
            return
        if game.move_set[-1] > MAX_MOVE:
            self.message.show(f"moves up to {MAX_MOVE} fit on the screen, not {game.move_set[-1]}.", "error")
            return
        changed = game != self.game
        self.game = game
        if self.predict and changed:
            self.revealed = False  # a new move set: a new question
        self.message.clear()
        self.show_text()
        self.graph.value = self.picture(game, int(self.limit.value), self.edges.value)
        limit = int(self.limit.value)
        red = game.losing_positions(limit)
        shown = ", ".join(map(str, red[:40])) + (", ..." if len(red) > 40 else "")
        self.graph_text.say(f"Picture of the game graph for the moves {', '.join(map(str, game.move_set))}, "
                            f"n = 0 to {limit - 1} (moves drawn: {self.edges.value}). {len(red)} red numbers, where "
                            f"the player to move loses: {shown}. The other {limit - len(red)} numbers are blue.")
        if not self.revealed:
            self.message.show(f"Predict: is {self.ask.value} red or blue for the moves "
                              f"{', '.join(map(str, game.move_set))}? Read the pattern in the graph, pick a colour "
                              f"and press Check.")

    def show_text(self) -> None:
        """The summary line and the strategy table; in predict mode, before the guess, without the period."""
        game, limit = self.game, int(self.limit.value)
        red = ", ".join(map(str, game.losing_positions(limit + 1)))
        moves = ", ".join(map(str, game.move_set))
        if not self.revealed:
            self.summary.value = (f'<div style="font-size:1.05em">Moves <b>{moves}</b>: period hidden until you '
                                  f'guess. <span style="color:{RED_TEXT}">Red</span> numbers up to {limit}: '
                                  f'{red}</div>')
            self.table.value = "<div><i>The strategy table appears once you have guessed.</i></div>"
            return
        start, length = game.period()
        self.summary.value = (
            f'<div style="font-size:1.05em">Moves <b>{moves}</b>: period '
            f'<b>{length}</b> from n = <b>{start}</b>. <span style="color:{RED_TEXT}">Red</span> numbers up to '
            f'{limit}: '
            f'{red}</div>')
        self.table.value = strategy_table_html(game, across=True)

    def hide(self) -> None:
        """A new number asked about: hide the period and the table again."""
        self.revealed = not self.predict
        self.colour.value = None
        self.update()

    def check_colour(self) -> None:
        """Predict mode: say whether the guessed colour of the asked number is right and why, then reveal."""
        n, guess = int(self.ask.value), self.colour.value
        if guess is None:
            self.message.show("Pick red or blue first, then press Check.", "error")
            return
        truth = "red" if self.game.is_losing(n) else "blue"
        start, length = self.game.period()
        self.guesses.append((n, guess, guess == truth))
        residue = start + (n - start) % length if n >= start else n
        why = (f"the colours repeat every {length} numbers from n = {start}, so {n} has the colour of {residue}"
               if n >= start else f"{n} lies before the repeat starts (n = {start})")
        self.revealed = True
        self.show_text()
        self.graph.value = self.picture(self.game, int(self.limit.value), self.edges.value)  # now with the period
        if guess == truth:
            self.message.show(f"Right: {n} is {truth}: {why}.", "ok")
        else:
            self.message.show(f"Not quite: {n} is {truth}, not {guess}: {why}.", "lose")

    def predict_colour(self, colour: str) -> str:
        """Predict mode from Python: pick "red" or "blue", press Check; returns the message shown."""
        if colour not in ("red", "blue"):
            raise ValueError(f"colour must be 'red' or 'blue', not {colour!r}")
        self.colour.value = colour
        self.check_colour()
        return self.message.text


def strategy_choices(game: SubtractionGame = DEFAULT_GAME) -> dict:
    """The players offered in the playout widget, by name."""
    choices = {"optimal": optimal_for(game), "random": random_for(game), "mixed(0.5)": mixed(0.5, game),
               "mixed(0.9)": mixed(0.9, game)}
    if game == DEFAULT_GAME:
        choices["the article's random (buggy)"] = source_random_player  # source text 003's R code
    return choices


class PlayoutWidget(CourseWidget):
    """Two strategies play the 3-5-11 game from a start number: Step, Play to end, Reset; drawn as Abbildung 5."""

    def __init__(self, player1: str = "random", player2: str = "optimal", start: int = 22, seed: int = 1,
                 game: SubtractionGame = DEFAULT_GAME, dpi: int = 100) -> None:
        self.dpi = dpi  # picture resolution: 100 in a lesson, more on a projector
        self.game = game
        self.choices = strategy_choices(game)
        names = list(self.choices)
        self.player1 = w.Dropdown(options=names, value=player1, description="player 1")
        self.player2 = w.Dropdown(options=names, value=player2, description="player 2")
        self.start = w.BoundedIntText(value=start, min=1, max=200, description="start n",
                                      layout=w.Layout(width="180px"))
        self.seed = seed_box(seed)
        self.step = w.Button(description="Step", button_style="primary", icon="step-forward")
        self.play = w.Button(description="Play to end", button_style="success", icon="fast-forward")
        self.reset = w.Button(description="Reset", icon="refresh")
        self.status = w.HTML()
        self.picture = LiveImage(format="png", layout=w.Layout(max_width="100%"))  # natural size: sharp
        self.picture_text = FigureText(self.picture)  # the playout in words (issue 30)
        self.message = MessageBar()
        self.on_click(self.step, self.step_once)
        self.on_click(self.play, self.play_to_end)
        self.on_click(self.reset, self.restart)
        for control in (self.player1, self.player2, self.start, self.seed):
            self.on_change(control, self.restart)
        super().__init__([w.HBox([self.player1, self.player2]), w.HBox([self.start, self.seed]),
                          w.HBox([self.step, self.play, self.reset]), self.message, self.status, self.picture,
                          self.picture_text])
        self.restart()

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        return self.game.is_over(self.state)

    @property
    def playout(self) -> Playout:
        """The game so far (winner None while it runs)."""
        winner = self.game.winner(self.state) if self.over else None
        return Playout(tuple(self.course), tuple(self.moves), winner, self.game)

    def restart(self) -> None:
        """Back to the start number with a fresh random stream from the seed box."""
        start = int(self.start.value)
        if start < 1:
            self.message.show(f"start n must be at least 1, not {start}", "error")
            return
        try:
            self.rng = as_random(seed_from(self.seed))
        except ValueError as error:  # e.g. a negative seed typed into the box
            self.message.show(f"{error}.", "error")
            return
        self.state: State = self.game.start(start)
        self.course, self.moves = [start], []
        self.message.show(f"{self.player1.value} (player 1) against {self.player2.value} (player 2) from "
                          f"n = {start}. Press Step or Play to end.")
        self.render()

    def step_once(self, render: bool = True) -> None:
        """One move by the player whose turn it is."""
        if self.over:
            self.message.show("The game is over: press Reset (or change a setting) to play again.", "error")
            return
        name = (self.player1 if self.state.player == 1 else self.player2).value
        before = self.state.n
        move = self.choices[name](before, self.rng)
        self.state = self.game.play(self.state, move)
        self.course.append(self.state.n)
        self.moves.append(move)
        verdict = self.playout.verdicts()[-1]
        remark = {"win": "a winning move", "mistake": "a mistake: it throws the win away",
                  "no win": "no win was possible"}[verdict]
        if self.over:
            winner = self.game.winner(self.state)
            label = (self.player1 if winner == 1 else self.player2).value
            self.message.show(f"{name} subtracts {move}: {before} → {self.state.n}. "
                              f"Player {winner} ({label}) wins.", "win")
        else:
            self.message.show(f"{name} subtracts {move}: {before} → {self.state.n} ({remark}).")
        if render:
            self.render()

    def play_to_end(self) -> None:
        """Step until the game is over."""
        if self.over:
            self.message.show("The game is over: press Reset (or change a setting) to play again.", "error")
            return
        while not self.over:
            self.step_once(render=False)
        self.render()

    def render(self) -> None:
        """Redraw the course and the status line."""
        n = self.state.n
        if self.over:
            text = f"Game over after {len(self.moves)} moves."
        else:
            wins = self.game.winning_moves(n)
            hint = (f"winning moves: subtract {' or '.join(map(str, wins))}" if wins
                    else "no winning move: every move leaves a blue number")
            text = (f"n = <b>{n}</b>, player {self.state.player} to move "
                    f'(<span style="color:{BLUE_TEXT if wins else RED_TEXT}">{"blue" if wins else "red"}</span>; '
                    f'{hint}).')
        self.status.value = f'<div style="font-size:1.05em">{text}</div>'
        self.step.disabled = self.play.disabled = self.over
        self.picture.value = figure_png(draw_playout(self.playout, names=self.column_names()), tight=False,
                                        dpi=self.dpi)
        movers = self.column_names() * len(self.moves)
        steps = "; ".join(f"{who} subtracts {move}: {before} to {before - move} ({verdict})" for who, move, before,
                          verdict in zip(movers, self.moves, self.course, self.playout.verdicts()))
        self.picture_text.say(f"Picture of the playout from n = {self.course[0]}, {len(self.moves)} moves so "
                              f"far{': ' + steps if steps else ''}. Now n = {n}."
                              + (" Game over." if self.over else ""))

    def column_names(self) -> tuple[str, str]:
        """Headings of the picture's two columns: the strategies (numbered when both play the same one)."""
        first, second = self.player1.value, self.player2.value
        return (first, second) if first != second else (f"{first} (1)", f"{second} (2)")
