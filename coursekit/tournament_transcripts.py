"""Seed 004's two sample transcripts (Beispielausgabe 1 and 2) as data: the sheet's lines, the cards, the answers.

The sheet's PDF breaks the bet prompt after "Press Enter" and doubles blank lines in places, so transcripts are
compared line by line without blank lines, trailing spaces ignored (`lines`, `first_difference`). Transcript 2
stops in round 3 ("..."): a replay matches it as far as it goes.

Exercise 10 has the learner write the tournament as a class; `play_learner_game` replays a deal through it and
returns what it printed, and `first_difference(..., forgiving=True)` compares that as the exercise says
(`forgiving_line`: spacing, the euro's spelling, >= for ≥ and 175.0 for 175 forgiven).
"""

from __future__ import annotations

import builtins
import contextlib
import re
from typing import Any, Iterable, Optional

SHEET_1 = """\
*** WELCOME TO BLACKJACK ***

You have 100€ in your pocket. Try to double it!
You will lose if you have no money left

*** ROUND 1, you have 100€ left.

You have 5, hand value is 5.
How much do you want to bet? Bet must be ≥ 10€ and ≤ 100€. Press Enter for minimal bet. 20
You have King, hand value is 15. Do you want another card? (y/n) y
You have 6, hand value is 21.
Dealer's turn...
Dealer has Ace, hand value is 11.
Dealer has 2, hand value is 13.
Dealer has 9, hand value is 12.
Dealer has 10, hand value is 22.
Dealer busted, you won!

*** ROUND 2, you have 120€ left.

You have 10, hand value is 10.
How much do you want to bet? Bet must be ≥ 10€ and ≤ 120€. Press Enter for minimal bet. 50
You have King, hand value is 20. Do you want another card? (y/n) n

Dealer's turn...
Dealer has Ace, hand value is 11.
Dealer has 8, hand value is 19.
You win!

*** ROUND 3, you have 170€ left.

You have 5, hand value is 5.
How much do you want to bet? Bet must be ≥ 10€ and ≤ 170€. Press Enter for minimal bet.
You have Jack, hand value is 15. Do you want another card? (y/n) n

Dealer's turn...
Dealer has 9, hand value is 9.
Dealer has Jack, hand value is 19.
Dealer wins!

*** ROUND 4, you have 160€ left.

You have 7, hand value is 7.
How much do you want to bet? Bet must be ≥ 10€ and ≤ 160€. Press Enter for minimal bet. 50
You have 3, hand value is 10. Do you want another card? (y/n) y
You have 10, hand value is 20. Do you want another card? (y/n) n

Dealer's turn...
Dealer has 7, hand value is 7.
Dealer has 2, hand value is 9.
Dealer has 8, hand value is 17.
You win!

You have 210€, you at least doubled your money!
"""
CARDS_1 = ("5", "K", "6", "A", "2", "9", "10",  # round 1: the player's cards, then the dealer's
           "10", "K", "A", "8",  # round 2
           "5", "J", "9", "J",  # round 3
           "7", "3", "10", "7", "2", "8")  # round 4
ANSWERS_1 = ("20", "y", "50", "n", "", "n", "50", "y", "n")  # bets and y/n answers; "" is Enter (the minimum)

SHEET_2 = """\
*** WELCOME TO BLACKJACK ***

You have 100€ in your pocket. Try to double it!
You will lose if you have no money left

*** ROUND 1, you have 100€ left.

You have Ace, hand value is 11.
How much do you want to bet? Bet must be ≥ 10€ and ≤ 100€. Press Enter for minimal bet. 50
You have Jack, Blackjack! You won with Blackjack!

*** ROUND 2, you have 175.0€ left.

You have 10, hand value is 10.
How much do you want to bet? Bet must be ≥ 10€ and ≤ 175.0€. Press Enter for minimal bet. 75
You have 5, hand value is 15. Do you want another card? (y/n) y
You have 6, hand value is 21.
Dealer's turn...
Dealer has Ace, hand value is 11.
Dealer has King, Blackjack!
Dealer won with Blackjack!

*** ROUND 3, you have 100.0€ left.
"""
CARDS_2 = ("A", "J",  # round 1: a natural
           "10", "5", "6", "A", "K")  # round 2: 21 of three cards against the dealer's natural
