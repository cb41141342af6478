"""Exercise 10's named slips: each finder looks at where a rule test's replay parted from the expected one and
names the mistake (never the expected line), or says "".

A finder is a `SlipFinder`: (expected rows, actual rows, the first mismatch) -> a sentence or "". The public tests'
data names them (`FINDERS`), so that check() rebuilds a rule test with its finders.
"""

from __future__ import annotations

from fractions import Fraction

from coursekit.grading.transcript_items import Mismatch, SlipFinder

# named slips of the rule tests: each names the mistake, never the expected line
DEALER_21_BUST = "a dealer's 21 is no bust: a hand busts only over 21 (here the dealer's 21 of three cards wins)"
PLAYS_ON_AT_GOAL = ("reaching exactly twice the start is doubling the money: the tournament is won and ends at the "
                    "goal, not only above it")
REFUSES_ALL_IN = "a bet of all the money you have is allowed: the highest bet is the whole bankroll (≤, not <)"
NO_BET_MESSAGE = "a bet that is not allowed needs a line saying so before the question comes again"
NATURAL_ONE_TO_ONE = "the natural was paid 1:1 like a plain win; a natural pays 3:2 (1.5 times the bet)"
NATURAL_TWO_TO_ONE = "the natural was paid 2:1; a natural pays 3:2 (1.5 times the bet)"
DEALER_AFTER_NATURAL = "a natural wins at once: the dealer does not play that round"
DEALER_NATURAL_NOT_BEATING = ("a dealer natural (21 with two cards) beats a 21 of three or more cards: it is not a "
                              "standoff and not your win")
ACES_ALWAYS_11 = "every ace was counted as 11: an ace counts 1 when 11 would take the hand over 21"
ACES_ALWAYS_1 = "every ace was counted as 1: an ace counts 11 when that does not take the hand over 21"
FACES_AS_NUMBERS = "jack, queen and king were counted 11, 12 and 13: each is worth 10"
ASKS_AT_21 = "at 21 the player's turn ends by itself: no question for another card"
NO_HIT_MESSAGE = "an answer that is not y or n needs a line saying so before the question comes again"
DEALER_AFTER_BUST = "over 21 the player has lost at once: the dealer does not play that round"
DEALER_STOPS_EARLY = "the dealer draws while the hand is worth 16 or less (until it is more than 16)"
DEALER_DRAWS_ON_17 = "the dealer stops as soon as the hand is worth more than 16: 17 stands"


def _rounds_money(rows: list) -> dict:
    """{round: money at its header}, and the money at the end under the key of the round after the last."""
    out = {}
    for row in rows:
        for event in row.events:
            if event[0] == "round":
                out[row.round] = event[2]
            elif event[0] == "end" and event[1] == "won":
                out[row.round + 1] = event[2]
    return out


def _bets(rows: list) -> dict:
    """{round: the bet placed} from the accepted answers of the expected lines (Enter is the minimum, 10)."""
    out = {}
    for row in rows:
        for event in row.events:
            if event[0] == "prompt":
                answer = event[2]
                out[row.round] = Fraction(answer) if answer.strip().isdigit() else Fraction(10)
    return out


def natural_paid_wrong(want_rows: list, rows: list, mismatch: Mismatch) -> str:
    """A natural paid 1:1 or 2:1, or the dealer playing after it."""
    got = mismatch.actual
    if got is None or got.kind != "money":
        return DEALER_AFTER_NATURAL if got is not None and got.kind == "dealer plays" else ""
    before = _rounds_money(want_rows).get(mismatch.round - 1)
    bet = _bets(want_rows).get(mismatch.round - 1)
    if before is None or bet is None:
        return ""
    return {before + bet: NATURAL_ONE_TO_ONE, before + 2 * bet: NATURAL_TWO_TO_ONE}.get(got.key[1], "")


def dealer_natural_not_beating(want_rows: list, rows: list, mismatch: Mismatch) -> str:
    """A dealer natural that did not beat a 21 of three or more cards."""
    want, got = mismatch.expected, mismatch.actual
    if want is not None and want.key == ("outcome", "dealer", "natural"):
        if got is None or got.key[:2] != ("outcome", "dealer"):
            return DEALER_NATURAL_NOT_BEATING
    if want is not None and want.kind == "money" and got is not None and got.kind == "money":
        before = _rounds_money(want_rows).get(mismatch.round - 1)
        if before is not None and got.key[1] in (before, before + _bets(want_rows).get(mismatch.round - 1, 0)):
            return DEALER_NATURAL_NOT_BEATING
    return ""


def _value(name: str, ace: int = 1) -> int:
    return ace if name == "Ace" else 10 if name in ("Jack", "Queen", "King") else int(name)


