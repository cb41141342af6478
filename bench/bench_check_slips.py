"""Which named slips the grader gives that a learner's check() cannot (issue 26): one line per slip check() misses.

    python bench/bench_check_slips.py [--all]

For every public test of the answer key (answer_key/exNN.py), each slip the grader can name is matched, in order,
against the slips that test's public form (coursekit/grading/public/exNN.json, what check() runs) can name.
A slip the grader names on a hidden test is out of check()'s reach by design (check() runs public tests only):
--all lists those too. Needs the full repository (the answer key).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from coursekit.grading.public import public_questions  # noqa: E402
from coursekit.grading.registry import answer_key_exercises, questions  # noqa: E402


def _sentence(slip) -> str:
    """The sentence of a slip in either form: a Slip, or a public (sentence, digest, ...) row."""
    return slip.says if hasattr(slip, "says") else slip[0]


def public_slips(case) -> list[str]:
    """The sentences a public test (as check() rebuilds it) can name."""
    return [_sentence(s) for s in (getattr(case, "slips", ()) or ())] + \
        [says for says, *_ in getattr(case, "sealed_slips", ())]


def missing() -> list[tuple[str, int, str, bool, str]]:
    """(qid, test index, test type, public?, sentence) of every grader slip check() cannot name."""
    rows = []
    for exercise in answer_key_exercises():
        shown = {q.qid: q for q in public_questions(exercise)}
        for q in questions(exercise):
            for index, (case, public) in enumerate(zip(q.cases, shown[q.qid].cases)):
                can = Counter(public_slips(public)) if case.public else Counter()
                for slip in getattr(case, "slips", []):
                    if can[slip.says]:
                        can[slip.says] -= 1
                    else:
                        rows.append((q.qid, index, type(case).__name__, case.public, slip.says))
    return rows


def main(argv=None) -> int:
    """Print the slips the grader names on public tests that check() does not, and the counts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--all", action="store_true", help="also list the slips of hidden tests")
    args = parser.parse_args(argv)
    total = sum(len(getattr(c, "slips", [])) for e in answer_key_exercises() for q in questions(e) for c in q.cases
                if c.public)
    rows = missing()
    public = [r for r in rows if r[3]]
    for qid, index, kind, is_public, says in rows if args.all else public:
        print(f"{qid} test {index} ({kind}, {'public' if is_public else 'hidden'}): {says}")
    print(f"grader slips on public tests: {total}; check() names {total - len(public)}, misses {len(public)} "
          f"({len({(r[0], r[4]) for r in public})} distinct question-slip pairs); slips on hidden tests: "
          f"{len(rows) - len(public)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
