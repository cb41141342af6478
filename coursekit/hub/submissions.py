"""Whether a folder in nbgrader's inbound is its named student's own work: owner, plain files, size (no nbgrader)."""

from __future__ import annotations

import os
import pwd
import stat

MAX_ENTRIES = 10_000  # files and folders in one submission; nbgrader's own exercises hold a handful


def refusal(path: str, student: str, max_bytes: int) -> str | None:
    """Why the submission folder `path` is not `student`'s own work to collect (None when it is)."""
    try:
        top = os.lstat(path)
    except OSError as error:
        return f"cannot be read ({error.strerror})"
    if not stat.S_ISDIR(top.st_mode):
        return "is not a folder (a symbolic link or a file)"
    try:
        owner = pwd.getpwuid(top.st_uid).pw_name
    except KeyError:
        owner = f"user id {top.st_uid}"
    if owner != student:
        return f"names {student!r} but belongs to {owner!r}"
    size, entries = 0, 0
    for folder, names, files in os.walk(path):
        for name in names + files:
            entries += 1
            if entries > MAX_ENTRIES:
                return f"holds more than {MAX_ENTRIES} files and folders"
            full = os.path.join(folder, name)
            info = os.lstat(full)
            if stat.S_ISLNK(info.st_mode) or not (stat.S_ISDIR(info.st_mode) or stat.S_ISREG(info.st_mode)):
                return f"holds {os.path.relpath(full, path)!r}, which is not a plain file or folder"
            if info.st_uid != top.st_uid:
                return f"holds {os.path.relpath(full, path)!r}, which belongs to someone else"
            size += info.st_size if stat.S_ISREG(info.st_mode) else 0
            if size > max_bytes:
                return f"is over the size cap of {max_bytes} bytes"
    return None
