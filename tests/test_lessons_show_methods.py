"""Lessons show their methods (issue 13): each lesson 02-09 puts at least one core algorithm on the page, either
as library source displayed with `coursekit.show.show(...)` or as a short version written in the lesson and asserted
equal to coursekit's; and every lesson from 01 on asserts what it claims.

The lists below name what each lesson shows, so a lesson that loses one fails here. The notebooks are read with
`ast` (no kernel): a displayed method is a `show(...)` argument; a checked one is a function defined in the lesson
that appears in an `assert` together with a name the lesson imports from coursekit.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"

# lesson -> library functions whose source the lesson displays with show(...)
SHOWN = {
    "02_counting_blackjack_hands": ["settle"],
    "04_baccarat_drawing_tables": ["banker_draws", "table_from_rules", "source_banker_draws"],
    "07_strategies_and_playouts": ["optimal_for"],  # not wilson_interval: exercise 07 q6 asks the learner for it
    "08_monte_carlo_tree_search": ["MCTS.select", "MCTS.expand", "MCTS.simulate", "MCTS.backpropagate", "outcome"],
}

# lesson -> (function written in the lesson, coursekit function or method it is asserted equal to)
CHECKED = {
    "01_superpositions": [("TinyAny", "any_of")],
    "02_counting_blackjack_hands": [("count", "hand_states"), ("best_total", "hand_total"),
                                    ("dealer_bust", "dealer_outcomes")],
    "03_blackjack_by_numbers": [("busts", "dealer_outcomes"), ("doubling_chance", "doubling_probability")],
    "04_baccarat_drawing_tables": [("total", "hand_value")],
    "05_baccarat_odds": [("odds_infinite_deck", "exact_odds")],
    "06_the_3_5_11_game": [("red_numbers", "losing_positions"), ("can_force_win", "is_losing")],
    "07_strategies_and_playouts": [("win", "random_playout_value")],
    "09_mcts_grows_up": [("win", "random_playout_value"), ("move_value", "move_values")],
    "11_the_class_tournament": [("bt_strengths", "bradley_terry")],
}

LESSONS_WITH_METHODS = [f"{n:02d}" for n in range(2, 10)]
GENERIC = {"items", "keys", "values", "get", "start", "play", "eigenstates", "show"}  # helpers, not methods shown


def lesson_path(prefix: str) -> Path:
    (path,) = NOTEBOOKS.glob(f"{prefix}_*.ipynb")
    return path


def code_cells(path: Path) -> list[dict]:
    """The lesson's code cells, then its going-further notebook's (NNb_name, issue 34: a lesson's optional side
    roads moved there, the methods some of them write out with them)."""
    paths = [path, *sorted(path.parent.glob(f"{path.name[:2]}b_*.ipynb"))]
    return [cell for p in paths for cell in json.loads(p.read_text())["cells"] if cell["cell_type"] == "code"]


def dotted(node: ast.AST) -> str:
    """`MCTS.select` for an attribute chain, `settle` for a name, '' otherwise."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = dotted(node.value)
        return f"{base}.{node.attr}" if base else ""
    return ""


