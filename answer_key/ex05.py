"""Exercise set 05, baccarat odds (source text 001's "run millions of games"): house edges, error bars, commission."""

from __future__ import annotations

import math
from fractions import Fraction

from coursekit import baccarat
from coursekit.grading.cases import Case, IsA, Question, Slip, Sweep, Written

TARGET = 0.0005  # the error bar asked for in question 3: +-0.05 percentage points


def edge_inputs() -> list[tuple]:
    """Every bet against the exact odds of 1, 2, 4, 6 and 8 decks."""
    return [(bet, baccarat.exact_odds(d)) for d in (1, 2, 4, 6, 8) for bet in baccarat.OUTCOMES]


def reference_edge(bet: str, p: dict) -> Fraction:
    """The house edge from outcome probabilities: player 1:1, banker 1:1 less 5%, tie 8 to 1 (ties push)."""
    if bet == "player":
        return p["banker"] - p["player"]
    if bet == "banker":
        return p["player"] - Fraction(95, 100) * p["banker"]
    return 1 - 9 * p["tie"]


def error_bar_reference(count: int, n: int) -> float:
    """The 95% normal-approximation error bar of a frequency count/n."""
    p = count / n
    return 1.96 * math.sqrt(p * (1 - p) / n)


def coups_needed() -> int:
    """The fewest coups for which the banker frequency's 95% error bar is at most TARGET (8 decks)."""
    p = float(baccarat.exact_odds(8)["banker"])
    n = math.ceil(1.96**2 * p * (1 - p) / TARGET**2)
    while 1.96 * math.sqrt(p * (1 - p) / (n - 1)) <= TARGET:  # guard against rounding
        n -= 1
    return n


def fair_commission() -> Fraction:
    """The commission on banker wins that makes the banker bet fair (8 decks)."""
    p = baccarat.exact_odds(8)
    return 1 - p["player"] / p["banker"]


# --- common slips, computed here from the rule they break ----------------------------------------------------------

def edge_without_commission(bet: str, p: dict) -> Fraction:
    """The banker bet paid 1:1 (the 5% commission forgotten)."""
    return p["player"] - p["banker"] if bet == "banker" else reference_edge(bet, p)


def edge_as_gain(bet: str, p: dict) -> Fraction:
    """The player's expected gain instead of the house edge (the sign turned)."""
    return -reference_edge(bet, p)


def edge_eight_for_one(bet: str, p: dict) -> Fraction:
    """The tie paid "8 for 1" (7 won) instead of 8 to 1 (8 won and the stake back)."""
    return 1 - 8 * p["tie"] if bet == "tie" else reference_edge(bet, p)


def edge_tie_loses(bet: str, p: dict) -> Fraction:
    """A tie counted as a loss of the player and banker bets (it is a push)."""
    return reference_edge(bet, p) + p["tie"] if bet in ("player", "banker") else reference_edge(bet, p)


EDGE_SLIPS = [
    ("the banker bet pays 1:1 less a 5% commission on its wins", edge_without_commission),
    ("this is the player's expected gain; the house edge is the player's expected loss", edge_as_gain),
    ("8 to 1 means 8 won and the stake back, not 8 back in all", edge_eight_for_one),
    ("a tie returns the player and banker bets (a push); it is not a loss", edge_tie_loses),
]


def bar_without_z(count: int, n: int) -> float:
    """One standard error, without the 1.96 of a 95% interval."""
    p = count / n
    return math.sqrt(p * (1 - p) / n)


def bar_without_root(count: int, n: int) -> float:
    """1.96 times the variance of the frequency, the square root forgotten."""
    p = count / n
    return 1.96 * p * (1 - p) / n


def bar_in_percent(count: int, n: int) -> float:
    """The frequency taken in percent (100 count / n) inside the formula."""
    p = 100 * count / n
    return 1.96 * math.sqrt(abs(p * (1 - p)) / n)


def bar_integer_division(count: int, n: int) -> float:
    """The frequency taken as count // n (0 below n)."""
    p = count // n
    return 1.96 * math.sqrt(p * (1 - p) / n)


BAR_SLIPS = [
    ("count // n rounds the frequency down to a whole number: use count / n", bar_integer_division),
    ("this is one standard error; a 95% error bar is 1.96 standard errors", bar_without_z),
    ("the error bar takes the square root of p (1 - p) / n", bar_without_root),
    ("p is the frequency count / n, not a percentage", bar_in_percent),
]


