"""The referee: it owns the game state, asks each bot for its move, checks it, keeps time, and logs every failure.

A sandboxed bot is a `coursekit.sandbox.jail.Sandbox` (the bubblewrap jail around its worker), kept alive across
games; its source runs once per sandbox (notebook cells one by one, as a kernel would), in the sandbox's template
process. Every game is a fork of that template (`BotBegin`), seeded with the game's seed, and ends with its process
(`BotEnd`; the template then kills whatever the game started and removes the files it wrote in /tmp), so module
globals, function defaults, class attributes and imported modules are exactly what the source left, whatever
earlier games did: results do not depend on the order of the games, the number of jobs, or an interruption. Each
decision is one typed `Call` request (`choose(state)`, the state encoded by `coursekit.sandbox.wire`) under the
per-move time limit; only the decoded plain value comes back. Anything malformed the sandbox sends is the bot's
fault (`BadReply`: "garbage"), never the referee's error.

Time: everything the bot's own code runs in a game is charged to it: starting the game (fork handlers, leftovers
being cleared) counts against its per-match budget like its moves; the source's run once per sandbox is limited by
`load_seconds`. A bot that stalls every way it can adds at most its own limits to the run, and after `strikes`
expensive failures it is disqualified.

What ends a game early (the bot at fault loses; it is logged with its reason and a one-line detail):

| reason | what happened | cost |
|---|---|---|
| illegal | a move of the right type the rules forbid now | nothing more |
| garbage | an answer that is not a move of this game (wrong type, an opaque object) | nothing more |
| crash | choose() raised (its message is kept) | nothing more |
| timeout | choose() ran past the per-move limit and was stopped inside the sandbox | the limit |
| budget | the bot's thinking time in this game passed the per-match budget | the budget |
| hung | no answer even after the grace period: the sandbox was killed, a new one starts next game | limit + grace |
| died | the sandbox or the game's process died (killed itself or its parent, out of memory, a limit) | a restart |
| restore | the game's fresh process could not be made ready (choose gone, a malformed answer) | its time |
| load | the source did not define choose() (an import crash, a cell over the load time) | its load time |
| start | the sandbox did not start | a start-up |
| disqualified | the bot failed `strikes` times by timeout, budget, hung, died or start, or its source is broken: its
  remaining games are forfeited without being played | nothing |

A game where both bots forfeit before a move is a draw (both are named at fault).
"""

from __future__ import annotations

import time
from concurrent.futures import Executor
from dataclasses import asdict, dataclass, field
from typing import Any, Optional, Sequence, Union

from coursekit.arena.bots import Bot, builtin_player
from coursekit.arena.games import ArenaGame
from coursekit.game_protocol import BadMove
from coursekit.sandbox.jail import GameOver, Limits, Sandbox, SandboxDied, SandboxHung
from coursekit.sandbox.requests import BadReply, BotBegin, BotEnd, BotReady, Call, Cell, Request
from coursekit.sandbox.text import clean
from coursekit.sandbox.wire import Opaque, WireError, decode, encode

REASONS = {
    "illegal": "an illegal move", "garbage": "an answer that is not a move", "crash": "choose() raised",
    "timeout": "over the per-move time limit", "budget": "over the per-match time budget",
    "hung": "no answer: its sandbox was killed", "died": "its sandbox died", "load": "its source defines no choose()",
    "start": "its sandbox did not start", "restore": "its fresh copy for the game could not be made",
    "disqualified": "forfeited: too many failures or a broken source",
}
STRIKES = ("timeout", "budget", "hung", "died", "start", "restore")  # expensive: counted towards disqualification
MAX_MOVES = 100_000  # decisions in one game (the tournament's round cap keeps it far below)
DETAIL_CHARS = 200


def sandbox_limits() -> Limits:
    """The sandbox limits of one bot: 1 GB per process, 1.5 GB in all, 32 processes, small files, 64 MB of /tmp."""
    return Limits(memory_mb=1024, total_memory_mb=1536, cpu_seconds=3600, processes=32, file_mb=16, tmp_mb=64)


