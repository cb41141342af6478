"""The votes in SQLite: one vote per learner per question per round; a question's round and state (open, closed,
revealed). A new round opens with no votes and keeps every earlier round's."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Union

STATES = ("open", "closed", "revealed")  # only an open round takes votes
SCHEMA = """
CREATE TABLE IF NOT EXISTS polls (pid TEXT PRIMARY KEY, round INTEGER NOT NULL, state TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS votes (pid TEXT NOT NULL, round INTEGER NOT NULL, user TEXT NOT NULL,
    answer TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY (pid, round, user));
"""


class VoteRefused(Exception):
    """A vote the store does not take (already voted this round, or the round is not open): the reason says why."""


class VoteStore:
    """The class's votes in one SQLite file (the service's own folder)."""

    def __init__(self, path: Union[str, Path]) -> None:
        self.path = str(path)
        self.db = sqlite3.connect(self.path, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(SCHEMA)

    def poll(self, pid: str) -> tuple[int, str]:
        """(round, state) of a question; a question no one touched is round 1, open."""
        row = self.db.execute("SELECT round, state FROM polls WHERE pid = ?", (pid,)).fetchone()
        return (row[0], row[1]) if row else (1, "open")

    def vote(self, user: str, pid: str, answer: str) -> int:
        """Record `user`'s answer in the question's current round; the round. VoteRefused when the round is not open
        or the user already voted in it (the first vote stands)."""
        round_, state = self.poll(pid)
        if state != "open":
            raise VoteRefused(f"the vote on {pid} is {state}: wait for the instructor's next round")
        try:
            self.db.execute("INSERT INTO votes VALUES (?, ?, ?, ?, ?)", (pid, round_, user, answer, time.time()))
        except sqlite3.IntegrityError:
            raise VoteRefused(f"{user} already voted on {pid} in round {round_}: one vote a round") from None
        return round_

    def new_round(self, pid: str) -> int:
        """Open the next round of a question (the earlier rounds' votes stay); its number."""
        round_, _ = self.poll(pid)
        self.db.execute("INSERT OR REPLACE INTO polls VALUES (?, ?, 'open')", (pid, round_ + 1))
        return round_ + 1

    def set_state(self, pid: str, state: str) -> None:
        """Close or reveal the current round (or open it again)."""
        if state not in STATES:
            raise ValueError(f"state must be one of {STATES}, not {state!r}")
        round_, _ = self.poll(pid)
        self.db.execute("INSERT OR REPLACE INTO polls VALUES (?, ?, ?)", (pid, round_, state))

    def answers(self, pid: str, round_: int) -> list[str]:
        """The answers given in one round of a question, without who gave them."""
        return [a for (a,) in self.db.execute("SELECT answer FROM votes WHERE pid = ? AND round = ?", (pid, round_))]

    def rows(self, pid: str = "") -> list[tuple]:
        """(pid, round, user, answer, unix time) of every vote, or of one question's, in order."""
        where, args = ("WHERE pid = ?", (pid,)) if pid else ("", ())
        return list(self.db.execute(f"SELECT pid, round, user, answer, at FROM votes {where} "
                                    "ORDER BY pid, round, user", args))

    def close(self) -> None:
        self.db.close()
