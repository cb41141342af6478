"""Exercise 10's line reader for the rule tests: what a replay says, aspect by aspect, and where two replays part.

A replay's lines are read by `coursekit.tournament_transcripts.read_replay` (events by key words: "round",
"dealer", "turn", "blackjack", "win", "bust", a card name and a number); `items` keeps the events of the aspects a
rule test looks at, and `compare` finds the first item where the learner's replay differs from the expected one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

WHAT = {"round": "a new round", "money": "the money", "card": "the card and its hand value",
        "natural": "the natural (Blackjack)", "hit": "the question for another card",
        "dealer plays": "whether the dealer plays", "prompt": "the bet question and its limits",
        "message": "the message for a bet that is not allowed", "outcome": "who won the round",
        "hit message": "the message for an answer that is not y or n",
        "end": "the end of the tournament", "crash": "an error"}
NOTHING_MORE = {"round": "no new round: the tournament is over", "money": "no more money lines",
                "card": "no more cards", "natural": "no natural", "hit": "no question for another card",
                "dealer plays": "the dealer does not play", "prompt": "no other bet question",
                "message": "no message: the bet is allowed", "outcome": "no line naming a winner",
                "hit message": "no message: the answer is y or n",
                "end": "no end of the tournament yet"}


@dataclass
class Item:
    """One thing a replay says that a rule test compares: a key (kind and values), and the line it was read from."""

    key: tuple
    row: object

    @property
    def kind(self) -> str:
        return self.key[0]


def items(rows: list, aspects: frozenset) -> list[Item]:
    """The items of the given aspects, in order, from round 1 on. Aspects: "cards" (every card's name and hand
    value), "naturals" (who has one), "dealer" (the dealer's cards), "hits", "dealer plays", "prompts" (each bet
    question's limits and answer, and the messages between them), "bets" (the same without the limits: which answers
    were taken), "outcome", "money", "end", "rounds".
    Each round's header is an item too (with its number for "rounds"), so that items line up round by round.

    Free lines are left out: a standoff or a player's bust may say nothing (the money says it), a lost tournament
    may end without a word."""
    out: list[Item] = []
    dealer_seen: set = set()
    for row in rows:
        if row.round == 0:  # the welcome: no rule test looks at it, but an error there is shown
            out += [Item(("crash",), row) for event in row.events if event[0] == "crash"]
            continue
        for event in row.events:
            kind = event[0]
            dealer_side = kind == "dealer_turn" or (kind in ("card", "natural") and event[1] == "dealer")
            if "dealer plays" in aspects and dealer_side and row.round not in dealer_seen:
                dealer_seen.add(row.round)
                out.append(Item(("dealer plays",), row))
            if kind == "round":
                out.append(Item(("round", event[1]) if "rounds" in aspects else ("round",), row))
                if "money" in aspects:
                    out.append(Item(("money", event[2]), row))
            elif kind == "card" and ("cards" in aspects or ("dealer" in aspects and event[1] == "dealer")):
                out.append(Item(event, row))
            elif kind == "natural" and ("cards" in aspects or ("dealer" in aspects and event[1] == "dealer")):
                out.append(Item(event, row))
            elif kind == "natural" and "naturals" in aspects:  # who has one; its card's name is the cards rule's
                out.append(Item(event[:2], row))
            elif kind == "hit" and "hits" in aspects:
                out.append(Item(event, row))
            elif kind == "hit message" and "hits" in aspects and not (out and out[-1].kind == "hit message"):
                out.append(Item(("hit message",), row))
            elif kind == "prompt" and "prompts" in aspects:
                numbers = event[1]
                out.append(Item(("prompt", (min(numbers), max(numbers)) if numbers else (), event[2]), row))
            elif kind == "prompt" and "bets" in aspects:
                out.append(Item(("prompt", event[2]), row))
            elif kind == "message" and {"prompts", "bets"} & aspects and not (out and out[-1].kind == "message"):
                out.append(Item(("message",), row))
            elif kind == "outcome" and "outcome" in aspects and event[1] != "push" and event[2] != "player bust":
                out.append(Item(event, row))
            elif kind == "end":
                if "end" in aspects and event[1] == "won":
                    out.append(Item(("end", "won"), row))
                if "money" in aspects and event[1] == "won":
                    out.append(Item(("money", event[2]), row))
            elif kind == "crash":
                out.append(Item(("crash",), row))
    return out


def cut_at_last_round(rows: list, last: int) -> list:
    """Rows up to the header of round `last` (a deal that is not complete ends there)."""
    kept = []
    for row in rows:
        if row.round > last or (row.round == last and kept and kept[-1].round == last):
            break
        kept.append(row)
    return kept


@dataclass
class Mismatch:
    """The first item where a replay differs from the expected one."""

    position: int
    expected: Optional[Item]
    actual: Optional[Item]
    round: int
    shown: str  # the learner's line at that place, as shown in the feedback


def compare(expected: list[Item], actual: list[Item], actual_rows: list) -> Optional[Mismatch]:
    """None when the items are the same; else the first difference. Where the learner's item is of another kind
    than the expected one (or missing), the feedback shows the learner's next line after the last that agreed,
    free lines included (say a standoff's line where the dealer's win was expected)."""
    for i in range(max(len(expected), len(actual))):
        want = expected[i] if i < len(expected) else None
        got = actual[i] if i < len(actual) else None
        if want is not None and got is not None and want.key == got.key:
            continue
        rounds = [item.row.round for item in (want, got) if item is not None]
        if got is not None and (want is None or got.kind == want.kind or got.row.round < want.row.round):
            shown = repr(got.row.text)  # the same kind with other values, or a line more than expected
        else:
            last = actual[i - 1].row.number if i > 0 else 0
            until = got.row.number if got is not None else float("inf")
            free = next((row for row in actual_rows if last < row.number < until and row.round > 0 and row.free),
                        None)
            after = free or (got.row if got is not None else next(
                (row for row in actual_rows if row.number > last and row.round > 0), None))
            shown = repr(after.text) if after is not None else "(no more lines)"
        return Mismatch(i, want, got, min(rounds), shown)
    return None


SlipFinder = Callable[[list, list, Mismatch], str]  # (expected rows, actual rows, mismatch) -> a named slip or ""
