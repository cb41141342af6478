"""The exact optimum of source 004's tournament: the Markov decision process, its strategy object and checks by play."""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np
import pytest

from coursekit.tournament import (
    MAX_GOAL,
    Tournament,
    doubling_chances,
    doubling_probability,
    optimal_strategy,
    simulate_strategy,
    tournament_strategy,
)
from coursekit.tournament_optimal import P_CARD, stand_odds

STYLES = ("timid", "bold", "optimal")


@pytest.fixture(scope="module")
def table():
    return {(b, p): doubling_probability(b, p) for b in STYLES for p in ("dealer", "optimal")}


def test_dealer_play_with_timid_and_bold_keeps_todays_numbers(table):
    for betting in ("timid", "bold"):
        assert table[betting, "dealer"] == float(doubling_chances(betting)[100])
        assert doubling_probability(betting) == table[betting, "dealer"]  # play="dealer" is the default


def test_the_optimum_beats_timid_and_bold_under_both_play_rules(table):
    best = table["optimal", "optimal"]
    assert best == optimal_strategy().probability
    for betting in STYLES:
        for play in ("dealer", "optimal"):
            assert table[betting, play] <= best + 1e-12
        assert table[betting, "optimal"] >= table[betting, "dealer"] - 1e-12  # playing well never hurts
    assert table["optimal", "dealer"] > table["bold", "optimal"] + 0.1  # betting on the first card is the big gain


def test_the_solver_with_fixed_bets_and_dealer_play_is_the_exact_chain():
    # the same numbers from two methods: policy iteration in floats and Bareiss elimination in fractions
    for betting in ("timid", "bold", 50):
        strategy = tournament_strategy(betting, "dealer")
        for bankroll, p in doubling_chances(betting).items():
            assert strategy.chance(bankroll) == pytest.approx(float(p), abs=1e-12), (betting, bankroll)


def test_the_solution_satisfies_bellmans_equation():
    solution = optimal_strategy().solution
    assert solution.residual < 1e-12 and solution.iterations < 30
    assert 0 < solution.values.min() and solution.values.max() < 1
    assert np.all(np.diff(solution.values) >= -1e-12)  # more money never hurts


def _reference_values(strategy) -> dict:
    """One Bellman backup of the strategy's values in plain Python, over every legal bet (no shortcut)."""
    goal, low = strategy.goal, strategy.min_bet
    stand = stand_odds().tolist()
    card = P_CARD.tolist()

    known = {float(b): float(v) for b, v in zip(*strategy.values())}

    def V(b):
        return 1.0 if b >= goal else 0.0 if b < low else known[b]

    out = {}
    for k in range(2 * low, 2 * goal):
        bank = k / 2
        total = 0.0
        for c in range(1, 11):
            best = -1.0
            for bet in range(low, int(bank) + 1):
                win, push, lose = V(bank + bet), V(bank), V(bank - bet)

                @lru_cache(maxsize=None)
                def hand(hard, ace):
                    if hard > 21:
                        return lose
                    t = hard + 10 if ace and hard + 10 <= 21 else hard
                    w, p, l = stand[t]
                    value = w * win + p * push + l * lose
                    if t < 21:
                        value = max(value, sum(card[v - 1] * hand(hard + v, ace or v == 1) for v in range(1, 11)))
                    return value

                q = sum(card[v - 1] * (V(bank + 1.5 * bet) if {c, v} == {1, 10} else hand(c + v, c == 1 or v == 1))
                        for v in range(1, 11))
                best = max(best, q)
            total += card[c - 1] * best
        out[bank] = total
    return out


def test_plain_python_bellman_backup_agrees_on_a_smaller_tournament():
    strategy = optimal_strategy(start=30, goal=60)
    for bankroll, value in _reference_values(strategy).items():
        assert value == pytest.approx(strategy.chance(bankroll), abs=1e-12), bankroll


def test_a_simulation_of_100000_tournaments_agrees_with_the_exact_optimum():
    strategy = optimal_strategy()
    runs = 100_000
    sim = simulate_strategy(runs, strategy, seed=2026)
    assert sim["doubled"] + sim["broke"] == runs
    p = strategy.probability
    assert abs(sim["doubled"] / runs - p) < 4.5 * math.sqrt(p * (1 - p) / runs)
    assert simulate_strategy(1000, strategy, seed=5) == simulate_strategy(1000, strategy, seed=5)


