"""`python -m coursekit tournament`: replay source text 004's two sample transcripts with the same cards and answers."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

from coursekit.cards import StackedDeck
from coursekit import tournament_transcripts as transcripts
from coursekit.console.tournament import main

# source text 004's two sample transcripts, their cards and the player's answers, as coursekit keeps them
SHEET_1, SHEET_2 = transcripts.SHEET_1, transcripts.SHEET_2
CARDS_1, ANSWERS_1 = list(transcripts.CARDS_1), list(transcripts.ANSWERS_1)
CARDS_2, ANSWERS_2 = list(transcripts.CARDS_2) + ["4"], list(transcripts.ANSWERS_2)  # a card more for round 3


def play(cards, answers) -> tuple[int, str]:
    out = io.StringIO()
    code = main([], stdin=io.StringIO("".join(a + "\n" for a in answers)), stdout=out, deck=StackedDeck(cards))
    return code, out.getvalue()


def lines(text: str) -> list[str]:
    return [line.rstrip() for line in text.splitlines() if line.strip()]


def test_replays_the_first_sample_transcript():
    code, text = play(CARDS_1, ANSWERS_1)
    assert code == 0
    produced = [line.rstrip() for line in text.splitlines()]
    expected = SHEET_1.splitlines()
    assert produced == expected  # every round line for line, blank lines included
    assert text.endswith("You have 210€, you at least doubled your money!\n")


def test_replays_the_second_sample_transcript_and_stops_cleanly_at_end_of_input():
    code, text = play(CARDS_2, ANSWERS_2)
    assert code == 0
    expected = lines(SHEET_2)
    assert lines(text)[:len(expected)] == expected
    assert "Dealer has King, Blackjack!\nDealer won with Blackjack!\n" in text  # no blank line between these two
    assert "You have 4, hand value is 4." in text
    assert lines(text)[-1] == "Bye! You leave the tournament with 100.0€."


def test_bad_bets_and_answers_ask_again():
    code, text = play(["10", "6", "K", "7", "2"], ["five", "5", "200", "10", "maybe", "n"])
    assert code == 0
    assert text.count("How much do you want to bet?") == 5  # four in round 1, then round 2 meets end of input
    assert "Sorry, the bet must be a whole number of euros from 10 to 100, not 'five'." in text
    assert "from 10 to 100, not 200." in text
    assert "Please answer y or n." in text
    assert text.count("Do you want another card?") == 2
    assert "Dealer wins!" in text


def test_only_plain_digits_make_a_bet_and_a_long_answer_is_cut_in_the_reply():
    """int() takes '1_0_0', '٢٠' and '２０'; they once became bets. A pasted 5000 digits is repeated cut short."""
    answers = ["1_0_0", "\u0662\u0660", "\uff12\uff10", "9" * 5000, "10", "n"]
    code, text = play(["10", "6", "K", "7", "2"], answers)
    assert code == 0
    for shown in ("'1_0_0'", "'\u0662\u0660'", "'\uff12\uff10'"):
        assert f"from 10 to 100, not {shown}." in text
    sorry = [line for line in text.splitlines() if line.startswith("Sorry")]
    assert len(sorry) == 4 and max(map(len, sorry)) < 100  # the reply does not repeat the 5000 digits
    assert text.count("How much do you want to bet?") == 6 and "Dealer wins!" in text


def test_a_bust_loses_and_running_out_of_money_ends_the_tournament():
    code, text = play(["K", "6", "9", "K", "7"], ["100", "y"])
    assert "You have 9, hand value is 25." in text and "You busted, you lost!" in text
    assert "Dealer's turn" not in text
    assert lines(text)[-1] == "You have 0€ left, less than the minimal bet of 10€. You lost the tournament!"
    assert code == 0


def test_empty_input_exits_at_once():
    code, text = play(["5"], [])
    assert code == 0 and text.rstrip().endswith("Bye! You leave the tournament with 100€.")


def test_command_line_runs_with_a_seed():
    answers = "\n".join(["", "n"] * 3) + "\n"
    result = subprocess.run([sys.executable, "-m", "coursekit", "tournament", "--seed", "3"], input=answers,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("*** WELCOME TO BLACKJACK ***")
    again = subprocess.run([sys.executable, "-m", "coursekit", "tournament", "--seed", "3"], input=answers,
                           capture_output=True, text=True, timeout=60)
    assert again.stdout == result.stdout


def test_advice_shows_the_optimal_bet_and_move_with_the_chances_behind_them():
    from coursekit.tournament import optimal_strategy

    strategy = optimal_strategy()
    out = io.StringIO()
    answers = ["60", "maybe", "y", "n", ""]
    code = main(["--advice"], stdin=io.StringIO("".join(a + "\n" for a in answers)), stdout=out,
                deck=StackedDeck(["A", "5", "2", "9", "K", "10", "Q"]))
    text = out.getvalue()
    assert code == 0
    first = text.index("You have Ace, hand value is 11.")
    assert f"Advice: with best play your chance to win the tournament is {strategy.probability:.1%}." in text[:first]
    best = strategy.bet(100, "A")
    assert best > 10
    assert (f"Advice: bet {best}€ (chance to win {strategy.chance_after_card(100, 'A'):.1%}; the minimum bet would "
            f"give {strategy.chance_of_bet(100, 'A', 10):.1%}).") in text
    # A, 5 is soft 16 with 60€ at stake: the advice names the move and both chances
    options = strategy.hand_options(100, 60, ["A", "5"])
    move = "hit" if strategy.hits(100, 60, ["A", "5"]) else "stand"
    assert (f"You have 5, hand value is 16.\nAdvice: {move} (chance to win if you stand {options['stand']:.1%}, "
            f"if you take a card {options['hit']:.1%}).\nDo you want another card? (y/n) maybe") in text
    # once per hand (A 5, A 5 2, then 10 Q in round 2), not again after "maybe"
    assert text.count("Advice: hit") + text.count("Advice: stand") == 3 and text.count("Please answer y or n.") == 1
    assert "You have 2, hand value is 18." in text  # A, 5, 2: soft 18, then the player stands
    assert "Dealer has 9, hand value is 9." in text and "Dealer has King, hand value is 19." in text
    assert "Dealer wins!" in text and "*** ROUND 2, you have 40€ left." in text
    assert f"is {strategy.chance(40):.1%}." in text
    assert f"Advice: bet {strategy.bet(40, '10')}€" in text  # round 2: a ten first with 40€
    assert "Advice: bet 10€, the minimum" not in text


def test_advice_is_off_by_default_and_refused_for_goals_the_solver_does_not_take():
    code, text = play(CARDS_1, ANSWERS_1)
    assert "Advice" not in text
    result = subprocess.run([sys.executable, "-m", "coursekit", "tournament", "--advice", "--start", "5000"],
                            input="", capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "--advice" in result.stderr and "goal <= 500 euros" in result.stderr
    assert "a start of at most 250" in result.stderr and "goal=10000" in result.stderr


def test_advice_lines_for_the_minimum_bet_and_for_a_hand():
    from coursekit.console.tournament import advise
    from coursekit.tournament import optimal_strategy

    strategy = optimal_strategy()
    table = {"goal": 200, "min_bet": 10}
    assert strategy.bet(100, "5") == 10
    assert advise(strategy, {"decision": "bet", "bankroll": 100, "first_card": "5", **table}) == (
        f"Advice: bet 10€, the minimum (chance to win {strategy.chance_after_card(100, '5'):.1%}).")
    assert advise(strategy, {"decision": "hit", "bankroll": 100, "bet": 10, "cards": ("10", "2"), **table}
                  ).startswith("Advice: hit (")
    assert advise(strategy, {"decision": "hit", "bankroll": 175.0, "bet": 25, "cards": ("10", "9"), **table}
                  ).startswith("Advice: stand (")
    with pytest.raises(ValueError, match="'bet' or 'hit'"):
        advise(strategy, {"decision": "next", "bankroll": 100})


def test_the_transcripts_as_data_match_the_sheets_and_replay():
    from coursekit import tournament_transcripts as t

    for sheet, cards, answers in ((t.SHEET_1, t.CARDS_1, t.ANSWERS_1), (t.SHEET_2, t.CARDS_2, t.ANSWERS_2)):
        _, text = play(cards, answers)
        assert t.first_difference(text, sheet) is None
    _, text = play(t.CARDS_1, ["30"] + list(t.ANSWERS_1[1:]))
    number, want, got = t.first_difference(text, t.SHEET_1)
    assert number == 6 and want.endswith("minimal bet. 20") and got.endswith("minimal bet. 30")
    assert t.first_difference("*** WELCOME TO BLACKJACK ***\n", t.SHEET_2)[2] == "(no more lines)"
