"""Source 004's two sample transcripts (Beispielausgabe 1 and 2) as data: the sheet's lines, the cards, the answers.

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
SOURCE_METHODS = ("InitializeGame", "HandoutRandomCard", "PrintCard", "AskForBet")
MAX_CHARS = 20_000  # a replay stops after printing this much (the sheet's transcript 1 is 1,400 characters)
STOPPED = "[the program stopped:"  # how a replay ends that the learner's code ended with an error


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
    """What the game prints, kept up to `limit` characters (beyond it: ReplayOver), in segments: ["p", printed text]
    and ["a", prompt, typed answer] for each question asked (the answer None when the replay had no more)."""

    def __init__(self, limit: int) -> None:
        self.segments: list[list] = []
        self.size, self.limit = 0, limit

    def _count(self, text: str) -> None:
        self.size += len(text)
        if self.size > self.limit:
            raise ReplayOver("printed too much")

    def write(self, text: Any) -> int:
        text = str(text)
        if self.segments and self.segments[-1][0] == "p":
            self.segments[-1][1] += text
        else:
            self.segments.append(["p", text])
        self._count(text)
        return len(text)

    def asked(self, prompt: str, answer: Optional[str]) -> None:
        self.segments.append(["a", prompt, answer])
        self._count(prompt + (answer or ""))

    def flush(self) -> None:
        pass

    def cut(self) -> list[list]:
        """The segments cut to `limit` characters in all."""
        out, left = [], self.limit
        for segment in self.segments:
            if segment[0] == "p":
                out.append(["p", segment[1][:left]])
                left -= len(out[-1][1])
            else:
                prompt = segment[1][:left]
                left -= len(prompt)
                answer = None if segment[2] is None else segment[2][:max(left, 0)]
                left -= len(answer or "")
                out.append(["a", prompt, answer])
            if left <= 0:
                break
        return out

    def text(self) -> str:
        return text_of(self.cut())


def text_of(segments: list) -> str:
    """The text a terminal shows for replay segments: what was printed, each prompt with its answer and Enter."""
    parts = []
    for segment in segments:
        if segment[0] == "p":
            parts.append(segment[1])
        else:
            parts.append(segment[1] + ("" if segment[2] is None else segment[2]) + "\n")
    return "".join(parts)


def _replay(cls: Any, cards: Iterable[str], answers: Iterable[str], max_chars: int) -> tuple[list, list[str]]:
    """Run `cls(cards=..., ask=...).Play()` on a deal; return (its segments, the source's methods it called)."""
    screen, typed, called = _Screen(max_chars), list(answers), set()

    def ask(prompt: Any = "") -> str:
        """Like input() in a terminal: the prompt, then the answer typed and Enter."""
        if not typed:
            screen.asked(str(prompt), None)
            raise ReplayOver("no more answers")
        answer = typed.pop(0)
        screen.asked(str(prompt), answer)
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
            for name in SOURCE_METHODS:
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
            segments = screen.cut()
            segments.append(["p", f"\n{STOPPED} {type(error).__name__}{': ' if detail else ''}{detail[:200]}]\n"])
            return segments, sorted(called, key=SOURCE_METHODS.index)
        finally:
            builtins.input = original_input
    return screen.cut(), sorted(called, key=SOURCE_METHODS.index)


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
    return text_of(replay_learner_game(cls, transcript, cards, answers, max_chars))


def replay_learner_game(cls: Any, transcript: Optional[int] = None, cards: Optional[Iterable[str]] = None,
                        answers: Optional[Iterable[str]] = None, max_chars: int = MAX_CHARS) -> list[list]:
    """`play_learner_game`'s replay as segments: ["p", printed text] and ["a", prompt, answer] for each question
    (answer None when the replay ran out of answers there). Exercise 10's judge reads them with `read_replay`."""
    cards, answers = _deal(transcript, cards, answers)
    return _replay(cls, cards, answers, max_chars)[0]


def source_methods_used(cls: Any, transcript: int = 1) -> list[str]:
    """Which of the sheet's methods (InitializeGame, HandoutRandomCard, PrintCard, AskForBet) a learner's class
    calls while it replays a transcript's deal."""
    cards, answers = _deal(transcript, None, None)
    return _replay(cls, cards, answers, MAX_CHARS)[1]


# --- reading a replay: its lines, what each says, and its form (exercise 10's judge) --------------------------------
# Exercise 10 grades each line twice: what it means (the card and hand value, the bet's limits, who won, the money)
# in the rule tests, and its text (the sheet's wording, values masked) in the format tests of its part. The reader
# below recognises a line by a few key words, so a text slip ("Dealers turn...") keeps its meaning; questions are
# recognised by the replay itself (each ask() is a segment), whatever their wording.
PARTS = ("frame", "cards", "bet", "naturals", "dealer", "settling")
PART_NAMES = {"frame": "the welcome, the round headers and the end", "cards": "a card and its hand value",
              "bet": "the bet question", "naturals": "naturals (Blackjack)", "dealer": "the dealer's turn",
              "settling": "who won the round"}
BET_PROMPT = re.compile(r"^(How much do you want to bet\?.*?Press Enter for minimal bet\.)[ \t]?(.*)$")
HIT_PROMPT = re.compile(r"^(.*?)(Do you want another card\? \(y/n\))[ \t]?(.*)$")
_DEALER = re.compile(r"\b(?:dealer|computer|bank|house|croupier)")
_YOU = re.compile(r"\b(?:you|your|player)\b")
_TOKEN = re.compile(r"\b(ace|jack|queen|king)\b|(\d+(?:\.\d+)?)")
_WIN = re.compile(r"\bwins?\b|\bwon\b|\bbeats?\b|\bwinner\b")
_LOSE = re.compile(r"\blos[et]\b|\bloses\b")
_PUSH = re.compile(r"standoff|stand-off|stand off|\bpush\b|\btie\b|\bdraw\b|bet back|\bequal\b|nobody|no one")
_LOST = re.compile(r"tournament|game over|minimal bet|minimum bet|less than|not enough|broke|bankrupt|no money|"
                   r"out of money")
_MASK = re.compile(r"\b(?:Ace|Jack|Queen|King)\b|\d+(?:\.\d+)?")
_YES_NO = {"y", "n", "yes", "no"}


def segments_of_text(text: str) -> list[list]:
    """A transcript's text as replay segments: a line ending in the sheet's bet question or "Do you want another
    card? (y/n)" is that question asked, with the rest of the line as the typed answer."""
    out: list[list] = []
    for row in text.splitlines():
        bet, hit = BET_PROMPT.match(row.strip()), HIT_PROMPT.match(row.strip())
        if bet:
            out += [["a", bet.group(1) + " ", bet.group(2).strip()]]
        elif hit:
            out += [["p", hit.group(1)], ["a", hit.group(2) + " ", hit.group(3).strip()]]
        else:
            out += [["p", row + "\n"]]
    return out


def mask_line(text: str) -> str:
    """A line's form: as `forgiving_line` compares it, with every number and card name (Ace, Jack, Queen, King,
    capitalised as the sheet does) replaced by "#". (A line with a question is masked without the typed answer.)"""
    return _MASK.sub("#", forgiving_line(text))


def _number(text: str):
    from fractions import Fraction

    value = Fraction(text)
    return int(value) if value.denominator == 1 else value


def _tokens(low: str) -> list:
    """The card names ("Ace", ...) and numbers (int, or Fraction for 122.5) of a lower-case line, in order."""
    out = []
    for name, number in _TOKEN.findall(low):
        out.append(name.capitalize() if name else _number(number))
    return out


def _who(low: str) -> Optional[str]:
    dealer, you = _DEALER.search(low), _YOU.search(low)
    if dealer and (not you or dealer.start() < you.start()):
        return "dealer"
    return "you" if you else None


def _card(tokens: list) -> Optional[tuple]:
    """(card name, hand value) when a line's first two values are a card and a number."""
    if len(tokens) >= 2 and isinstance(tokens[1], int):
        first = tokens[0]
        if isinstance(first, str) or (isinstance(first, int) and 1 <= first <= 13):
            return str(first), tokens[1]
    return None


def _outcome(low: str) -> Optional[tuple]:
    """(winner "you" / "dealer" / "push", how: "bust", "player bust", "natural" or "") of a round-result line."""
    if "bust" in low:
        before = low[: low.index("bust")]
        return ("you", "bust") if _who(before) == "dealer" else ("dealer", "player bust")
    if _PUSH.search(low):
        return "push", ""
    win, lose = _WIN.search(low), _LOSE.search(low)
    if not (win or lose):
        return None
    subject = _who(low) or "you"
    other = "dealer" if subject == "you" else "you"
    winner = subject if win and (not lose or win.start() < lose.start()) else other
    return winner, "natural" if "blackjack" in low else ""


class ReadLine:
    """One printed line of a replay: its text, number, part, form, and the events it says."""

    def __init__(self, text: str, number: int, asked: Optional[str] = None, answer: Optional[str] = None,
                 in_question: bool = False) -> None:
        self.text, self.number = text.strip(), number
        self.asked = asked  # the line without the typed answer, when a question was asked on it
        self.answer = answer
        self.in_question = in_question  # an earlier line of a question's prompt (the question asked below)
        self.prompt = asked or ""  # the whole prompt of the question asked on this line (earlier lines too)
        self.form = mask_line(self.text if asked is None else asked)  # the typed answer is the replay's, not theirs
        self.part, self.free, self.events = "", False, []
        self.round = 0

    def __repr__(self) -> str:
        return f"ReadLine({self.number}, {self.text!r}, {self.part}, {self.events})"


def _lines_of(segments: list) -> list[ReadLine]:
    rows: list[ReadLine] = []
    buffer = ""

    def add(text: str, **kw) -> None:
        if text.strip():
            rows.append(ReadLine(text, len(rows) + 1, **kw))

    for segment in segments:
        if segment[0] == "p":
            *done, buffer = (buffer + segment[1]).split("\n")
            for text in done:
                add(text)
        else:
            prompt, answer = segment[1], segment[2]
            *done, buffer = (buffer + prompt).split("\n")
            for text in done:
                add(text, in_question=True)
            asked = buffer
            before = len(rows)
            add(asked + ("" if answer is None else answer), asked=asked, answer="" if answer is None else answer)
            if len(rows) > before:
                rows[-1].prompt = "\n".join(done + [asked])
            buffer = ""
    add(buffer)
    return rows


def _read(line: ReadLine) -> None:
    """Give a line its part, its events, and whether its text is free (the sheet shows no such line)."""
    text = line.text
    low = forgiving_line(text).lower()
    if text.startswith(STOPPED):
        line.part, line.free, line.events = "frame", True, [("crash",)]
        return
    if line.in_question:
        line.part = "bet" if "bet" in low or "€" in low else "cards"
        return
    if line.asked is not None:
        asked = forgiving_line(line.prompt).lower()
        answer = (line.answer or "").strip().lower()
        bet = "bet" in asked or "€" in asked or ("card" not in asked and "y/n" not in asked
                                                  and answer not in _YES_NO)
        if bet:
            line.part = "bet"
            numbers = tuple(t for t in _tokens(asked) if not isinstance(t, str))
            line.events = [("prompt", numbers, line.answer.strip())]
        else:
            line.part = "cards"
            card = _card(_tokens(forgiving_line(line.asked).lower()))
            if card:
                line.events.append(("card", _who(low) or "you") + card)
            line.events.append(("hit", answer))
        return
    tokens = _tokens(low)
    money = next((t for t in tokens if not isinstance(t, str)), None)
    if "welcome" in low:
        line.part, line.events = "frame", [("welcome",)]
    elif re.search(r"\bround\b\D*\d", low):
        numbers = [t for t in _tokens(low[re.search(r"\bround\b", low).start():]) if not isinstance(t, str)]
        line.part, line.events = "frame", [("round", numbers[0], numbers[1] if len(numbers) > 1 else None)]
    elif "pocket" in low or ("try" in low and "doubl" in low):
        line.part, line.events = "frame", [("start", money)]
    elif "doubl" in low or "goal" in low:
        line.part, line.events = "frame", [("end", "won", money)]
    elif "will lose" in low or "no money left" in low:
        line.part, line.events = "frame", [("warning",)]
    elif _LOST.search(low):
        line.part, line.free, line.events = "frame", True, [("end", "lost", money)]
    elif _DEALER.search(low) and "turn" in low:
        line.part, line.events = "dealer", [("dealer_turn",)]
    elif "blackjack" in low:
        line.part = "naturals"
        if tokens and (isinstance(tokens[0], str) or 1 <= tokens[0] <= 13):  # "You have Jack, Blackjack! ..."
            line.events.append(("natural", _who(low) or "you", str(tokens[0])))
        outcome = _outcome(low[low.index("blackjack"):] if line.events else low)
        if outcome:
            line.events.append(("outcome",) + outcome)
    else:
        card = _card(tokens) if "€" not in low else None
        outcome = _outcome(low)
        if card and _who(low):
            line.part = "cards"
            line.events.append(("card", _who(low)) + card)
        if outcome:
            line.part = line.part or "settling"
            line.free = outcome[0] == "push" or outcome[1] == "player bust"
            line.events.append(("outcome",) + outcome)


def read_replay(segments: list) -> list[ReadLine]:
    """A replay's lines (blank lines dropped), each with its part, its form and its events: ("round", number,
    money), ("start", money), ("card", who, name, value), ("natural", who, name), ("hit", answer), ("prompt",
    numbers, answer), ("message",), ("dealer_turn",), ("outcome", winner, how), ("end", "won" / "lost", money),
    ("welcome",), ("warning",), ("crash",). A line between two bet questions of a round is the message for a bet
    that is not allowed, ("message",), and one between two questions for another card ("hit message",) the message
    for an answer that is not y or n: their text is free. A line read as nothing has part "" (the format tests
    place it)."""
    rows = _lines_of(_checked(segments))
    for row in rows:
        _read(row)
    rounds = 0
    for row in rows:
        if row.events and row.events[0][0] == "round":
            rounds += 1
        row.round = rounds
    for kind, message, part in (("prompt", "message", "bet"), ("hit", "hit message", "cards")):
        asked = [i for i, row in enumerate(rows) if any(e[0] == kind for e in row.events)]
        for a, b in zip(asked, asked[1:]):
            between = rows[a + 1:b]
            if all(row.round == rows[a].round and not any(e[0] in ("card", "round", "natural") for e in row.events)
                   for row in between):
                for row in between:
                    row.part, row.free, row.events = part, True, [(message,)]
                if between:  # asked again after a message: the sheet shows no such line, so its text is free
                    rows[b].free = True
    return rows


def _checked(segments: Any) -> list:
    """Replay segments as sent back, checked: a list of ["p", str] and ["a", str, str or None]."""
    if not isinstance(segments, (list, tuple)):
        raise ValueError(f"replay segments are a list, not {type(segments).__name__}")
    for segment in segments:
        ok = isinstance(segment, (list, tuple)) and len(segment) >= 2 and isinstance(segment[1], str) and (
            (segment[0] == "p" and len(segment) == 2)
            or (segment[0] == "a" and len(segment) == 3 and (segment[2] is None or isinstance(segment[2], str))))
        if not ok:
            raise ValueError("a replay segment is ['p', text] or ['a', prompt, answer]")
    return list(segments)
