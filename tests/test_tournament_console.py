"""`python -m coursekit tournament`: replay seed 004's two sample transcripts with the same cards and answers."""

from __future__ import annotations

import io
import subprocess
import sys

from coursekit.cards import StackedDeck
from coursekit.console.tournament import main

# Seed 004, "Beispielausgabe 1", as the sheet prints it (its PDF wraps the bet prompt after "Press Enter"; the
# sheet renders >= and <= as the symbols). Rounds 1-3 keep the sheet's blank lines; round 4 is printed with a
# blank line after every line, an artefact of the PDF, so it is compared without blank lines.
TRANSCRIPT_1 = """\
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
"""
TRANSCRIPT_1_ROUND_4 = """\
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
CARDS_1 = ["5", "K", "6", "A", "2", "9", "10",  # round 1
           "10", "K", "A", "8",  # round 2
           "5", "J", "9", "J",  # round 3
           "7", "3", "10", "7", "2", "8"]  # round 4
ANSWERS_1 = ["20", "y", "50", "n", "", "n", "50", "y", "n"]

# "Beispielausgabe 2" (blank lines doubled by the PDF throughout; compared without them). It stops at round 3.
TRANSCRIPT_2 = """\
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
CARDS_2 = ["A", "J", "10", "5", "6", "A", "K", "4"]
ANSWERS_2 = ["50", "75", "y"]


def play(cards, answers) -> tuple[int, str]:
    out = io.StringIO()
    code = main([], stdin=io.StringIO("".join(a + "\n" for a in answers)), stdout=out, deck=StackedDeck(cards))
    return code, out.getvalue()


def lines(text: str) -> list[str]:
    return [line.rstrip() for line in text.splitlines() if line.strip()]


def test_replays_the_first_sample_transcript():
    code, text = play(CARDS_1, ANSWERS_1)
    assert code == 0
    produced = [line.rstrip() for line in text.splitlines()]
    expected = TRANSCRIPT_1.splitlines()
    assert produced[:len(expected)] == expected  # rounds 1-3 line for line, blank lines included
    assert lines("\n".join(produced[len(expected):])) == lines(TRANSCRIPT_1_ROUND_4)
    assert text.endswith("You have 210€, you at least doubled your money!\n")


def test_replays_the_second_sample_transcript_and_stops_cleanly_at_end_of_input():
    code, text = play(CARDS_2, ANSWERS_2)
    assert code == 0
    expected = lines(TRANSCRIPT_2)
    assert lines(text)[:len(expected)] == expected
    assert "Dealer has King, Blackjack!\nDealer won with Blackjack!\n" in text  # no blank line between these two
    assert "You have 4, hand value is 4." in text
    assert lines(text)[-1] == "Bye! You leave the tournament with 100.0€."


def test_bad_bets_and_answers_ask_again():
    code, text = play(["10", "6", "K", "7", "2"], ["five", "5", "200", "10", "maybe", "n"])
    assert code == 0
    assert text.count("How much do you want to bet?") == 5  # four in round 1, then round 2 meets end of input
    assert "Sorry, the bet must be a whole number of euros from 10 to 100, not 'five'." in text
    assert "from 10 to 100, not 200." in text
    assert "Please answer y or n." in text
    assert text.count("Do you want another card?") == 2
    assert "Dealer wins!" in text


def test_a_bust_loses_and_running_out_of_money_ends_the_tournament():
    code, text = play(["K", "6", "9", "K", "7"], ["100", "y"])
    assert "You have 9, hand value is 25." in text and "You busted, you lost!" in text
    assert "Dealer's turn" not in text
    assert lines(text)[-1] == "You have 0€ left, less than the minimal bet of 10€. You lost the tournament!"
    assert code == 0


def test_empty_input_exits_at_once():
    code, text = play(["5"], [])
    assert code == 0 and text.rstrip().endswith("Bye! You leave the tournament with 100€.")


def test_command_line_runs_with_a_seed():
    answers = "\n".join(["", "n"] * 3) + "\n"
    result = subprocess.run([sys.executable, "-m", "coursekit", "tournament", "--seed", "3"], input=answers,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("*** WELCOME TO BLACKJACK ***")
    again = subprocess.run([sys.executable, "-m", "coursekit", "tournament", "--seed", "3"], input=answers,
                           capture_output=True, text=True, timeout=60)
    assert again.stdout == result.stdout
