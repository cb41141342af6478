"""Lesson 10 widget, driven from Python: the tournament with optimal advice and the chance to win after each step."""

from __future__ import annotations

import time

import pytest

from coursekit.cards import StackedDeck
from coursekit.tournament import Tournament, optimal_strategy
from coursekit.widgets.tournament_advice import AdvisedTournament


@pytest.fixture(scope="module")
def strategy():
    return optimal_strategy()


def test_starts_with_the_exact_chance_and_advice(strategy):
    table = AdvisedTournament(seed=4)
    assert table.chance == strategy.probability and table.chances == [strategy.probability]
    assert f"<b>{strategy.probability:.1%}</b>" in table.status.value
    assert "Advice: press Next round." in table.tip.value
    assert table.hit.disabled and table.bet.disabled and not table.next.disabled
    assert table.plot.value[:8] == b"\x89PNG\r\n\x1a\n"


def test_following_the_advice_plays_a_whole_tournament_and_gives_nothing_away(strategy):
    table = AdvisedTournament(seed=11)
    for _ in range(2000):
        if table.game.over:
            break
        table.follow.click()
    game = table.game
    assert game.over and table.given_away == 0 and table.rounds_log.value == ""
    assert all(lost == 0 and mine == best for _, mine, best, lost in table.choices)
    # between rounds the chance is the solved value of the bankroll: 1 or 0 at the end
    for (_, _, _, after), chance in zip(game.history, [c for c, b in zip(table.chances[1:], table.between[1:]) if b]):
        assert chance == strategy.chance(after)
    assert table.chances[-1] == (1.0 if game.won else 0.0)
    assert len(table.chances) == len(table.between) > 3 * game.round
    table.follow.click()
    assert table.message.kind == "error" and "over" in table.message.text


def test_a_bet_against_the_advice_shows_what_it_gave_away(strategy):
    table = AdvisedTournament(seed=1)
    table.game = Tournament(deck=StackedDeck(["5", "K", "10", "9"]))
    table.next.click()
    assert "Advice: bet 10€" in table.tip.value
    assert table.chance == pytest.approx(strategy.chance_after_card(100, "5"))
    table.amount.value = "100"
    table.bet.click()
    lost = strategy.chance_after_card(100, "5") - strategy.chance_of_bet(100, "5", 100)
    assert lost > 0.05 and table.given_away == pytest.approx(lost)
    assert table.chance == pytest.approx(strategy.chance_in_hand(100, 100, ["5", "K"]))
    assert "<td>bet 100</td><td>bet 10</td>" in table.rounds_log.value
    options = strategy.hand_options(100, 100, ["5", "K"])
    assert f"stand {options['stand']:.1%}, take a card {options['hit']:.1%}" in table.tip.value
    table.stand.click()  # 15 against the dealer's 10, 9: lost, 0€ left
    assert table.game.over and not table.game.won and table.chance == 0.0
    assert "lost" in table.message.text


def test_advice_off_hides_the_moves_but_not_the_chance():
    table = AdvisedTournament(seed=3, advice=False)
    assert table.tip.value == ""
    table.next.click()
    assert table.tip.value == "" and "Chance to win with best play from here" in table.status.value
    table.advice.value = True
    assert "Advice: bet" in table.tip.value


def test_the_sheets_blackjack_round_and_bad_moves(strategy):
    table = AdvisedTournament(show_plot=False)
    table.hit.click()
    assert table.message.kind == "error" and "Next round" in table.message.text
    table.bet.click()
    assert table.message.kind == "error"
    table.game = Tournament(deck=StackedDeck(["A", "J"]))
    table.next.click()
    table.amount.value = "5"
    table.bet.click()
    assert table.message.kind == "error" and "from 10 to 100" in table.message.text and table.game.phase == "bet"
    table.amount.value = "50"
    table.bet.click()
    assert table.game.bankroll == 175.0 and "Blackjack" in table.message.text
    assert table.chance == strategy.chance(175) and "175.0€" in table.status.value
    table.new.click()
    assert table.game.bankroll == 100 and table.chances == [strategy.probability] and table.given_away == 0


def test_callbacks_answer_within_100_ms():
    table = AdvisedTournament(seed=2)
    slowest = 0.0
    for _ in range(25):
        if table.game.over:
            table.new.click()
        start = time.perf_counter()
        table.follow.click()
        slowest = max(slowest, time.perf_counter() - start)
    assert slowest < 0.25  # 100 ms is the house rule at demo sizes; a busy test machine gets some slack
