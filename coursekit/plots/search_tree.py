"""Drawing the MCTS search tree (lessons 08-09): discs sized by visits and coloured by win rate, for lessons and widgets.

The tree (igraph) comes from coursekit.graphs.search_tree_graph. `draw_search_tree` makes a figure for a lesson;
`SearchTreeFigure` keeps figures for a widget's redraws.
"""

from __future__ import annotations

from functools import lru_cache

import igraph as ig
import matplotlib.pyplot as plt
import numpy as np

from coursekit.graphs import search_tree_graph
from coursekit.plots.glyphs import add_labels, glyph_title, keep_whole_figure

SEARCH_CMAP = "coolwarm"  # win rate 0 blue (bad move for its mover) ... 1 red (good move), as the seed's colours


def draw_search_tree(search, depth: int = 3, ax=None, min_visits: int = 1, highlight=None, title: str = None):
    """Draw the search tree (Reingold-Tilford, root on top): discs sized by visits, coloured by win rate.

    Each disc shows its position and, below it, wins/visits for the player who made the move into it. `highlight`
    is an Iteration (or a tuple of moves): its path is drawn thick, the expanded edge dashed green.
    """
    g = search_tree_graph(search, depth, min_visits)
    xy, size = _tree_layout(g)
    owned = ax is None
    if owned:
        _, ax = plt.subplots(figsize=size)
        _fit_tree_axes(ax.figure, *size)
    _draw_tree(ax, search, g, xy, depth, highlight, title)
    _colour_bar(ax)
    if owned:
        keep_whole_figure(ax.figure)
        plt.close(ax.figure)  # detached from pyplot: shown once, as the cell's value
    return ax.figure


def _tree_layout(g: ig.Graph) -> tuple[np.ndarray, tuple[float, float]]:
    """Reingold-Tilford coordinates of the tree (root on top) and a figure size (inches) that fits them."""
    layout = g.layout_reingold_tilford(root=[0], mode="out")
    xy = np.asarray(layout.coords, dtype=float)
    xy[:, 1] = xy[:, 1] * 1.35
    width = float(xy[:, 0].max() - xy[:, 0].min()) if len(xy) > 1 else 1.0
    levels = int(max(g.vs["depth"])) if g.vcount() else 0
    return xy, (min(13.0, max(6.0, 0.62 * width + 1.6)), max(2.8, 1.35 * levels + 1.7))


def _fit_tree_axes(fig, fig_w: float, fig_h: float) -> None:
    """Room for the two-line title and the colour bar's label; no need for a tight bbox."""
    fig.subplots_adjust(left=0.01, right=1 - 0.8 / fig_w, bottom=0.02, top=1 - 0.55 / fig_h)


@lru_cache(maxsize=1)
def _search_cmap():
    """The inner range of SEARCH_CMAP only, so black labels stay readable on every disc."""
    import matplotlib as mpl

    base = mpl.colormaps[SEARCH_CMAP]
    return mpl.colors.LinearSegmentedColormap.from_list("search", base(np.linspace(0.12, 0.88, 256)))


def _colour_bar(ax) -> None:
    """The win-rate colour bar beside the tree's axes."""
    import matplotlib as mpl

    sm = mpl.cm.ScalarMappable(cmap=_search_cmap(), norm=mpl.colors.Normalize(0, 1))
    bar = ax.figure.colorbar(sm, ax=ax, fraction=0.025, pad=0.01)
    bar.set_label("win rate of the move into the node", fontsize=8)
    bar.ax.tick_params(labelsize=7)


