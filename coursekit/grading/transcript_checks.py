"""Exercise 10's transcript tests (learner side): the learner's tournament program replayed on crafted deals.

The expected lines are what the course's console program (`python -m coursekit tournament`) prints for each deal
(tests/test_exercise10.py checks that), so they hold nothing of the answer key; questions 1-4 of exercise 10 are
built from here, and check() runs them in the learner's kernel. Question 5's reference solver stays in the answer key.

The program is graded by replaying deals through it: the learner's side runs `replay_learner_game` (in
coursekit.tournament_transcripts) and sends back only what it printed and asked (segments); the expected lines
stay here, in the grader. Each line is judged twice, so that a slip costs the points of what it breaks:

* **its meaning**, in the rule tests (questions 2-4): the card and hand value, the bet question's limits, the
  message for a bet that is not allowed, whether the dealer plays, who won, the money, the end. Each rule test
  replays a deal crafted for one rule and compares only that rule's part of what the program says, so a wrong
  word costs no rule points. A rule test does depend on other text in one way, because it must: it reads the
  values from lines it recognises by a few key words ("round", "dealer", "turn", "blackjack", "win", "bust",
  "doubled", a card name and a number; questions are recognised by the replay itself), so a line in another
  language or without its values says nothing to it.
* **its text**, in question 1's format tests, one per part (the frame, cards, the bet question, naturals, the
  dealer's turn, who won): every line the program prints while replaying the sheet's two transcripts must have the
  sheet's wording, with numbers and card names masked (so a rule slip that changes the values costs no format
  points) and with what exercise 10 forgives already forgiven (`forgiving_line`: blank lines, spacing, €/EUR/Euro,
  ≥/>=, 175.0/175). Lines the sheet leaves free (a player's bust, a standoff, a lost tournament, the message for a
  bet that is not allowed) are not compared.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Optional

from coursekit.grading.cases import Probe
from coursekit.tournament_transcripts import (
    PART_NAMES,
    PARTS,
    SOURCE_METHODS,
    SHEET_1,
    SHEET_2,
    forgiving_line,
    read_replay,
    segments_of_text,
)

MODULE = "__import__('coursekit.tournament_transcripts', fromlist=['replay_learner_game'])"
PROGRAM = ("coursekit.tournament.Tournament", "coursekit.console.tournament.TournamentConsole",
           "coursekit.console.tournament.main", "coursekit.tournament_transcripts.SHEET_1",
           "coursekit.tournament_transcripts.SHEET_2")

# --- the crafted deals: cards as ranks, answers, the lines expected from round 1 on ---------------------------------
# Each is what `python -m coursekit tournament` prints for it (tests/test_exercise10.py checks that). A deal that is
# not `complete` ends with the header of a round the replay cannot finish: lines after it are not compared.
PROMPT = "How much do you want to bet? Bet must be ≥ 10€ and ≤ {}€. Press Enter for minimal bet. {}"


@dataclass(frozen=True)
class Deal:
    """Cards (ranks, in the order dealt), answers (bets and y/n; "" is Enter) and the expected lines."""

    cards: tuple
    answers: tuple
    expected: str
    complete: bool = False  # the tournament ends in the deal: nothing may follow (extra cards and answers wait)

    def expr(self) -> str:
        """The expression the learner's side evaluates."""
        return f"{MODULE}.replay_learner_game(TournamentGame, cards={self.cards!r}, answers={self.answers!r})"


