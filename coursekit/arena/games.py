"""The arena's games: the rules objects the referee plays (coursekit.game_protocol), with what only the arena needs.

Three games, named by a spec (`parse_game`):

- ``subtraction:3,5,11`` (``subtraction`` alone is 3-5-11): the state is ``{"n": 17, "moves": (3, 5, 11)}`` and
  the move an int of ``moves``. Every move is legal while the game runs; reaching exactly 0 wins, going below 0
  loses (coursekit.subtraction's rules). Starts: start numbers (default 20, 26, ..., 50).
- ``tictactoe``: the state is ``{"board": "x.o......", "player": "x"}`` (nine cells row by row, "." empty; "x"
  moves first) and the move the int 0..8 of an empty cell. A full board without a line is a draw. Start: the
  empty board ("").
- ``tournament`` (source text 004: start 100 EUR, goal 200 EUR, bets from 10 EUR): one bot plays alone, deciding
  ``{"decision": "bet", "bankroll": 100, "first_card": "7", "goal": 200, "min_bet": 10}`` -> an int bet from
  min_bet to the bankroll, and ``{"decision": "hit", "bankroll": 100, "bet": 20, "cards": ("7", "K"), "goal":
  200, "min_bet": 10}`` -> True to hit, False to stand (cards are ranks "A", "2", ..., "10", "J", "Q", "K").
  A game is one whole tournament; it is won when the bankroll reaches the goal.

Each state above is what the game's own `observe(state)` makes (coursekit.subtraction.SubtractionGame,
coursekit.tictactoe.TicTacToe, coursekit.tournament_game.TournamentGame): the referee and the built-in bots play
those objects (`ArenaGame.rules`), and a bot's `choose()` receives their observation. Seats: seat 0 moves first
(subtraction's player 1, tic-tac-toe's "x"), seat 1 second; the tournament has seat 0 only. `check(state, move)`
returns the move as the rules take it or raises `BadMove` (kind "illegal": a move of the right type the rules
forbid now; kind "garbage": not a move of this game at all). What is left here is the arena's own: the spec,
the start positions (and the game's first state from one) and what a replay shows besides the moves.
"""

from __future__ import annotations

from numbers import Integral
from typing import TYPE_CHECKING, Any, Sequence, Union

from coursekit.game_protocol import BadMove, RefereedGame
from coursekit.subtraction import MAX_START, SubtractionGame
from coursekit.tictactoe import TicTacToe

if TYPE_CHECKING:
    from coursekit.tournament import Tournament

__all__ = ["GAMES", "ArenaGame", "BadMove", "SubtractionArena", "TicTacToeArena", "TournamentArena", "parse_game"]

GAMES = ("subtraction", "tictactoe", "tournament")
DEFAULT_SUBTRACTION_STARTS = (20, 26, 32, 38, 44, 50)


class ArenaGame:
    """A game in the arena: its rules object (played by the referee and the bots), spec, starts and replay course."""

    spec: str = ""
    rules: RefereedGame

    @property
    def seats(self) -> int:
        """How many bots play one game (the rules' seats)."""
        return self.rules.seats

    def default_starts(self) -> tuple:
        """The start positions a round robin plays when none are given."""
        raise NotImplementedError

    def parse_starts(self, starts: Union[str, Sequence, None]) -> tuple:
        """Start positions from a text ("20-50", "20,30,40") or a sequence; the defaults for None."""
        raise NotImplementedError

    def initial(self, start: Any, seed: int) -> Any:
        """The rules' state at the start (`seed` drives the game's own chance, if it has any)."""
        return self.rules.start(start)

    def course(self, start: Any, moves: list, state: Any) -> list:
        """What a replay shows besides the moves: the numbers for subtraction, the bankrolls for the tournament."""
        return []

    def __repr__(self) -> str:
        return f"parse_game({self.spec!r})"


