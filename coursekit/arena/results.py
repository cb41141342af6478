"""An arena run's results: every game's record, the standings, the win matrix, the failure log; saved atomically.

`Results.save(out)` writes `out` (JSON: config, bots, games, standings, failures, ratings) and, beside it, the
leaderboard `out.csv` and one row per game `out.games.csv`, each through a temporary file and an atomic rename;
every CSV cell goes through coursekit.csv_safe (a bot called "=cmd|..." stays text in a spreadsheet).
`Results.load(out)` reads them back (with the journal of an interrupted run, if one is there).
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional, Union

import numpy as np

from coursekit.arena.referee import REASONS, GameRecord
from coursekit.arena.ratings import Ratings, fit_ratings, goal_rates
from coursekit.csv_safe import SafeWriter
from coursekit.sandbox.text import clean_deep, lookalike_note

LEADERBOARD_COLUMNS = ["rank", "bot", "rating", "low", "high", "group", "games", "points", "wins", "draws",
                       "losses", "failures", "name_scripts"]
GAME_COLUMNS = ["first", "second", "round", "start", "score", "winner", "reason", "fault", "detail", "moves",
                "seconds_first", "seconds_second"]


@dataclass(frozen=True)
class WinMatrix:
    """Row i, column j: i's points against j over all their games (both colours), and how many games they played."""

    names: tuple[str, ...]
    points: np.ndarray
    games: np.ndarray
    draws: np.ndarray

    @property
    def rate(self) -> np.ndarray:
        """i's share of the points against j (NaN where they did not play)."""
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(self.games > 0, self.points / np.maximum(self.games, 1), np.nan)


def journal_path(out: Union[str, Path]) -> Path:
    """The journal beside `out`: one finished game per line while a run is going (a run resumes from it)."""
    out = Path(out)
    return out.with_name(out.name + ".journal")


def csv_paths(out: Union[str, Path]) -> tuple[Path, Path]:
    """(leaderboard CSV, games CSV) beside the JSON `out`."""
    out = Path(out)
    return out.with_suffix(".csv"), out.with_suffix(".games.csv")