NATURAL = Deal(("K", "A"), ("30",), f"""\
*** ROUND 1, you have 100€ left.
You have King, hand value is 10.
{PROMPT.format(100, 30)}
You have Ace, Blackjack! You won with Blackjack!
*** ROUND 2, you have 145.0€ left.
""")
NATURAL_HALF_EUROS = Deal(("A", "Q", "10", "A"), ("15", "60"), f"""\
*** ROUND 1, you have 100€ left.
You have Ace, hand value is 11.
{PROMPT.format(100, 15)}
You have Queen, Blackjack! You won with Blackjack!
*** ROUND 2, you have 122.5€ left.
You have 10, hand value is 10.
{PROMPT.format(122.5, 60)}
You have Ace, Blackjack! You won with Blackjack!
You have 212.5€, you at least doubled your money!
""", complete=True)
DEALER_NATURAL = Deal(("7", "4", "K", "K", "A"), ("40", "y"), f"""\
*** ROUND 1, you have 100€ left.
You have 7, hand value is 7.
{PROMPT.format(100, 40)}
You have 4, hand value is 11. Do you want another card? (y/n) y
You have King, hand value is 21.
Dealer's turn...
Dealer has King, hand value is 10.
Dealer has Ace, Blackjack!
Dealer won with Blackjack!
*** ROUND 2, you have 60€ left.
""")
DEALER_NATURAL_FIVE_CARDS = Deal(("2", "3", "4", "5", "7", "A", "Q"), ("", "y", "y", "y"), f"""\
*** ROUND 1, you have 100€ left.
You have 2, hand value is 2.
{PROMPT.format(100, "")}
You have 3, hand value is 5. Do you want another card? (y/n) y
You have 4, hand value is 9. Do you want another card? (y/n) y
You have 5, hand value is 14. Do you want another card? (y/n) y
You have 7, hand value is 21.
Dealer's turn...
Dealer has Ace, hand value is 11.
Dealer has Queen, Blackjack!
Dealer won with Blackjack!
*** ROUND 2, you have 90€ left.
""")
ACES = Deal(("10", "5", "A", "9", "9", "A", "A", "8", "A", "2", "9", "6"), ("", "y", "n", "20", "y", "n"), f"""\
*** ROUND 1, you have 100€ left.
You have 10, hand value is 10.
{PROMPT.format(100, "")}
You have 5, hand value is 15. Do you want another card? (y/n) y
You have Ace, hand value is 16. Do you want another card? (y/n) n
Dealer's turn...
Dealer has 9, hand value is 9.
Dealer has 9, hand value is 18.
Dealer wins!
*** ROUND 2, you have 90€ left.
You have Ace, hand value is 11.
{PROMPT.format(90, 20)}
You have Ace, hand value is 12. Do you want another card? (y/n) y
You have 8, hand value is 20. Do you want another card? (y/n) n
Dealer's turn...
Dealer has Ace, hand value is 11.
Dealer has 2, hand value is 13.
Dealer has 9, hand value is 12.
Dealer has 6, hand value is 18.
You win!
*** ROUND 3, you have 110€ left.
""")
DEALER_ACES = Deal(("9", "A", "A", "A", "A", "5"), ("50", "n"), f"""\
*** ROUND 1, you have 100€ left.
You have 9, hand value is 9.
{PROMPT.format(100, 50)}
You have Ace, hand value is 20. Do you want another card? (y/n) n
Dealer's turn...
Dealer has Ace, hand value is 11.
Dealer has Ace, hand value is 12.
Dealer has Ace, hand value is 13.
Dealer has 5, hand value is 18.
You win!
*** ROUND 2, you have 150€ left.
""")

