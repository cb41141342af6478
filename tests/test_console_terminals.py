"""The console games as a learner meets them (issue 15): on a real terminal (a pty) and with piped input.

A pty session is rendered the way a terminal shows it (carriage returns, erase-line, colours), so a redrawn line
that leaves part of a prompt behind shows up as it would on screen.
"""

from __future__ import annotations

import os
import re
import select
import shlex
import shutil
import signal
import subprocess
import sys
import time

import pytest

COMMAND = [sys.executable, "-m", "coursekit"]


def screen(raw: bytes) -> list[str]:
    """The lines a terminal shows for this output: \\r goes to the line's start, ESC[K clears the rest of the
    line, other escape sequences (colours) show nothing, \\n starts a new line."""
    text = re.sub(r"\x1b\[[0-9;]*m", "", raw.decode(errors="replace"))
    lines, line, col = [], [], 0
    i = 0
    while i < len(text):
        if text.startswith("\x1b[K", i):
            del line[col:]
            i += 3
            continue
        ch = text[i]
        if ch == "\r":
            col = 0
        elif ch == "\n":
            lines.append("".join(line))
            line, col = [], 0
        else:
            if col < len(line):
                line[col] = ch
            else:
                line.append(ch)
            col += 1
        i += 1
    lines.append("".join(line))
    return lines


class Pty:
    """A console game on a pseudo-terminal: write keys, read what it printed."""

    def __init__(self, *args: str) -> None:
        self.master, slave = os.openpty()
        self.process = subprocess.Popen(COMMAND + list(args), stdin=slave, stdout=slave, stderr=slave,
                                        start_new_session=True)   # its own session: Ctrl-C reaches only it
        os.close(slave)
        self.output = b""

    def read_until(self, marker: bytes, timeout: float = 30) -> bool:
        end = time.time() + timeout
        while marker not in self.output and time.time() < end:
            if select.select([self.master], [], [], 0.2)[0]:
                try:
                    self.output += os.read(self.master, 4096)
                except OSError:
                    break
        return marker in self.output

    def send(self, data: bytes) -> None:
        os.write(self.master, data)

    def finish(self, timeout: float = 20) -> int:
        try:
            code = self.process.wait(timeout=timeout)
            self.read_until(b"\x00", timeout=0.5)      # whatever is left
            return code
        finally:
            self.process.kill()
            os.close(self.master)


def test_blackjack_on_a_terminal_reads_answer_lines_with_one_complaint_a_line():
    game = Pty("blackjack", "--seed", "5")
    asked = 0

    def answer(line: bytes) -> None:
        """Type a line once the game asks (typed ahead, the terminal would echo it into the game's output)."""
        nonlocal asked
        asked += 1
        end = time.time() + 30
        while game.output.count(b"[Q]uit) ") < asked and time.time() < end:
            game.read_until(b"\x00", timeout=0.2)
        assert game.output.count(b"[Q]uit) ") >= asked, game.output.decode(errors="replace")
        game.send(line)

    answer(b"\r")                          # a bare Enter: asked again, nothing quoted
    answer(b"12345678901234567890123\r")   # a long paste: one complaint, cut short
    answer(b"hit\r")                       # a word hits once (seed 5: soft 19 + 9 = 18)
    answer(b"s\r")                         # s and Enter: nothing left over for the next hand
    answer(b"q\r")                         # the next hand's question
    assert game.finish() == 0
    shown = screen(game.output)
    assert any("D[...] is the dealer's" in line for line in shown)
    assert "draws below 17. Type h (hit: take a card), s (stand) or q (quit), then Enter." in shown
    hands = [line for line in shown if re.match(r"[DP]\[", line)]
    assert hands and all(re.fullmatch(r"[DP]\[[^\]]+\]: \[[^\]]*\]", line) for line in hands), hands
    assert [line for line in shown if line.startswith("Please")] == [
        "Please type h (hit), s (stand) or q (quit).",
        "Please type h (hit), s (stand) or q (quit), not '123456789012345...'."]
    assert "([H]it/[S]tand/[Q]uit) hit" in shown and "([H]it/[S]tand/[Q]uit) s" in shown
    assert not any("Quit)" in line and not line.startswith("([H]it") for line in shown), shown
    assert max(len(line) for line in shown) < 80, "every line fits an 80-column terminal"


SEED_21, ANSWERS_21 = "4", ("hit", "s", "h", "q")  # seed 4: hit once and stand, then hit to 21, then quit
SCREEN_21 = ["D[9]: [9♥]", "P[soft 14]: [A♠,3♠]", "([H]it/[S]tand/[Q]uit) hit", "P[14]: [A♠,3♠,J♣]",
             "([H]it/[S]tand/[Q]uit) s", "P[14]: [A♠,3♠,J♣]", "D[19]: [9♥,K♦]", "Score: -1, Total: -1",
             "D[6]: [6♦]", "P[15]: [J♦,5♦]", "([H]it/[S]tand/[Q]uit) h", "P[21]: [J♦,5♦,6♥]",
             "21: you stand (no card can make it better).", "D[soft 17]: [6♦,A♣]", "Score: 1, Total: 0",
             "D[10]: [Q♣]", "P[13]: [10♦,3♦]", "([H]it/[S]tand/[Q]uit) q",
             "You played 2 round(s); your total is 0. Good luck!"]


