"""Bots: a learner's `.py` file or exercise notebook defining `choose(state) -> move`, or a built-in reference bot.

A file bot is its source: one cell for a `.py` file, the code cells of a notebook (run one by one, as a kernel
would; a cell that raises is noted and the next one runs). Its name is the file's stem (with its folder in front
when two files share a stem). File bots always run in the grading sandbox.

Built-in bots join by name and run in the referee's process (trusted course code, no sandbox start-up; timed,
never limited), deciding from the same plain states the sandboxed bots see:

- ``random``: subtraction: coursekit.subtraction's random player (takes an exact 0, else a random move that stays
  >= 0); tic-tac-toe: a uniformly random empty cell; tournament: a random whole bet, hit or stand at random.
- ``optimal``: subtraction: the smallest winning move (coursekit.subtraction.optimal_for); tic-tac-toe: the first
  minimax-optimal cell (coursekit.exact_values.optimal_moves); tournament: the exact optimum
  (coursekit.tournament.optimal_strategy).
- ``mcts:N``: N iterations of coursekit.mcts per move (subtraction, tic-tac-toe); for the tournament,
  coursekit.tournament_search.RoundSearch with N playouts per leaf.
- ``mixed:P`` (subtraction): optimal with probability P, random otherwise (lesson 07).
- ``timid``, ``bold`` (tournament): 10 EUR bets, or bets that reach the goal at once; both hit below 17.

Every random choice of a built-in draws from a generator seeded per game by the referee.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Optional, Union

from coursekit.arena.games import ArenaGame, SubtractionArena, TicTacToeArena, TournamentArena, parse_game
from coursekit.sandbox.files import BadFile, loads_bounded, read_submitted
from coursekit.sandbox.text import clean, safe_name

MAX_SOURCE_CHARS = 1_000_000  # characters (and bytes of a .py file) of one bot's source; a bigger file forfeits
MAX_NOTEBOOK_BYTES = 8_000_000  # bytes of a bot notebook (outputs included)
MAX_NOTEBOOK_DEPTH = 64  # nesting of a bot notebook's JSON
BUILTIN_NAMES = ("random", "optimal", "mcts:N", "mixed:P", "timid", "bold")
MAX_MCTS = 100_000  # iterations per move of a built-in mcts:N


@dataclass(frozen=True)
class Bot:
    """A contestant: its name and either its source cells (a file bot) or the spec of a built-in bot."""

    name: str
    cells: tuple[str, ...] = ()
    builtin: str = ""
    path: str = ""
    problem: str = ""  # why the file could not be read as a bot (it then forfeits every game)

    @property
    def sandboxed(self) -> bool:
        """True for a file bot (it runs in the grading sandbox)."""
        return not self.builtin

    @property
    def digest(self) -> str:
        """A short hash of what the bot is (its source, or the built-in's spec): changed bots replay their games."""
        text = json.dumps([self.builtin, list(self.cells), self.problem])
        return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]

    def describe(self) -> dict:
        """A JSON-ready description: name, kind, path, digest, problem."""
        return {"name": self.name, "kind": "builtin" if self.builtin else "file", "builtin": self.builtin,
                "path": self.path, "digest": self.digest, "problem": self.problem}


def _notebook_cells(text: str, name: str = "the notebook") -> list[str]:
    """The code cells of a notebook's JSON text (parsed within a depth bound)."""
    data = loads_bounded(text, MAX_NOTEBOOK_DEPTH, name)
    cells = data.get("cells") if isinstance(data, dict) else None
    if not isinstance(cells, list):
        raise ValueError("the notebook has no list of cells")
    out = []
    for cell in cells:
        if isinstance(cell, dict) and cell.get("cell_type") == "code":
            source = cell.get("source", "")
            if isinstance(source, list) and all(isinstance(s, str) for s in source):
                source = "".join(source)
            if not isinstance(source, str):
                raise ValueError("a code cell's source is neither text nor a list of lines")
            if source.strip():
                out.append(source)
    if not out:
        raise ValueError("the notebook has no code cells")
    return out


