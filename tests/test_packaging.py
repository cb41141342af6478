"""The install files agree with each other and with what the course imports."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

try:  # Python 3.11 and later
    import tomllib
except ModuleNotFoundError:  # Python 3.10: the few keys these tests read are parsed by hand
    tomllib = None

ROOT = Path(__file__).resolve().parents[1]
# conda-forge names that differ from the package index
CONDA_NAMES = {"python-igraph": "igraph"}


def _name_and_spec(requirement: str) -> tuple[str, str]:
    match = re.match(r"\s*([A-Za-z0-9_.\-]+)\s*(.*)", requirement)
    assert match, requirement
    return match.group(1).lower(), match.group(2).replace(" ", "")


def _section(text: str, name: str) -> str:
    """The body of a TOML table `[name]`, up to the next table."""
    match = re.search(rf"^\[{re.escape(name)}\]\n(.*?)(?=^\[|\Z)", text, re.M | re.S)
    assert match, name
    return match.group(1)


def _project_by_hand(text: str) -> dict:
    """[project]'s requires-python, dependencies and test extra, read without a TOML library (Python 3.10)."""
    project, extras = _section(text, "project"), _section(text, "project.optional-dependencies")

    def strings(body: str, key: str) -> list[str]:
        match = re.search(rf"^{re.escape(key)}\s*=\s*\[(.*?)\]", body, re.M | re.S)
        assert match, key
        return re.findall(r'"([^"]*)"', match.group(1))

    requires = re.search(r'^requires-python\s*=\s*"([^"]*)"', project, re.M)
    return {"requires-python": requires.group(1), "dependencies": strings(project, "dependencies"),
            "optional-dependencies": {"test": strings(extras, "test")}}


def _project() -> dict:
    """pyproject.toml's [project] table."""
    text = (ROOT / "pyproject.toml").read_text()
    return tomllib.loads(text)["project"] if tomllib is not None else _project_by_hand(text)


def _pyproject() -> dict[str, str]:
    project = _project()
    requirements = project["dependencies"] + project["optional-dependencies"]["test"]
    return dict(_name_and_spec(r) for r in requirements)


def _environment() -> dict[str, str]:
    packages: dict[str, str] = {}
    text = (ROOT / "environment.yml").read_text()
    for line in text.split("dependencies:", 1)[1].splitlines():
        match = re.match(r"\s+-\s+([A-Za-z][^:#]*?)\s*$", line)
        if not match or match.group(1).startswith("-e"):
            continue
        name, spec = _name_and_spec(match.group(1))
        if name in ("python", "pip"):
            continue
        packages[CONDA_NAMES.get(name, name)] = spec
    return packages


def test_environment_yml_lists_the_same_packages_as_pyproject():
    assert _environment() == _pyproject()


def test_python_floor_agrees():
    assert _project()["requires-python"] == ">=3.10"
    assert "python>=3.10" in (ROOT / "environment.yml").read_text()


def test_ci_runs_make_test_without_masking_failures():
    script = (ROOT / ".ci" / "run").read_text()
    assert "set -euo pipefail" in script
    assert re.search(r"^make test$", script, re.M)
    assert "|| true" not in script


def test_makefile_test_runs_units_nbval_and_browser():
    makefile = (ROOT / "Makefile").read_text()
    assert "--nbval-current-env" in makefile and "--nbval-sanitize-with" in makefile
    assert "-m browser" in makefile


def test_make_unit_skips_slow_tests_and_make_test_runs_them():
    makefile = (ROOT / "Makefile").read_text()
    unit = makefile.split("\nunit:", 1)[1].split("\n\n", 1)[0]
    test = makefile.split("\ntest:", 1)[1].split("\n\n", 1)[0]
    # the parallel part and the wall-clock part (serial) together: every test but browser and slow ones
    assert '-m "not browser and not slow and not serial"' in unit and '-m "not browser and not slow and serial"' in unit
    serial = re.search(r"^SERIAL := (.*)$", makefile, re.M).group(1)  # run by the test recipe, the notebooks beside
    assert '-m "not browser and not serial" tests' in test and "$(SERIAL)" in test
    assert '-m "not browser and serial" tests' in serial
    assert "not slow" not in test + serial
    beside = makefile.split("\nbeside-serial:", 1)[1].split("\n\n", 1)[0]
    assert "$(STRICT_NB)" in beside and "$(LAX_NB)" in beside and "test_arena_dask.py" in beside


