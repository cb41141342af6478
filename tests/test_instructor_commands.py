"""Every command docs/instructors.md shows is run by a test, or listed here with why it cannot run on this machine.

Issue 26 item 4. The commands come from the document itself (tests/doc_commands.py); a command counts as run when
tests/test_readme.py runs it (as it runs the README's), when a test of this file runs it as written, or when
tests/browser/test_hub_route.py names it in its RUNS_AS_WRITTEN. What cannot run here (TLJH, Kubernetes, repo2docker,
a Dask cluster) is in NOT_RUN with the reason and with what is checked instead, offline:
the Helm values against Zero to JupyterHub's schema, the tljh-config keys against TLJH's, and binder/postBuild run
in a fresh venv as repo2docker would run it. Run `python tests/test_instructor_commands.py` for the inventory.
"""

from __future__ import annotations

import getpass
import importlib.util
import json
import os
import re
import shlex
import subprocess
import time
from pathlib import Path

import pytest

import doc_commands
import test_readme
from test_nbgrader import _filled_in
from test_readme import clone  # noqa: F401 - the fresh clone's fixture, shared with the README's commands

ROOT = Path(__file__).resolve().parents[1]
HUB_TEST = ROOT / "tests" / "browser" / "test_hub_route.py"
INSTRUCTORS = ROOT / "docs" / "instructors.md"
CLASS_BIN = ROOT / ".venv-class" / "bin"
SHOWN = doc_commands.shown()
COMMANDS = list(dict.fromkeys(s.text for s in SHOWN if s.kind == "command"))
NBGRADER_BLOCK = doc_commands.block_with("nbgrader generate_assignment")

_TLJH = ("TLJH exists only on a TLJH server (its installer needs tljh.jupyter.org and GitHub; this machine reaches "
         "package registries only)")
_DASK = ("a Dask cluster: servers on several machines on port 8786; tests/test_arena_dask.py plays a class through a "
         "LocalCluster of 2 workers, the same --scheduler code path")
# command -> why no test runs it as written here, and what is checked instead
NOT_RUN = {
    "apt-get install bubblewrap": "a system package install (root, apt); the sandboxed tests (test_grading_hostile.py, "
                                  "test_arena_hostile.py) fail without the bwrap it installs",
    "curl -L https://tljh.jupyter.org/bootstrap.py | sudo -E python3 - --admin <your-admin-name>":
        f"{_TLJH}; nothing to check offline but the URL",
    "sudo tljh-config set limits.memory 1G": f"{_TLJH}; test_tljh_config_keys_are_in_tljhs_schema checks key and value",
    "sudo tljh-config set limits.cpu 1": f"{_TLJH}; test_tljh_config_keys_are_in_tljhs_schema checks key and value",
    "sudo sed -i 's/^#*HOME_MODE.*/HOME_MODE 0700/' /etc/login.defs":
        "changes every new account of the machine; the hub test makes its accounts with the same HOME_MODE through "
        "useradd -K (the plain hub's command) and checks that a classmate cannot read them",
    "git clone <full repository URL> ~/games-course":
        "the URL is your copy's; the hub test uses this checkout as the instructor's clone (its Python), and "
        "tests/test_readme.py runs the course from a fresh clone",
    "sudo tljh-config reload": f"{_TLJH}; test_tljh_config_keys_are_in_tljhs_schema checks it is a tljh-config action",
    "pip install -e '.[arena]'": "installs into whatever Python is active, on every cluster machine; make class runs "
                                 "the same install (pip install -e '.[class,arena]') into .venv-class",
    "dask scheduler": _DASK,
    "dask worker tcp://HOST:8786 --nworkers 1 --nthreads 4": _DASK,
    ".venv/bin/python -m coursekit arena submissions/ random optimal --scheduler tcp://HOST:8786 --out "
    "results/arena.json": _DASK,
}


def _repo2docker() -> str:
    return next(c for c in COMMANDS if c.startswith("repo2docker "))


