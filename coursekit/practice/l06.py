"""Lesson 06's practice question (the test inside a period search: do the colours repeat with this length?) and its
predictions (issue 34)."""

from __future__ import annotations

import random

from coursekit.grading.cases import Case, Question, Slip, Sweep
from coursekit.practice.asks import GuessQuestion, PredictQuestion
from coursekit.subtraction import SubtractionGame, replay

MOVE_SETS = ((3, 5, 11), (3, 5, 8), (2, 4, 7), (3, 5, 9), (4, 6, 11), (1, 3, 4))


def colours(moves: tuple, count: int) -> list[bool]:
    """The colours of 0 .. count-1 for a move set: True for red (the player to move loses)."""
    game = SubtractionGame(moves)
    return [game.is_losing(n) for n in range(count)]


def repeats(colours: list, start: int, length: int) -> bool:
    """True when colours[n] == colours[n + length] for every n >= start whose partner n + length is in the list."""
    return all(colours[n] == colours[n + length] for n in range(start, len(colours) - length))


def fits(colours: list, start: int, length: int) -> bool:
    """The lesson's answer to the practice, with zip: each colour from start on, against the one length places
    further on."""
    return all(a == b for a, b in zip(colours[start:], colours[start + length:]))


def first_period(colours: list, max_start: int = 100, max_length: int = 50) -> tuple | None:
    """The smallest (start, length) under which the colours repeat: small starts, then small lengths."""
    for start in range(max_start):
        for length in range(1, max_length):
            if fits(colours, start, length):
                return start, length
    return None


def last_pair_left_out(colours: list, start: int, length: int) -> bool:
    """The slip of stopping one pair early: range(start, len(colours) - length - 1)."""
    return all(colours[n] == colours[n + length] for n in range(start, len(colours) - length - 1))


def start_ignored(colours: list, start: int, length: int) -> bool:
    """The slip of comparing from 0 whatever the start."""
    return repeats(colours, 0, length)


def random_windows(count: int = 60, seed: int = 6) -> list[tuple]:
    """Seeded (colours, start, length) of real move sets; about half of them repeat."""
    rng = random.Random(seed)
    cases = []
    for _ in range(count):
        moves = rng.choice(MOVE_SETS)
        game = SubtractionGame(moves)
        start, length = game.period()
        if rng.random() < 0.5:
            start, length = start + rng.randint(0, 3), length * rng.randint(1, 2)
        else:
            start, length = rng.randint(0, start + 2), rng.randint(1, length + 3)
        cases.append((colours(moves, rng.randint(start + length + 1, 80)), start, length))
    return cases


LAST_PAIR = "the last pair is left out: n runs up to len(colours) - length - 1, the last n whose partner is in the list"
START = "the start is ignored: compare from n = start on, not from 0"

QUESTIONS = [
    Question("06.p1", "repeats(colours, start, length): do the colours repeat with this length?", "function", cases=[
        Case("repeats([True, False, True, False, True, False], 0, 2)", True),
        Case("repeats([True, False, True, False, True, True], 0, 2)", False,
             label="repeats([True, False, True, False, True, True], 0, 2): only the last pair differs",
             slips=[Slip(LAST_PAIR, answer=True)]),
        Case("repeats([True, True, False, True, False], 1, 2)", True, slips=[Slip(START, answer=False)]),
        Sweep("repeats", random_windows, repeats, public=True, label="repeats on 60 colour lists of real move sets",
              slips=[Slip(LAST_PAIR, reference=last_pair_left_out), Slip(START, reference=start_ignored)]),
    ]),
]

GAME = SubtractionGame((3, 5, 11))
TABLE_1 = (22, 17, 12, 9, 6, 1)  # source text 003's Table 1: the numbers A and B produced, from 22
PLAYER = {1: "A", 2: "B"}


def table_1_finished():
    """Table 1's game played to its end: the player left at 1 must move below 0 (every move does)."""
    last = TABLE_1[-1]
    assert all(last - d < 0 for d in GAME.move_set)
    return replay([*TABLE_1, last - min(GAME.move_set)], GAME)


def table_1_winner() -> str:
    """Who wins the article's Table 1 game, as the choice reads."""
    return f"{PLAYER[table_1_finished().winner]} wins"


def table_1_luck() -> str:
    """Whether B could have won from 22: only if 22 is red (the player to move, A, loses) or B missed a win."""
    b_missed = "mistake" in table_1_finished().verdicts()[1::2]
    if GAME.is_losing(TABLE_1[0]) or b_missed:
        return "yes: B had a winning move somewhere and missed it"
    return "no: from 22, A can force a win whatever B does"


