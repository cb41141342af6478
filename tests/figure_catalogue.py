"""Every figure and widget picture the lessons and dashboards show, at the size and width they are shown at.

Each case builds its figure with the arguments a lesson or dashboard uses (found by grepping notebooks/) and says
where it is shown: a lesson's output area (LESSON_WIDTH_PX, through the inline backend's tight box) or a Voila
dashboard (DASHBOARD_WIDTH_PX), narrowed by the widget's own max_width. Data is computed small where only the
text matters (fewer games, fewer seeds): the figure's texts and sizes are those of the lesson.

Run as a script to print the smallest text per figure and keep the PNGs:
    .venv/bin/python tests/figure_catalogue.py [--png DIR] [NAME ...]
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from coursekit.plots.legibility import DASHBOARD_WIDTH_PX, LESSON_WIDTH_PX, Legibility, measure  # noqa: E402


@dataclass
class Shown:
    """A figure as a page shows it."""

    fig: object
    width: float = LESSON_WIDTH_PX   # px the page gives the image
    dpi: Optional[float] = None      # PNG resolution (default the figure's)
    tight: bool = True               # a notebook's inline PNG (tight box) or a widget's (as drawn)
    png: Optional[bytes] = None      # the widget's own PNG, when it has one

    def measure(self) -> Legibility:
        return measure(self.fig, shown_width=self.width, dpi=self.dpi, tight=self.tight, png=self.png)


def _widget_width(layout_max: Optional[str], page: float) -> float:
    """The room an ipywidgets.Image gets: its max_width in px, if any, within the page's width."""
    if layout_max and layout_max.endswith("px"):
        return min(page, float(layout_max[:-2]))
    return page


# --- lesson 00 ------------------------------------------------------------------------------------------------
def l00_course_map():
    from coursekit.plots.course_map import course_map

    return Shown(course_map())


# --- lesson 03 ------------------------------------------------------------------------------------------------
def l03_convergence():
    from coursekit.blackjack import exact_outcomes, play_games
    from coursekit.plots.blackjack import convergence

    return Shown(convergence(play_games(100_000, decks=1, seed=2014, progress=False), exact_outcomes(decks=1)))


def l03_thresholds():
    from coursekit.blackjack import exact_outcomes
    from coursekit.plots.blackjack import thresholds

    return Shown(thresholds({t: exact_outcomes(decks=1, player_stands_at=t) for t in range(12, 21)}))


def l03_dealer_busts():
    from coursekit.blackjack import dealer_table
    from coursekit.plots.blackjack import dealer_busts

    tables = {"1 deck": dealer_table(1), "6 decks": dealer_table(6), "infinite deck": dealer_table(None),
              "6 decks, hits soft 17": dealer_table(6, hit_soft_17=True)}
    return Shown(dealer_busts(tables))


def l03_doubling():
    from coursekit.plots.blackjack import doubling
    from coursekit.tournament import doubling_probability

    bets = list(range(10, 91, 10))
    exact = [doubling_probability(bet) for bet in bets]
    return Shown(doubling(bets, exact, exact, 2000, timid=doubling_probability("timid"),
                          bold=doubling_probability("bold")))


def l03_simulation_explorer():
    from coursekit.widgets.blackjack_numbers import SimulationExplorer

    explorer = SimulationExplorer(games=1_000, seed=1)
    return Shown(explorer.figure.figure, _widget_width(explorer.plot.layout.max_width, LESSON_WIDTH_PX),
                 tight=False, png=explorer.plot.value)


# --- lessons 04-05 -------------------------------------------------------------------------------------------
def l04_banker_table():
    from coursekit.plots.baccarat import plot_banker_table

    return Shown(plot_banker_table(highlight=(3, 8)))


def l04_seed_table():
    from coursekit.baccarat import banker_draws, source_banker_draws
    from coursekit.plots.baccarat import plot_banker_table

    return Shown(plot_banker_table(source_banker_draws, compare_with=banker_draws, title="the source's shell code"))


def l05_convergence():
    from coursekit.plots.baccarat import plot_convergence

    return Shown(plot_convergence(100_000, decks=8, seed=1))