def _helm() -> str:
    return next(c for c in COMMANDS if c.startswith("helm upgrade "))


def _not_run() -> dict[str, str]:
    """NOT_RUN with the commands whose exact text holds placeholders that change with the document."""
    found = dict(NOT_RUN)
    found[_repo2docker()] = ("repo2docker needs docker (none here); tests/test_binder_post_build.py runs "
                             "binder/postBuild in a fresh venv from the lock, as repo2docker runs it in the image")
    for helm in [c for c in COMMANDS if c.startswith("helm ")]:
        found[helm] = ("needs a Kubernetes cluster (and helm); test_helm_values_are_what_zero_to_jupyterhub_reads "
                       "checks the command's chart and config.yaml against Zero to JupyterHub 4.4.0's values schema")
    return found


def hub_runs() -> set[str]:
    """The document's commands tests/browser/test_hub_route.py runs as written (its RUNS_AS_WRITTEN, if any)."""
    if not HUB_TEST.exists():
        return set()
    spec = importlib.util.spec_from_file_location("_hub_route_for_commands", HUB_TEST)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return set(getattr(module, "RUNS_AS_WRITTEN", ()))


def _arena() -> str:
    return next(c for c in COMMANDS if re.match(r"\.venv/bin/python -m coursekit arena submissions/", c)
                and "--scheduler" not in c)


def run_here() -> set[str]:
    """The document's commands the tests of this file run as written."""
    return (set(NBGRADER_BLOCK) - {"make class"}) | {"nbgrader formgrader", _arena(), _user_enable()}


def _user_enable() -> str:
    return next(c for c in COMMANDS if c.startswith("jupyter server extension enable --user"))


# the command the document says never to run on learners' work; the nbgrader block's test runs it (with the block's
# assignment, as nbgrader needs one) between collect and the sandboxed autograde, and checks the refusal quoted
PLAIN_AUTOGRADE = "nbgrader autograde"


def how_run(command: str, hub: set[str]) -> str:
    """Which test runs a command, and how; "" when none does."""
    if command == PLAIN_AUTOGRADE:
        return ("tests/test_instructor_commands.py (with the block's assignment, on the collected submission: it "
                "refuses as the document quotes; tests/test_nbgrader_sandboxed.py: before any learner code runs)")
    if command in test_readme.PRINTED:
        target = test_readme._target(command)
        if target in test_readme.DRY_RUN:
            return "tests/test_readme.py (make -n: resolved, not built; the target's own tests build it)"
        if test_readme.BENCHMARK.match(command):
            return "tests/test_readme.py (compiled only: the benchmark takes minutes)"
        if re.fullmatch(r"\.venv/bin/python -m coursekit \w+", command):
            return "tests/test_readme.py (with --help: the program named in a sentence)"
        return "tests/test_readme.py (as written, in a fresh clone)"
    if command in run_here():
        return "tests/test_instructor_commands.py (as written)"
    if command in hub:
        return ("tests/browser/test_hub_route.py (as written; placeholders, /srv and /etc become the test's own "
                "places, sudo -E its root)")
    return ""


def inventory() -> list[tuple[int, str, str]]:
    """(line, command, which test runs it or why none does) for every command of the document."""
    hub, listed = hub_runs(), _not_run()
    rows = []
    for item in SHOWN:
        if item.kind == "command":
            rows.append((item.line, item.text, how_run(item.text, hub) or f"not run: {listed.get(item.text, '?')}"))
    return rows


def test_every_command_is_run_by_a_test_or_listed_with_a_reason():
    hub, listed = hub_runs(), _not_run()
    unaccounted = [c for c in COMMANDS if not how_run(c, hub) and c not in listed]
    assert not unaccounted, f"docs/instructors.md shows commands no test runs: run them, or list why not: {unaccounted}"


