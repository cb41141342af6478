"""The class arena, live (lesson 11, issue 22): a folder of bots plays a round robin while the class watches.

`ArenaDashboard` takes a folder of bot files (each `.py` file or exercise notebook defines `choose(state)`) and
built-in bots by name, a game, rounds and a seed; Start runs `coursekit.arena.Arena` in a background thread (each
file bot in its grading sandbox, the referee in this kernel), and the leaderboard and the picture
(`coursekit.plots.arena.plot_arena`) follow the games as they finish; Stop ends the run after the games in
progress. Any finished game can then be replayed move by move: a subtraction game on its number line
(`coursekit.plots.arena_replay.draw_course`), tic-tac-toe on its board, the tournament round by round. Bad input
(a missing folder, no bots, an unknown built-in) is a message in the widget, never a traceback.

`leaderboard(results, ratings)` is the leaderboard as a table (HTML in a notebook, aligned text elsewhere): lesson 11
shows it, and the dashboard too.
"""

from __future__ import annotations

import html
import re
import threading
import time
from pathlib import Path
from typing import Optional

import ipywidgets as w

from coursekit.colours import HIGHLIGHT, LOSE, LOSE_TEXT, NEUTRAL, WIN, WIN_TEXT, text_colour
from coursekit.widgets.common import (CourseWidget, FigureText, LiveImage, MessageBar, NumberBox, Worker, echo,
                                      figure_png, progress_bar, seed_box, seed_from, whole_number)

GAMES = (("subtraction 3-5-11", "subtraction:3,5,11"), ("subtraction 2-3-7", "subtraction:2,3,7"),
         ("tic-tac-toe", "tictactoe"), ("the 100 EUR tournament", "tournament"))
DEFAULT_BUILTINS = {"subtraction": "random, optimal", "tictactoe": "random, optimal", "tournament": "timid, optimal"}
EXAMPLES = Path(__file__).resolve().parents[2] / "notebooks" / "demos" / "arena_bots"  # the course's example bots
MAX_ROUNDS = 50
MAX_DASHBOARD_GAMES = 20_000  # games one Start may play (a class of 30 bots, 1 round, 6 starts: 5,220)
REFRESH_SECONDS = 1.0  # between two redraws of the leaderboard and the picture while a run goes on
LIVE_BOOTSTRAP = 200  # bootstrap resamples while the run goes on (the final leaderboard uses 1000)
FINAL_BOOTSTRAP = 1000
PICTURE_DPI = 100
MAX_PICTURE_PX = 1000  # the arena picture: ratings and win matrix side by side, no wider
PAD = "padding:0.15em 0.8em 0.15em 0.3em"
SUBTRACTION_KEY = (f'<div style="color:#444;font-size:0.85em">Numbers: <b style="color:{LOSE_TEXT}">the player to move '
                   f'loses</b>, <b style="color:{WIN_TEXT}">can force a win</b>. Arcs: '
                   f'<b style="color:{WIN_TEXT}">could force '
                   f'a win and did</b>, <b style="color:{LOSE_TEXT}">threw a win away</b>, '
                   '<b>no win available</b>.</div>')
ARENA_CSS = """<style>
.course-arena .arena-folder input[type=text] { width: 560px !important; }
.course-arena .arena-builtins input[type=text] { width: 280px !important; }
.course-arena .arena-games select { font-family: monospace; }
/* a dashboard (1280x720): the section scrolls to the top before Start, so the leaderboard and the picture it
   draws below the controls share that first screen (the page was too short to scroll there until they showed) */
.course-demo .course-arena { min-height: calc(100vh - 90px); }
</style>"""


def game_kind(spec: str) -> str:
    """"subtraction", "tictactoe" or "tournament" for a game spec."""
    return spec.split(":")[0]


def example_folder(spec: str) -> str:
    """The course's example bots for a game: arena_bots/<kind> beside the notebook if there is one, else the
    course's own (notebooks/demos/arena_bots/<kind>)."""
    kind = game_kind(spec)
    local = Path("arena_bots") / kind
    return str(local) if local.is_dir() else str(EXAMPLES / kind)


