"""Lesson 08-09 widget: grow a Monte Carlo search tree on the 3-5-11 game one iteration at a time."""

from __future__ import annotations

import html

import ipywidgets as w

from coursekit.mcts import MCTS, Iteration, ucb1
from coursekit.colours import LOSE_TEXT as LOSE
from coursekit.colours import NEUTRAL_TEXT as NEUTRAL
from coursekit.colours import WIN_TEXT as WIN
from coursekit.plots.legibility import LESSON_WIDTH_PX
from coursekit.subtraction import SubtractionGame
from coursekit.widgets.common import CourseWidget, FigureText, LiveImage, MessageBar, canvas_png, seed_box, seed_from

MAX_START = 200
PAD = "padding:0.1em 0.9em 0.1em 0;text-align:left"  # table cells


TRACE_COLUMNS = ("iteration", "1. selection", "2. expansion", "3. simulation", "winner", "4. backpropagation")


def iteration_row(root: int, it: Iteration) -> dict[str, str]:
    """One traced iteration of a search from n = root, a few words per phase: one row of a trace table."""
    walk = [root]
    for d in it.selected:
        walk.append(walk[-1] - d)
    if it.expanded is None:
        expansion = "none: the game is over"
    else:
        expansion = f"{walk[-1]} - {it.expanded} = {walk[-1] - it.expanded}" + (" (shared)" if it.shared else "")
    updates = [f"{root - sum(moves)}: {wins:g}/{visits}" for moves, visits, wins in it.updated if moves]
    return {"iteration": str(it.number),
            "1. selection": " → ".join(map(str, walk)) if it.selected else f"stay at {root}",
            "2. expansion": expansion,
            "3. simulation": " → ".join(str(s.n) for s in it.rollout),
            "winner": f"player {it.winner}",
            "4. backpropagation": ", ".join(updates) or "the root only"}


class TraceTable:
    """Traced iterations as a table: HTML in a notebook, aligned text elsewhere (the wins/visits after each one)."""

    def __init__(self, rows: list[dict[str, str]]) -> None:
        self.rows = rows

    def __repr__(self) -> str:
        widths = {c: max(len(c), *(len(row[c]) for row in self.rows)) for c in TRACE_COLUMNS}
        lines = ["  ".join(c.ljust(widths[c]) for c in TRACE_COLUMNS)]
        lines += ["  ".join(row[c].ljust(widths[c]) for c in TRACE_COLUMNS).rstrip() for row in self.rows]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        head = "".join(f'<th style="{PAD}">{html.escape(c)}</th>' for c in TRACE_COLUMNS)
        body = "".join("<tr>" + "".join(f'<td style="{PAD}">{html.escape(row[c])}</td>' for c in TRACE_COLUMNS)
                       + "</tr>" for row in self.rows)
        return f"<table><tr>{head}</tr>{body}</table>"


def trace_table(search: MCTS, iterations: list[Iteration] | None = None) -> TraceTable:
    """A table of traced iterations (default: the search's whole trace), one row per iteration, one column a phase."""
    root = search.root.state.n
    return TraceTable([iteration_row(root, it) for it in (search.trace if iterations is None else iterations)])