def l05_odds_vs_decks():
    from coursekit.plots.baccarat import plot_odds_vs_decks

    return Shown(plot_odds_vs_decks(range(1, 13)))


# --- lessons 06-07 -------------------------------------------------------------------------------------------
def l06_tree_growth():
    from coursekit.plots.subtraction import plot_tree_growth
    from coursekit.subtraction import SubtractionGame

    return Shown(plot_tree_growth(SubtractionGame(), range(1, 61)))


def l06_game_graph_all_22():
    from coursekit.plots.game_graph import draw_game_graph
    from coursekit.subtraction import SubtractionGame

    return Shown(draw_game_graph(SubtractionGame(), 22, edges="all"))


def l06_game_graph_40():
    from coursekit.plots.game_graph import draw_game_graph
    from coursekit.subtraction import SubtractionGame

    return Shown(draw_game_graph(SubtractionGame(), 40))


def l06_colour_strips():
    from coursekit.plots.subtraction import plot_colour_strips
    from coursekit.subtraction import SubtractionGame

    sets = [(3, 5, 11), (3, 5), (1, 2), (1, 3, 4), (2, 4, 7), (3, 5, 9), (4, 6, 11)]  # as lesson 06 (no 3, 5, 8)
    return Shown(plot_colour_strips([SubtractionGame(m) for m in sets], limit=60))


def _explorer(limit: int, dpi: Optional[int], page: float, edges: str = "winning"):
    from coursekit.widgets.demo import DASHBOARD_PICTURE_WIDTH
    from coursekit.widgets.subtraction import MoveSetExplorer

    size = {"dpi": dpi, "width_px": DASHBOARD_PICTURE_WIDTH} if dpi else {}
    explorer = MoveSetExplorer("3, 5, 11", limit=limit, **size)
    explorer.edges.value = edges
    fig = explorer.figure(explorer.game, limit, edges)
    return Shown(fig, _widget_width(explorer.graph.layout.max_width, page), dpi=explorer.dpi, tight=False,
                 png=explorer.graph.value)


def l06_explorer_40():
    return _explorer(40, None, LESSON_WIDTH_PX)


def l06_explorer_60():
    return _explorer(60, None, LESSON_WIDTH_PX)


def l06_explorer_60_all():
    return _explorer(60, None, LESSON_WIDTH_PX, edges="all")


def l06_explorer_60_from():
    return _explorer(60, None, LESSON_WIDTH_PX, edges="from")


def demo_game_graph_30():
    from coursekit.widgets.demo import DEMO_PICTURE_DPI

    return _explorer(30, DEMO_PICTURE_DPI, DASHBOARD_WIDTH_PX)


def demo_game_graph_60():
    from coursekit.widgets.demo import DEMO_PICTURE_DPI

    return _explorer(60, DEMO_PICTURE_DPI, DASHBOARD_WIDTH_PX)


def l07_playout():
    from coursekit.plots.game_graph import draw_playout
    from coursekit.subtraction import mixed, playout

    game = playout(mixed(0.1), mixed(0.9), start=range(20, 51), seed=3)
    return Shown(draw_playout(game, names=("mixed(0.1)", "mixed(0.9)")))


def l07_figures_6_7():
    import matplotlib.pyplot as plt

    from coursekit.plots.game_graph import draw_playout
    from coursekit.plots.glyphs import keep_whole_figure
    from coursekit.subtraction import replay

    figure_6 = replay([44, 41, 38, 33, 30, 25, 22, 17, 14, 9, 6, 1, -2])
    figure_7 = replay([45, 42, 39, 36, 31, 26, 21, 18, 15, 12, 7, 2, -1])
    pictures, (left, right) = plt.subplots(1, 2, figsize=(10, 8.4))       # as lesson 07 builds it
    pictures.subplots_adjust(left=0.01, right=0.99, top=0.95, bottom=0.06, wspace=0.3)
    keep_whole_figure(pictures)
    draw_playout(figure_6, ax=left, names=("optimal", "random"))
    draw_playout(figure_7, ax=right, names=("random", "optimal"))
    plt.close(pictures)
    return Shown(pictures)


