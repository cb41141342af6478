"""`python -m coursekit blackjack`: source text 000's terminal blackjack against a Las Vegas dealer, in Python.

A 4-deck shoe, reshuffled when fewer than 52 cards remain; the dealer shows one card; the player presses
H (hit), S (stand) or Q (quit) -- a single key press on a terminal, one line per answer when input is piped.
A natural is settled at once, as in a casino and in the lesson 02 table widget: no hit, no dealer draw, 1.5 or a
push (seed 000 asked and let the dealer draw, and its score() paid a natural 1 against a busting dealer).
Colour on a terminal. Each round prints the score and the running total; Q or end of input prints a summary.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Callable, Optional, TextIO

from coursekit.blackjack import Hand, dealer_should_draw
from coursekit.cards import EmptyShoeError, Shoe

RESHUFFLE_BELOW = 52
BOLD, RED, BLUE, RESET = "\033[1m", "\033[31m", "\033[34m", "\033[0m"
PROMPT = "([H]it/[S]tand/[Q]uit) "
ERASE_LINE = "\r\033[K"  # back to the line's start and clear it: a redrawn line leaves no prompt behind
INTRO = """Blackjack against a Las Vegas dealer (source text 000's game), 4-deck shoe.
Each line is a hand: D[...] is the dealer's, P[...] yours. In the brackets:
its value (the best total, "soft" while an ace still counts 11, Blackjack or
Busted), then its cards. The dealer shows one card until you stand, then
draws below 17. Press H to hit (take a card), S to stand, Q to quit.
"""  # under 80 characters a line: a terminal's default width


class Quit(Exception):
    """The player pressed Q or the input ended."""


def read_key_from_terminal(stream: TextIO) -> Optional[str]:
    """Read one key press without Enter (raw mode); None at end of input."""
    import termios
    import tty

    fd = stream.fileno()
    saved = termios.tcgetattr(fd)
    try:
        tty.setcbreak(fd, termios.TCSANOW)  # TCSANOW keeps a key pressed before we got here
        key = os.read(fd, 1).decode(errors="replace")
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
    return None if key in ("", "\x04") else key  # Ctrl-D ends the game like end of input


def read_key_from_lines(stream: TextIO) -> Optional[str]:
    """Read one answer per line (piped input); None at end of input."""
    line = stream.readline()
    if not line:
        return None
    return line.strip()[:1] or "\n"  # an empty line is an Enter


def format_number(x: float) -> str:
    """1.5 stays 1.5, 1.0 prints as 1."""
    return f"{x:g}"


class BlackjackConsole:
    """The game loop of seed 000's `blackjack` script, with input and output passed in."""

    def __init__(self, shoe: Shoe, read_key: Callable[[], Optional[str]], out: TextIO,
                 colour: bool = False, reshuffle_below: int = RESHUFFLE_BELOW) -> None:
        self.shoe, self.read_key, self.out, self.colour = shoe, read_key, out, colour
        self.reshuffle_below = reshuffle_below
        self.total = 0.0
        self.rounds = 0

    def show(self, colour: str, who: str, hand: Hand) -> None:
        """The seed's P(): who, the hand's value in brackets, then its cards."""
        label = f"{who}[{hand.describe()}]"
        if self.colour:
            label = f"{BOLD}{colour}{label}{RESET}"
        print(f"{label}: {hand}", file=self.out)

    def ask(self) -> str:
        """Ask H/S/Q until a valid key comes; raise Quit on Q or end of input."""
        while True:
            print(PROMPT, end="", file=self.out, flush=True)
            key = self.read_key()
            print(ERASE_LINE if self.colour else "", end="", file=self.out)
            if key is None:
                raise Quit
            key = key.lower()
            if key in ("h", "s"):
                if not self.colour:
                    print(key.upper(), file=self.out)
                return key
            if key == "q":
                if not self.colour:
                    print("Q", file=self.out)
                raise Quit
            shown = f" (not {key!r})" if key.isprintable() and not key.isspace() else ""  # Enter: just ask again
            print(f"Please press H to hit, S to stand or Q to quit{shown}.", file=self.out)

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
        while not player.busted and not player.blackjack:  # a natural is settled at once: nothing to ask
            self.show(BLUE, "P", player)
            if self.ask() == "s":
                break
            player.draw(self.shoe)
        self.show(BLUE, "P", player)
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
    parser.add_argument("--seed", type=int, default=None, help="seed for the shuffle (default: random)")
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
    interactive = sys.stdin.isatty()
    colour = {"always": True, "never": False}.get(args.colour, sys.stdout.isatty())
    if interactive:
        def read_key() -> Optional[str]:
            return read_key_from_terminal(sys.stdin)
    else:
        def read_key() -> Optional[str]:
            return read_key_from_lines(sys.stdin)
    print(INTRO.replace("4-deck shoe", f"{args.decks}-deck shoe"), file=sys.stdout)  # the D[..]/P[..] lines
    BlackjackConsole(shoe, read_key, sys.stdout, colour=colour).run()
    return 0