@dataclass(frozen=True)
class ArenaLimits:
    """Time limits (seconds): per move, per bot per game, for running a bot's source; grace; strikes; the sandbox."""

    move_seconds: float = 1.0
    match_seconds: float = 30.0
    load_seconds: float = 10.0
    grace: float = 1.0
    strikes: int = 3
    sandbox: Limits = field(default_factory=sandbox_limits)

    def __post_init__(self) -> None:
        for name in ("move_seconds", "match_seconds", "load_seconds", "grace"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value < 1e6:
                raise ValueError(f"{name} must be a positive number of seconds, not {value!r}")
        if isinstance(self.strikes, bool) or not isinstance(self.strikes, int) or self.strikes < 0:
            raise ValueError(f"strikes must be a whole number >= 0 (0: never disqualify), not {self.strikes!r}")

    def as_dict(self) -> dict:
        """The time limits as a JSON-ready dict (the sandbox's limits included)."""
        return asdict(self)


class Failure(Exception):
    """A bot could not give a move: the reason (a key of REASONS) and a one-line detail."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(detail)
        self.kind, self.detail = kind, _cut(detail)


def _cut(text: str) -> str:
    """One clean line of at most DETAIL_CHARS (a bot's text reaches the results, the CSV and the terminal)."""
    return clean(text, DETAIL_CHARS)


@dataclass
class GameRecord:
    """One game: who, which round and start, seat 0's points, the winner, why it ended, the moves, the time used."""

    game: str
    first: str
    second: Optional[str]
    round: int
    start: Any
    score: float  # seat 0's points: 1 won, 0.5 drawn, 0 lost
    winner: Optional[str]
    reason: str = ""  # "" for a game played to its end, else a key of REASONS
    fault: list = field(default_factory=list)  # the bots at fault
    fault_reasons: list = field(default_factory=list)  # each one's reason (two differ only in a double forfeit)
    detail: str = ""
    moves: list = field(default_factory=list)
    course: list = field(default_factory=list)
    seconds: list = field(default_factory=list)  # thinking time per seat
    digests: list = field(default_factory=list)  # the bots' digests (a changed bot replays its games)

    @property
    def key(self) -> tuple:
        """(first, second or "", round, start): what identifies the game in a run."""
        return (self.first, self.second or "", self.round, self.start)

    def as_dict(self) -> dict:
        """A JSON-ready dict."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> "GameRecord":
        """A record back from `as_dict`'s output (JSON lists become tuples where the key needs them)."""
        known = {k: data[k] for k in cls.__dataclass_fields__ if k in data}
        return cls(**known)


# --- players: a bot seated at a game -----------------------------------------------------------------------------
class BuiltinPlayer:
    """A built-in bot, run in the referee's process (trusted course code: timed, never limited).

    It is a player of the game itself: `move(state, seconds)` gets the rules' own state (the MCTS bot searches the
    game object), where a file bot's `choose` is shown the game's observation of it.
    """

    sandboxed = False

    def __init__(self, bot: Bot, game: ArenaGame) -> None:
        self.bot, self.game = bot, game
        self.move_function = None
        self.starts = 0

    def begin(self, seed: int) -> None:
        """A fresh player for a new game, seeded."""
        self.move_function = builtin_player(self.bot.builtin, self.game, seed)

    def move(self, state: Any, seconds: float) -> Any:
        """The built-in's move in the game's own state."""
        try:
            return self.move_function(state)
        except Exception as error:  # a bug in course code must still not stop the arena
            raise Failure("crash", f"raised {type(error).__name__}: {error}") from None

    def close(self) -> None:
        """Nothing to stop."""

    @property
    def alive(self) -> bool:
        """Always ready."""
        return True


class SandboxPlayer:
    """A file bot in its own grading sandbox, kept alive across games and restarted after it dies or hangs."""

    sandboxed = True

    def __init__(self, bot: Bot, game: ArenaGame, limits: ArenaLimits, use_bwrap: bool = True,
                 spawner: Optional[Executor] = None) -> None:
        self.bot, self.game, self.limits, self.use_bwrap = bot, game, limits, use_bwrap
        self.spawner = spawner  # long-lived threads that start the sandboxes (see _start)
        self.sandbox: Optional[Sandbox] = None
        self.broken = bot.problem  # a source that cannot work forfeits every game at once
        self.strikes: list[str] = []
        self.starts = 0  # sandboxes started
        self.pids: list[int] = []  # every sandbox's first process (tests check that none outlives the arena)

    @property
    def alive(self) -> bool:
        """True while a sandbox is running."""
        return self.sandbox is not None and self.sandbox.process.poll() is None

    @property
    def disqualified(self) -> str:
        """Why the bot forfeits its remaining games ("" while it may play)."""
        if self.broken:
            return self.broken
        if self.limits.strikes and len(self.strikes) >= self.limits.strikes:
            return f"{len(self.strikes)} failures: " + "; ".join(self.strikes[-3:])
        return ""

    def strike(self, failure: Failure) -> None:
        """Count an expensive failure towards disqualification."""
        if failure.kind in STRIKES:
            self.strikes.append(f"{failure.kind}: {failure.detail}"[:120])

    def _start(self) -> None:
        """A live sandbox with the bot's source run once and its names kept (coursekit.sandbox.botside)."""
        if self.alive:
            return
        self.close()
        self.starts += 1
        try:
            # bwrap's --die-with-parent fires when the *thread* that started it ends: a sandbox that outlives the job
            # thread that needed it first is started by one of the pool's long-lived spawner threads instead
            if self.spawner is not None:
                self.sandbox = self.spawner.submit(Sandbox, self.limits.sandbox, self.use_bwrap).result()
            else:
                self.sandbox = Sandbox(self.limits.sandbox, use_bwrap=self.use_bwrap)
        except SandboxDied as error:
            raise Failure("start", f"the sandbox did not start: {error}") from None
        self.pids.append(self.sandbox.process.pid)
        seconds = self.limits.load_seconds
        deadline = time.monotonic() + seconds
        notes = []
        for number, source in enumerate(self.bot.cells, 1):
            left = deadline - time.monotonic()
            if left <= 0:
                self.broken = f"its source ran over the {seconds:g} s it may take"
                raise Failure("load", self.broken)
            try:
                reply = self._ask(Cell(source, left), left, "load")
            except Failure as failure:
                self.broken = f"cell {number}: {failure.detail}"
                raise Failure("load", self.broken) from None
            if reply.get("cell") == "timeout":
                self.broken = f"cell {number} ran over the {seconds:g} s a source may take"
                raise Failure("load", self.broken)
            if reply.get("cell") == "error":
                notes.append(f"cell {number}: {reply.get('error', '')}")
        reply = self._ask(BotReady(seconds), seconds, "load")
        if not reply.get("ok"):
            why = "; ".join(notes)[:150] or reply.get("error") or "it defines no function choose(state)"
            self.broken = _cut(f"no choose(state) after running the source ({why})")
            raise Failure("load", self.broken)

    def _ask(self, request: Request, seconds: float, stage: str) -> dict:
        """One typed request; a dead or hung sandbox, or a reply of the wrong shape, becomes the bot's Failure."""
        try:
            return self.sandbox.ask(request, seconds + self.limits.grace)
        except GameOver:  # the game's own process died; the loaded template lives on for the next game
            kind = "died" if stage in ("move", "begin") else "load" if stage == "load" else "start"
            raise Failure(kind, "its game's process died (it killed itself, ran out of memory or hit a limit)") \
                from None
        except BadReply as error:
            kind = "garbage" if stage == "move" else "restore" if stage == "begin" else "load"
            if stage != "move":
                self.close()
            raise Failure(kind, f"its sandbox sent a malformed reply ({error})") from None
        except SandboxHung:
            self.close()
            kind = "hung" if stage in ("move", "begin") else "load" if stage == "load" else "start"
            raise Failure(kind, f"no answer within {seconds + self.limits.grace:g} s; its sandbox was stopped") \
                from None
        except SandboxDied:
            self.close()
            kind = "died" if stage in ("move", "begin") else "load" if stage == "load" else "start"
            raise Failure(kind, "its sandbox died (it killed itself or its parent, ran out of memory or hit a "
                                "limit)") from None

    def begin(self, seed: int, seconds: Optional[float] = None) -> None:
        """Get ready for a game: a live sandbox whose loaded template forks the game's own process, seeded.

        Whatever runs then is the bot's own code (fork handlers, its stray processes being cleared): it gets
        `seconds` (the game's budget), its time is charged to the bot, and a fresh copy that fails is a strike."""
        if self.broken:
            raise Failure("load", self.broken)
        if self.disqualified:
            raise Failure("disqualified", self.disqualified)
        self._start()
        self.sandbox.drain()  # replies it forged in an earlier game answer nothing in this one
        seconds = min(self.limits.load_seconds, self.limits.match_seconds if seconds is None else seconds)
        reply = self._ask(BotBegin(int(seed), seconds), seconds, "begin")
        if not reply.get("ok"):
            self.close()  # the bot broke its own sandbox: a fresh one next game
            raise Failure("restore", f"its namespace could not be restored: {reply.get('error') or 'choose() is gone'}")

    def end(self) -> None:
        """The game is over: its process exits (nothing it changed reaches the next game)."""
        if not self.alive:
            return
        try:
            self.sandbox.ask(BotEnd(), self.limits.grace)
        except (GameOver, BadReply):
            pass  # the game's process is gone, or it answered nonsense on its way out: the template is fine
        except (SandboxDied, SandboxHung):
            self.close()

    def choose(self, state: dict, seconds: float) -> Any:
        """Ask the bot's choose(state) in its sandbox within `seconds`; the decoded answer, or a Failure."""
        reply = self._ask(Call("choose", encode((state,)), seconds), seconds, "move")
        if "error" in reply:
            kind = {"timeout": "timeout", "missing": "load", "wire": "garbage"}.get(reply.get("kind") or "", "crash")
            detail = reply["error"]
            if kind == "timeout":
                detail = f"choose() was stopped after {seconds:g} s"
            raise Failure(kind, detail)
        try:
            value = decode(reply.get("value"))
        except WireError as error:
            raise Failure("garbage", f"its answer could not be decoded: {error}") from None
        if isinstance(value, Opaque):
            raise Failure("garbage", f"answered a {value.type_name} ({value.text}), not a move")
        return value

    def close(self) -> None:
        """Stop the sandbox, if one runs."""
        if self.sandbox is not None:
            self.sandbox.close()
            self.sandbox = None


def make_player(bot: Bot, game: ArenaGame, limits: ArenaLimits, use_bwrap: bool = True,
                spawner: Optional[Executor] = None) -> Union[BuiltinPlayer, SandboxPlayer]:
    """The player for a bot: in the referee's process for a built-in, in a sandbox for a file bot.

    `spawner`: an executor whose threads live as long as the player's sandboxes (needed when games run on threads
    that end before the sandboxes do).
    """
    return BuiltinPlayer(bot, game) if bot.builtin else SandboxPlayer(bot, game, limits, use_bwrap, spawner)


# --- one game -----------------------------------------------------------------------------------------------------
def play_game(game: ArenaGame, players: Sequence, round_: int, start: Any, seeds: Sequence[int],
              limits: ArenaLimits) -> GameRecord:
    """Play one game between the seated players (seat 0 first); any bot's failure loses it for that bot.

    `seeds` are (the game's own seed, seat 0's seed, seat 1's seed). At the end every player that has an `end()`
    is told the game is over (a sandboxed bot's game process then exits).
    """
    try:
        return _play_game(game, players, round_, start, seeds, limits)
    finally:
        for player in players:
            end = getattr(player, "end", None)
            if end is not None:
                end()


def _play_game(game: ArenaGame, players: Sequence, round_: int, start: Any, seeds: Sequence[int],
               limits: ArenaLimits) -> GameRecord:
    names = [p.bot.name for p in players]
    record = GameRecord(game.spec, names[0], names[1] if len(names) > 1 else None, round_, start, 0.0, None,
                        seconds=[0.0] * len(players), digests=[p.bot.digest for p in players])
    failed: dict[int, Failure] = {}
    for seat, player in enumerate(players):
        started = time.monotonic()
        try:
            if getattr(player, "sandboxed", False):
                player.begin(seeds[1 + seat], limits.match_seconds)
            else:
                player.begin(seeds[1 + seat])
        except Failure as failure:
            _strike(player, failure)
            failed[seat] = failure
        except Exception as error:  # nothing a bot sends may become the referee's error: it is the bot's fault
            failed[seat] = _unexpected(player, error)
        finally:
            record.seconds[seat] += time.monotonic() - started  # its fresh copy ran its own code: charged to it
    if failed:
        return _forfeit(record, failed, names)
    rules = game.rules  # the game object itself (coursekit.game_protocol), as the built-in bots play it
    state = game.initial(start, seeds[0])
    for _ in range(MAX_MOVES):
        if rules.is_over(state):
            break
        seat = rules.seat(state)
        player = players[seat]
        left = limits.match_seconds - record.seconds[seat]
        if left <= 0:
            failure = Failure("budget", f"used its {limits.match_seconds:g} s for this game")
            _strike(player, failure)
            return _forfeit(record, {seat: failure}, names, state, game)
        seconds = min(limits.move_seconds, left)
        started = time.monotonic()
        try:
            if isinstance(player, BuiltinPlayer):
                answer = player.move(state, seconds)
            else:  # a bot is shown the game's observation (wire types only)
                answer = player.choose(rules.observe(state), seconds)
            move = rules.check(state, answer)
        except Exception as problem:
            record.seconds[seat] += time.monotonic() - started
            if isinstance(problem, (Failure, BadMove)):
                failure = problem if isinstance(problem, Failure) else Failure(problem.kind, problem.detail)
            else:  # nothing a bot sends may become the referee's error: it is the bot's fault
                failure = _unexpected(player, problem)
            if failure.kind == "timeout" and seconds < limits.move_seconds:
                failure = Failure("budget", f"used its {limits.match_seconds:g} s for this game")
            _strike(player, failure)
            return _forfeit(record, {seat: failure}, names, state, game)
        record.seconds[seat] += time.monotonic() - started
        record.moves.append(move)
        state = rules.play(state, move)
    record.score = rules.score(state)
    record.winner = _winner(record.score, names)
    record.course = game.course(record.start, record.moves, state)
    record.seconds = [round(s, 4) for s in record.seconds]
    return record


def _unexpected(player, error: Exception) -> Failure:
    """The Failure of a bot whose answer broke something unexpected in the referee (it is logged, not raised)."""
    kind = "garbage" if getattr(player, "sandboxed", False) else "crash"
    return Failure(kind, f"its answer could not be handled ({type(error).__name__}: {clean(error, 120)})")


def _strike(player, failure: Failure) -> None:
    if getattr(player, "sandboxed", False):
        player.strike(failure)


def _winner(score: float, names: list) -> Optional[str]:
    if len(names) == 1:
        return names[0] if score == 1 else None
    return names[0] if score == 1 else names[1] if score == 0 else None


def _forfeit(record: GameRecord, failed: dict, names: list, state: Any = None,
             game: Optional[ArenaGame] = None) -> GameRecord:
    """The record of a game a failure ended: the failing seat loses (both failing before a move: a draw)."""
    seats = sorted(failed)
    record.fault = [names[s] for s in seats]
    record.fault_reasons = [failed[s].kind for s in seats]
    first = failed[seats[0]]
    record.reason = first.kind
    record.detail = "; ".join(f"{names[s]}: {failed[s].detail}" for s in seats) if len(seats) > 1 else first.detail
    if len(names) == 1:
        record.score = 0.0
    elif len(seats) == 2:
        record.score = 0.5
    else:
        record.score = 0.0 if seats[0] == 0 else 1.0
    record.winner = _winner(record.score, names)
    if state is not None and game is not None:
        record.course = game.course(record.start, record.moves, state)
    record.seconds = [round(s, 4) for s in record.seconds]
    return record