def l07_figure_8():
    from coursekit.plots.game_graph import draw_playout
    from coursekit.subtraction import replay

    figure_8 = replay([50, 47, 42, 39, 34, 31, 26, 21, 18, 15, 12, 7, 2, -1])
    return Shown(draw_playout(figure_8, names=("random", "mixed(0.6), ran as 0.5")))


def _playout_widget(dpi: Optional[int], page: float):
    from coursekit.widgets.subtraction import PlayoutWidget

    widget = PlayoutWidget(player1="random", player2="optimal", start=22, seed=1, **({"dpi": dpi} if dpi else {}))
    widget.play.click()
    from coursekit.plots.game_graph import draw_playout

    fig = draw_playout(widget.playout, names=widget.column_names())
    return Shown(fig, _widget_width(widget.picture.layout.max_width, page), dpi=widget.dpi, tight=False,
                 png=widget.picture.value)


def l07_playout_widget():
    return _playout_widget(None, LESSON_WIDTH_PX)


def demo_playout_widget():
    from coursekit.widgets.demo import DEMO_PICTURE_DPI

    return _playout_widget(DEMO_PICTURE_DPI, DASHBOARD_WIDTH_PX)


def l07_tournament():
    from coursekit.plots.subtraction import plot_tournament
    from coursekit.subtraction import mixed, optimal, random_player, tournament

    players = {"optimal": optimal, "mixed(0.9)": mixed(0.9), "mixed(0.5)": mixed(0.5), "random": random_player}
    return Shown(plot_tournament(tournament(players, starts=range(20, 51), rounds=1, seed=7)))


def l07_mixed_sweep():
    from coursekit.plots.subtraction import plot_mixed_sweep
    from coursekit.subtraction import mixed_sweep, random_player

    ps = [0, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8, 1.0]
    return Shown(plot_mixed_sweep(ps, mixed_sweep(ps, opponent=random_player, starts=range(20, 51), rounds=1,
                                                  seed=11)))


# --- lessons 08-09 -------------------------------------------------------------------------------------------
def _search(iterations: int, seed: int = 1):
    from coursekit.mcts import MCTS
    from coursekit.subtraction import SubtractionGame

    game = SubtractionGame()
    search = MCTS(game, seed=seed)
    search.reset(game.start(22))
    search.run(iterations - 1)
    last = search.iterate(trace=True)
    return search, last


def l08_search_tree():
    from coursekit.plots.search_tree import draw_search_tree

    search, last = _search(60)
    return Shown(draw_search_tree(search, depth=3, highlight=last))


def l08_move_stats():
    from coursekit.mcts import MCTS
    from coursekit.plots.mcts import plot_move_stats
    from coursekit.subtraction import SubtractionGame

    game = SubtractionGame()
    stats = MCTS(game, seed=1).search(game.start(22), 1000)
    return Shown(plot_move_stats(stats, winning=game.winning_moves(22),
                                 title="n = 22 after 1000 iterations (the source's Abbildung 2)"))


def l08_accuracy():
    from coursekit.plots.mcts import plot_accuracy_by_budget

    budgets = [10, 30, 100, 300, 1000]
    values = [0.45, 0.6, 0.75, 0.88, 0.95]
    return Shown(plot_accuracy_by_budget(budgets, {"plain UCT": values}, baseline=0.42,
                                         intervals={"plain UCT": [(v - 0.04, v + 0.03) for v in values]},
                                         title="3-5-11 game, winning starts 12-100, 6 seeds, 95% intervals"))


def _stepper(dpi: Optional[int], page: float, clicks: int = 1):
    from coursekit.widgets.mcts import MCTSStepper

    from coursekit.widgets.demo import DASHBOARD_PICTURE_WIDTH

    stepper = MCTSStepper(n=22, seed=1, **({"dpi": dpi, "width_px": DASHBOARD_PICTURE_WIDTH} if dpi else {}))
    for _ in range(clicks):
        stepper.run100.click()
    return Shown(stepper.view.figure, _widget_width(stepper.tree.layout.max_width, page), tight=False,
                 png=stepper.tree.value)


def l08_stepper():
    return _stepper(None, LESSON_WIDTH_PX)


