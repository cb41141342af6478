"""Widget response times: drive every lesson widget's callbacks from Python, print median and max per callback.

The target is 100 ms per callback at demo sizes (the settings the dashboards in notebooks/demos use). The time
is the Python side only (what the kernel spends before the browser gets the new state). Each callback gets two
times: its first feedback (the first change of a widget's synced state, the first thing the browser can show:
100 ms for every interaction) and its full result (the callback and any streamed computation done: 100 ms, or
1 s for a long simulation that shows its progress on the way). Outside a kernel the explorers' background
simulations run inline, so the full result is the whole computation.

The widget pictures are written as PNG by `coursekit.widgets.common.png_from_rgba` (unfiltered rows, zlib level 1).
This bench first times that writer against Pillow's `Image.save(compress_level=1)` on the demo pictures, then runs
every callback with both writers side by side: the hand-made writer stays only while some widget misses its
budget with Pillow.
Run: .venv/bin/python bench/bench_widgets.py [--repeats N]
"""

from __future__ import annotations

import argparse
import io
import json
import os
import statistics
import subprocess
import sys
import time
from typing import Callable

TARGET_MS = 100.0
FULL_TARGET_MS = 1000.0  # a long simulation's full result (its progress streams before)


class FirstChange:
    """The moment of the first change of any widget's synced state after `arm()`: what a browser sees first."""

    def __init__(self) -> None:
        self.start: float | None = None
        self.first: float | None = None
        self.installed = False

    def install(self) -> None:
        import ipywidgets

        if self.installed:
            return
        original = ipywidgets.Widget.notify_change
        recorder = self

        def notify_change(widget, change):
            if recorder.start is not None and recorder.first is None and change["name"] in widget.keys:
                recorder.first = time.perf_counter()
            return original(widget, change)

        ipywidgets.Widget.notify_change = notify_change
        self.installed = True

    def arm(self) -> float:
        self.start, self.first = time.perf_counter(), None
        return self.start


FIRST = FirstChange()


class Times(list):
    """Full times of the calls in ms (the list itself) and, in `.first`, each call's time to its first feedback."""

    def __init__(self) -> None:
        super().__init__()
        self.first: list[float] = []


def timed(action: Callable[[], object], repeats: int, before: Callable[[], object] | None = None) -> Times:
    """Run `action` `repeats` times (each after an untimed `before`); times in ms, first feedbacks in `.first`."""
    FIRST.install()
    times = Times()
    for _ in range(repeats):
        if before is not None:
            before()
        start = FIRST.arm()
        action()
        end = time.perf_counter()
        times.append((end - start) * 1000)
        times.first.append(((FIRST.first or end) - start) * 1000)
        FIRST.start = None
    return times