@pytest.mark.skipif(tomllib is None, reason="needs tomllib (Python 3.11+) to compare against")
def test_the_python_310_reader_agrees_with_tomllib():
    text = (ROOT / "pyproject.toml").read_text()
    project = tomllib.loads(text)["project"]
    by_hand = _project_by_hand(text)
    assert by_hand["requires-python"] == project["requires-python"]
    assert by_hand["dependencies"] == project["dependencies"]
    assert by_hand["optional-dependencies"]["test"] == project["optional-dependencies"]["test"]


def test_ruff_runs_first_in_make_test_and_make_unit_and_targets_python_310():
    makefile = (ROOT / "Makefile").read_text()
    for target in ("test", "unit"):
        recipe = makefile.split(f"\n{target}:", 1)[1].split("\n\n", 1)[0]
        assert recipe.splitlines()[1].strip() in ("$(LINT)", "$(call TIMED,$(LINT),lint)"), target
    assert "$(PY) -m ruff check coursekit $(wildcard coursetools) tests bench" in makefile
    assert 'target-version = "py310"' in (ROOT / "pyproject.toml").read_text()


def test_ci_runs_the_unit_tests_on_python_310_when_it_can():
    script = (ROOT / ".ci" / "run").read_text()
    makefile = (ROOT / "Makefile").read_text()
    assert "make unit310" in script and script.index("make test") < script.index("make unit310")
    recipe = makefile.split("\nunit310:", 1)[1].split("\n\n", 1)[0]
    assert '-m "not browser and not slow" tests' in recipe and "ruff check" in recipe


def _recipe(makefile: str, target: str) -> str:
    return makefile.split(f"\n{target}:", 1)[1].split("\n\n", 1)[0]


def test_the_instructors_tools_go_to_their_own_venv():
    """nbgrader, Jupyter Book and Dask (the class and arena extras) in .venv-class; the learners' .venv: '.[test]'."""
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^CLASS_VENV := \.venv-class$", makefile, re.M)
    assert re.search(r"^CLASS_STAMP := \$\(CLASS_VENV\)/\.installed$", makefile, re.M)
    installs = re.findall(r"^\t(\S+) -m pip install -e '\.\[([a-z,]+)\]'", makefile, re.M)
    class_extras = [set(extras.split(",")) for python, extras in installs if python == "$(CLASS_PY)"]
    assert any({"class", "arena"} <= extras for extras in class_extras), installs
    assert all({"class", "arena"}.isdisjoint(extras.split(",")) for python, extras in installs
               if python != "$(CLASS_PY)"), installs
    for target in ("test", "site"):
        assert "$(CLASS_STAMP)" in makefile.split(f"\n{target}:", 1)[1].split("\n", 1)[0], target
    for target in ("lab", "present"):
        assert "CLASS" not in makefile.split(f"\n{target}:", 1)[1].split("\n", 1)[0], target
    extras = _project().get("optional-dependencies", {})
    if tomllib is not None:
        assert {r.split(">")[0].split("<")[0] for r in extras["class"]} >= {"nbgrader", "jupyter-book"}
    for environment in ("environment.yml", "binder/environment.yml"):
        listed = re.findall(r"^\s+-\s+([A-Za-z][\w.-]*)", (ROOT / environment).read_text(), re.M)
        assert not {"nbgrader", "jupyter-book", "dask", "distributed"} & set(listed), environment
    assert ".venv-class/" in (ROOT / ".gitignore").read_text()


