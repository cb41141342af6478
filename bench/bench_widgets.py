"""Widget response times: drive every lesson widget's callbacks from Python, print median and max per callback.

The target is 100 ms per callback at demo sizes (the settings the dashboards in notebooks/demos use). The time
is the Python side only (what the kernel spends before the browser gets the new state).
Run: .venv/bin/python bench/bench_widgets.py [--repeats N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from typing import Callable

TARGET_MS = 100.0


def timed(action: Callable[[], object], repeats: int, before: Callable[[], object] | None = None) -> list[float]:
    """Run `action` `repeats` times (each after an untimed `before`), return the times in milliseconds."""
    times = []
    for _ in range(repeats):
        if before is not None:
            before()
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return times


def cases(repeats: int):
    """(widget, callback, times) for every callback a learner or instructor can trigger."""
    from coursekit.widgets.baccarat import CoupTable, OddsExplorer
    from coursekit.widgets.blackjack import BlackjackTable, SuperpositionExplorer
    from coursekit.widgets.blackjack_numbers import SimulationExplorer
    from coursekit.widgets.demo import DEMO_PICTURE_DPI, DEMO_TREE_DPI, Resettable
    from coursekit.widgets.mcts import MCTSStepper
    from coursekit.widgets.start import WidgetCheck
    from coursekit.widgets.subtraction import MoveSetExplorer, PlayoutWidget
    from coursekit.widgets.tournament import TournamentTable

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
        lambda: setattr(sims.player, "value", 33 - sims.player.value), repeats)  # 16 <-> 17
    yield "SimulationExplorer", "seed typed (100 000 games)", timed(
        lambda: setattr(sims.seed, "value", sims.seed.value + 1), repeats)

    tour = TournamentTable(seed=1)
    yield "TournamentTable", "Next round", timed(tour.next.click, repeats, before=tour.new.click)
    yield "TournamentTable", "Bet", timed(tour.bet.click, repeats, before=lambda: (tour.new.click(), tour.next.click()))
    yield "TournamentTable", "Auto round: bold", timed(tour.bold.click, repeats, before=tour.new.click)
    yield "TournamentTable", "New tournament", timed(tour.new.click, repeats)

    coups = CoupTable(seed=1)
    yield "CoupTable", "Deal", timed(coups.deal.click, repeats)
    yield "CoupTable", "Reset", timed(coups.reset.click, repeats)

    odds = OddsExplorer(decks=8, coups=100_000, seed=1)
    yield "OddsExplorer", "decks slider", timed(lambda: setattr(odds.decks, "value", odds.decks.value % 24 + 1),
                                                repeats)
    yield "OddsExplorer", "Simulate (100 000 coups)", timed(odds.simulate.click, repeats)
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=15, help="timed calls per callback (default 15)")
    args = parser.parse_args(argv)
    import matplotlib

    matplotlib.use("Agg")
    print(f"widget callbacks, {args.repeats} calls each; target {TARGET_MS:.0f} ms")
    print(f"{'widget':<24}{'callback':<32}{'median ms':>10}{'max ms':>10}  verdict")
    from coursekit.widgets import common

    slow = failed = 0
    for name, callback, times in cases(args.repeats):
        median, worst = statistics.median(times), max(times)
        verdict = "ok" if median <= TARGET_MS else "SLOW"
        if common.callback_errors:  # a failing callback returns fast: its time would mean nothing
            verdict = f"FAILED ({common.callback_errors[-1]!r})"
            failed += 1
            common.callback_errors.clear()
        slow += verdict == "SLOW"
        print(f"{name:<24}{callback:<32}{median:>10.1f}{worst:>10.1f}  {verdict}")
    print(f"{slow} callback(s) over {TARGET_MS:.0f} ms by median, {failed} failed")
    if hasattr(os, "getloadavg"):
        print(f"load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPU(s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
