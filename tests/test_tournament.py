"""Source text 004's tournament: exact round odds, the Markov chain over bankrolls, and whole simulated tournaments."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from coursekit.cards import StackedDeck
from coursekit.tournament import (
    Tournament,
    bet_for,
    doubling_chances,
    doubling_probability,
    expected_rounds,
    optimal_strategy,
    round_edge,
    round_outcomes,
    simulate_tournaments,
)


def test_round_outcomes_are_exact_and_add_up():
    odds = round_outcomes()
    assert set(odds) == {"blackjack", "win", "push", "lose"}
    assert sum(odds.values()) == 1 and all(isinstance(p, Fraction) for p in odds.values())
    # a natural needs an ace and a ten-valued card in either order: 2 * 1/13 * 4/13
    assert odds["blackjack"] == Fraction(8, 169)
    assert odds["lose"] > odds["win"]  # hitting like the dealer but busting first costs money
    assert -Fraction(6, 100) < round_edge() < -Fraction(4, 100)


def test_round_outcomes_accept_a_policy_function():
    threshold = round_outcomes(15)
    function = round_outcomes(lambda total, soft, cards: total < 15)
    assert threshold == function
    never_hit = round_outcomes(lambda total, soft, cards: False)
    assert sum(never_hit.values()) == 1 and never_hit != threshold
    with pytest.raises(ValueError, match="policy must be .* not 25"):
        round_outcomes(25)


def test_round_outcomes_match_played_rounds():
    # the engine, playing hit-below-17 rounds with random cards, against the exact odds
    rounds = 3000
    counts = dict.fromkeys(("blackjack", "win", "push", "lose"), 0)
    kind = {"blackjack": "blackjack", "dealer_bust": "win", "win": "win", "push": "push", "lose": "lose",
            "dealer_blackjack": "lose", "bust": "lose"}
    game = Tournament(start=10 ** 6, goal=10 ** 7, seed=11)
    for _ in range(rounds):
        counts[kind[game.autoplay_round("timid")]] += 1
    for name, p in round_outcomes().items():
        p = float(p)
        assert abs(counts[name] / rounds - p) < 4.5 * math.sqrt(p * (1 - p) / rounds), name


def test_bets_of_each_style():
    assert bet_for(100, "timid") == 10
    assert bet_for(100, "bold") == 100
    assert bet_for(125, "bold") == 70  # min(125, 75) rounded down to 70
    assert bet_for(195, "bold") == 10  # 5 to go, but never below the minimum
    assert bet_for(15, "bold") == 10
    assert bet_for(35, 50) == 30 and bet_for(170, 50) == 50
    with pytest.raises(ValueError, match="betting must be .* not 'wild'"):
        doubling_probability("wild")
    with pytest.raises(ValueError, match="betting must be"):
        doubling_probability(5)


def test_doubling_chances_are_a_solved_markov_chain():
    chances = doubling_chances("timid")
    assert 100 in chances and all(0 < p < 1 for p in chances.values())
    assert list(chances) == sorted(chances)
    # more money, better chances, for the timid player
    values = [chances[b] for b in sorted(chances)]
    assert values == sorted(values)
    # bold from 100 bets everything once: success = (blackjack + win) / (1 - push)
    odds = round_outcomes()
    assert doubling_chances("bold")[100] == (odds["blackjack"] + odds["win"]) / (1 - odds["push"])
    # bankrolls that are not multiples of 10 appear (a 10 EUR blackjack pays 15)
    assert any(b % 10 for b in chances)


def test_bold_beats_timid_in_an_unfavourable_game():
    timid, bold = doubling_probability("timid"), doubling_probability("bold")
    assert isinstance(timid, float)
    assert 0.2 < timid < bold < 0.5
    sizes = [doubling_probability(b) for b in (10, 20, 50, 100)]
    assert sizes == sorted(sizes)
    assert expected_rounds("timid") > expected_rounds(50) > expected_rounds("bold")


@pytest.mark.parametrize("betting", ["timid", "bold", 50])
def test_exact_doubling_matches_simulated_tournaments(betting):
    runs = 20_000
    sim = simulate_tournaments(runs, betting, seed=2026)
    assert sim["doubled"] + sim["broke"] == runs
    p = doubling_probability(betting)
    assert abs(sim["doubled"] / runs - p) < 4.5 * math.sqrt(p * (1 - p) / runs)
    assert sim["rounds"] == pytest.approx(expected_rounds(betting), rel=0.1)


def test_simulation_is_seeded():
    assert simulate_tournaments(200, "timid", seed=3) == simulate_tournaments(200, "timid", seed=3)
    with pytest.raises(ValueError, match="tournaments must be"):
        simulate_tournaments(0)


def test_engine_plays_the_sheets_first_sample_round():
    game = Tournament(deck=StackedDeck(["5", "K", "6", "A", "2", "9", "10"]))
    assert game.start_round().name == "5"
    game.place_bet("20")
    assert game.player.total == 15 and game.phase == "player"
    game.hit()  # 21: stands by itself, the dealer plays A, 2, 9, 10 and busts
    assert game.result == "dealer_bust" and game.bankroll == 120 and game.phase == "done"
    assert [c.name for c in game.dealer.cards] == ["Ace", "2", "9", "10"]


def test_engine_pays_blackjack_as_the_sheet_prints_it():
    game = Tournament(deck=StackedDeck(["A", "J", "10", "5", "6", "A", "K"]))
    game.start_round()
    game.place_bet(50)
    assert game.result == "blackjack" and game.bankroll == 175.0 and str(game.bankroll) == "175.0"
    game.start_round()
    game.place_bet(75)
    game.hit()
    assert game.player.total == 21 and game.result == "dealer_blackjack" and game.bankroll == 100.0


def test_engine_rejects_bad_bets_and_moves_out_of_turn():
    game = Tournament(deck=StackedDeck(["5", "K", "Q", "7", "K"]))
    with pytest.raises(ValueError, match="finish|bet|turn"):
        game.hit()
    game.start_round()
    for bad in ("5", "101", "ten", 0, 2.5):
        with pytest.raises(ValueError, match="from 10 to 100"):
            game.place_bet(bad)
    game.place_bet("")
    assert game.bet == 10
    game.hit()  # 5 + K + Q = 25
    assert game.result == "bust" and game.bankroll == 90


def test_tournament_ends_at_the_goal_or_below_the_minimum():
    game = Tournament(start=10, goal=20, deck=StackedDeck(["10", "6", "K", "7"]))
    game.start_round()
    game.place_bet(None)
    game.stand()  # 16 against 17
    assert game.result == "lose" and game.bankroll == 0 and game.over and not game.won
    assert game.phase == "over"
    with pytest.raises(ValueError, match="over"):
        game.start_round()


def test_a_long_chain_is_solved_in_floats_and_refused_in_fractions(monkeypatch):
    """A minimum bet of 1 EUR makes 398 bankrolls: fraction-free elimination ran for minutes (a frozen kernel).
    doubling_chances now refuses such a chain by name, and doubling_probability solves it in floats, the same
    number as the exact solve where both run."""
    from coursekit import tournament

    with pytest.raises(ValueError, match="398 bankrolls .* at most 60"):
        doubling_chances("timid", min_bet=1)
    exact = doubling_probability("timid")
    monkeypatch.setattr(tournament, "MAX_EXACT_BANKROLLS", 10)  # the default chain (38) through the float path
    assert doubling_probability("timid") == pytest.approx(exact, abs=1e-14)
    assert 0 < doubling_probability("timid", min_bet=1) < doubling_probability("timid", min_bet=5) < exact


def test_the_solver_refuses_a_goal_of_more_than_250_minimum_bets_and_start_names_itself():
    with pytest.raises(ValueError, match="at most 250 minimum bets"):
        optimal_strategy(start=100, goal=400, min_bet=1)   # once a RuntimeError after 20 s (residual 1.3e-12)
    assert doubling_probability("bold", start=175.0) == doubling_probability("bold", start=175, goal=350)
    with pytest.raises(ValueError, match="start must be a whole or half number of euros"):
        doubling_probability("bold", start=100.25)
    with pytest.raises(ValueError, match="dealer_stands_at must be a stand threshold from 2 to 21, not 22"):
        round_outcomes(17, 22)


def test_a_bad_betting_style_leaves_no_round_half_begun():
    """autoplay_round('optimal') once raised TypeError after dealing: the next call said 'finish round 1 first'."""
    game = Tournament(seed=1)
    with pytest.raises(ValueError, match="betting must be 'timid', 'bold' or a fixed bet"):
        game.autoplay_round("optimal")
    assert game.round == 0 and game.autoplay_round("timid") in ("win", "lose", "push", "blackjack", "bust",
                                                                "dealer_bust", "dealer_blackjack")


@pytest.mark.parametrize("options, message", [({"tournaments": 10**9}, "tournaments must be a whole number from 1 to "),
                                              ({"tournaments": 10, "max_rounds": -5}, "max_rounds must be"),
                                              ({"tournaments": 10, "max_rounds": None}, "max_rounds must be")])
def test_simulate_tournaments_refuses_sizes_it_cannot_hold(options, message):
    """10**9 tournaments once tried to allocate 7.45 GiB; max_rounds=-5 quietly returned no tournament decided."""
    with pytest.raises(ValueError, match=message):
        simulate_tournaments(**options)