def test_the_not_run_list_holds_only_commands_the_document_shows_and_no_test_runs():
    hub = hub_runs()
    stale = [c for c in _not_run() if c not in COMMANDS and c != "nbgrader formgrader"]
    assert not stale, f"listed but no longer in docs/instructors.md: {stale}"
    run = [c for c in _not_run() if how_run(c, hub)]
    assert not run, f"listed as not run, but a test runs them: take them off NOT_RUN: {run}"


def test_the_commands_are_found_in_every_kind_of_code():
    """Fenced blocks, indented blocks and inline spans: the extraction misses none of the document's kinds."""
    assert NBGRADER_BLOCK[0] == "make class" and any(c.startswith("nbgrader export") for c in NBGRADER_BLOCK)
    assert any(c.startswith("dask worker ") for c in COMMANDS)  # an indented block
    assert "sudo tljh-config reload" in COMMANDS  # inline
    kinds = {s.language for s in SHOWN if s.kind == "snippet"}
    assert {"json", "yaml"} <= kinds


# --- the nbgrader route, as written, in a fresh clone ------------------------------------------------------------


def _bash(lines: list[str], folder: Path, env: dict, timeout: float = 900) -> str:
    script = "set -euo pipefail\n" + "\n".join(lines)
    result = subprocess.run(["bash", "-c", script], cwd=folder, env=env, capture_output=True, text=True,
                            timeout=timeout)
    output = result.stdout + result.stderr
    assert result.returncode == 0, f"{lines} exited {result.returncode}:\n{output[-4000:]}"
    return output


