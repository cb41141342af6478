"""The layering of CONTRIBUTING.md: rules modules draw nothing, graphs.py builds graphs, plots/ draws them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULES = ["cards", "superposition", "blackjack", "blackjack_exact", "baccarat", "subtraction", "mcts", "exact_values",
         "search_yardsticks", "tictactoe", "tournament", "tournament_game", "game_protocol", "rng"]


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

    assert "K♠" in common.card_html(Card("K")) and "Q♥" in common.card_html(Card("Q", "Heart"))
    assert 'aria-label="face-down card"' in common.card_html(None)  # a screen reader says so, not "??"


# --- the layers under hostile code (issue 25): import contracts, lazy imports inside functions included -----------
PACKAGE = ROOT / "coursekit"


def imports_of(path: Path) -> set[str]:
    """Every module a file imports, anywhere in it (top level or inside a function), as absolute names."""
    import ast

    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)  # `from coursekit import arena`
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "__import__" and node.args:
            if isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                found.add(node.args[0].value)
    return found


def layer(name: str) -> dict[str, set[str]]:
    """module file -> the coursekit modules it imports, for every file of a subpackage."""
    return {str(p.relative_to(ROOT)): {m for m in imports_of(p) if m.startswith("coursekit")}
            for p in sorted((PACKAGE / name).rglob("*.py"))}


def _touches(modules: set[str], package: str) -> set[str]:
    return {m for m in modules if m == package or m.startswith(package + ".")}


def test_the_sandbox_layer_imports_neither_grading_nor_the_arena():
    assert {"jail.py", "worker.py", "wire.py", "requests.py", "botside.py"} <= {
        Path(p).name for p in layer("sandbox")}
    for path, modules in layer("sandbox").items():
        others = {m for m in modules if m != "coursekit" and not m.startswith("coursekit.sandbox")}
        assert others == set(), (path, others)


def test_the_arena_never_imports_grading():
    for path, modules in layer("arena").items():
        assert _touches(modules, "coursekit.grading") == set(), path


def test_grading_uses_only_the_arenas_public_package():
    """Exercise 11's games go through `coursekit.arena`'s public names (its referee API), never its modules."""
    public = set(__import__("coursekit.arena", fromlist=["__all__"]).__all__)
    for path, modules in layer("grading").items():
        for m in _touches(modules, "coursekit.arena"):
            assert m == "coursekit.arena" or m.removeprefix("coursekit.arena.") in public, (path, m)


def test_coursekit_never_imports_the_instructors_tools():
    """The arrows run one way: coursetools imports coursekit; no coursekit file imports coursetools, even lazily,
    or names it in a string (the instructors' commands reach coursekit.cli through entry points)."""
    import ast

    back = []
    for path in sorted(PACKAGE.rglob("*.py")):
        back += [f"{path.relative_to(ROOT)}: {m}" for m in imports_of(path) if m.split(".")[0] == "coursetools"]
        back += [f"{path.relative_to(ROOT)}: {node.value!r}" for node in ast.walk(ast.parse(path.read_text("utf-8")))
                 if isinstance(node, ast.Constant) and isinstance(node.value, str)
                 and node.value.startswith("coursetools")]
    assert back == []


def test_arena_modules_import_each_other_one_way():
    """No circle among the arena's modules (run.py and the Dask runner, now coursetools', once imported each other)."""
    graph = {Path(p).stem: {m.split(".")[2] for m in ms if m.startswith("coursekit.arena.") and m.count(".") >= 2}
             for p, ms in layer("arena").items()}
    graph = {k: {v for v in vs if v in graph and v != k} for k, vs in graph.items()}
    seen: dict[str, int] = {}

    def visit(node: str, path: tuple) -> None:
        assert node not in path, " -> ".join(path + (node,))
        if seen.get(node):
            return
        for nxt in graph.get(node, ()):
            visit(nxt, path + (node,))
        seen[node] = 1

    for node in graph:
        visit(node, ())


def test_the_worker_imports_nothing_of_grading_or_the_arena():
    """What runs inside a sandbox loads only the sandbox layer (the answer key and the referee stay outside)."""
    loaded = imported_after("coursekit.sandbox.worker")
    code = ("import sys, coursekit.sandbox.worker, coursekit.sandbox.botside, coursekit.sandbox.probe; "
            "print(' '.join(m for m in sys.modules if m.startswith('coursekit')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    names = set(out.stdout.split())
    assert "coursekit" in loaded
    assert not {n for n in names if n.startswith(("coursekit.grading", "coursekit.arena"))}, names