class Lesson:
    """What a lesson notebook defines, imports from coursekit, shows and asserts, read from its code cells."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.cells = code_cells(path)
        self.defined: set[str] = set()      # functions and classes written in the lesson
        self.imported: set[str] = set()     # names imported from coursekit modules
        self.shown: set[str] = set()        # show(...) arguments
        self.asserts: list[ast.expr] = []   # what each assert tests
        for cell in self.cells:
            tree = ast.parse("".join(cell["source"]))
            for node in ast.walk(tree):
                if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                    self.defined.add(node.name)
                elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("coursekit"):
                    self.imported.update(alias.asname or alias.name for alias in node.names)
                elif isinstance(node, ast.Call) and dotted(node.func) == "show":
                    self.shown.update(dotted(arg) for arg in node.args)
                elif isinstance(node, ast.Assert):
                    self.asserts.append(node.test)

    def checked(self) -> set[tuple[str, str]]:
        """(lesson function, coursekit function or method) pairs that appear together in one assert.

        A coursekit function is a name the lesson imports from coursekit; a method is one called on an object
        (`game.is_losing(n)`) that the lesson did not write. Constants, generic methods (items, start, ...) and
        lesson helpers used only inside another lesson function's arguments do not count.
        """
        pairs = set()
        for test in self.asserts:
            names = {dotted(sub) for sub in ast.walk(test)} - {""}
            calls = [sub for sub in ast.walk(test) if isinstance(sub, ast.Call)]
            methods = {call.func.attr for call in calls if isinstance(call.func, ast.Attribute)} - self.defined
            helpers = {dotted(inner) for call in calls if dotted(call.func) in self.defined
                       for arg in call.args for inner in ast.walk(arg)}
            theirs = {name for name in (names & self.imported) | methods
                      if not name.isupper() and name not in GENERIC}
            pairs |= {(mine, other) for mine in (names & self.defined) - helpers for other in theirs}
        return pairs

    def displayed(self) -> list[str]:
        """Every method the lesson displays: show(...) arguments, then lesson functions checked against coursekit."""
        return sorted(f"show({name})" for name in self.shown) + sorted(f"{a} == {b}" for a, b in self.checked())


@pytest.mark.parametrize("prefix", LESSONS_WITH_METHODS)
def test_every_lesson_from_02_shows_at_least_one_method(prefix):
    lesson = Lesson(lesson_path(prefix))
    assert lesson.displayed(), f"{lesson.path.name} shows no method: no show(...) and no assert against coursekit"


@pytest.mark.parametrize("prefix, names", [(key[:2], names) for key, names in SHOWN.items()])
def test_lessons_display_the_library_source_they_name(prefix, names):
    lesson = lesson_path(prefix)
    parsed = Lesson(lesson)
    assert "show" in parsed.imported, "show comes from coursekit.show"
    assert set(names) <= parsed.shown, f"{lesson.name} no longer shows {sorted(set(names) - parsed.shown)}"
    for cell in parsed.cells:  # saved with outputs: the highlighted source is on the page
        if "show(" in "".join(cell["source"]):
            pages = [out["data"].get("text/html", "") for out in cell.get("outputs", []) if "data" in out]
            assert any("coursekit." in "".join(page) and "<span" in "".join(page) for page in pages), \
                f"{lesson.name}: a show(...) cell was saved without its highlighted source"


@pytest.mark.parametrize("prefix, pairs", [(key[:2], pairs) for key, pairs in CHECKED.items()])
def test_lessons_check_their_own_versions_against_coursekit(prefix, pairs):
    lesson = Lesson(lesson_path(prefix))
    found = lesson.checked()
    for mine, theirs in pairs:
        assert mine in lesson.defined, f"{lesson.path.name} no longer writes {mine}"
        assert (mine, theirs) in found, f"{lesson.path.name}: no assert compares {mine} with coursekit's {theirs}"


@pytest.mark.parametrize("path", sorted(p for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb") if p.name[:2] >= "01"),
                         ids=lambda p: p.stem)
def test_lessons_from_01_assert_their_claims(path):
    lesson = Lesson(path)
    assert lesson.asserts, f"{path.name} has no assert"


def test_the_lists_here_cover_every_lesson_with_a_method():
    assert {key[:2] for key in SHOWN} | {key[:2] for key in CHECKED} >= set(LESSONS_WITH_METHODS)
    for key in [*SHOWN, *CHECKED]:
        assert lesson_path(key[:2]).stem == key, f"lesson {key} was renamed: update this test"


def test_displayed_methods_per_lesson_as_the_issue_asks():
    """The list the issue asks for, one line per lesson (printed with -s)."""
    for prefix in LESSONS_WITH_METHODS:
        lesson = Lesson(lesson_path(prefix))
        print(f"{lesson.path.stem}: {', '.join(lesson.displayed())}")
