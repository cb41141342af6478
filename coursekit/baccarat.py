"""Punto Banco (source text 001): card values, the banker's drawing table as data, coups, simulation, exact odds.

A *drawing rule* is any function `rule(banker_total, player_third) -> bool`: the banker's two-card total and the
player's third card (a rank such as "K", or None when the player stood). `banker_draws` is the casino rule;
`source_banker_draws` is source text 001's shell code with its bug. `play_coup`, `simulate`, `exact_odds` and
`house_edge` take `rule=` so both run through the same engine.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from fractions import Fraction
from numbers import Integral
from typing import Callable, Iterable, Optional, Union

import numpy as np

from coursekit.cards import RANKS, Card, CardLike, Shoe, check_shoe, check_shoe_decks, rank_of, ranks_of
from coursekit.progress import LazyBar
from coursekit.rng import Seed, as_generator

OUTCOMES: tuple[str, ...] = ("player", "banker", "tie")
Rule = Callable[[int, Optional[CardLike]], bool]

# Published figures for a full 8-deck shoe (Wizard of Odds; E. O. Thorp, "The Mathematics of Gambling").
PUBLISHED_8_DECKS = {"banker": 0.458597, "player": 0.446247, "tie": 0.095156}
PUBLISHED_EDGES_8_DECKS = {"banker": 0.0106, "player": 0.0124, "tie": 0.1436}
# Exact numbers of ordered 6-card deals per outcome, wizardofodds.com/games/baccarat/one-to-twelve-decks/
# (decks 1-6, all digits) and casinoexploit.com/baccarat.html (8 decks, all digits).
PUBLISHED_COMBINATIONS = {
    1: {"player": 6_548_674_432, "banker": 6_737_232_640, "tie": 1_372_227_328},
    2: {"player": 487_816_735_232, "banker": 501_543_728_128, "tie": 103_154_274_240},
    3: {"player": 5_837_305_562_496, "banker": 6_000_349_195_008, "tie": 1_238_768_922_816},
    4: {"player": 33_608_344_225_792, "banker": 34_543_624_867_840, "tie": 7_145_601_996_928},
    5: {"player": 130_087_780_016_000, "banker": 133_700_037_548_800, "tie": 27_690_387_926_400},
    6: {"player": 392_220_492_728_832, "banker": 403_095_751_234_560, "tie": 83_552_962_932_288},
    8: {"player": 2_230_518_282_592_256, "banker": 2_292_252_566_437_888, "tie": 475_627_426_473_216},
}
# An infinite deck (every card drawn with probability 1/13 per rank), Yui-Bin Chen, vegastrip.com, 4 digits.
PUBLISHED_INFINITE_DECK = {"banker": 0.458428, "player": 0.446147, "tie": 0.095426}

MAX_EXACT_DECKS = 24  # exact integer weights stay inside int64 up to here
MAX_COUPS = 10**11  # simulate: coups in one call (about two hours; a progress bar shows after a second)
MAX_OUTCOMES = 10**8  # simulate_outcomes keeps one byte per coup (100 MB)
MAX_SHOES = 10**7  # simulate_shoes: whole shoes in one call (a progress bar shows after a second)


# --- card values and hands ---------------------------------------------------------------------------------
def card_value(card: CardLike) -> int:
    """The baccarat points of one card: ace 1, 2-9 face value, 10 and face cards 0."""
    rank = rank_of(card)
    if rank == "A":
        return 1
    if rank in ("10", "J", "Q", "K"):
        return 0
    return int(rank)


def hand_value(cards: Iterable[CardLike]) -> int:
    """The total of a hand: the points added up, modulo 10 (9 + 6 is 5, not 15)."""
    return sum(card_value(c) for c in ranks_of(cards)) % 10


def is_natural(cards: Iterable[CardLike]) -> bool:
    """A natural: 8 or 9 on the first two cards; then nobody draws."""
    ranks = ranks_of(cards)
    return len(ranks) == 2 and hand_value(ranks) >= 8


def _check_total(total: int, name: str = "banker_total") -> int:
    if isinstance(total, bool) or not isinstance(total, (int, np.integer)) or not 0 <= total <= 9:
        raise ValueError(f"{name} must be a hand total from 0 to 9, not {total!r}")
    return int(total)


def player_draws(player_total: int) -> bool:
    """The player's rule (no natural on either side): draw on 0-5, stand on 6-7 (and 8-9)."""
    return _check_total(player_total, "player_total") <= 5


