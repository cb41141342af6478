"""`python -m coursekit tournament [--seed N]`: seed 004's 100 EUR blackjack tournament in the terminal.

The prompts and lines are those of the exercise sheet's two sample transcripts. A bad bet or answer asks again;
end of input (Ctrl-D, or the end of piped input) leaves the tournament cleanly. When input is piped, the answers
are echoed, so the output reads like the terminal session.
"""

from __future__ import annotations

import argparse
import sys
from typing import Optional, TextIO

from coursekit.blackjack import hand_total, hard_total
from coursekit.cards import EmptyShoeError, InfiniteDeck
from coursekit.tournament import START, Tournament, money


class EndOfInput(Exception):
    """The input ended: leave the tournament."""


class TournamentConsole:
    """The game loop, with the card source, input and output passed in (tests replay transcripts with it)."""

    def __init__(self, game: Tournament, stdin: TextIO, stdout: TextIO, echo: bool = False) -> None:
        self.game, self.stdin, self.out, self.echo = game, stdin, stdout, echo

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")

    def ask(self, prompt: str) -> str:
        """Write the prompt, read one line; EndOfInput when the input is over."""
        self.out.write(prompt)
        self.out.flush()
        line = self.stdin.readline()
        if not line:
            raise EndOfInput
        answer = line.rstrip("\r\n")
        if self.echo:
            self.out.write(answer + "\n")
        return answer.strip()

    def run(self) -> int:
        game = self.game
        self.say("*** WELCOME TO BLACKJACK ***")
        self.say()
        self.say(f"You have {money(game.bankroll)} in your pocket. Try to double it!")
        self.say("You will lose if you have no money left")
        try:
            while not game.over:
                self.play_round()
        except EndOfInput:
            self.say()
            self.say(f"Bye! You leave the tournament with {money(game.bankroll)}.")
            return 0
        except EmptyShoeError:  # only a fixed card source (a replay) runs out
            self.say()
            self.say(f"No cards left. You leave the tournament with {money(game.bankroll)}.")
            return 0
        self.say()
        if game.won:
            self.say(f"You have {money(game.bankroll)}, you at least doubled your money!")
        else:
            self.say(f"You have {money(game.bankroll)} left, less than the minimal bet of {money(game.min_bet)}. "
                     f"You lost the tournament!")
        return 0

    def play_round(self) -> None:
        game = self.game
        self.say()
        self.say(f"*** ROUND {game.round + 1}, you have {money(game.bankroll)} left.")
        self.say()
        card = game.start_round()
        self.say(f"You have {card.name}, hand value is {hand_total(game.player.cards)}.")
        prompt = (f"How much do you want to bet? Bet must be ≥ {money(game.min_bet)} and ≤ {money(game.bankroll)}. "
                  f"Press Enter for minimal bet. ")
        while True:
            answer = self.ask(prompt)
            try:
                game.check_bet(answer)
                break
            except ValueError as error:
                self.say(f"Sorry, {error}.")
        card = game.place_bet(answer)
        if game.result == "blackjack":
            self.say(f"You have {card.name}, Blackjack! You won with Blackjack!")
            return
        while game.phase == "player":
            line = f"You have {card.name}, hand value is {hand_total(game.player.cards)}."
            answer = self.ask(line + " Do you want another card? (y/n) ").lower()
            if answer in ("y", "yes"):
                card = game.hit()
                if game.phase != "player":  # busted, or 21 and the dealer has played
                    value = game.player.total if game.player.total is not None else hard_total(game.player.cards)
                    self.say(f"You have {card.name}, hand value is {value}.")
            elif answer in ("n", "no"):
                self.say()
                game.stand()
            else:
                self.say("Please answer y or n.")
        if game.result == "bust":
            self.say("You busted, you lost!")
            return
        self.say("Dealer's turn...")
        for i, card in enumerate(game.dealer.cards, start=1):
            if i == 2 and game.dealer.blackjack:
                self.say(f"Dealer has {card.name}, Blackjack!")
            else:
                value = hand_total(game.dealer.cards[:i])
                value = value if value is not None else hard_total(game.dealer.cards[:i])
                self.say(f"Dealer has {card.name}, hand value is {value}.")
        self.say({"dealer_blackjack": "Dealer won with Blackjack!", "dealer_bust": "Dealer busted, you won!",
                  "win": "You win!", "lose": "Dealer wins!",
                  "push": "Standoff! You get your bet back."}[game.result])


def main(argv: Optional[list[str]] = None, stdin: Optional[TextIO] = None, stdout: Optional[TextIO] = None,
         deck=None) -> int:
    """Run the tournament; `deck` (anything with .draw()) replaces the random cards, e.g. for replays."""
    parser = argparse.ArgumentParser(prog="python -m coursekit tournament",
                                     description="Seed 004's blackjack tournament: double your 100€.")
    parser.add_argument("--seed", type=int, default=None, help="seed for reproducible cards")
    parser.add_argument("--start", type=int, default=START, help="starting money in euros (default 100)")
    args = parser.parse_args([] if argv is None else argv)
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    game = Tournament(start=args.start, deck=deck if deck is not None else InfiniteDeck(args.seed))
    echo = not (hasattr(stdin, "isatty") and stdin.isatty())
    return TournamentConsole(game, stdin, stdout, echo=echo).run()