@pytest.mark.slow
def test_the_nbgrader_commands_run_as_written(clone, tmp_path):  # noqa: F811 - the fixture imported above
    """From `coursekit nbgrader course/` to the course's grader on nbgrader's submitted/ folder: the document's
    block line by line in one shell, a learner fetching and submitting a worked notebook between release and collect."""
    if not (CLASS_BIN / "nbgrader").exists():
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("no .venv-class/bin/nbgrader: make class")
        pytest.skip("no .venv-class/bin/nbgrader: run make class")
    folder, env = clone
    if not (folder / ".venv-class").exists():
        (folder / ".venv-class").symlink_to(ROOT / ".venv-class", target_is_directory=True)
    env = dict(env)
    exchange = tmp_path / "exchange"
    exchange.mkdir()
    exchange.chmod(0o1777)
    course_id = "games-of-chance-and-search"
    config = Path(env["JUPYTER_CONFIG_DIR"]) / "nbgrader_config.py"  # the machine's side: the exchange (a hub's /etc)
    config.write_text(f'c = get_config()\nc.Exchange.root = "{exchange}"\n'
                      f'c.CourseDirectory.course_id = "{course_id}"\n')
    block = NBGRADER_BLOCK
    assert block[0] == "make class"  # tests/test_readme.py runs it (make -n); .venv-class is linked in the clone
    collect = next(i for i, c in enumerate(block) if c.startswith("nbgrader collect"))
    state = [c for c in block[:collect] if c.startswith(("cd ", "export "))]  # the shell the rest runs in
    assignment = re.search(r"generate_assignment (\S+)", " ".join(block)).group(1)
    timings = {}

    started = time.monotonic()
    _bash(block[1:collect], folder, env)
    timings["export, generate, release"] = time.monotonic() - started
    course = folder / "course"
    written = sorted(p.name for p in (course / "source").iterdir())
    named = re.search(r"source/(ex\d\d)\.\.(ex\d\d)", (ROOT / "docs" / "instructors.md").read_text())
    assert named and (written[0], written[-1]) == named.groups(), (written, named and named.groups())
    assert len(written) == int(written[-1][2:]) - int(written[0][2:]) + 1

    # the learner: fetch, work, submit (Lab's Assignments tab does these two nbgrader commands)
    student = getpass.getuser()
    learner = tmp_path / "learner"
    learner.mkdir()
    _bash([f'export PATH="{CLASS_BIN}:$PATH"', f"nbgrader fetch_assignment {assignment}"], learner, env)
    from coursetools.nbio import nbformat

    (fetched,) = (learner / assignment).glob("*.ipynb")
    (source,) = (course / "source" / assignment).glob("*.ipynb")
    worked = _filled_in(nbformat.read(fetched, as_version=4), nbformat.read(source, as_version=4))
    nbformat.write(worked, fetched)
    _bash([f'export PATH="{CLASS_BIN}:$PATH"', f"nbgrader submit {assignment}"], learner, env)

    autograde = next(i for i, c in enumerate(block) if c.startswith("python -m coursekit autograde"))
    env.pop("COURSEKIT_UNSANDBOXED_AUTOGRADE", None)
    started = time.monotonic()
    output = _bash(state + block[collect:autograde], folder, env)
    # "never with `nbgrader autograde`": on the collected submission it refuses, with the words the document quotes
    plain = subprocess.run(["bash", "-c", "\n".join(state + [f"{PLAIN_AUTOGRADE} {assignment}"])], cwd=folder,
                           env=env, capture_output=True, text=True, timeout=600)
    said = plain.stdout + plain.stderr
    quoted = re.search(r'raises "(refused: .*?) \.\.\. (Run `.*?`)"', " ".join(INSTRUCTORS.read_text().split()))
    assert quoted, "docs/instructors.md no longer quotes the refusal"
    assert plain.returncode != 0 and all(q in " ".join(said.split()) for q in quoted.groups()), said[-3000:]
    graded = course / "autograded"
    assert not (graded.exists() and any(graded.rglob("*.ipynb"))), "the refused autograde wrote a notebook"
    output += _bash(state + block[autograde:], folder, env)
    timings["collect .. course's summary"] = time.monotonic() - started
    print(timings)

    # nbgrader's own outputs: every automatic point for the worked notebook, a feedback page
    from coursekit.grading.registry import questions

    exercise = assignment[2:]
    automatic = sum(q.max_points for q in questions(exercise) if not q.manual)
    header, *rows = [line.split(",") for line in (course / "grades.csv").read_text().splitlines()]
    row = next(r for r in rows if r[header.index("student_id")] == student and r[0] == assignment)
    assert float(row[header.index("raw_score")]) == automatic
    (page,) = (course / "feedback" / student / assignment).glob("*.html")
    # release_feedback: the page is in the exchange, and the learner's fetch_feedback brings it (their own only)
    _bash([f'export PATH="{CLASS_BIN}:$PATH"', f"nbgrader fetch_feedback {assignment}"], learner, env)
    assert list((learner / assignment / "feedback").rglob("*.html")), "the learner fetched no feedback"
    # the document: autograde in the sandbox; nbgrader's own autograde (the checksum warnings) never ran
    assert "autograded 1 notebook(s) of ex02 in the sandbox into the gradebook" in output
    assert "Attribute 'checksum'" not in output
    assert "db_assignments" not in output  # the exported config is one nbgrader 0.9 knows
    # "What feedback shows": the hidden tests' calls, as run_test("02.q3", 4)
    text = re.sub(r"<[^>]+>", "", page.read_text()).replace("&quot;", '"').replace("&#34;", '"')
    assert re.search(rf'run_test\("{exercise}\.q\d+", \d+\)', text)

    # the course's grader beside nbgrader's outputs, never over them
    assert header[:4] == ["assignment", "duedate", "timestamp", "student_id"]  # still nbgrader's table
    records = json.loads((course / "coursekit" / assignment / "grades.json").read_text())["records"]
    assert [r["student"] for r in records] == [student] and records[0]["points"] == automatic
    assert not records[0]["messages"], records[0]["messages"]
    assert (course / "coursekit" / assignment / "feedback" / "index.html").exists()  # and the class page
    assert "1 submissions. Named slips, most common first:" in output  # --summary coursekit/ex02/grades.json


