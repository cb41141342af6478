"""Exercise 10: honest variety. Three correct tournament programs, written independently of the worked solution and of
each other (recursion against loops, other names and method structure, other spacing and the spellings the exercise
forgives), each score every automatic point: in this process as check() grades, and in the grading sandbox."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from coursekit.grading import questions
from coursetools.nbio import nbformat
from coursekit.grading.runner import run_question
from notebook_cells import run_cells

ROOT = Path(__file__).resolve().parents[1]
NAME = "10_exercises_playing_to_win.ipynb"  # what a learner hands in
SOLUTION = ROOT / "solutions" / "10_solutions_playing_to_win.ipynb"
CLASS_CELL = "class TournamentGame"
HAND_CELL = "def hand_gain("

# --- variant 1: recursion everywhere, money in cents, "EUR" and ">=", aces from all possible totals ----------------
RECURSIVE = r'''
import random as _random

NAMES = ["", "Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King"]


def euros(cents):
    """120 EUR as 120, 122.50 EUR as 122.5."""
    return str(cents // 100) if cents % 100 == 0 else str(cents / 100)


class TournamentGame:
    def __init__(self, cards=None, ask=input):
        self.cards = cards if cards is not None else iter(lambda: _random.randint(1, 13), None)
        self.ask = ask
        self.cents = 100_00
        self.number = 0

    # the sheet's four methods
    def InitializeGame(self):
        self.number += 1
        self.mine, self.theirs, self.stake = [], [], 0

    def HandoutRandomCard(self, cards):
        card = next(self.cards)
        cards.append(card)
        return NAMES[card]

    def PrintCard(self, text, ending="\n"):
        print(text, end=ending)

    def AskForBet(self, message=None):
        if message:
            print(message)
        reply = self.ask(f"How much do you want to bet? Bet must be >= 10 EUR and <= {euros(self.cents)} EUR. "
                         "Press Enter for minimal bet. ").strip()
        if not reply:
            return 10_00
        if not reply.isdecimal():
            return self.AskForBet("That is not a number of euros.")
        if int(reply) * 100 < 10_00:
            return self.AskForBet("That is less than the minimal bet.")
        if int(reply) * 100 > self.cents:
            return self.AskForBet("You do not have that much money.")
        return int(reply) * 100

    # the rest, recursive
    @staticmethod
    def totals(cards, partial=(0,)):
        """Every total the cards can make, each ace as 1 or 11."""
        if not cards:
            return set(partial)
        value = min(cards[0], 10)
        options = (1, 11) if value == 1 else (value,)
        return TournamentGame.totals(cards[1:], tuple(p + o for p in partial for o in options))

    def value(self, cards):
        fitting = [t for t in self.totals(cards) if t <= 21]
        return max(fitting) if fitting else min(self.totals(cards))

    def natural(self, cards):
        return len(cards) == 2 and self.value(cards) == 21

    def another(self, card):
        reply = self.ask(f"You have {card}, hand value is {self.value(self.mine)}. "
                         "Do you want another card? (y/n) ").strip().lower()
        if reply in ("y", "n"):
            return reply == "y"
        print("Answer with y or n, please.")
        return self.another(card)

    def hits(self, card):
        """The player's cards after the second; False when the round is already decided."""
        if self.value(self.mine) >= 21:
            self.PrintCard(f"You have {card}, hand value is {self.value(self.mine)}.")
            if self.value(self.mine) > 21:
                print("Too many! You lose your bet.")
                self.cents -= self.stake
                return False
            return True
        if not self.another(card):
            return True
        return self.hits(self.HandoutRandomCard(self.mine))

    def dealer(self):
        if self.value(self.theirs) > 16:
            return
        card = self.HandoutRandomCard(self.theirs)
        if self.natural(self.theirs):
            self.PrintCard(f"Dealer has {card}, Blackjack!")
        else:
            self.PrintCard(f"Dealer has {card}, hand value is {self.value(self.theirs)}.")
        self.dealer()

    def settle(self):
        me, house = self.value(self.mine), self.value(self.theirs)
        if self.natural(self.theirs):
            print("Dealer won with Blackjack!")
            self.cents -= self.stake
        elif house > 21:
            print("Dealer busted, you won!")
            self.cents += self.stake
        elif house == me:
            print("Nobody wins, you keep your bet.")
        elif house > me:
            print("Dealer wins!")
            self.cents -= self.stake
        else:
            print("You win!")
            self.cents += self.stake

    def round(self):
        if not 10_00 <= self.cents < 200_00:
            return
        self.InitializeGame()
        print(f"\n*** ROUND {self.number}, you have {euros(self.cents)} EUR left.\n")
        self.PrintCard(f"You have {self.HandoutRandomCard(self.mine)}, hand value is {self.value(self.mine)}.")
        self.stake = self.AskForBet()
        card = self.HandoutRandomCard(self.mine)
        if self.natural(self.mine):
            print(f"You have {card}, Blackjack! You won with Blackjack!")
            self.cents += self.stake * 3 // 2
        elif self.hits(card):
            print("Dealer's turn...")
            self.dealer()
            self.settle()
        self.round()

    def Play(self):
        print("*** WELCOME TO BLACKJACK ***\n")
        print("You have 100 EUR in your pocket. Try to double it!")
        print("You will lose if you have no money left")
        self.round()
        if self.cents >= 200_00:
            print(f"\nYou have {euros(self.cents)} EUR, you at least doubled your money!")
        else:
            print(f"\nGame over: {euros(self.cents)} EUR is less than the minimal bet.")
