"""igraph graphs of the lessons (game graph, playout course, search tree) and their drawing on matplotlib axes."""

from __future__ import annotations

from typing import Optional

import igraph as ig
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.collections import EllipseCollection, PathCollection, PolyCollection
from matplotlib.lines import Line2D
from matplotlib.path import Path

from coursekit.plots.glyphs import add_labels, glyph_title, keep_whole_figure, key, text_width
from coursekit.subtraction import Playout, SubtractionGame

# --- subtraction games: game graph (seed 003, Abbildung 3/4) and playout graph (Abbildung 5) ---------------
RED = "#d62728"  # red numbers (you want to produce them) and winning moves
BLUE = "#1f77b4"  # blue numbers (the player to move can win) and thrown-away wins
GREY = "#c4c4c4"
RED_EDGE = "#d62728b0"  # winning moves, slightly transparent so crossings stay readable
EDGE_COLOURS = {"win": RED, "mistake": BLUE, "no win": "black"}


def draw_graph(ax, g: ig.Graph, coords, colors, labels, edge_colors, edge_widths, curved=0.0,
               size: float = 0.36, label_color: str = "white", frame: Optional[str] = None,
               arrows: bool = True) -> None:
    """Draw an igraph graph on ax fast (one collection per kind): discs of diameter `size`, edges bent by `curved`
    (one number, or one per edge: the control point's offset as a share of the edge's length)."""
    xy = np.asarray(coords, dtype=float)
    if g.ecount():
        paths, heads = [], []
        r = size / 2
        bends = np.broadcast_to(np.asarray(curved, dtype=float), (g.ecount(),))
        for e in g.es:
            a, b = xy[e.source], xy[e.target]
            v = b - a
            length = float(np.hypot(*v))
            u = v / length
            normal = np.array([-u[1], u[0]])
            c = (a + b) / 2 + normal * bends[e.index] * length
            start = a + (c - a) / np.hypot(*(c - a)) * r
            end = b + (c - b) / np.hypot(*(c - b)) * r
            paths.append(Path([start, c, end], [Path.MOVETO, Path.CURVE3, Path.CURVE3]))
            if arrows:
                direction = (end - c) / np.hypot(*(end - c))
                side = np.array([-direction[1], direction[0]])
                tip, base = end, end - direction * 0.16
                heads.append([tip, base + side * 0.06, base - side * 0.06])
        ax.add_collection(PathCollection(paths, facecolors="none", edgecolors=edge_colors, linewidths=edge_widths,
                                         zorder=1))
        if heads:
            ax.add_collection(PolyCollection(heads, facecolors=edge_colors, edgecolors="none", zorder=1))
    # discs in data units (they scale with the figure) and labels as glyph outlines: one collection each,
    # several times faster to draw than a Circle and a Text per number
    colors = list(colors)
    ax.add_collection(EllipseCollection([size] * len(xy), [size] * len(xy), 0.0, units="xy", offsets=xy,
                                        offset_transform=ax.transData, facecolors=colors,
                                        edgecolors=[frame or c for c in colors], linewidths=0.8, zorder=2))
    ax.update_datalim(np.vstack([xy - size / 2, xy + size / 2]))
    add_labels(ax, [(x, y, str(text), 10, "normal", label_color, "center", "center", 1.2)
                     for (x, y), text in zip(xy, labels)], zorder=3)


