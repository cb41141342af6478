"""Lesson 03, source text 002: simulation against exact computation, and the dealer's outcomes by up-card."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import numpy as np
import pytest

from coursekit.blackjack import (
    dealer_outcomes,
    dealer_table,
    exact_outcomes,
    play_games,
    simulate,
)

# Source 002, reader matthew: "lose: 48.9%, win: 41.2%, draw: 9.8%" (one deck, both stand on 17). Running his program
# (bench/source002_exact.py) prints these floats; our exact fractions must agree with them.
SOURCE_002_PERCENT = {"lose": 48.9, "win": 41.2, "draw": 9.8}
SEED_002_FLOATS = {"lose": 0.4889154379000744, "win": 0.41251830015695856, "draw": 0.09856626194296492}

# Wizard of Odds, "Dealer Probabilities in Blackjack", Blackjack Appendix 2B (last update Jul 20, 2004),
# https://wizardofodds.com/games/blackjack/appendix/2b/ , table "1 Deck - Dealer Stands on Soft 17":
# before the dealer peeks, only the up-card removed. Columns 17, 18, 19, 20, 21, BJ, Bust.
WIZARD_1_DECK_S17 = {
    "A": (0.126128, 0.131003, 0.129486, 0.131553, 0.0515646, 0.313726, 0.11654),
    "2": (0.138976, 0.131762, 0.131815, 0.123948, 0.120526, 0, 0.352973),
    "3": (0.130313, 0.130946, 0.123761, 0.123345, 0.116047, 0, 0.375588),
    "4": (0.130973, 0.114163, 0.120679, 0.116286, 0.115096, 0, 0.402803),
    "5": (0.119687, 0.123483, 0.116909, 0.104694, 0.106321, 0, 0.428905),
    "6": (0.166948, 0.106454, 0.107192, 0.100705, 0.0978785, 0, 0.420823),
    "7": (0.372345, 0.138583, 0.0773344, 0.0788967, 0.072987, 0, 0.259854),
    "8": (0.130857, 0.362989, 0.129445, 0.0682898, 0.0697914, 0, 0.238627),
    "9": (0.121886, 0.103921, 0.357391, 0.12225, 0.0611088, 0, 0.233442),
    "10": (0.114418, 0.112879, 0.114662, 0.328879, 0.0364661, 0.0784314, 0.214264),
}

# Wizard of Odds, Blackjack Appendix 2, "Dealer Probabilities" (last update April 29, 2007),
# https://wizardofodds.com/blackjack/appendix2.html , table "2 Decks - Dealer Stands on Soft 17": after the dealer
# checked for and did not have blackjack. Columns 17, 18, 19, 20, 21, Bust.
WIZARD_2_DECKS_S17_AFTER_PEEK = {
    "A": (0.186367, 0.189883, 0.188851, 0.190272, 0.076531, 0.168096),
    "2": (0.139367, 0.133348, 0.130744, 0.123997, 0.119254, 0.353291),
    "3": (0.132764, 0.130676, 0.124575, 0.121811, 0.11538, 0.374794),
    "4": (0.130704, 0.120208, 0.121038, 0.116366, 0.113145, 0.39854),
    "5": (0.121005, 0.122831, 0.117318, 0.109022, 0.10732, 0.422505),
    "6": (0.166224, 0.10617, 0.106749, 0.101217, 0.097508, 0.422132),
    "7": (0.370478, 0.138195, 0.078013, 0.078781, 0.07339, 0.261143),
    "8": (0.129697, 0.361182, 0.129025, 0.068857, 0.06961, 0.24163),
    "9": (0.12094, 0.112016, 0.354051, 0.121118, 0.060977, 0.230898),
    "10": (0.122412, 0.1216, 0.122524, 0.36387, 0.038449, 0.231144),
}

# blackjackinfo.com, "Blackjack Dealer Outcome Probabilities", https://www.blackjackinfo.com/dealer-outcome-probabilities/
# table "Single Deck: Dealer hits soft 17", in percent, one row per outcome, columns up-cards 2..9, Ten, Ace. The BJ
# row is before the peek; the other rows are after the dealer checked and had no blackjack.
BJINFO_UPCARDS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "A")
BJINFO_1_DECK_H17 = {
    "natural": (0, 0, 0, 0, 0, 0, 0, 0, 7.84, 31.37),
    "bust": (35.63, 37.81, 40.58, 43.00, 43.78, 25.99, 23.86, 23.34, 23.25, 20.46),
    17: (12.98, 12.35, 12.28, 11.67, 11.61, 37.23, 13.09, 12.19, 12.42, 8.18),
    18: (13.31, 13.19, 11.54, 12.38, 11.38, 13.86, 36.30, 10.39, 12.25, 20.54),
    19: (13.32, 12.50, 12.19, 11.74, 11.61, 7.73, 12.94, 35.74, 12.44, 20.62),
    20: (12.56, 12.42, 11.78, 10.52, 10.96, 7.89, 6.83, 12.23, 35.69, 20.95),
    21: (12.20, 11.73, 11.63, 10.69, 10.67, 7.30, 6.98, 6.11, 3.96, 9.26),
}


def test_exact_reproduces_source_002():
    result = exact_outcomes(decks=1)
    assert all(isinstance(p, Fraction) for p in result.values())
    assert sum(result.values()) == 1
    for name, percent in SOURCE_002_PERCENT.items():
        assert abs(100 * result[name] - Fraction(str(percent))) < Fraction(1, 10)  # the seed rounds loosely
        assert float(result[name]) == pytest.approx(SEED_002_FLOATS[name], abs=1e-12)


def test_exact_is_a_probability_for_every_deck_count_and_threshold():
    for decks in (2, None):
        result = exact_outcomes(decks=decks)
        assert sum(result.values()) == 1 and all(0 < p < 1 for p in result.values())
    for decks in (6, 8):
        result = exact_outcomes(decks=decks, exact=False)
        assert sum(result.values()) == pytest.approx(1, abs=1e-12) and all(0 < p < 1 for p in result.values())
    floats = exact_outcomes(decks=2, exact=False)
    fractions = exact_outcomes(decks=2)
    assert all(floats[k] == pytest.approx(float(fractions[k]), abs=1e-13) for k in floats)
    low = exact_outcomes(decks=1, player_stands_at=12, dealer_stands_at=19)
    assert sum(low.values()) == 1


def test_the_narrow_integer_paths_give_the_wider_paths_fractions(monkeypatch):
    """One deck joins in int32 when the join's bound allows, and adds the weighted sums in int64 at once when they
    fit (issue 39: the first call's speed); forced onto int64 and 21-bit limbs, every result is the same Fraction."""
    from coursekit import blackjack_exact

    cases = [(17, 17), (21, 21), (12, 19), (19, 12), (2, 21)]
    widths = []
    choose = blackjack_exact._join_dtype
    monkeypatch.setattr(blackjack_exact, "_join_dtype", lambda *a: widths.append(choose(*a)) or widths[-1])
    narrow = {case: exact_outcomes(1, *case) for case in cases}
    assert widths[0] is np.int32 and np.int64 in widths  # the default game in int32; some threshold needs int64
    monkeypatch.setattr(blackjack_exact, "_join_dtype", lambda *a: np.int64)
    monkeypatch.setattr(blackjack_exact, "_bits", lambda values: 64)  # never "fits at once": the limbs
    assert {case: exact_outcomes(1, *case) for case in cases} == narrow
    floats = exact_outcomes(1, exact=False)
    assert all(float(narrow[(17, 17)][k]) == pytest.approx(v, abs=1e-14) for k, v in floats.items())


@pytest.mark.parametrize("decks, player, dealer", [(2, 12, 13), (2, 15, 13), (3, 12, 13)])
def test_a_dealer_who_stops_early_in_a_bigger_shoe_has_exact_odds(decks, player, dealer):
    """An int32 join once built a falling-factorial table past int32 for counts no hand reaches ((48)_6 for six
    tens of three decks) and raised OverflowError; the fractions add up to one and match the float path."""
    result = exact_outcomes(decks, player, dealer)
    assert sum(result.values()) == 1
    floats = exact_outcomes(decks, player, dealer, exact=False)
    assert all(float(result[k]) == pytest.approx(v, abs=1e-13) for k, v in floats.items())


def test_more_decks_move_the_odds_towards_the_infinite_deck():
    infinite = exact_outcomes(decks=None, exact=False)
    gaps = [abs(exact_outcomes(decks=d, exact=False)["win"] - infinite["win"]) for d in (1, 2, 8)]
    assert gaps[0] > gaps[1] > gaps[2]


@pytest.mark.slow
def test_eight_decks_exact_fractions_add_up_to_one():
    result = exact_outcomes(decks=8)
    assert sum(result.values()) == 1
    assert float(result["win"]) == pytest.approx(exact_outcomes(decks=8, exact=False)["win"], abs=1e-13)


def test_player_standing_on_low_totals_is_a_different_game():
    # a player who never hits past 12 busts less but loses more often to the dealer's 17-21
    stand_12 = exact_outcomes(player_stands_at=12)
    stand_17 = exact_outcomes(player_stands_at=17)
    assert stand_12["win"] != stand_17["win"]
    if_player_were_dealer = exact_outcomes(player_stands_at=17, dealer_stands_at=17)
    assert if_player_were_dealer["lose"] > if_player_were_dealer["win"]  # source text 002: the player plays first


@pytest.mark.parametrize("decks", [1, 6, None])
def test_simulation_agrees_with_exact_within_a_statistical_bound(decks):
    games = 200_000
    counts = simulate(games, decks=decks, seed=2024, progress=False)
    assert sum(counts.values()) == games
    exact = exact_outcomes(decks=decks, exact=False)
    for name in ("win", "lose", "draw"):
        p = exact[name]
        sigma = math.sqrt(p * (1 - p) / games)
        assert abs(counts[name] / games - p) < 4.5 * sigma, (name, counts[name] / games, p)


def test_simulation_with_other_thresholds_agrees_with_exact():
    games = 100_000
    counts = simulate(games, decks=2, player_stands_at=13, dealer_stands_at=18, seed=7, progress=False)
    exact = exact_outcomes(decks=2, player_stands_at=13, dealer_stands_at=18, exact=False)
    for name, p in exact.items():
        assert abs(counts[name] / games - p) < 4.5 * math.sqrt(p * (1 - p) / games)


def test_simulation_is_seeded_and_takes_generators():
    assert simulate(5000, seed=1, progress=False) == simulate(5000, seed=1, progress=False)
    assert simulate(5000, seed=1, progress=False) != simulate(5000, seed=2, progress=False)
    a = simulate(3000, seed=random.Random(4), progress=False)
    b = simulate(3000, seed=random.Random(4), progress=False)
    assert a == b
    g = simulate(3000, seed=np.random.default_rng(9), progress=False)
    assert sum(g.values()) == 3000
    results = play_games(1000, seed=3, progress=False)
    assert results.dtype == np.int8 and set(np.unique(results)) <= {-1, 0, 1}


def test_bad_input_names_the_value():
    with pytest.raises(ValueError, match="decks must be .* not 9"):
        exact_outcomes(decks=9)
    with pytest.raises(ValueError, match="player_stands_at .* not 22"):
        exact_outcomes(player_stands_at=22)
    with pytest.raises(ValueError, match="games must be .* not -5"):
        simulate(-5)
    with pytest.raises(ValueError, match="seed must be"):
        simulate(10, seed="seven")
    with pytest.raises(ValueError, match="card"):
        dealer_outcomes("X")


def test_dealer_table_matches_wizard_of_odds_one_deck_stands_on_soft_17():
    ours = dealer_table(decks=1, hit_soft_17=False)
    for up, row in WIZARD_1_DECK_S17.items():
        got = ours[up]
        values = [got[17], got[18], got[19], got[20], got[21], got["natural"], got["bust"]]
        assert sum(got.values()) == 1
        for mine, theirs in zip(values, row):
            assert float(mine) == pytest.approx(theirs, abs=1e-6), up


def test_dealer_table_matches_wizard_of_odds_two_decks_after_the_peek():
    ours = dealer_table(decks=2, hit_soft_17=False)
    for up, row in WIZARD_2_DECKS_S17_AFTER_PEEK.items():
        got = ours[up]
        no_natural = 1 - got["natural"]
        values = [got[t] / no_natural for t in range(17, 22)] + [got["bust"] / no_natural]
        for mine, theirs in zip(values, row):
            assert float(mine) == pytest.approx(theirs, abs=1.5e-6), up


def test_dealer_table_matches_blackjackinfo_one_deck_hits_soft_17():
    ours = dealer_table(decks=1, hit_soft_17=True)
    for outcome, row in BJINFO_1_DECK_H17.items():
        for up, percent in zip(BJINFO_UPCARDS, row):
            got = ours[up]
            mine = got[outcome] if outcome == "natural" else got[outcome] / (1 - got["natural"])
            assert 100 * float(mine) == pytest.approx(percent, abs=0.006), (outcome, up)


def test_six_decks_and_infinite_deck_tables_are_distributions_near_each_other():
    for h17 in (False, True):
        six, infinite = dealer_table(6, h17), dealer_table(None, h17)
        for up in six:
            assert sum(six[up].values()) == 1 and sum(infinite[up].values()) == 1
            assert abs(six[up]["bust"] - infinite[up]["bust"]) < Fraction(1, 100)
    # an infinite deck: the chance of a natural with an ace up is exactly the chance of a ten, 4/13
    assert dealer_outcomes("A", decks=None)["natural"] == Fraction(4, 13)
    # hitting soft 17 makes the dealer bust more often with a 6 up (A,6 is the classic soft 17)
    assert dealer_outcomes("6", 6, hit_soft_17=True)["bust"] > dealer_outcomes("6", 6)["bust"]


def test_dealer_outcomes_match_simulated_dealer_hands():
    from coursekit.blackjack import Hand, dealer_play
    from coursekit.cards import Card, Shoe

    rng = random.Random(5)
    busts, hands = 0, 2000
    for _ in range(hands):
        shoe = Shoe(6, seed=rng)
        shoe.cards.remove(Card("6", "Heart"))
        hand = dealer_play(Hand([Card("6", "Heart")]), shoe)
        busts += hand.busted
    p = float(dealer_outcomes("6", 6)["bust"])
    assert abs(busts / hands - p) < 4.5 * math.sqrt(p * (1 - p) / hands)


def test_no_progress_bar_for_a_quick_run(capsys):
    simulate(20_000, seed=1)  # well under a second: tqdm's one-second delay keeps the bar hidden
    captured = capsys.readouterr()
    assert captured.err == "" and captured.out == ""


def test_lesson_figures_show_what_they_say():
    import matplotlib

    matplotlib.use("Agg")
    from coursekit.plots.blackjack import convergence, dealer_busts, doubling, thresholds

    fig = convergence(play_games(5000, seed=1, progress=False), exact_outcomes(exact=False))
    ax = fig.axes[0]
    assert ax.get_xscale() == "log" and len(ax.collections) == 3  # one 1/sqrt(n) band per outcome
    assert any("exact 0.4889" in t.get_text() for t in ax.get_legend().get_texts())
    fig = thresholds({t: exact_outcomes(player_stands_at=t, exact=False) for t in (14, 15, 16)})
    assert any("best: stand on 15" in t.get_text() for t in fig.axes[0].texts)
    fig = dealer_busts({"1 deck": dealer_table(1), "infinite": dealer_table(None)})
    assert len(fig.axes[0].patches) == 20
    fig = doubling([10, 20], [0.24, 0.35], [0.25, 0.34], runs=1000, timid=0.24, bold=0.46)
    assert fig.axes[0].get_ylabel() == "chance to reach 200€"


def test_an_on_off_option_given_a_string_is_refused():
    """dealer_table(1, "no") once equalled dealer_table(1, True): any non-empty string counted as True."""
    from coursekit.blackjack_exact import dealer_table

    with pytest.raises(ValueError, match="hit_soft_17 must be True or False, not 'no'"):
        dealer_table(1, "no")
    with pytest.raises(ValueError, match="exact must be True or False, not 'yes'"):
        exact_outcomes(1, exact="yes")
    assert dealer_table(1, np.bool_(True)) == dealer_table(1, True)
