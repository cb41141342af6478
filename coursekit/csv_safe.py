"""CSV cells a spreadsheet will not run: the OWASP rule against CSV (formula) injection, for every CSV we write.

A cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return is read as a formula by Excel, LibreOffice
and Google Sheets (`=HYPERLINK(...)`, `=cmd|...`). Such a cell gets a leading apostrophe, which the spreadsheet
shows as text (a plain number such as -0.35 stays as it is); the JSON written beside a CSV keeps the true value.
"""

from __future__ import annotations

import csv
import re
from typing import Any, Iterable

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
PLAIN_NUMBER = re.compile(r"[+-]?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?")  # "-0.35" stays a number


def safe_cell(value: Any) -> Any:
    """The value itself, unless it is text a spreadsheet would read as a formula: then the text after an apostrophe."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS) and not PLAIN_NUMBER.fullmatch(value):
        return "'" + value
    return value


def safe_row(row: Iterable[Any]) -> list:
    """Every cell of a row made safe with `safe_cell`."""
    return [safe_cell(value) for value in row]


class SafeWriter:
    """A csv.writer whose rows are made safe: `SafeWriter(handle).writerow([...])`."""

    def __init__(self, handle, **options: Any) -> None:
        self._writer = csv.writer(handle, **options)

    def writerow(self, row: Iterable[Any]) -> None:
        """Write one row with every formula-looking cell neutralised."""
        self._writer.writerow(safe_row(row))

    def writerows(self, rows: Iterable[Iterable[Any]]) -> None:
        """Write many rows, each made safe."""
        for row in rows:
            self.writerow(row)
