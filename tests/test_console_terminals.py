"""The console games as a learner meets them (issue 15): on a real terminal (a pty) and with piped input.

A pty session is rendered the way a terminal shows it (carriage returns, erase-line, colours), so a redrawn line
that leaves part of a prompt behind shows up as it would on screen.
"""

from __future__ import annotations

import os
import re
import select
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


def test_blackjack_on_a_terminal_redraws_lines_without_prompt_remnants_and_enter_just_asks_again():
    game = Pty("blackjack", "--seed", "5")
    assert game.read_until(b"[Q]uit")
    game.send(b"\r")                     # Enter: asked again, without "(not '\r')"
    assert game.read_until(b"Q to quit.")
    game.send(b"x")
    assert game.read_until(b"(not 'x')")
    game.send(b"s")
    assert game.read_until(b"Score:")
    assert game.read_until(b"[Q]uit")
    game.send(b"q")
    assert game.finish() == 0
    shown = screen(game.output)
    assert any(line.startswith("D[...] is the dealer's") or "D[...] is the dealer's" in line for line in shown)
    hands = [line for line in shown if re.match(r"[DP]\[", line)]
    assert hands and all(re.fullmatch(r"[DP]\[[^\]]+\]: \[[^\]]*\]", line) for line in hands), hands
    assert not any("Quit)" in line and not line.startswith("([H]it") for line in shown), shown
    assert "Please press H to hit, S to stand or Q to quit." in shown
    assert not any("(not '\\r')" in line or "(not '\\n')" in line for line in shown)
    assert max(len(line) for line in shown) < 80, "the intro fits an 80-column terminal"


def test_blackjack_piped_empty_line_asks_again_and_the_intro_explains_the_notation():
    result = subprocess.run(COMMAND + ["blackjack", "--seed", "1"], input="\nq\n", capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    assert "Please press H to hit, S to stand or Q to quit.\n" in result.stdout
    assert "(not" not in result.stdout
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


@pytest.mark.parametrize("start", ["0", "-5", "5"])
def test_tournament_start_below_the_minimal_bet_is_a_clear_error_naming_start(start):
    result = subprocess.run(COMMAND + ["tournament", "--start", start], input="", capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "argument --start" in result.stderr and f"not {start}" in result.stderr
    assert "goal must" not in result.stderr and "min_bet" not in result.stderr