# the sheet's minimum rules (Spielregeln), one deal each
CARDS = Deal(("9", "Q", "8", "K", "2", "3", "4", "J", "2", "10", "8"), ("20", "n", "", "y", "y", "y"), f"""\
*** ROUND 1, you have 100€ left.
You have 9, hand value is 9.
{PROMPT.format(100, 20)}
You have Queen, hand value is 19. Do you want another card? (y/n) n
Dealer's turn...
Dealer has 8, hand value is 8.
Dealer has King, hand value is 18.
You win!
*** ROUND 2, you have 120€ left.
You have 2, hand value is 2.
{PROMPT.format(120, "")}
You have 3, hand value is 5. Do you want another card? (y/n) y
You have 4, hand value is 9. Do you want another card? (y/n) y
You have Jack, hand value is 19. Do you want another card? (y/n) y
You have 2, hand value is 21.
Dealer's turn...
Dealer has 10, hand value is 10.
Dealer has 8, hand value is 18.
You win!
*** ROUND 3, you have 130€ left.
""")
PLAYER_TURN = Deal(("10", "5", "6", "10", "8", "4", "6", "Q", "2", "5", "9", "4", "8"), ("", "x", "y", "", "y", "y"),
                   f"""\
*** ROUND 1, you have 100€ left.
You have 10, hand value is 10.
{PROMPT.format(100, "")}
You have 5, hand value is 15. Do you want another card? (y/n) x
Please answer y or n.
You have 5, hand value is 15. Do you want another card? (y/n) y
You have 6, hand value is 21.
Dealer's turn...
Dealer has 10, hand value is 10.
Dealer has 8, hand value is 18.
You win!
*** ROUND 2, you have 110€ left.
You have 4, hand value is 4.
{PROMPT.format(110, "")}
You have 6, hand value is 10. Do you want another card? (y/n) y
You have Queen, hand value is 20. Do you want another card? (y/n) y
You have 2, hand value is 22.
You busted, you lost!
*** ROUND 3, you have 100€ left.
""")
BET_LIMITS = Deal(("8", "10", "10", "9", "7", "10", "10", "Q"), ("", "n", "30", "n"), f"""\
*** ROUND 1, you have 100€ left.
You have 8, hand value is 8.
{PROMPT.format(100, "")}
You have 10, hand value is 18. Do you want another card? (y/n) n
Dealer's turn...
Dealer has 10, hand value is 10.
Dealer has 9, hand value is 19.
Dealer wins!
*** ROUND 2, you have 90€ left.
You have 7, hand value is 7.
{PROMPT.format(90, 30)}
You have 10, hand value is 17. Do you want another card? (y/n) n
Dealer's turn...
Dealer has 10, hand value is 10.
Dealer has Queen, hand value is 20.
Dealer wins!
*** ROUND 3, you have 60€ left.
""")
ALL_IN = Deal(("9", "8", "10", "9", "10", "9", "10", "8"), ("20", "n", "80", "n"), f"""\
*** ROUND 1, you have 100€ left.
You have 9, hand value is 9.
{PROMPT.format(100, 20)}
You have 8, hand value is 17. Do you want another card? (y/n) n
Dealer's turn...
Dealer has 10, hand value is 10.
Dealer has 9, hand value is 19.
Dealer wins!
*** ROUND 2, you have 80€ left.
You have 10, hand value is 10.
{PROMPT.format(80, 80)}
You have 9, hand value is 19. Do you want another card? (y/n) n
Dealer's turn...
Dealer has 10, hand value is 10.
Dealer has 8, hand value is 18.
You win!
*** ROUND 3, you have 160€ left.
""")
INVALID_BET = Deal(("6", "10", "10", "8"), ("9", "101", "ten", "10", "n"), f"""\
*** ROUND 1, you have 100€ left.
You have 6, hand value is 6.
{PROMPT.format(100, 9)}
Sorry, the bet must be a whole number of euros from 10 to 100, not 9.
{PROMPT.format(100, 101)}
Sorry, the bet must be a whole number of euros from 10 to 100, not 101.
{PROMPT.format(100, "ten")}
Sorry, the bet must be a whole number of euros from 10 to 100, not 'ten'.
{PROMPT.format(100, 10)}
You have 10, hand value is 16. Do you want another card? (y/n) n
Dealer's turn...
Dealer has 10, hand value is 10.
Dealer has 8, hand value is 18.
Dealer wins!
*** ROUND 2, you have 90€ left.
""")
DEALER_DRAWS = Deal(("10", "9", "6", "10", "2", "10", "8", "10", "7", "5"), ("", "n", "", "n"), f"""\
*** ROUND 1, you have 100€ left.
You have 10, hand value is 10.
{PROMPT.format(100, "")}
You have 9, hand value is 19. Do you want another card? (y/n) n
Dealer's turn...
Dealer has 6, hand value is 6.
Dealer has 10, hand value is 16.
Dealer has 2, hand value is 18.
You win!
*** ROUND 2, you have 110€ left.
You have 10, hand value is 10.
{PROMPT.format(110, "")}
You have 8, hand value is 18. Do you want another card? (y/n) n
Dealer's turn...
Dealer has 10, hand value is 10.
Dealer has 7, hand value is 17.
You win!
*** ROUND 3, you have 120€ left.
""")
DEALER_21 = Deal(("10", "K", "5", "6", "K"), ("30", "n"), f"""\
*** ROUND 1, you have 100€ left.
You have 10, hand value is 10.
{PROMPT.format(100, 30)}
You have King, hand value is 20. Do you want another card? (y/n) n
Dealer's turn...
Dealer has 5, hand value is 5.
Dealer has 6, hand value is 11.
Dealer has King, hand value is 21.
Dealer wins!
*** ROUND 2, you have 70€ left.
""")
SETTLING = Deal(("10", "8", "10", "8", "10", "9", "10", "8", "10", "7", "10", "8", "10", "2", "10", "5", "7"),
                ("20", "n", "20", "n", "30", "n", "", "n"), f"""\
*** ROUND 1, you have 100€ left.
You have 10, hand value is 10.
{PROMPT.format(100, 20)}
You have 8, hand value is 18. Do you want another card? (y/n) n
Dealer's turn...
Dealer has 10, hand value is 10.
Dealer has 8, hand value is 18.
Standoff! You get your bet back.
*** ROUND 2, you have 100€ left.
You have 10, hand value is 10.
{PROMPT.format(100, 20)}
You have 9, hand value is 19. Do you want another card? (y/n) n
Dealer's turn...
Dealer has 10, hand value is 10.
Dealer has 8, hand value is 18.
You win!
*** ROUND 3, you have 120€ left.
You have 10, hand value is 10.
{PROMPT.format(120, 30)}
You have 7, hand value is 17. Do you want another card? (y/n) n
Dealer's turn...
Dealer has 10, hand value is 10.
Dealer has 8, hand value is 18.
Dealer wins!
*** ROUND 4, you have 90€ left.
You have 10, hand value is 10.
{PROMPT.format(90, "")}
You have 2, hand value is 12. Do you want another card? (y/n) n
Dealer's turn...
Dealer has 10, hand value is 10.
Dealer has 5, hand value is 15.
Dealer has 7, hand value is 22.
Dealer busted, you won!
*** ROUND 5, you have 100€ left.
""")
GOAL = Deal(("10", "9", "10", "8", "10", "9", "10", "8", "10", "9", "10", "8"), ("50", "n", "50", "n", "10", "n"), f"""\
*** ROUND 1, you have 100€ left.
You have 10, hand value is 10.
{PROMPT.format(100, 50)}
You have 9, hand value is 19. Do you want another card? (y/n) n
Dealer's turn...
Dealer has 10, hand value is 10.
Dealer has 8, hand value is 18.
You win!
*** ROUND 2, you have 150€ left.
You have 10, hand value is 10.
{PROMPT.format(150, 50)}
You have 9, hand value is 19. Do you want another card? (y/n) n
Dealer's turn...
Dealer has 10, hand value is 10.
Dealer has 8, hand value is 18.
You win!
You have 200€, you at least doubled your money!
""", complete=True)
DOWN_TO_TEN = Deal(("10", "7", "10", "8", "10", "7", "10", "9", "10", "9", "10", "8"), ("90", "n", "", "n", "", "n"),
                   f"""\
*** ROUND 1, you have 100€ left.
You have 10, hand value is 10.
{PROMPT.format(100, 90)}
You have 7, hand value is 17. Do you want another card? (y/n) n
Dealer's turn...
Dealer has 10, hand value is 10.
Dealer has 8, hand value is 18.
Dealer wins!
*** ROUND 2, you have 10€ left.
You have 10, hand value is 10.
{PROMPT.format(10, "")}
You have 7, hand value is 17. Do you want another card? (y/n) n
Dealer's turn...
Dealer has 10, hand value is 10.
Dealer has 9, hand value is 19.
Dealer wins!
You have 0€ left, less than the minimal bet of 10€. You lost the tournament!
""", complete=True)
DOWN_TO_FIVE = Deal(("10", "7", "10", "8", "10", "9", "10", "8"), ("95", "n", "", "n"), f"""\
*** ROUND 1, you have 100€ left.
You have 10, hand value is 10.
{PROMPT.format(100, 95)}
You have 7, hand value is 17. Do you want another card? (y/n) n
Dealer's turn...
Dealer has 10, hand value is 10.
Dealer has 8, hand value is 18.
Dealer wins!
You have 5€ left, less than the minimal bet of 10€. You lost the tournament!
""", complete=True)

