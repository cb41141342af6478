"""UCT Monte Carlo Tree Search over a small game protocol, with a per-iteration trace.

A game is any object with `start(n)`, `moves(state)`, `play(state, move)`, `is_over(state)`,
`winner(state)` (a player, or None for a draw) and `to_move(state)`. States must be hashable when
transpositions are on. One iteration runs the four phases, one method each:

1. selection: from the root, follow the child with the best score (UCB1 by default) while every move of
   the node has been tried;
2. expansion: add one untried move's position to the tree;
3. simulation: play a game from there to the end with the rollout policy (random moves by default);
4. backpropagation: add the result to every node on the path.

Every node counts `visits` and `wins` for the player who made the move into it, so a child's win rate is the
win probability of that move for the player to move at its parent: the source's p1, p2, p3.

Speed (issue 39): the four methods above are what a learner reads, and they run whenever an iteration is
traced. An untraced `run` with the default UCB1 and random rollouts does the same four phases in one loop
(`_run_untraced`), drawing the same random numbers, so a seed gives the same tree either way (bar a tie of
UCB1 scores within rounding, see there). A game may also provide the optional protocol method
`rollout(state, rng)`: the winner of uniformly random play from `state` (a finished game's winner at once),
drawing one `rng.random()` a move as `random_rollout` does (the subtraction game's is an integer loop); the loop
then calls it instead of `moves`, `play` and `is_over` once a ply.
"""

from __future__ import annotations

import gc
import math
import random
from dataclasses import dataclass
from numbers import Integral, Real
from typing import Any, Callable, Hashable, Protocol, Sequence

from coursekit.progress import LazyBar
from coursekit.rng import as_random

State = Any
Move = Any
Player = Any

MAX_ITERATIONS = 1_000_000  # iterations of one search (or one run): the tree grows by a node per iteration


class Game(Protocol):
    """The game protocol (see the module docstring): what MCTS needs to know about a game."""

    def start(self, n: Any) -> State: ...
    def moves(self, state: State) -> Sequence[Move]: ...
    def play(self, state: State, move: Move) -> State: ...
    def is_over(self, state: State) -> bool: ...
    def winner(self, state: State) -> Player | None: ...
    def to_move(self, state: State) -> Player: ...


class Node:
    """A position in the search tree with its statistics (wins for the player who moved into it)."""

    __slots__ = ("state", "untried", "children", "visits", "wins", "player", "rate", "inv", "result", "full",
                 "three", "mover")

    def __init__(self, state: State, moves: Sequence[Move], player: Player = None,
                 mover: Player = None) -> None:
        self.state = state
        self.untried = list(moves)
        self.children: dict = {}
        self.visits = 0
        self.wins = 0.0
        # kept by the untraced loop only (MCTS._run_untraced): the player to move at state, wins / visits,
        # 1 / sqrt(visits), the winner once the loop has found the node a finished game, the children as a list
        # once every move is tried (in `three` if there are three, else in `full`; None before) and in a tree
        # the player who moved into the node
        self.player = player
        self.rate = 0.0
        self.inv = 0.0
        self.result = _UNKNOWN
        self.full: list | None = None
        self.three: list | None = None
        self.mover = mover

    @property
    def win_rate(self) -> float:
        """Wins per visit (0.0 before the first visit)."""
        return self.wins / self.visits if self.visits else 0.0

    def __repr__(self) -> str:
        return f"Node({self.state!r}, visits={self.visits}, wins={self.wins:g})"


@dataclass(frozen=True)
class MoveStats:
    """What the search learned about one move at the root: p = wins / visits is the source's p1, p2, p3."""

    move: Move
    visits: int
    wins: float
    win_rate: float


@dataclass(frozen=True)
class Iteration:
    """One iteration's four phases, as the step-by-step widget replays them."""

    number: int
    selected: tuple          # moves followed from the root during selection
    expanded: Move | None    # the move whose position was added (None at a finished game or a full tree)
    rollout: tuple           # the states of the simulated game, from the new leaf to the end
    winner: Player | None
    updated: tuple           # (moves from the root, visits, wins) of every node backpropagation touched
    shared: bool = False     # with transpositions: the expanded move reached a position already in the table

    @property
    def path(self) -> tuple:
        """All moves from the root to the node the simulation started from."""
        return self.selected + (() if self.expanded is None else (self.expanded,))


# --- swappable parts -----------------------------------------------------------------------------------------

