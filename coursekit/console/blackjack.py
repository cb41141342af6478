"""`python -m coursekit blackjack`: source text 000's terminal blackjack against a Las Vegas dealer, in Python.

A 4-deck shoe, reshuffled when fewer than 52 cards remain; the dealer shows one card; the player answers a line:
h or hit, s or stand, q or quit, then Enter -- the convention of the baccarat and tournament consoles (source text 000
read single key presses; typed words and habitual Enters then turned into one complaint a letter). Anything
else asks again, once per line. A hand of 21 stands by itself: there is nothing better to do, so nothing is asked.
A natural is settled at once, as in a casino and in the lesson 02 table widget: no hit, no dealer draw, 1.5 or a
push (source text 000 asked and let the dealer draw, and its score() paid a natural 1 against a busting dealer).
Colour on a terminal. Each round prints the score and the running total; q or end of input prints a summary.
"""

from __future__ import annotations

import argparse
import sys
from typing import Callable, Optional, TextIO

from coursekit.blackjack import Hand, dealer_should_draw
from coursekit.cards import EmptyShoeError, Shoe
from coursekit.console import input_stream, quoted, seed_argument

RESHUFFLE_BELOW = 52
BOLD, RED, BLUE, RESET = "\033[1m", "\033[31m", "\033[34m", "\033[0m"
PROMPT = "([H]it/[S]tand/[Q]uit) "
ANSWERS = {"h": "h", "hit": "h", "s": "s", "stand": "s", "q": "q", "quit": "q"}
HELP = "Please type h (hit), s (stand) or q (quit)"
INTRO = """Blackjack against a Las Vegas dealer (source text 000's game), 4-deck shoe.
Each line is a hand: D[...] is the dealer's, P[...] yours. In the brackets:
its value (the best total, "soft" while an ace still counts 11, Blackjack or
Busted), then its cards. The dealer shows one card until you stand, then
draws below 17. Type h (hit: take a card), s (stand) or q (quit), then Enter.
A hand of 21 stands by itself.
"""  # under 80 characters a line: a terminal's default width


class Quit(Exception):
    """The player typed q or the input ended."""


def read_line_from(stream: TextIO) -> Optional[str]:
    """Read one answer line (a terminal or piped input); None at end of input."""
    line = stream.readline()
    return line if line else None


def format_number(x: float) -> str:
    """1.5 stays 1.5, 1.0 prints as 1."""
    return f"{x:g}"


class BlackjackConsole:
    """The game loop of source text 000's `blackjack` script, with input and output passed in.

    `read_line()` returns the next answer line, or None when the input ended. `echo` repeats each answer after the
    prompt (piped input, so the output reads like a terminal session).
    """

    def __init__(self, shoe: Shoe, read_line: Callable[[], Optional[str]], out: TextIO,
                 colour: bool = False, reshuffle_below: int = RESHUFFLE_BELOW, echo: bool = True) -> None:
        self.shoe, self.read_line, self.out, self.colour = shoe, read_line, out, colour
        self.reshuffle_below, self.echo = reshuffle_below, echo
        self.total = 0.0
        self.rounds = 0

    def show(self, colour: str, who: str, hand: Hand) -> None:
        """The source's P(): who, the hand's value in brackets, then its cards."""
        label = f"{who}[{hand.describe()}]"
        if self.colour:
            label = f"{BOLD}{colour}{label}{RESET}"
        print(f"{label}: {hand}", file=self.out)

    def ask(self) -> str:
        """Ask h/s/q until an answer line is one of them; raise Quit on q or end of input."""
        while True:
            print(PROMPT, end="", file=self.out, flush=True)
            line = self.read_line()
            if line is None:
                raise Quit
            answer = line.strip()
            if self.echo:
                print(answer, file=self.out)
            move = ANSWERS.get(answer.lower())
            if move == "q":
                raise Quit
            if move is not None:
                return move
            if not answer:  # a bare Enter: ask again, with the help
                print(f"{HELP}.", file=self.out)
                continue
            print(f"{HELP}, not {quoted(answer)}.", file=self.out)

    def play_round(self) -> float:
        """One round: deal, let the player hit or stand, let the dealer play, score it."""
        if self.shoe.remaining < self.reshuffle_below:
            print("Shuffling ...", file=self.out)
            self.shoe.reshuffle()
        player, dealer = Hand(), Hand()
        dealer.draw(self.shoe)
        self.show(RED, "D", dealer)
        dealer.draw(self.shoe)
        player.draw(self.shoe)
        player.draw(self.shoe)
        # a natural is settled at once and 21 stands by itself: nothing to ask
        while not player.busted and not player.blackjack and player.total != 21:
            self.show(BLUE, "P", player)
            if self.ask() == "s":
                break
            player.draw(self.shoe)
        self.show(BLUE, "P", player)
        if player.total == 21 and not player.blackjack:
            print("21: you stand (no card can make it better).", file=self.out)
        while not player.blackjack and dealer_should_draw(dealer.cards):  # no drawing against a natural
            self.show(RED, "D", dealer)
            dealer.draw(self.shoe)
        self.show(RED, "D", dealer)
        score = player.settle(dealer)
        self.total += score
        self.rounds += 1
        print(f"Score: {format_number(score)}, Total: {format_number(self.total)}\n", file=self.out)
        return score

    def run(self) -> None:
        """Play rounds until the player quits or input ends, then print a summary."""
        try:
            while True:
                self.play_round()
        except (Quit, KeyboardInterrupt):
            print(file=self.out)
        except EmptyShoeError:
            print("The shoe is empty.", file=self.out)
        print(f"You played {self.rounds} round(s); your total is {format_number(self.total)}. Good luck!",
              file=self.out)


def parse_args(argv: list[str]) -> argparse.Namespace:
    """The command line: --seed and --decks."""
    parser = argparse.ArgumentParser(prog="python -m coursekit blackjack",
                                     description="Blackjack against a Las Vegas dealer (source text 000).")
    parser.add_argument("--seed", type=seed_argument, default=None,
                        help="seed for the shuffle, a whole number 0 or more (default: random)")
    parser.add_argument("--decks", type=int, default=4, help="packs in the shoe (default 4)")
    parser.add_argument("--colour", choices=["auto", "always", "never"], default="auto",
                        help="coloured output (default: on a terminal)")
    return parser.parse_args(argv)


def main(argv: Optional[list[str]] = None) -> int:
    """Run the console game; 0 on a normal end, 2 on bad arguments."""
    args = parse_args(sys.argv[1:] if argv is None else argv)
    try:
        shoe = Shoe(args.decks, seed=args.seed)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    colour = {"always": True, "never": False}.get(args.colour, sys.stdout.isatty())

    stdin = input_stream(sys.stdin)

    def read_line() -> Optional[str]:
        return read_line_from(stdin)

    print(INTRO.replace("4-deck shoe", f"{args.decks}-deck shoe"), file=sys.stdout)  # the D[..]/P[..] lines
    BlackjackConsole(shoe, read_line, sys.stdout, colour=colour, echo=not stdin.isatty()).run()
    return 0