# --- the leaderboard as a table -----------------------------------------------------------------------------------
def _interval_colour(low: float, high: float, middle: float) -> str:
    return text_colour(WIN if low > middle else LOSE if high < middle else NEUTRAL)  # as text: >= 4.5:1


def _elo(value: float) -> str:
    """A rating as a whole number with its sign ("+220", "0", "-265")."""
    whole = int(round(value))
    return f"{whole:+d}" if whole else "0"


class Leaderboard:
    """The leaderboard of an arena run: HTML in a notebook (rows of a group the games cannot separate shaded
    alike), aligned text elsewhere."""

    def __init__(self, rows: list[dict], solo: bool, middle: float = 0.0, note: str = "") -> None:
        self.rows, self.solo, self.middle, self.note = rows, solo, middle, note

    @property
    def columns(self) -> list[str]:
        """The headings, in order."""
        score = ["reached 200", "games"] if self.solo else ["W-D-L", "points"]
        failures = ["failures"] if any(r["failures"] for r in self.rows) else []
        return ["rank", "bot", "rating" if not self.solo else "share", "95% interval", *score, "group", *failures]

    def cells(self, row: dict) -> dict[str, str]:
        """One row's texts by heading."""
        if self.solo:
            values = {"share": f"{row['rating']:.1%}", "95% interval": f"{row['low']:.1%} to {row['high']:.1%}",
                      "reached 200": str(row["wins"]), "games": str(row["games"])}
        else:
            values = {"rating": _elo(row["rating"]), "95% interval": f"{_elo(row['low'])} to {_elo(row['high'])}",
                      "W-D-L": f"{row['wins']}-{row['draws']}-{row['losses']}",
                      "points": f"{row['points']:g} of {row['games']}"}
        if not row["games"]:
            values.update({"rating": "–", "share": "–", "95% interval": "no games yet"})
        return {"rank": str(row["rank"]), "bot": str(row["bot"]), "group": str(row["group"]),
                "failures": row["failures"] or "", **values}

    def __repr__(self) -> str:
        columns = self.columns
        table = [self.cells(row) for row in self.rows]
        widths = {c: max([len(c)] + [len(r[c]) for r in table]) for c in columns}
        lines = ["  ".join(c.ljust(widths[c]) for c in columns).rstrip()]
        lines += ["  ".join(r[c].ljust(widths[c]) for c in columns).rstrip() for r in table]
        return "\n".join(lines + ([self.note] if self.note else []))

    def _repr_html_(self) -> str:
        columns = self.columns
        head = "".join(f'<th style="{PAD};text-align:left">{html.escape(c)}</th>' for c in columns)
        body = []
        for row in self.rows:
            cells = self.cells(row)
            shade = "background:#EDEDED;" if row["group"] % 2 == 0 else ""
            colour = _interval_colour(row["low"], row["high"], self.middle)
            parts = []
            for c in columns:
                style = PAD + (f";color:{colour};font-weight:bold" if c in ("rating", "share") else "")
                parts.append(f'<td style="{style}">{html.escape(cells[c])}</td>')
            body.append(f'<tr style="{shade}">' + "".join(parts) + "</tr>")
        note = f'<p class="arena-partial" style="{PAD}">{html.escape(self.note)}</p>' if self.note else ""
        return (f'<table class="arena-leaderboard" style="border-collapse:collapse"><tr>{head}</tr>'
                + "".join(body) + "</table>" + note)


def leaderboard(results, ratings=None) -> Leaderboard:
    """The leaderboard of arena results (ratings computed with the default bootstrap when not given)."""
    ratings = ratings or results.ratings()
    middle = sum(ratings.rating) / len(ratings.rating) if results.solo and ratings.rating else 0.0
    return Leaderboard(results.leaderboard(ratings), results.solo, middle, arena_note(results))


def arena_note(results) -> str:
    """What a leaderboard of a running or stopped run must say: "partial: N of M games", and who has no games."""
    parts = [results.partial] if results.partial else []
    waiting = results.unranked()
    if waiting:
        parts.append(f"not ranked, no games yet: {', '.join(waiting)}")
    return "; ".join(parts)