def ucb1(child: Node, parent_visits: int, exploration: float) -> float:
    """UCB1: the child's win rate plus the exploration bonus c * sqrt(ln N / n)."""
    return child.wins / child.visits + exploration * math.sqrt(math.log(parent_visits) / child.visits)


def greedy(child: Node, parent_visits: int, exploration: float) -> float:
    """Pure exploitation: the child's win rate (ignores the exploration constant)."""
    return child.wins / child.visits


def random_rollout(game: Game, state: State, rng: random.Random) -> Move:
    """The default rollout policy: a uniformly random legal move."""
    moves = game.moves(state)
    return moves[int(rng.random() * len(moves))]


def outcome(winner: Player | None, player: Player) -> float:
    """The value of a finished game for `player`: 1 if it won, 1/2 for a draw (winner None), 0 if it lost."""
    return 0.5 if winner is None else float(winner == player)


def most_visits(stats: MoveStats) -> tuple:
    """Final choice "robust child": the move searched most often (ties: higher win rate)."""
    return (stats.visits, stats.win_rate)


def best_win_rate(stats: MoveStats) -> tuple:
    """Final choice "max child": the move with the highest win rate (ties: more visits)."""
    return (stats.win_rate, stats.visits)


FINAL_RULES = {"visits": most_visits, "win_rate": best_win_rate}


def check_position(game: Game, state: State) -> None:
    """Refuse what is not one of the game's positions (the number 30 where game.start(30) is meant) by name."""
    try:
        game.is_over(state)
        game.to_move(state)
    except (AttributeError, TypeError, KeyError, IndexError) as error:
        raise ValueError(f"state must be a position of the game, such as game.start(...) gives, not {state!r} "
                         f"({type(error).__name__}: {error})") from error


def _identity(state: State) -> State:
    """The default position key: the state itself."""
    return state


# --- the search ------------------------------------------------------------------------------------------------

