"""Exercise set 02, counting blackjack hands (source texts 000 and 004): totals, soft hands, naturals, busts."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations_with_replacement
from math import comb, prod

from coursekit import blackjack
from coursekit.cards import RANKS
from coursekit.grading.cases import Case, IsA, Question, Slip, Sweep, Written


def random_hands(count: int = 400, seed: int = 2) -> list[tuple]:
    """Seeded random hands of 1 to 6 rank strings, as one-argument tuples."""
    rng = random.Random(seed)
    return [([rng.choice(RANKS) for _ in range(rng.randint(1, 6))],) for _ in range(count)]


def natural_chance(decks: int) -> Fraction:
    """The exact chance that the first two cards of a fresh shoe are an ace and a ten-valued card."""
    cards, aces, tens = 52 * decks, 4 * decks, 16 * decks
    return Fraction(2 * aces * tens, cards * (cards - 1))


def three_card_bust_chance() -> Fraction:
    """The exact chance that three cards from one fresh deck bust, counted over rank multisets."""
    busted = total = 0
    for ranks in combinations_with_replacement(RANKS, 3):
        ways = prod(comb(4, ranks.count(r)) for r in set(ranks))
        total += ways
        busted += ways * blackjack.is_busted(list(ranks))
    return Fraction(busted, total)


def natural_chance_with_replacement() -> Fraction:
    """The chance of a natural from an endless shoe (the second card drawn as if the first went back)."""
    return 2 * Fraction(4, 52) * Fraction(16, 52)


def natural_chance_one_order(decks: int) -> Fraction:
    """Ace first, then a ten only: half the chance of a natural (the other order forgotten)."""
    return natural_chance(decks) / 2


def natural_chance_tens(decks: int, tens_per_deck: int) -> Fraction:
    """The chance of a natural with a wrong count of ten-valued cards per deck (4: only the 10s; 12: only J, Q, K)."""
    cards, aces, tens = 52 * decks, 4 * decks, tens_per_deck * decks
    return Fraction(2 * aces * tens, cards * (cards - 1))


def three_card_bust_by(total, cards: int = 3) -> Fraction:
    """The chance that three cards (or `cards`) from one fresh deck bust when a hand's total is counted by `total`
    (None: bust), over rank multisets weighted by their number of ways."""
    busted = all_hands = 0
    for ranks in combinations_with_replacement(RANKS, cards):
        ways = prod(comb(4, ranks.count(r)) for r in set(ranks))
        all_hands += ways
        busted += ways * (total(list(ranks)) is None)
    return Fraction(busted, all_hands)


def three_card_bust_unweighted() -> Fraction:
    """Bust among rank multisets counted once each, as if every multiset were equally likely (they are not)."""
    sets = list(combinations_with_replacement(RANKS, 3))
    return Fraction(sum(blackjack.is_busted(list(r)) for r in sets), len(sets))


def three_card_bust_with_replacement() -> Fraction:
    """Bust when every card is drawn from a full deck again (an endless shoe), not from one deck."""
    busted = sum(blackjack.is_busted([a, b, c]) for a in RANKS for b in RANKS for c in RANKS)
    return Fraction(busted, len(RANKS) ** 3)


def total_without_bust_none(cards: list) -> int:
    """The slip of returning the total even when it is over 21."""
    hard = sum(1 if c == "A" else 10 if c in ("10", "J", "Q", "K") else int(c) for c in cards)
    return hard + 10 if "A" in cards and hard + 10 <= 21 else hard


def _eleven(cards: list) -> int:
    return sum(11 if c == "A" else 10 if c in ("10", "J", "Q", "K") else int(c) for c in cards)


def total_every_ace_eleven(cards: list):
    """The slip of counting every ace as 11 (None over 21)."""
    total = _eleven(cards)
    return None if total > 21 else total


def total_one_ace_down(cards: list):
    """The slip of turning at most one ace from 11 into 1."""
    total = _eleven(cards)
    if total > 21 and "A" in cards:
        total -= 10
    return None if total > 21 else total


def _hard(cards: list) -> int:
    return sum(1 if c == "A" else 10 if c in ("10", "J", "Q", "K") else int(c) for c in cards)


def total_aces_always_one(cards: list):
    """The slip of never counting an ace 11."""
    total = _hard(cards)
    return None if total > 21 else total


def total_ace_below_21(cards: list):
    """The slip of counting an ace 11 only when that stays below 21 (`< 21` for `<= 21`)."""
    total = _hard(cards)
    if "A" in cards and total + 10 < 21:
        total += 10
    return None if total > 21 else total


def total_22_fits(cards: list):
    """The slip of letting a hand of 22 stand (`<= 22`): 22 is over 21, a bust."""
    total = _hard(cards)
    if "A" in cards and total + 10 <= 21:
        total += 10
    return None if total > 22 else total


def total_21_busts(cards: list):
    """The slip of calling 21 a bust (`total < 21` for `total <= 21`)."""
    total = blackjack.hand_total(cards)
    return None if total is None or total >= 21 else total


def soft_below_21(cards: list) -> bool:
    """The slip of calling a hand soft only while the ace as 11 stays below 21."""
    return "A" in cards and _hard(cards) + 10 < 21


def soft_if_any_ace(cards: list) -> bool:
    """The slip of calling every hand with an ace soft."""
    return "A" in cards


ONE_DECK = "this is the chance for one deck; the question asks for a fresh six-deck shoe"
NATURAL_SLIPS = [
    Slip(ONE_DECK, answer=lambda: natural_chance(1)),
    Slip("this draws the second card from a full shoe again (with replacement); the shoe has one card fewer",
         answer=natural_chance_with_replacement),
    Slip("this counts only ace-then-ten; ten-then-ace is a natural too", answer=lambda: natural_chance_one_order(6)),
    Slip("this is the one-deck chance counting only ace-then-ten", answer=lambda: natural_chance_one_order(1)),
    Slip("only the 10s are counted as ten-valued: J, Q and K count 10 too", answer=lambda: natural_chance_tens(6, 4)),
    Slip("J, Q and K are counted as ten-valued but not the 10s", answer=lambda: natural_chance_tens(6, 12)),
    *(Slip("this is the chance for another number of decks; the question asks for a fresh six-deck shoe",
           answer=lambda d=d: natural_chance(d)) for d in range(2, 11) if d != 6),  # values: check() names them too
]
BUST_SLIPS = [
    Slip("this counts each set of three ranks once; sets are not equally likely (weigh each by its number of ways)",
         answer=three_card_bust_unweighted),
    Slip("this draws every card from a full deck again (with replacement); the question takes three cards from one "
         "deck", answer=three_card_bust_with_replacement),
    Slip("this counts 21 as a bust; a hand busts only over 21", answer=lambda: three_card_bust_by(total_21_busts)),
    Slip("this counts every ace as 11; an ace counts 1 when 11 would bust the hand",
         answer=lambda: three_card_bust_by(total_every_ace_eleven)),
    Slip("this is the chance that three cards do not bust", answer=lambda: 1 - three_card_bust_chance()),
    Slip("this is the chance for four cards; the question takes three",
         answer=lambda: three_card_bust_by(blackjack.hand_total, cards=4)),
    Slip("this counts hands like A, A, K as busts: your hand_total turns only one ace from 11 into 1 (q1's slip); "
         "with several aces, every ace but one counts 1", answer=lambda: three_card_bust_by(total_one_ace_down)),
    Slip("this lets a hand of 22 stand: your hand_total calls 22 live (q1's slip); a hand busts over 21",
         answer=lambda: three_card_bust_by(total_22_fits)),
]
BUST_TOTAL = "a busted hand must give None, not its total over 21"
EVERY_ACE_11 = "every ace counted as 11: an ace counts 1 when 11 would go over 21"
ACES_ONE = "every ace counted as 1: one ace counts 11 when that does not go over 21"
ACE_BELOW_21 = "an ace counts 11 also when that makes exactly 21"
TWENTY_ONE = "21 is not a bust: a hand busts only over 21"
TOTAL_SLIPS = [
    Slip(BUST_TOTAL, reference=total_without_bust_none),
    Slip(EVERY_ACE_11, reference=total_every_ace_eleven),
    Slip("only one ace turned from 11 to 1: with several aces, each may need to count 1", reference=total_one_ace_down),
    Slip(ACES_ONE, reference=total_aces_always_one),
    Slip(ACE_BELOW_21, reference=total_ace_below_21),
    Slip(TWENTY_ONE, reference=total_21_busts),
    Slip("22 is a bust too: a hand busts over 21", reference=total_22_fits),
]


def _slips_on(cards: list, *named) -> list:
    """Case slips for one hand: each (sentence, wrong total function) giving a wrong total no earlier one gives.

    A wrong None for a hand that does not bust is named only where counting every ace 11 busts it and turning one
    ace into 1 does not (10, 5, A and A, A): many mistakes end in None elsewhere.
    """
    slips, seen = [], [blackjack.hand_total(cards), None]
    if blackjack.hand_total(cards) is None:
        seen = [None]
    for says, wrong in named:
        if wrong(cards) not in seen:
            seen.append(wrong(cards))
            if blackjack.hand_total(cards) is None and says == BUST_TOTAL:
                says = "this hand is over 21: it is busted, and a busted hand has no total"
            slips.append(Slip(says, answer=lambda wrong=wrong: wrong(cards)))
    if blackjack.hand_total(cards) is not None and "A" in cards and total_every_ace_eleven(cards) is None \
            and total_one_ace_down(cards) is not None:  # None here is the every-ace-11 slip's (not one ace down's)
        slips.append(Slip(f"this hand is not busted: {EVERY_ACE_11} (all its aces as 11 make {_eleven(cards)})",
                          answer=lambda: None))
    return slips


HAND_SLIPS = [(BUST_TOTAL, total_without_bust_none), (EVERY_ACE_11, total_every_ace_eleven),
              (ACES_ONE, total_aces_always_one), (ACE_BELOW_21, total_ace_below_21), (TWENTY_ONE, total_21_busts)]
ONE_ACE_DOWN_NONE = ("four aces are 14, not busted: with several aces every ace but one counts 1 (all four as 11 "
                     "make 44, and turning only one into 1 still leaves 34)")
SOFT_AT_21 = "a hand is still soft when its ace as 11 makes exactly 21"
ANY_ACE_SOFT = "a hand with an ace is soft only while an ace still counts 11 (not over 21)"


DECKS = (1, 2, 4, 6, 8)  # the shoes natural_chance is graded on (hidden); 6 is the public one
BUST_CARDS = (2, 3, 4)  # the hands bust_chance is graded on (hidden); 3 is the public one
NATURAL_CHANCE_SLIPS = [
    Slip("this draws the second card from a full shoe again (with replacement); the shoe has one card fewer",
         reference=lambda decks: natural_chance_with_replacement()),
    Slip("this counts only ace-then-ten; ten-then-ace is a natural too", reference=natural_chance_one_order),
    Slip("only the 10s are counted as ten-valued: J, Q and K count 10 too",
         reference=lambda decks: natural_chance_tens(decks, 4)),
    Slip("this is the one-deck chance whatever the shoe: count the cards of `decks` decks",
         reference=lambda decks: natural_chance(1)),
]


def bust_chance(k: int) -> Fraction:
    """The exact chance that k cards from one fresh deck bust."""
    return three_card_bust_by(blackjack.hand_total, cards=k)


BUST_CHANCE_SLIPS = [
    Slip("this counts 21 as a bust; a hand busts only over 21",
         reference=lambda k: three_card_bust_by(total_21_busts, k)),
    Slip("this counts every ace as 11; an ace counts 1 when 11 would bust the hand",
         reference=lambda k: three_card_bust_by(total_every_ace_eleven, k)),
    Slip("this is the chance that the cards do not bust", reference=lambda k: 1 - bust_chance(k)),
    Slip("this is the chance for three cards whatever k", reference=lambda k: three_card_bust_chance()),
]

QUESTIONS = [
    Question("02.q1", "hand_total(cards): the best total, None when busted", "function", [
        Case("hand_total(['10', '5', 'A'])", 16, slips=_slips_on(['10', '5', 'A'], *HAND_SLIPS)),
        Case("hand_total(['A', 'A'])", 12, slips=_slips_on(['A', 'A'], *HAND_SLIPS)),
        Case("hand_total(['A', 'K'])", 21, slips=_slips_on(['A', 'K'], *HAND_SLIPS)),
        Case("hand_total(['K', 'Q', '5'])", None, slips=_slips_on(['K', 'Q', '5'], *HAND_SLIPS)),
        Case("hand_total(['A', 'A', 'A', 'A'])", 14, slips=[
            *_slips_on(['A', 'A', 'A', 'A'], *HAND_SLIPS), Slip(ONE_ACE_DOWN_NONE, answer=lambda: None)]),
        Case("hand_total(['A'] * 12)", 12, public=False, slips=_slips_on(['A'] * 12, *HAND_SLIPS)),
        Case("hand_total([])", 0, public=False),
        Sweep("hand_total", random_hands, blackjack.hand_total, points=2, label="hand_total on 400 random hands",
              slips=TOTAL_SLIPS),
    ], course_code=('coursekit.blackjack.hand_total',), objective="02.1"),
    Question("02.q2", "is_soft(cards): does an ace count 11 in the best total?", "function", [
        Case("is_soft(['A', '6'])", True),
        Case("is_soft(['A', '6', 'K'])", False, slips=[Slip(ANY_ACE_SOFT, answer=lambda: soft_if_any_ace(['A']))]),
        Case("is_soft(['A', 'A', '9'])", True,
             slips=[Slip(SOFT_AT_21, answer=lambda: soft_below_21(['A', 'A', '9']))]),
        Case("is_soft(['10', '7'])", False),
        Case("is_soft(['K', 'Q', 'A', 'A'])", False, public=False,
             slips=[Slip(ANY_ACE_SOFT, answer=lambda: soft_if_any_ace(['A']))]),
        Sweep("is_soft", random_hands, blackjack.is_soft, points=2, label="is_soft on 400 random hands",
              slips=[Slip(ANY_ACE_SOFT, reference=soft_if_any_ace), Slip(SOFT_AT_21, reference=soft_below_21)]),
    ], course_code=('coursekit.blackjack.is_soft', 'coursekit.blackjack.soft_total'), objective="02.2"),
    Question("02.q3", "natural_chance(decks), and the exact chance of a natural from a fresh six-deck shoe",
             "number", [
                 IsA("natural_chance(6)", Fraction, points=0),
                 Case("natural_chance(6)", lambda: natural_chance(6), points=0, slips=NATURAL_SLIPS),
                 Sweep("natural_chance", lambda: [(d,) for d in DECKS], natural_chance, points=3, public=False,
                       label=f"natural_chance(decks) for {len(DECKS)} hidden shoes", slips=NATURAL_CHANCE_SLIPS),
             ], objective="02.3"),
    Question("02.q4", "bust_chance(k), and the exact chance that three cards from one fresh deck bust", "number", [
        IsA("bust_chance(3)", Fraction, points=0),
        Case("bust_chance(3)", three_card_bust_chance, points=0, slips=BUST_SLIPS),
        Sweep("bust_chance", lambda: [(k,) for k in BUST_CARDS], bust_chance, points=3, public=False,
              label=f"bust_chance(k) for k = {', '.join(map(str, BUST_CARDS))} (hidden)", slips=BUST_CHANCE_SLIPS),
    ], uses=(("02.q1", "hand_total"),), objective="02.3"),
    Question("02.q5", "soft and hard: a dealer who hits soft 17", "written", [Written("soft_and_hard")],
             objective="02.2"),
]
