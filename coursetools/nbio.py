"""nbformat, imported fast: without jsonschema's optional rfc3987_syntax, whose grammar takes seconds to build."""

from __future__ import annotations

import sys

# jsonschema imports rfc3987_syntax only to check "iri" string formats, which notebooks never use; building its
# grammar took 2-8 s here in every grading process. Marking it absent makes jsonschema skip that format.
sys.modules.setdefault("rfc3987_syntax", None)

import nbformat  # noqa: E402

__all__ = ["nbformat"]