DEALS = {"NATURAL": NATURAL, "NATURAL_HALF_EUROS": NATURAL_HALF_EUROS, "DEALER_NATURAL": DEALER_NATURAL,
         "DEALER_NATURAL_FIVE_CARDS": DEALER_NATURAL_FIVE_CARDS, "ACES": ACES, "DEALER_ACES": DEALER_ACES,
         "CARDS": CARDS, "PLAYER_TURN": PLAYER_TURN, "BET_LIMITS": BET_LIMITS, "ALL_IN": ALL_IN,
         "INVALID_BET": INVALID_BET, "DEALER_DRAWS": DEALER_DRAWS, "DEALER_21": DEALER_21, "SETTLING": SETTLING,
         "GOAL": GOAL, "DOWN_TO_TEN": DOWN_TO_TEN, "DOWN_TO_FIVE": DOWN_TO_FIVE}
NAME_OF = {deal: name for name, deal in DEALS.items()}
ROUND_ONE = re.compile(r"ROUND 1\b")


def from_round_one(text: str) -> str:
    """The printed text from the first line that says "ROUND 1" on (all of it when no line does)."""
    rows = text.splitlines()
    start = next((i for i, row in enumerate(rows) if ROUND_ONE.search(forgiving_line(row).upper())), 0)
    return "\n".join(rows[start:])


