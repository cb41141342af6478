"""Lesson 04-05 widgets, driven from Python: deal coups, read the highlighted cell, move the decks slider."""

from __future__ import annotations

import time

from coursekit.baccarat import banker_draws, card_value, exact_odds, hand_value, source_banker_draws
from coursekit.widgets.baccarat import RULES, CoupTable, OddsExplorer, table_html


def test_deal_plays_coups_and_highlights_the_deciding_cell():
    table = CoupTable(seed=1)
    assert table.coup is None and "No coup yet" in table.board.value
    seen_cell = seen_natural = False
    for _ in range(30):
        table.deal.click()
        coup = table.coup
        if coup.natural:
            seen_natural = True
            assert table.cell is None and "natural" in table.message.text
            assert "outline" not in table.table.value
            continue
        seen_cell = True
        third = coup.player_third
        total = hand_value(coup.banker[:2])
        column = 10 if third is None else card_value(third)
        assert table.cell == (total, column)
        assert banker_draws(total, None if third is None else third.rank) == coup.banker_drew
        assert table.table.value.count("outline:4px") == 1
        assert ("draws" if coup.banker_drew else "stands") in table.message.text
    assert seen_cell and seen_natural
    assert sum(table.counts.values()) == 30 and "Coups: <b>30</b>" in table.tally.value


def test_reset_replays_the_same_shoe_and_the_seed_changes_it():
    table = CoupTable(seed=7)
    table.deal.click()
    first = table.coup
    table.reset.click()
    assert sum(table.counts.values()) == 0 and table.coup is None
    table.deal.click()
    assert table.coup == first
    table.seed.value = 8
    table.reset.click()
    table.deal.click()
    assert table.coup != first


def test_the_seeds_rule_shows_its_table_by_rank_and_flags_wrong_cells():
    table = CoupTable(seed=3)
    table.rule.value = "the script's rule (with its bug)"
    assert ">J<" in table.table.value and ">K<" in table.table.value
    flagged = False
    for _ in range(300):
        table.deal.click()
        coup = table.coup
        if coup.player_drew and coup.player_third.rank in ("10", "J", "Q", "A") and hand_value(coup.banker[:2]) <= 3:
            assert not coup.banker_drew and "gets this cell wrong" in table.message.text
            flagged = True
            break
    assert flagged


def test_table_html_marks_draws_and_stands():
    text = table_html(banker_draws)
    assert text.count(">D</td>") == sum(banker_draws(t, c) for t in range(8) for c in list(range(10)) + [None])
    assert "outline" not in text and "outline" in table_html(banker_draws, (3, 8))
    assert table_html(source_banker_draws).count("</td>") == 8 * 14


def test_odds_slider_is_exact_and_instant():
    explorer = OddsExplorer(decks=8)
    assert explorer.odds == exact_odds(8) and "0.458597" in explorer.view.value
    assert "1.0579%" in explorer.view.value and "14.3596%" in explorer.view.value
    start = time.perf_counter()
    explorer.decks.value = 17
    assert time.perf_counter() - start < 0.5  # about 0.02 s here
    assert explorer.odds == exact_odds(17) and "17 deck(s), 884 cards" in explorer.view.value
    explorer.decks.value = 1
    assert "0.459624" in explorer.view.value  # Wizard of Odds, one deck


def test_simulate_button_shows_shares_next_to_the_exact_odds():
    explorer = OddsExplorer(decks=6, coups=100_000, seed=4)
    explorer.simulate.click()
    assert sum(explorer.simulated.values()) == 100_000
    assert "standard errors of the exact odds" in explorer.message.text and " ± 0.00" in explorer.view.value
    explorer.decks.value = 2
    assert explorer.simulated is None and " ± 0.00" not in explorer.view.value


def test_odds_for_the_seeds_rule():
    explorer = OddsExplorer()
    explorer.rule.value = "the script's rule (with its bug)"
    assert explorer.odds == exact_odds(8, RULES["the script's rule (with its bug)"])
    assert explorer.edges["player"] < 0, "the bug hands the player an edge"


def test_a_negative_seed_is_a_message_not_a_traceback():
    explorer = OddsExplorer(decks=8, coups=100_000)
    explorer.seed.value = -3
    explorer.simulate.click()
    assert explorer.simulated is None
    assert explorer.message.kind == "error"
    assert explorer.message.text == "Cannot simulate. The seed must be a whole number from 0 to 999999999, not '-3'."
    explorer.seed.value = 3
    explorer.simulate.click()
    assert sum(explorer.simulated.values()) == 100_000 and explorer.message.kind != "error"
