"""Games against the arena's built-in bots, judged by its referee (learner side): exercise 11's bot tests.

A sweep asks the learner's `choose` once per state; the judge plays the games itself with the arena's referee and
built-in bots, reading the learner's moves from that table (see answer_key/ex11.py for why). Nothing here is the
answer key: the tests are rebuilt from their parameters in the learner's public tests (`rebuild`). A slip bot's moves
travel there only as one digest of its whole move table (`sealed_slips`): check() names a learner's bot that plays
exactly like a slip bot, and no single move of it can be read or guessed state by state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from coursekit.grading.cases import Outcome, Sweep
from coursekit.grading.public import canonical_text, salted_digest
from coursekit.sandbox.wire import WireError, decode
from coursekit.stats import wilson_interval

GAME = "subtraction:2,3,7"
SEED = 11  # the arena seed of the graded games
THRESHOLD = 0.9  # the 95% Wilson interval of the win rate must lie above this


def decoded_replies(replies: list, count: int) -> tuple:
    """(decoded values, the error that stopped the sweep) from a sweep's reply, or (None, why) if malformed."""
    reply = replies[0] if replies else None
    if not isinstance(reply, dict):
        return None, "no answer came back"
    values, error = reply.get("values"), reply.get("error")
    if not isinstance(values, list) or len(values) > count or not (error is None or isinstance(error, str)):
        return None, "the answer was malformed"
    out = []
    for value in values:
        try:
            out.append(decode(value))
        except WireError as why:
            out.append(why)
    return out, (error or "no answer")[:300]


# --- games with the referee ---------------------------------------------------------------------------------------
class TablePlayer:
    """The learner's bot at the referee's table: its moves read from the answers its choose() gave per state."""

    sandboxed = False

    def __init__(self, moves: dict, why: str, name: str = "your bot") -> None:
        from coursekit.arena import Bot

        self.bot = Bot(name, builtin="table")
        self.moves, self.why = moves, why

    def begin(self, seed: int) -> None:
        """Nothing to prepare: the moves are known."""

    def choose(self, st: dict, seconds: float) -> Any:
        """The learner's answer on this state, or a crash when choose() gave none."""
        from coursekit.arena import Failure

        n = st["n"]
        if n not in self.moves:
            raise Failure("crash", f"choose() gave no move for n = {n}: {self.why}")
        value = self.moves[n]
        if isinstance(value, WireError):
            raise Failure("garbage", f"choose() answered something that is not a plain value for n = {n}")
        return value

    def close(self) -> None:
        """Nothing to stop."""


def play_against(moves: dict, why: str, opponent: str, starts: tuple, seats: tuple, rounds: int, game: str = GAME,
                 seed: int = SEED) -> list:
    """The referee's records of the learner's table bot against a built-in bot (the arena's rules and seeds)."""
    from coursekit.arena import ArenaLimits, Bot, BuiltinPlayer, game_seeds, parse_game, play_game

    game_spec = parse_game(game)
    me = TablePlayer(moves, why)
    other = BuiltinPlayer(Bot(opponent, builtin=opponent), game_spec)
    limits = ArenaLimits()
    records = []
    for r in range(rounds):
        for start in starts:
            for seat in seats:
                players = [me, other] if seat == 0 else [other, me]
                key = (players[0].bot.name, players[1].bot.name, r, start)
                records.append(play_game(game_spec, players, r, start, game_seeds(seed, game_spec.spec, key), limits))
    return records