# --- replays ------------------------------------------------------------------------------------------------------
def game_label(number: int, record) -> str:
    """One line naming a finished game, for the list of games to replay."""
    if record.second is None:
        result = "reached 200" if record.score == 1 else "did not reach 200"
        return f"{number:>3}. {record.first}, tournament {record.round + 1}: {result}"
    result = "draw" if record.winner is None else f"{record.winner} won"
    if record.reason:
        result += f" ({record.reason})"
    start = f"start {record.start}" if record.start not in ("", None) else "empty board"
    return f"{number:>3}. {record.first} vs {record.second}, {start}, round {record.round + 1}: {result}"


def tournament_rounds(moves: list) -> list[list]:
    """A tournament's decisions split by round: each round starts with its bet (an int), then hit (True) / stand."""
    rounds: list[list] = []
    for move in moves:
        if isinstance(move, bool) and rounds:
            rounds[-1].append(move)
        else:
            rounds.append([move])
    return rounds


def board_html(cells: str, last: Optional[int] = None) -> str:
    """A tic-tac-toe board as a 3 x 3 HTML table (the last move's cell highlighted)."""
    rows = []
    for r in range(3):
        tds = []
        for c in range(3):
            i = 3 * r + c
            mark = cells[i].upper() if cells[i] != "." else ""
            colour = WIN if mark == "X" else "#222222"
            back = HIGHLIGHT if i == last else "white"
            tds.append(f'<td style="width:64px;height:64px;border:2px solid #444;text-align:center;font-size:40px;'
                       f'font-weight:bold;color:{colour};background:{back}">{mark}</td>')
        rows.append("<tr>" + "".join(tds) + "</tr>")
    return '<table style="border-collapse:collapse;margin:0.3em 0">' + "".join(rows) + "</table>"