@pytest.mark.parametrize("betting, play", [("timid", "optimal"), ("bold", "optimal"), ("optimal", "dealer")])
def test_simulated_tournaments_agree_for_the_other_solved_strategies(betting, play):
    strategy = tournament_strategy(betting, play)
    runs = 40_000
    sim = simulate_strategy(runs, strategy, seed=7)
    p = strategy.probability
    assert abs(sim["doubled"] / runs - p) < 4.5 * math.sqrt(p * (1 - p) / runs)


def test_the_rules_engine_played_by_the_strategys_advice_agrees():
    strategy = optimal_strategy()
    runs, won = 400, 0
    for seed in range(runs):
        game = Tournament(seed=seed)
        while not game.over:
            game.autoplay_round(strategy=strategy)
        won += game.won
    p = strategy.probability
    assert abs(won / runs - p) < 4.5 * math.sqrt(p * (1 - p) / runs)


def test_bets_are_legal_whole_euros():
    strategy = optimal_strategy()
    bankrolls, bets = strategy.bet_table()
    assert bets.shape == (len(bankrolls), 10) and bankrolls[0] == 10 and bankrolls[-1] == 199.5
    assert np.all(bets >= 10) and np.all(bets <= np.floor(bankrolls)[:, None])
    for bankroll in (10, 15, 99.5, 100, 175.0, 199.5):
        for card in ("A", "2", "9", "10", "J", "K"):
            bet = strategy.bet(bankroll, card)
            assert type(bet) is int and 10 <= bet <= bankroll
    assert strategy.bet(100, "J") == strategy.bet(100, "10") == strategy.bet(100, 10)
    assert strategy.bet(100, "A") > strategy.bet(100, "5") == 10  # an ace first: bet big; a five: the minimum


def test_the_chances_behind_the_advice_fit_together():
    s = optimal_strategy()
    for bankroll in (20, 100, 137.5, 190):
        assert s.chance(bankroll) == pytest.approx(sum(P_CARD[c - 1] * s.chance_after_card(bankroll, r)
                                                       for c, r in zip(range(1, 11), "A 2 3 4 5 6 7 8 9 K".split())),
                                                   abs=1e-12)
        for card in ("A", "6", "Q"):
            best = s.bet(bankroll, card)
            chances = {bet: s.chance_of_bet(bankroll, card, bet) for bet in range(10, int(bankroll) + 1)}
            assert chances[best] == pytest.approx(max(chances.values()), abs=1e-12)
            assert chances[best] == pytest.approx(s.chance_after_card(bankroll, card), abs=1e-12)
            for bet in (10, best, int(bankroll)):
                in_hand = sum(P_CARD[v - 1] * s.chance_in_hand(bankroll, bet, [card, second])
                              for v, second in zip(range(1, 11), "A 2 3 4 5 6 7 8 9 K".split()))
                assert in_hand == pytest.approx(s.chance_of_bet(bankroll, card, bet), abs=1e-12)
    assert s.chance(200) == 1.0 and s.chance(9.5) == 0.0


