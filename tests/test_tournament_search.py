"""The search player (expectimax over the round, playouts beyond it) measured against the exact optimum."""

from __future__ import annotations

import ast
import json
import math
from pathlib import Path

import numpy as np
import pytest

from coursekit.stats import wilson_interval
from coursekit.tournament import Tournament, optimal_strategy, tournament_strategy
from coursekit.tournament_search import (
    RoundSearch,
    TablePlayer,
    bet_candidates,
    binomial_values,
    limit_probability,
    play_tournaments,
    playout_values,
)


@pytest.fixture(scope="module")
def best():
    return optimal_strategy()


def test_playouts_estimate_bold_plays_exact_values():
    bold = tournament_strategy("bold", "dealer")
    k = np.array([400, 19, 200, 150, 301])  # 200 EUR, 9.5 EUR, then live bankrolls 100, 75, 150.5
    n = 20_000
    values = playout_values(k, n, seed=1)
    assert values[0] == 1 and values[1] == 0
    for kk, v in zip(k[2:], values[2:]):
        p = bold.chance(kk / 2)
        assert abs(v - p) < 4.5 * math.sqrt(p * (1 - p) / n), kk
    dealt = playout_values(np.array([200]), 5_000, seed=2, deal=True)[0]  # cards dealt one by one
    p = bold.chance(100)
    assert abs(dealt - p) < 4.5 * math.sqrt(p * (1 - p) / 5_000)


def test_leaf_values_take_one_bankroll_or_any_shape_and_refuse_what_is_no_half_euro_count():
    """playout_values(200, 10) and binomial_values(np.array([200.5]), 10) raised IndexError; a single bankroll now
    gives a single share, any shape comes back in that shape, and a bankroll, playout count or goal that does not fit
    is a ValueError naming it."""
    for value in (playout_values, binomial_values):
        one = value(200, 50, seed=3)
        assert one.shape == () and one == value(np.array([200]), 50, seed=3)[0]
        assert value(np.array([[200, 19], [400, 10**30]], dtype=object), 50, seed=3).shape == (2, 2)
        assert list(value([-10**30, 19.0, 400.0, 1e300, 2**64 - 1], 50, seed=3)) == [0, 0, 1, 1, 1]
        for bad, shown in ((np.array([200.5]), "200.5"), ([100, float("nan")], "nan"), ([True], "True"),
                           ("200", "'200'")):
            with pytest.raises(ValueError, match=rf"bankrolls must be whole numbers of half euros .* not {shown}$"):
                value(bad, 10)
        for playouts in (0, 2.5, 10**6):
            with pytest.raises(ValueError, match=rf"playouts must be a whole number from 1 to 100,000, not "
                                                 rf"{playouts}$"):
                value(np.array([200]), playouts)
        with pytest.raises(ValueError, match="goal <= 500 euros .* goal=5000"):
            value(np.array([200]), 10, goal=5000)


