"""`python -m coursekit baccarat`: source text 001's Punto Banco in the terminal, with stakes and a bankroll.

The source's script prints the deal, the third cards and the result; its welcome text promises a stake on the
player or the banker. Here you stake the player (1:1), the banker (1:1 less 5% commission) or a tie (8 to 1;
player and banker bets push on a tie) from a bankroll. An 8-deck shoe with a cut card: when it comes out, one
more coup is dealt, then a new shoe. Bad answers re-prompt; Q or end of input ends the game with a summary.
"""

from __future__ import annotations

import argparse
import sys
from fractions import Fraction
from typing import Callable, Optional, TextIO

from coursekit.baccarat import BaccaratShoe, Coup, banker_draws, hand_value, play_coup
from coursekit.cards import Card
from coursekit.console import input_stream, quoted, seed_argument

WELCOME = """Welcome to Baccarat. You can choose to either stake the player or banker to win this game,
or a tie. Remember, face cards are worthless and all point values are modulo 10, with '9' the
best possible hand value. We're using Punto Banco rules with this simulation: the banker pays
even money less 5% commission, a tie pays 8 to 1."""
BETS = {"p": "player", "b": "banker", "t": "tie"}
COMMISSION = Fraction(5, 100)
TIE_PAYS = 8


class Quit(Exception):
    """The player typed Q or the input ended."""


def card_name(card: Card) -> str:
    """A card as the seed prints it: "6 of Clubs", "King of Spades"."""
    return f"{card.name} of {card.suit}s"


def money(amount: Fraction) -> str:
    """An amount with cents only when it has them: 100, 109.50."""
    return f"{int(amount)}" if amount.denominator == 1 else f"{float(amount):.2f}"


def payout(bet: str, stake: Fraction, outcome: str) -> Fraction:
    """What a stake wins (positive) or loses (negative) on a coup's outcome."""
    if outcome == "tie":
        return stake * TIE_PAYS if bet == "tie" else Fraction(0)
    if bet != outcome:
        return -stake
    return stake * (1 - COMMISSION) if bet == "banker" else stake


def coup_lines(coup: Coup) -> list[str]:
    """The source's transcript lines for one coup."""
    p, b = coup.player, coup.banker
    lines = [
        f"** Player was dealt: {card_name(p[0])}, {card_name(p[1])} (hand value = {hand_value(p[:2])})",
        f"** Banker was dealt: {card_name(b[0])}, {card_name(b[1])} (hand value = {hand_value(b[:2])})",
        "",
    ]
    if coup.natural:
        if min(hand_value(p), hand_value(b)) >= 8:
            lines.append("Player and banker both have a natural: no more cards.")
        else:
            lines.append(f"{'Player' if hand_value(p) >= 8 else 'Banker'} has a natural: no more cards.")
    if coup.player_drew:
        lines.append(f"Player takes a card: {card_name(p[2])} (hand value = {coup.player_total})")
    if coup.banker_drew:
        lines.append(f"Banker takes a card: {card_name(b[2])} (hand value = {coup.banker_total})")
    if coup.player_drew or coup.banker_drew or coup.natural:
        lines.append("")
    result = {"player": "Player wins", "banker": "Banker wins", "tie": "Tie (égalité)"}[coup.outcome]
    lines.append(f"Play is complete. {result}")
    return lines