# --- meaning: what a replay says, aspect by aspect -------------------------------------------------------------------
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


# --- the rule tests -------------------------------------------------------------------------------------------------
SlipFinder = Callable[[list, list, Mismatch], str]


def deal_test(label: str, deals: list, aspects: set, points: float = 1, public: bool = True,
              slips: tuple = ()) -> Probe:
    """Replay crafted deals through TournamentGame and compare the given aspects of what it says with the deals'
    expected lines; `slips` are functions (expected rows, actual rows, mismatch) -> a named slip or ""."""
    aspects = frozenset(aspects)
    expected_rows = [read_replay(segments_of_text(deal.expected)) for deal in deals]
    expr = deals[0].expr() if len(deals) == 1 else "[" + ", ".join(deal.expr() for deal in deals) + "]"

    def judge(value) -> tuple:
        replays = [value] if len(deals) == 1 else value
        if not isinstance(replays, list) or len(replays) != len(deals):
            return False, label, "the replays", f"a value of type {type(value).__name__}"
        total = 0
        for n, (deal, want_rows, segments) in enumerate(zip(deals, expected_rows, replays), start=1):
            rows = read_replay(segments)
            if not deal.complete:
                rows = cut_at_last_round(rows, max(row.round for row in want_rows))
            want, got = items(want_rows, aspects), items(rows, aspects)
            total += len(want)
            mismatch = compare(want, got, rows)
            if mismatch is None:
                continue
            want_item, got_item = mismatch.expected, mismatch.actual
            extra = got_item is not None and (want_item is None or got_item.row.round < want_item.row.round)
            kind = got_item.kind if extra else want_item.kind
            where = f"{label}{f' (deal {n})' if len(deals) > 1 else ''}: round {mismatch.round}, {WHAT[kind]}"
            shown_want = f"({NOTHING_MORE.get(kind, 'nothing more')})" if extra else repr(want_item.row.text)
            slip = ""
            for finder in slips:
                slip = finder(want_rows, rows, mismatch) or ""
                if slip:
                    break
            return False, where, shown_want, mismatch.shown, slip
        return True, label, f"{total} checks of this rule in the deal{'s' if len(deals) > 1 else ''}", "all right"

    probe = Probe(label, expr, judge, points=points, public=public)
    probe.rebuild = ("deal_test_named", [label, [NAME_OF[deal] for deal in deals], sorted(aspects), points, public,
                                         [finder.__name__ for finder in slips]])
    return probe


def deal_test_named(label: str, deal_names: list, aspects: list, points: float, public: bool,
                    slip_names: list) -> Probe:
    """deal_test with its deals and slip finders given by name (how the public tests' data rebuilds it)."""
    return deal_test(label, [DEALS[name] for name in deal_names], set(aspects), points, public,
                     tuple(globals()[name] for name in slip_names))