def test_bet_candidates_are_legal():
    k = np.arange(20, 400)
    cand = bet_candidates(k)
    assert cand.shape == (380, 5)
    assert np.all(cand >= 10) and np.all(cand <= (k // 2)[:, None])
    assert list(bet_candidates(np.array([200]))[0]) == [10, 25, 50, 67, 100]  # at 100 EUR: 67 * 1.5 >= 100


def test_search_decisions_are_legal_and_seeded():
    player = RoundSearch(30, seed=4)
    k = np.array([200, 200, 350, 41])
    first = np.array([1, 5, 10, 1])
    bets = player.bet_batch(k, first)
    assert np.all(bets >= 10) and np.all(bets <= k // 2)
    assert np.array_equal(bets, RoundSearch(30, seed=4).bet_batch(k, first))
    hits = player.hit_batch(np.array([200, 200, 200]), np.array([10, 10, 10]), np.array([8, 20, 16]),
                            np.array([False, False, False]))
    assert hits[0] and not hits[1]  # hard 8 always hits (no search); hard 20 stands
    assert player.playouts > 0
    with pytest.raises(ValueError, match="budget"):
        RoundSearch(0)


def test_the_rules_engine_plays_the_search_player():
    player = RoundSearch(20, seed=1)
    game = Tournament(seed=3)
    while not game.over:
        game.autoplay_round(strategy=player)
    assert game.round >= 1 and all(10 <= bet for _, bet, _, _ in game.history)


def test_play_tournaments_with_the_optimum_gives_nothing_away(best):
    runs = 3000
    result = play_tournaments(TablePlayer(best), runs, seed=5, judge=best)
    p = best.probability
    assert abs(result["won"] / runs - p) < 4.5 * math.sqrt(p * (1 - p) / runs)
    assert np.abs(result["given_away"]).max() < 1e-12 and result["decisions"] > runs


def test_what_decisions_give_away_estimates_a_known_strategys_chance(best):
    # bold bets with dealer play: exactly 0.4574; the optimum minus what its decisions gave away estimates it
    bold = tournament_strategy("bold", "dealer")
    runs = 3000
    lost = play_tournaments(TablePlayer(bold), runs, seed=6, judge=best)["given_away"]
    assert np.all(lost >= -1e-12)
    se = lost.std(ddof=1) / math.sqrt(runs)
    assert abs(best.probability - lost.mean() - bold.probability) < 4.5 * se


def test_more_budget_approaches_the_limit_which_is_below_the_optimum(best):
    limit = limit_probability()
    bold = tournament_strategy("bold", "dealer").probability
    assert bold + 0.05 < limit < best.probability - 0.05
    estimates = []
    for budget in (10, 300):
        lost = play_tournaments(RoundSearch(budget, seed=budget), 300, seed=8, judge=best)["given_away"]
        estimates.append((best.probability - lost.mean(), lost.std(ddof=1) / math.sqrt(300)))
    (low, low_se), (high, high_se) = estimates
    assert high > low + 2 * math.hypot(low_se, high_se)
    assert abs(high - limit) < 4.5 * high_se + 0.02


def test_binomial_leaves_have_the_law_of_the_playouts():
    """binomial_values draws what playout_values counts: 400 repeats of 1,000 playouts from each bankroll give the
    same mean and spread both ways (within 4.5 standard errors), and the ends are 0 and 1 without a draw."""
    bankrolls = np.array([20, 57, 100, 151, 250, 399])
    repeats, playouts = 400, 1000
    played = np.array([playout_values(bankrolls, playouts, seed=s) for s in range(repeats)])
    drawn = np.array([binomial_values(bankrolls, playouts, seed=s) for s in range(repeats)])
    chance = tournament_strategy("bold", "dealer").solution.value_at(bankrolls)
    spread = np.sqrt(chance * (1 - chance) / playouts)  # one share's standard deviation
    for shares in (played, drawn):
        assert np.all(np.abs(shares.mean(axis=0) - chance) < 4.5 * spread / math.sqrt(repeats))
        assert np.all(np.abs(shares.std(axis=0, ddof=1) / spread - 1) < 4.5 / math.sqrt(2 * repeats))
    assert list(binomial_values(np.array([-1, 19, 400, 401]), playouts, seed=1)) == [0.0, 0.0, 1.0, 1.0]


def test_the_search_with_binomial_leaves_plays_as_with_playouts(best):
    """The same player in law: over 300 tournaments at budget 30, the two leaf modes' judged estimates of the
    chance to win agree within 4.5 standard errors of their difference."""
    estimates = []
    for leaves in ("playouts", "binomial"):
        lost = play_tournaments(RoundSearch(30, seed=3, leaves=leaves), 300, seed=9, judge=best)["given_away"]
        estimates.append((best.probability - lost.mean(), lost.std(ddof=1) / math.sqrt(300)))
    (a, a_se), (b, b_se) = estimates
    assert abs(a - b) < 4.5 * math.hypot(a_se, b_se)
    assert repr(RoundSearch(30, leaves="binomial")).endswith("leaves='binomial')")


def test_bad_inputs():
    with pytest.raises(ValueError, match="tournaments must be"):
        play_tournaments(RoundSearch(5), 0)
    with pytest.raises(ValueError, match="bankroll must be"):
        RoundSearch(5).bet(250, "A")
    with pytest.raises(ValueError, match="leaves must be one of 'playouts', 'binomial', not 'exact'"):
        RoundSearch(5, leaves="exact")


# lesson 10's search player moved to its going-further notebook (issue 34)
LESSON_10 = Path(__file__).resolve().parents[1] / "notebooks" / "10b_search_meets_chance.ipynb"


def test_lesson_10bs_shares_won_overlap_and_its_words_say_which():
    """Issue 37: the lesson's words about the three budgets' Wilson intervals must be what the saved counts give (it
    once said they overlap where two did not). The counts are the saved output's (500 tournaments a budget), the
    intervals coursekit's, the words the lesson's."""
    cells = json.loads(LESSON_10.read_text())["cells"]
    cell = next(c for c in cells if "budgets, games = (10, 100, 1000), 500" in "".join(c["source"]))
    summary = ast.literal_eval("".join(cell["outputs"][0]["data"]["text/plain"]))
    games = 500
    won = {b: round(row["won"] * games) for b, row in summary.items()}
    shares = {b: wilson_interval(w, games) for b, w in won.items()}
    for b, (low, high) in shares.items():
        assert (round(low, 3), round(high, 3)) == summary[b]["Wilson 95%"], b
    assert all(shares[a][0] < shares[b][1] for a in shares for b in shares)  # every two overlap
    prose = " ".join(" ".join("".join(c["source"]).split()) for c in cells if c["cell_type"] == "markdown")
    said = "({:.3f}-{:.3f}, {:.3f}-{:.3f} and {:.3f}-{:.3f})".format(*shares[10], *shares[100], *shares[1000])
    assert f"all three overlap {said}" in prose and "cannot be told apart" in prose


def test_bad_bankrolls_bets_and_judges_are_refused_by_name():
    """Found by an API sweep: RoundSearch.hits took a bet of 500 from 100, bet(nan) raised a raw error, a judge for
    another goal gave IndexError, edge_by_first_card('optimum') returned the dealer's numbers."""
    from coursekit.tournament_optimal import edge_by_first_card

    search = RoundSearch(20, seed=1)
    for call, words in ((lambda: search.hits(100, 500, ["K", "6"]), "bet must be a whole number of euros from 10"),
                        (lambda: search.hits(1000, 10, ["K", "6"]), "bankroll must be from 10 to below 200"),
                        (lambda: search.bet(float("nan"), "A"), "bankroll must be an amount of euros"),
                        (lambda: search.bet(None, "A"), "bankroll must be an amount of euros"),
                        (lambda: optimal_strategy().bet(float("inf"), "A"), "bankroll must be an amount"),
                        (lambda: play_tournaments(search, 5, start=75, judge=optimal_strategy(start=75)),
                         "judge must be solved for the player's tournament"),
                        (lambda: edge_by_first_card("optimum"), "play must be 'optimal' or 'dealer'")):
        with pytest.raises(ValueError, match=words):
            call()