def aces_counted_wrong(want_rows: list, rows: list, mismatch: Mismatch) -> str:
    """Every ace counted as 11, or every ace as 1."""
    got = mismatch.actual
    if got is None or got.kind != "card":
        return ""
    who, value = got.key[1], got.key[3]
    hand = [e[2] for row in rows if row.round == got.row.round and row.number <= got.row.number
            for e in row.events if e[0] == "card" and e[1] == who]
    try:
        if "Ace" in hand and value == sum(_value(c, 11) for c in hand):
            return ACES_ALWAYS_11
        if "Ace" in hand and value == sum(_value(c, 1) for c in hand):
            return ACES_ALWAYS_1
    except ValueError:
        return ""
    return ""


def faces_as_numbers(want_rows: list, rows: list, mismatch: Mismatch) -> str:
    """Jack, queen and king counted 11, 12 and 13."""
    got = mismatch.actual
    if got is None or got.kind != "card":
        return ""
    who = got.key[1]
    faces = {"Jack": 11, "Queen": 12, "King": 13, "11": 11, "12": 12, "13": 13}
    hand = [e[2] for row in rows if row.round == got.row.round and row.number <= got.row.number
            for e in row.events if e[0] == "card" and e[1] == who]
    if any(c in faces for c in hand) and got.key[3] == sum(faces.get(c, 0) or _value(c) for c in hand
                                                           if c.isdigit() or c in faces or c == "Ace"):
        return FACES_AS_NUMBERS
    return ""


def dealer_21_bust(want_rows: list, rows: list, mismatch: Mismatch) -> str:
    """A dealer's 21 taken for a bust."""
    got = mismatch.actual
    return DEALER_21_BUST if got is not None and got.key == ("outcome", "you", "bust") else ""


def plays_on_at_goal(want_rows: list, rows: list, mismatch: Mismatch) -> str:
    """The tournament going on at exactly twice the start."""
    want, got = mismatch.expected, mismatch.actual
    if want is not None and want.key == ("end", "won"):
        return PLAYS_ON_AT_GOAL
    if want is None and got is not None and got.kind in ("round", "money", "prompt"):
        return PLAYS_ON_AT_GOAL
    return ""


def refuses_all_in(want_rows: list, rows: list, mismatch: Mismatch) -> str:
    """A bet of the whole bankroll refused."""
    got = mismatch.actual
    return REFUSES_ALL_IN if got is not None and got.kind in ("message", "prompt") and mismatch.round == 2 else ""


def no_bet_message(want_rows: list, rows: list, mismatch: Mismatch) -> str:
    """A bet that is not allowed asked again without a message."""
    want, got = mismatch.expected, mismatch.actual
    return NO_BET_MESSAGE if want is not None and want.kind == "message" and (got is None
                                                                             or got.kind == "prompt") else ""


def no_hit_message(want_rows: list, rows: list, mismatch: Mismatch) -> str:
    """An answer that is not y or n asked again without a message."""
    want, got = mismatch.expected, mismatch.actual
    return NO_HIT_MESSAGE if want is not None and want.kind == "hit message" and (got is None
                                                                                 or got.kind == "hit") else ""


def asks_at_21(want_rows: list, rows: list, mismatch: Mismatch) -> str:
    """A question for another card at 21."""
    got = mismatch.actual
    if got is not None and got.kind == "hit" and mismatch.round == 1 and (
            mismatch.expected is None or mismatch.expected.kind != "hit"):
        return ASKS_AT_21
    return ""


def dealer_after_bust(want_rows: list, rows: list, mismatch: Mismatch) -> str:
    """The dealer playing after the player went over 21."""
    got = mismatch.actual
    return DEALER_AFTER_BUST if got is not None and got.kind == "dealer plays" and mismatch.round == 2 else ""


def dealer_stops_wrong(want_rows: list, rows: list, mismatch: Mismatch) -> str:
    """The dealer stopping below 17, or drawing on 17."""
    want, got = mismatch.expected, mismatch.actual
    if mismatch.round == 1 and want is not None and want.kind == "card":
        return DEALER_STOPS_EARLY
    if mismatch.round == 2 and got is not None and got.kind == "card" and (want is None or want.kind != "card"):
        return DEALER_DRAWS_ON_17
    return ""


FINDERS: dict[str, SlipFinder] = {finder.__name__: finder for finder in (
    natural_paid_wrong, dealer_natural_not_beating, aces_counted_wrong, faces_as_numbers, dealer_21_bust,
    plays_on_at_goal, refuses_all_in, no_bet_message, no_hit_message, asks_at_21, dealer_after_bust,
    dealer_stops_wrong)}
SENTENCES = (DEALER_21_BUST, PLAYS_ON_AT_GOAL, REFUSES_ALL_IN, NO_BET_MESSAGE, NATURAL_ONE_TO_ONE, NATURAL_TWO_TO_ONE,
             DEALER_AFTER_NATURAL, DEALER_NATURAL_NOT_BEATING, ACES_ALWAYS_11, ACES_ALWAYS_1, FACES_AS_NUMBERS,
             ASKS_AT_21, NO_HIT_MESSAGE, DEALER_AFTER_BUST, DEALER_STOPS_EARLY, DEALER_DRAWS_ON_17)