def game_graph(game: SubtractionGame, limit: int) -> ig.Graph:
    """Numbers 0..limit as vertices, an edge n -> n + d per move d; vertices red (losing) or blue (winning).

    Vertex attributes: n, losing, color. Edge attributes: move, winning (the move from n + d down to the red n
    is a winning move), color.
    """
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
        raise ValueError(f"limit must be an integer >= 0, not {limit!r}")
    g = ig.Graph(n=limit + 1, directed=True)
    g.vs["n"] = list(range(limit + 1))
    g.vs["losing"] = [game.is_losing(n) for n in range(limit + 1)]
    g.vs["color"] = [RED if red else BLUE for red in g.vs["losing"]]
    edges, moves = [], []
    for n in range(limit + 1):
        for d in game.move_set:
            if n + d <= limit:
                edges.append((n, n + d))
                moves.append(d)
    g.add_edges(edges)
    g.es["move"] = moves
    g.es["winning"] = [g.vs[e.source]["losing"] for e in g.es]
    g.es["color"] = [RED_EDGE if win else GREY for win in g.es["winning"]]
    return g


def grid_width(game: SubtractionGame) -> int:
    """Numbers per row of the game-graph drawing: a multiple of the period length near 8 (so columns share colours)."""
    length = game.period()[1]
    if length > 14:
        return 10
    return length * max(1, round(8 / length))


