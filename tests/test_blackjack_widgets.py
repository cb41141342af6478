"""Lesson 00 and 02 widgets, driven from Python: click, type, read back."""

from __future__ import annotations

from coursekit.blackjack import hand_total
from coursekit.widgets.blackjack import BlackjackTable, SuperpositionExplorer
from coursekit.widgets.start import WidgetCheck


def test_widget_check_deals_the_same_cards_for_the_same_seed():
    check = WidgetCheck(seed=5, cards=4)
    check.deal.click()
    first = list(check.dealt)
    check.deal.click()
    assert check.dealt == first and len(first) == 4 and check.clicks == 2
    assert "Widgets work" in check.message.text
    check.seed.value = 6
    check.deal.click()
    assert check.dealt != first


def test_table_plays_a_round_and_keeps_the_total():
    table = BlackjackTable(seed=3)
    assert table.hit.disabled and table.stand.disabled and not table.deal.disabled
    table.deal.click()
    assert table.phase == "player" and len(table.player) == 2 and len(table.dealer) == 2
    assert "??" in table.board.value, "the dealer's hole card is face down while the player decides"
    table.stand.click()
    assert table.phase == "done" and "??" not in table.board.value
    assert table.dealer.busted or hand_total(table.dealer.cards) >= 17
    assert table.total == table.last_score and table.rounds == 1
    assert f"{table.total:+g}" in table.score.value


def test_a_natural_is_settled_at_once_like_the_console_game():
    from coursekit.cards import StackedDeck

    table = BlackjackTable(seed=3)
    table.shoe = StackedDeck(["5", "6", "A", "K", "2", "9"] + ["K"] * 60)  # the dealer would bust on 2 and 9
    table.deal.click()
    assert table.phase == "done" and table.last_score == 1.5 and len(table.dealer) == 2
    assert "Blackjack" in table.message.text


def test_the_table_says_it_waits_for_hit_or_stand():
    from coursekit.cards import StackedDeck

    table = BlackjackTable(seed=3)
    table.shoe = StackedDeck(["K", "7", "5", "6", "2", "K"] + ["K"] * 60)
    table.deal.click()
    assert table.phase == "player" and table.message.text == "You have 11. Hit or Stand?"
    table.hit.click()
    assert table.phase == "player" and table.message.text == "You have 13. Hit or Stand?"


def test_a_hand_of_21_stands_by_itself_like_the_console_game():
    from coursekit.cards import StackedDeck

    table = BlackjackTable(seed=3)
    table.shoe = StackedDeck(["K", "7", "5", "6", "10"] + ["K"] * 60)
    table.deal.click()
    table.hit.click()
    assert table.phase == "done" and len(table.player) == 3 and table.last_score == 1
    assert table.message.text == "21: you stand. You win: score +1."
    assert table.hit.disabled and table.stand.disabled


def test_hitting_to_a_bust_ends_the_hand_with_a_loss():
    table = BlackjackTable(seed=3)
    table.deal.click()
    while table.phase == "player":
        table.hit.click()
    assert table.player.busted and table.last_score == -1
    assert table.message.text.startswith("Busted!")


def test_buttons_out_of_turn_give_messages_not_errors():
    table = BlackjackTable(seed=1)
    table.hit_card()
    assert table.message.kind == "error" and "Deal" in table.message.text
    table.deal_round()
    if table.phase == "player":
        table.deal_round()
        assert "Finish this hand first" in table.message.text


def test_reset_replays_the_same_shoe():
    table = BlackjackTable(seed=11)
    table.deal.click()
    cards = [c for c in table.player.cards]
    table.reset.click()
    assert table.total == 0 and table.rounds == 0
    table.deal.click()
    assert table.player.cards == cards


def test_explorer_shows_states_and_drops_busted_ones():
    explorer = SuperpositionExplorer("A, A")
    assert explorer.states == (2, 12, 22)
    assert "line-through\">22" in explorer.view.value
    explorer.add("9")
    assert explorer.text.value == "A, A, 9" and explorer.states == (11, 21, 31)
    # counting needs ranks only: no suit is drawn (every card showed as a spade before)
    assert not set("♠♥♦♣") & set(explorer.view.value), explorer.view.value
    assert explorer.view.value.count("border-radius:6px") == 3
    assert "best total: <b>21</b>" in explorer.view.value


def test_explorer_bad_card_shows_a_message_and_keeps_the_hand():
    explorer = SuperpositionExplorer("A, 7")
    explorer.text.value = "A, 11"
    assert explorer.message.kind == "error" and "'11' is not a card" in explorer.message.text
    assert explorer.ranks == ["A", "7"]
    explorer.clear.click()
    assert explorer.ranks == [] and explorer.message.text == ""


def test_explorer_refuses_a_pasted_pile_of_aces_quickly():
    import time

    explorer = SuperpositionExplorer("A, A")
    start = time.perf_counter()
    explorer.text.value = ", ".join(["A"] * 2000)
    assert time.perf_counter() - start < 1
    assert explorer.message.kind == "error" and "52" in explorer.message.text and "2,000" in explorer.message.text
    assert explorer.ranks == ["A", "A"]
    explorer.text.value = ", ".join(["A"] * 52)
    assert explorer.message.text == "" and explorer.states == tuple(range(52, 52 + 10 * 52 + 1, 10))