@pytest.mark.slow
def test_the_arena_command_runs_as_written(clone):  # noqa: F811 - the fixture imported above
    """The class arena's command in a fresh clone, sandboxed, on a submissions/ folder of one example bot (each
    more bot adds its games with the three built-in bots: 35 s for one on the 2-core test machine)."""
    folder, env = clone
    submissions = folder / "submissions"
    submissions.mkdir(exist_ok=True)
    bot = sorted((ROOT / "notebooks" / "demos" / "arena_bots" / "subtraction").glob("*.py"))[0]
    (submissions / bot.name).write_text(bot.read_text())
    started = time.monotonic()
    # PYTHONSAFEPATH: the clone's .venv is the checkout's, whose editable install imports the checkout's coursekit;
    # without it `python -m` would import the clone's copy from the working folder and its sandboxes the checkout's
    # (a mismatch only a linked .venv has: a clone's own .venv imports the clone's)
    output = _bash([_arena()], folder, dict(env, COURSEKIT_PROGRESS="0", PYTHONSAFEPATH="1"), timeout=900)
    print(f"arena: {time.monotonic() - started:.0f} s")
    out = re.search(r"--out (\S+)", _arena()).group(1)
    results = json.loads((folder / out).read_text())
    assert re.search(r"complete: (\d+) of \1 games", output), output[-2000:]
    standings = {row["bot"]: row for row in results["standings"]}
    assert set(standings) == {bot.stem, "random", "optimal", "mcts:1000"}
    assert not results["failures"] and not standings[bot.stem]["failures"], results["failures"]  # it ran sandboxed
    for name in ("arena.csv", "arena.games.csv"):
        assert (folder / out).with_name(name).exists()


def test_nbgrader_formgrader_is_not_a_command_as_the_document_says():
    text = (ROOT / "docs" / "instructors.md").read_text()
    assert "has no `nbgrader formgrader` command" in " ".join(text.split())
    if not (CLASS_BIN / "nbgrader").exists():
        pytest.skip("no .venv-class/bin/nbgrader: run make class")
    result = subprocess.run([CLASS_BIN / "nbgrader", "formgrader"], capture_output=True, text=True, timeout=120)
    listed = re.findall(r"^    (\w+)$", result.stdout, re.M)  # nbgrader prints its subcommands instead
    assert result.stdout.startswith("No command given") and "generate_assignment" in listed
    assert "formgrader" not in listed


def test_the_user_level_enable_refuses_the_formgrader_as_the_document_says(tmp_path):
    """Why the instructor's jpserver_extensions go into jupyter_server_config.json by hand."""
    if not (CLASS_BIN / "jupyter").exists():
        pytest.skip("no .venv-class: run make class")
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(tmp_path), PATH=f"{CLASS_BIN}:{os.environ.get('PATH', '')}")
    result = subprocess.run(["bash", "-c", _user_enable()], env=env, capture_output=True, text=True, timeout=120)
    assert "Validation failed" in result.stdout + result.stderr, result.stdout + result.stderr
    assert not list(tmp_path.rglob("*.json"))  # nothing enabled


# --- what cannot run here, checked offline --------------------------------------------------------------------

# Zero to JupyterHub 4.4.0, jupyterhub/values.schema.yaml (github.com/jupyterhub/zero-to-jupyterhub-k8s, tag 4.4.0):
# the path to the keys the document sets, descriptions dropped, other keys' schemas as {} (anything)
Z2JH_ROOT_KEYS = ["cull", "custom", "debug", "enabled", "fullnameOverride", "global", "httpRoute", "hub",
                  "imagePullSecret", "imagePullSecrets", "ingress", "nameOverride", "prePuller", "proxy", "rbac",
                  "scheduling", "singleuser"]
Z2JH_SINGLEUSER_KEYS = ["allowPrivilegeEscalation", "cloudMetadata", "cmd", "cpu", "defaultUrl", "events",
                        "extraAnnotations", "extraContainers", "extraEnv", "extraFiles", "extraLabels",
                        "extraNodeAffinity", "extraPodAffinity", "extraPodAntiAffinity", "extraPodConfig",
                        "extraResource", "extraTolerations", "fsGid", "image", "initContainers", "lifecycleHooks",
                        "memory", "networkPolicy", "networkTools", "nodeSelector", "podNameTemplate", "profileList",
                        "serviceAccountName", "startTimeout", "storage", "uid"]
