"""`python -m coursekit exchange ROOT`: the course's nbgrader exchange folder, the instructor's before learners exist.

nbgrader makes the course's folder under the exchange on the first `release_assignment`, owned by whoever runs it;
a learner who makes it first owns the course's outbound folder and every classmate's fetch (issue 35). Run this as
the instructor (or as root with `--owner`) right after the exchange root exists: it makes `ROOT/COURSE` with
nbgrader's own modes (the course and `outbound` 755, `inbound` 2733 where learners can create but not list,
`feedback` 711), owned by the instructor, and refuses, naming the owner, when any of them already belongs to
someone else. The root itself must be 1777 (sticky: no learner can rename or remove the instructor's folder).
"""

from __future__ import annotations

import argparse
import os
import pwd
import stat
import sys
from pathlib import Path
from typing import Optional

COURSE_ID = "games-of-chance-and-search"
ROOT_MODE = 0o1777
# the course's folders and nbgrader 0.9's modes for them (release_assignment and release_feedback)
FOLDERS = {"": 0o755, "outbound": 0o755, "inbound": 0o2733, "feedback": 0o711}


def _owner(path: Path) -> str:
    """The name of the user who owns `path` (its id when it has no name)."""
    uid = path.lstat().st_uid
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return f"user id {uid}"


def make_exchange(root: Path, course: str, owner: str) -> list[str]:
    """Make `root/course` and its folders `owner`'s with nbgrader's modes; return what was done, line by line."""
    done = []
    account = pwd.getpwnam(owner)
    if not root.exists():
        if os.geteuid() != 0:
            raise PermissionError(f"{root} does not exist: make it as root (mkdir -p {root} && chmod 1777 {root})")
        root.mkdir(parents=True)
        done.append(f"made {root}")
    if root.is_symlink() or not root.is_dir():
        raise ValueError(f"{root} is not a folder")
    if stat.S_IMODE(root.stat().st_mode) != ROOT_MODE:
        if os.geteuid() != 0 and root.stat().st_uid != os.geteuid():
            raise PermissionError(f"{root} has mode {stat.S_IMODE(root.stat().st_mode):o}, not 1777: as root, "
                                  f"chmod 1777 {root}")
        root.chmod(ROOT_MODE)
        done.append(f"{root}: mode 1777")
    for name, mode in FOLDERS.items():
        path = root / course / name if name else root / course
        if path.is_symlink() or (path.exists() and not path.is_dir()):
            raise ValueError(f"{path} is not a folder (made by {_owner(path)}): remove it as root")
        if path.exists() and path.lstat().st_uid != account.pw_uid:
            raise ValueError(f"{path} belongs to {_owner(path)}, not {owner}: someone made it before you. As root, "
                             f"look at what it holds, remove it, and run this again")
        if not path.exists():
            path.mkdir()
            done.append(f"made {path}")
            if os.geteuid() == 0:
                os.chown(path, account.pw_uid, account.pw_gid)
        if stat.S_IMODE(path.stat().st_mode) != mode:
            path.chmod(mode)
            done.append(f"{path}: mode {mode:o}")
    return done


def main(argv: Optional[list[str]] = None) -> int:
    """Make the course's exchange folder the instructor's; refuse when someone else made part of it."""
    parser = argparse.ArgumentParser(prog="python -m coursekit exchange", description=__doc__.splitlines()[0])
    parser.add_argument("root", metavar="ROOT", help="the exchange (nbgrader's c.Exchange.root)")
    parser.add_argument("--course", default=COURSE_ID, help=f"the course id (default: {COURSE_ID})")
    parser.add_argument("--owner", default=pwd.getpwuid(os.geteuid()).pw_name,
                        help="the instructor who releases and collects (default: you)")
    args = parser.parse_args(argv)
    if "/" in args.course or args.course in ("", ".", ".."):
        print(f"{args.course!r} is not a course id", file=sys.stderr)
        return 2
    try:
        pwd.getpwnam(args.owner)
    except KeyError:
        print(f"no user {args.owner!r} on this machine", file=sys.stderr)
        return 2
    if os.geteuid() != 0 and args.owner != pwd.getpwuid(os.geteuid()).pw_name:
        print(f"only root can make the exchange someone else's; run this as {args.owner}", file=sys.stderr)
        return 2
    try:
        done = make_exchange(Path(args.root), args.course, args.owner)
    except (OSError, ValueError) as error:
        print(f"the exchange is not the instructor's: {error}", file=sys.stderr)
        return 1
    print("\n".join(done) if done else "nothing to do", file=sys.stderr)
    print(f"{Path(args.root) / args.course}: {args.owner}'s (course and outbound 755, inbound 2733, feedback 711)")
    return 0