# named slips of the rule tests: each names the mistake, never the expected line
DEALER_21_BUST = "a dealer's 21 is no bust: a hand busts only over 21 (here the dealer's 21 of three cards wins)"
PLAYS_ON_AT_GOAL = ("reaching exactly twice the start is doubling the money: the tournament is won and ends at the "
                    "goal, not only above it")
REFUSES_ALL_IN = "a bet of all the money you have is allowed: the highest bet is the whole bankroll (≤, not <)"
NO_BET_MESSAGE = "a bet that is not allowed needs a line saying so before the question comes again"
NATURAL_ONE_TO_ONE = "the natural was paid 1:1 like a plain win; a natural pays 3:2 (1.5 times the bet)"
NATURAL_TWO_TO_ONE = "the natural was paid 2:1; a natural pays 3:2 (1.5 times the bet)"
DEALER_AFTER_NATURAL = "a natural wins at once: the dealer does not play that round"
DEALER_NATURAL_NOT_BEATING = ("a dealer natural (21 with two cards) beats a 21 of three or more cards: it is not a "
                              "standoff and not your win")
ACES_ALWAYS_11 = "every ace was counted as 11: an ace counts 1 when 11 would take the hand over 21"
ACES_ALWAYS_1 = "every ace was counted as 1: an ace counts 11 when that does not take the hand over 21"
FACES_AS_NUMBERS = "jack, queen and king were counted 11, 12 and 13: each is worth 10"
ASKS_AT_21 = "at 21 the player's turn ends by itself: no question for another card"
NO_HIT_MESSAGE = "an answer that is not y or n needs a line saying so before the question comes again"
DEALER_AFTER_BUST = "over 21 the player has lost at once: the dealer does not play that round"
DEALER_STOPS_EARLY = "the dealer draws while the hand is worth 16 or less (until it is more than 16)"
DEALER_DRAWS_ON_17 = "the dealer stops as soon as the hand is worth more than 16: 17 stands"


def _rounds_money(rows: list) -> dict:
    """{round: money at its header}, and the money at the end under the key of the round after the last."""
    out = {}
    for row in rows:
        for event in row.events:
            if event[0] == "round":
                out[row.round] = event[2]
            elif event[0] == "end" and event[1] == "won":
                out[row.round + 1] = event[2]
    return out


def _bets(rows: list) -> dict:
    """{round: the bet placed} from the accepted answers of the expected lines (Enter is the minimum, 10)."""
    out = {}
    for row in rows:
        for event in row.events:
            if event[0] == "prompt":
                answer = event[2]
                out[row.round] = Fraction(answer) if answer.strip().isdigit() else Fraction(10)
    return out


def natural_paid_wrong(want_rows: list, rows: list, mismatch: Mismatch) -> str:
    got = mismatch.actual
    if got is None or got.kind != "money":
        return DEALER_AFTER_NATURAL if got is not None and got.kind == "dealer plays" else ""
    before = _rounds_money(want_rows).get(mismatch.round - 1)
    bet = _bets(want_rows).get(mismatch.round - 1)
    if before is None or bet is None:
        return ""
    return {before + bet: NATURAL_ONE_TO_ONE, before + 2 * bet: NATURAL_TWO_TO_ONE}.get(got.key[1], "")


def dealer_natural_not_beating(want_rows: list, rows: list, mismatch: Mismatch) -> str:
    want, got = mismatch.expected, mismatch.actual
    if want is not None and want.key == ("outcome", "dealer", "natural"):
        if got is None or got.key[:2] != ("outcome", "dealer"):
            return DEALER_NATURAL_NOT_BEATING
    if want is not None and want.kind == "money" and got is not None and got.kind == "money":
        before = _rounds_money(want_rows).get(mismatch.round - 1)
        if before is not None and got.key[1] in (before, before + _bets(want_rows).get(mismatch.round - 1, 0)):
            return DEALER_NATURAL_NOT_BEATING
    return ""


def _value(name: str, ace: int = 1) -> int:
    return ace if name == "Ace" else 10 if name in ("Jack", "Queen", "King") else int(name)


