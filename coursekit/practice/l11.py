"""Lesson 11's practice question (the percentile bootstrap interval from resampled shares, a faded example) and its
predictions (issue 34)."""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from coursekit.grading.cases import Case, Question, Slip
from coursekit.practice.asks import PredictQuestion


def share_interval(shares) -> tuple:
    """The middle 95% of resampled shares: their 2.5% and 97.5% percentiles, as a pair of floats."""
    low, high = np.percentile(np.asarray(shares, dtype=float), [2.5, 97.5])
    return float(low), float(high)


def ninety(shares) -> tuple:
    """The slip of the middle 90% (percentiles 5 and 95)."""
    low, high = np.percentile(np.asarray(shares, dtype=float), [5, 95])
    return float(low), float(high)


def extremes(shares) -> tuple:
    """The slip of the smallest and largest share (all of them, not the middle 95%)."""
    return float(np.min(shares)), float(np.max(shares))


def fractions_as_percent(shares) -> tuple:
    """The slip of np.percentile(shares, [0.025, 0.975]): percentiles are given in %, not as fractions."""
    low, high = np.percentile(np.asarray(shares, dtype=float), [0.025, 0.975])
    return float(low), float(high)


def normal(shares) -> tuple:
    """The slip of the mean plus and minus 1.96 standard deviations (a normal interval, not the percentiles)."""
    shares = np.asarray(shares, dtype=float)
    return float(shares.mean() - 1.96 * shares.std()), float(shares.mean() + 1.96 * shares.std())


SAMPLES = {
    "41 shares": [round(0.3 + 0.01 * ((7 * i) % 41), 2) for i in range(41)],
    "resampled 16 of 24": (np.random.default_rng(11).binomial(24, 16 / 24, 400) / 24).round(4).tolist(),
}


def _case(name: str, shares: list) -> Case:
    slips = [Slip(says, answer=wrong(shares), tol=1e-9) for says, wrong in (
        ("this is the middle 90% (percentiles 5 and 95); a 95% interval leaves 2.5% out at each end", ninety),
        ("these are the smallest and largest shares; the interval leaves out the most extreme 2.5% at each end",
         extremes),
        ("np.percentile takes percents: 2.5 and 97.5, not 0.025 and 0.975", fractions_as_percent),
        ("this is the mean plus or minus 1.96 standard deviations; the bootstrap takes the percentiles of the "
         "resampled shares themselves", normal),
    ) if not np.allclose(wrong(shares), share_interval(shares))]
    return Case(f"share_interval({shares!r})", share_interval(shares), tol=1e-9, reveal=True,
                label=f"share_interval of {name}", slips=slips)


QUESTIONS = [
    Question("11.p1", "the middle 95% of resampled shares", "function",
             cases=[_case(name, shares) for name, shares in SAMPLES.items()]),
]


TELLS = {"11.p1": ("np.percentile(shares, [2.5, 97.5])",)}

BOTS = ["random", "mixed:0.5", "mixed:0.9", "mcts:10", "mcts:100", "mcts:1000", "optimal"]


def referee_answer() -> str:
    """What the referee does with a move outside the move set: the arena's rule that an illegal move loses the game."""
    from coursekit.arena import REASONS

    return "the careless bot loses that game" if "illegal" in REASONS else "plays it anyway"


def mcts10_against_random() -> str:
    """How the lesson's 24 games of MCTS-10 against random went (the same seeds, replayed by a two-bot arena),
    read from the Wilson interval of MCTS-10's share."""
    from coursekit.arena import Arena
    from coursekit.arena.pairs import head_to_head

    arena = Arena(["mcts:10", "random"], game="subtraction:3,5,11", rounds=2, seed=0, secret="", sandboxed=False)
    pair = head_to_head(arena.run().win_matrix(), "mcts:10", "random")
    if pair.low > 0.5:
        return "mcts:10 clearly"
    if pair.high < 0.5:
        return "random clearly"
    return "about even"


@lru_cache(maxsize=None)
def lesson_ratings():
    """The lesson's tournament of the seven built-in bots (two rounds, seed 0) and its bootstrapped ratings."""
    from coursekit.arena import Arena

    results = Arena(BOTS, game="subtraction:3,5,11", rounds=2, seed=0, secret="", sandboxed=False).run()
    return results.ratings(bootstrap=1000, seed=0)


def second_and_third_apart() -> str:
    """Whether the lesson's games tell MCTS-1000 from the mixed player at 0.9 (their difference's interval)."""
    return "yes" if lesson_ratings().distinguishable("mcts:1000", "mixed:0.9") else "no"


PREDICTIONS = [
    PredictQuestion(
        "11.illegal", "The careless bot answers 4 at n = 20, and 4 is not a move of 3-5-11. What does the referee do?",
        {"plays it anyway": "The referee checks every answer against the rules before it plays it.",
         "the careless bot loses that game": "The game is lost, logged with its reason, and the arena goes on "
                                             "with the next game.",
         "stops the arena": "One bot's mistake never stops the others' games.",
         "asks the bot again": "A bot gets one answer per move: asking again would let a slow or careless bot "
                               "try its luck."},
        answer=referee_answer,
        then="Run the next cells: they run the arena and read its log; then open the answer under them.",
        tells=("lost 17 of its 36 games by the rules",)),
    PredictQuestion(
        "11.versus-random", "MCTS-10 and the random player met 24 times. How did their games go?",
        {"mcts:10 clearly": "That is its strength, not these games: MCTS-10 wins about 7 games in 10 "
                            "against random (the last cell measures it), but a stronger bot need not win a "
                            "short match clearly.",
         "about even": "12-12, although MCTS-10 is the stronger: it wins about 7 games in 10 against "
                       "random (the last cell). 24 games are few: at that rate MCTS-10 wins 12 or fewer of 24 "
                       "in about 2 matches in 100. These 24 games were even; the two bots are not.",
         "random clearly": "Not in these games: they split 12-12. Nor in general: ten iterations do search, "
                           "and MCTS-10 wins about 7 games in 10 against random (the last cell)."},
        answer=mcts10_against_random,
        then="The last cells of 'What the intervals support' count them and play a longer match.",
        tells=("split their games", "12-12")),
    PredictQuestion(
        "11.second", "MCTS-1000 ranks second, above the mixed player at 0.9. Do the games tell those two apart?",
        {"yes": "Its rating is higher and its interval sits higher, but two overlapping intervals can still "
                "hide a real difference, or none: only the interval of the difference decides.",
         "no": "The interval of their difference contains 0, so their order is not a result.",
         "cannot say without more rounds": "The bootstrap answers for these games: more rounds would "
                                           "narrow the intervals, but the question is what these 504 say."},
        answer=second_and_third_apart,
        then="Run the next cell: it lists every pair the games cannot tell apart; then open the notes under it.",
        tells=("MCTS at 1000 is not shown better", "The ranks 2, 3 and 4 are not")),
]