'''

# --- variant 2: loops, snake_case helpers behind the sheet's methods, floats, "Euro", extra spaces and lines -------
LOOPS = r'''
import random


class TournamentGame:
    FACES = {1: "Ace", 11: "Jack", 12: "Queen", 13: "King"}

    def __init__(self, cards=None, ask=None):
        self.cards = cards
        self.ask = ask or input
        self.money = 100.0

    def InitializeGame(self):
        self.player_cards, self.dealer_cards = [], []

    def HandoutRandomCard(self, hand):
        number = next(self.cards) if self.cards is not None else random.randint(1, 13)
        hand.append(10 if number > 10 else 11 if number == 1 else number)
        return self.FACES.get(number, str(number))

    def PrintCard(self, who, name, hand, question=False):
        line = f"{who} {name}, hand value is {self.hand_value(hand)}."
        if question:
            return self.ask(line + "   Do you want another card?  (y/n)   ").strip()
        print("  " + line + "  ")

    def AskForBet(self):
        low, high = 10, self.money
        while True:
            text = self.ask(f"How much do you want to bet?  Bet must be >= {low} Euro and <= {high:g} Euro.  "
                            f"Press Enter for minimal bet.  ").strip()
            if text == "":
                return low
            try:
                bet = int(text)
            except ValueError:
                print(f"  '{text}' is not a whole number of euros.")
                continue
            if bet < low or bet > high:
                print(f"  The bet must be between {low} and {high:g} euros.")
                continue
            return bet

    @staticmethod
    def hand_value(hand):
        total = sum(hand)
        soft_aces = hand.count(11)
        while total > 21 and soft_aces:
            total -= 10
            soft_aces -= 1
        return total

    def is_blackjack(self, hand):
        return len(hand) == 2 and self.hand_value(hand) == 21

    def dealer_turn(self):
        print()
        print("Dealer's turn...")
        while self.hand_value(self.dealer_cards) <= 16:
            name = self.HandoutRandomCard(self.dealer_cards)
            if self.is_blackjack(self.dealer_cards):
                print(f"Dealer has {name},  Blackjack!")
            else:
                self.PrintCard("Dealer has", name, self.dealer_cards)

    def Play(self):
        print("***  WELCOME TO BLACKJACK  ***")
        print()
        print()
        print(f"You have {self.money:g} Euro in your pocket. Try to double it!")
        print("You will lose if you have no money left")
        number = 0
        while 10 <= self.money < 200:
            number += 1
            self.InitializeGame()
            print()
            print(f"***  ROUND {number},  you have {self.money:g} Euro left.")
            print()
            # the first card comes before the bet: deal it here, then ask
            first = self.HandoutRandomCard(self.player_cards)
            self.PrintCard("You have", first, self.player_cards)
            bet = self.AskForBet()
            result = self.rest_of_turn()
            if result == "natural":
                self.money += 1.5 * bet
                continue
            if result == "bust":
                self.money -= bet
                continue
            self.dealer_turn()
            mine, theirs = self.hand_value(self.player_cards), self.hand_value(self.dealer_cards)
            if self.is_blackjack(self.dealer_cards):
                print("Dealer won with Blackjack!")
                self.money -= bet
            elif theirs > 21:
                print("Dealer busted, you won!")
                self.money += bet
            elif mine > theirs:
                print("You win!")
                self.money += bet
            elif theirs > mine:
                print("Dealer wins!")
                self.money -= bet
        print()
        if self.money >= 200:
            print(f"You have {self.money:g} Euro, you at least doubled your money!")

    def rest_of_turn(self):
        """After the bet: 'natural', 'bust' or 'stand'."""
        name = self.HandoutRandomCard(self.player_cards)
        if self.is_blackjack(self.player_cards):
            print(f"You have {name}, Blackjack!   You won with Blackjack!")
            return "natural"
        while self.hand_value(self.player_cards) < 21:
            answer = self.PrintCard("You have", name, self.player_cards, question=True).lower()
            while answer not in ("y", "n"):
                print("  y or n?")
                answer = self.PrintCard("You have", name, self.player_cards, question=True).lower()
            if answer == "n":
                return "stand"
            name = self.HandoutRandomCard(self.player_cards)
        self.PrintCard("You have", name, self.player_cards)
        if self.hand_value(self.player_cards) > 21:
            print("Busted.")
            return "bust"
        return "stand"