# --- the banker's table ------------------------------------------------------------------------------------
# Rows: the banker's two-card total. Columns: the point value of the player's third card, then "-" when the
# player stood. D = the banker draws, S = the banker stands. On 8 or 9 (a natural) nobody draws.
BANKER_TABLE_TEXT = """
total   0 1 2 3 4 5 6 7 8 9   -
  0     D D D D D D D D D D   D
  1     D D D D D D D D D D   D
  2     D D D D D D D D D D   D
  3     D D D D D D D D S D   D
  4     S S D D D D D D S S   D
  5     S S S S D D D D S S   D
  6     S S S S S S D D S S   S
  7     S S S S S S S S S S   S
"""


def _parse_table(text: str) -> dict[int, dict[Optional[int], bool]]:
    lines = [line.split() for line in text.strip().splitlines()]
    header = [None if h == "-" else int(h) for h in lines[0][1:]]
    table = {}
    for row in lines[1:]:
        table[int(row[0])] = {col: mark == "D" for col, mark in zip(header, row[1:])}
    return table


BANKER_TABLE: dict[int, dict[Optional[int], bool]] = _parse_table(BANKER_TABLE_TEXT)


def _third_value(player_third: Optional[CardLike]) -> Optional[int]:
    if player_third is None:
        return None
    if isinstance(player_third, (int, np.integer)) and not isinstance(player_third, bool):
        if 0 <= player_third <= 9:
            return int(player_third)
    elif isinstance(player_third, (str, Card)):
        try:
            return card_value(player_third)
        except ValueError:
            pass
    raise ValueError(f"player_third must be a point value 0-9, a card rank ({', '.join(RANKS)}) "
                     f"or None when the player stood, not {player_third!r}")


def banker_draws(banker_total: int, player_third: Optional[CardLike]) -> bool:
    """The banker's rule, read from BANKER_TABLE: player_third is a point value 0-9, a rank, or None (stood)."""
    total = _check_total(banker_total)
    value = _third_value(player_third)
    if total >= 8:
        return False
    return BANKER_TABLE[total][value]


@dataclass(frozen=True)
class SourceRule:
    """One of source text 001's six drawing rules: the banker draws on 0..banker_max after this player's third card."""

    number: int
    player_third: Optional[tuple[int, ...]]  # point values of the player's third card; None: the player stood
    banker_max: int
    text: str
    chinese: str


SOURCE_RULES: tuple[SourceRule, ...] = (
    SourceRule(1, None, 5, "If the player did not draw, the banker draws on 0-5 and stands otherwise.",
               "如果闲家没有拿牌,庄家在 0–5 点时拿牌,否则停牌。"),
    SourceRule(2, (2, 3), 4, "If the player drew a 2 or 3 and the banker has 0-4, the banker draws.",
               "如果闲家拿了一张 2 或 3,且庄家的总点数为 0–4,则庄家拿牌。"),
    SourceRule(3, (4, 5), 5, "If the player drew a 4 or 5 and the banker has 0-5, the banker draws.",
               "如果闲家拿了一张 4 或 5,且庄家的总点数为 0–5,则庄家拿牌。"),
    SourceRule(4, (6, 7), 6, "If the player drew a 6 or 7 and the banker has 0-6, the banker draws.",
               "如果闲家拿了一张 6 或 7,且庄家的总点数为 0–6,则庄家拿牌。"),
    SourceRule(5, (8,), 2, "If the player drew an 8 and the banker has 0-2, the banker draws.",
               "如果闲家拿了一张 8,且庄家的总点数为 0–2,则庄家拿牌。"),
    SourceRule(6, (9, 0, 1), 3, "If the player drew a 9, 10, face card or ace and the banker has 0-3, "
               "the banker draws.",
               "如果闲家拿了一张 9、10、人头牌或 A,且庄家的总点数为 0–3,则庄家拿牌。"),
)


def source_rule_for(player_third: Optional[CardLike]) -> SourceRule:
    """Which of the source's six rules covers a column of the table (the player's third card, or None)."""
    value = _third_value(player_third)
    for rule in SOURCE_RULES:
        if (rule.player_third is None and value is None) or (rule.player_third and value in rule.player_third):
            return rule
    raise AssertionError("the six rules cover every column")  # pragma: no cover


def table_from_rules(rules: Iterable[SourceRule] = SOURCE_RULES) -> dict[int, dict[Optional[int], bool]]:
    """Build the banker's table (totals 0-7 by third card) from rules like the source's six."""
    columns: list[Optional[int]] = list(range(10)) + [None]
    table = {total: {col: False for col in columns} for total in range(8)}
    for rule in rules:
        cols = [None] if rule.player_third is None else rule.player_third
        for col in cols:
            for total in range(rule.banker_max + 1):
                table[total][col] = True
    return table


