"""Seed 004's two sample transcripts (Beispielausgabe 1 and 2) as data: the sheet's lines, the cards, the answers.

The sheet's PDF breaks the bet prompt after "Press Enter" and doubles blank lines in places, so transcripts are
compared line by line without blank lines, trailing spaces ignored (`lines`, `first_difference`). Transcript 2
stops in round 3 ("..."): a replay matches it as far as it goes.
"""

from __future__ import annotations

from typing import Optional

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


def first_difference(produced: str, expected: str) -> Optional[tuple[int, str, str]]:
    """None when `produced` starts with every line of `expected` (as `lines` compares them); else the first
    difference as (line number from 1, expected line, produced line or "(no more lines)")."""
    mine, theirs = lines(produced), lines(expected)
    for number, want in enumerate(theirs, start=1):
        got = mine[number - 1] if number <= len(mine) else "(no more lines)"
        if got != want:
            return number, want, got
    return None
