"""`python -m coursekit COMMAND ...`: the console games, and the instructors' commands where they are installed."""

from __future__ import annotations

import importlib
import os
import sys
from importlib.metadata import entry_points

# command -> (module with a `main(argv: list[str]) -> int`, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "blackjack": ("coursekit.console.blackjack", "play source text 000's blackjack (a Perl column)"),
    "tournament": ("coursekit.console.tournament", "play source text 004's 100 EUR blackjack tournament"),
    "baccarat": ("coursekit.console.baccarat", "play source text 001's Punto Banco (a shell script)"),
}
# the instructors' tools add their commands here: entry points whose value is a dict like COMMANDS
GROUP = "coursekit.commands"
# the instructors' commands the course documents: named so that the learner edition, which has none, says why
INSTRUCTOR_COMMANDS = ("exercises", "grade", "arena", "mutants", "nbgrader", "release", "site")


def tool_commands() -> dict[str, tuple[str, str]]:
    """The commands installed tools register as `coursekit.commands` entry points (none in the learner edition)."""
    found: dict[str, tuple[str, str]] = {}
    for point in entry_points(group=GROUP):
        try:
            found.update(point.load())
        except ImportError:  # registered by an install whose files are gone: as if absent
            continue
    return found


def not_here(name: str) -> str:
    """The one-line message for an instructors' command where the instructors' tools are not installed."""
    return (f"'{name}' is an instructors' tool (coursetools), not part of the learner edition: run it in the full "
            f"course repository with its .venv (make lab or make class installs it)")


def usage(commands: dict[str, tuple[str, str]]) -> str:
    """The help text listing every command."""
    lines = ["usage: python -m coursekit COMMAND [options]", "", "commands:"]
    lines += [f"  {name:<11} {text}" for name, (_, text) in commands.items()]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Dispatch to the command named by the first argument."""
    argv = sys.argv[1:] if argv is None else argv
    commands = {**COMMANDS, **tool_commands()}
    if not argv or argv[0] in ("-h", "--help"):
        print(usage(commands))
        return 0 if argv else 2
    name, rest = argv[0], argv[1:]
    if name not in commands:
        if name in INSTRUCTOR_COMMANDS:
            print(not_here(name), file=sys.stderr)
        else:
            print(f"unknown command {name!r}; choose one of: {', '.join(commands)}", file=sys.stderr)
        return 2
    module = importlib.import_module(commands[name][0])
    try:
        return int(module.main(rest) or 0)
    except BrokenPipeError:  # the output went into a pipe that closed (`... | head`): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error when Python flushes it
        return 1