def aces_counted_wrong(want_rows: list, rows: list, mismatch: Mismatch) -> str:
    got = mismatch.actual
    if got is None or got.kind != "card":
        return ""
    who, value = got.key[1], got.key[3]
    hand = [e[2] for row in rows if row.round == got.row.round and row.number <= got.row.number
            for e in row.events if e[0] == "card" and e[1] == who]
    try:
        if "Ace" in hand and value == sum(_value(c, 11) for c in hand):
            return ACES_ALWAYS_11
        if "Ace" in hand and value == sum(_value(c, 1) for c in hand):
            return ACES_ALWAYS_1
    except ValueError:
        return ""
    return ""


def faces_as_numbers(want_rows: list, rows: list, mismatch: Mismatch) -> str:
    got = mismatch.actual
    if got is None or got.kind != "card":
        return ""
    who = got.key[1]
    faces = {"Jack": 11, "Queen": 12, "King": 13, "11": 11, "12": 12, "13": 13}
    hand = [e[2] for row in rows if row.round == got.row.round and row.number <= got.row.number
            for e in row.events if e[0] == "card" and e[1] == who]
    if any(c in faces for c in hand) and got.key[3] == sum(faces.get(c, 0) or _value(c) for c in hand
                                                           if c.isdigit() or c in faces or c == "Ace"):
        return FACES_AS_NUMBERS
    return ""


def dealer_21_bust(want_rows: list, rows: list, mismatch: Mismatch) -> str:
    got = mismatch.actual
    return DEALER_21_BUST if got is not None and got.key == ("outcome", "you", "bust") else ""


def plays_on_at_goal(want_rows: list, rows: list, mismatch: Mismatch) -> str:
    want, got = mismatch.expected, mismatch.actual
    if want is not None and want.key == ("end", "won"):
        return PLAYS_ON_AT_GOAL
    if want is None and got is not None and got.kind in ("round", "money", "prompt"):
        return PLAYS_ON_AT_GOAL
    return ""


def refuses_all_in(want_rows: list, rows: list, mismatch: Mismatch) -> str:
    got = mismatch.actual
    return REFUSES_ALL_IN if got is not None and got.kind in ("message", "prompt") and mismatch.round == 2 else ""


def no_bet_message(want_rows: list, rows: list, mismatch: Mismatch) -> str:
    want, got = mismatch.expected, mismatch.actual
    return NO_BET_MESSAGE if want is not None and want.kind == "message" and (got is None
                                                                             or got.kind == "prompt") else ""


def no_hit_message(want_rows: list, rows: list, mismatch: Mismatch) -> str:
    want, got = mismatch.expected, mismatch.actual
    return NO_HIT_MESSAGE if want is not None and want.kind == "hit message" and (got is None
                                                                                 or got.kind == "hit") else ""


def asks_at_21(want_rows: list, rows: list, mismatch: Mismatch) -> str:
    got = mismatch.actual
    if got is not None and got.kind == "hit" and mismatch.round == 1 and (
            mismatch.expected is None or mismatch.expected.kind != "hit"):
        return ASKS_AT_21
    return ""


def dealer_after_bust(want_rows: list, rows: list, mismatch: Mismatch) -> str:
    got = mismatch.actual
    return DEALER_AFTER_BUST if got is not None and got.kind == "dealer plays" and mismatch.round == 2 else ""


def dealer_stops_wrong(want_rows: list, rows: list, mismatch: Mismatch) -> str:
    want, got = mismatch.expected, mismatch.actual
    if mismatch.round == 1 and want is not None and want.kind == "card":
        return DEALER_STOPS_EARLY
    if mismatch.round == 2 and got is not None and got.kind == "card" and (want is None or want.kind != "card"):
        return DEALER_DRAWS_ON_17
    return ""


def _methods_judge(used) -> tuple:
    what = "the sheet's methods, called while transcript 1 replays"
    if not isinstance(used, list) or not all(isinstance(name, str) for name in used):
        return False, what, ", ".join(SOURCE_METHODS), f"a value of type {type(used).__name__}"
    missing = [name for name in SOURCE_METHODS if name not in used]
    shown = ", ".join(used) or "none of them"
    if missing:
        return False, f"{what} (not called: {', '.join(missing)})", ", ".join(SOURCE_METHODS), shown
    return True, what, ", ".join(SOURCE_METHODS), shown