class MCTS:
    """UCT search for one game; keep it to grow the same tree step by step, or call `search` for a fresh one.

    exploration: the constant c of UCB1 (sqrt(2) by default); tree_policy: how selection scores a child
    (`ucb1`, or any f(child, parent_visits, exploration)); rollout: the simulation's move choice
    f(game, state, rng); final: "visits" or "win_rate" (or a key function on MoveStats) for the move to play;
    transpositions: share one node between positions reached by different move orders; key: what makes two
    states the same position (default: the state itself, or `game.key(state)` when the game has one).
    """

    def __init__(self, game: Game, exploration: float = math.sqrt(2), seed: Any = None, *,
                 tree_policy: Callable = ucb1, rollout: Callable = random_rollout,
                 final: str | Callable = "visits", transpositions: bool = False,
                 key: Callable[[State], Hashable] | None = None) -> None:
        for name in ("moves", "play", "is_over", "winner", "to_move"):
            if not callable(getattr(game, name, None)):
                raise ValueError(f"game {game!r} lacks the protocol method {name}(); it needs moves, play, "
                                 f"is_over, winner and to_move")
        if not isinstance(exploration, Real) or isinstance(exploration, bool) or exploration < 0 \
                or math.isnan(exploration):
            raise ValueError(f"exploration must be a number >= 0, not {exploration!r}")
        if isinstance(final, str):
            if final not in FINAL_RULES:
                raise ValueError(f"final must be one of {sorted(FINAL_RULES)} or a function, not {final!r}")
            final = FINAL_RULES[final]
        self.game = game
        self.exploration = float(exploration)
        self.tree_policy = tree_policy
        self.rollout = rollout
        self.final = final
        self.transpositions = bool(transpositions)
        # with the state itself as key, a shared node's state is exactly the state reached; with a coarser key
        # (game.key or key=...) selection replays the moves to know the real state (and the real player to move)
        self._replay = key is not None or callable(getattr(game, "key", None))
        if key is None:
            key = game.key if callable(getattr(game, "key", None)) else _identity
        self.key = key
        self.rng = as_random(seed)
        self.root: Node | None = None
        self.table: dict = {}
        self.iterations = 0
        self.trace: list[Iteration] = []
        self.linked = False      # did the last expansion reach a position already in the table?
        self._kept = True        # are every node's loop fields up to date (_run_untraced)?

    # --- set-up ---
    def reset(self, state: State) -> Node:
        """Start a new tree with `state` at the root (the random generator carries on)."""
        check_position(self.game, state)
        if self.game.is_over(state):
            raise ValueError(f"state {state!r} is a finished game: there is no move to search")
        self.root = Node(state, self.game.moves(state))
        self.table = {self.key(state): self.root} if self.transpositions else {}
        self.iterations = 0
        self.trace = []
        self._kept = True
        return self.root

    def search(self, state: State, iterations: int, trace: bool = False) -> dict:
        """A fresh search from `state`: run the iterations, return {move: MoveStats} for the root's moves."""
        iterations = _check_iterations(iterations, low=1)
        self.reset(state)
        self.run(iterations, trace=trace)
        return self.stats()

    def run(self, iterations: int, trace: bool = False) -> None:
        """Grow the current tree by some iterations (keep a trace of each when asked); a progress bar past a second."""
        if self.root is None:
            raise ValueError("no tree yet: call reset(state) or search(state, iterations) first")
        iterations = _check_iterations(iterations, low=0)
        iterate = self.iterate
        inlined = not trace and self.tree_policy is ucb1 and self.rollout is random_rollout \
            and not (self.transpositions and self._replay)
        pause = inlined and gc.isenabled()  # the tree holds no cycles: the collector would only walk it
        if pause:                           # again and again as it grows (5% of the loop's time at n = 60)
            gc.disable()
        try:
            with LazyBar(iterations, "MCTS iterations") as bar:
                for done in range(0, iterations, 1024):
                    block = min(1024, iterations - done)
                    if trace:
                        for _ in range(block):
                            self.trace.append(iterate(trace=True))
                    elif inlined:
                        self._run_untraced(block)
                    else:
                        for _ in range(block):
                            iterate()
                    bar.update(block)
        finally:
            if pause:  # the tree's new objects join the oldest generation now rather than be walked by the next
                gc.freeze()    # young collection (3% of a search's time at n = 60); so do the few other young
                gc.unfreeze()  # objects: a garbage cycle among them waits for the next full collection
                gc.enable()

    def _run_untraced(self, iterations: int) -> None:
        """`iterations` iterations of select, expand, simulate and backpropagate in one loop (UCB1, random rollouts).

        The same phases as the four methods, with the same random draws: selection reads each child's win rate
        and 1 / sqrt(visits) off the node (backpropagation keeps them), expansion does not check a node that
        still has untried moves, the game's own `rollout` runs when it has one, and each node's player to move
        (and in a tree, the player who moved into it) is set when the node is made, so backpropagation calls
        nothing. The bonus is multiplied by 1 / sqrt(visits) where select() divides by sqrt(visits): a score can
        differ in its last bit, so only two scores closer than that could be ordered differently (children with
        the same wins and visits still tie exactly, and the first of them wins in both).
        """
        game, rng = self.game, self.rng
        draw = rng.random
        is_over, play, moves_of, to_move, winner_of = game.is_over, game.play, game.moves, game.to_move, game.winner
        fast_rollout = getattr(game, "rollout", None)

        def playout(state: State) -> Player | None:
            """Uniformly random moves to the end: the winner (random_rollout's draws, or the game's own rollout)."""
            while not is_over(state):
                options = moves_of(state)
                state = play(state, options[int(draw() * len(options))])
            return winner_of(state)

        fast = callable(fast_rollout)
        c, shared, table, key = self.exploration, self.transpositions, self.table, self.key
        if not self._kept:
            self._keep_scores()
        root = self.root
        if root.player is None:
            root.player = to_move(root.state)
        player = root.player
        inverses, bonuses = _ucb1_tables(c, root.visits + iterations)
        for _ in range(iterations):
            # 1. selection: the child with the best UCB1 score while every move of the node is tried (its kids
            # are then in `three` or `full`)
            node, path = root, []  # path: the nodes below the root
            while True:
                kids = node.three
                if kids is not None:  # three moves (the 3-5-11 game), unrolled: the first best score wins
                    bonus = bonuses[node.visits]  # UCB1 as in select(), sqrt and log looked up
                    first, second, third = kids
                    a = first.rate + bonus * first.inv
                    b = second.rate + bonus * second.inv
                    if b > a:
                        chosen = third if third.rate + bonus * third.inv > b else second
                    else:
                        chosen = third if third.rate + bonus * third.inv > a else first
                else:
                    kids = node.full
                    if kids is None:
                        break
                    bonus, best = bonuses[node.visits], -math.inf
                    for child in kids:
                        score = child.rate + bonus * child.inv
                        if score > best:
                            best, chosen = score, child
                if shared and (chosen is root or chosen in path):  # shared positions: a cycle stops at the node
                    break
                node = chosen
                path.append(node)
            winner = node.result
            if winner is not _UNKNOWN:  # a finished game met before: no expansion, its winner at once
                pass
            # 2. expansion: one untried move at random (a node with untried moves is never a finished game)
            elif node.untried:
                state, untried = node.state, node.untried
                i = int(draw() * len(untried))
                untried[i], untried[-1] = untried[-1], untried[i]
                move = untried.pop()
                state = play(state, move)
                if shared:
                    position = key(state)
                    child = table.get(position)
                    self.linked = child is not None
                else:
                    child = None
                if child is None:
                    child = Node(state, () if is_over(state) else moves_of(state), to_move(state),
                                 node.player)
                    if shared:
                        table[position] = child
                node.children[move] = child
                if not untried:  # every move tried: the children as a list (as _full and _three do)
                    kids = list(node.children.values())
                    if len(kids) == 3:
                        node.three = kids
                    else:
                        node.full = kids
                path.append(child)
                # 3. simulation: uniformly random moves to the end (a finished game: its winner, kept on the node)
                if child.untried or child.children:
                    winner = fast_rollout(state, rng) if fast else playout(state)
                else:
                    winner = child.result = winner_of(state)
            elif node.children:  # every move tried and the best child is on the path (transpositions): roll out
                winner = fast_rollout(node.state, rng) if fast else playout(node.state)
            else:
                winner = node.result = winner_of(node.state)
            # 4. backpropagation: each node counts the result for the player who moved into it (outcome())
            root.visits += 1
            if winner is None:
                root.wins += 0.5
                for node in path:
                    node.visits = visits = node.visits + 1
                    node.wins = wins = node.wins + 0.5
                    node.rate = wins / visits
                    node.inv = inverses[visits]
            else:
                if winner != player:
                    root.wins += 1.0
                if shared:  # a shared node has no one mover: the player to move at the node before it
                    mover = player
                    for node in path:
                        node.visits = visits = node.visits + 1
                        if winner == mover:
                            node.wins = wins = node.wins + 1.0
                            node.rate = wins / visits
                        else:
                            node.rate = node.wins / visits
                        node.inv = inverses[visits]
                        mover = node.player
                else:
                    for node in path:
                        node.visits = visits = node.visits + 1
                        if winner == node.mover:
                            node.wins = wins = node.wins + 1.0
                            node.rate = wins / visits
                        else:
                            node.rate = node.wins / visits
                        node.inv = inverses[visits]
            if shared:  # the root may be a child too (a cycle back to the start)
                root.rate = root.wins / root.visits
                root.inv = inverses[root.visits]
        if root.visits:
            root.rate = root.wins / root.visits
            root.inv = inverses[root.visits]
        self.iterations += iterations

    def _keep_scores(self) -> None:
        """Update every node's loop fields (rate, 1 / sqrt(visits), full, three...) after the readable phases ran."""
        to_move = self.game.to_move
        seen, stack = {id(self.root)}, [self.root]
        while stack:
            node = stack.pop()
            if node.visits:
                node.rate = node.wins / node.visits
                node.inv = 1.0 / math.sqrt(node.visits)
            if node.player is None:
                node.player = to_move(node.state)
            kids = list(node.children.values())
            node.full = None if node.untried else _full(kids)
            node.three = None if node.untried else _three(kids)
            for child in kids:
                child.mover = node.player  # read in a tree only, where a node has one parent
                if id(child) not in seen:
                    seen.add(id(child))
                    stack.append(child)
        self._kept = True

    def iterate(self, trace: bool = False) -> Iteration | None:
        """One iteration: selection, expansion, simulation, backpropagation."""
        self._kept = False
        path, states, moves = self.select()
        expanded = self.expand(path, states, moves)
        rollout = [] if trace else None
        winner = self.simulate(states[-1], rollout)
        self.backpropagate(path, states, winner)
        self.iterations += 1
        if not trace:
            return None
        updated, prefix = [], ()
        for i, node in enumerate(path):
            if i:
                prefix = prefix + (moves[i - 1],)
            updated.append((prefix, node.visits, node.wins))
        selected = tuple(moves[:-1]) if expanded is not None else tuple(moves)
        return Iteration(self.iterations, selected, expanded, tuple(rollout), winner, tuple(updated),
                         expanded is not None and self.linked)

    # --- the four phases ---
    def select(self) -> tuple[list, list, list]:
        """Selection: from the root, step to the child with the best score while every move of the node is tried.

        Returns the nodes on the path, the states reached (the real ones) and the moves between them.
        """
        node = self.root
        path, states, moves = [node], [node.state], []
        c, policy, fast, sqrt = self.exploration, self.tree_policy, self.tree_policy is ucb1, math.sqrt
        shared, replay = self.transpositions, self.transpositions and self._replay
        while not node.untried and node.children:
            bonus, best = c * sqrt(math.log(node.visits)), -math.inf  # UCB1's c sqrt(ln N), once per node
            for move, child in node.children.items():                # the child with the best score
                score = child.wins / child.visits + bonus / sqrt(child.visits) if fast \
                    else policy(child, node.visits, c)                 # (ucb1, inlined: no call per child)
                if score > best:
                    best, step, chosen = score, move, child
            if shared and chosen in path:  # a cycle through a shared position: stop here
                break
            node = chosen
            path.append(node)
            states.append(self.game.play(states[-1], step) if replay else node.state)
            moves.append(step)
        return path, states, moves

    def expand(self, path: list, states: list, moves: list) -> Move | None:
        """Expansion: add the position after one untried move of the last node, chosen at random."""
        node, game = path[-1], self.game
        if not node.untried or game.is_over(states[-1]):
            return None  # a finished game (or nothing left to try): simulate from here as it is
        untried = node.untried
        i = int(self.rng.random() * len(untried))
        untried[i], untried[-1] = untried[-1], untried[i]  # the chosen move to the end, then off the list
        move = untried.pop()
        state = game.play(states[-1], move)
        key = self.key(state) if self.transpositions else None
        child = self.table.get(key) if self.transpositions else None
        self.linked = child is not None  # with transpositions: the position is already in the table, share it
        if child is None:
            child = Node(state, () if game.is_over(state) else game.moves(state))
            if self.transpositions:
                self.table[key] = child
        node.children[move] = child
        path.append(child)
        states.append(state)
        moves.append(move)
        return move

    def simulate(self, state: State, record: list | None = None) -> Player | None:
        """Simulation: play the rollout policy from `state` to the end of the game; return the winner (None: draw)."""
        game, rollout, rng = self.game, self.rollout, self.rng
        is_over, play = game.is_over, game.play
        if record is not None:
            record.append(state)
        while not is_over(state):
            state = play(state, rollout(game, state, rng))
            if record is not None:
                record.append(state)
        return game.winner(state)

    def backpropagate(self, path: list, states: list, winner: Player | None) -> None:
        """Backpropagation: every node on the path gets a visit and the result for the player who moved into it.

        The root has no mover in the tree: it counts the result for the opponent of the player to move there.
        """
        to_move = self.game.to_move
        root = path[0]
        root.visits += 1
        root.wins += 1 - outcome(winner, to_move(states[0]))
        for node, before in zip(path[1:], states):  # before: the state its mover moved from
            node.visits += 1
            node.wins += outcome(winner, to_move(before))

    # --- what the search learned ---
    def stats(self, node: Node | None = None) -> dict:
        """{move: MoveStats} for the children of a node (the root by default), in the game's move order."""
        node = self.root if node is None else node
        if node is None:
            raise ValueError("no tree yet: call search(state, iterations) first")
        order = [] if self.game.is_over(node.state) else list(self.game.moves(node.state))
        order += [m for m in node.children if m not in order]
        out = {}
        for move in order:
            child = node.children.get(move)
            if child is not None:
                out[move] = MoveStats(move, child.visits, child.wins, child.win_rate)
        return out

    def best_move(self) -> Move:
        """The move to play from the root by the final rule (most visits by default); ties: first in order."""
        stats = self.stats()
        if not stats:
            raise ValueError("the search has no iterations yet")
        best = None
        for s in stats.values():
            if best is None or self.final(s) > self.final(best):
                best = s
        return best.move

    def principal_line(self, length: int | None = None) -> list[MoveStats]:
        """The line the search expects: from the root, the final rule's move again and again."""
        node, line, seen = self.root, [], set()
        while node is not None and node.children and (length is None or len(line) < length):
            stats = self.stats(node)
            best = None
            for s in stats.values():
                if best is None or self.final(s) > self.final(best):
                    best = s
            line.append(best)
            if id(node) in seen:
                break
            seen.add(id(node))
            node = node.children[best.move]
        return line

    def position_counts(self) -> dict:
        """{position key: how many nodes of the tree hold it}; above 1 the tree repeats a position."""
        counts: dict = {}
        if self.root is None:
            return counts
        seen, stack = {id(self.root)}, [self.root]
        while stack:
            node = stack.pop()
            key = self.key(node.state)
            counts[key] = counts.get(key, 0) + 1
            for child in node.children.values():
                if id(child) not in seen:
                    seen.add(id(child))
                    stack.append(child)
        return counts

    def tree_size(self) -> int:
        """The number of distinct nodes in the tree (or graph, with transpositions)."""
        if self.root is None:
            return 0
        seen, stack = {id(self.root)}, [self.root]
        while stack:
            for child in stack.pop().children.values():
                if id(child) not in seen:
                    seen.add(id(child))
                    stack.append(child)
        return len(seen)