def l08_stepper_300():
    return _stepper(None, LESSON_WIDTH_PX, clicks=3)


def demo_stepper():
    from coursekit.widgets.demo import DEMO_TREE_DPI

    return _stepper(DEMO_TREE_DPI, DASHBOARD_WIDTH_PX)


def demo_stepper_300():
    from coursekit.widgets.demo import DEMO_TREE_DPI

    return _stepper(DEMO_TREE_DPI, DASHBOARD_WIDTH_PX, clicks=3)


def l09_hits_one():
    from coursekit.plots.mcts import plot_hits_by_n

    starts = [n for n in range(12, 101) if n % 8 not in (0, 1)]
    return Shown(plot_hits_by_n(starts, {"plain UCT, 1000": [1.0 if n % 3 else 0.5 for n in starts]},
                                title="winning move found? (3-5-11 game)"))


def l09_hits_two():
    from coursekit.plots.mcts import plot_hits_by_n

    starts = [n for n in range(12, 101) if n % 8 not in (0, 1)]
    return Shown(plot_hits_by_n(starts, {"plain UCT, 1000": [1.0 if n % 3 else 0.5 for n in starts],
                                         "transpositions, 1000": [1.0 if n % 5 else 0.0 for n in starts]},
                                title="winning move found? plain against transpositions"))


def l09_rollout_values():
    from coursekit.plots.mcts import plot_rollout_values
    from coursekit.subtraction import SubtractionGame

    game = SubtractionGame()
    ns = list(range(1, 61))
    return Shown(plot_rollout_values(ns, [0.3 + 0.4 * (n % 3) / 2 for n in ns], [game.is_losing(n) for n in ns],
                                     title="what a random rollout estimates, n = 1..60"))


def l09_accuracy_two():
    from coursekit.plots.mcts import plot_accuracy_by_budget

    budgets = [10, 30, 100, 300, 1000, 3000]
    return Shown(plot_accuracy_by_budget(budgets, {"plain UCT": [0.4, 0.5, 0.6, 0.7, 0.8, 0.85],
                                                   "transpositions": [0.45, 0.6, 0.8, 0.9, 0.95, 1.0]},
                                         baseline=0.42,
                                         title="winning starts 12-100, seed 0: plain against transpositions"))


# --- lesson 10 -----------------------------------------------------------------------------------------------
def _best():
    from coursekit.tournament import optimal_strategy

    return optimal_strategy()


def l10_bet_policy():
    from coursekit.plots.tournament import bet_policy

    return Shown(bet_policy(_best()))


def l10_bet_lines():
    from coursekit.plots.tournament import bet_lines

    return Shown(bet_lines(_best()))


def l10_hit_map():
    from coursekit.plots.tournament import hit_map
    from coursekit.tournament_optimal import hit_thresholds

    best = _best()
    bankrolls, bets = best.bet_table()
    return Shown(hit_map(hit_thresholds(best), {"optimal bet after an ace": (bankrolls, bets[:, 0]),
                                                "after a ten": (bankrolls, bets[:, 9])}))


def l10_search_budgets():
    from coursekit.plots.tournament import search_budgets

    return Shown(search_budgets((10, 100, 1000), [300, 320, 330], 500, 0.668,
                                {"bold, dealer play": 0.40, "search limit (infinite budget)": 0.66},
                                [(0.05, 0.004), (0.02, 0.003), (0.01, 0.002)]))


def l10_advice_widget():
    from coursekit.widgets.tournament_advice import AdvisedTournament

    table = AdvisedTournament(seed=4)
    for _ in range(6):
        table.follow.click()
    return Shown(table._path.figure, _widget_width(table.plot.layout.width or table.plot.layout.max_width,
                                                   LESSON_WIDTH_PX), tight=False, png=table.plot.value)


def demo_advice_widget():
    from coursekit.widgets.demo import tournament_dashboard

    table = tournament_dashboard(seed=4)["The 100€ tournament, with the best advice"].inner
    for _ in range(6):
        table.follow.click()
    return Shown(table._path.figure, _widget_width(table.plot.layout.width, DASHBOARD_WIDTH_PX), tight=False,
                 png=table.plot.value)


