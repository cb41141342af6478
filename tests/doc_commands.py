"""The commands docs/instructors.md shows, exactly as written, with the section each is in.

A command is a line of a shell code block (fenced without a language, or indented by four spaces; a trailing
`# comment` dropped) or an inline code span that starts with a program a reader would type (`make`, `nbgrader`,
`jupyter`, `sudo`, ...). A snippet is a fenced `json` or `yaml` block, or an inline span holding a JSON object: the
settings a reader pastes into a file. tests/test_instructor_commands.py checks that every one is run (or checked)
by a test; tests/browser/test_hub_route.py may take the hub section's commands from here to run them as written.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
INSTRUCTORS = ROOT / "docs" / "instructors.md"
# the programs an inline code span starts with when it is a command to type, not a path, option or name
PROGRAMS = ("make", ".venv/bin/", "../.venv/bin/", "nbgrader", "jupyter", "pip", "sudo", "curl", "repo2docker",
            "helm", "tljh-config", "mkdir", "chmod", "apt-get", "dask", "git", "python3", "cd", "export", "printf")
SHELL_LANGUAGES = ("", "sh", "bash", "shell", "console")


@dataclass(frozen=True)
class Shown:
    """One command or snippet of the document: its text, its kind, the heading it is under, its line number."""

    text: str
    kind: str  # "command", "snippet" (settings to paste into a file) or "link" (a URL to hand out)
    section: str
    line: int
    language: str = ""
    block: int = 0  # the line a code block starts on (0: an inline code span)


def _is_command(span: str) -> bool:
    first = span.split()[0] if span.split() else ""
    return any(first == p or (p.endswith("/") and first.startswith(p)) for p in PROGRAMS) and " " in span


def shown(path: Path = INSTRUCTORS) -> list[Shown]:
    """Every command and snippet of the document, in order."""
    found: list[Shown] = []
    section, fence, block, start, language, indented = "", None, [], 0, "", 0
    lines = path.read_text().splitlines()
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if fence is not None:
            if stripped.startswith(fence):
                if language in SHELL_LANGUAGES:
                    for offset, text in block:
                        text = re.sub(r"\s+#\s.*$", "", text).strip()
                        kind = "link" if text.startswith(("http://", "https://")) else "command"
                        if text:
                            found.append(Shown(text, kind, section, start + offset, block=start))
                else:
                    text = textwrap.dedent("\n".join(t for _, t in block)).strip()
                    found.append(Shown(text, "snippet", section, start, language, start))
                fence, block = None, []
            else:
                block.append((len(block) + 1, line))
            continue
        if stripped.startswith("```"):
            fence, language, start = "```", stripped[3:].strip(), number
            continue
        if line.startswith("#"):
            section = line.lstrip("#").strip()
            continue
        if line.startswith("    ") and stripped and (indented or not lines[number - 2].strip()):
            indented = indented or number  # an indented code block: after a blank line, or continuing one
            text = re.sub(r"\s+#\s.*$", "", stripped).strip()
            if _is_command(text):
                found.append(Shown(text, "command", section, number, block=indented))
                continue
        indented = 0 if stripped else indented
        for span in re.findall(r"`([^`]+)`", line):
            span = " ".join(span.split())
            if re.fullmatch(r'\{"[A-Z]\w*": \{.*\}', span):  # Jupyter settings: {"ClassName": {"trait": ...}}
                found.append(Shown(span, "snippet", section, number, "json"))
            elif _is_command(span):
                found.append(Shown(span, "command", section, number))
    return found


def commands(section: str | None = None) -> list[str]:
    """The commands of the document (or of one section, by its heading), as written, in order."""
    return [s.text for s in shown() if s.kind == "command" and (section is None or s.section == section)]


def block_with(marker: str) -> list[str]:
    """The commands of the first code block that has a line holding `marker`, in order."""
    items = [s for s in shown() if s.kind == "command" and s.block]
    for block in dict.fromkeys(i.block for i in items):
        texts = [i.text for i in items if i.block == block]
        if any(marker in text for text in texts):
            return texts
    raise LookupError(f"no code block of {INSTRUCTORS.name} holds {marker!r}")
