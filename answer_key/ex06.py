"""Exercise set 06, the 3-5-11 game (source text 003's own exercises): continue() for any move set, the mod-8 rule,
which extra moves change no colour, and why (mod 8)."""

from __future__ import annotations

import random

from coursekit.grading.cases import Case, IsA, Question, Slip, Sweep, Written
from coursekit.subtraction import SOURCE_MOVES, SOURCE_RED_BELOW_80, SubtractionGame, optimal

FIRST_MOVES_FROM = 100  # question 4's start for A's winning first moves
HARMLESS_UP_TO = 30  # question 5: the extra moves d = 1 .. 30 tried


def sets_reference(moves: tuple, limit: int) -> tuple:
    """The source's sets A (red) and B (blue) below `limit`, from coursekit's backward induction."""
    game = SubtractionGame(moves)
    return game.losing_positions(limit), game.winning_positions(limit)


def random_move_sets(count: int = 60, seed: int = 6) -> list[tuple]:
    """Seeded random move sets of 1 to 4 distinct numbers from 1 to 15, each with a limit from 1 to 90."""
    rng = random.Random(seed)
    return [(tuple(sorted(rng.sample(range(1, 16), rng.randint(1, 4)))), rng.randint(1, 90)) for _ in range(count)]


def sets_by_rule(moves: tuple, limit: int, start: int = 0, seeded: tuple = (), zero_wins: bool = True) -> tuple:
    """continue() with its slips as switches: from `start` on, after a hand-made start `seeded` (its A), and
    with or without a move to exactly 0 counted as reaching A."""
    a, b = [n for n in seeded if n < limit], [n for n in range(len(seeded), min(start, limit)) if n not in seeded]
    red = set(a)
    for n in range(start, limit):
        if any(n - d in red for d in moves if (d <= n if zero_wins else d < n)):
            b.append(n)
        else:
            a.append(n)
            red.add(n)
    return sorted(a), sorted(b)


def sets_up_to_n(moves: tuple, limit: int) -> tuple:
    """The slip of classifying 0 .. N (N included)."""
    return sets_reference(moves, limit + 1)


def sets_swapped(moves: tuple, limit: int) -> tuple:
    """The slip of returning (B, A)."""
    a, b = sets_reference(moves, limit)
    return b, a


def sets_zero_not_a_win(moves: tuple, limit: int) -> tuple:
    """The slip of `d < n`: a move that makes exactly 0 is not seen as reaching A."""
    return sets_by_rule(moves, limit, zero_wins=False)


def sets_seed_start(moves: tuple, limit: int) -> tuple:
    """The slip of starting from the source's hand-made A = {0, 1, 2}, B = {3} whatever the move set."""
    return sets_by_rule(moves, limit, start=4, seeded=(0, 1, 2))


def sets_without_zero(moves: tuple, limit: int) -> tuple:
    """The slip of starting at 1: 0 is left out of A (and 3-style moves to 0 do not count)."""
    a, b = sets_by_rule(moves, limit, start=1, seeded=())
    return a, b


def table_five_on_remainder_five(n: int) -> int:
    """The slip of taking 5 on remainder 5 (it also wins, but the question asks for the smaller, 3)."""
    return 5 if n % 8 in (5, 6, 7) else 3


def table_one_based(n: int) -> int:
    """The slip of reading R's switch(n %% 8 + 1, ...) as if it were n %% 8: every remainder shifted by one."""
    return 5 if n % 8 in (5, 6) else 3


def table_takes_n_itself(n: int) -> int:
    """The slip of taking n itself when it is a move (5 or 11 at once) instead of Table 2's move."""
    return n if n in SOURCE_MOVES else optimal(n)


def table_gives_up(n: int):
    """The slip of returning None (or no move) where no win can be forced."""
    return None if n % 8 <= 2 else optimal(n)


def period_of(moves: tuple) -> tuple:
    """(start, length) of a move set, from coursekit."""
    return SubtractionGame(moves).period()


def b_wins(moves: tuple = SOURCE_MOVES, low: int = 1, high: int = 100) -> int:
    """How many starts low..high B (the second player) can force a win from: the red ones."""
    game = SubtractionGame(moves)
    return sum(game.is_losing(n) for n in range(low, high + 1))


def harmless(limit: int = 1000, moves: tuple = SOURCE_MOVES, low: int = 1, high: int = HARMLESS_UP_TO) -> tuple:
    """Every d in low..high whose move added to `moves` leaves the red numbers below `limit` as they are."""
    red = SubtractionGame(moves).losing_positions(limit)
    return tuple(d for d in range(low, high + 1)
                 if SubtractionGame(tuple(sorted({*moves, d}))).losing_positions(limit) == red)


