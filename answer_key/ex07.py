"""Exercise set 07, strategies and playouts (source text 003): the random player fixed, who won, exact random play."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache

from coursekit.grading.cases import Case, IsA, Probe, Question, Slip, Sweep, Written
from coursekit.stats import wilson_interval as wilson_reference
from coursekit.subtraction import SOURCE_MOVES, mixed, optimal, playout, random_player, replay

SEED_FIGURE_8 = (50, 45, 42, 39, 34, 31, 26, 23, 18, 13, 10, 7, 4, 1, -2)  # source text 003, Abbildung 8


@lru_cache(maxsize=None)
def uniform_win_chance(n: int, moves: tuple = SOURCE_MOVES) -> Fraction:
    """Exact chance that the player to move at n wins when both players pick uniformly from all moves."""
    total = Fraction(0)
    for d in moves:
        rest = n - d
        total += 1 if rest == 0 else 0 if rest < 0 else 1 - uniform_win_chance(rest, moves)
    return total / len(moves)


@lru_cache(maxsize=None)
def chance_by_rule(n: int, moves: tuple = SOURCE_MOVES, own_view: bool = False, below_wins: bool = False,
                   safe_only: bool = False) -> Fraction:
    """uniform_win_chance with its slips as switches: the next player's chance taken as the mover's own
    (`own_view`), a move below 0 counted as a win (`below_wins`), or only moves that stay at or above 0 and a win
    taken at once (`safe_only`, the repaired random player of question 1)."""
    if safe_only:
        if n in moves:
            return Fraction(1)
        moves = tuple(d for d in moves if d <= n) or moves[:1]
    total = Fraction(0)
    for d in moves:
        rest = n - d
        if rest == 0 or (rest < 0 and below_wins):
            total += 1
        elif rest > 0:
            after = chance_by_rule(rest, SOURCE_MOVES if safe_only else moves, own_view, below_wins, safe_only)
            total += after if own_view else 1 - after
    return total / len(moves)


def _moves_at(n: int, calls: int = 600) -> str:
    """An expression for the learner's side: `calls` moves of fixed_random_move at n with one seeded rng."""
    return f"(lambda rng: [fixed_random_move({n}, rng) for _ in range({calls})])(random.Random(7))"


def _counts(moves: list) -> dict:
    seen: dict = {}
    for d in moves:
        seen[d] = seen.get(d, 0) + 1
    return dict(sorted(seen.items(), key=lambda kv: _order(kv[0])))


def _order(value) -> tuple:
    """Numbers first in numeric order, then anything else by its repr (a learner may return anything)."""
    return (0, value, "") if type(value) is int else (1, 0, repr(value))


NEVER_11 = "never subtracts 11: this is the source's bug (n > 5 || n < 11 is always true)"
SAME_MOVE = "the same move every time: draw a new move with rng.choice on every call"


def _uses_every_move(moves: list) -> tuple:
    seen = _counts(moves)
    ok = set(seen) == {3, 5, 11} and all(0.25 < c / len(moves) < 0.42 for c in seen.values())
    slip = NEVER_11 if set(seen) == {3, 5} else SAME_MOVE if len(seen) == 1 else ""
    return ok, "600 moves at n = 30", "3, 5 and 11, each about 1/3 of the time", seen, slip


def _stays_at_or_above_zero(moves: list) -> tuple:
    seen = _counts(moves)
    slip = "subtracts 11 at n = 8, which goes below 0: choose among the moves d <= n" if 11 in seen else ""
    return set(seen) == {3, 5}, "600 moves at n = 8", "3 and 5 (11 would go below 0)", sorted(seen, key=_order), slip


def no_win_first(n: int) -> int:
    """The slip of drawing at random even when n itself is a move (rng = random.Random(1), as in the cases)."""
    return random.Random(1).choice(tuple(d for d in SOURCE_MOVES if d <= n))


def uniform_player(n: int, rng: random.Random) -> int:
    """Pure chance: any of 3, 5 and 11, even one that goes below 0."""
    return rng.choice(SOURCE_MOVES)


