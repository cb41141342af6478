"""`python -m coursekit tournament [--seed N] [--advice]`: source text 004's 100 EUR blackjack tournament.

The prompts and lines are those of the exercise sheet's two sample transcripts. A bad bet or answer asks again;
q at any question, Ctrl-C or end of input (Ctrl-D, or the end of piped input) leaves the tournament cleanly, with
no traceback (on a terminal the welcome says so; piped sessions keep the transcripts' lines). When input is
piped, the answers are echoed, so the output reads like the terminal session. With `--advice`, lines starting
"Advice:" give the exactly optimal bet and hit/stand (coursekit.tournament.optimal_strategy) and the chance to
win behind them; the hit question then comes on a line of its own.
"""

from __future__ import annotations

import argparse
import sys
from typing import Optional, TextIO

from coursekit.blackjack import hand_total, hard_total
from coursekit.cards import EmptyShoeError, InfiniteDeck
from coursekit.console import input_stream, seed_argument
from coursekit.tournament import MAX_MONEY, MIN_BET, START, Tournament, TournamentStrategy, money, optimal_strategy
from coursekit.tournament_decision import decision_of, kind_of


class EndOfInput(Exception):
    """The input ended, or the player typed q: leave the tournament."""


QUIT_ANSWERS = ("q", "quit")
QUIT_HINT = "Type q at any question to leave the tournament."


class TournamentConsole:
    """The game loop, with the card source, input and output passed in (tests replay transcripts with it)."""

    def __init__(self, game: Tournament, stdin: TextIO, stdout: TextIO, echo: bool = False,
                 advice: Optional[TournamentStrategy] = None) -> None:
        self.game, self.stdin, self.out, self.echo, self.advice = game, stdin, stdout, echo, advice

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
        if answer.strip().lower() in QUIT_ANSWERS:
            raise EndOfInput
        return answer.strip()

    def run(self) -> int:
        game = self.game
        self.say("*** WELCOME TO BLACKJACK ***")
        self.say()
        self.say(f"You have {money(game.bankroll)} in your pocket. Try to double it!")
        self.say("You will lose if you have no money left")
        if not self.echo:  # a terminal: say how to leave (piped sessions keep the transcripts' lines)
            self.say(QUIT_HINT)
        try:
            while not game.over:
                self.play_round()
        except (EndOfInput, KeyboardInterrupt):  # q, end of input, Ctrl-C: no traceback
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
        if self.advice is not None:
            self.say(f"Advice: with best play your chance to win the tournament is "
                     f"{self.advice.chance(game.bankroll):.1%}.")
        card = game.start_round()
        self.say(f"You have {card.name}, hand value is {hand_total(game.player.cards)}.")
        if self.advice is not None:
            self.say(advise(self.advice, decision_of(game)))
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
        advised = 0  # cards in hand when the last advice was given
        while game.phase == "player":
            line = f"You have {card.name}, hand value is {hand_total(game.player.cards)}."
            if self.advice is not None:
                if advised != len(game.player):
                    self.say(line)
                    self.say(advise(self.advice, decision_of(game)))
                    advised = len(game.player)
                line = ""
            answer = self.ask((line + " " if line else "") + "Do you want another card? (y/n) ").lower()
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


def advise(strategy: TournamentStrategy, decision: dict) -> str:
    """The advice line for a decision (coursekit.tournament_decision): the strategy's answer and the chances behind it.

    After the first card: the best bet and the chance to win with it; before the hit question: hit or stand, and the
    chance to win either way.
    """
    move = strategy.decide(decision)
    bankroll = decision["bankroll"]
    if kind_of(decision) == "bet":
        card = decision["first_card"]
        best = strategy.chance_after_card(bankroll, card)
        if move == strategy.min_bet:
            return f"Advice: bet {money(move)}, the minimum (chance to win {best:.1%})."
        return (f"Advice: bet {money(move)} (chance to win {best:.1%}; the minimum bet would give "
                f"{strategy.chance_of_bet(bankroll, card, strategy.min_bet):.1%}).")
    options = strategy.hand_options(bankroll, decision["bet"], decision["cards"])
    return (f"Advice: {'hit' if move else 'stand'} (chance to win if you stand {options['stand']:.1%}, "
            f"if you take a card {options['hit']:.1%}).")


def main(argv: Optional[list[str]] = None, stdin: Optional[TextIO] = None, stdout: Optional[TextIO] = None,
         deck=None) -> int:
    """Run the tournament; `deck` (anything with .draw()) replaces the random cards, e.g. for replays."""
    parser = argparse.ArgumentParser(prog="python -m coursekit tournament",
                                     description="Source text 004's blackjack tournament: double your 100€. "
                                                 "Type q at any question (or press Ctrl-C) to leave.")
    parser.add_argument("--seed", type=seed_argument, default=None,
                        help="seed for reproducible cards, a whole number 0 or more")
    parser.add_argument("--start", type=int, default=START,
                        help=f"starting money in euros, at least the minimal bet of {MIN_BET} (default {START}; "
                             "the goal is twice the start)")
    parser.add_argument("--advice", action="store_true",
                        help="show the exactly optimal bet and hit/stand, with the chance to win, each round")
    args = parser.parse_args([] if argv is None else argv)
    stdin = input_stream(sys.stdin) if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    if not MIN_BET <= args.start <= MAX_MONEY // 2:
        parser.error(f"argument --start: the starting money must be from the minimal bet of {MIN_BET}€ to "
                     f"{MAX_MONEY // 2:,}€ (the goal is twice the start), not {args.start}")
    try:
        game = Tournament(start=args.start, deck=deck if deck is not None else InfiniteDeck(args.seed))
    except ValueError as error:  # e.g. a negative --seed
        parser.error(str(error))
    echo = not (hasattr(stdin, "isatty") and stdin.isatty())
    advice = None
    if args.advice:
        try:
            advice = optimal_strategy(start=args.start)
        except ValueError as error:
            parser.error(f"--advice: {error}")
        except KeyboardInterrupt:  # Ctrl-C while the optimal strategy is solved
            stdout.write("\nBye!\n")
            return 130
    return TournamentConsole(game, stdin, stdout, echo=echo, advice=advice).run()