def colour_of_eight() -> str:
    """8's colour by backward induction, as the choice reads."""
    return ("red: both moves from 8 reach blue numbers" if GAME.is_losing(8)
            else "blue: from 8 you can still move")


def colours_without_11() -> str:
    """Which numbers change colour when the move 11 is removed (checked up to 1000), as the choice reads."""
    changed = [n for n in range(1000) if SubtractionGame((3, 5)).is_losing(n) != GAME.is_losing(n)]
    if not changed:
        return "none: every number keeps its colour"
    return ("only the numbers from 11 on" if min(changed) >= 11
            else "many: with fewer moves there are fewer wins, so more numbers turn red")


PREDICTIONS = [
    PredictQuestion(
        "06.who-wins", "The article's game went 22, 17, 12, 9, 6, 1 (A produced 17, 9 and 1). Who wins?",
        {"A wins": "B must now subtract 3, 5 or 11 from 1, and every move goes below 0, which loses.",
         "B wins": "Only a player who produces exactly 0 wins at once; but a player who must move from 1 or 2 "
                   "goes below 0 and loses.",
         "nobody yet: the game goes on": "The table stops at 1, but every move from 1 goes below 0: "
                                         "the game is already decided."},
        answer=table_1_winner, then="Run the next cell: it replays the game by the rules, B's forced last move too.",
        tells=("Player 1, A, wins", "B -2")),
    PredictQuestion(
        "06.luck", "Starting from 22, could B have won the article's game by choosing other moves?",
        {"yes: B had a winning move somewhere and missed it":
             "Look at B's verdicts below: at 17, 9 and 1 B never had a win to take.",
         "no: from 22, A can force a win whatever B does":
             "A's first move 22 - 5 = 17 left B on a number from which every move hands A a winning reply, "
             "and A kept doing that.",
         "it was luck: the game has chance in it":
             "Apart from the start number nothing is random: both players see everything and choose."},
        answer=table_1_luck, then="Run the next cell: it shows each move's verdict.",
        tells=("'win', 'no win', 'win'",)),
    GuessQuestion(
        "06.tree-100", "How many nodes has the full game tree from n = 100?",
        answer=lambda: GAME.game_tree_size(100), close=0.5,
        high="The tree grows by the same factor for each step of n. From 20 it has 184 nodes, from 30 1,357: "
             "about 7.4 times as many for 10 steps; from 30 to 100 that factor comes 7 times more.",
        low="The tree grows by the same factor for each step of n, so it grows exponentially: from 20 it has 184 "
            "nodes, from 30 1,357, about 7.4 times as many; from 30 to 100 multiply by that factor 7 times.",
        explain="The tree grows by a factor of about 1.23 for each step of n: "
                "70 steps from 30 to 100 multiply 1,357 by about 1.23 ** 70.",
        then="Run the next cell: it counts the trees from 10 to 100.",
        tells=("2.5 billion",)),
    PredictQuestion(
        "06.eight", "0, 1 and 2 are red; 3, 4, 5, 6 and 7 are blue. What colour is 8 (moves 3, 5 and 11)?",
        {"blue: from 8 you can still move": "Having a move is not enough: a number is blue only when some move "
                                            "reaches a red number.",
         "red: both moves from 8 reach blue numbers":
             "8 - 3 = 5 and 8 - 5 = 3 are blue, and 11 is too big: "
             "whatever the mover does, the opponent gets a blue number.",
         "blue: 8 - 11 is below 0, so the opponent loses": "Going below 0 loses for the player who does it, "
                                                          "so that is no winning move for the player at 8."},
        answer=colour_of_eight, then="Run the next cell: it colours 3 to 14 step by step.",
        tells=("8: reaches 5 blue, 3 blue", "0 1 2 8 9 10")),
    PredictQuestion(
        "06.without-11", "Remove the move 11: the game has only the moves 3 and 5. Which numbers change colour?",
        {"many: with fewer moves there are fewer wins, so more numbers turn red":
             "Fewer moves can turn blue numbers red, but only if 11 was some blue number's only winning move.",
         "none: every number keeps its colour":
             "11 = 8 + 3: from any n, subtracting 11 reaches the colour that subtracting 3 reaches, "
             "so 11 never offers a win that 3 does not.",
         "only the numbers from 11 on": "Below 11 the move 11 does not exist, so those colours cannot change; "
                                        "from 11 on the question is whether 11 was ever needed."},
        answer=colours_without_11, then="Run the next cell: it checks every number up to 1000.",
        tells=("11 is superfluous", "11 never offers a win that 3 does not", "11 (= 8 + 3) adds nothing")),
]

TELLS = {"06.p1": ("len(colours) - length",)}