Z2JH_SINGLEUSER = {
    "image": {"type": "object", "additionalProperties": False, "required": ["name", "tag"],
              "properties": {"name": {"type": "string"}, "tag": {"type": "string"}, "pullPolicy": {},
                             "pullSecrets": {}}},
    "memory": {"type": "object", "additionalProperties": False,
               "properties": {"limit": {"type": ["number", "string", "null"]},
                              "guarantee": {"type": ["number", "string", "null"]}}},
    "defaultUrl": {"type": ["string", "null"]},
}


def z2jh_schema() -> dict:
    """The part of Zero to JupyterHub 4.4.0's values schema on the way to the keys the document sets."""
    singleuser = {"type": "object", "additionalProperties": False,
                  "properties": {k: Z2JH_SINGLEUSER.get(k, {}) for k in Z2JH_SINGLEUSER_KEYS}}
    return {"type": "object", "additionalProperties": False,
            "properties": {k: singleuser if k == "singleuser" else {} for k in Z2JH_ROOT_KEYS}}


def _snippet(marker: str) -> doc_commands.Shown:
    (found,) = [s for s in SHOWN if s.kind == "snippet" and marker in s.text]
    return found


def test_helm_values_are_what_zero_to_jupyterhub_reads():
    import jsonschema
    import yaml

    values = yaml.safe_load(_snippet("singleuser:").text)
    jsonschema.validate(values, z2jh_schema())
    image = values["singleuser"]["image"]
    assert image["name"].endswith("/games-course") and image["tag"] == "<tag>"
    assert re.search(r"games-course:<tag>", _repo2docker())  # the image repo2docker builds is the one named
    memory = values["singleuser"]["memory"]
    assert (memory["limit"], memory["guarantee"]) == ("1G", "512M")  # the memory section's advice
    assert "1 GB limit with 512 MB guaranteed" in " ".join((ROOT / "docs" / "instructors.md").read_text().split())
    helm = shlex.split(_helm())
    assert helm[:2] == ["helm", "upgrade"] and "--install" in helm and "jupyterhub/jupyterhub" in helm
    assert "--values" in helm and helm[helm.index("--values") + 1] == "config.yaml"
    assert "--version=4.4.0" in helm  # the chart version whose schema is checked here
    assert "helm repo add jupyterhub https://hub.jupyter.org/helm-chart/" in COMMANDS  # where jupyterhub/ comes from


# TLJH 2.0 (github.com/jupyterhub/the-littlest-jupyterhub, tljh/config_schema.py and tljh/config.py): the keys of
# `limits` (additionalProperties false) with their types, and tljh-config's actions
TLJH_LIMITS = {"memory": ("string", "null"), "cpu": ("number", "null")}
TLJH_ACTIONS = {"show", "unset", "set", "add-item", "remove-item", "reload"}


def test_tljh_config_keys_are_in_tljhs_schema():
    tljh = [shlex.split(c)[1:] for c in COMMANDS if c.startswith("sudo tljh-config ")]
    assert tljh and all(words[0] == "tljh-config" and words[1] in TLJH_ACTIONS for words in tljh), tljh
    for words in tljh:
        if words[1] == "set":
            section, key = words[2].split(".")
            assert section == "limits" and key in TLJH_LIMITS, words
            if key == "memory":
                assert re.fullmatch(r"\d+[KMG]", words[3]) and "string" in TLJH_LIMITS[key]  # set stores 1G as a string
            else:
                assert float(words[3]) > 0 and "number" in TLJH_LIMITS[key], words
    assert any(words[1] == "reload" for words in tljh)  # limits apply to servers started after a reload


