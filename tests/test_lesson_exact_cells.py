"""Lessons 02 and 05 (its going-further notebook 05b) work an exact computation out on the page on purpose (the
method shown); each page asserts its result equals coursekit's for one case. Here the page's own cell runs on many
more cases, so the two cannot drift."""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest

from coursekit.baccarat import banker_draws, card_value, exact_odds
from coursekit.blackjack import dealer_outcomes, hand_total

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")


def page_cell(lesson: str, defines: str, namespace: dict) -> dict:
    """Run the lesson's code cell that defines `defines` (its asserts included) in `namespace`, as the lesson
    would after its earlier cells; return the namespace."""
    paths = [*NOTEBOOKS.glob(f"{lesson}_*.ipynb"), *NOTEBOOKS.glob(f"{lesson}b_*.ipynb")]  # with its going further
    cells = [(path, c.source) for path in paths for c in nbformat.read(path, as_version=4).cells
             if c.cell_type == "code" and f"def {defines}(" in c.source]
    assert len(cells) == 1, f"lesson {lesson}: one code cell defines {defines}, not {len(cells)}"
    (path, cell), = cells
    exec(compile(cell, path.name, "exec"), namespace)  # noqa: S102 - the course's own lesson
    return namespace


@pytest.fixture(scope="module")
def lesson_02() -> dict:
    return page_cell("02", "dealer_bust", {"Fraction": Fraction, "hand_total": hand_total})


@pytest.mark.parametrize("decks", [1, 2, 8])
def test_lesson_02s_dealer_walk_is_dealer_outcomes_for_every_up_card(lesson_02, decks):
    dealer_bust, shoe_of = lesson_02["dealer_bust"], lesson_02["shoe_of"]
    for up in RANKS:
        assert dealer_bust(shoe_of(decks), (up,)) == dealer_outcomes(up, decks=decks)["bust"], (up, decks)


@pytest.fixture(scope="module")
def lesson_05() -> dict:
    return page_cell("05", "odds_infinite_deck", {"math": math, "exact_odds": exact_odds})


def value(third):
    """The player's third card as a point value: the page passes values, coursekit's enumeration passes ranks."""
    return third if third is None or isinstance(third, int) else card_value(third)


RULES = {
    "the banker's table": banker_draws,
    "draws on 0-5, whatever the player drew": lambda banker, third: banker <= 5,
    "never draws": lambda banker, third: False,
    "draws on 0-6 unless the player's third card is a 0 or 1": lambda banker, third: banker <= 6
    and value(third) not in (0, 1),
}


@pytest.mark.parametrize("name", RULES)
def test_lesson_05s_infinite_deck_walk_is_exact_odds_for_other_rules_too(lesson_05, name):
    odds = lesson_05["odds_infinite_deck"](RULES[name])
    assert odds == exact_odds(math.inf, RULES[name])
    assert sum(odds.values()) == 1