def game_graph_layout(g: ig.Graph, width: int) -> ig.Layout:
    """Rows of `width` numbers, 0 at the top left: with width a multiple of the period, colours form columns."""
    return ig.Layout([(n % width, n // width) for n in g.vs["n"]])


GAME_GRAPH_INCH = 0.8  # inches per grid step of the game graph drawing


def _row_clearing_bends(g: ig.Graph, width: int) -> list[float]:
    """Bend per game-graph edge: 0.18, more for an edge within one row, so it clears the discs it passes."""
    bends = []
    for e in g.es:
        a, b = g.vs[e.source]["n"], g.vs[e.target]["n"]
        length = b - a
        same_row = a // width == b // width and length > 1
        # a quadratic curve bent by c passes the first disc between its ends 2c(1 - 1/L) away: 0.36 clears it
        bends.append(max(0.18, 0.18 / (1 - 1 / length)) if same_row else 0.18)
    return bends


def draw_game_graph(game: SubtractionGame, limit: int = 40, ax=None, edges: str = "winning",
                    width: Optional[int] = None):
    """Draw the game graph on ax: red and blue numbers in rows; edges "winning" (red only), "all" or "none".

    Without ax, the figure is sized to the drawing (no tight bounding box needed, so widgets redraw it fast).
    """
    if edges not in ("winning", "all", "none"):
        raise ValueError(f"edges must be 'winning', 'all' or 'none', not {edges!r}")
    g = game_graph(game, limit)
    width = width or grid_width(game)
    rows = limit // width + 1
    owned = ax is None
    if owned:
        fig = plt.figure()
        ax = fig.add_axes((0, 0, 1, 1))
    fig = ax.figure
    keep = {"winning": [e.index for e in g.es if e["winning"]], "all": list(range(g.ecount())), "none": []}[edges]
    shown = g.subgraph_edges(keep, delete_vertices=False)
    layout = game_graph_layout(shown, width)
    draw_graph(ax, shown, layout.coords, shown.vs["color"], [str(n) for n in shown.vs["n"]],
               shown.es["color"] if shown.ecount() else [], [1.3 if w else 0.6 for w in shown.es["winning"]]
               if shown.ecount() else [], curved=_row_clearing_bends(shown, width), size=0.5)
    columns = min(width, limit + 1)
    ax.set_xlim(-0.6, columns - 0.4)
    ax.set_ylim(rows - 0.2, -0.6)  # room under the last row for the bent edges
    ax.set_aspect("equal")
    ax.axis("off")
    start, length = game.period()
    glyph_title(ax, f"moves {', '.join(map(str, game.move_set))}: numbers 0-{limit}, period {length} from {start}",
                size=11)
    entries = [("disc", RED, "red: produce these (mover loses)"), ("disc", BLUE, "blue: mover can win")]
    if edges != "none":
        entries.append(("line", RED, "edge n -> n + d: at n + d, subtract d to win"))
    if edges == "all":
        entries.append(("line", GREY, "other moves"))
    key_width, key_height = key(ax, entries, 0.5, 0.0, size=8, below=4)
    if owned:
        axes_w, axes_h = GAME_GRAPH_INCH * columns, GAME_GRAPH_INCH * (rows + 0.4)
        top, bottom = 0.36, (key_height + 10) / 72
        fig_w = max(axes_w + 0.2, key_width / 72 + 0.45)
        fig.set_size_inches(fig_w, axes_h + top + bottom)
        ax.set_position(((fig_w - axes_w) / 2 / fig_w, bottom / (axes_h + top + bottom), axes_w / fig_w,
                         axes_h / (axes_h + top + bottom)))
        keep_whole_figure(fig)
        plt.close(fig)  # detached from pyplot: shown once, as the cell's value
    return fig


def playout_graph(playout: Playout) -> ig.Graph:
    """The course of one game as a path: vertex i is the i-th number; edges coloured as in Abbildung 5.

    Vertex attributes: n, player (0 for the start, else who produced the number). Edge attributes: move,
    verdict ("win", "mistake", "no win") and color (red, blue, black).
    """
    k = len(playout.course)
    g = ig.Graph(n=k, edges=[(i, i + 1) for i in range(k - 1)], directed=True)
    g.vs["n"] = list(playout.course)
    g.vs["player"] = [0] + list(playout.movers)
    g.es["move"] = list(playout.moves)
    g.es["verdict"] = list(playout.verdicts())
    g.es["color"] = [EDGE_COLOURS[v] for v in g.es["verdict"]]
    return g


def playout_layout(g: ig.Graph) -> ig.Layout:
    """The seed's coordsOfNodes(): start at the top centre, player 1's numbers left, player 2's right."""
    return ig.Layout([(1.0 if p == 0 else (0.0 if p == 1 else 2.0), float(i)) for i, p in enumerate(g.vs["player"])])


PLAYOUT_INCH = 0.62  # inches per unit of the playout drawing


def draw_playout(playout: Playout, ax=None, names: tuple[str, str] = ("player 1", "player 2")):
    """Draw one game as the seed's Abbildung 5: zig-zag course, red/blue/black edges, the winner in the title.

    A game still running (winner None) is drawn as far as it went. Without ax, the figure is sized to the drawing.
    """
    g = playout_graph(playout)
    k = g.vcount()
    step = 0.75  # vertical distance between numbers; x: player 1 at 0, start at 2, player 2 at 4
    coords = [(2 * x, step * y) for x, y in playout_layout(g).coords]
    owned = ax is None
    if owned:
        fig = plt.figure()
        ax = fig.add_axes((0, 0, 1, 1))
    fig = ax.figure
    draw_graph(ax, g, coords, ["#ffe066"] * k, [str(n) for n in g.vs["n"]], g.es["color"] if k > 1 else [], 3,
               size=0.62, label_color="black", frame="#555555", arrows=False)
    moves = [((x0 + x1) / 2, (y0 + y1) / 2, f"-{d}", 8, "normal", "#333", "center", "center", 1.2)
             for d, (x0, y0), (x1, y1) in zip(g.es["move"] if k > 1 else [], coords, coords[1:])]
    columns = [(0.0, -0.9, names[0], 10, "bold", "black", "center", "baseline", 1.2),
               (4.0, -0.9, names[1], 10, "bold", "black", "center", "baseline", 1.2)]
    add_labels(ax, moves, zorder=4, backdrop="white")
    add_labels(ax, columns, zorder=4)
    x_range, y_range = (-0.7, 4.7), (step * (k - 1) + 0.5, -1.2)
    ax.set_xlim(*x_range)
    ax.set_ylim(*y_range)
    ax.set_aspect("equal")
    ax.axis("off")
    if playout.winner is None:
        title = f"start {playout.start}: now n = {playout.course[-1]}, {names[len(playout.moves) % 2]} to move"
    else:
        how = "made 0" if playout.course[-1] == 0 else f"the other player went to {playout.course[-1]}"
        title = f"start {playout.start}: {names[playout.winner - 1]} wins ({how})"
    glyph_title(ax, title, size=10, gap=2)
    key_width = key_height = 0.0
    if k > 1:
        key_width, key_height = key(ax, [("line", c, label) for label, c in (("could force a win and did", RED),
                                    ("threw a win away", BLUE), ("no win available", "black"))], 0.5, 0.0,
                                    size=8, columns=1, below=2)
    if owned:
        axes_w = PLAYOUT_INCH * (x_range[1] - x_range[0])
        axes_h = PLAYOUT_INCH * (y_range[0] - y_range[1])
        top, bottom = 0.3, (key_height + 6) / 72
        fig_w = max(axes_w, key_width / 72, text_width(title, 10) / 72) + 0.15
        fig_h = axes_h + top + bottom
        fig.set_size_inches(fig_w, fig_h)
        ax.set_position(((fig_w - axes_w) / 2 / fig_w, bottom / fig_h, axes_w / fig_w, axes_h / fig_h))
        keep_whole_figure(fig)
        plt.close(fig)  # detached from pyplot: shown once, as the cell's value
    return fig


# --- MCTS search tree (lessons 08-09) ------------------------------------------------------------------------
from functools import lru_cache  # noqa: E402 (used by this section only)

SEARCH_CMAP = "coolwarm"  # win rate 0 blue (bad move for its mover) ... 1 red (good move), as the seed's colours


def _search_labels(game):
    """Vertex and edge label functions: n and "-d" for subtraction games, str otherwise."""
    if isinstance(game, SubtractionGame):
        return (lambda state: str(state.n)), (lambda move: f"-{move}")
    return str, str


def search_tree_graph(search, depth: int = 3, min_visits: int = 1) -> ig.Graph:
    """The search tree of an MCTS object as an igraph tree, cut at `depth` and at nodes with fewer visits.

    Shared nodes of a transposition search are unfolded (drawn once per path). Vertex attributes: label, visits,
    wins, win_rate (for the player who moved into the node), depth, moves (the path from the root as a tuple),
    shared (the node is reached by more than one path). Edge attributes: move, label.
    """
    if search.root is None:
        raise ValueError("the search has no tree yet: run it first")
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise ValueError(f"depth must be an integer >= 0, not {depth!r}")
    node_label, move_label = _search_labels(search.game)
    parents: dict = {}
    stack = [search.root]
    seen = {id(search.root)}
    while stack:                              # count parents to flag shared (transposed) nodes
        node = stack.pop()
        for child in node.children.values():
            parents[id(child)] = parents.get(id(child), 0) + 1
            if id(child) not in seen:
                seen.add(id(child))
                stack.append(child)
    vertices, edges, edge_moves = [], [], []
    queue = [(search.root, 0, (), None)]
    while queue:
        node, d, path, parent = queue.pop(0)
        index = len(vertices)
        vertices.append((node, d, path))
        if parent is not None:
            edges.append((parent, index))
            edge_moves.append(path[-1])
        if d < depth:
            for move, child in search.stats(node).items():
                if child.visits >= min_visits:
                    queue.append((node.children[move], d + 1, path + (move,), index))
    g = ig.Graph(n=len(vertices), edges=edges, directed=True)
    g.vs["label"] = [node_label(node.state) for node, _, _ in vertices]
    g.vs["visits"] = [node.visits for node, _, _ in vertices]
    g.vs["wins"] = [node.wins for node, _, _ in vertices]
    g.vs["win_rate"] = [node.win_rate for node, _, _ in vertices]
    g.vs["depth"] = [d for _, d, _ in vertices]
    g.vs["moves"] = [path for _, _, path in vertices]
    g.vs["shared"] = [parents.get(id(node), 0) > 1 for node, _, _ in vertices]
    g.es["move"] = edge_moves
    g.es["label"] = [move_label(m) for m in edge_moves]
    return g


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