_UNKNOWN = object()  # a node's result before the untraced loop has looked
_INVERSES: list = [0.0]  # 1 / sqrt(v) for v = 0, 1, ... (0: never read, a child is scored once visited)
_BONUSES: dict = {}         # exploration c -> [c * sqrt(ln v)] for v = 0, 1, ...


def _full(kids: list) -> list | None:
    """A tried-out node's `full`: its children unless there are three (or none)."""
    return kids if kids and len(kids) != 3 else None


def _three(kids: list) -> list | None:
    """A tried-out node's `three`: its three children (None for any other number)."""
    return kids if len(kids) == 3 else None


def _ucb1_tables(c: float, visits: int) -> tuple[list, list]:
    """sqrt(v) and c * sqrt(ln v) for v up to `visits`, grown as needed and shared between searches."""
    inverses = _INVERSES
    if len(inverses) <= visits:
        inverses.extend(1.0 / math.sqrt(v) for v in range(len(inverses), visits + 1))
    bonuses = _BONUSES.setdefault(c, [math.inf])
    if len(bonuses) <= visits:
        bonuses.extend(c * math.sqrt(math.log(v)) for v in range(len(bonuses), visits + 1))
    return inverses, bonuses


def _check_iterations(iterations: int, low: int) -> int:
    """Validate a number of iterations: a whole number from `low` to MAX_ITERATIONS."""
    if isinstance(iterations, bool) or not isinstance(iterations, Integral) or not low <= iterations <= MAX_ITERATIONS:
        raise ValueError(f"iterations must be a whole number from {low} to {MAX_ITERATIONS:,}, not {iterations!r}")
    return int(iterations)


