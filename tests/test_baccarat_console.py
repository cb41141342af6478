"""The console baccarat of source 001: the source's transcript lines, stakes and bankroll, bad input, end of input."""

from __future__ import annotations

import io
import subprocess
import sys
from fractions import Fraction

from coursekit.baccarat import BaccaratShoe, source_banker_draws
from coursekit.cards import Card, StackedDeck
from coursekit.console.baccarat import BaccaratConsole, payout

COMMAND = [sys.executable, "-m", "coursekit", "baccarat"]

# the source's second transcript, dealt player, banker, player, banker, then the third cards
SOURCE_DEAL = [Card("6", "Club"), Card("K", "Spade"), Card("8", "Heart"), Card("A", "Heart"), Card("9", "Heart"),
             Card("5", "Club")]


def run_piped(text: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(COMMAND + list(args), input=text, capture_output=True, text=True, timeout=30)


def scripted(cards, answers: str, bankroll: int = 100, rule=None) -> str:
    out, stdin = io.StringIO(), io.StringIO(answers)
    kwargs = {"rule": rule} if rule else {}
    game = BaccaratConsole(StackedDeck(cards), lambda: stdin.readline() or None, out, bankroll=bankroll,
                           echo=True, **kwargs)
    game.run()
    return out.getvalue()


def test_the_sources_transcript_lines_in_order():
    text = scripted(SOURCE_DEAL, "b\n10\n")
    lines = text.splitlines()
    start = lines.index("** Player was dealt: 6 of Clubs, 8 of Hearts (hand value = 4)")
    assert lines[start:start + 7] == [
        "** Player was dealt: 6 of Clubs, 8 of Hearts (hand value = 4)",
        "** Banker was dealt: King of Spades, Ace of Hearts (hand value = 1)",
        "",
        "Player takes a card: 9 of Hearts (hand value = 3)",
        "Banker takes a card: 5 of Clubs (hand value = 6)",
        "",
        "Play is complete. Banker wins",
    ]
    assert "You win 9.50 on the banker. Bankroll: 109.50" in text
    assert text.startswith("Welcome to Baccarat. You can choose to either stake the player or banker")


def test_the_sources_first_deal_shows_nine_not_twelve():
    # 3 of Hearts and 10 of Clubs for the player, 4 of Clubs and 10 of Spades for the banker, then a 6
    cards = [Card("3", "Heart"), Card("4", "Club"), Card("10", "Club"), Card("10", "Spade"), Card("6", "Heart"),
             Card("2", "Club")]
    text = scripted(cards, "p\n10\n")
    assert "Player takes a card: 6 of Hearts (hand value = 9)" in text
    assert "Banker takes a card: 2 of Clubs (hand value = 6)" in text  # banker 4, player's third a 6: draw
    assert "Play is complete. Player wins" in text and "You win 10 on the player. Bankroll: 110" in text


def test_ties_push_player_and_banker_bets_and_pay_eight_to_one():
    assert payout("tie", Fraction(5), "tie") == 40 and payout("banker", Fraction(5), "tie") == 0
    assert payout("player", Fraction(5), "banker") == -5 and payout("banker", Fraction(10), "banker") == Fraction(19, 2)
    tie = ["5", "5", "3", "3", "K", "K"]  # 8 against 8: naturals, a tie
    text = scripted(tie, "t\n10\n")
    assert "Player and banker both have a natural: no more cards." in text
    assert "Play is complete. Tie (égalité)" in text and "You win 80 on the tie. Bankroll: 180" in text


def test_bad_answers_re_prompt_and_end_of_input_exits_with_a_summary():
    result = run_piped("x\nb\nabc\n0\n500\n10\n", "--seed", "1")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Please answer P, B, T or Q (not 'x')." in out
    assert "Please enter a whole number from 1 to 100 (not 'abc')." in out
    assert "(not '0')" in out and "(not '500')" in out
    assert out.count("Play is complete.") == 1
    assert "You played 1 coup(s); your bankroll is" in out and "Au revoir!" in out
    assert "Traceback" not in result.stderr


def test_quit_and_the_seed_repeats_the_game():
    first = run_piped("p\n10\nb\n10\nq\n", "--seed", "42", "--decks", "6")
    second = run_piped("p\n10\nb\n10\nq\n", "--seed", "42", "--decks", "6")
    assert first.returncode == 0 and first.stdout == second.stdout
    assert first.stdout.count("Play is complete.") == 2 and "You played 2 coup(s)" in first.stdout


def test_running_out_of_money_ends_the_game():
    text = scripted(SOURCE_DEAL, "p\n5\n", bankroll=5)
    assert "You lose 5 on the player. Bankroll: 0" in text and "You are out of money." in text


def test_bad_arguments_exit_with_2():
    result = run_piped("", "--decks", "0")
    assert result.returncode == 2 and "decks must be a whole number" in result.stderr
    result = run_piped("", "--bankroll", "0")
    assert result.returncode == 2 and "bankroll must be 1 or more" in result.stderr


def test_the_sources_buggy_rule_can_run_in_the_console():
    cards = ["3", "3", "K", "K", "J", "4"]  # banker 3 + K = 3, the player draws a jack
    fixed = scripted(cards, "b\n10\n")
    buggy = scripted(cards, "b\n10\n", rule=source_banker_draws)
    assert "Banker takes a card" in fixed and "Banker takes a card" not in buggy


def test_cut_card_brings_a_new_shoe():
    shoe = BaccaratShoe(decks=1, seed=3)
    out, stdin = io.StringIO(), io.StringIO("p\n1\n" * 12)
    BaccaratConsole(shoe, lambda: stdin.readline() or None, out, echo=True).run()
    assert "The cut card came out: shuffling a new 1-deck shoe ..." in out.getvalue()


def test_odd_digits_re_prompt_instead_of_crashing():
    text = scripted(SOURCE_DEAL, "b\n\u00b2\n\u0663\n10\n")
    assert "Please enter a whole number from 1 to 100 (not '\u00b2')" in text
    assert "Please enter a whole number from 1 to 100 (not '\u0663')" in text
    assert "Bankroll: 100" in text and any(word in text for word in ("You win", "You lose", "Push"))


def test_a_pasted_stake_of_5000_digits_re_prompts_and_the_reply_quotes_what_was_typed():
    """int() refuses more than 4300 digits with a ValueError: the game once crashed there. The bet's reply quoted
    the answer lower-cased ('ｐ' for 'Ｐ')."""
    text = scripted(SOURCE_DEAL, "\uff30\nb\n" + "9" * 5000 + "\n10\n")
    assert "Please answer P, B, T or Q (not '\uff30')." in text
    assert "Please enter a whole number from 1 to 100 (not '999999999999999...')." in text
    assert any(word in text for word in ("You win", "You lose", "Push"))


def test_the_bankroll_is_said_once_between_coups():
    deal = SOURCE_DEAL * 3
    text = scripted(deal, "b\n10\nb\n10\n")
    lines = [line for line in text.splitlines() if "Bankroll:" in line]
    assert lines[0] == "Bankroll: 100"
    assert all(line.startswith(("You win", "You lose", "Push")) for line in lines[1:])
    assert len(lines) == 3  # the start, then once after each of the two coups