def first_moves(n: int, moves: tuple = SOURCE_MOVES) -> tuple:
    """A's winning first moves from n: every move that leaves a red number >= 0."""
    return SubtractionGame(moves).winning_moves(n)


PERIOD_SETS = ((3, 5, 8), (3, 5, 11), (2, 3), (2, 4, 7), (3, 5, 9), (1, 5, 6), (2, 7))  # graded (hidden)
B_TOPS = (100, 10, 37, 64, 250)  # b_wins_up_to graded at these (hidden); 100 is the public question
HARMLESS_SETS = ((3, 5, 11), (3, 5, 8), (2, 3), (1, 4), (2, 7))  # harmless_with graded on these (hidden)


CONTINUE_SLIPS = [
    Slip("this classifies 0, 1, ..., N; the sets hold the numbers 0 <= n < N (N itself left out)",
         reference=sets_up_to_n),
    Slip("A and B are swapped: A (red) holds the numbers where the player to move loses, 0 among them",
         reference=sets_swapped),
    Slip("a move that makes exactly 0 wins: n - d = 0 is in A, so allow d <= n, not only d < n",
         reference=sets_zero_not_a_win),
    Slip("this starts from the source's hand-made A = {0, 1, 2}, B = {3}, which fits 3-5-11 only: work it out from "
         "0 for any move set", reference=sets_seed_start),
    Slip("0 belongs to A: the player to move at 0 has already lost (start the loop at 0, not at 1)",
         reference=sets_without_zero),
]
BEST_MOVE_SLIPS = [
    Slip("on remainder 5 both 3 and 5 win; the question asks for the smaller one, as nextMove.optimal does",
         reference=table_five_on_remainder_five),
    Slip("the remainders are shifted by one, as when R's switch(n %% 8 + 1, ...) is read as n %% 8",
         reference=table_one_based),
    Slip("this takes n itself when n is a move; Table 2 chooses by n % 8 alone", reference=table_takes_n_itself),
    Slip("where no win can be forced the question still wants a move: subtract 3 so the game lasts",
         reference=table_gives_up),
]
PERIOD_SLIPS = [
    Slip("start and length are swapped: the tuple is (start, length)",
         answer=lambda: period_of((3, 5, 8))[::-1]),
    Slip("this is the period of the 3-5-11 game; the question asks about the move set (3, 5, 8)",
         answer=lambda: period_of(SOURCE_MOVES)),
    Slip("this length repeats, but it is not the smallest: try shorter lengths first",
         answer=lambda: (period_of((3, 5, 8))[0], 2 * period_of((3, 5, 8))[1])),
    *(Slip("this is the period of (3, 5, 9) or (3, 5, 7): check the move set (3, 5, 8)",
           answer=lambda moves=moves: period_of(moves)) for moves in ((3, 5, 9), (3, 5, 7))),
]
B_WINS_SLIPS = [
    Slip("this counts n = 0 too; the starts are 1, 2, ..., 100", answer=lambda: b_wins(low=0)),
    Slip("this counts the starts A (the first player) can win from; the question asks for B",
         answer=lambda: 100 - b_wins()),
]
FIRST_MOVES_SLIPS = [
    Slip("this is only Table 2's move; the question asks for every winning first move",
         answer=lambda: (optimal(FIRST_MOVES_FROM),)),
    Slip("this uses the move set (3, 5, 12); the game subtracts 3, 5 or 11",
         answer=lambda: first_moves(FIRST_MOVES_FROM, (3, 5, 12))),
    Slip("these are the moves that leave a blue number: a winning move leaves B on a red one (in A)",
         answer=lambda: tuple(d for d in SOURCE_MOVES if d not in first_moves(FIRST_MOVES_FROM))),
]

HARMLESS_SLIPS = [
    Slip("these are only the moves with 11's remainder mod 8; another remainder can leave every colour as it is too: "
         "test each d, not the analogy with 11",
         answer=lambda: tuple(d for d in range(1, HARMLESS_UP_TO + 1) if d % 8 == 3)),
    Slip("these are only the remainders of the moves 3 and 5 (and 11); a move with another remainder can be harmless "
         "too: test each d", answer=lambda: tuple(d for d in range(1, HARMLESS_UP_TO + 1) if d % 8 in (3, 5))),
    Slip("the comparison stops too early: a new move d first changes a colour at some n >= d, so compare the red "
         "numbers well past 30", answer=lambda: harmless(limit=HARMLESS_UP_TO + 1)),
    Slip("3, 5 and 11 are left out: adding a move the game already has changes nothing, so they count",
         answer=lambda: tuple(d for d in harmless() if d not in SOURCE_MOVES)),
]