class SubtractionArena(ArenaGame):
    """A subtraction game in the arena: coursekit.subtraction.SubtractionGame, started from start numbers."""

    def __init__(self, moves: Sequence[int] = (3, 5, 11)) -> None:
        self.rules = SubtractionGame(moves)
        self.moves = self.rules.move_set
        self.spec = "subtraction:" + ",".join(str(m) for m in self.moves)

    def default_starts(self) -> tuple:
        """20, 26, 32, 38, 44, 50."""
        return DEFAULT_SUBTRACTION_STARTS

    def parse_starts(self, starts: Union[str, Sequence, None]) -> tuple:
        """Start numbers 1..MAX_START: "20-50", "20,30,40", a range or a list; the defaults for None."""
        if starts is None:
            return self.default_starts()
        values: list = []
        if isinstance(starts, str):
            for part in starts.replace(";", ",").split(","):
                part = part.strip()
                if not part:
                    continue
                low, dash, high = part.partition("-")
                try:
                    values += list(range(int(low), int(high) + 1)) if dash else [int(part)]
                except ValueError:
                    raise ValueError(f"starts must be whole numbers or ranges like 20-50, not {part!r}") from None
        else:
            values = list(starts)
        if not values:
            raise ValueError(f"starts must name at least one start number, not {starts!r}")
        for n in values:
            if isinstance(n, bool) or not isinstance(n, Integral) or not 1 <= n <= MAX_START:
                raise ValueError(f"a start number must be a whole number from 1 to {MAX_START:,}, not {n!r}")
        return tuple(dict.fromkeys(int(n) for n in values))

    def initial(self, start: Any, seed: int) -> Any:
        """The rules' opening position: the start number, player 1 (seat 0) to move."""
        return self.rules.start(int(start))

    def course(self, start: Any, moves: list, state: Any) -> list:
        """The numbers on the board: the start, then after each move."""
        out = [int(start)]
        for move in moves:
            out.append(out[-1] - move)
        return out


class TicTacToeArena(ArenaGame):
    """Tic-tac-toe in the arena: coursekit.tictactoe.TicTacToe, started from opening boards."""

    spec = "tictactoe"

    def __init__(self) -> None:
        self.rules = TicTacToe()

    def default_starts(self) -> tuple:
        """The empty board."""
        return ("",)

    def parse_starts(self, starts: Union[str, Sequence, None]) -> tuple:
        """Opening boards as texts ("", "x........"); separate several with commas."""
        if starts is None:
            return self.default_starts()
        boards = starts.split(",") if isinstance(starts, str) else list(starts)
        out = []
        for board in boards:
            state = self.rules.start(board.strip() if isinstance(board, str) else board)
            if self.rules.is_over(state):
                raise ValueError(f"a start board must leave a move to make, not {board!r}")
            text = "".join(state.cells)
            out.append("" if text == "." * 9 else text)
        return tuple(dict.fromkeys(out))


class TournamentArena(ArenaGame):
    """Source text 004's tournament in the arena: coursekit.tournament_game.TournamentGame, played by one bot."""

    spec = "tournament"

    def __init__(self, start: int = 100, goal: int = 200, min_bet: int = 10) -> None:
        from coursekit.tournament_game import TournamentGame  # numpy and the exact optimum: only when played

        self.rules = TournamentGame(start, goal, min_bet)
        self.start, self.goal, self.min_bet = start, goal, min_bet

    def default_starts(self) -> tuple:
        """The start bankroll (100 EUR)."""
        return (self.start,)

    def parse_starts(self, starts: Union[str, Sequence, None]) -> tuple:
        """Only the sheet's start of 100 EUR is played."""
        if starts is None:
            return self.default_starts()
        values = [s.strip() for s in starts.split(",")] if isinstance(starts, str) else list(starts)
        if [str(v) for v in values] != [str(self.start)]:
            raise ValueError(f"the tournament starts at {self.start} EUR; starts must be {self.start}, not {starts!r}")
        return self.default_starts()

    def initial(self, start: Any, seed: int) -> "Tournament":
        """A coursekit.tournament.Tournament with its deck seeded, at its first card."""
        return self.rules.start(seed)

    def course(self, start: Any, moves: list, t: Any) -> list:
        """The bankroll after every round."""
        return [float(h[3]) if not float(h[3]).is_integer() else int(h[3]) for h in t.history]


def parse_game(spec: Union[str, ArenaGame] = "subtraction") -> ArenaGame:
    """The game of a spec: "subtraction[:3,5,11]", "tictactoe" or "tournament"."""
    if isinstance(spec, ArenaGame):
        return spec
    if not isinstance(spec, str):
        raise ValueError(f"game must be one of {', '.join(GAMES)} (e.g. 'subtraction:3,5,11'), not {spec!r}")
    name, _, rest = spec.strip().partition(":")
    name = name.strip().lower()
    if name == "subtraction":
        return SubtractionArena(rest if rest.strip() else (3, 5, 11))
    if name in ("tictactoe", "tic-tac-toe") and not rest:
        return TicTacToeArena()
    if name == "tournament" and not rest:
        return TournamentArena()
    raise ValueError(f"game must be one of {', '.join(GAMES)} (e.g. 'subtraction:3,5,11'), not {spec!r}")