class MCTSStepper(CourseWidget):
    """Step through MCTS on a subtraction game: the tree, the per-move statistics and the last iteration's phases.

    Laid out for a 1280x720 screen: settings and buttons on one line, the move table (never squeezed) beside the
    phases, the tree `width_px` wide (a lesson's output area by default) under them. With `predict=True` Step first
    asks which child of the root selection will step to (or whether it stays at the root), then says why by UCB1.
    """

    def __init__(self, n: int = 22, seed: int = 1, moves=(3, 5, 11), transpositions: bool = False,
                 depth: int = 3, dpi: int = 90, width_px: float = LESSON_WIDTH_PX - 24,
                 predict: bool = False, tree_first: bool = False) -> None:
        self.game = SubtractionGame(moves)
        self.depth = depth
        self.dpi = dpi  # picture resolution: 90 in a lesson, more on a projector
        self.width_px = width_px
        # wide enough for MAX_START's digits and one more (an out-of-range n shows whole, beside its message)
        self.start = w.IntText(value=n, description="start n", style={"description_width": "initial"},
                               layout=w.Layout(width="150px"))
        self.seed = seed_box(seed)
        self.transpositions = w.Checkbox(value=transpositions, description="transpositions", indent=False,
                                         layout=w.Layout(width="130px"))
        compact = {"layout": w.Layout(width="auto", min_width="72px")}  # all controls on one line in a lesson
        self.step = w.Button(description="Step", button_style="primary", tooltip="one iteration", **compact)
        self.run10 = w.Button(description="Run 10", tooltip="ten iterations", **compact)
        self.run100 = w.Button(description="Run 100", tooltip="a hundred iterations", **compact)
        self.reset = w.Button(description="Reset", icon="refresh", tooltip="new tree from start n and the seed",
                              **compact)
        self.phases = w.HTML(layout=w.Layout(flex="1 1 0", min_width="0"))   # takes the rest, wraps its lines
        self.table = w.HTML(layout=w.Layout(flex="0 0 auto"))                 # as wide as its content
        self.tree = LiveImage(format="png", layout=w.Layout(max_width="100%", align_self="flex-start"))  # no blur
        self.tree_text = FigureText(self.tree)  # the tree in words, for screen readers (issue 30)
        self.message = MessageBar()
        self.predict = bool(predict)  # predict mode: Step asks where selection goes before it shows it
        self.guess = w.ToggleButtons(options=[], value=None,
                                     style={"button_width": "auto"})  # where selection goes next
        self.predictions: list[tuple[str, str]] = []  # (picked, what selection did), one per predicted Step
        self.on_click(self.step, self.predicted_step if self.predict else lambda: self.advance(1))
        self.on_click(self.run10, lambda: self.advance(10))
        self.on_click(self.run100, lambda: self.advance(100))
        self.on_click(self.reset, self.restart)
        controls = w.HBox([self.start, self.seed, self.transpositions, self.step, self.run10, self.run100,
                           self.reset], layout=w.Layout(flex_flow="row wrap", align_items="center"))
        asked = [w.HBox([w.HTML("<b>Predict:</b> where will selection go on the next Step?"), self.guess],
                        layout=w.Layout(flex_flow="row wrap", align_items="center"))] if self.predict else []
        self.table.add_class("course-result")  # the verdict and its table: what a dashboard keeps in view
        numbers = w.HBox([self.table, self.phases], layout=w.Layout(align_items="flex-start"))
        # tree_first (a dashboard): tree and numbers in one wrapping row (DEMO_CSS .course-beside): on a wide screen
        # the numbers sit beside the tree, on a 1280x720 projector above it, in view with the buttons after a Step
        shown = ([w.HBox([self.tree, numbers]).add_class("course-beside"), self.tree_text] if tree_first
                 else [numbers, self.tree, self.tree_text])
        super().__init__([controls, *asked, self.message, *shown])
        self.search: MCTS | None = None
        self.view = None  # the kept tree figure (plots.search_tree.SearchTreeFigure), made on the first render
        self.last: Iteration | None = None
        self.restart()

    # --- actions ---------------------------------------------------------------------------------
    def start_problem(self) -> str | None:
        """What is wrong with the start box (the message Reset and every Run show), or None."""
        n = self.start.value
        if not isinstance(n, int) or not 1 <= n <= MAX_START:
            return f"start n must be a whole number from 1 to {MAX_START}, not {n!r}."
        return None

    def restart(self) -> None:
        """A new, empty tree from the start box, seed box and transposition switch."""
        n = self.start.value
        if self.start_problem():
            self.message.show(self.start_problem(), "error")
            return
        try:
            search = MCTS(self.game, seed=seed_from(self.seed), transpositions=bool(self.transpositions.value))
        except ValueError as error:  # e.g. a negative seed typed into the box
            self.message.show(f"{error}.", "error")
            return
        self.search = search
        self.search.reset(self.game.start(n))
        self.last = None
        then = "Pick where selection goes, then press Step." if self.predict else "Press Step to run one iteration."
        self.message.show(f"New search from n = {n} (seed {self.seed.value}). {then}")
        self.render()

    def advance(self, iterations: int) -> None:
        """Run some iterations and show the last one's phases."""
        if self.start_problem():  # the range message, as Reset gives it (not "press Reset", which repeats it)
            self.message.show(self.start_problem(), "error")
            return
        if self.search is None:
            self.message.show("Press Reset to start a search first.", "error")
            return
        if self.start.value != self.search.root.state.n or bool(self.transpositions.value) != \
                self.search.transpositions:
            self.message.show("Start n or the transposition switch changed: press Reset to search again.", "error")
            return
        self.search.run(iterations - 1)
        self.last = self.search.iterate(trace=True)
        done = self.search.iterations
        self.message.show(f"{done} iteration{'s' if done != 1 else ''} so far.", "info")
        self.render()

    def stay_label(self) -> str:
        """The predict choice for a selection that stays at the root."""
        return f"stay at {self.search.root.state.n}"

    def move_label(self, move) -> str:
        """The predict choice for a step from the root to one child."""
        return f"-{move} (to {self.search.root.state.n - move})"

    def ucb1_scores(self) -> dict:
        """UCB1 of each of the root's children now, in the game's move order (what selection compares)."""
        root, c = self.search.root, self.search.exploration
        return {move: ucb1(root.children[move], root.visits, c) for move in self.stats if move in root.children}

    def predicted_step(self) -> None:
        """Predict mode's Step: read the pick, run one iteration, say whether selection went there and why."""
        if self.search is None:
            self.message.show("Press Reset to start a search first.", "error")
            return
        picked = self.guess.value
        if picked is None:
            self.message.show("Pick where selection goes first (the buttons above), then press Step.", "error")
            return
        root = self.search.root
        untried, scores = list(root.untried), self.ucb1_scores()
        before = self.search.iterations
        self.advance(1)
        if self.search.iterations == before:  # refused (a changed setting): advance said why
            return
        went = self.move_label(self.last.selected[0]) if self.last.selected else self.stay_label()
        self.predictions.append((picked, went))
        did = f"took {went}" if self.last.selected else f"stayed at {root.state.n}"
        if untried:
            moves = ", ".join(f"-{m}" for m in sorted(untried))
            which = "untried moves" if len(untried) > 1 else "an untried move"
            why = (f"the root still had {which} ({moves}), "
                   "so selection stays and expansion tries one")
        else:
            listed = ", ".join(f"-{m}: {score:.3f}" for m, score in scores.items())
            best = max(scores.values())
            tie = [m for m, score in scores.items() if score == best]
            why = f"UCB1 before the step was {listed}" + (
                "; a tie goes to the child added first" if len(tie) > 1 else "")
        right = sum(p == g for p, g in self.predictions)
        tally = f"({right} of {len(self.predictions)} right)"
        if picked == went:
            self.message.show(f"Right: selection {did}: {why}. {tally}", "ok")
        else:
            self.message.show(f"Not quite: you picked {picked}; selection {did}: {why}. {tally}", "lose")

    def predict_step(self, picked: str) -> str:
        """Predict mode from Python: pick a choice (as the buttons read) and press Step; returns the message."""
        if picked not in self.guess.options:
            raise ValueError(f"pick one of {list(self.guess.options)}, not {picked!r}")
        self.guess.value = picked
        self.step.click()
        return self.message.text

    # --- what it shows ---------------------------------------------------------------------------
    @property
    def stats(self) -> dict:
        """The root's per-move statistics {move: MoveStats}."""
        return self.search.stats() if self.search is not None else {}

    def phase_lines(self) -> list[str]:
        """The last iteration as four plain-text lines: selection, expansion, simulation, backpropagation."""
        it = self.last
        if it is None:
            return []
        root = self.search.root.state.n
        walk = [root]
        for d in it.selected:
            walk.append(walk[-1] - d)
        selection = " → ".join(str(n) for n in walk)
        if it.selected:
            selection = f"1. Selection (UCB1): {selection}"
        else:
            selection = f"1. Selection: stay at {root} (it still has untried moves)"
        if it.expanded is not None and it.shared:
            expansion = (f"2. Expansion: {walk[-1]} - {it.expanded} = {walk[-1] - it.expanded}, a position already "
                         f"in the table: linked, its statistics shared")
        elif it.expanded is not None:
            expansion = f"2. Expansion: new node {walk[-1]} - {it.expanded} = {walk[-1] - it.expanded}"
        else:
            expansion = f"2. Expansion: none ({walk[-1]} ends the game)"
        course = " → ".join(str(s.n) for s in it.rollout)
        last = it.rollout[-1]
        who = f"player {it.winner} wins" + (" (made 0)" if last.n == 0 else f" (the other player went to {last.n})")
        simulation = f"3. Simulation (random moves): {course}: {who}"
        updates = ", ".join(f"{root - sum(moves)}: {wins:g}/{visits}" for moves, visits, wins in it.updated if moves)
        root_visits = next((visits for moves, visits, _ in it.updated if not moves), self.search.root.visits)
        backprop = (f"4. Backpropagation: {root} now has {root_visits} visit{'s' if root_visits != 1 else ''}; "
                    f"wins/visits (for the player who "
                    f"moved there) {updates or 'none below it'}")
        return [selection, expansion, simulation, backprop]

    def tree_words(self) -> str:
        """What the tree picture shows, in words and numbers (its text alternative)."""
        root, iterations = self.search.root, self.search.iterations
        moves = "; ".join(f"-{move} to n = {root.state.n - move}: {s.wins:g} wins in {s.visits} visits "
                          f"(win rate {s.win_rate:.3f})" for move, s in self.stats.items() if s.visits)
        best = f" MCTS would play -{self.search.best_move()}." if iterations else ""
        last = " The last iteration's path is drawn highlighted." if self.last is not None else ""
        return (f"Picture of the MCTS search tree from n = {root.state.n} after {iterations} iteration"
                f"{'s' if iterations != 1 else ''}, {root.visits} visits at the root, drawn {self.depth} levels deep. "
                f"Moves from the root: {moves or 'none tried yet'}.{best}{last}")

    def render(self) -> None:
        """Redraw the statistics table, the phases and the tree."""
        from coursekit.plots.search_tree import SearchTreeFigure

        n = self.search.root.state.n
        winning = self.game.winning_moves(n)
        rows = []
        cell = f"{PAD};white-space:nowrap"
        for i, (move, s) in enumerate(self.stats.items(), start=1):
            colour = WIN if move in winning else LOSE
            rows.append(f'<tr><td style="color:{colour};font-weight:bold;{cell}">-{move}</td><td style="{cell}">'
                        f'p{i} = {s.win_rate:.3f}</td><td style="{cell}">{s.wins:g}/{s.visits}</td></tr>')
        if self.search.iterations:
            best = self.search.best_move()
            verdict = "a winning move" if best in winning else ("no move wins here" if not winning else "a mistake")
            footer = f'<p style="margin:0.3em 0">MCTS would play <b>-{best}</b>: {verdict}.</p>'
        else:
            footer = '<p style="margin:0.3em 0">No iterations yet.</p>'
        colour_note = (f'<span style="color:{WIN}">blue: a winning move exists</span>' if winning else
                       f'<span style="color:{LOSE}">vermillion: no move wins (a red number)</span>')
        body = "".join(rows)
        self.table.value = (f'<div style="margin-right:1.5em;white-space:nowrap"><b>n = {n}</b> ({colour_note})'
                            f'<table style="font-size:1.05em"><tr><th style="{cell}">move</th>'
                            f'<th style="{cell}">win rate</th><th style="{cell}">wins/visits</th></tr>{body}</table>'
                            f'<div style="font-size:0.9em;color:{NEUTRAL}"><span style="color:{WIN}">blue</span>: '
                            f'wins (leaves a red number)<br><span style="color:{LOSE}">vermillion</span>: loses</div>'
                            f'{footer}</div>')
        lines = [line.split(": ", 1) for line in self.phase_lines()]
        self.phases.value = ('<div><b>Last iteration</b><table style="font-size:1.0em">' + "".join(
            f'<tr><td style="{PAD};white-space:nowrap;vertical-align:top">{html.escape(phase)}</td>'
            f'<td style="{PAD}">{html.escape(what)}</td></tr>' for phase, what in lines)
            + "</table></div>") if lines else ""
        if self.view is None:
            self.view = SearchTreeFigure(dpi=self.dpi, width_px=self.width_px)
        self.tree.value = canvas_png(self.view.draw(self.search, depth=self.depth, highlight=self.last))
        self.tree_text.say(self.tree_words())
        if self.predict:  # the next Step's choices: stay at the root, or one of its children
            root = self.search.root
            self.guess.options = [self.stay_label()] + [self.move_label(m) for m in self.stats if m in root.children]
            self.guess.value = None