def _case_slips(named: list, right, *args, tol=None) -> list:
    """Slips for one input: each (sentence, wrong function) giving a wrong value no earlier one gives."""
    slips, seen = [], [right(*args)]
    for says, wrong in named:
        value = wrong(*args)
        if not any(math.isclose(float(value), float(v), rel_tol=1e-9, abs_tol=1e-12) for v in seen):
            seen.append(value)
            slips.append(Slip(says, answer=lambda wrong=wrong: wrong(*args), tol=tol))
    return slips


def coups_for(p: float, z: float = 1.96, target: float = TARGET, rounding=math.ceil) -> int:
    """The coups n for which z * sqrt(p (1 - p) / n) reaches the target, rounded as given."""
    return int(rounding(z**2 * p * (1 - p) / target**2))


def _banker(decks: int = 8) -> float:
    return float(baccarat.exact_odds(decks)["banker"])


COUPS_SLIPS = [
    Slip("this is rounded down: the error bar must be at most the target, so round up",
         answer=lambda: coups_for(_banker(), rounding=math.floor)),
    Slip("0.05 percentage points is 0.0005 as a frequency, not 0.005",
         answer=lambda: coups_for(_banker(), target=0.005)),
    Slip("0.05 percentage points is 0.0005 as a frequency, not 0.05", answer=lambda: coups_for(_banker(), target=0.05)),
    Slip("this uses p = 1/2; use the banker's own chance from exact_odds(8)", answer=lambda: coups_for(0.5)),
    Slip("a 95% error bar is 1.96 standard errors", answer=lambda: coups_for(_banker(), z=1.0)),
    Slip("1.96 must be squared when you solve for n", answer=lambda: coups_for(_banker(), z=math.sqrt(1.96))),
    Slip("this uses z = 1.959964 (or norm.ppf(0.975)); the question fixes z = 1.96, as error_bar does",
         answer=lambda: coups_for(_banker(), z=1.959964)),
    Slip("this uses the banker's chance for six decks; the question's shoe has eight",
         answer=lambda: coups_for(_banker(6))),
    *(Slip("this uses the banker's chance for another number of decks; the question's shoe has eight",
           answer=lambda d=d: coups_for(_banker(d))) for d in range(1, 11) if d not in (6, 8)),  # 6: named above
]


def _commission(decks: int = 8) -> Fraction:
    p = baccarat.exact_odds(decks)
    return 1 - p["player"] / p["banker"]


def coups_for_target(target: float) -> int:
    """The fewest coups for which the banker frequency's 95% error bar is at most `target` (8 decks, z = 1.96)."""
    p = _banker()
    n = math.ceil(1.96**2 * p * (1 - p) / target**2)
    while n > 1 and 1.96 * math.sqrt(p * (1 - p) / (n - 1)) <= target:  # guard against rounding
        n -= 1
    return n


TARGETS = (0.0005, 0.02, 0.01, 0.004, 0.001, 0.0003)  # coups_for graded at these (hidden); 0.0005 is public
COMMISSION_DECKS = (8, 1, 2, 6)  # fair_commission_for graded at these (hidden); 8 is the public question
PERCENT = "this is the commission in percent; give it as a fraction of the win (5% is 0.05), as a Fraction"
COMMISSION_SLIPS = [
    Slip(PERCENT, answer=lambda: 100 * _commission(), tol=1e-9),  # named by check() too (a rounded 2.69: below)
    Slip(PERCENT, test=lambda v: abs(float(v) - 100 * float(_commission())) < 0.01),
    Slip("this is the share of a banker win that makes the bet fair; the commission is what is taken away",
         answer=lambda: baccarat.exact_odds(8)["player"] / baccarat.exact_odds(8)["banker"]),
    Slip("this is the difference of the two chances; solve p_player - (1 - c) p_banker = 0 for c",
         answer=lambda: baccarat.exact_odds(8)["banker"] - baccarat.exact_odds(8)["player"]),
    Slip("ties are a push for the banker bet: they do not enter its edge",
         answer=lambda: 1 - (baccarat.exact_odds(8)["player"] + baccarat.exact_odds(8)["tie"])
         / baccarat.exact_odds(8)["banker"]),
    Slip("this is the fair commission for six decks; the question asks for eight", answer=lambda: _commission(6)),
    Slip("this is the fair commission for one deck; the question asks for eight", answer=lambda: _commission(1)),
    *(Slip("this is the fair commission for another number of decks; the question asks for eight",
           answer=lambda d=d: _commission(d)) for d in range(2, 11) if d not in (6, 8)),  # 6: named above
]