def bot_from_file(path: Union[str, Path], name: Optional[str] = None) -> Bot:
    """A file bot from a `.py` file or a notebook; a file that cannot be read gives a bot with a `problem`.

    A symlink is refused, never followed; so is anything but a regular file. The size comes from `stat` before a
    byte is read, and a notebook's JSON is parsed within a depth bound.
    """
    path = Path(path)
    if path.is_symlink():  # a linked file or folder (nbgrader's layout): refused by name, whatever it points at
        shown = safe_name(path.name, 80)
        return Bot(name or safe_name(path.stem), path=clean(str(path), 300),
                   problem=f"could not read {shown}: refused, it is a symbolic link; links are never followed")
    if path.suffix not in (".py", ".ipynb"):
        raise ValueError(f"a bot file must be a .py file or a .ipynb notebook, not {safe_name(str(path), 200)!r}")
    name = name or safe_name(path.stem)
    shown = safe_name(path.name, 80)
    limit = MAX_SOURCE_CHARS if path.suffix == ".py" else MAX_NOTEBOOK_BYTES
    try:
        raw = read_submitted(path, limit)
        text = raw.decode("utf-8")
        cells = _notebook_cells(text, shown) if path.suffix == ".ipynb" else [text]
        size = sum(len(c) for c in cells)
        if size > MAX_SOURCE_CHARS:
            raise ValueError(f"its source has {size:,} characters; a bot may have {MAX_SOURCE_CHARS:,}")
    except BadFile as error:
        return Bot(name, path=clean(str(path), 300), problem=f"could not read {shown}: refused, {clean(error, 200)}")
    except UnicodeDecodeError:
        return Bot(name, path=clean(str(path), 300), problem=f"could not read {shown}: it is not UTF-8 text")
    except Exception as error:  # whatever is wrong with the file, it is that bot's problem alone
        return Bot(name, path=clean(str(path), 300), problem=f"could not read {shown}: {clean(error, 200)}")
    return Bot(name, tuple(cells), path=clean(str(path), 300))


def _builtin_spec(text: str, game: ArenaGame) -> Optional[str]:
    """The canonical spec of a built-in bot name for this game, or None if the name is no built-in."""
    name, _, arg = text.strip().partition(":")
    name = name.lower()
    if name in ("random", "optimal") and not arg:
        return name
    if name in ("timid", "bold") and not arg and isinstance(game, TournamentArena):
        return name
    if name == "mcts":
        try:
            n = int(arg)
        except ValueError:
            raise ValueError(f"mcts:N needs a whole number of iterations N, not {text!r}") from None
        if not 1 <= n <= MAX_MCTS:
            raise ValueError(f"mcts:N needs N from 1 to {MAX_MCTS:,}, not {text!r}")
        return f"mcts:{n}"
    if name == "mixed" and isinstance(game, SubtractionArena):
        try:
            p = float(arg)
        except ValueError:
            raise ValueError(f"mixed:P needs a probability P, not {text!r}") from None
        if not 0 <= p <= 1:
            raise ValueError(f"mixed:P needs P from 0 to 1, not {text!r}")
        return f"mixed:{p:g}"
    return None


def builtins_for(game: Union[str, ArenaGame]) -> tuple[str, ...]:
    """The built-in bot names a game accepts (N and P stand for numbers)."""
    game = parse_game(game)
    if isinstance(game, SubtractionArena):
        return ("random", "optimal", "mcts:N", "mixed:P")
    if isinstance(game, TournamentArena):
        return ("random", "optimal", "mcts:N", "timid", "bold")
    return ("random", "optimal", "mcts:N")


NBGRADER_ASSIGNMENT = "ex11"  # the class tournament's exercise, as `python -m coursekit nbgrader` names it


def nbgrader_bots(folder: Path) -> list[tuple[Path, str]]:
    """One bot per student from nbgrader's layout (submitted/<student>/<assignment>/*.ipynb), named after the student.

    Each student's notebook of assignment ex11 when there is one, else of the last assignment they handed in. Links
    are never followed (issue 35): a student or assignment folder that is a symbolic link is that student's bot, and
    it forfeits by name ("... is a symbolic link"), as does a linked bot file; folders below an assignment (a nested
    `submitted/<other>/...`) are never entered, so nobody enters a bot under another's name.
    """
    out = []
    for student in sorted(folder.iterdir()):
        if student.is_symlink():
            out.append((student, student.name))  # refused when read: a link is never followed
            continue
        if not student.is_dir():
            continue
        handed = []
        for assignment in sorted(student.iterdir()):
            if assignment.is_symlink():
                handed.append(assignment)
            elif assignment.is_dir():
                handed += [q for q in sorted(assignment.iterdir()) if q.suffix in (".py", ".ipynb")
                           and not q.name.startswith((".", "_")) and (q.is_symlink() or q.is_file())]
        preferred = [q for q in handed if NBGRADER_ASSIGNMENT in (q.parent.name, q.name)] or handed[-1:]
        if preferred:
            out.append((preferred[0], student.name))
    return out


