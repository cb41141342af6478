"""The console blackjack of source text 000, driven by piped lines and by answer lines on a terminal (a pty)."""

from __future__ import annotations

import io
import os
import re
import select
import subprocess
import sys
import time

from coursekit.cards import StackedDeck
from coursekit.console.blackjack import BlackjackConsole, read_line_from

COMMAND = [sys.executable, "-m", "coursekit", "blackjack"]


def run_piped(text: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(COMMAND + list(args), input=text, capture_output=True, text=True, timeout=30)


def scripted(cards, answers: str) -> str:
    out = io.StringIO()
    game = BlackjackConsole(StackedDeck(cards), lambda: read_line_from(stdin), out, reshuffle_below=0)
    stdin = io.StringIO(answers)
    game.run()
    return out.getvalue()


def test_scripted_session_prints_the_seed_lines_in_order():
    # dealer K (shown), dealer 7 (hidden), player 5, 6; player hits a 9 -> 20 and stands; dealer stands on 17
    text = scripted(["K", "7", "5", "6", "9"], "h\ns\n")
    assert text.splitlines()[:8] == [
        "D[10]: [K♠]",
        "P[11]: [5♠,6♠]",
        "([H]it/[S]tand/[Q]uit) h",
        "P[20]: [5♠,6♠,9♠]",
        "([H]it/[S]tand/[Q]uit) s",
        "P[20]: [5♠,6♠,9♠]",
        "D[17]: [K♠,7♠]",
        "Score: 1, Total: 1",
    ]


def test_a_hand_of_21_stands_by_itself_and_says_so():
    # the player hits 5, 6 to 21 with a 10: nothing is asked; the next answer belongs to the next hand
    text = scripted(["K", "7", "5", "6", "10", "9", "8", "2", "3", "A"], "hit\nh\n")
    first, second = text.split("Score:")[:2]
    assert first.splitlines() == ["D[10]: [K♠]", "P[11]: [5♠,6♠]", "([H]it/[S]tand/[Q]uit) hit",
                                  "P[21]: [5♠,6♠,10♠]", "21: you stand (no card can make it better).",
                                  "D[17]: [K♠,7♠]"]
    assert first.count("[Q]uit") == 1, "no question at P[21]"
    # the second answer plays the second hand (dealer 9, 8; player 2, 3, then an ace)
    assert "P[5]: [2♠,3♠]" in second and "([H]it/[S]tand/[Q]uit) h" in second
    assert "P[soft 16]: [2♠,3♠,A♠]" in second


def test_a_soft_21_stands_by_itself_too():
    text = scripted(["K", "7", "A", "5", "5"], "h\n")
    assert "P[soft 21]: [A♠,5♠,5♠]" in text and "21: you stand" in text and text.count("[Q]uit") == 1


def test_words_and_capitals_answer_like_letters():
    lowercase = scripted(["K", "7", "5", "6", "9"], "h\ns\n")
    assert scripted(["K", "7", "5", "6", "9"], "hit\nstand\n").replace("hit", "h").replace("stand", "s") == lowercase
    assert scripted(["K", "7", "5", "6", "9"], " HIT \nS\n").replace("HIT", "h").replace("S\n", "s\n") == lowercase
    assert "You played 0 round(s)" in scripted(["K", "7", "5", "6"], "quit\n")


def test_one_complaint_a_line_whatever_its_length():
    text = scripted(["K", "7", "5", "6", "9"], "hxt\n12345678901234567890123\n\nh\ns\n")
    assert text.count("Please type") == 3
    assert "Please type h (hit), s (stand) or q (quit), not 'hxt'." in text
    assert "Please type h (hit), s (stand) or q (quit), not '123456789012345...'." in text
    assert "Please type h (hit), s (stand) or q (quit).\n" in text  # a bare Enter: asked again, nothing quoted
    assert "Score: 1, Total: 1" in text
    assert max(len(line) for line in text.splitlines()) < 80


def test_a_stand_leaves_nothing_behind_for_the_next_hand():
    text = scripted(["K", "7", "5", "6", "9", "8", "4", "3"], "s\ns\n")
    assert "Please" not in text and text.count("Score:") == 2


def test_natural_is_settled_at_once_and_pays_one_and_a_half():
    # dealer 5, 6 would draw 2 and 9 and bust: source text 000's score() then paid the natural only 1
    text = scripted(["5", "6", "A", "K", "2", "9"], "s\n")
    first_round = text.split("Score:")[0]
    assert "P[Blackjack]: [A♠,K♠]" in first_round and "[H]it" not in first_round, "nothing to ask on a natural"
    assert "D[11]: [5♠,6♠]" in first_round and "2♠" not in first_round, "the dealer does not draw against it"
    assert "Score: 1.5, Total: 1.5" in text


def test_dealer_draws_below_17():
    text = scripted(["5", "6", "K", "8", "2", "9"], "s\n")
    assert "D[11]: [5♠,6♠]" in text and "D[13]: [5♠,6♠,2♠]" in text and "D[Busted]" in text
    assert "Score: 1, Total: 1" in text


def test_busted_player_loses_and_the_total_runs_on():
    text = scripted(["9", "8", "K", "Q", "5", "K", "7", "10", "9"], "h\ns\n")
    assert "P[Busted]: [K♠,Q♠,5♠]" in text
    assert "Score: -1, Total: -1" in text and "Score: 1, Total: 0" in text


def test_bad_key_re_prompts_and_end_of_input_exits_with_a_summary():
    result = run_piped("x\nh\n", "--seed", "1")
    assert result.returncode == 0, result.stderr
    assert "Please type h (hit), s (stand) or q (quit), not 'x'." in result.stdout
    assert re.search(r"You played \d+ round\(s\); your total is -?[\d.]+\. Good luck!", result.stdout)
    assert "\033[" not in result.stdout, "no colour codes when output is not a terminal"


def test_quit_ends_at_once_and_seed_repeats():
    first = run_piped("s\ns\nq\n", "--seed", "42")
    second = run_piped("s\ns\nq\n", "--seed", "42")
    assert first.stdout == second.stdout
    assert first.stdout.count("Score:") == 2 and "You played 2 round(s)" in first.stdout


def test_reshuffles_when_fewer_than_52_cards_remain():
    result = run_piped("s\n" * 3, "--seed", "3", "--decks", "1")
    rounds = result.stdout.split("Score:")
    assert not rounds[0].startswith("Shuffling"), "a full 52-card shoe is not reshuffled"
    assert "\n\nShuffling ...\n" in rounds[1], "after a round, under 52 cards remain"


def test_bad_decks_is_a_clear_error():
    result = run_piped("", "--decks", "0")
    assert result.returncode == 2 and "decks must be a whole number of packs from 1 to 100, not 0" in result.stderr


def test_a_negative_seed_is_explained_in_the_learners_words():
    result = run_piped("", "--seed", "-5")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "argument --seed: the seed must be a whole number, 0 or more (you typed -5)" in result.stderr
    assert "numpy" not in result.stderr


def test_answer_lines_on_a_terminal_with_colour():
    master, slave = os.openpty()
    process = subprocess.Popen(COMMAND + ["--seed", "5"], stdin=slave, stdout=slave, stderr=slave)
    os.close(slave)
    output = b""

    def read_until(marker: bytes, timeout: float = 20) -> None:
        nonlocal output
        end = time.time() + timeout
        while marker not in output and time.time() < end:
            if select.select([master], [], [], 0.2)[0]:
                try:
                    output += os.read(master, 4096)
                except OSError:
                    break

    try:
        read_until(b"[Q]uit")
        os.write(master, b"stand\r")      # a word and Enter, as in the other consoles
        read_until(b"Score:")
        read_until(b"[Q]uit")
        os.write(master, b"q\r")
        process.wait(timeout=20)
        read_until(b"Good luck!", timeout=2)
    finally:
        process.kill()
        os.close(master)
    text = output.decode()
    assert "\033[1m\033[31mD[" in text, "the dealer's line is bold red on a terminal"
    assert "Score:" in text and "You played 1 round(s)" in text and "Please" not in text
    assert process.returncode == 0
