"""The layering of CONTRIBUTING.md: rules modules draw nothing, graphs.py builds graphs, plots/ draws them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULES = ["cards", "superposition", "blackjack", "blackjack_exact", "baccarat", "subtraction", "mcts", "tictactoe",
         "tournament", "rng"]


def imported_after(module: str) -> set[str]:
    """Top-level packages present in sys.modules after importing `module` in a fresh interpreter."""
    code = f"import sys, {module}; print(' '.join(sorted({{m.split('.')[0] for m in sys.modules}})))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    return set(out.stdout.split())


@pytest.mark.parametrize("name", RULES)
def test_rules_modules_never_import_drawing_or_widgets(name):
    assert not imported_after(f"coursekit.{name}") & {"matplotlib", "igraph", "ipywidgets"}


def test_no_top_level_module_draws():
    """graphs.py builds igraph graphs (igraph itself loads matplotlib); no top-level module imports matplotlib."""
    for path in (ROOT / "coursekit").glob("*.py"):
        text = path.read_text()
        assert "import matplotlib" not in text and "from matplotlib" not in text, path.name
    assert "def draw_" not in (ROOT / "coursekit" / "graphs.py").read_text()


def test_card_tiles_live_with_the_shared_widget_parts():
    from coursekit.cards import Card
    from coursekit.widgets import common

    assert "K♠" in common.card_html(Card("K"))
    assert "??" in common.card_html(None)
