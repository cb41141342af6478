"""`python -m coursekit COMMAND ...`: console games, exercise generation and grading."""

from __future__ import annotations

import importlib
import sys

# command -> (module with a `main(argv: list[str]) -> int`, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "blackjack": ("coursekit.console.blackjack", "play source text 000's blackjack (a Perl column)"),
    "tournament": ("coursekit.console.tournament", "play source text 004's 100 EUR blackjack tournament"),
    "baccarat": ("coursekit.console.baccarat", "play source text 001's Punto Banco (a shell script)"),
    "exercises": ("coursekit.grading.generate", "generate exercises/ from solutions/"),
    "grade": ("coursekit.grading.batch", "grade a folder of submitted exercise notebooks"),
    "arena": ("coursekit.arena.cli", "a round robin of learners' bots, each in the grading sandbox"),
    "mutants": ("coursekit.grading.mutants", "grade single-slip mutants of solutions/: how strong are the tests?"),
    "nbgrader": ("coursekit.grading.nbgrader_export", "write an nbgrader course folder from solutions/"),
    "release": ("coursekit.release", "write the learner edition (no answer key) for nbgitpuller and Binder"),
    "site": ("coursekit.website", "build the lesson website (Jupyter Book) from the saved lessons"),
}


def usage() -> str:
    """The help text listing every command."""
    lines = ["usage: python -m coursekit COMMAND [options]", "", "commands:"]
    lines += [f"  {name:<11} {text}" for name, (_, text) in COMMANDS.items()]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Dispatch to the command named by the first argument."""
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] in ("-h", "--help"):
        print(usage())
        return 0 if argv else 2
    name, rest = argv[0], argv[1:]
    if name not in COMMANDS:
        print(f"unknown command {name!r}; choose one of: {', '.join(COMMANDS)}", file=sys.stderr)
        return 2
    module = importlib.import_module(COMMANDS[name][0])
    return int(module.main(rest) or 0)