# --- source text 001's shell code, bugs included ------------------------------------------------------------------
# The script numbers cards 1..52 and takes `card % 13` as the rank: 0 is the king, 1 the ace, 11 and 12 the
# jack and queen (its handValue maps 0|11|12 to 0 points and 1 to 11, i.e. 1 point mod 10).
SOURCE_RANK_CODE = {"K": 0, "A": 1, **{str(n): n for n in range(2, 11)}, "J": 11, "Q": 12}


def source_banker_draws(banker_total: int, player_third: Optional[CardLike]) -> bool:
    """Source text 001's nested ifs: `pdcRank -eq 9 -o pdcRank -eq 0` catches 9s and kings but not 10, J, Q or A."""
    total = _check_total(banker_total)
    if player_third is None:  # playerDrewCard -eq 0
        return total < 6
    if isinstance(player_third, (int, np.integer)) and not 2 <= player_third <= 10:
        raise ValueError(f"the source's rule needs the player's card rank ({', '.join(RANKS)}), "
                         f"not the point value {player_third!r}")
    pdc_rank = SOURCE_RANK_CODE[rank_of(player_third)]
    if pdc_rank in (2, 3):
        return total < 5
    if pdc_rank in (4, 5):
        return total < 6
    if pdc_rank in (6, 7):
        return total < 7
    if pdc_rank == 8:
        return total < 3
    if pdc_rank in (9, 0):
        return total < 4
    return False  # ranks 1 (ace), 10, 11, 12: no branch, the banker stands


def source_player_value_bug(cards: Iterable[CardLike]) -> int:
    """The value the source's first transcript printed after the player's third card: two-card value + hand value."""
    ranks = ranks_of(cards)
    return hand_value(ranks[:2]) + hand_value(ranks)  # playerhandvalue=$(( $playerhandvalue + $handvalue ))


@dataclass(frozen=True)
class DrawingTable:
    """A drawing rule tabulated: rows banker totals 0-7, one column per kind of player's third card, then none."""

    columns: tuple[str, ...]
    keys: tuple  # per column: a point value (int), a rank (str), or None for "the player stood"
    draws: tuple[tuple[bool, ...], ...]
    by_rank: bool

    def column_of(self, player_third: Optional[CardLike]) -> int:
        """The column index for the player's third card (None: the player stood)."""
        if player_third is None:
            return len(self.keys) - 1
        key = rank_of(player_third) if self.by_rank else card_value(player_third)
        return self.keys.index(key)

    def draws_at(self, banker_total: int, player_third: Optional[CardLike]) -> bool:
        """Look the banker's decision up in the table."""
        return self.draws[_check_total(banker_total)][self.column_of(player_third)]


def check_rule(rule: Rule) -> Rule:
    """Validate a drawing rule: a function (banker_total, player_third) -> bool, such as banker_draws."""
    if not callable(rule):
        raise ValueError(f"rule must be a function (banker_total, player_third) -> bool such as banker_draws, "
                         f"not {rule!r}")
    return rule


def drawing_table(rule: Rule = banker_draws) -> DrawingTable:
    """Tabulate a rule: by point value when every rank of a value draws alike, else by rank."""
    return _drawing_table(check_rule(rule))


@functools.lru_cache(maxsize=32)
def _drawing_table(rule: Rule) -> DrawingTable:
    """drawing_table, cached per rule."""
    by_rank = any(
        len({rule(t, r) for r in RANKS if card_value(r) == v}) > 1 for t in range(8) for v in range(10)
    )
    if by_rank:
        keys: tuple = tuple(RANKS) + (None,)
        columns = tuple(RANKS) + ("none",)
    else:
        keys = tuple(range(10)) + (None,)
        columns = tuple(str(v) for v in range(10)) + ("none",)
    draws = []
    for total in range(8):
        row = []
        for key in keys:
            rank = None if key is None else (key if by_rank else next(r for r in RANKS if card_value(r) == key))
            row.append(bool(rule(total, rank)))
        draws.append(tuple(row))
    return DrawingTable(columns, keys, tuple(draws), by_rank)


# --- coups -------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Coup:
    """One coup: the cards, the totals, who drew, the outcome, and the table cell that decided the banker."""

    player: tuple[Card, ...]
    banker: tuple[Card, ...]
    player_total: int
    banker_total: int
    natural: bool
    outcome: str

    @property
    def player_drew(self) -> bool:
        """True when the player took a third card."""
        return len(self.player) == 3

    @property
    def banker_drew(self) -> bool:
        """True when the banker took a third card."""
        return len(self.banker) == 3

    @property
    def player_third(self) -> Optional[Card]:
        """The player's third card, or None when the player stood."""
        return self.player[2] if self.player_drew else None

    @property
    def table_cell(self) -> Optional[tuple[int, Optional[int]]]:
        """(banker's two-card total, player's third card value or None): the cell that decided; None on a natural."""
        if self.natural:
            return None
        third = self.player_third
        return hand_value(self.banker[:2]), None if third is None else card_value(third)


