"""The instructors' and learners' documents point only at what a reader has (issue 37 item 7): no issue numbers of the
course's own tracker, and every relative link resolves to a file inside the repository."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = sorted([ROOT / "README.md", *ROOT.glob("docs/*.md")])
LINK = re.compile(r"\]\(([^)\s#]+)(?:#[^)]*)?\)")


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_a_document_cites_no_issue_number(doc):
    cited = re.findall(r"\bissues? #?\d+\b", doc.read_text(), flags=re.IGNORECASE)
    assert not cited, f"{doc.name} cites {cited}: a reader has no access to the course's tracker; say what it means"


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_every_relative_link_is_a_file_inside_the_repository(doc):
    bad = []
    for target in LINK.findall(doc.read_text()):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):  # http:, https:, mailto:
            continue
        path = (doc.parent / target).resolve()
        if not path.is_relative_to(ROOT) or not path.exists():
            bad.append(target)
    assert not bad, f"{doc.name} links what the repository does not hold: {bad}"