'''

# --- variant 3: a table of messages, a state machine of phases, Fractions for money, print() with sep= ------------
STATES = r'''
import random
from fractions import Fraction

SAY = {
    "welcome": "*** WELCOME TO BLACKJACK ***",
    "pocket": "You have {}€ in your pocket. Try to double it!",
    "warn": "You will lose if you have no money left",
    "round": "*** ROUND {}, you have {}€ left.",
    "card": "{} {}, hand value is {}.",
    "bet": "How much do you want to bet? Bet must be ≥ {}€ and ≤ {}€. Press Enter for minimal bet. ",
    "refused": "Not allowed, try again.",
    "more": "Do you want another card? (y/n) ",
    "natural": "You have {}, Blackjack! You won with Blackjack!",
    "dealer natural": "Dealer has {}, Blackjack!",
    "turn": "Dealer's turn...",
    "dealer natural wins": "Dealer won with Blackjack!",
    "dealer bust": "Dealer busted, you won!",
    "win": "You win!",
    "lose": "Dealer wins!",
    "push": "Standoff.",
    "doubled": "You have {}€, you at least doubled your money!",
    "broke": "You lost the tournament.",
}


def amount(x):
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{float(x)}"


def card_value(number):
    return 1 if number == 1 else min(number, 10)


def card_name(number):
    return {1: "Ace", 11: "Jack", 12: "Queen", 13: "King"}.get(number) or str(number)


class TournamentGame:
    START, GOAL, MINIMUM = 100, 200, 10

    def __init__(self, cards=None, ask=input):
        self.deal = cards if cards is not None else (random.randint(1, 13) for _ in iter(int, 1))
        self.ask = ask
        self.bank = Fraction(self.START)
        self.rounds = 0

    def InitializeGame(self):
        self.rounds += 1
        self.hands = {"You have": [], "Dealer has": []}

    def HandoutRandomCard(self, who):
        number = next(self.deal)
        self.hands[who].append(card_value(number))
        return card_name(number)

    def Value(self, who):
        cards = self.hands[who]
        hard = sum(cards)
        return hard + 10 if 1 in cards and hard <= 11 else hard

    def Natural(self, who):
        return len(self.hands[who]) == 2 and self.Value(who) == 21

    def PrintCard(self, who, name, end="\n"):
        print(SAY["card"].format(who, name, self.Value(who)), end=end)

    def AskForBet(self):
        prompt = SAY["bet"].format(self.MINIMUM, amount(self.bank))
        answer = self.ask(prompt).strip()
        while not (answer == "" or (answer.isdigit() and self.MINIMUM <= int(answer) <= self.bank)):
            print(SAY["refused"])
            answer = self.ask(prompt).strip()
        return int(answer) if answer else self.MINIMUM

    def Play(self):
        print(SAY["welcome"], "", SAY["pocket"].format(self.START), SAY["warn"], sep="\n")
        phase = "round"
        while phase != "over":
            if phase == "round":
                if self.bank < self.MINIMUM or self.bank >= self.GOAL:
                    phase = "over"
                    continue
                self.InitializeGame()
                print("", SAY["round"].format(self.rounds, amount(self.bank)), "", sep="\n")
                self.PrintCard("You have", self.HandoutRandomCard("You have"))
                self.stake = self.AskForBet()
                name = self.HandoutRandomCard("You have")
                if self.Natural("You have"):
                    print(SAY["natural"].format(name))
                    self.bank += Fraction(3, 2) * self.stake
                    continue
                phase = "player"
            elif phase == "player":
                if self.Value("You have") >= 21:
                    self.PrintCard("You have", name)
                    if self.Value("You have") > 21:
                        self.bank -= self.stake
                        phase = "round"
                    else:
                        phase = "dealer"
                    continue
                self.PrintCard("You have", name, end=" ")
                answer = self.ask(SAY["more"]).strip().lower()
                while answer not in ("y", "n"):
                    print("Type y or n.")
                    answer = self.ask(SAY["more"]).strip().lower()
                if answer == "y":
                    name = self.HandoutRandomCard("You have")
                else:
                    print()
                    phase = "dealer"
            elif phase == "dealer":
                print(SAY["turn"])
                while self.Value("Dealer has") < 17:
                    name = self.HandoutRandomCard("Dealer has")
                    if self.Natural("Dealer has"):
                        print(SAY["dealer natural"].format(name))
                    else:
                        self.PrintCard("Dealer has", name)
                phase = "settle"
            elif phase == "settle":
                mine, theirs = self.Value("You have"), self.Value("Dealer has")
                if self.Natural("Dealer has"):
                    outcome, change = "dealer natural wins", -1
                elif theirs > 21:
                    outcome, change = "dealer bust", 1
                else:
                    order = (mine > theirs) - (mine < theirs)
                    outcome, change = {1: ("win", 1), 0: ("push", 0), -1: ("lose", -1)}[order]
                print(SAY[outcome])
                self.bank += change * self.stake
                phase = "round"
        print()
        print(SAY["doubled"].format(amount(self.bank)) if self.bank >= self.GOAL else SAY["broke"])