def _draw_tree(ax, search, g: ig.Graph, xy: np.ndarray, depth: int, highlight, title) -> None:
    """The tree's edges, move labels, discs, node labels and title on ax."""
    from matplotlib.collections import LineCollection

    fig = ax.figure
    path, expanded = (), None
    if highlight is not None:
        path = tuple(getattr(highlight, "path", highlight))
        expanded = getattr(highlight, "expanded", None)
    on_path = {path[:i] for i in range(len(path) + 1)}
    segments, colours, widths, styles = [], [], [], []
    for e in g.es:
        target_moves = g.vs[e.target]["moves"]
        hot = target_moves in on_path and bool(path)
        new = hot and expanded is not None and target_moves == path
        segments.append([xy[e.source], xy[e.target]])
        colours.append("#2ca02c" if new else ("black" if hot else "#9a9a9a"))
        widths.append(3.2 if hot else 1.0)
        styles.append("--" if new else "-")
    if segments:
        ax.add_collection(LineCollection(segments, colors=colours, linewidths=widths, linestyles=styles, zorder=1))
        moves = []                                            # the move, just beside its edge
        for seg, label in zip(segments, g.es["label"]):
            (x0, y0), (x1, y1) = seg
            side = "left" if x1 >= x0 else "right"
            moves.append((0.4 * x0 + 0.6 * x1 + (0.08 if x1 >= x0 else -0.08), 0.4 * y0 + 0.6 * y1, label, 7,
                          "normal", "#555", side, "center", 1.2))
        add_labels(ax, moves, zorder=2)
    visits = np.asarray(g.vs["visits"], dtype=float)
    top = max(1.0, float(visits[1:].max()) if len(visits) > 1 else 1.0)
    sizes = 60 + 900 * np.sqrt(np.minimum(visits, top) / top)
    sizes[0] = 800                              # the root: always the same size
    colors = [tuple(c) for c in _search_cmap()(np.asarray(g.vs["win_rate"], dtype=float))]
    colors[0] = "#ffe066"
    edge = ["black" if (m in on_path and path) else ("#6a3d9a" if s else "#555") for m, s in
            zip(g.vs["moves"], g.vs["shared"])]
    ax.scatter(xy[:, 0], xy[:, 1], s=sizes, c=colors, edgecolors=edge,
               linewidths=[2.2 if (m in on_path and path) else (1.8 if sh else 0.8)
                           for m, sh in zip(g.vs["moves"], g.vs["shared"])], zorder=3)
    ax.set_xlim(xy[:, 0].min() - 0.8, xy[:, 0].max() + 0.8)
    ax.set_ylim(xy[:, 1].max() + 0.6, xy[:, 1].min() - 0.5)
    # one label per node: the position on the disc, wins/visits on a second line just below it
    fig_h = fig.get_size_inches()[1] * ax.get_position().height * 72          # axes height in points
    per_point = (xy[:, 1].max() + 1.1 - xy[:, 1].min()) / fig_h
    labels, counts = [], []   # counts on a white box: the thick highlighted path runs under them
    for (x, y), label, wins, n, d, area in zip(xy, g.vs["label"], g.vs["wins"], g.vs["visits"], g.vs["depth"],
                                               sizes):
        size = 8 if d < 3 else 7
        if not d:
            labels.append((x, y, label, size + 1, "bold", "black", "center", "center", 1.2))
            continue
        radius = np.sqrt(area / np.pi)                                      # points
        spacing = max(1.0, (radius + 2 + size * 0.6) / (1.2 * size))
        anchor = (x, y - 0.6 * size * per_point)
        labels.append((*anchor, f"{label}\n ", size, "normal", "black", "center", "top", spacing))
        counts.append((*anchor, f" \n{wins:g}/{n}", size, "normal", "black", "center", "top", spacing))
    add_labels(ax, labels, zorder=4)
    if counts:
        add_labels(ax, counts, zorder=4, backdrop="white")
    ax.axis("off")
    root = search.root
    if title is None:
        kind = "transpositions" if search.transpositions else "tree"
        title = (f"search from {g.vs[0]['label']} after {root.visits} iteration{'s' if root.visits != 1 else ''}\n"
                 f"({kind}; "
                 f"{search.tree_size()} node{'s' if search.tree_size() != 1 else ''}, depth <= {depth} shown)")
    glyph_title(ax, title, size=10)
    if any(g.vs["shared"]):
        ax.text(0.0, 0.0, "purple ring: a position reached by several move orders (one shared node)",
                transform=ax.transAxes, fontsize=8, color="#6a3d9a", va="bottom")


class SearchTreeFigure:
    """Kept figures for every redraw of a growing search tree (a widget's): axes and colour bar are made and
    rendered once per figure size (up to `keep` sizes), each draw only replaces and renders the tree's artists.
    `draw` returns the figure, drawn on its canvas."""

    def __init__(self, dpi: int = 90, keep: int = 24) -> None:
        self.dpi = dpi
        self.keep = keep
        self._kept: dict[tuple[float, float], tuple] = {}  # size -> (figure, axes, background pixels)
        self.figure = None
        self.ax = None
        self.size = None

    def _figure_for(self, size: tuple[float, float]) -> tuple:
        """The kept (figure, axes, background) of this size, made on first use."""
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure

        if size not in self._kept:
            if len(self._kept) >= self.keep:
                self._kept.pop(next(iter(self._kept)))
            figure = Figure(figsize=size, dpi=self.dpi)
            FigureCanvasAgg(figure)
            ax = figure.add_subplot()
            _fit_tree_axes(figure, *size)
            _colour_bar(ax)
            ax.axis("off")
            figure.canvas.draw()                       # the colour bar and white space, kept as pixels
            self._kept[size] = (figure, ax, figure.canvas.copy_from_bbox(figure.bbox))
        return self._kept[size]

    def draw(self, search, depth: int = 3, highlight=None, min_visits: int = 1):
        """Draw the tree as draw_search_tree does, into the kept figure; returns it (not a pyplot figure)."""
        g = search_tree_graph(search, depth, min_visits)
        xy, size = _tree_layout(g)
        self.figure, self.ax, background = self._figure_for(size)
        self.size = size
        for artist in self.ax.collections[:] + self.ax.texts[:]:
            artist.remove()
        _draw_tree(self.ax, search, g, xy, depth, highlight, None)
        canvas = self.figure.canvas
        canvas.restore_region(background)              # only the tree's axes are drawn again
        self.ax.draw(canvas.get_renderer())
        return self.figure