def cases(repeats: int):
    """(widget, callback, times) for every callback a learner or instructor can trigger."""
    from coursekit.widgets.baccarat import CoupTable, OddsExplorer
    from coursekit.widgets.blackjack import BlackjackTable, SuperpositionExplorer
    from coursekit.widgets.blackjack_numbers import SimulationExplorer
    from coursekit.widgets.demo import DEMO_PICTURE_DPI, DEMO_TREE_DPI, Resettable, tournament_dashboard
    from coursekit.widgets.mcts import MCTSStepper
    from coursekit.widgets.start import WidgetCheck
    from coursekit.widgets.subtraction import MoveSetExplorer, PlayoutWidget
    from coursekit.widgets.tournament import TournamentTable
    from coursekit.widgets.tournament_advice import AdvisedTournament

    check = WidgetCheck(seed=2026)
    yield "WidgetCheck", "Deal", timed(check.deal.click, repeats)

    table = BlackjackTable(seed=3)  # seed 3's first hand is no natural, so Stand has work to do
    yield "BlackjackTable", "Deal", timed(table.deal.click, repeats, before=table.reset.click)
    yield "BlackjackTable", "Stand (dealer plays)", timed(table.stand.click, repeats,
                                                          before=lambda: (table.reset.click(), table.deal.click()))
    yield "BlackjackTable", "Reset", timed(table.reset.click, repeats)

    explorer = SuperpositionExplorer("A, A")
    yield "SuperpositionExplorer", "rank button", timed(explorer.rank_buttons[0].click, repeats,
                                                        before=explorer.clear.click)
    yield "SuperpositionExplorer", "bad text", timed(lambda: setattr(explorer.text, "value", "A, Z"), repeats,
                                                     before=lambda: setattr(explorer.text, "value", ""))

    sims = SimulationExplorer(games=100_000)
    yield "SimulationExplorer", "player slider (100 000 games)", timed(
        lambda: setattr(sims.player, "value", 33 - sims.player.value), repeats)  # 16 <-> 17: cached after two
    yield "SimulationExplorer", "seed typed (100 000 games)", timed(
        lambda: setattr(sims.seed, "value", sims.seed.value + 1), repeats)
    big = SimulationExplorer(games=1_000, seed=100)
    yield "SimulationExplorer", "games slider to 1 000 000", timed(
        lambda: setattr(big.games, "value", 1_000_000), repeats,
        before=lambda: (setattr(big.games, "value", 1_000), setattr(big.seed, "value", big.seed.value + 1)))

    tour = TournamentTable(seed=1)
    yield "TournamentTable", "Next round", timed(tour.next.click, repeats, before=tour.new.click)
    yield "TournamentTable", "Bet", timed(tour.bet.click, repeats, before=lambda: (tour.new.click(), tour.next.click()))
    yield "TournamentTable", "Auto round: bold", timed(tour.bold.click, repeats, before=tour.new.click)
    yield "TournamentTable", "New tournament", timed(tour.new.click, repeats)

    advised = AdvisedTournament(seed=4)  # lesson 10's widget and notebooks/demos/tournament.ipynb's
    yield "AdvisedTournament", "Next round", timed(advised.next.click, repeats, before=advised.new.click)
    dealt = lambda: (advised.new.click(), advised.next.click())  # noqa: E731 - a round waiting for the bet
    yield "AdvisedTournament", "Bet", timed(advised.bet.click, repeats, before=dealt)
    yield "AdvisedTournament", "Play the advice (bet)", timed(advised.follow.click, repeats, before=dealt)
    yield "AdvisedTournament", "Stand (dealer plays)", timed(advised.stand.click, repeats,
                                                             before=lambda: (dealt(), advised.bet.click()))
    yield "AdvisedTournament", "New tournament", timed(advised.new.click, repeats)
    demo_tournament = tournament_dashboard(seed=4)["The 100 EUR tournament, with the best advice"]
    yield "AdvisedTournament (demo)", "Reset", timed(demo_tournament.reset.click, repeats,
                                                     before=demo_tournament.inner.follow.click)

    coups = CoupTable(seed=1)
    yield "CoupTable", "Deal", timed(coups.deal.click, repeats)
    yield "CoupTable", "Reset", timed(coups.reset.click, repeats)

    odds = OddsExplorer(decks=8, coups=100_000, seed=1)
    yield "OddsExplorer", "decks slider", timed(lambda: setattr(odds.decks, "value", odds.decks.value % 24 + 1),
                                                repeats)
    yield "OddsExplorer", "Simulate (100 000 coups)", timed(odds.simulate.click, repeats)
    lesson_odds = OddsExplorer(decks=8)  # lesson 05's explorer: a million coups, or five
    yield "OddsExplorer", "Simulate (1 million coups)", timed(lesson_odds.simulate.click, repeats)
    lesson_odds.coups.value = 5_000_000
    yield "OddsExplorer", "Simulate (5 million coups)", timed(lesson_odds.simulate.click, max(3, repeats // 5))
    resettable_odds = Resettable(lambda: OddsExplorer(decks=8, coups=100_000, seed=1))
    yield "OddsExplorer (demo)", "Reset", timed(resettable_odds.reset.click, repeats)

    graph = MoveSetExplorer("3, 5, 11", limit=30, dpi=DEMO_PICTURE_DPI)  # the dashboard's size
    sets = iter([f"{a}, {a + b}" for a in range(1, 10) for b in range(1, 10)])  # all different: no cache hits
    yield "MoveSetExplorer (demo)", "move set typed (new set)", timed(lambda: setattr(graph.moves, "value", next(sets)),
                                                               repeats)
    graph.moves.value = "3, 5, 11"
    limits = iter(range(31, 61))
    yield "MoveSetExplorer (demo)", "N slider (new N)", timed(lambda: setattr(graph.limit, "value", next(limits)),
                                                       min(repeats, 30))
    yield "MoveSetExplorer (demo)", "bad move set", timed(lambda: setattr(graph.moves, "value", "3, x"), repeats,
                                                   before=lambda: setattr(graph.moves, "value", "3, 5, 11"))

    play = PlayoutWidget(start=22, seed=1, dpi=DEMO_PICTURE_DPI)
    yield "PlayoutWidget (demo)", "Step", timed(play.step.click, repeats, before=play.reset.click)
    yield "PlayoutWidget (demo)", "Play to end", timed(play.play.click, repeats, before=play.reset.click)
    yield "PlayoutWidget (demo)", "Reset", timed(play.reset.click, repeats)

    stepper = MCTSStepper(n=22, seed=1, dpi=DEMO_TREE_DPI)  # the dashboard's size, larger than a lesson's
    yield "MCTSStepper (demo)", "Step", timed(stepper.step.click, repeats)
    yield "MCTSStepper (demo)", "Run 10", timed(stepper.run10.click, repeats)
    yield "MCTSStepper (demo)", "Run 100", timed(stepper.run100.click, repeats)
    yield "MCTSStepper (demo)", "Reset", timed(stepper.reset.click, repeats)


def pillow_png(pixels) -> bytes:
    """The Pillow alternative to png_from_rgba: Image.save with compress_level=1 (Pillow's adaptive row filters)."""
    import numpy as np
    from PIL import Image

    buffer = io.BytesIO()
    Image.fromarray(np.asarray(pixels), "RGBA").save(buffer, format="png", compress_level=1)
    return buffer.getvalue()


def demo_pictures() -> dict:
    """RGBA pixels of the pictures the dashboards redraw, at their demo sizes."""
    import numpy as np
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from coursekit.plots.game_graph import draw_game_graph, draw_playout
    from coursekit.subtraction import SubtractionGame, optimal, playout, random_player
    from coursekit.widgets.demo import DEMO_PICTURE_DPI, DEMO_TREE_DPI
    from coursekit.widgets.mcts import MCTSStepper

    stepper = MCTSStepper(n=22, seed=1, dpi=DEMO_TREE_DPI)
    stepper.run100.click()
    pictures = {"MCTS tree (100 iterations)": np.asarray(stepper.view.figure.canvas.buffer_rgba())}
    for name, fig in (("game graph 3, 5, 11 (N = 30)", draw_game_graph(SubtractionGame(), 30)),
                      ("playout from 22", draw_playout(playout(random_player, optimal, 22, seed=1)))):
        fig.set_dpi(DEMO_PICTURE_DPI)
        canvas = FigureCanvasAgg(fig)
        canvas.draw()
        pictures[name] = np.asarray(canvas.buffer_rgba()).copy()
    return pictures


def compare_writers(repeats: int) -> None:
    """Median time and size of both PNG writers on each demo picture."""
    from coursekit.widgets.common import png_from_rgba

    print(f"PNG writers on the demo pictures, {repeats} writes each (median ms, kB)")
    print(f"{'picture':<32}{'size':>12}{'png_from_rgba':>16}{'Pillow level 1':>16}")
    for name, pixels in demo_pictures().items():
        cells = []
        for writer in (png_from_rgba, pillow_png):
            times = timed(lambda: writer(pixels), repeats)
            cells.append(f"{statistics.median(times):6.1f} ms {len(writer(pixels)) / 1000:4.0f} kB")
        print(f"{name:<32}{pixels.shape[1]:>6}x{pixels.shape[0]:<5}{cells[0]:>16}{cells[1]:>16}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=15, help="timed calls per callback (default 15)")
    parser.add_argument("--writer", choices=("png_from_rgba", "Pillow"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    import matplotlib

    matplotlib.use("Agg")
    if args.writer:  # one writer's run, in its own process so no cache of the other run helps it
        from coursekit.widgets import common

        if args.writer == "Pillow":
            common.png_from_rgba = pillow_png  # figure_png and canvas_png write through this name
        out = {}
        for name, callback, times in cases(args.repeats):
            error = repr(common.callback_errors[-1]) if common.callback_errors else None
            common.callback_errors.clear()  # a failing callback returns fast: its time would mean nothing
            out[f"{name}|{callback}"] = {"times": list(times), "first": times.first, "error": error}
        print(json.dumps(out))
        return 0
    compare_writers(args.repeats)
    print()
    runs: dict = {}
    for writer in ("png_from_rgba", "Pillow"):
        done = subprocess.run([sys.executable, __file__, "--repeats", str(args.repeats), "--writer", writer],
                              capture_output=True, text=True, check=True)
        for key, value in json.loads(done.stdout.strip().splitlines()[-1]).items():
            runs.setdefault(tuple(key.split("|")), {})[writer] = value
    print(f"widget callbacks, {args.repeats} calls each, each writer in a fresh process; targets: first feedback "
          f"{TARGET_MS:.0f} ms, full result {TARGET_MS:.0f} ms (a long simulation, streamed with progress: "
          f"{FULL_TARGET_MS:.0f} ms)")
    print("median (max) ms: first feedback and full result with png_from_rgba, full result with Pillow's writer")
    print(f"{'widget':<26}{'callback':<32}{'first feedback':>16}{'full result':>16}{'Pillow full':>16}  verdict")
    slow = {"png_from_rgba": 0, "Pillow": 0}
    failed = 0
    for (name, callback), run in runs.items():
        first = run["png_from_rgba"]["first"]
        cells = [f"{statistics.median(first):.1f} ({max(first):.0f})"]
        streamed = "1 000 000" in callback or "million" in callback  # a long simulation, streamed with progress
        budget = FULL_TARGET_MS if streamed else TARGET_MS
        for writer in slow:
            median = statistics.median(run[writer]["times"])
            slow[writer] += median > budget
            cells.append(f"{median:.1f} ({max(run[writer]['times']):.0f})")
        full = statistics.median(run["png_from_rgba"]["times"])
        verdict = "ok" if statistics.median(first) <= TARGET_MS and full <= budget else "SLOW"
        if verdict == "ok" and full > TARGET_MS:
            verdict = "ok (streamed)"
        errors = [run[writer]["error"] for writer in slow if run[writer]["error"]]
        if errors:
            verdict = f"FAILED ({errors[0]})"
            failed += 1
        print(f"{name:<26}{callback:<32}{cells[0]:>16}{cells[1]:>16}{cells[2]:>16}  {verdict}")
    print(f"over budget by median: {slow['png_from_rgba']} callback(s) with png_from_rgba, "
          f"{slow['Pillow']} with Pillow; {failed} failed")
    if slow["Pillow"] > slow["png_from_rgba"]:
        print("=> keep png_from_rgba: with Pillow's writer some widget misses its budget")
    else:
        print("=> Pillow's writer is enough: png_from_rgba can go")
    if hasattr(os, "getloadavg"):
        print(f"load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPU(s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