'''

# question 5 in another style too: exact Fractions, the dealer's odds from STAND, a loop over the next cards
HAND_GAIN_FRACTIONS = r'''
from fractions import Fraction as _F
from functools import lru_cache as _cache

P = {v: _F(4 if v == 10 else 1, 13) for v in range(1, 11)}
STAND = stand_odds()


@_cache(maxsize=None)
def hand_gain(hard, ace):
    """The expected gain holding `hard` (aces as 1), `ace` when the hand holds one; hits below 17."""
    if hard > 21:
        return -1
    best = hard + 10 if ace and hard <= 11 else hard
    if best >= 17:
        return float(STAND[best][0]) - float(STAND[best][2])
    total = 0
    for v, p in P.items():
        total += float(p) * hand_gain(hard + v, ace or v == 1)
    return total
'''

VARIANTS = {"recursive": (RECURSIVE, None), "loops": (LOOPS, None), "states": (STATES, HAND_GAIN_FRACTIONS)}


def variant_notebook(name: str):
    """The worked solution notebook with the variant's class (and question 5 cell) in place of the solution's."""
    cls, hand = VARIANTS[name]
    nb = nbformat.read(SOLUTION, as_version=4)
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        if CLASS_CELL in cell.source:
            cell.source = cls.strip() + "\n"
        elif hand is not None and HAND_CELL in cell.source:
            cell.source = hand.strip() + "\n"
        cell.outputs = [] if cell.cell_type == "code" else None
        cell.execution_count = None
    return nb


def variant_namespace(name: str) -> dict:
    return run_cells(variant_notebook(name), name, skip=("check(", "play_learner_game("))


@pytest.mark.parametrize("name", list(VARIANTS))
def test_an_honest_variant_scores_every_automatic_point(name):
    ns = variant_namespace(name)
    for q in questions("10"):
        if q.manual:
            continue
        result = run_question(q, ns, public_only=False)
        failed = [(o.label, o.expected, o.actual) for o in result.outcomes if not o.passed]
        assert not failed and result.points == q.max_points, (q.qid, failed)


def test_the_variants_differ_from_the_solution_and_each_other():
    solution = next(c.source for c in nbformat.read(SOLUTION, as_version=4).cells if CLASS_CELL in c.source)
    sources = [solution] + [cls for cls, _ in VARIANTS.values()]
    for i, a in enumerate(sources):
        for b in sources[i + 1:]:
            def code(source):  # lines of code worth comparing: not the sheet's text, not an else: or a print()
                return {line.strip() for line in source.splitlines() if len(line.strip()) >= 25
                        and '"' not in line and "'" not in line}
            shared = code(a) & code(b)
            assert len(shared) <= 3, shared
    assert "def round(self)" in RECURSIVE and "self.round()" in RECURSIVE  # recursion instead of a loop
    assert "EUR" in RECURSIVE and ">=" in RECURSIVE and "Euro" in LOOPS and "phase" in STATES


@pytest.mark.slow
def test_the_variants_score_every_automatic_point_in_the_grading_sandbox(tmp_path):
    from coursetools.grade.batch import main as grade_main
    from coursekit.sandbox.jail import bwrap

    if bwrap() is None and not os.environ.get("CI"):
        pytest.skip("bubblewrap is not installed (apt-get install bubblewrap)")
    for name in VARIANTS:
        (tmp_path / name).mkdir()
        nbformat.write(variant_notebook(name), tmp_path / name / NAME)
    out = tmp_path / "out" / "grades.csv"
    assert grade_main([str(tmp_path), "--out", str(out), "--timeout", "30", "--jobs", "1"]) == 0
    records = {Path(r["notebook"]).parent.name: r for r in json.loads(out.with_suffix(".json").read_text())["records"]}
    assert {name: (r["points"], r["max_points"]) for name, r in records.items()} == {
        name: (46, 46) for name in VARIANTS}