def random_courses(count: int = 150) -> list[tuple]:
    """Finished courses of seeded random games, as one-argument tuples."""
    return [(list(playout(random_player, random_player, seed=i).course),) for i in range(count)]


def mixed_courses(count: int = 240) -> list[tuple]:
    """Finished courses of seeded games between random, pure-chance, optimal and mixed players (courses that end
    at exactly 0 and below it, pass through every remainder mod 8, and hold mistakes of both players)."""
    kinds = [random_player, uniform_player, optimal, mixed(0.5)]
    out = []
    for i in range(count):
        first, second = kinds[i % 4], kinds[(i // 4) % 4]
        out.append(list(playout(first, second, start=range(1, 61), seed=1000 + i).course))
    return out


def mistakes_inputs() -> list[tuple]:
    """(course, player) for both players of every mixed course, and of the source's Abbildung 8."""
    courses = mixed_courses() + [list(SEED_FIGURE_8)]
    return [(course, player) for course in courses for player in (1, 2)]


def winner_inputs() -> list[tuple]:
    """Random courses and pure-chance ones (many end below 0)."""
    return random_courses() + [(course,) for course in mixed_courses()]


def winner_reference(course: list) -> int:
    """The winner by the rules, from coursekit."""
    return replay(course).winner


def last_mover(course: list) -> int:
    """Player 1 makes the 1st, 3rd, ... move."""
    return 1 if (len(course) - 1) % 2 == 1 else 2


def winner_seed_bug(course: list) -> int:
    """The source's playout(): always the player who did not move last, as if every game ended below 0."""
    return 3 - last_mover(course)


def winner_last_mover(course: list) -> int:
    """The slip of letting the last mover win even when it went below 0."""
    return last_mover(course)


def winner_parity_swapped(course: list) -> int:
    """The slip of counting the numbers instead of the moves: the right rule with players 1 and 2 swapped."""
    return 3 - winner_reference(course)


def mistakes_by_rule(course: list, player: int, low: int = 3, zero_is_mistake: bool = False,
                     negative_by_remainder: bool = False, from_red_too: bool = False) -> int:
    """Player's mistakes with the slips as switches: the winning remainders from `low` to 7, a move to exactly 0
    counted as a mistake, a number below 0 coloured by its remainder, moves from red numbers counted too."""
    count = 0
    for before, after in zip(course[player - 1::2], course[player::2]):
        winning = low <= before % 8 <= 7
        red = (after >= 0 or negative_by_remainder) and after % 8 <= 2 and not (zero_is_mistake and after == 0)
        count += (winning or from_red_too) and not red
    return count


def mistakes_reference(course: list, player: int) -> int:
    """The player's mistakes, from coursekit's replay."""
    return replay(course).mistakes(player)


def mistakes_misses_3(course: list, player: int) -> int:
    """The slip `before % 8 > 3`: positions 3 mod 8 are left out."""
    return mistakes_by_rule(course, player, low=4)


def mistakes_zero(course: list, player: int) -> int:
    """The slip of counting a move to exactly 0 (a win) as a mistake."""
    return mistakes_by_rule(course, player, zero_is_mistake=True)


def mistakes_other_player(course: list, player: int) -> int:
    """The slip of taking the other player's moves."""
    return mistakes_by_rule(course, 3 - player)


def mistakes_negative(course: list, player: int) -> int:
    """The slip of colouring a number below 0 by its remainder (-7 % 8 is 1, 'red')."""
    return mistakes_by_rule(course, player, negative_by_remainder=True)


def mistakes_from_red(course: list, player: int) -> int:
    """The slip of counting moves from red numbers too."""
    return mistakes_by_rule(course, player, from_red_too=True)


WIN_STARTS = (22, 1, 3, 8, 11, 16, 30, 47, 64)  # win(n) graded at these (hidden); 22 is the public question
MISTAKE_SLIPS = [
    Slip("this misses the positions 3 mod 8: remainders 3, 4, 5, 6 and 7 are all winning",
         reference=mistakes_misses_3),
    Slip("a move that makes exactly 0 wins the game: 0 is red, so it is never a mistake", reference=mistakes_zero),
    Slip("these are the other player's moves: player 1 makes the 1st, 3rd, ... move, player 2 the 2nd, 4th, ...",
         reference=mistakes_other_player),
    Slip("a number below 0 is never red, whatever its remainder (-7 % 8 is 1 in Python)",
         reference=mistakes_negative),
    Slip("a move from a red number is never a mistake: there was no win to throw away",
         reference=mistakes_from_red),
]
FIGURE_8_SLIPS = [
    Slip("this counts player 1's moves: player 2 makes the 2nd, 4th, ... move",
         answer=lambda: mistakes_other_player(list(SEED_FIGURE_8), 2)),
    Slip("this counts moves from red numbers too: a mistake throws away a win",
         answer=lambda: mistakes_from_red(list(SEED_FIGURE_8), 2)),
]
CHANCE_SLIPS = [
    Slip("after your move the chance at n - d is your opponent's: the mover's chance is 1 minus it",
         answer=lambda: chance_by_rule(22, own_view=True)),
    Slip("this is player 2's chance; the question asks for player 1, who moves first",
         answer=lambda: 1 - uniform_win_chance(22)),
    Slip("here a move below 0 counts as a win; going below 0 loses",
         answer=lambda: chance_by_rule(22, below_wins=True)),
    Slip("this is the repaired random player of question 1 (wins at once, never below 0); here both players pick "
         "3, 5 or 11 uniformly on every move", answer=lambda: chance_by_rule(22, safe_only=True)),
    Slip("this leaves out 11, like the source's random player: both players pick 3, 5 or 11",
         answer=lambda: uniform_win_chance(22, (3, 5))),
]
WINNER_SLIPS = [
    Slip("this is the source's bug: the player who did not move last is named even when the last move made exactly 0",
         reference=winner_seed_bug),
    Slip("the last mover wins only by making exactly 0; a move below 0 loses", reference=winner_last_mover),
    Slip("players 1 and 2 are swapped: count the moves (the numbers after the start), not the numbers",
         reference=winner_parity_swapped),
]
def wilson_by_rule(wins: int, games: int, z: float = 1.96, wald: bool = False, no_shrink: bool = False) -> tuple:
    """The Wilson interval with its slips as switches: the normal (Wald) interval p +- z sqrt(p(1-p)/n), another
    z (1.645 is 90%), or the centre and half-width left undivided by 1 + z^2/n (`no_shrink`)."""
    p = wins / games
    if wald:
        half = z * (p * (1 - p) / games) ** 0.5
        return (p - half, p + half)
    shrink = 1 if no_shrink else 1 + z * z / games
    centre = (p + z * z / (2 * games)) / shrink
    half = z * (p * (1 - p) / games + z * z / (4 * games * games)) ** 0.5 / shrink
    return (centre - half, centre + half)


def wilson_inputs() -> list[tuple]:
    """(wins, games): all wins at small game counts, none and all at larger ones, and seeded random rates."""
    rng = random.Random(74)
    small = [(w, g) for g in (1, 2, 3, 5, 10) for w in range(g + 1)]
    edges = [(0, g) for g in (20, 100, 1000)] + [(g, g) for g in (20, 100, 1000)]
    rand = []
    for _ in range(60):
        g = rng.choice((7, 30, 50, 200, 1000, 5000))
        rand.append((rng.randint(0, g), g))
    return small + edges + rand


WILSON_SLIPS = [
    Slip("this is the normal (Wald) interval p +- 1.96 sqrt(p(1-p)/n); Wilson's centre and width are shrunk towards "
         "1/2 by 1 + z^2/n", reference=lambda w, g: wilson_by_rule(w, g, wald=True)),
    Slip("this is a 90% interval (z = 1.645); 95% takes z = 1.96", reference=lambda w, g: wilson_by_rule(w, g, 1.645)),
    Slip("both the centre and the half-width are divided by 1 + z^2/n", reference=lambda w, g: wilson_by_rule(
        w, g, no_shrink=True)),
    Slip("low first, then high", reference=lambda w, g: wilson_reference(w, g)[::-1]),
]
TAKE_THE_WIN = "n itself is a move here: take it at once (it makes 0 and wins)"
NO_MOVE = "when every move goes below 0, the question says: subtract 3"


QUESTIONS = [
    Question("07.q1", "fixed_random_move(n, rng): the random player as the seed meant it", "function", [
        Case("fixed_random_move(11, random.Random(1))", 11,
             slips=[Slip(TAKE_THE_WIN, answer=lambda: no_win_first(11))]),
        Case("fixed_random_move(5, random.Random(1))", 5,
             slips=[Slip(TAKE_THE_WIN, answer=lambda: no_win_first(5))]),
        Case("fixed_random_move(4, random.Random(1))", 3),
        Case("fixed_random_move(2, random.Random(1))", 3,
             slips=[Slip(NO_MOVE, answer=lambda wrong=wrong: wrong) for wrong in (None, 0, 2, 5, 11)]),
        Probe("every move at n = 30", _moves_at(30), _uses_every_move, points=2),
        Probe("no move below 0 at n = 8", _moves_at(8), _stays_at_or_above_zero, points=1, public=False),
    ], objective="07.1"),
    Question("07.q2", "winner(course): who won a finished game", "function", [
        Case("winner([22, 17, 12, 9, 6, 1, -2])", 1),
        Case("winner([8, 5, 0])", 2),
        Case("winner([11, 0])", 1),
        Case("winner([2, -1])", 2),
        Sweep("winner", winner_inputs, winner_reference, points=2,
              label="winner on 390 random games", slips=WINNER_SLIPS),
    ], course_code=('coursekit.subtraction.replay',), objective="07.3"),
    Question("07.q3", "win(n), and the exact chance that player 1 wins from 22 when both play at random", "number", [
        IsA("win(22)", Fraction, points=0),
        Case("win(22)", lambda: uniform_win_chance(22), points=0, slips=CHANCE_SLIPS),
        Sweep("win", lambda: [(n,) for n in WIN_STARTS], uniform_win_chance, points=3, public=False,
              label=f"win(n) at {len(WIN_STARTS)} hidden starts", slips=[
                  Slip("after your move the chance at n - d is your opponent's: the mover's chance is 1 minus it",
                       reference=lambda n: chance_by_rule(n, own_view=True)),
                  Slip("here a move below 0 counts as a win; going below 0 loses",
                       reference=lambda n: chance_by_rule(n, below_wins=True)),
              ]),
    ], course_code=('coursekit.subtraction.random_player', 'coursekit.subtraction.playout'), objective="07.2"),
    Question("07.q4", "mistakes(course, player), and player 2's mistakes in the source's Abbildung 8", "number", [
        Case(f"mistakes({list(SEED_FIGURE_8)}, 2)", lambda: mistakes_reference(list(SEED_FIGURE_8), 2),
             label="mistakes(course, 2) in the course of Abbildung 8", points=0, slips=FIGURE_8_SLIPS),
        Sweep("mistakes", mistakes_inputs, mistakes_reference, points=2, public=False,
              label="mistakes(course, player) on 241 games, both players", slips=MISTAKE_SLIPS),
    ], course_code=('coursekit.subtraction.replay',), objective="07.3"),
    Question("07.q5", "a reader's fix of the R random player: what does it play?", "written",
             [Written("why_never_11")], objective="07.5"),
    Question("07.q6", "wilson_interval(wins, games): a win rate's 95% interval", "function", [
        Case("wilson_interval(30, 50)", lambda: wilson_reference(30, 50), points=0, tol=1e-9,
             slips=[Slip(s.says, answer=lambda s=s: s.reference(30, 50)) for s in WILSON_SLIPS]),
        Case("wilson_interval(0, 10)", lambda: wilson_reference(0, 10), points=0, tol=1e-9,
             label="wilson_interval(0, 10): no wins is not a rate of exactly 0"),
        Sweep("wilson_interval", wilson_inputs, wilson_reference, points=2, public=False, tol=1e-9,
              label=f"wilson_interval on {len(wilson_inputs())} hidden (wins, games)", slips=WILSON_SLIPS),
    ], course_code=('coursekit.stats.wilson_interval',), objective="07.4"),
]