@dataclass
class BotGames(Sweep):
    """Ask choose() on every state once, then play games against a built-in bot with the referee in the judge.

    Passes when the 95% Wilson interval of the win rate lies above `threshold`.
    """

    opponent: str = "random"
    starts: tuple = ()
    seats: tuple = (0, 1)
    rounds: int = 1
    threshold: float = THRESHOLD
    game: str = GAME
    seed: int = SEED
    sealed_slips: tuple = ()  # (sentence, digest of the slip bot's moves on every state): the learner's side's slips

    def _salt(self) -> str:
        return f"{self.game}|{self.opponent}|{self.label}"

    def _sealed(self) -> list:
        """[sentence, digest] of each slip bot's whole move table (a slip bot that raises anywhere is left out)."""
        rows = []
        for slip, table in zip(self.slips, self._slip_tables.get()):
            if table is not None and all(kind == "ok" for kind, _ in table):
                text = canonical_text([value for _, value in table], None)
                rows.append([slip.says, salted_digest(self._salt(), text)])
        return rows

    @property
    def rebuild(self) -> tuple:
        """How the learner's public tests rebuild this test: `bot_games` and its arguments (no reference; the slip
        bots' move tables as digests only)."""
        return ("bot_games", [self.func, self.label, self.points, self.opponent, list(self.starts), list(self.seats),
                              self.rounds, self.threshold, self.game, self.seed,
                              [args[0] for args in self._table.get()[0]], self._sealed()])

    def slip_of(self, decoded: list) -> str:
        """The first slip bot whose moves are the learner's on every state (by digest on the learner's side), or ""."""
        if not self.sealed_slips:
            return super().slip_of(decoded)
        text = canonical_text(list(decoded), None)
        return next((says for says, digest in self.sealed_slips if salted_digest(self._salt(), text) == digest), "")

    def games(self, replies: list) -> tuple:
        """(records, the move table, why it stops) for these replies; records None when the reply is malformed."""
        cases, _, _ = self._table.get()
        decoded, error = decoded_replies(replies, len(cases))
        if decoded is None:
            return None, {}, error
        moves = {args[0]["n"]: value for args, value in zip(cases, decoded)}
        why = error if len(decoded) < len(cases) else "no answer"
        return (play_against(moves, why, self.opponent, self.starts, self.seats, self.rounds, self.game,
                             self.seed), decoded, why)

    def judge(self, replies: list, time_left: Optional[float] = None) -> Outcome:
        """Play the games; pass when the win rate's 95% interval lies above the threshold."""
        base = dict(label=self.label, max_points=self.points, public=self.public, reveal=self.reveal)
        records, decoded, why = self.games(replies)
        if records is None:
            return Outcome(status="fail", points=0, message=why, **base)
        won = sum(r.winner == "your bot" for r in records)
        low, high = wilson_interval(won, len(records))
        actual = f"won {won} of {len(records)} = {won / len(records):.1%} (95% interval {low:.1%} to {high:.1%})"
        expected = f"a 95% interval above {self.threshold:.0%}"
        if low > self.threshold:
            return Outcome(status="pass", points=self.points, expected=expected, actual=actual, **base)
        forfeits = [r for r in records if "your bot" in r.fault]
        note = ""
        if forfeits:
            note = f"{len(forfeits)} games lost by the referee's rules, e.g. {forfeits[0].reason}: {forfeits[0].detail}"
        else:
            lost = next(r for r in records if r.winner != "your bot")
            note = f"a game you lost: {' -> '.join(str(n) for n in lost.course)} ({lost.first} moved first)"
        cases = self._table.get()[0]
        slip = self.slip_of(decoded) if len(decoded) == len(cases) else ""
        return Outcome(status="fail", points=0, expected=expected, actual=actual, message=note, slip=slip, **base)


def _no_reference(*args: Any) -> None:
    """The learner's side has no reference bot: the games decide."""


def bot_games(func: str, label: str, points: float, opponent: str, starts: list, seats: list, rounds: int,
              threshold: float, game: str, seed: int, states: list, sealed_slips: list = ()) -> BotGames:
    """A BotGames test from its parameters (the learner's public tests)."""
    return BotGames(func, lambda: [(st,) for st in states], _no_reference, points=points, public=True, label=label,
                    opponent=opponent, starts=tuple(starts), seats=tuple(seats), rounds=rounds, threshold=threshold,
                    game=game, seed=seed, sealed_slips=tuple((says, digest) for says, digest in sealed_slips))
