"""Reading a file a learner handed in, as a hostile file: never through a symlink, size from stat, JSON depth bounded.

`read_submitted(path, max_bytes)` refuses a symbolic link (it is never followed), a file with more than one hard
link (another name of someone else's file), anything that is not a regular file (a FIFO would block the reader
forever, a device could be endless), and a file larger than `max_bytes` as its `stat` says, before reading a byte;
it reads at most `max_bytes`. `loads_bounded(text, max_depth)` parses JSON only when its nesting stays within
`max_depth`. Both raise `BadFile` with a message that names the file.
"""

from __future__ import annotations

import json
import os
import re
import stat
from itertools import accumulate
from pathlib import Path
from typing import Any, Union

from coursekit.sandbox.text import clean

MAX_JSON_DEPTH = 64
_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_BRACKETS = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class BadFile(ValueError):
    """A handed-in file that is refused: a symlink, not a regular file, too big, not text, or nested too deep."""


def read_submitted(path: Union[str, Path], max_bytes: int) -> bytes:
    """The bytes of a regular file that is not a symlink and has at most `max_bytes` (checked before reading)."""
    path = Path(path)
    name = clean(path.name, 80)
    try:
        info = os.lstat(path)
    except OSError as error:
        raise BadFile(f"{name}: cannot be read ({clean(error.strerror or error, 80)})") from None
    if stat.S_ISLNK(info.st_mode):
        raise BadFile(f"{name} is a symbolic link; links are never followed (hand in the file itself)")
    if not stat.S_ISREG(info.st_mode):
        raise BadFile(f"{name} is not a regular file")
    if info.st_nlink > 1:  # another name of a file the learner did not write (an instructor's, a classmate's)
        raise BadFile(f"{name} has {info.st_nlink} hard links; a linked file is never read (hand in a copy)")
    if info.st_size > max_bytes:
        raise BadFile(f"{name} has {info.st_size:,} bytes; at most {max_bytes:,} are read")
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError as error:
        raise BadFile(f"{name}: cannot be opened ({clean(error.strerror or error, 80)})") from None
    try:
        opened = os.fstat(fd)
        if not stat.S_ISREG(opened.st_mode) or (opened.st_dev, opened.st_ino) != (info.st_dev, info.st_ino):
            raise BadFile(f"{name} changed while it was read")
        chunks, left = [], max_bytes + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > max_bytes:
        raise BadFile(f"{name} has more than {max_bytes:,} bytes")
    return data


def json_depth(text: str) -> int:
    """The deepest nesting of brackets in JSON text (strings skipped), computed without recursion."""
    brackets = _BRACKETS.sub("", _STRINGS.sub('""', text))
    return max(accumulate(_STEP[c] for c in brackets), default=0)


def loads_bounded(text: str, max_depth: int = MAX_JSON_DEPTH, name: str = "the file") -> Any:
    """JSON parsed only when nested at most `max_depth` deep; BadFile otherwise or when it is not JSON."""
    depth = json_depth(text)
    if depth > max_depth:
        raise BadFile(f"{clean(name, 80)} is nested {depth:,} deep; at most {max_depth} levels are read")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:
        raise BadFile(f"{clean(name, 80)} is not valid JSON ({clean(error, 100)})") from None
