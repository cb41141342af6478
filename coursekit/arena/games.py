"""The arena's games: rules the referee owns, and the plain state a bot is shown (`observe`) for each decision.

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

Seats: seat 0 moves first (subtraction's player 1, tic-tac-toe's "x"), seat 1 second; the tournament has seat 0
only. `check(state, move)` returns the move as the rules take it or raises `BadMove` (kind "illegal": a move of
the right type the rules forbid now; kind "garbage": not a move of this game at all).
"""

from __future__ import annotations

from numbers import Integral
from typing import TYPE_CHECKING, Any, Sequence, Union

from coursekit.subtraction import MAX_START, SubtractionGame
from coursekit.tictactoe import Board, TicTacToe

if TYPE_CHECKING:
    from coursekit.tournament import Tournament

GAMES = ("subtraction", "tictactoe", "tournament")
DEFAULT_SUBTRACTION_STARTS = (20, 26, 32, 38, 44, 50)
MAX_TOURNAMENT_ROUNDS = 10_000  # rounds of one tournament before it counts as not reached (timid play needs ~93)


class BadMove(Exception):
    """A bot's answer the rules refuse: kind "illegal" (a forbidden move) or "garbage" (not a move at all)."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(detail)
        self.kind, self.detail = kind, detail


def _show(value: Any, limit: int = 60) -> str:
    """A short repr of a bot's answer for a log line."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


class ArenaGame:
    """A game the referee runs: the spec, seats, starts and the rules in terms of the bots' plain states."""

    spec: str = ""
    seats: int = 2

    def default_starts(self) -> tuple:
        """The start positions a round robin plays when none are given."""
        raise NotImplementedError

    def parse_starts(self, starts: Union[str, Sequence, None]) -> tuple:
        """Start positions from a text ("20-50", "20,30,40") or a sequence; the defaults for None."""
        raise NotImplementedError

    def initial(self, start: Any, seed: int) -> Any:
        """The referee's state at the start (`seed` drives the game's own chance, if it has any)."""
        raise NotImplementedError

    def to_move(self, state: Any) -> int:
        """The seat (0 or 1) that decides next."""
        return 0

    def observe(self, state: Any) -> dict:
        """The plain state shown to the bot to move (only wire types)."""
        raise NotImplementedError

    def check(self, state: Any, move: Any) -> Any:
        """The move as the rules take it; BadMove when it is illegal or not a move of this game."""
        raise NotImplementedError

    def play(self, state: Any, move: Any) -> Any:
        """The state after a checked move (and after any chance it triggers)."""
        raise NotImplementedError

    def is_over(self, state: Any) -> bool:
        """True once the game has ended."""
        raise NotImplementedError

    def score(self, state: Any) -> float:
        """Seat 0's points of a finished game: 1 won, 0.5 drawn, 0 lost (alone: 1 when the goal was reached)."""
        raise NotImplementedError

    def course(self, start: Any, moves: list, state: Any) -> list:
        """What a replay shows besides the moves: the numbers for subtraction, the bankrolls for the tournament."""
        return []

    def __repr__(self) -> str:
        return f"parse_game({self.spec!r})"


class SubtractionArena(ArenaGame):
    """A subtraction game in the arena: state {"n", "moves"}, move an int of the move set."""

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

    def initial(self, start: Any, seed: int) -> list:
        """[n, seat to move]."""
        return [int(start), 0]

    def to_move(self, state: list) -> int:
        """Seat 0 at even plies."""
        return state[1]

    def observe(self, state: list) -> dict:
        """{"n": the number on the board, "moves": the move set}."""
        return {"n": state[0], "moves": self.moves}

    def check(self, state: list, move: Any) -> int:
        """An int (not a bool) of the move set."""
        if isinstance(move, bool) or not isinstance(move, int):
            raise BadMove("garbage", f"answered {_show(move)} ({type(move).__name__}); a move is an int of "
                                     f"{self.moves}")
        if move not in self.moves:
            raise BadMove("illegal", f"chose {move} at n={state[0]}; the moves are {self.moves}")
        return move

    def play(self, state: list, move: int) -> list:
        """n - move, the other seat to move."""
        return [state[0] - move, 1 - state[1]]

    def is_over(self, state: list) -> bool:
        """n <= 0."""
        return state[0] <= 0

    def course(self, start: Any, moves: list, state: Any) -> list:
        """The numbers on the board: the start, then after each move."""
        out = [int(start)]
        for move in moves:
            out.append(out[-1] - move)
        return out

    def score(self, state: list) -> float:
        """Whoever made exactly 0 won; whoever went below 0 lost."""
        mover_made_it = 1 - state[1]  # the seat that made the last move
        winner = mover_made_it if state[0] == 0 else state[1]
        return 1.0 if winner == 0 else 0.0