ANSWERS_2 = ("50", "75", "y")


def lines(text: str) -> list[str]:
    """A transcript's lines as compared: trailing spaces removed, blank lines dropped."""
    return [line.rstrip() for line in text.splitlines() if line.strip()]


def forgiving_line(line: str) -> str:
    """A line as exercise 10 compares it: stripped, runs of whitespace as one space, "€", "EUR" and "Euro" (with
    or without a space before) all as "€", ">=" as "≥", "<=" as "≤", and a whole amount written 175.0 as 175."""
    line = " ".join(line.split())
    line = re.sub(r"\s*(?:€|\bEUR\b|\bEuro\b)", "€", line)
    line = line.replace(">=", "≥").replace("<=", "≤")
    return re.sub(r"(?<![\d.])(\d+)\.0+(?![\d.])", r"\1", line)


def first_difference(produced: str, expected: str, forgiving: bool = False) -> Optional[tuple[int, str, str]]:
    """None when `produced` starts with every line of `expected` (as `lines` compares them); else the first
    difference as (line number from 1, expected line, produced line or "(no more lines)").

    With `forgiving`, lines are equal when `forgiving_line` makes them equal (the lines returned are stripped).
    """
    mine, theirs = lines(produced), lines(expected)
    same = (lambda a, b: forgiving_line(a) == forgiving_line(b)) if forgiving else (lambda a, b: a == b)
    for number, want in enumerate(theirs, start=1):
        got = mine[number - 1] if number <= len(mine) else "(no more lines)"
        if not same(got, want):
            return (number, want.strip(), got.strip()) if forgiving else (number, want, got)
    return None


# --- exercise 10: replaying a deal through the learner's own tournament class ---------------------------------------
TRANSCRIPTS = {1: (CARDS_1, ANSWERS_1), 2: (CARDS_2, ANSWERS_2)}
CARD_NUMBERS = {"A": 1, "J": 11, "Q": 12, "K": 13}  # the sheet's suggestion: 1 is the ace, 11 jack, 12 queen, 13 king
SEED_METHODS = ("InitializeGame", "HandoutRandomCard", "PrintCard", "AskForBet")
MAX_CHARS = 20_000  # a replay stops after printing this much (the sheet's transcript 1 is 1,400 characters)


class ReplayOver(BaseException):
    """The replay's cards or answers are used up, or the game printed too much: it stops here.

    A BaseException, so that a learner's `except Exception` cannot swallow it and play on.
    """


def card_number(rank: str) -> int:
    """A rank as the number the exercise deals: "A" -> 1, "7" -> 7, "J" -> 11, "Q" -> 12, "K" -> 13."""
    if rank in CARD_NUMBERS:
        return CARD_NUMBERS[rank]
    if rank in {str(n) for n in range(2, 11)}:
        return int(rank)
    raise ValueError(f"a rank is A, 2, ..., 10, J, Q or K, not {rank!r}")


class _Cards:
    """The deal as an iterator of card numbers; drawing past its end raises ReplayOver."""

    def __init__(self, ranks: Iterable[str]) -> None:
        self.numbers = [card_number(str(r)) for r in ranks]
        self.position = 0

    def __iter__(self) -> "_Cards":
        return self

    def __next__(self) -> int:
        if self.position >= len(self.numbers):
            raise ReplayOver("no more cards")
        self.position += 1
        return self.numbers[self.position - 1]