QUESTIONS = [
    Question("06.q1", "continue_sets(moves, N): the source's sets A and B for any move set", "function", [
        Case("continue_sets((3, 5, 11), 23)",
             ([0, 1, 2, 8, 9, 10, 16, 17, 18], [3, 4, 5, 6, 7, 11, 12, 13, 14, 15, 19, 20, 21, 22])),
        Case("continue_sets((3, 5, 11), 80)[0]", list(SOURCE_RED_BELOW_80),
             label="continue_sets((3, 5, 11), 80)[0], the set A the seed prints"),
        Case("continue_sets((3, 5), 80) == continue_sets((3, 5, 11), 80)", True,
             label="d = (3, 5) gives the same sets as (3, 5, 11) (the source's exercise 2)"),
        Case("continue_sets((2,), 7)", ([0, 1, 4, 5], [2, 3, 6])),
        Sweep("continue_sets", random_move_sets, sets_reference, points=3,
              label="continue_sets on 60 random move sets", slips=CONTINUE_SLIPS),
    ], objective="06.1"),
    Question("06.q2", "best_move(n): the mod-8 rule of Table 2", "function", [
        Case("best_move(22)", 5),
        Case("best_move(44)", 3),
        Case("best_move(13)", 3),
        Case("best_move(16)", 3, label="best_move(16): red, no win; play 3 to last longest"),
        Sweep("best_move", lambda: [(n,) for n in range(1, 400)], optimal, points=2,
              label="best_move(n) for n = 1..399", slips=BEST_MOVE_SLIPS),
    ], course_code=("coursekit.subtraction.optimal", "coursekit.subtraction.optimal_for",
                    "coursekit.subtraction.SubtractionGame"), objective="06.2"),
    Question("06.q3", "period(moves), and the period of the move set (3, 5, 8)", "number", [
        # a tuple or a list: the order is what the question asks, as in 06.q4 and 11.q5
        Case("period((3, 5, 8))", lambda: period_of((3, 5, 8)), points=0, slips=PERIOD_SLIPS),
        Sweep("period", lambda: [(m,) for m in PERIOD_SETS], period_of, points=3, public=False,
              label=f"period(moves) for {len(PERIOD_SETS)} hidden move sets",
              slips=[Slip("start and length are swapped: the tuple is (start, length)",
                          reference=lambda moves: period_of(moves)[::-1])]),
    ], objective="06.3"),
    Question("06.q4", "b_wins_up_to(top): how many starts B can force a win from, and A's winning first moves from 100",
             "number", [
                 IsA("b_wins_up_to(100)", int, points=0),
                 Case("b_wins_up_to(100)", b_wins, points=0, slips=B_WINS_SLIPS),
                 Sweep("b_wins_up_to", lambda: [(t,) for t in B_TOPS], lambda top: b_wins(high=top), points=2,
                       public=False, label=f"b_wins_up_to(top) for {len(B_TOPS)} hidden tops", slips=[
                           Slip("this counts n = 0 too; the starts are 1, 2, ..., top",
                                reference=lambda top: b_wins(low=0, high=top)),
                           Slip("this counts the starts A (the first player) can win from; the question asks for B",
                                reference=lambda top: top - b_wins(high=top)),
                       ]),
                 Case("a_first_moves_100", lambda: first_moves(FIRST_MOVES_FROM), points=1, public=False,
                      slips=FIRST_MOVES_SLIPS),
             ], objective="06.4"),
    Question("06.q5", "harmless_with(moves): the extra moves d = 1..30 that leave every colour unchanged", "number", [
        # a tuple or a list, in increasing order
        Case("harmless_with((3, 5, 11))", harmless, points=0, slips=HARMLESS_SLIPS),
        Sweep("harmless_with", lambda: [(m,) for m in HARMLESS_SETS], lambda moves: harmless(moves=moves), points=3,
              public=False, label=f"harmless_with(moves) for {len(HARMLESS_SETS)} hidden move sets"),
    ], objective="06.5"),
    Question("06.q6", "why those extra moves change no colour, and why the others do (remainders mod 8)", "written",
             [Written("why_harmless")], objective="06.5"),
]
