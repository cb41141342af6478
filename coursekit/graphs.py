"""igraph graphs of the lessons: the game graph and a playout's course (lessons 06-07), the MCTS search tree (08-09).

Only graph building and layouts live here; their drawing is in coursekit.plots.game_graph and
coursekit.plots.search_tree. Vertex and edge attributes carry what a drawing needs (numbers, colours, verdicts).
"""

from __future__ import annotations

from numbers import Integral

import igraph as ig

from coursekit.colours import LIGHT, LOSE, WIN
from coursekit.subtraction import Playout, SubtractionGame

# --- subtraction games: game graph (source text 003, Abbildung 3/4) and playout graph (Abbildung 5) ---------------
# the course's colour language (coursekit.colours): vermillion loses for the player to move, blue wins
RED = LOSE  # the source's red numbers: the player to move loses (produce them)
BLUE = WIN  # the source's blue numbers: the player to move can win
GREY = LIGHT  # moves that are not winning moves
WIN_EDGE = WIN + "c0"  # winning moves (n + d -> n, n red), slightly transparent so crossings stay readable
EDGE_COLOURS = {"win": WIN, "mistake": LOSE, "no win": "black"}  # a playout's moves: won, thrown away, no choice
MAX_GRAPH_LIMIT = 1_000  # game_graph(game, limit): largest limit (lessons and widgets draw 60 at most; 10**6 took 10 s)


def game_graph(game: SubtractionGame, limit: int) -> ig.Graph:
    """Numbers 0..limit as vertices, an edge n -> n + d per move d; vertices red (losing) or blue (winning).

    `limit` is at most MAX_GRAPH_LIMIT (a drawing of more numbers is unreadable anyway).
    Vertex attributes: n, losing, color. Edge attributes: move, winning (the move from n + d down to the red n
    is a winning move), color.
    """
    if isinstance(limit, bool) or not isinstance(limit, Integral) or not 0 <= limit <= MAX_GRAPH_LIMIT:
        raise ValueError(f"limit must be an integer from 0 to {MAX_GRAPH_LIMIT:,}, not {limit!r}")
    limit = int(limit)
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
    g.es["color"] = [WIN_EDGE if win else GREY for win in g.es["winning"]]
    return g


def grid_width(game: SubtractionGame, target: int = 8) -> int:
    """Numbers per row of the game-graph drawing: a multiple of the period length near `target` (so columns share
    colours); `target` (10 or more) when the period is longer than 1.75 * target."""
    length = game.period()[1]
    if length > 1.75 * target:
        return max(10, target)
    return length * max(1, round(target / length))


def game_graph_layout(g: ig.Graph, width: int) -> ig.Layout:
    """Rows of `width` numbers, 0 at the top left: with width a multiple of the period, colours form columns."""
    return ig.Layout([(n % width, n // width) for n in g.vs["n"]])

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
    """The source's coordsOfNodes(): start at the top centre, player 1's numbers left, player 2's right."""
    return ig.Layout([(1.0 if p == 0 else (0.0 if p == 1 else 2.0), float(i)) for i, p in enumerate(g.vs["player"])])


# --- MCTS search tree (lessons 08-09) ------------------------------------------------------------------------
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
    if isinstance(depth, bool) or not isinstance(depth, Integral) or depth < 0:
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