def load_bots(specs: Iterable[Union[str, Path]], game: Union[str, ArenaGame] = "subtraction") -> list[Bot]:
    """Bots from paths (files, or folders of .py and .ipynb files) and built-in names, with unique names."""
    game = parse_game(game)
    if isinstance(specs, (str, Path)):
        specs = [specs]
    files: list[Path] = []
    students: dict[Path, str] = {}  # nbgrader's layout: a bot named after its student, not its file
    builtin: list[str] = []
    for spec in specs:
        path = Path(spec)
        if path.is_dir() and not path.is_symlink():
            found = sorted(p for p in path.iterdir() if p.suffix in (".py", ".ipynb")
                           and not p.name.startswith((".", "_")) and (p.is_symlink() or not p.is_dir()))
            if not found:
                layout = nbgrader_bots(path)
                students.update(layout)
                found = [p for p, _ in layout]
            files += found  # symlinks and other odd files among them: each a bot with a named problem
        elif path.is_symlink() or path.is_file() or (path.exists() and path.suffix in (".py", ".ipynb")):
            files.append(path)
        else:
            name = _builtin_spec(str(spec), game)
            if name is None:
                raise ValueError(f"unknown bot {str(spec)!r}: not a file or folder, and not a built-in bot of "
                                 f"{game.spec} ({', '.join(builtins_for(game))})")
            builtin.append(name)
    names: dict[str, int] = {}
    for p in files:
        names[safe_name(students.get(p, p.stem))] = names.get(safe_name(students.get(p, p.stem)), 0) + 1
    bots: list[Bot] = []
    taken = set(builtin)
    for p in files:
        stem = safe_name(students.get(p, p.stem))
        name = stem if names[stem] == 1 else safe_name(f"{p.parent.name}/{p.stem}")
        if name in taken:
            name = safe_name(p.name) if safe_name(p.name) not in taken else safe_name(f"{p.parent.name}/{p.name}")
        base, number = name, 2
        while name in taken:  # names that clean to the same text: numbered, never a stop for the whole run
            name, number = f"{base}~{number}", number + 1
        taken.add(name)
        bots.append(bot_from_file(p, name))
    seen = set()
    for name in builtin:
        if name in seen:
            raise ValueError(f"the built-in bot {name!r} is named twice")
        seen.add(name)
        bots.append(Bot(name, builtin=name))
    if not bots:
        raise ValueError("no bots: name bot files, folders of them, or built-in bots")
    return bots


# --- the built-in bots' play -----------------------------------------------------------------------------------
def builtin_player(spec: str, game: Union[str, ArenaGame], seed: int) -> Callable[[Any], Any]:
    """A built-in bot for one game: a player of the game object itself (`game.rules`), from its state to a move.

    Its randomness is seeded by `seed`. The MCTS bot searches the same game object the referee plays.
    """
    game = parse_game(game)
    name = _builtin_spec(spec, game)
    if name is None:
        raise ValueError(f"unknown built-in bot {spec!r} for {game.spec}; choose from {', '.join(builtins_for(game))}")
    rng = random.Random(seed)
    kind, _, arg = name.partition(":")
    if isinstance(game, SubtractionArena):
        return _subtraction_player(kind, arg, rng, game.rules)
    if isinstance(game, TicTacToeArena):
        return _tictactoe_player(kind, arg, rng, game.rules)
    return _tournament_player(kind, arg, rng, game.rules)


def _subtraction_player(kind: str, arg: str, rng: random.Random, rules: Any) -> Callable[[Any], Any]:
    """coursekit.subtraction's players f(n, rng), or MCTS searching the game from the position itself."""
    from coursekit import subtraction as sub
    from coursekit.mcts import best_move

    if kind == "mcts":
        iterations = int(arg or 1)
        return lambda state: best_move(rules, state, iterations, seed=rng)
    strategy = {"random": lambda: sub.random_for(rules), "optimal": lambda: sub.optimal_for(rules),
                "mixed": lambda: sub.mixed(float(arg or 0), rules)}[kind]()
    return lambda state: strategy(state.n, rng)


def _tictactoe_player(kind: str, arg: str, rng: random.Random, rules: Any) -> Callable[[Any], Any]:
    from coursekit.exact_values import optimal_moves
    from coursekit.mcts import best_move

    def move(board: Any) -> int:
        if kind == "random":
            return rng.choice(rules.moves(board))
        if kind == "optimal":
            return min(optimal_moves(rules, board))
        return best_move(rules, board, int(arg), seed=rng)

    return move


def _tournament_player(kind: str, arg: str, rng: random.Random, rules: Any) -> Callable[[Any], Any]:
    """Decides from the game's observation of the running tournament (the decision a file bot is shown)."""
    from coursekit.blackjack import hand_total
    from coursekit.tournament import bet_for

    if kind == "optimal":
        from coursekit.tournament import optimal_strategy

        advice: Any = optimal_strategy(rules.start_money, rules.goal, rules.min_bet)
    elif kind == "mcts":
        from coursekit.tournament_search import RoundSearch

        advice = RoundSearch(int(arg), rules.goal, rules.min_bet, seed=rng.getrandbits(63))
    else:
        advice = None

    def move(t: Any) -> Any:
        state = rules.observe(t)
        bankroll = state["bankroll"]
        if state["decision"] == "bet":
            if advice is not None:
                return int(advice.bet(bankroll, state["first_card"]))
            if kind == "random":
                return rng.randint(rules.min_bet, int(bankroll))
            return bet_for(bankroll, kind, rules.goal, rules.min_bet)
        if advice is not None:
            return bool(advice.hits(bankroll, state["bet"], list(state["cards"])))
        if kind == "random":
            return rng.random() < 0.5
        total = hand_total(list(state["cards"]))
        return total is not None and total < 17

    return move