@dataclass
class Results:
    """The games of an arena run with its config and bots; tables and ratings are computed from the games."""

    config: dict
    bots: list[dict]
    games: list[GameRecord] = field(default_factory=list)
    status: str = "complete"  # "complete", "interrupted" or "running"
    ratings_cache: Optional[Ratings] = None

    @property
    def names(self) -> list[str]:
        """The bots' names in the order they were given."""
        return [b["name"] for b in self.bots]

    @property
    def solo(self) -> bool:
        """True when each bot plays alone (the tournament)."""
        return self.config.get("seats", 2) == 1

    def game(self, first: str, second: Optional[str], round_: int, start: Any) -> GameRecord:
        """The record of one game (for a replay); KeyError when it was not played."""
        key = (first, second or "", round_, start)
        for record in self.games:
            if record.key == key:
                return record
        raise KeyError(f"no game {key!r} in these results")

    def win_matrix(self) -> WinMatrix:
        """Points, games and draws between every two bots."""
        index = {name: i for i, name in enumerate(self.names)}
        n = len(index)
        points, games, draws = np.zeros((n, n)), np.zeros((n, n), dtype=int), np.zeros((n, n), dtype=int)
        for g in self.games:
            if g.second is None or g.first not in index or g.second not in index:
                continue
            i, j = index[g.first], index[g.second]
            points[i, j] += g.score
            points[j, i] += 1 - g.score
            games[i, j] += 1
            games[j, i] += 1
            if g.score == 0.5:
                draws[i, j] += 1
                draws[j, i] += 1
        return WinMatrix(tuple(self.names), points, games, draws)

    def standings(self) -> list[dict]:
        """Per bot (in the given order): games, points, wins, draws, losses, failures by reason, thinking time."""
        rows = {name: {"bot": name, "games": 0, "points": 0.0, "wins": 0, "draws": 0, "losses": 0,
                       "failures": {}, "seconds": 0.0} for name in self.names}
        for g in self.games:
            seats = [g.first] if g.second is None else [g.first, g.second]
            for seat, name in enumerate(seats):
                if name not in rows:
                    continue
                row = rows[name]
                mine = g.score if seat == 0 else 1 - g.score
                row["games"] += 1
                row["points"] += mine
                row["wins" if mine == 1 else "draws" if mine == 0.5 else "losses"] += 1
                row["seconds"] += g.seconds[seat] if seat < len(g.seconds) else 0.0
                if name in g.fault:
                    reason = _reason_of(g, name)
                    row["failures"][reason] = row["failures"].get(reason, 0) + 1
        for row in rows.values():
            row["seconds"] = round(row["seconds"], 3)
        return list(rows.values())

    def failures(self) -> list[dict]:
        """The failure log summed up: per (bot, reason) the games it lost that way, its time in them, an example."""
        table: dict[tuple, dict] = {}
        for g in self.games:
            for name in g.fault:
                seat = 0 if name == g.first else 1
                reason = _reason_of(g, name)
                entry = table.setdefault((name, reason), {"bot": name, "reason": reason,
                                                          "meaning": REASONS.get(reason, reason),
                                                          "games": 0, "seconds": 0.0, "example": g.detail})
                entry["games"] += 1
                entry["seconds"] += g.seconds[seat] if seat < len(g.seconds) else 0.0
        for entry in table.values():
            entry["seconds"] = round(entry["seconds"], 3)
        return sorted(table.values(), key=lambda e: (e["bot"], e["reason"]))

    def head_to_head(self, bot: str) -> list[dict]:
        """One bot's record against each opponent: points, games, its share and that share's Wilson 95% interval."""
        from coursekit.stats import wilson_interval

        if bot not in self.names:
            raise ValueError(f"bot must be one of {self.names}, not {bot!r}")
        m = self.win_matrix()
        i = m.names.index(bot)
        rows = []
        for j, other in enumerate(m.names):
            games = int(m.games[i, j])
            if j == i or not games:
                continue
            points = float(m.points[i, j])
            wins = int(points)  # Wilson counts whole successes: a half point left over is dropped (conservative)
            low, high = wilson_interval(wins, games)
            rows.append({"opponent": other, "points": points, "games": games, "share": points / games,
                         "low": low, "high": high})
        return rows

    @property
    def expected(self) -> int:
        """How many games the whole run has (from its config and bots; 0 when the config does not say)."""
        n, seats = len(self.names), self.config.get("seats", 2)
        per = len(self.config.get("starts", [])) * int(self.config.get("rounds", 0) or 0)
        return per * (n if seats == 1 else n * (n - 1))

    @property
    def partial(self) -> str:
        """"partial: N of M games" while not every game is played (a running or stopped run), else ""."""
        played, total = len(self.games), self.expected
        return f"partial: {played:,} of {total:,} games" if total and played < total else ""

    def unranked(self) -> list[str]:
        """Bots with no game yet: listed apart, never ranked (a rating from no games would only be the prior)."""
        return [row["bot"] for row in self.standings() if row["games"] == 0]

    def ratings(self, bootstrap: int = 1000, seed: int = 0) -> Ratings:
        """Bradley-Terry ratings with bootstrap intervals (two-player games), or goal rates (the tournament), of the
        bots that have played (see `unranked`)."""
        waiting = set(self.unranked())
        if self.solo:
            rows = [r for r in self.standings() if r["bot"] not in waiting]
            return goal_rates([r["bot"] for r in rows], [r["wins"] for r in rows], [r["games"] for r in rows])
        m = self.win_matrix()
        keep = [i for i, name in enumerate(m.names) if name not in waiting]
        if len(keep) < 2:  # nothing to compare yet: every bot is rated on no evidence alike
            keep = list(range(len(m.names)))
        index = np.ix_(keep, keep)
        return fit_ratings(tuple(m.names[i] for i in keep), m.points[index], m.draws[index], bootstrap=bootstrap,
                           seed=seed)

    def leaderboard(self, ratings: Optional[Ratings] = None) -> list[dict]:
        """The ratings' table joined with the standings (wins, draws, losses, failures) and each name's scripts when
        it is not plain ASCII (lookalike names told apart)."""
        ratings = ratings or self.ratings_cache or self.ratings()
        by_name = {r["bot"]: r for r in self.standings()}
        rows = []
        for row in ratings.table():
            s = by_name[row["bot"]]
            failures = ", ".join(f"{k} {v}" for k, v in sorted(s["failures"].items()))
            rows.append({**row, "wins": s["wins"], "draws": s["draws"], "losses": s["losses"], "failures": failures,
                         "name_scripts": lookalike_note(row["bot"])})  # a Cyrillic lookalike beside a Latin name
        return rows

    # --- files ------------------------------------------------------------------------------------------------
    def as_dict(self, ratings: Optional[Ratings] = None) -> dict:
        """Everything as a JSON-ready dict."""
        ratings = ratings or self.ratings_cache
        data = {"config": self.config, "status": self.status, "played": len(self.games), "total": self.expected,
                "partial": self.partial, "unranked": self.unranked(), "bots": self.bots,
                "standings": self.standings(), "failures": self.failures(),
                "ratings": ratings.as_dict() if ratings is not None else None,
                "games": [g.as_dict() for g in self.games]}
        return clean_deep(data)  # every string a bot controls is cleaned again here: the files always save

    def save(self, out: Union[str, Path], ratings: Optional[Ratings] = None) -> list[Path]:
        """Write the JSON, the leaderboard CSV and the games CSV, each atomically; returns their paths."""
        out = Path(out)
        out.parent.mkdir(parents=True, exist_ok=True)
        ratings = ratings or self.ratings_cache
        board, games_csv = csv_paths(out)
        _atomic(out, lambda h: h.write(json.dumps(self.as_dict(ratings), indent=1, ensure_ascii=False) + "\n"))

        def leaderboard(handle) -> None:
            writer = _CleanWriter(handle)
            writer.writerow(LEADERBOARD_COLUMNS)
            if ratings is not None:
                for row in self.leaderboard(ratings):
                    writer.writerow([row[c] for c in LEADERBOARD_COLUMNS])
            for name in self.unranked():  # listed apart: no rank, no rating
                writer.writerow([""] * 1 + [name] + [""] * 4 + [0] + [""] * 4 + ["no games yet", lookalike_note(name)])

        def games(handle) -> None:
            writer = _CleanWriter(handle)
            writer.writerow(GAME_COLUMNS)
            for g in self.games:
                seconds = list(g.seconds) + [""] * (2 - len(g.seconds))
                writer.writerow([g.first, g.second or "", g.round, g.start, g.score, g.winner or "", g.reason,
                                 " ".join(g.fault), g.detail, " ".join(str(m) for m in g.moves), seconds[0],
                                 seconds[1]])

        _atomic(board, leaderboard, newline="")
        _atomic(games_csv, games, newline="")
        return [out, board, games_csv]

    @classmethod
    def from_dict(cls, data: dict) -> "Results":
        """Results back from `as_dict`'s output."""
        games = [GameRecord.from_dict(g) for g in data.get("games", [])]
        return cls(dict(data.get("config", {})), list(data.get("bots", [])), games, data.get("status", "complete"))

    @classmethod
    def load(cls, out: Union[str, Path]) -> "Results":
        """Results from a JSON written by `save`, plus the games of its journal if a run was interrupted."""
        out = Path(out)
        results = cls.from_dict(json.loads(out.read_text(encoding="utf-8"))) if out.exists() else None
        config, records = read_journal(journal_path(out))
        if results is None:
            if config is None:
                raise ValueError(f"no arena results at {str(out)!r} (and no journal beside it)")
            results = cls(config.get("config", {}), config.get("bots", []), [], "interrupted")
        if records:
            known = {g.key for g in results.games}
            results.games += [r for r in records if r.key not in known]
            results.status = "interrupted"
        return results