def best_move(game: Game, state: State, iterations: int, seed: Any = None, **options: Any) -> Move:
    """The move MCTS picks from `state` after `iterations` iterations (options as for MCTS)."""
    search = MCTS(game, seed=seed, **options)
    search.search(state, iterations)
    return search.best_move()


def as_strategy(game: Game, iterations: int, label: str | None = None, **options: Any) -> Callable:
    """MCTS as a player f(n, rng) -> move for games whose positions are numbers (coursekit.subtraction's players).

    Every decision is a fresh search from `game.start(n)` with `iterations` iterations, seeded by the rng it gets.
    """
    iterations = _check_iterations(iterations, low=1)

    def mcts_player(n: int, rng: random.Random | None = None) -> Move:
        return best_move(game, game.start(n), iterations, seed=rng if rng is not None else None, **options)

    mcts_player.label = label or f"MCTS {iterations}" + (" +T" if options.get("transpositions") else "")
    mcts_player.__doc__ = f"MCTS with {iterations} iterations per move."
    return mcts_player


# The yardsticks and exact values lived here until they got modules of their own (issue 36); a learner's saved copy
# of an older lesson imports them from here, and still gets them (loaded on first use: those modules import this one).
_MOVED = {**dict.fromkeys(("hit_rates", "hit_rates_by_budget", "accuracy", "accuracy_table"), "search_yardsticks"),
          **dict.fromkeys(("random_playout_value", "minimax_value", "optimal_moves", "move_values", "MAX_POSITIONS"),
                          "exact_values")}


def __getattr__(name: str) -> Any:
    """A name that moved to coursekit.search_yardsticks or coursekit.exact_values, from its new home."""
    if name in _MOVED:
        import importlib

        return getattr(importlib.import_module(f"coursekit.{_MOVED[name]}"), name)
    raise AttributeError(f"module 'coursekit.mcts' has no attribute {name!r}")