def test_blackjack_in_tmux_hits_once_on_hit_and_stands_at_21_without_asking(tmp_path):
    """The issue's session in a real terminal emulator (tmux): `hit`+Enter hits once, `s`+Enter leaves nothing
    behind, and seed 4's second hand hits to 21, which stands by itself."""
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed")
    socket = str(tmp_path / "tmux.sock")      # a private tmux server: no one else's sessions are touched
    tmux = ["tmux", "-S", socket]
    command = " ".join(shlex.quote(part) for part in COMMAND + ["blackjack", "--seed", SEED_21]) + "; sleep 60"
    subprocess.run(tmux + ["new-session", "-d", "-s", "bj", "-x", "80", "-y", "50", command], check=True, timeout=10)

    def send(*keys: str) -> None:
        subprocess.run(tmux + ["send-keys", "-t", "bj", *keys], check=True, timeout=10)

    def wait_for(text: str, count: int = 1) -> str:
        end = time.time() + 30
        while True:
            shown = subprocess.run(tmux + ["capture-pane", "-p", "-t", "bj", "-S", "-200"], capture_output=True,
                                   text=True, timeout=10).stdout
            if shown.count(text) >= count or time.time() > end:
                assert shown.count(text) >= count, f"{text!r} did not appear {count} time(s):\n{shown}"
                return shown
            time.sleep(0.2)

    try:
        for asked, answer in enumerate(ANSWERS_21, start=1):
            wait_for("[Q]uit)", asked)        # answer when asked: keys typed ahead would echo into the output
            send(answer, "Enter")
        shown = wait_for("Good luck!")
    finally:
        subprocess.run(tmux + ["kill-server"], capture_output=True, timeout=10)
    lines = [line.rstrip() for line in shown.splitlines() if line.strip()]
    assert "Please" not in shown, shown
    assert lines[lines.index("D[9]: [9♥]"):] == SCREEN_21, "\n".join(lines)


def test_blackjack_piped_empty_line_asks_again_and_the_intro_explains_the_notation():
    result = subprocess.run(COMMAND + ["blackjack", "--seed", "1"], input="\nq\n", capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    assert "Please type h (hit), s (stand) or q (quit).\n" in result.stdout
    assert "not '" not in result.stdout
    intro = result.stdout.split("\n\n")[0]
    assert "D[...] is the dealer's, P[...] yours" in intro and "soft" in intro and "Busted" in intro


def test_tournament_on_a_terminal_leaves_on_ctrl_c_and_on_q_without_a_traceback():
    game = Pty("tournament", "--seed", "1")
    assert game.read_until(b"Press Enter for minimal bet.")
    assert b"Type q at any question to leave" in game.output
    game.send(b"\r")
    assert game.read_until(b"(y/n)")
    os.killpg(game.process.pid, signal.SIGINT)      # what Ctrl-C sends
    assert game.finish() == 0
    text = game.output.decode(errors="replace")
    assert "Traceback" not in text and "KeyboardInterrupt" not in text
    assert "Bye! You leave the tournament with 100€." in text

    game = Pty("tournament", "--seed", "1")
    assert game.read_until(b"Press Enter for minimal bet.")
    game.send(b"q\r")
    assert game.finish() == 0
    assert b"Bye! You leave the tournament with 100" in game.output and b"Traceback" not in game.output


def test_tournament_piped_q_leaves_and_transcript_lines_stay_as_they_were():
    result = subprocess.run(COMMAND + ["tournament", "--seed", "1"], input="20\nquit\n", capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.rstrip().endswith("Bye! You leave the tournament with 100€.")
    assert "Type q" not in result.stdout, "piped sessions print the sheet's lines only"


@pytest.mark.parametrize("start", ["0", "-5", "5", "10000000000000000"])
def test_tournament_start_out_of_range_is_a_clear_error_naming_start(start):
    result = subprocess.run(COMMAND + ["tournament", "--start", start], input="", capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "argument --start" in result.stderr and f"not {start}" in result.stderr
    assert "goal must" not in result.stderr and "min_bet" not in result.stderr


@pytest.mark.parametrize("game", ["blackjack", "tournament", "baccarat"])
def test_a_game_started_with_its_input_closed_ends_as_at_end_of_input(game):
    """`<&-` leaves Python without sys.stdin (None): the games once raised AttributeError there."""
    command = shlex.join(COMMAND + [game, "--seed", "1"]) + " <&-"
    result = subprocess.run(["bash", "-c", command], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    assert any(word in result.stdout for word in ("You played", "You leave the tournament"))


@pytest.mark.parametrize("game, answer", [("blackjack", "s"), ("tournament", ""), ("baccarat", "p")])
def test_a_game_whose_output_pipe_closes_stops_without_a_traceback(game, answer):
    """`... | head -5`: the reader goes away; BrokenPipeError once ended each game with a traceback."""
    command = f"yes '{answer}' | head -2000 | {shlex.join(COMMAND + [game, '--seed', '1'])} | head -5"
    result = subprocess.run(["bash", "-o", "pipefail", "-c", command], capture_output=True, text=True, timeout=60)
    assert "Traceback" not in result.stderr and "BrokenPipe" not in result.stderr, result.stderr
    assert len(result.stdout.splitlines()) == 5