def _post_build_file(name: str) -> dict:
    """The JSON binder/postBuild writes into a file of that name (its heredocs)."""
    script = (ROOT / "binder" / "postBuild").read_text()
    match = re.search(rf"{re.escape(name)}\" <<'JSON'\n(.*?)\nJSON", script, re.S)
    assert match, f"binder/postBuild writes no {name}"
    return json.loads(match.group(1))


def test_the_settings_snippets_are_the_ones_binder_writes_and_their_traits_exist():
    culling = json.loads(_snippet("MappingKernelManager").text)
    assert culling == _post_build_file("jupyter_server_config.json")
    # a learner's own make lab culls idle kernels as the hub image does (issue 37 item 5)
    own = json.loads((ROOT / "jupyter-config" / "jupyter_server_config.json").read_text())
    assert own["MappingKernelManager"] == culling["MappingKernelManager"]
    voila = json.loads(_snippet("VoilaConfiguration").text)
    assert voila == _post_build_file("voila.json")
    from jupyter_server.services.kernels.kernelmanager import MappingKernelManager
    from voila.configuration import VoilaConfiguration

    for trait in culling["MappingKernelManager"]:
        assert MappingKernelManager.class_traits().get(trait), trait
    assert VoilaConfiguration.class_traits().get("template")
    server = json.loads(_snippet("ServerApp").text)  # the instructor's server (the hub test writes the same)
    from jupyter_server.serverapp import ServerApp

    assert set(server["ServerApp"]) <= set(ServerApp.class_traits())
    from coursekit.hub.pull_guard import CoursePull

    pull = json.loads(_snippet("CoursePull").text)
    assert set(pull["CoursePull"]) <= set(CoursePull.class_traits())


def test_the_class_vote_on_kubernetes_is_the_plain_hubs():
    """Zero to JupyterHub's values for the class vote: valid for 4.4.0's schema, the same service as the plain hub's
    snippet (which the hub test runs), one port throughout, and the learners' address the service's."""
    import yaml

    values = yaml.safe_load(_snippet("services:\n    class-votes:").text)
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.validate(values, z2jh_schema())
    hub = values["hub"]
    (plain,) = [s.text for s in SHOWN
                if s.kind == "snippet" and s.language == "python" and "coursekit.hub.votes" in s.text]
    service = hub["services"]["class-votes"]
    assert service["command"][1:] == ["-m", "coursekit.hub.votes"] and '"-m", "coursekit.hub.votes"' in plain
    port = int(service["url"].rsplit(":", 1)[1])
    assert port == int(re.search(r'"url": "http://127.0.0.1:(\d+)"', plain)[1])
    extra = hub["service"]["extraPorts"]
    assert [p["port"] for p in extra] == [port] == [p["targetPort"] for p in extra]
    assert hub["networkPolicy"]["ingress"][0]["ports"] == [{"port": port}]
    assert f'"COURSEKIT_CLASS_VOTE_URL": "{service["url"]}/services/class-votes/"' in hub["extraConfig"]["class-votes"]
    assert service["environment"]["COURSEKIT_VOTES_IP"] == "0.0.0.0"  # reachable from the proxy's pod
    from coursekit.hub.votes import send

    assert send.URL_VARIABLE == "COURSEKIT_CLASS_VOTE_URL"


def test_every_snippet_is_checked():
    # CoursePull, LimitedSpawner and the class vote: tests/browser/test_hub_route.py writes them as shown and checks
    # what they do; the class vote's Kubernetes values: test_the_class_vote_on_kubernetes_is_the_plain_hubs
    checked = {"MappingKernelManager", "VoilaConfiguration", "ServerApp", "singleuser:", "CoursePull", "LimitedSpawner",
               "coursekit.hub.votes"}
    unchecked = [s.text for s in SHOWN if s.kind == "snippet" and not any(m in s.text for m in checked)]
    assert not unchecked, f"settings in docs/instructors.md that no test checks: {unchecked}"


if __name__ == "__main__":
    for line, command, how in inventory():
        print(f"{line:4} {command}\n       -> {how}")