class TicTacToeArena(ArenaGame):
    """Tic-tac-toe in the arena: state {"board", "player"}, move a cell 0..8."""

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

    def initial(self, start: Any, seed: int) -> Board:
        """The Board of coursekit.tictactoe."""
        return self.rules.start(start)

    def to_move(self, state: Board) -> int:
        """Seat 0 plays "x"."""
        return 0 if state.player == "x" else 1

    def observe(self, state: Board) -> dict:
        """{"board": nine cells as text, "player": "x" or "o"}."""
        return {"board": "".join(state.cells), "player": state.player}

    def check(self, state: Board, move: Any) -> int:
        """An int 0..8 naming an empty cell."""
        if isinstance(move, bool) or not isinstance(move, int):
            raise BadMove("garbage", f"answered {_show(move)} ({type(move).__name__}); a move is a cell 0..8")
        if not 0 <= move <= 8 or state.cells[move] != ".":
            raise BadMove("illegal", f"chose cell {move} on {''.join(state.cells)!r}; the empty cells are "
                                     f"{self.rules.moves(state)}")
        return move

    def play(self, state: Board, move: int) -> Board:
        """The mover's mark on the cell."""
        return self.rules.play(state, move)

    def is_over(self, state: Board) -> bool:
        """A line of three or a full board."""
        return self.rules.is_over(state)

    def score(self, state: Board) -> float:
        """1 when x has a line, 0 when o has, 0.5 for a draw."""
        winner = self.rules.winner(state)
        return 0.5 if winner is None else 1.0 if winner == "x" else 0.0


class TournamentArena(ArenaGame):
    """Source text 004's tournament, played by one bot: bet and hit/stand decisions; won when the goal is reached."""

    spec = "tournament"
    seats = 1

    def __init__(self, start: int = 100, goal: int = 200, min_bet: int = 10) -> None:
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
        from coursekit.tournament import Tournament

        t = Tournament(self.start, self.goal, self.min_bet, seed=seed)
        t.start_round()
        return t

    def observe(self, t: "Tournament") -> dict:
        """A bet decision after the first card, or a hit decision with two or more cards in hand."""
        bankroll = int(t.bankroll) if float(t.bankroll).is_integer() else float(t.bankroll)
        if t.phase == "bet":
            return {"decision": "bet", "bankroll": bankroll, "first_card": t.player.cards[0].rank,
                    "goal": self.goal, "min_bet": self.min_bet}
        return {"decision": "hit", "bankroll": bankroll, "bet": t.bet,
                "cards": tuple(c.rank for c in t.player.cards), "goal": self.goal, "min_bet": self.min_bet}

    def check(self, t: "Tournament", move: Any) -> Union[int, bool]:
        """A bet: an int from min_bet to the bankroll; a hit decision: a bool."""
        if t.phase == "bet":
            if isinstance(move, bool) or not isinstance(move, int):
                raise BadMove("garbage", f"answered {_show(move)} ({type(move).__name__}) to a bet decision; a bet "
                                         f"is an int from {self.min_bet} to the bankroll")
            if not self.min_bet <= move <= t.bankroll:
                raise BadMove("illegal", f"bet {move} with {t.bankroll} EUR; bets go from {self.min_bet} to "
                                         f"{t.bankroll}")
            return move
        if not isinstance(move, bool):
            raise BadMove("garbage", f"answered {_show(move)} ({type(move).__name__}) to a hit decision; say True "
                                     f"(hit) or False (stand)")
        return move

    def play(self, t: "Tournament", move: Any) -> "Tournament":
        """Bet or hit/stand, then play on until the next decision (or the end)."""
        if t.phase == "bet":
            t.place_bet(move)
        elif move:
            t.hit()
        else:
            t.stand()
        if t.phase == "done" and t.round < MAX_TOURNAMENT_ROUNDS:
            t.start_round()
        return t

    def is_over(self, t: "Tournament") -> bool:
        """The goal reached, below the minimum bet, or MAX_TOURNAMENT_ROUNDS played."""
        return t.over or (t.phase == "done" and t.round >= MAX_TOURNAMENT_ROUNDS)

    def score(self, t: "Tournament") -> float:
        """1 when the goal was reached."""
        return 1.0 if t.won else 0.0

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
