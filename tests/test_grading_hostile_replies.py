"""Submissions that forge or flood the grader's replies, or put hostile text where the grader reports it (issue 25).

Every attack is a blank exercise 02 with cells appended, graded in one batch with an honest solution. What must
hold: the batch finishes and writes the CSV and JSON, no attack scores more than the blank exercise, the honest
solution keeps full marks, and no output holds a control character, lone surrogate or bidi override.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from coursetools.grade.batch import main as grade_main
from coursetools.nbio import nbformat
from coursekit.sandbox.jail import bwrap

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(bwrap() is None, reason="bubblewrap is not installed (apt-get install bubblewrap)")]

ROOT = Path(__file__).resolve().parents[1]
EX02 = ROOT / "exercises" / "02_exercises_counting_blackjack_hands.ipynb"
SOL02 = ROOT / "solutions" / "02_solutions_counting_blackjack_hands.ipynb"
UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")

FORGE = '''
import os, stat


def forge(line_for, ids=range(0, 3000)):
    for fd in range(3, 64):
        try:
            if not stat.S_ISFIFO(os.fstat(fd).st_mode):
                continue
            for i in ids:
                os.write(fd, line_for(i))
        except OSError:
            continue
'''

ATTACKS = {
    "forges_bad_ints": FORGE + '''
forge(lambda i: b'{"id":%d,"value":["int","--3"],"values":[["int","--3"]],"error":null,"cell":"ok"}\\n' % i)
''',
    "forges_a_nested_line": FORGE + '''
forge(lambda i: b'{"id":%d,"value":' % i + b"[" * 100000 + b"]" * 100000 + b'}\\n', ids=range(0, 3))
forge(lambda i: b'{"id":%d,"value":' % i + b'["list",' * 60 + b'[]' + b']' * 60 + b'}\\n', ids=range(0, 400))
''',
    "forges_wrong_shapes": FORGE + '''
forge(lambda i: b'{"id":%d,"values":{"a":1},"error":[1],"cell":["x"],"kind":[2]}\\n' % i)
''',
    "forges_non_utf8": FORGE + '''
forge(lambda i: b'{"id":%d,"value":["str","\\xff\\xfe"],"error":"\\xc0"}\\n' % i)
''',
    "forges_surrogates": FORGE + '''
forge(lambda i: b'{"id":%d,"error":"\\\\ud800\\\\u001b]0;owned\\\\u0007\\\\u202e","cell":"error"}\\n' % i)
''',
    "floods_the_replies": FORGE + '''
forge(lambda i: b"x" * 65536, ids=range(0, 400))
''',
    "hostile_messages": '''
class Weird(Exception):
    pass


Weird.__name__ = "\\udcff\\x1b[31mEvil\\u202e"


def hand_total(cards):
    return "\\ud800\\x1b[2J\\u202e" * 50


try:
    raise Weird("\\x1b]8;;http://evil/\\x07click\\ud83d")
finally:
    pass
''',
}


@pytest.fixture(scope="module")
def batch(tmp_path_factory):
    root = tmp_path_factory.mktemp("forgers")
    submissions = root / "submissions"
    submissions.mkdir()
    blank = nbformat.read(EX02, as_version=4)
    nbformat.write(blank, submissions / "02_blank.ipynb")
    nbformat.write(nbformat.read(SOL02, as_version=4), submissions / "02_honest.ipynb")
    for name, cell in ATTACKS.items():
        nb = nbformat.read(EX02, as_version=4)
        nb.cells.append(nbformat.v4.new_code_cell(cell))
        nbformat.write(nb, submissions / f"02_{name}.ipynb")
    nb = nbformat.read(EX02, as_version=4)
    nbformat.write(nb, submissions / "02_\x1b[31mred\u202e.ipynb")
    fd = os.open(bytes(submissions) + b"/02_bad\xff.ipynb", os.O_WRONLY | os.O_CREAT, 0o644)
    os.write(fd, (submissions / "02_blank.ipynb").read_bytes())
    os.close(fd)
    (submissions / "02_link.ipynb").symlink_to(submissions / "02_honest.ipynb")
    out = root / "grades.csv"
    code = grade_main([str(submissions), "--out", str(out), "--timeout", "8", "--jobs", "2",
                       "--feedback", str(root / "feedback")])
    table = json.loads(out.with_suffix(".json").read_text(encoding="utf-8"))
    by_name = {Path(r["notebook"]).stem[3:]: r for r in table["records"]}
    return {"code": code, "out": out, "records": by_name, "root": root, "refused": table.get("refused", [])}


def test_the_batch_finishes_and_saves(batch):
    assert batch["out"].exists() and batch["out"].with_suffix(".json").exists()
    assert batch["records"]["honest"]["percent"] == 100.0, batch["records"]["honest"]["messages"]
    assert batch["records"]["blank"]["points"] == 0


@pytest.mark.parametrize("attack", sorted(ATTACKS))
def test_no_forger_scores_more_than_the_blank_notebook(batch, attack):
    record = batch["records"][attack]
    blank = batch["records"]["blank"]
    assert record["points"] <= blank["points"] and record["max_points"] == blank["max_points"], record["messages"]


def test_no_output_holds_unsafe_text(batch):
    root = batch["root"]
    for path in [batch["out"], batch["out"].with_suffix(".json"), *(root / "feedback").glob("*")]:
        text = path.read_text(encoding="utf-8").replace("\n", "").replace("\r", "")
        assert not UNSAFE.search(text), (path.name, UNSAFE.findall(text)[:10])


def test_a_symlinked_notebook_is_refused_by_name(batch):
    """Collection refuses it by name before anything is read (issue 35), so it never becomes a graded row."""
    assert "link" not in batch["records"]
    assert any("02_link.ipynb" in why and "symbolic link" in why for why in batch["refused"]), batch["refused"]
