"""Honest variety in exercise 02: correct solutions written in other styles (loops, recursion, other names and
spacing, other ways to reach the fractions) all score 100%, in the learner's check() and in the sandboxed grader."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from coursetools.grade.batch import grade_all
from coursetools.nbio import nbformat
from coursekit.grading.registry import questions
from coursekit.grading.runner import run_question
from coursekit.sandbox.jail import bwrap
from notebook_cells import run_cells

ROOT = Path(__file__).resolve().parents[1]
EXERCISE = ROOT / "exercises" / "02_exercises_counting_blackjack_hands.ipynb"

# --- 1: plain loops and counters, every card drawn one by one ------------------------------------------------------
LOOPS = {
    "02.q1": '''\
def hand_total(cards):
    total = 0
    aces = 0
    for card in cards:
        if card == "A":
            aces += 1
            total += 1
        elif card in ("10", "J", "Q", "K"):
            total += 10
        else:
            total += int(card)
    if aces > 0 and total <= 11:
        total += 10
    if total > 21:
        return None
    return total
''',
    "02.q2": '''\
def is_soft(cards):
    hard = 0
    for card in cards:
        if card == "A":
            hard += 1
        elif card in ("10", "J", "Q", "K"):
            hard += 10
        else:
            hard += int(card)
    if "A" not in cards:
        return False
    return hard <= 11
''',
    "02.q3": '''\
from fractions import Fraction

TEN = ("10", "J", "Q", "K")


def natural_chance(decks):
    shoe = []
    for deck in range(decks):
        for rank in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]:
            for suit in range(4):
                shoe.append(rank)
    naturals = 0
    pairs = 0
    for i in range(len(shoe)):
        for j in range(len(shoe)):
            if i != j:
                pairs += 1
                first, second = shoe[i], shoe[j]
                if (first == "A" and second in TEN) or (second == "A" and first in TEN):
                    naturals += 1
    return Fraction(naturals, pairs)
''',
    "02.q4": '''\
from itertools import combinations

from coursekit.cards import full_deck

deck = [card.rank for card in full_deck()]


def bust_chance(k):
    busted = 0
    hands = 0
    for picked in combinations(range(len(deck)), k):
        hands += 1
        if hand_total([deck[i] for i in picked]) is None:
            busted += 1
    return Fraction(busted, hands)
''',
}

# --- 2: recursion over the cards: the set of every total, the best one that fits --------------------------------
RECURSION = {
    "02.q1": '''\
def points(rank):
    """The values a card may take: an ace 1 or 11."""
    if rank == 'A':
        return (1, 11)
    return (10,) if rank in ('J', 'Q', 'K') else (int(rank),)


def totals(cards):
    """Every total the hand can have."""
    if not cards:
        return {0}
    return {t + v for t in totals(cards[1:]) for v in points(cards[0])}


def hand_total(cards):
    fitting = [t for t in totals(list(cards)) if t <= 21]
    return max(fitting) if fitting else None
''',
    "02.q2": '''\
def lowest(cards):
    return min(totals(list(cards)))


def is_soft(cards):
    best = hand_total(cards)
    return best is not None and best != lowest(cards)
''',
    "02.q3": '''\
from fractions import Fraction
from math import comb


def chance_of_natural(decks):
    aces, tens, cards = 4 * decks, 16 * decks, 52 * decks
    return Fraction(comb(aces, 1) * comb(tens, 1), comb(cards, 2))  # one ace and one ten among two cards


def natural_chance(decks):
    return chance_of_natural(decks)
''',
    "02.q4": '''\
from collections import Counter
from itertools import combinations_with_replacement
from math import comb, prod

ranks = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K']


def ways(hand):
    """How many sets of real cards (4 of each rank) give these ranks."""
    return prod(comb(4, n) for n in Counter(hand).values())


def bust_share(hands):
    """(busted ways, all ways) of a list of rank multisets, by halves."""
    if len(hands) == 1:
        w = ways(hands[0])
        return (w if hand_total(list(hands[0])) is None else 0), w
    left, right = bust_share(hands[:len(hands) // 2]), bust_share(hands[len(hands) // 2:])
    return left[0] + right[0], left[1] + right[1]


def bust_chance(k):
    busted, every = bust_share(list(combinations_with_replacement(ranks, k)))
    return Fraction(busted, every)
''',
}

# --- 3: other names, tabs and spacing, complements and products of fractions ---------------------------------------
TERSE = {
    "02.q1": '''\
FACE={'J','Q','K','10'}
def value_of(c):
\treturn 1 if c=='A' else 10 if c in FACE else int(c)
def hand_total( hand ):
\tHARD=sum( map(value_of,hand) )
\tbest=HARD+10 if ('A' in hand and HARD<=11) else HARD
\treturn None if best>21 else best
''',
    "02.q2": '''\
def is_soft( hand ):
\treturn ('A' in hand) and (sum(map(value_of, hand)) + 10 <= 21)
''',
    "02.q3": '''\
from fractions import Fraction as F
def natural_chance(d):
\tN,A,T=d*52,d*4,d*16
\tp_no_ace_first=1-F(A,N)
\t# a natural: ace first and ten second, or ten first and ace second
\tp=F(A,N)*F(T,N-1)+F(T,N)*F(A,N-1)
\tassert 0<p<1-p_no_ace_first
\treturn p
''',
    "02.q4": '''\
from fractions import Fraction as F
from itertools import combinations
from coursekit.cards import full_deck
from math import comb
DECK=list(full_deck())
def bust_chance(k):
\talive=sum(1 for some in combinations(DECK,k) if hand_total([c.rank for c in some]) is not None)
\treturn 1-F(alive,comb(len(DECK),k))
''',
}

# --- 4: ordered draws and a while loop; the natural as 1 - P(no natural) by its complement -----------------------
ORDERED = {
    "02.q1": '''\
TEN_VALUED = ("10", "J", "Q", "K")


def hand_total(cards):
    """Aces first as 11, then turned to 1 one by one while the hand is over 21."""
    total = sum(11 if c == "A" else 10 if c in TEN_VALUED else int(c) for c in cards)
    soft_aces = cards.count("A")
    while total > 21 and soft_aces:
        total -= 10
        soft_aces -= 1
    return total if total <= 21 else None
''',
    "02.q2": '''\
def is_soft(cards):
    total = sum(11 if c == "A" else 10 if c in TEN_VALUED else int(c) for c in cards)
    soft_aces = cards.count("A")
    while total > 21 and soft_aces:
        total -= 10
        soft_aces -= 1
    return soft_aces > 0 and total <= 21
''',
    "02.q3": '''\
from fractions import Fraction



def natural_chance(decks):
    cards_in_shoe = decks * 52
    ace_then_ten = Fraction(4 * decks, cards_in_shoe) * Fraction(16 * decks, cards_in_shoe - 1)
    ten_then_ace = Fraction(16 * decks, cards_in_shoe) * Fraction(4 * decks, cards_in_shoe - 1)
    no_natural = 1 - (ace_then_ten + ten_then_ace)
    return 1 - no_natural
''',
    "02.q4": '''\
from collections import Counter

from coursekit.cards import full_deck

counts = Counter(card.rank for card in full_deck())


def draws(hand, k, ways):
    """Every ordered hand of k ranks dealt one card after another, with its number of ways."""
    if len(hand) == k:
        yield hand, ways
        return
    for rank in counts:
        left = counts[rank] - hand.count(rank)
        if left:
            yield from draws(hand + [rank], k, ways * left)


def bust_chance(k):
    ordered = busts = 0
    for hand, ways in draws([], k, 1):
        ordered += ways
        busts += ways * (hand_total(hand) is None)
    return Fraction(busts, ordered)
''',
}

VARIANTS = {"loops": LOOPS, "recursion": RECURSION, "terse": TERSE, "ordered": ORDERED}


def notebook(edits: dict):
    """The exercise notebook with the code cell before each question's check cell replaced by the variant's."""
    nb = nbformat.read(EXERCISE, as_version=4)
    for qid, source in edits.items():
        (check,) = [i for i, c in enumerate(nb.cells) if c.source.strip() == f'check("{qid}")']
        cell = next(c for c in reversed(nb.cells[:check]) if c.cell_type == "code")
        assert "NotImplementedError" in cell.source, (qid, cell.source)
        cell.source = source
        cell.metadata.pop("tags", None)  # it no longer raises
    return nb


@pytest.mark.parametrize("name", VARIANTS)
def test_an_honest_variant_passes_every_test_in_check(name):
    namespace = run_cells(notebook(VARIANTS[name]), name, skip=("check(", "NotImplementedError"))
    for q in questions("02"):
        if q.manual:
            continue
        result = run_question(q, namespace, public_only=False)
        assert result.points == q.max_points, (name, q.qid, [o for o in result.outcomes if not o.passed])


@pytest.mark.slow
@pytest.mark.skipif(bwrap() is None and not os.environ.get("CI"), reason="bubblewrap is not installed")
def test_every_honest_variant_scores_100_percent_in_the_sandboxed_grader(tmp_path):
    paths = []
    for name, edits in VARIANTS.items():
        path = tmp_path / name / EXERCISE.name
        path.parent.mkdir()
        nbformat.write(notebook(edits), path)
        paths.append(path)
    records = grade_all(paths, time_limit=60, jobs=2, progress=False)
    for name, record in zip(VARIANTS, records):
        assert record["exercise"] == "02", (name, record["messages"])
        assert record["percent"] == 100.0, (name, record["points"], record["max_points"], record["messages"],
                                            [(q, t["label"], t["message"]) for q, r in record["questions"].items()
                                             for t in r["tests"] if t["status"] == "fail"])
        assert not record["course_code"], (name, record["course_code"])
