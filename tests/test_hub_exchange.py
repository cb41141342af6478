"""The exchange is the instructor's (`coursekit exchange`), collect takes a learner's own files, links pull the course.

As root (CI is): folders are given to `nobody` to play a squatting learner. The same attacks by real Linux users,
through nbgrader itself, are in tests/browser/test_hub_route.py.
"""

from __future__ import annotations

import os
import pwd
import stat
from pathlib import Path

import pytest

from coursekit.hub.submissions import refusal
from coursetools.exchange import FOLDERS, main as exchange_main

ME = pwd.getpwuid(os.geteuid()).pw_name
root_only = pytest.mark.skipif(os.geteuid() != 0, reason="gives folders to another user: run as root (CI does)")
NOBODY = pwd.getpwnam("nobody").pw_uid if os.geteuid() == 0 else -1


def test_the_command_makes_the_course_folders_with_nbgraders_modes(tmp_path):
    root = tmp_path / "exchange"
    root.mkdir()
    root.chmod(0o1777)
    assert exchange_main([str(root), "--course", "c1"]) == 0
    for name, mode in FOLDERS.items():
        path = root / "c1" / name
        assert stat.S_IMODE(path.stat().st_mode) == mode, (name, oct(path.stat().st_mode))
        assert path.stat().st_uid == os.geteuid()
    assert exchange_main([str(root), "--course", "c1"]) == 0  # again: nothing to do, still fine


def test_a_root_without_the_sticky_bit_is_made_1777(tmp_path):
    root = tmp_path / "exchange"
    root.mkdir(mode=0o777)
    root.chmod(0o777)
    assert exchange_main([str(root), "--course", "c1"]) == 0
    assert stat.S_IMODE(root.stat().st_mode) == 0o1777


@root_only
@pytest.mark.parametrize("squatted", ["", "inbound", "outbound", "feedback"])
def test_a_folder_someone_else_made_first_is_refused_by_name(tmp_path, capsys, squatted):
    root = tmp_path / "exchange"
    (root / "c1" / squatted).mkdir(parents=True)
    root.chmod(0o1777)
    os.chown(root / "c1" / squatted, NOBODY, -1)
    assert exchange_main([str(root), "--course", "c1", "--owner", ME]) == 1
    err = capsys.readouterr().err
    assert "belongs to nobody" in err and str(root / "c1" / squatted).rstrip("/") in err


@root_only
def test_root_gives_the_folders_to_the_instructor(tmp_path):
    root = tmp_path / "exchange"
    assert exchange_main([str(root), "--course", "c1", "--owner", "nobody"]) == 0
    assert all((root / "c1" / name).stat().st_uid == NOBODY for name in FOLDERS)


def _submission(folder: Path) -> Path:
    (folder / "ex02").mkdir(parents=True)
    (folder / "ex02" / "a.ipynb").write_text("{}")
    return folder


def test_a_learners_own_plain_submission_is_collected(tmp_path):
    assert refusal(str(_submission(tmp_path / "s")), ME, 10_000) is None


def test_a_submission_named_for_someone_else_is_refused(tmp_path):
    assert "belongs to" in refusal(str(_submission(tmp_path / "s")), "somebody-else", 10_000)


def test_a_symlink_or_an_oversized_submission_is_refused(tmp_path):
    linked = _submission(tmp_path / "linked")
    (linked / "ex02" / "key.py").symlink_to("/etc/passwd")
    assert "not a plain file" in refusal(str(linked), ME, 10_000)
    big = _submission(tmp_path / "big")
    (big / "ex02" / "big.bin").write_bytes(b"x" * 20_000)
    assert "size cap" in refusal(str(big), ME, 10_000)
    assert "not a folder" in refusal(str(linked / "ex02" / "key.py"), ME, 10_000)


@root_only
def test_a_hard_link_to_someone_elses_file_is_refused(tmp_path):
    folder = _submission(tmp_path / "s")
    other = tmp_path / "instructors.py"
    other.write_text("secret")
    os.chown(other, NOBODY, -1)
    os.link(other, folder / "ex02" / "copy.py")
    assert "belongs to someone else" in refusal(str(folder), ME, 10_000)


def test_the_pull_guard_allows_only_the_named_repositories():
    from coursekit.hub.pull_guard import CoursePull

    guard = CoursePull(allowed_repos=["https://example.org/games-course-class.git"])
    assert guard.allows("https://example.org/games-course-class.git") and guard.allows(
        "https://example.org/games-course-class.git/")
    for other in ("https://example.org/evil.git", "https://example.org/games-course-class.git.evil",
                  "https://example.org/games-course-class", ""):
        assert not guard.allows(other), other
    assert not CoursePull().allows("https://example.org/games-course-class.git")  # none named: none pulled