# --- the format tests: each part's lines in the sheet's wording (values masked) ------------------------------------
SHEET_ROWS = [read_replay(segments_of_text(SHEET_1)), read_replay(segments_of_text(SHEET_2))]
SHEET_FORMS = {part: {} for part in PARTS}
for _rows in SHEET_ROWS:
    for _row in _rows:
        SHEET_FORMS[_row.part].setdefault(_row.form, _row.text)
ALL_FORMS = [(form, part) for part, forms in SHEET_FORMS.items() for form in forms]
PLACE_RATIO = 0.6  # a line read as nothing belongs to the part of the sheet's form it is closest to, from this on
REPLAYS = f"[{MODULE}.replay_learner_game(TournamentGame, 1), {MODULE}.replay_learner_game(TournamentGame, 2)]"


def _closest(form: str, candidates) -> tuple[float, str]:
    best = (0.0, "")
    for candidate in candidates:
        ratio = difflib.SequenceMatcher(None, form, candidate).ratio()
        if ratio > best[0]:
            best = (ratio, candidate)
    return best


def place(rows: list) -> None:
    """Give each line read as nothing a part: the part of the sheet's closest form, else the line before's."""
    previous = "frame"
    for row in rows:
        if not row.part:
            ratio, form = _closest(row.form, [f for f, _ in ALL_FORMS])
            row.part = dict(ALL_FORMS)[form] if ratio >= PLACE_RATIO else previous
        previous = row.part


def _missing_structure(part: str, rows: list) -> Optional[tuple]:
    """(what is missing, where) when a line of the part that the sheet always prints is not there."""
    if part == "frame":
        have = {e[0] for row in rows for e in row.events}
        for kind, text in (("welcome", "*** WELCOME TO BLACKJACK ***"),
                           ("start", "You have 100€ in your pocket. Try to double it!"),
                           ("warning", "You will lose if you have no money left"),
                           ("round", "*** ROUND 1, you have 100€ left.")):
            if kind not in have:
                return text, None
    if part == "dealer":
        turn_rounds = {row.round for row in rows if any(e[0] == "dealer_turn" for e in row.events)}
        for row in rows:
            if any(e[0] in ("card", "natural") and e[1] == "dealer" for e in row.events) and (
                    row.round not in turn_rounds):
                return "Dealer's turn...", row
    return None


def format_test(part: str, points: float = 0.5) -> Probe:
    """Every line of `part` printed while the sheet's two transcripts replay has the sheet's wording (numbers and
    card names masked; what exercise 10 forgives forgiven); the part's lines the sheet always prints are there."""
    label = f"the wording of {PART_NAMES[part]}, transcripts 1 and 2"

    def judge(value) -> tuple:
        if not isinstance(value, list) or len(value) != 2:
            return False, label, "two replays", f"a value of type {type(value).__name__}"
        printed = 0
        for number, segments in enumerate(value, start=1):
            rows = read_replay(segments)
            place(rows)
            for row in rows:
                if row.part != part or row.free:
                    continue
                printed += 1
                if row.form not in SHEET_FORMS[part]:
                    sheet = SHEET_FORMS[part][_closest(row.form, SHEET_FORMS[part])[1] or next(iter(SHEET_FORMS[part]))]
                    return (False, f"{label}: transcript {number}, line {row.number} (numbers and card names may "
                            f"differ, the words not)", repr(sheet), repr(row.text))
            missing = _missing_structure(part, rows)
            if missing:
                text, row = missing
                where = f", before line {row.number}" if row is not None else ""
                return False, f"{label}: transcript {number}, a line is missing{where}", repr(text), "(none)"
        if not printed:
            return False, label, f"lines like {next(iter(SHEET_FORMS[part].values()))!r}", "none"
        return True, label, f"the sheet's wording on all {printed} lines", "the same"

    probe = Probe(label, REPLAYS, judge, points=points)
    probe.rebuild = ("format_test", [part, points])
    return probe


def methods_test(points: float = 1) -> Probe:
    """The sheet's methods are called while transcript 1 replays."""
    probe = Probe("the sheet's methods, called while transcript 1 replays",
                  f"{MODULE}.source_methods_used(TournamentGame, 1)", _methods_judge, points=points)
    probe.rebuild = ("methods_test", [points])
    return probe