def test_make_lab_opens_lesson_00_and_make_present_has_bigger_text():
    makefile = (ROOT / "Makefile").read_text()
    # the document to open is lesson 00 the first time, then the one the learner last looked at (lab_workspace)
    assert '--LabApp.default_url="/lab/tree/$$start"' in makefile
    assert '-m coursekit.lab_workspace "$(LAB_WORKSPACES)" $(LAB_START))' in makefile
    # the learner's own copy of lesson 00 (issue 28: make lab copies the lessons into my-work/ first)
    assert re.search(r"^LAB_START := \$\(WORK\)/notebooks/00_start_here\.ipynb$", makefile, re.M)
    assert re.search(r"^WORK := my-work$", makefile, re.M)
    assert (ROOT / "notebooks" / "00_start_here.ipynb").exists()
    assert _recipe(makefile, "lab").splitlines()[1:3] == ["\t$(MYWORK)", "\t$(LAB_REOPEN) $(LAB)"]
    present = _recipe(makefile, "present").splitlines()[2].strip()
    assert present.startswith("$(LAB_REOPEN) $(LAB) --LabApp.user_settings_dir=")
    theme = ROOT / "jupyter-config" / "present" / "@jupyterlab" / "apputils-extension" / "themes.jupyterlab-settings"
    text = re.sub(r"^\s*//.*$", "", theme.read_text(), flags=re.M)  # JupyterLab's settings allow // comments
    sizes = {key: int(value.rstrip("px")) for key, value in json.loads(text)["overrides"].items()}
    defaults = {"ui-font-size1": 13, "content-font-size1": 14, "code-font-size": 13}  # JupyterLab 4's own
    assert sizes.keys() == defaults.keys() and all(sizes[k] >= defaults[k] + 3 for k in defaults), sizes


def test_no_notebook_shim_and_so_no_token_deprecation_warning():
    config = json.loads((ROOT / "jupyter-config" / "jupyter_server_config.json").read_text())
    assert config["ServerApp"]["jpserver_extensions"] == {"notebook_shim": False}


def test_make_demo_has_its_own_port_and_the_console_games_have_targets():
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^DEMO_PORT \?= 8866$", makefile, re.M) and "--port=$(DEMO_PORT)" in _recipe(makefile, "demo")
    assert re.search(r"^blackjack tournament baccarat: \$\(STAMP\)\n\t\$\(PY\) -m coursekit \$@ \$\(ARGS\)$",
                     makefile, re.M)
    readme = (ROOT / "README.md").read_text()
    assert "http://127.0.0.1:8866" in readme and "8889" in readme


def test_pyproject_license_is_an_spdx_string_with_a_setuptools_that_reads_it():
    text = (ROOT / "pyproject.toml").read_text()
    assert re.search(r'^license = "MIT"$', text, re.M), "an SPDX string: setuptools warns on a license table"
    requires = re.search(r'^requires = \["setuptools>=(\d+)"\]$', text, re.M)
    assert requires and int(requires.group(1)) >= 77  # setuptools 77 reads PEP 639 license strings


def test_ci_installs_a_cjk_font_for_lesson_05_and_the_readme_names_it():
    assert "bash .ci/system-packages" in (ROOT / ".ci" / "run").read_text()
    script = (ROOT / ".ci" / "system-packages").read_text()
    assert re.search(r'apt-get install .*"\$package"; then$', script, re.M), "one apt-get install per package"
    wanted = set(re.findall(r"\|\| missing\+=\(([\w-]+)\)", script))
    assert wanted == {"chromium", "bubblewrap", "fonts-noto-cjk", "npm"}, wanted
    assert "fonts-noto-cjk" in (ROOT / "README.md").read_text()


@pytest.mark.skipif(os.environ.get("CI", "").lower() != "true" or shutil.which("fc-list") is None,
                    reason="checks the CI machine's fonts")
def test_the_ci_machine_has_a_chinese_font():
    fonts = subprocess.run(["fc-list", ":lang=zh", "family"], capture_output=True, text=True).stdout
    assert fonts.strip(), "no font covers Chinese: lesson 05's quotation would show boxes"