EVEN = {'player': Fraction(1, 2), 'banker': Fraction(1, 2), 'tie': Fraction(0)}
TIES = {'player': Fraction(9, 20), 'banker': Fraction(9, 20), 'tie': Fraction(1, 10)}


QUESTIONS = [
    Question("05.q1", "edge(bet, p): the house edge of a bet from the odds", "function", [
        Case("edge('player', {'player': Fraction(1, 2), 'banker': Fraction(1, 2), 'tie': Fraction(0)})", 0,
             slips=_case_slips(EDGE_SLIPS, reference_edge, "player", EVEN)),
        Case("edge('banker', {'player': Fraction(1, 2), 'banker': Fraction(1, 2), 'tie': Fraction(0)})",
             Fraction(1, 40), slips=_case_slips(EDGE_SLIPS, reference_edge, "banker", EVEN)),
        Case("edge('tie', {'player': Fraction(9, 20), 'banker': Fraction(9, 20), 'tie': Fraction(1, 10)})",
             Fraction(1, 10), slips=_case_slips(EDGE_SLIPS, reference_edge, "tie", TIES)),
        Sweep("edge", lambda: [(bet, baccarat.exact_odds(8)) for bet in baccarat.OUTCOMES], reference_edge,
              public=True, label="edge(bet, exact_odds(8)) for the three bets",
              slips=[Slip(says, reference=wrong) for says, wrong in EDGE_SLIPS]),
        Sweep("edge", edge_inputs, reference_edge, points=2, label="edge for every bet and 1-8 decks",
              slips=[Slip(says, reference=wrong) for says, wrong in EDGE_SLIPS]),
    ], course_code=('coursekit.baccarat.house_edge',), objective="05.1"),
    Question("05.q2", "error_bar(count, n): the 95% error bar of a simulated frequency", "function", [
        Case("error_bar(50, 100)", 0.098, tol=1e-9, slips=_case_slips(BAR_SLIPS, error_bar_reference, 50, 100)),
        Case("error_bar(458_597, 1_000_000)", lambda: error_bar_reference(458_597, 1_000_000), tol=1e-9,
             slips=_case_slips(BAR_SLIPS, error_bar_reference, 458_597, 1_000_000)),
        Case("error_bar(0, 10)", 0.0, tol=1e-12),
        Case("error_bar(95_156, 1_000_000)", lambda: error_bar_reference(95_156, 1_000_000), tol=1e-9,
             public=False, slips=_case_slips(BAR_SLIPS, error_bar_reference, 95_156, 1_000_000)),
    ], objective="05.2"),
    Question("05.q3", "coups_for(target), and how many coups for a banker error bar of 0.05 percentage points",
             "number", [
                 IsA("coups_for(0.0005)", int, points=0),
                 Case("coups_for(0.0005)", coups_needed, points=0, slips=COUPS_SLIPS),
                 Sweep("coups_for", lambda: [(t,) for t in TARGETS], coups_for_target, points=3, public=False,
                       label=f"coups_for(target) for {len(TARGETS)} hidden targets", slips=[
                           Slip("this is rounded down: the error bar must be at most the target, so round up",
                                reference=lambda t: coups_for(_banker(), target=t, rounding=math.floor)),
                           Slip("this uses p = 1/2; use the banker's own chance from exact_odds(8)",
                                reference=lambda t: coups_for(0.5, target=t)),
                           Slip("1.96 must be squared when you solve for n",
                                reference=lambda t: coups_for(_banker(), z=math.sqrt(1.96), target=t)),
                       ]),
             ], objective="05.2"),
    Question("05.q4", "fair_commission_for(decks), and the commission that would make the banker bet fair",
             "number", [
                 IsA("fair_commission_for(8)", Fraction, points=0),
                 Case("fair_commission_for(8)", fair_commission, points=0, slips=COMMISSION_SLIPS),
                 Sweep("fair_commission_for", lambda: [(d,) for d in COMMISSION_DECKS], _commission, points=3,
                       public=False, label="fair_commission_for(decks) for hidden shoes", slips=[
                           Slip("this is the share of a banker win that makes the bet fair; the commission is what "
                                "is taken away", reference=lambda d: 1 - _commission(d)),
                           Slip("this is the fair commission for eight decks whatever the shoe",
                                reference=lambda d: _commission(8)),
                       ]),
             ], objective="05.3"),
    Question("05.q5", "why a commission on the banker bet?", "written", [Written("why_commission")], objective="05.3"),
]