def test_hit_policy_is_sane_at_trivial_states():
    s = optimal_strategy()
    for bankroll in (10, 55, 100, 150.5, 199):
        for bet in sorted({10, int(bankroll) // 2 if bankroll >= 20 else 10, int(bankroll)}):
            table = s.hit_table(bankroll, bet)
            assert not table["hard 21"] and not table["soft 21"] and not table["hard 20"]
            assert all(table[f"hard {t}"] for t in range(4, 12))  # no bust possible: a card never hurts
            assert not s.hits(bankroll, bet, ["10", "5", "6"])  # three-card 21 stands
            assert not s.hits(bankroll, bet, ["A", "K"])  # a natural has won already
            assert s.hits(bankroll, bet, ["2", "3"])
    with pytest.raises(ValueError, match="busted"):
        s.hits(100, 10, ["K", "Q", "5"])
    with pytest.raises(ValueError, match="two or more"):
        s.hits(100, 10, ["K"])
    dealer = tournament_strategy("timid", "dealer")
    assert dealer.hits(100, 10, ["10", "6"]) and not dealer.hits(100, 10, ["10", "7"])


def test_the_exact_solver_refuses_a_goal_above_max_goal_at_once():
    """optimal_strategy(start=500) (goal 1000, then the largest) took 10-22 s and 300 MB; goals above MAX_GOAL
    (500 euros, about 2 s) are now refused before any work, naming the goal and the largest start."""
    assert 200 <= MAX_GOAL == 500  # the lessons, exercises and arena solve the sheet's goal of 200
    assert 0 < tournament_strategy("bold", "dealer", start=MAX_GOAL // 2).probability < 1  # the largest goal is taken
    for start in (MAX_GOAL // 2 + 0.5, 500):
        with pytest.raises(ValueError, match=rf"goal <= {MAX_GOAL} euros for the exact solver \(a start of at most "
                                             rf"{MAX_GOAL // 2} when the goal is twice it\), not min_bet=10, "
                                             rf"goal={int(2 * start)}$"):
            optimal_strategy(start=start)


def test_bad_inputs_name_the_value_and_the_allowed_range():
    with pytest.raises(ValueError, match="play must be 'dealer' or 'optimal', not 'wild'"):
        doubling_probability("timid", "wild")
    with pytest.raises(ValueError, match="betting must be .* not 'brave'"):
        doubling_probability("brave", "optimal")
    with pytest.raises(ValueError, match=f"goal <= {MAX_GOAL} euros .* goal=5000"):
        optimal_strategy(start=100, goal=5000)
    with pytest.raises(ValueError, match="min_bet <= start < goal"):
        optimal_strategy(start=5, goal=200)
    with pytest.raises(ValueError, match="policy"):
        doubling_probability("optimal", "dealer", policy=15)
    s = optimal_strategy()
    with pytest.raises(ValueError, match="multiple of 0.5 euros, not 100.25"):
        s.bet(100.25, "A")
    with pytest.raises(ValueError, match="from 10 to below 200 euros .* not 200"):
        s.bet(200, "A")
    with pytest.raises(ValueError, match="a card must be"):
        s.bet(100, "Z")
    with pytest.raises(ValueError, match="bet must be a whole number of euros from 10 to 100, not 5"):
        s.hits(100, 5, ["K", "6"])
    with pytest.raises(ValueError, match="not 101"):
        s.chance_of_bet(100, "A", 101)


def test_betting_from_the_bankroll_alone_is_bold_from_100_and_the_first_card_is_worth_the_rest():
    blind, bold = tournament_strategy("bankroll", "dealer"), tournament_strategy("bold", "dealer")
    seeing = tournament_strategy("optimal", "dealer")
    assert blind.probability == pytest.approx(bold.probability, abs=1e-12)  # bold is the best card-blind bet at 100
    bankrolls, values = blind.values()
    for b, v in zip(bankrolls, values):
        assert bold.chance(b) - 1e-12 <= v <= seeing.chance(b) + 1e-12
    _, bets = blind.bet_table()
    assert np.all(bets == bets[:, :1])  # one bet whatever the card
    assert seeing.probability - blind.probability > 0.15


def test_stand_thresholds_and_the_edge_after_each_first_card():
    from coursekit.tournament import round_edge
    from coursekit.tournament_optimal import edge_by_first_card

    s = optimal_strategy()
    assert s.stand_from(100, s.bet(100, "A")) == (15, 18)
    assert tournament_strategy("timid", "dealer").stand_from(100, 10) == (17, 17)  # the dealer's rule
    dealer = edge_by_first_card("dealer")
    assert sum(P_CARD[i] * g for i, g in enumerate(dealer.values())) == pytest.approx(float(round_edge()), abs=1e-12)
    best = edge_by_first_card("optimal")
    assert best["A"] > 0.4 and best["10"] > 0.1 and all(best[c] < 0 for c in "23456789")
    assert all(best[c] >= dealer[c] - 1e-12 for c in best)