class BaccaratConsole:
    """The game loop: ask for a bet and a stake, deal a coup, settle it, until Q, end of input or no money."""

    def __init__(self, shoe, read_line: Callable[[], Optional[str]], out: TextIO, bankroll: int = 100,
                 echo: bool = False, rule=banker_draws) -> None:
        self.shoe, self.read_line, self.out, self.echo, self.rule = shoe, read_line, out, echo, rule
        self.start = self.bankroll = Fraction(bankroll)
        self.coups = 0

    def say(self, text: str = "") -> None:
        """Print a line."""
        print(text, file=self.out)

    def ask(self, prompt: str) -> str:
        """Prompt and read one answer; raise Quit at end of input or on Q."""
        print(prompt, end="", file=self.out, flush=True)
        line = self.read_line()
        if line is None:
            print(file=self.out)
            raise Quit
        answer = line.strip()
        if self.echo:
            print(answer, file=self.out)
        if answer.lower() in ("q", "quit"):
            raise Quit
        return answer

    def ask_bet(self) -> str:
        """Player, banker or tie, re-prompting until the answer is one of them."""
        while True:
            answer = self.ask("Stake the [P]layer, the [B]anker or a [T]ie ([Q] to quit): ")
            word = answer.lower()
            if word[:1] in BETS and word in (word[:1], BETS[word[:1]]):
                return BETS[word[:1]]
            self.say(f"Please answer P, B, T or Q (not {quoted(answer)}).")

    def ask_stake(self) -> Fraction:
        """A whole amount from 1 to the bankroll, re-prompting until it is one."""
        most = int(self.bankroll)
        while True:
            answer = self.ask(f"How much (1-{most})? ")
            if answer.isascii() and answer.isdigit() and len(answer) <= len(str(most)) \
                    and 1 <= int(answer) <= most:  # not '²' or '٣'; no int() of a pasted 5000 digits
                return Fraction(int(answer))
            self.say(f"Please enter a whole number from 1 to {most} (not {quoted(answer)}).")

    def play_round(self) -> None:
        """One coup: bet, stake, deal, settle."""
        if self.coups == 0:  # later rounds: the last line of the previous coup already said it
            self.say(f"Bankroll: {money(self.bankroll)}")
        bet = self.ask_bet()
        stake = self.ask_stake()
        if getattr(self.shoe, "start_coup", None) and self.shoe.start_coup():
            self.say(f"The cut card came out: shuffling a new {self.shoe.decks}-deck shoe ...")
        coup = play_coup(self.shoe, rule=self.rule)
        self.say()
        for line in coup_lines(coup):
            self.say(line)
        won = payout(bet, stake, coup.outcome)
        self.bankroll += won
        self.coups += 1
        verdict = f"You win {money(won)}" if won > 0 else f"You lose {money(-won)}" if won < 0 else "Push"
        self.say(f"{verdict} on the {bet}. Bankroll: {money(self.bankroll)}")
        self.say()

    def run(self) -> None:
        """Welcome, then coups until Q, end of input or an empty bankroll; then a summary."""
        self.say(WELCOME)
        self.say()
        try:
            while self.bankroll >= 1:
                self.play_round()
            self.say("You are out of money.")
        except (Quit, KeyboardInterrupt):
            self.say()
        change = self.bankroll - self.start
        self.say(f"You played {self.coups} coup(s); your bankroll is {money(self.bankroll)} "
                 f"({'+' if change >= 0 else '-'}{money(abs(change))}). Au revoir!")


def parse_args(argv: list[str]) -> argparse.Namespace:
    """The command line: --seed, --decks and --bankroll."""
    parser = argparse.ArgumentParser(prog="python -m coursekit baccarat",
                                     description="Punto Banco baccarat in the terminal (source text 001).")
    parser.add_argument("--seed", type=seed_argument, default=None,
                        help="seed for the shuffle, a whole number 0 or more (default: random)")
    parser.add_argument("--decks", type=int, default=8, help="packs in the shoe (default 8)")
    parser.add_argument("--bankroll", type=int, default=100, help="money to start with (default 100)")
    return parser.parse_args(argv)


def main(argv: Optional[list[str]] = None) -> int:
    """Run the console game; 0 on a normal end, 2 on bad arguments."""
    args = parse_args(sys.argv[1:] if argv is None else argv)
    try:
        if args.bankroll < 1:
            raise ValueError(f"bankroll must be 1 or more, not {args.bankroll}")
        shoe = BaccaratShoe(args.decks, seed=args.seed)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2

    stdin = input_stream(sys.stdin)

    def read_line() -> Optional[str]:
        line = stdin.readline()
        return line if line else None

    BaccaratConsole(shoe, read_line, sys.stdout, bankroll=args.bankroll, echo=not stdin.isatty()).run()
    return 0
