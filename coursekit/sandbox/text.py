"""Text a sandboxed program controls, made safe for every output: JSON, CSV, HTML pages and the instructor's terminal.

`clean(text, limit)` keeps printable text and writes everything else as a visible escape: lone surrogates (from a
file name that is not UTF-8, or a string built to break an encoder) as \\udcff, control characters (ESC, BEL, NUL,
carriage return, backspace, C1) as \\x1b, bidi overrides and isolates as \\u202e; it folds whitespace runs to one
space and caps the length. The result always encodes as UTF-8 and cannot move a terminal's cursor or reorder text.
`clean_deep` does the same to every string (keys too) of a JSON-ready structure.
"""

from __future__ import annotations

import re
from typing import Any

DEFAULT_CHARS = 300
# C0 and C1 controls (tab and newline included: a one-line detail stays one line), DEL, lone surrogates, bidi marks,
# embeddings, overrides and isolates, the line and paragraph separators and the byte order mark
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]")


def _escape(match: re.Match) -> str:
    char = match.group()
    code = ord(char)
    if char in "\t\n\r":
        return " "
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def clean(text: Any, limit: int = DEFAULT_CHARS) -> str:
    """`text` (anything: str() is taken safely) as one safe line of at most `limit` characters."""
    if not isinstance(text, str):
        try:
            text = str(text)
        except Exception:
            text = f"<{type(text).__name__}>"
        if not isinstance(text, str):
            text = "<text>"
    if len(text) > 4 * limit + 64:  # never scan a flood in full
        text = text[:4 * limit + 64]
    text = _UNSAFE.sub(_escape, text)
    text = " ".join(text.split(" ")) if "  " not in text else re.sub(" {2,}", " ", text)
    return text if len(text) <= limit else text[:max(0, limit - 3)] + "..."


def is_clean(text: str) -> bool:
    """True when `text` holds nothing `clean` would escape."""
    return isinstance(text, str) and _UNSAFE.search(text) is None


def clean_deep(value: Any, limit: int = 4000) -> Any:
    """A JSON-ready structure with every string in it (dict keys too) cleaned; numbers and None unchanged."""
    if isinstance(value, str):
        return value if is_clean(value) and len(value) <= limit else clean(value, limit)
    if isinstance(value, dict):
        return {clean_deep(k, limit) if isinstance(k, str) else k: clean_deep(v, limit) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [clean_deep(v, limit) for v in value]
    return value


def safe_name(text: str, limit: int = 60) -> str:
    """A bot's or notebook's display name from a file name: cleaned, capped, never empty."""
    name = clean(text, limit).strip()
    return name or "unnamed"


def scripts(text: str) -> list[str]:
    """The Unicode scripts of a text's letters and digits, as unicodedata names them ("Latin", "Cyrillic", ...)."""
    import unicodedata

    found: dict[str, None] = {}
    for char in text:
        if not char.isalnum():
            continue
        name = unicodedata.name(char, "")
        word = name.split(" ", 1)[0] if name else f"U+{ord(char):04X}"
        if word in ("FULLWIDTH", "HALFWIDTH") and " " in name:
            word = name.split(" ")[1] + "-" + word  # Latin-Fullwidth: a lookalike of Latin
        elif word in ("DIGIT", "SUPERSCRIPT", "SUBSCRIPT", "VULGAR"):
            word = "Common"
        found[word if word == "CJK" else word.title()] = None
    return list(found)


def lookalike_note(name: str) -> str:
    """"" for a plain ASCII name; else its scripts ("Cyrillic+Latin"), so that lookalike names can be told apart."""
    if name.isascii():
        return ""
    found = scripts(name) or ["no letters"]
    mixed = "mixed scripts: " if len(found) > 1 else "script: "
    count = sum(not c.isascii() for c in name)
    return mixed + "+".join(found) + f"; {count} character{'s' if count != 1 else ''} not ASCII"