class ArenaDashboard(CourseWidget):
    """Start a round robin of a folder of bots, watch the leaderboard grow, Stop it, replay any game.

    Inside a kernel the arena runs in a background thread, so every button answers at once; elsewhere (tests) Start
    runs the arena to its end before it returns. `results` and `ratings` hold the last shown standings.
    """

    def __init__(self, folder: Optional[str] = None, builtins: Optional[str] = None,
                 game: str = "subtraction:3,5,11", rounds: int = 1, seed: int = 0, jobs: int = 2,
                 width_px: float = 1230, background: Optional[bool] = None) -> None:
        import coursekit.arena.run  # noqa: F401 - the arena's modules now, so Start answers at once
        import coursekit.plots.arena  # noqa: F401

        self.width_px, self.jobs = width_px, jobs
        self.first = {"folder": folder, "builtins": builtins, "game": game, "rounds": rounds, "seed": seed}
        self.game = w.Dropdown(options=GAMES, value=game, description="game")
        self.folder = w.Text(value=folder if folder is not None else example_folder(game), description="bots folder",
                             placeholder="a folder of .py or .ipynb bots (empty: built-in bots only)")
        self.folder.add_class("arena-folder")
        self.builtins = w.Text(value=builtins if builtins is not None else DEFAULT_BUILTINS[game_kind(game)],
                               description="built-in", placeholder="random, optimal, mcts:100, mixed:0.9")
        self.builtins.add_class("arena-builtins")
        self.rounds = NumberBox(value=str(rounds), description="rounds", placeholder=f"1 to {MAX_ROUNDS}",
                                layout=w.Layout(width="150px"))
        self.seed = seed_box(seed)
        self.start = w.Button(description="Start", button_style="primary", icon="play")
        self.stop = w.Button(description="Stop", icon="stop", disabled=True)
        self.reset = w.Button(description="Reset", icon="refresh", tooltip="back to the first settings")
        self.message = MessageBar()
        self.progress = progress_bar("games")
        self.board = w.HTML()
        self.picture = LiveImage(format="png", layout=w.Layout(max_width="100%", display="none"))  # none drawn yet
        self.picture_text = FigureText(self.picture)  # the pictures in words (issue 30)
        self.progress.layout.display = "none"  # shown only while games run: a finished run's picture sits higher
        self.board.add_class("course-result")  # the leaderboard and its picture: what a dashboard keeps in view
        self.picture.add_class("course-result")
        self.games = w.Select(options=[], rows=7, description="replay", layout=w.Layout(width="100%"))
        self.games.add_class("arena-games")
        self.back = w.Button(description="Back", icon="step-backward", disabled=True)
        self.next = w.Button(description="Next", icon="step-forward", disabled=True)
        self.to_end = w.Button(description="To the end", icon="fast-forward", disabled=True)
        self.replay_status = w.HTML()
        self.replay_picture = LiveImage(format="png", layout=w.Layout(max_width="100%"))
        self.replay_text = FigureText(self.replay_picture)
        self.replay_board = w.HTML()
        self.arena = None
        self.results = None
        self.ratings = None
        self.stopping = threading.Event()
        self.running = False
        self.record = None  # the game being replayed
        self.step = 0  # moves of it shown (rounds for the tournament)
        self.first_feedback_ms: Optional[float] = None
        self.worker = Worker(self._guarded, background=background)
        self.on_click(self.start, self.start_run)
        self.on_click(self.stop, self.stop_run)
        self.on_click(self.reset, self.restart)
        self.on_change(self.game, self.game_changed)
        self.on_change(self.games, self.choose_game)
        self.on_click(self.back, lambda: self.move(-1))
        self.on_click(self.next, lambda: self.move(1))
        self.on_click(self.to_end, lambda: self.move(10_000))
        self._kind = game_kind(game)
        self.replay = w.VBox([self.games, w.HBox([self.back, self.next, self.to_end]), self.replay_status,
                              self.replay_picture, self.replay_text, self.replay_board],
                             layout=w.Layout(display="none"))
        super().__init__([w.HTML(ARENA_CSS, layout=w.Layout(display="none")),
                          w.HBox([self.folder, self.builtins]),
                          w.HBox([self.game, self.rounds, self.seed, self.start, self.stop, self.reset]),
                          self.message, self.progress, self.board, self.picture, self.picture_text, self.replay])
        self.add_class("course-arena")
        self.message.show("Press Start: every bot plays every other, each moving first once from every start.")

    # --- settings -------------------------------------------------------------------------------------------------
    def game_changed(self) -> None:
        """A new game: the example folder and built-ins follow it unless they were typed by hand."""
        old, new = self._kind, game_kind(self.game.value)
        self._kind = new
        if self.folder.value == example_folder(old):
            self.folder.value = example_folder(new)
        if self.builtins.value == DEFAULT_BUILTINS[old]:
            self.builtins.value = DEFAULT_BUILTINS[new]
        self.message.show(f"Game: {self.game.label}. Press Start.")

    def restart(self) -> None:
        """Stop a run (if one goes on) and go back to the first settings, with nothing played."""
        self.worker.stop()
        self.stopping.set()
        first = self.first
        self.game.value = first["game"]
        self._kind = game_kind(first["game"])
        self.folder.value = first["folder"] if first["folder"] is not None else example_folder(first["game"])
        self.builtins.value = (first["builtins"] if first["builtins"] is not None
                               else DEFAULT_BUILTINS[game_kind(first["game"])])
        self.rounds.value, self.seed.value = first["rounds"], first["seed"]
        self.arena = self.results = self.ratings = self.record = None
        self.running = False
        self._blank()
        self._buttons()
        self.progress.layout.visibility, self.progress.layout.display = "hidden", "none"
        self.message.show("Back to the first settings. Press Start.")

    def bot_specs(self) -> list[str]:
        """The folder (if any) and the built-in names; a ValueError in the user's words for a missing folder."""
        specs = []
        folder = self.folder.value.strip()
        if folder:
            path = Path(folder).expanduser()
            try:
                found = path.exists()
            except OSError:  # a name too long for the file system, say: no such folder either
                found = False
            if not found:
                raise ValueError(f"There is no folder {echo(folder)}: type the path of a folder of bot files (.py or "
                                 f".ipynb), or leave it empty to play built-in bots only.")
            if path.is_dir() and not any(p.suffix in (".py", ".ipynb") and not p.name.startswith((".", "_"))
                                         for p in path.iterdir() if p.is_file()):
                raise ValueError(f"The folder {echo(folder)} holds no bot files (.py or .ipynb, each defining "
                                 f"choose(state)).")
            specs.append(str(path))
        specs += [name for name in re.split(r"[,;\s]+", self.builtins.value) if name]
        if not specs:
            raise ValueError("No bots: type a folder of bot files, or built-in bots such as random, optimal.")
        return specs

    def make_arena(self):
        """The Arena of the current settings (ValueError for settings it refuses)."""
        from coursekit.arena import Arena, load_bots
        from coursekit.sandbox import bwrap

        game = self.game.value
        try:
            bots = load_bots(self.bot_specs(), game)
        except OSError as error:  # e.g. a built-in name too long for a file name: say so, not "went wrong"
            raise ValueError(f"Cannot read the bots: {error.strerror} ({echo(error.filename)}).") from None
        arena = Arena(bots, game=game, rounds=whole_number(self.rounds, "Rounds", 1, MAX_ROUNDS),
                      seed=seed_from(self.seed), jobs=self.jobs,
                      sandboxed=bwrap() is not None, secret="")  # a demo: the seed box alone replays it
        if arena.total > MAX_DASHBOARD_GAMES:
            raise ValueError(f"That is {arena.total:,} games; the dashboard plays at most {MAX_DASHBOARD_GAMES:,} "
                             f"(fewer bots or rounds, or run python -m coursekit arena).")
        return arena

    # --- running --------------------------------------------------------------------------------------------------
    def start_run(self) -> None:
        """Start the round robin in the background (at once in tests); the message says what is being played."""
        began = time.perf_counter()
        if self.running:
            self.message.show("A run is going on: Stop it first.", "error")
            return
        try:
            arena = self.make_arena()
        except ValueError as error:
            self.message.show(str(error), "error")
            return
        self.arena, self.results, self.ratings, self.record = arena, None, None, None
        self.stopping = threading.Event()
        self.running = True
        self._blank()
        self._buttons()
        self.progress.max, self.progress.value = max(1, arena.total), 0
        self.progress.layout.visibility, self.progress.layout.display = "visible", ""
        sandboxed = "each file bot in its own sandbox" if arena.sandboxed else \
            "bubblewrap is missing: file bots run in plain processes, not sandboxed"
        self.message.show(f"Playing {arena.total:,} games of {self.game.label} between {len(arena.bots)} bots "
                          f"({sandboxed}) ...")
        self.first_feedback_ms = (time.perf_counter() - began) * 1000
        self.worker.start(self._run(arena, self.stopping))

    def stop_run(self) -> None:
        """End the run after the games in progress; their results so far stay."""
        if not self.running:
            return
        self.stopping.set()
        self.stop.disabled = True
        self.message.show("Stopping after the games in progress ...")

    def _run(self, arena, stopping: threading.Event):
        """The arena in its own thread; the leaderboard and picture follow it (a generator for the Worker)."""
        token = self.worker.token
        box: dict = {}

        def play() -> None:
            try:
                box["results"] = arena.run(stop=stopping)
            except Exception as error:  # a bug must not leave the dashboard waiting for ever
                box["error"] = error

        thread = threading.Thread(target=play, name="arena-run", daemon=True)
        thread.start()
        shown, count = time.monotonic(), 0
        try:
            while thread.is_alive():
                thread.join(0.1)
                snapshot = arena.snapshot()
                if len(snapshot.games) != count:
                    self.worker.show(token, lambda n=len(snapshot.games): self._progress(n, arena.total))
                    if time.monotonic() - shown >= REFRESH_SECONDS and len(snapshot.games) >= 2:
                        count = len(snapshot.games)
                        shown_now = self._rendered(snapshot, snapshot.ratings(bootstrap=LIVE_BOOTSTRAP, seed=0))
                        self.worker.show(token, lambda: self._show(*shown_now, final=False))
                        shown = time.monotonic()
                yield
        finally:
            if thread.is_alive():  # the run was replaced (Reset): let the arena end by itself
                stopping.set()
        if "error" in box:
            self.worker.show(token, lambda: self._failed(box["error"]))
            return
        results = box["results"]
        ratings = results.ratings(bootstrap=FINAL_BOOTSTRAP, seed=0) if len(results.games) >= 1 else None
        shown_now = self._rendered(results, ratings)
        self.worker.show(token, lambda: self._show(*shown_now, final=True))

    def _progress(self, done: int, total: int) -> None:
        self.progress.max, self.progress.value = max(1, total), done
        if self.running and not self.stopping.is_set():
            self.message.show(f"Playing: {done:,} of {total:,} games done ...")

    def _failed(self, error: Exception) -> None:
        self.running = False
        self._buttons()
        self.message.show(f"The arena stopped: {type(error).__name__}: {error}", "error")

    def _rendered(self, results, ratings) -> tuple:
        """(results, ratings, leaderboard HTML, picture PNG): drawn before they are shown (no lock held)."""
        if ratings is None:
            return results, None, "", b""
        return results, ratings, leaderboard(results, ratings)._repr_html_(), self.picture_png(results, ratings)

    def _show(self, results, ratings, board: str, picture: bytes, final: bool) -> None:
        """The leaderboard and the picture for these results (and, when the run is over, the games to replay)."""
        self.results, self.ratings = results, ratings
        if ratings is not None:
            self.board.value, self.picture.value = board, picture
            table = leaderboard(results, ratings)
            bots = "; ".join(f"{cells['bot']} {cells.get('rating', '')} ({cells.get('95% interval', '')})"
                             for cells in map(table.cells, table.rows))
            self.picture_text.say(f"Picture of each bot's rating with its 95% interval and of who beat whom, the "
                                  f"numbers of the leaderboard: {bots}.")
            self.picture.layout.display = ""
        if not final:
            return
        self.running = False
        self._buttons()
        self.progress.layout.visibility, self.progress.layout.display = "hidden", "none"
        total = self.arena.total if self.arena is not None else len(results.games)
        self.games.options = [(game_label(i + 1, g), i) for i, g in enumerate(results.games)]
        self.games.value = None
        self.replay.layout.display = "" if results.games else "none"
        failures = sum(1 for g in results.games if g.fault)
        failed = f"; {failures} ended by a failure (see the failures column)" if failures else ""
        if results.status == "complete":
            groups = ratings.groups() if ratings is not None else []
            verdict = f" The games tell {len(groups)} groups apart." if groups else ""
            self.message.show(f"Finished: {len(results.games):,} games{failed}.{verdict} Pick a game below to "
                              f"replay it.", "ok")
        else:
            self.message.show(f"Stopped after {len(results.games):,} of {total:,} games{failed}. Pick a game "
                              f"below to replay it, or Start again.")

    def picture_png(self, results, ratings) -> bytes:
        """The arena picture (ratings with intervals, win matrix) as wide as the widget."""
        from coursekit.plots.arena import plot_arena

        fig = plot_arena(results, ratings, width_in=min(self.width_px, MAX_PICTURE_PX) / PICTURE_DPI)
        return figure_png(fig, tight=False, dpi=PICTURE_DPI)

    def _blank(self) -> None:
        """No leaderboard, picture or games to replay (before a run)."""
        self.board.value, self.picture.value = "", b""
        self.picture.layout.display = self.replay.layout.display = "none"
        self.games.options = []
        self._clear_replay()

    def _buttons(self) -> None:
        self.start.disabled = self.running
        self.stop.disabled = not self.running
        for control in (self.game, self.folder, self.builtins, self.rounds, self.seed):
            control.disabled = self.running

    def wait(self, timeout: Optional[float] = 300) -> None:
        """Wait for a run in the background to end (tests)."""
        self.worker.wait(timeout)

    # --- replays --------------------------------------------------------------------------------------------------
    def _clear_replay(self) -> None:
        self.record, self.step = None, 0
        self.replay_status.value, self.replay_picture.value, self.replay_board.value = "", b"", ""
        self.replay_picture.layout.display = "none"
        self.back.disabled = self.next.disabled = self.to_end.disabled = True

    def choose_game(self) -> None:
        """Open the chosen game at its start."""
        index = self.games.value
        if index is None or self.results is None or not 0 <= index < len(self.results.games):
            return
        self.record, self.step = self.results.games[index], 0
        self.render_replay()

    def steps(self) -> int:
        """How many steps the game being replayed has (moves; rounds for the tournament)."""
        if self.record is None:
            return 0
        if self.record.second is None:
            return len(tournament_rounds(self.record.moves))
        return len(self.record.moves)

    def move(self, by: int) -> None:
        """Step the replay forwards or back."""
        if self.record is None:
            self.message.show("Pick a game in the list first.", "error")
            return
        self.step = max(0, min(self.steps(), self.step + by))
        self.render_replay()

    def render_replay(self) -> None:
        """The game being replayed after `step` steps: status line, then the picture or board."""
        record, step, total = self.record, self.step, self.steps()
        self.back.disabled = step == 0
        self.next.disabled = self.to_end.disabled = step >= total
        kind = game_kind(record.game)
        ending = ""
        if step >= total:
            result = ("a draw" if record.winner is None and record.second is not None
                      else f"{record.winner} wins" if record.winner else "the goal was not reached")
            ending = f" Game over: {result}."
            if record.reason:
                ending += f" It ended early: {record.reason}, {record.detail}"
        if kind == "subtraction":
            self.replay_status.value = (self._subtraction_status(record, step, total) + html.escape(ending)
                                        + SUBTRACTION_KEY)
            self.replay_picture.value = self.course_png(record, step)
            self.replay_text.say("Picture of the game's course on the number line. "
                                 + html.unescape(self._subtraction_status(record, step, total)) + ending)
            self.replay_picture.layout.display = ""
            self.replay_board.value = ""
        elif kind == "tictactoe":
            board = list(record.start or "." * 9)
            for cell in record.moves[:step]:
                board[cell] = "x" if (board.count("x") == board.count("o")) else "o"
            last = record.moves[step - 1] if step else None
            who = f"{record.first} plays X, {record.second} plays O."
            self.replay_status.value = html.escape(f"Move {step} of {total}. {who}{ending}")
            self.replay_board.value = board_html("".join(board), last)
            self.replay_picture.layout.display = "none"
        else:
            rounds = tournament_rounds(record.moves)
            bankrolls = [100] + list(record.course)
            parts = []
            for i, money in enumerate(bankrolls[:step + 1]):
                text = html.escape(f"{money:g} EUR")
                parts.append(f"<b>{text}</b>" if i == step else text)
            said = ""
            if step:
                bet, *hits = rounds[step - 1]
                actions = ", ".join("hit" if h else "stand" for h in hits) or "no decision (a natural or 21)"
                said = f" Round {step}: bet {bet}, then {actions}."
            self.replay_status.value = html.escape(f"Round {step} of {total}.{said}{ending}")
            self.replay_board.value = '<div style="font-size:1.1em">' + " → ".join(parts) + "</div>"
            self.replay_picture.layout.display = "none"

    def _subtraction_status(self, record, step: int, total: int) -> str:
        names = (record.first, record.second)
        if step == 0:
            return html.escape(f"Start {record.start}: {record.first} moves first. Press Next for each move.")
        before, after, d = record.course[step - 1], record.course[step], record.moves[step - 1]
        mover = names[(step - 1) % 2]
        return html.escape(f"Move {step} of {total}: {mover} subtracts {d}, {before} → {after}.")

    def course_png(self, record, step: int) -> bytes:
        """The subtraction game's number line after `step` moves."""
        from coursekit.arena.games import parse_game
        from coursekit.plots.arena_replay import draw_course

        moves = parse_game(record.game).moves
        course = record.course or [record.start]
        fig = draw_course(course, record.moves[:len(course) - 1], moves, (record.first, record.second), upto=step,
                          width_px=self.width_px, dpi=PICTURE_DPI)
        return figure_png(fig, tight=False, dpi=PICTURE_DPI)


def arena_dashboard(seed: int = 0, folder: Optional[str] = None):
    """The class arena for a lecture: a folder of bots, a game, Start; the leaderboard, the picture, replays."""
    from coursekit.widgets.demo import DASHBOARD_PICTURE_WIDTH, Dashboard

    return Dashboard([
        ("Class arena", "Type the folder of your class's bots (or keep the course's examples), pick a game, Start.",
         ArenaDashboard(folder=folder, seed=seed, width_px=DASHBOARD_PICTURE_WIDTH)),
    ])
