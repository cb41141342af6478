"""igraph graphs of the lessons (game graph, playout course, search tree) and their drawing on matplotlib axes."""

from __future__ import annotations

from typing import Optional

import igraph as ig
import matplotlib.pyplot as plt
from matplotlib.lines import Line2D

from coursekit.subtraction import Playout, SubtractionGame

# --- subtraction games: game graph (seed 003, Abbildung 3/4) and playout graph (Abbildung 5) ---------------
RED = "#d62728"  # red numbers (you want to produce them) and winning moves
BLUE = "#1f77b4"  # blue numbers (the player to move can win) and thrown-away wins
GREY = "#c4c4c4"
RED_EDGE = "#d62728b0"  # winning moves, slightly transparent so crossings stay readable
EDGE_COLOURS = {"win": RED, "mistake": BLUE, "no win": "black"}


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


def draw_game_graph(game: SubtractionGame, limit: int = 40, ax=None, edges: str = "winning",
                    width: Optional[int] = None):
    """Draw the game graph on ax: red and blue numbers in rows; edges "winning" (red only), "all" or "none"."""
    if edges not in ("winning", "all", "none"):
        raise ValueError(f"edges must be 'winning', 'all' or 'none', not {edges!r}")
    g = game_graph(game, limit)
    width = width or grid_width(game)
    rows = limit // width + 1
    if ax is None:
        fig, ax = plt.subplots(figsize=(max(6.0, 0.85 * width + 1), max(2.0, 0.85 * rows + 0.9)))
    fig = ax.figure
    keep = {"winning": [e.index for e in g.es if e["winning"]], "all": list(range(g.ecount())), "none": []}[edges]
    shown = g.subgraph_edges(keep, delete_vertices=False)
    layout = game_graph_layout(shown, width)
    ig.plot(shown, target=ax, layout=layout, vertex_color=shown.vs["color"], vertex_size=30,
            vertex_label=[str(n) for n in shown.vs["n"]], vertex_label_color="white", vertex_label_size=10,
            vertex_frame_width=0, edge_color=shown.es["color"] if shown.ecount() else None,
            edge_width=[1.4 if w else 0.6 for w in shown.es["winning"]] if shown.ecount() else None,
            edge_arrow_size=7, edge_arrow_width=5, edge_curved=0.2)
    ax.set_xlim(-0.6, width - 0.4)
    ax.set_ylim(rows - 0.4, -0.6)
    ax.set_aspect("equal")
    ax.axis("off")
    start, length = game.period()
    ax.set_title(f"moves {', '.join(map(str, game.move_set))}: numbers 0-{limit}, period {length} from {start}",
                 fontsize=11)
    handles = [Line2D([], [], marker="o", ls="", color=RED, markersize=9, label="red: produce these (mover loses)"),
               Line2D([], [], marker="o", ls="", color=BLUE, markersize=9, label="blue: mover can win")]
    if edges != "none":
        handles.append(Line2D([], [], color=RED, lw=1.4, label="edge n -> n + d: at n + d, subtract d to win"))
    ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0.02), ncol=len(handles), fontsize=8,
              frameon=False, handletextpad=0.3, columnspacing=1.0)
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


def draw_playout(playout: Playout, ax=None, names: tuple[str, str] = ("player 1", "player 2")):
    """Draw one game as the seed's Abbildung 5: zig-zag course, red/blue/black edges, the winner in the title."""
    g = playout_graph(playout)
    k = g.vcount()
    if ax is None:
        fig, ax = plt.subplots(figsize=(4.6, max(2.6, 0.42 * k + 1.2)))
    fig = ax.figure
    ig.plot(g, target=ax, layout=playout_layout(g), vertex_color="#ffe066", vertex_size=26,
            vertex_label=[str(n) for n in g.vs["n"]], vertex_label_size=10, vertex_frame_width=0.8,
            vertex_frame_color="#555555", edge_color=g.es["color"] if k > 1 else None, edge_width=3,
            edge_arrow_size=0.01, edge_arrow_width=0.01)
    coords = playout_layout(g).coords
    for i, d in enumerate(g.es["move"] if k > 1 else []):
        (x0, y0), (x1, y1) = coords[i], coords[i + 1]
        ax.text((x0 + x1) / 2, (y0 + y1) / 2 - 0.15, f"-{d}", ha="center", va="bottom", fontsize=8, color="#444",
                bbox={"boxstyle": "round,pad=0.1", "fc": "white", "ec": "none", "alpha": 0.8})
    ax.text(0.0, -0.9, names[0], ha="center", fontsize=10, fontweight="bold")
    ax.text(2.0, -0.9, names[1], ha="center", fontsize=10, fontweight="bold")
    ax.set_xlim(-0.6, 2.6)
    ax.set_ylim(k - 0.4, -1.4)
    ax.axis("off")
    winner = names[playout.winner - 1]
    how = "made 0" if playout.course[-1] == 0 else f"the other player went to {playout.course[-1]}"
    ax.set_title(f"start {playout.start}: {winner} wins ({how})", fontsize=10)
    handles = [Line2D([], [], color=c, lw=3, label=label) for label, c in
               (("could force a win and did", RED), ("threw a win away", BLUE), ("no win available", "black"))]
    ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0.0), fontsize=8, frameon=False, ncol=1)
    return fig