def _arena_results(names: list, starts=(20,)):
    """A small round robin of built-in bots with the names a lesson or dashboard shows (one start: the text only)."""
    from coursekit.arena import Arena

    return Arena(names, game="subtraction:3,5,11", rounds=1, starts=starts, seed=0, sandboxed=False).run()


def l11_arena():
    from coursekit.plots.arena import plot_arena

    results = _arena_results(["random", "mixed:0.5", "mixed:0.9", "mcts:10", "mcts:100", "mcts:1000", "optimal"])
    return Shown(plot_arena(results, results.ratings(bootstrap=100)))


def l11_bootstrap():
    import numpy as np

    from coursekit.plots.bootstrap import resampled_shares

    shares = np.random.default_rng(1).binomial(24, 16 / 24, size=1000) / 24
    return Shown(resampled_shares(shares, 16 / 24, "optimal against mcts:1000"))


def demo_arena_picture():
    from coursekit.plots.arena import plot_arena
    from coursekit.widgets.arena import EXAMPLES, MAX_PICTURE_PX, PICTURE_DPI
    from coursekit.widgets.common import figure_png

    results = _arena_results([str(EXAMPLES / "subtraction"), "random", "optimal"])  # the dashboard's first run
    fig = plot_arena(results, results.ratings(bootstrap=100), width_in=MAX_PICTURE_PX / PICTURE_DPI)
    return Shown(fig, DASHBOARD_WIDTH_PX, dpi=PICTURE_DPI, tight=False, png=figure_png(fig, tight=False))


def demo_arena_replay():
    from coursekit.plots.arena_replay import draw_course
    from coursekit.widgets.demo import DASHBOARD_PICTURE_WIDTH

    course = [50, 47, 42, 39, 34, 31, 26, 21, 18, 15, 12, 7, 2, -1]
    fig = draw_course(course, [a - b for a, b in zip(course, course[1:])], (3, 5, 11), ("table_3_5_11", "mcts:1000"),
                      upto=7, width_px=DASHBOARD_PICTURE_WIDTH)
    return Shown(fig, DASHBOARD_WIDTH_PX, dpi=100, tight=False)


def l09_accuracy_by_residue():  # in the library for lesson 09's variants (no lesson calls it at the moment)
    from coursekit.plots.mcts import plot_accuracy_by_residue

    return Shown(plot_accuracy_by_residue(list(range(8)), {"plain UCT": [0.5, 0.6, 0.7, 0.9, 1, 1, 0.8, 0.4],
                                                           "transpositions": [0.6, 0.8, 0.9, 1, 1, 1, 0.9, 0.7]},
                                          title="winning move found by n mod 8"))


CASES: dict[str, Callable[[], Shown]] = {name: f for name, f in dict(globals()).items()
                                         if re.match(r"(l\d\d|demo)_", name) and callable(f)}


def main(argv: list[str]) -> int:
    import argparse

    import matplotlib

    matplotlib.use("Agg")
    parser = argparse.ArgumentParser(description="smallest text per figure, as shown at 1280x720")
    parser.add_argument("--png", type=Path, help="also write each figure's PNG (as shown) into this folder")
    parser.add_argument("names", nargs="*", help="only these cases (default: all)")
    args = parser.parse_args(argv)
    print(f"{'figure':<26}{'image px':>12}{'shown at':>10}{'smallest text':>15}  (what)")
    for name, build in CASES.items():
        if args.names and name not in args.names:
            continue
        shown = build()
        result = shown.measure()
        small = min(result.texts, key=lambda t: t.px) if result.texts else None
        print(f"{name:<26}{result.image_px[0]:>6}x{result.image_px[1]:<5}{result.scale:>10.2f}"
              f"{result.smallest_px:>12.1f} px  {small.text[:40]!r}" if small else "")
        if args.png:
            args.png.mkdir(parents=True, exist_ok=True)
            if shown.png is not None:
                (args.png / f"{name}.png").write_bytes(shown.png)
            else:
                shown.fig.savefig(args.png / f"{name}.png", dpi=shown.dpi or shown.fig.dpi,
                                  bbox_inches="tight" if shown.tight else None)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