def _as_card(card: CardLike) -> Card:
    return card if isinstance(card, Card) else Card(rank_of(card))


def play_coup(shoe, rule: Rule = banker_draws) -> Coup:
    """Deal one coup from a shoe (anything with .draw()): naturals, the player's rule, then the banker's rule."""
    check_shoe(shoe)
    check_rule(rule)
    p1, b1, p2, b2 = (_as_card(shoe.draw()) for _ in range(4))  # player, banker, player, banker
    player, banker = [p1, p2], [b1, b2]
    natural = hand_value(player) >= 8 or hand_value(banker) >= 8
    if not natural:
        third = None
        if player_draws(hand_value(player)):
            third = _as_card(shoe.draw())
            player.append(third)
        if rule(hand_value(banker), None if third is None else third.rank):
            banker.append(_as_card(shoe.draw()))
    pt, bt = hand_value(player), hand_value(banker)
    outcome = "player" if pt > bt else "banker" if bt > pt else "tie"
    return Coup(tuple(player), tuple(banker), pt, bt, natural, outcome)


class BaccaratShoe(Shoe):
    """A multi-deck shoe with a cut card: when it comes out, one more coup is dealt, then the shoe is shuffled."""

    def __init__(self, decks: int = 8, seed: Seed = None, cut_card: int = 16) -> None:
        check_shoe_decks(decks)
        if isinstance(cut_card, bool) or not isinstance(cut_card, int) or not 11 <= cut_card < 52 * decks:
            raise ValueError(f"cut_card (cards behind it) must be from 11 to {52 * decks - 1}, not {cut_card!r}")
        self.cut_card = cut_card
        super().__init__(decks, seed)

    def reshuffle(self) -> None:
        """All cards back, shuffled; the cut card goes back in."""
        super().reshuffle()
        self.cut_card_out = False
        self.coups_after_cut = 0

    def draw(self) -> Card:
        """The next card; notes when the cut card comes out."""
        card = super().draw()
        if self.remaining <= self.cut_card:
            self.cut_card_out = True
        return card

    def start_coup(self) -> bool:
        """Call before each coup: shuffles (and returns True) once the coup after the cut card has been dealt."""
        if self.cut_card_out:
            if self.coups_after_cut >= 1:
                self.reshuffle()
                return True
            self.coups_after_cut += 1
        return False


# --- the engine: card classes --------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Classes:
    values: np.ndarray  # (K,) point value of each class
    ranks: tuple[tuple[str, ...], ...]  # the ranks in each class
    draws: np.ndarray  # (8, K) the banker draws on total t after the player's third card of class k
    draws_stood: np.ndarray  # (8,) the banker draws on total t when the player stood
    rank_class: np.ndarray  # (13,) class of each rank in RANKS


@functools.lru_cache(maxsize=32)
def _classes(rule: Rule) -> _Classes:  # a rule that is not callable fails check_rule before the cache
    """Group the 13 ranks into classes that score and draw alike under the rule (10 classes for the casino rule)."""
    groups: dict[tuple, list[str]] = {}
    for rank in RANKS:
        signature = (card_value(rank), tuple(bool(rule(t, rank)) for t in range(8)))
        groups.setdefault(signature, []).append(rank)
    signatures = list(groups)
    values = np.array([s[0] for s in signatures], dtype=np.int64)
    draws = np.array([s[1] for s in signatures], dtype=bool).T.copy()
    stood = np.array([bool(rule(t, None)) for t in range(8)], dtype=bool)
    rank_class = np.array([signatures.index(next(s for s in signatures if r in groups[s])) for r in RANKS])
    return _Classes(values, tuple(tuple(groups[s]) for s in signatures), draws, stood, rank_class)


def _check_decks(decks, allow_infinite: bool = True, limit: Optional[int] = None) -> Union[int, float]:
    if allow_infinite and isinstance(decks, float) and math.isinf(decks) and decks > 0:
        return math.inf
    if isinstance(decks, bool) or not isinstance(decks, (int, np.integer)) or decks < 1 or (limit and decks > limit):
        upper = f" and at most {limit}" if limit else ""
        inf = " (or math.inf for an infinite deck)" if allow_infinite else ""
        raise ValueError(f"decks must be a whole number of packs, 1 or more{upper}{inf}, not {decks!r}")
    return int(decks)