class _Screen:
    """What the game prints, kept up to `limit` characters (beyond it: ReplayOver)."""

    def __init__(self, limit: int) -> None:
        self.parts: list[str] = []
        self.size, self.limit = 0, limit

    def write(self, text: Any) -> int:
        text = str(text)
        self.parts.append(text)
        self.size += len(text)
        if self.size > self.limit:
            raise ReplayOver("printed too much")
        return len(text)

    def flush(self) -> None:
        pass

    def text(self) -> str:
        return "".join(self.parts)[: self.limit]


def _replay(cls: Any, cards: Iterable[str], answers: Iterable[str], max_chars: int) -> tuple[str, list[str]]:
    """Run `cls(cards=..., ask=...).Play()` on a deal; return (what it printed, the seed's methods it called)."""
    screen, typed, called = _Screen(max_chars), list(answers), set()

    def ask(prompt: Any = "") -> str:
        """Like input() in a terminal: the prompt, then the answer typed and Enter."""
        screen.write(str(prompt))
        if not typed:
            screen.write("\n")
            raise ReplayOver("no more answers")
        answer = typed.pop(0)
        screen.write(answer + "\n")
        return answer

    def spy(name: str, method: Any) -> Any:
        def counted(*args: Any, **kwargs: Any) -> Any:
            called.add(name)
            return method(*args, **kwargs)
        return counted

    original_input = builtins.input
    with contextlib.redirect_stdout(screen):  # type: ignore[type-var]
        builtins.input = ask  # a program that calls input() itself still gets the deal's answers
        try:
            game = cls(cards=_Cards(cards), ask=ask)
            for name in SEED_METHODS:
                method = getattr(game, name, None)
                if callable(method):
                    try:
                        setattr(game, name, spy(name, method))
                    except (AttributeError, TypeError):  # __slots__ or a read-only attribute: not counted
                        pass
            game.Play()
        except (ReplayOver, SystemExit):
            pass
        except Exception as error:  # noqa: BLE001 - a learner's bug ends the replay; the text says where
            try:
                detail = str(error)
            except Exception:  # noqa: BLE001
                detail = ""
            screen.parts.append(f"\n[the program stopped: {type(error).__name__}{': ' if detail else ''}"
                                f"{detail[:200]}]\n")
        finally:
            builtins.input = original_input
    return screen.text(), sorted(called, key=SEED_METHODS.index)


def _deal(transcript: Optional[int], cards: Optional[Iterable[str]], answers: Optional[Iterable[str]]):
    if transcript is not None:
        if transcript not in TRANSCRIPTS:
            raise ValueError(f"transcript must be 1 or 2 (the sheet's Beispielausgabe), not {transcript!r}")
        return TRANSCRIPTS[transcript]
    if cards is None or answers is None:
        raise ValueError("give a transcript number (1 or 2), or both cards and answers")
    return tuple(cards), tuple(answers)


def play_learner_game(cls: Any, transcript: Optional[int] = None, cards: Optional[Iterable[str]] = None,
                      answers: Optional[Iterable[str]] = None, max_chars: int = MAX_CHARS) -> str:
    """What a learner's tournament class prints when it plays a sheet transcript's deal (1 or 2) or given cards
    (ranks "A", "2", ..., "K") with given answers (bets and y/n; "" is Enter).

    `cls(cards=..., ask=...)` gets the cards as an iterator of numbers 1..13 (1 ace, 11 jack, 12 queen, 13 king)
    and an `ask(prompt)` that works like input() in a terminal (the prompt, the typed answer, a new line); then
    `.Play()` runs. The game stops when it ends, when the cards or the answers run out, at `max_chars` of
    printing, or when it calls sys.exit(); an error it raises ends the text with a line "[the program stopped: ...]".
    """
    cards, answers = _deal(transcript, cards, answers)
    return _replay(cls, cards, answers, max_chars)[0]


def seed_methods_used(cls: Any, transcript: int = 1) -> list[str]:
    """Which of the sheet's methods (InitializeGame, HandoutRandomCard, PrintCard, AskForBet) a learner's class
    calls while it replays a transcript's deal."""
    cards, answers = _deal(transcript, None, None)
    return _replay(cls, cards, answers, MAX_CHARS)[1]