class _CleanWriter(SafeWriter):
    """A SafeWriter whose text cells are cleaned of control characters, surrogates and bidi overrides first."""

    def writerow(self, row) -> None:
        """Write one row, cleaned and made formula-safe."""
        super().writerow(clean_deep(list(row)))


def _reason_of(record: GameRecord, name: str) -> str:
    """Why this bot lost the game (its own reason in a double forfeit)."""
    if name in record.fault and len(record.fault_reasons) == len(record.fault):
        return record.fault_reasons[record.fault.index(name)]
    return record.reason


def read_journal(path: Path) -> tuple[Optional[dict], list[GameRecord]]:
    """(the run's header, the games) of a journal; a line cut short by an interruption is skipped."""
    if not path.exists():
        return None, []
    header, records = None, []
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            try:
                data = json.loads(line)
            except ValueError:
                continue
            if not isinstance(data, dict):
                continue
            if "header" in data:
                header = data["header"]
            elif "game" in data:
                try:
                    records.append(GameRecord.from_dict(data["game"]))
                except TypeError:
                    continue
    return header, records


def _atomic(path: Path, write, newline: Optional[str] = None) -> None:
    """Write a file through a temporary file in the same folder and an atomic rename."""
    with tempfile.NamedTemporaryFile("w", dir=path.parent, prefix=f".{path.name}-", delete=False,
                                     encoding="utf-8", newline=newline) as handle:
        write(handle)
        temporary = handle.name
    os.chmod(temporary, 0o644)
    os.replace(temporary, path)