def _outcome_index(player: np.ndarray, banker: np.ndarray) -> np.ndarray:
    """0 where the player wins, 1 where the banker wins, 2 on a tie."""
    return (player < banker).view(np.int8) + 2 * (player == banker).view(np.int8)


def _sums(weights: np.ndarray, outcome: np.ndarray) -> list[int]:
    return [int(weights.sum(where=(outcome == o))) for o in range(3)]


# --- exact odds ------------------------------------------------------------------------------------------
def exact_counts(decks: Union[int, float] = 8, rule: Rule = banker_draws) -> dict[str, int]:
    """Ordered 6-card deals from a full shoe per outcome (they add up to N!/(N-6)!; 13**6 for math.inf decks)."""
    return dict(zip(OUTCOMES, _enumerate(_check_decks(decks, limit=MAX_EXACT_DECKS), check_rule(rule))))


@functools.lru_cache(maxsize=128)
def _enumerate(decks: Union[int, float], rule: Rule) -> tuple[int, int, int]:
    """Player, banker and tie counts of exact_counts, enumerated over card classes with integer weights.

    The first four cards are taken as an unordered player pair and an unordered banker pair of classes (55 x 55
    rows for the casino rule), weighted by their orders and by the falling counts of the cards they use. A third
    card for the banker is never enumerated: per row, the cards left by banker total (a shifted histogram) and its
    running sum say at once how many of them make the banker's final total lower, equal or higher; the player's
    own third card, when it is the same kind, is taken back out. So a coup costs a few numpy steps on arrays of a
    few thousand entries.
    """
    cls = _classes(rule)
    values = cls.values
    k = len(values)
    finite = not math.isinf(decks)
    size = np.array([len(r) for r in cls.ranks], dtype=np.int64)
    count = size * 4 * decks if finite else size  # infinite: weights per 13 ranks, never depleted
    n_cards = int(count.sum())
    first, second = np.triu_indices(k)  # unordered pairs of classes
    orders = np.where(first == second, 1, 2)
    pair = np.arange(len(first))
    player, banker = np.repeat(pair, len(pair)), np.tile(pair, len(pair))
    cards = (first[player], second[player], first[banker], second[banker])
    kinds = np.arange(k)
    small = np.int32  # cards per class and per row fit; (rows, classes) arrays stay under 128 kB (no mmap per call)
    if finite:  # the falling counts: each card is one fewer of its kind for the cards after it
        ways = count[cards[0]] * (count[cards[1]] - (cards[1] == cards[0]))
        ways = ways * (count[cards[2]] - (cards[2] == cards[0]) - (cards[2] == cards[1]))
        ways = ways * (count[cards[3]] - (cards[3] == cards[0]) - (cards[3] == cards[1]) - (cards[3] == cards[2]))
        left = np.broadcast_to(count.astype(small), (len(player), k)).copy()
        for c in cards:
            left -= c[:, None] == kinds  # (rows, classes) left in the shoe
    else:
        ways = count[cards[0]] * count[cards[1]] * count[cards[2]] * count[cards[3]]
        left = np.broadcast_to(count.astype(small), (len(player), k))
    ways = ways * orders[player] * orders[banker]  # ordered deals of the first four cards
    p2 = (values[cards[0]] + values[cards[1]]) % 10
    b2 = (values[cards[2]] + values[cards[3]]) % 10
    natural = (p2 >= 8) | (b2 >= 8)
    stood = ~natural & (p2 >= 6)
    drew = ~natural & (p2 <= 5)
    b2c = np.minimum(b2, 7)
    banker_after_stand = stood & cls.draws_stood[b2c]
    s4 = _sums(ways, np.where(natural | (stood & ~banker_after_stand), _outcome_index(p2, b2), -1))
    # cards left per banker final total after one more card: left by point value, shifted by the banker's total
    if len(set(values.tolist())) == k:
        by_value = np.zeros((len(p2), 10), dtype=small)
        by_value[:, values] = left
    else:  # several classes share a point value (a rule that tells ranks apart)
        by_value = left @ (values[:, None] == np.arange(10)).astype(small)
    rows = np.arange(len(p2), dtype=small)[:, None] * 10
    finals = np.take(by_value, rows + (np.arange(10, dtype=small) - b2[:, None].astype(small)) % 10)
    below = np.cumsum(finals, axis=1, dtype=small) - finals  # cards that leave the banker below each total
    remaining = finals.sum(axis=1, dtype=small)

    def against(idx: np.ndarray, total: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Cards left for the banker's draw that make the player win, lose, tie with `total` (rows idx)."""
        flat = (idx * 10).reshape(idx.shape + (1,) * (total.ndim - idx.ndim)) + total
        win, tie = np.take(below, flat), np.take(finals, flat)
        return win, remaining[idx].reshape(flat.shape[:1] + (1,) * (flat.ndim - 1)) - win - tie, tie

    # the player stood, the banker draws the fifth card
    idx = np.flatnonzero(banker_after_stand)
    s5 = [int(ways[idx] @ n.astype(np.int64)) for n in against(idx, p2[idx])]
    # the player draws the fifth card; the table decides whether the banker draws the sixth. Per row first (the
    # counts of two cards fit in int32), then weighted by the row's ways (int64)
    idx = np.flatnonzero(drew)
    w, fifth = ways[idx], left[idx]
    final = (p2[idx, None] + values[None, :]) % 10
    draws = cls.draws[b2[idx]]
    stands = np.where(draws, -1, _outcome_index(final, b2[idx, None]))
    s5b = [int(w @ (fifth * (stands == o)).sum(axis=1, dtype=np.int64)) for o in range(3)]
    win, lose, tie = against(idx, final)
    if finite:  # the sixth card is not the fifth card itself
        own = (b2[idx, None] + values[None, :]) % 10
        win, lose, tie = win - (final > own), lose - (final < own), tie - (final == own)
    s6 = [int(w @ (fifth * n).sum(axis=1, where=draws, dtype=np.int64)) for n in (win, lose, tie)]
    tail4, tail5 = (n_cards - 4) * (n_cards - 5), n_cards - 5
    if not finite:
        tail4, tail5 = n_cards * n_cards, n_cards
    return tuple(s4[o] * tail4 + (s5[o] + s5b[o]) * tail5 + s6[o] for o in range(3))


def clear_caches() -> None:
    """Forget the enumerated counts (benchmarks time a computation from scratch this way)."""
    _enumerate.cache_clear()


def exact_odds(decks: Union[int, float] = 8, rule: Rule = banker_draws) -> dict[str, Fraction]:
    """Exact probabilities of "player", "banker", "tie" for a coup from a full shoe (enumeration by card value)."""
    counts = exact_counts(decks, rule)
    total = sum(counts.values())
    return {name: Fraction(n, total) for name, n in counts.items()}


def house_edge(bet: str, decks: Union[int, float] = 8, rule: Rule = banker_draws,
               commission: Fraction = Fraction(5, 100), tie_pays: int = 8) -> Fraction:
    """The house edge of a bet per coup, exactly: player 1:1, banker 1:1 less commission, tie `tie_pays` to 1."""
    if bet not in OUTCOMES:
        raise ValueError(f"bet must be one of {', '.join(OUTCOMES)}, not {bet!r}")
    for name, value, low, high in (("commission", commission, 0, 1), ("tie_pays", tie_pays, 0, 1000)):
        if isinstance(value, bool) or not isinstance(value, (Integral, float, Fraction)) \
                or not low <= value <= high:  # NaN fails the comparison too
            raise ValueError(f"{name} must be a number from {low} to {high}, not {value!r}")
    p = exact_odds(decks, rule)
    commission = Fraction(commission)
    if bet == "player":  # a tie pushes
        return p["banker"] - p["player"]
    if bet == "banker":
        return p["player"] - (1 - commission) * p["banker"]
    return 1 - (tie_pays + 1) * p["tie"]


# --- simulation -------------------------------------------------------------------------------------------
def _shoe_lookup(decks: Union[int, float], cls: _Classes) -> tuple[np.ndarray, np.ndarray]:
    """Point value and class of each card position in a full shoe (of each rank for an infinite deck)."""
    if math.isinf(decks):
        return cls.values.astype(np.int8)[cls.rank_class], cls.rank_class.astype(np.int8)
    size = np.array([len(r) for r in cls.ranks]) * 4 * decks
    card_class = np.repeat(np.arange(len(size), dtype=np.int8), size)
    return cls.values.astype(np.int8)[card_class], card_class


def _repeated(pos: np.ndarray) -> np.ndarray:
    """True for the columns of six positions that are not all different."""
    repeated = pos[0] == pos[1]
    for a in range(6):
        for b in range(max(a + 1, 2), 6):
            repeated |= pos[a] == pos[b]
    return repeated


def _deal_positions(n: int, decks: Union[int, float], n_cards: int, rng: np.random.Generator) -> np.ndarray:
    """(6, n) card positions: per coup six distinct cards drawn uniformly from its own full shoe."""
    dtype = np.int16 if n_cards <= np.iinfo(np.int16).max else np.int32
    pos = rng.integers(0, n_cards, size=(6, n), dtype=dtype)
    if math.isinf(decks):
        return pos  # an infinite deck: ranks drawn independently, repeats allowed
    todo = np.flatnonzero(_repeated(pos))
    while todo.size:  # rejection: draw again the coups whose six positions are not all different
        sub = rng.integers(0, n_cards, size=(6, todo.size), dtype=dtype)
        pos[:, todo] = sub
        todo = todo[_repeated(sub)]
    return pos


def _mod10(total: np.ndarray) -> np.ndarray:
    """int8 totals 0-18 reduced modulo 10 (arithmetic, faster than % or masked writes)."""
    return total - np.int8(10) * (total >= 10).view(np.int8)


def _final_totals(v: np.ndarray, k4: np.ndarray, cls: _Classes, with_cards_used: bool = False) -> tuple:
    """Final player and banker totals for columns of six int8 card values dealt in order (k4: class of card 5)."""
    p2 = _mod10(v[0] + v[2])
    b2 = _mod10(v[1] + v[3])
    natural = (p2 >= 8) | (b2 >= 8)
    pdraw = (p2 <= 5) & ~natural
    b2c = np.minimum(b2, np.int8(7))
    after_third = np.take(cls.draws.reshape(-1), b2c * np.int8(len(cls.values)) + k4)
    after_stand = np.take(cls.draws_stood, b2c)
    bdraw = ((pdraw & after_third) | (~pdraw & after_stand)) & ~natural
    pf = _mod10(p2 + v[4] * pdraw.view(np.int8))
    banker_third = v[4] + (v[5] - v[4]) * pdraw.view(np.int8)  # card 6 if the player drew, else card 5
    bf = _mod10(b2 + banker_third * bdraw.view(np.int8))
    if with_cards_used:
        return pf, bf, 4 + pdraw.view(np.int8) + bdraw.view(np.int8)
    return pf, bf


def _simulate_chunk(n: int, decks: Union[int, float], cls: _Classes, lookup, rng) -> tuple[np.ndarray, np.ndarray]:
    value_of, class_of = lookup
    pos = _deal_positions(n, decks, len(value_of), rng)
    return _final_totals(np.take(value_of, pos), np.take(class_of, pos[4]), cls)


def _play_vectorised(k: np.ndarray, cls: _Classes) -> np.ndarray:
    """Outcome index (0 player, 1 banker, 2 tie) of each column of six card classes dealt in order."""
    pf, bf = _final_totals(cls.values.astype(np.int8)[k], k[4], cls)
    return _outcome_index(pf, bf).astype(np.int8)


def _check_count(value: int, name: str, limit: int) -> int:
    """Validate a number of coups or shoes: a whole number from 0 to `limit`."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not 0 <= value <= limit:
        raise ValueError(f"{name} must be a whole number from 0 to {limit:,}, not {value!r}")
    return int(value)


def simulate_outcomes(coups: int, decks: Union[int, float] = 8, seed: Seed = None,
                      rule: Rule = banker_draws) -> np.ndarray:
    """Outcome of each simulated coup (0 player, 1 banker, 2 tie), every coup dealt from a fresh full shoe.

    At most MAX_OUTCOMES (10**8) coups (one byte each); up to 2**24 coups are dealt in one numpy step, more in
    steps of 2**22.
    """
    coups = _check_count(coups, "coups", MAX_OUTCOMES)
    decks = _check_decks(decks, limit=1000)
    rng = as_generator(seed)
    cls = _classes(check_rule(rule))
    lookup = _shoe_lookup(decks, cls)
    step = coups if coups <= 1 << 24 else 1 << 22
    out = np.empty(coups, dtype=np.int8)
    for start in range(0, coups, max(step, 1)):
        n = min(step, coups - start)
        pf, bf = _simulate_chunk(n, decks, cls, lookup, rng)
        out[start:start + n] = _outcome_index(pf, bf)
    return out


def simulate(coups: int, decks: Union[int, float] = 8, seed: Seed = None, rule: Rule = banker_draws,
             progress: Optional[bool] = None, chunk: int = 1 << 20) -> dict[str, int]:
    """Counts of "player", "banker", "tie" in simulated coups, vectorised; a progress bar for long runs.

    Each coup is dealt from its own full shoe without replacement: six distinct card positions are drawn
    uniformly (rows with a repeated position are drawn again), so the frequencies converge to `exact_odds`.
    `progress=None` shows a tqdm bar after a second (True: at once, False: never). At most MAX_COUPS (10**11).
    """
    coups = _check_count(coups, "coups", MAX_COUPS)
    if isinstance(chunk, bool) or not isinstance(chunk, int) or not 1 <= chunk <= 1 << 24:
        raise ValueError(f"chunk must be a whole number of coups from 1 to {1 << 24:,}, not {chunk!r}")
    decks = _check_decks(decks, limit=1000)
    rng = as_generator(seed)
    cls = _classes(check_rule(rule))
    counts = np.zeros(3, dtype=np.int64)
    sizes = [chunk] * (int(coups) // chunk) + ([int(coups) % chunk] if coups % chunk else [])
    lookup = _shoe_lookup(decks, cls)
    with LazyBar(coups, f"{decks}-deck coups", "coups", delay=0.0 if progress else 1.0,
                 show=progress is not False) as bar:
        for n in sizes:
            pf, bf = _simulate_chunk(n, decks, cls, lookup, rng)
            player, banker = np.count_nonzero(pf > bf), np.count_nonzero(pf < bf)
            counts += (player, banker, n - player - banker)
            bar.update(n)
    return {name: int(c) for name, c in zip(OUTCOMES, counts)}


def _play_shoes(order: np.ndarray, value_of: np.ndarray, class_of: np.ndarray, cut_card: int,
                cls: _Classes) -> np.ndarray:
    """Outcome counts (player, banker, tie) of dealing each row of `order` (a shuffled shoe) coup after coup."""
    shoes, n_cards = order.shape
    pos = np.zeros(shoes, dtype=np.intp)
    cut_out = np.zeros(shoes, dtype=bool)
    active = np.arange(shoes)
    counts = np.zeros(3, dtype=np.int64)
    flat, offsets = order.reshape(-1), np.arange(6)
    while active.size:
        cards = flat[(active * n_cards + pos[active])[:, None] + offsets]
        pf, bf, used = _final_totals(np.take(value_of, cards.T), np.take(class_of, cards[:, 4]), cls, True)
        player, banker = np.count_nonzero(pf > bf), np.count_nonzero(pf < bf)
        counts += (player, banker, active.size - player - banker)
        pos[active] += used
        last = cut_out[active]  # the cut card was out before this coup: it was the one more coup
        cut_out[active] = pos[active] >= n_cards - cut_card
        active = active[~last]
    return counts


def simulate_shoes(shoes: int, decks: int = 8, seed: Seed = None, cut_card: int = 16,
                   rule: Rule = banker_draws) -> dict[str, int]:
    """Counts of "player", "banker", "tie" from whole shoes dealt coup after coup, as a casino deals them.

    Each shoe is shuffled once and dealt until the cut card (`cut_card` cards from the end) comes out; that coup
    is finished and one more is dealt, as at BaccaratShoe. The shoes run side by side, one numpy step per coup.
    At most MAX_SHOES (10**7) shoes; a progress bar shows after a second.
    """
    shoes = _check_count(shoes, "shoes", MAX_SHOES)
    decks = _check_decks(decks, allow_infinite=False, limit=100)
    if isinstance(cut_card, bool) or not isinstance(cut_card, int) or not 11 <= cut_card < 52 * decks:
        raise ValueError(f"cut_card (cards behind it) must be from 11 to {52 * decks - 1}, not {cut_card!r}")
    cls = _classes(check_rule(rule))
    value_of, class_of = _shoe_lookup(decks, cls)
    rng = as_generator(seed)
    counts = np.zeros(3, dtype=np.int64)
    with LazyBar(shoes, f"{decks}-deck shoes", "shoes") as bar:
        for start in range(0, shoes, 10_000):  # 10 000 shoes of 8 decks take 8 MB at a time
            n = min(10_000, shoes - start)
            order = rng.permuted(np.tile(np.arange(len(value_of), dtype=np.int16), (n, 1)), axis=1)
            counts += _play_shoes(order, value_of, class_of, cut_card, cls)
            bar.update(n)
    return {name: int(c) for name, c in zip(OUTCOMES, counts)}


def frequencies(counts: dict[str, int]) -> dict[str, tuple[float, float]]:
    """Each outcome's share of the coups and its standard error sqrt(p(1-p)/n)."""
    if not isinstance(counts, dict) or not all(
            not isinstance(c, bool) and isinstance(c, (int, np.integer)) and c >= 0 for c in counts.values()):
        raise ValueError(f"counts must map outcomes to whole numbers of coups, 0 or more, not {counts!r}")
    n = sum(counts.values())
    if n == 0:
        raise ValueError("counts must contain at least one coup")
    return {k: (c / n, math.sqrt((c / n) * (1 - c / n) / n)) for k, c in counts.items()}
