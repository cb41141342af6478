"""The class vote under a class of 300: every learner votes once within 10 seconds, through a real JupyterHub.

Starts a JupyterHub (the hub test's environment, COURSEKIT_HUB_CACHE, default /opt/coursekit-hub, with its
configurable-http-proxy) whose config runs the class vote as a managed service, as docs/instructors.md shows;
makes the learners and one token each (scoped like a learner's server token: it cannot reach services). First the
anchor: each learner asks the hub alone who they are (GET /hub/api/user), at a random moment of the window
(seeded): a token's first use, which a learner's server pays when it starts and reports to the hub. Then each
learner sends one vote in the same pattern, through the proxy, as a lesson's widget does (the service asks the hub
once per learner), while the instructor's page asks for the counts every 1.5 s. Prints the votes per second, the
answer times (median, 99th percentile, slowest), and checks that the instructor's count is every vote.

    .venv/bin/python bench/bench_votes.py                 # 300 learners, 10 s
    .venv/bin/python bench/bench_votes.py --learners 600 --window 10
"""

from __future__ import annotations

import argparse
import json
import os
import random
import secrets
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CACHE = Path(os.environ.get("COURSEKIT_HUB_CACHE", "/opt/coursekit-hub"))
VENV, CHP = CACHE / "venv", CACHE / "chp" / "node_modules" / ".bin" / "configurable-http-proxy"
HUB, HUB_API, PROXY_API, SERVICE = 9300, 9301, 9302, 9320
PID, CHOICES = "02.three-aces", ("2", "4", "8")

CONFIG = """
c = get_config()
c.JupyterHub.bind_url = "http://127.0.0.1:{hub}"
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {hub_api}
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{proxy_api}"
c.ConfigurableHTTPProxy.command = ["{chp}"]
c.JupyterHub.db_url = "sqlite:///{work}/jupyterhub.sqlite"
c.JupyterHub.cookie_secret_file = "{work}/cookie_secret"
c.JupyterHub.authenticator_class = "dummy"
c.Authenticator.allow_all = True
c.Authenticator.admin_users = {{"teacher"}}
c.JupyterHub.services = [
    {{"name": "bench", "api_token": "{token}"}},
    {{"name": "class-votes", "url": "http://127.0.0.1:{service}", "command": ["{python}", "-m", "coursekit.hub.votes"],
      "cwd": "{work}/votes", "environment": {{"PYTHONPATH": "{root}"}}, "oauth_no_confirm": True}},
]
c.JupyterHub.load_roles = [{{"name": "bench", "scopes": ["admin:users", "tokens"], "services": ["bench"]}}]
"""


def call(method: str, url: str, token: str, body: object = None, timeout: float = 30) -> tuple[int, dict]:
    """One request to the hub or the service; (status, JSON answer)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method,
                                     headers={"Authorization": f"token {token}", "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            status, text = response.status, response.read()
    except urllib.error.HTTPError as error:
        status, text = error.code, error.read()
    except OSError as error:  # a timeout: counted as not taken
        return 0, {"error": str(error)}
    try:
        return status, json.loads(text or b"{}")
    except ValueError:
        return status, {"text": text[:300].decode(errors="replace")}


def wait(url: str, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5):
                return
        except urllib.error.HTTPError as error:
            if error.code not in (404, 502, 503):  # 404: the proxy has no route to it yet
                return
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"{url} did not answer in {seconds} s")
        time.sleep(0.3)


def p99(times: list[float]) -> float:
    """The 99th percentile of a list of times (nearest rank)."""
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


def wave(plan: list[tuple], request) -> tuple[list[float], list[int]]:
    """Each (moment, learner, answer) of the plan makes its request at its moment; (answer times, statuses)."""
    times, statuses = [], []
    start = time.monotonic() + 0.5

    def one(at: float, name: str, answer: str) -> None:
        time.sleep(max(0.0, start + at - time.monotonic()))
        sent = time.monotonic()
        status, _ = request(name, answer)
        times.append(time.monotonic() - sent)
        statuses.append(status)

    with ThreadPoolExecutor(max_workers=len(plan)) as pool:
        list(pool.map(lambda p: one(*p), plan))
    return times, statuses


def learners_with_tokens(count: int, admin: str) -> dict[str, str]:
    """Make `count` hub users and one token each, scoped like a learner's server token; name -> token."""
    api = f"http://127.0.0.1:{HUB}/hub/api"
    names = [f"learner{i:03d}" for i in range(count)]
    status, _ = call("POST", f"{api}/users", admin, {"usernames": names})
    assert status == 201, (status, _)
    names.append("teacher")  # an admin, from the config
    tokens = {}
    for name in names:
        scopes = ["users:activity!user"] if name != "teacher" else ["access:services", "read:users"]
        status, made = call("POST", f"{api}/users/{name}/tokens", admin, {"scopes": scopes, "note": "bench"})
        assert status in (200, 201), (status, made)
        tokens[name] = made["token"]
    return tokens


def run(learners: int, window: float, seed: int) -> dict:
    """Start the hub and its class vote, let the class vote, stop; the figures."""
    work = Path(tempfile.mkdtemp(prefix="bench-votes-"))
    (work / "votes").mkdir()
    token = secrets.token_hex(16)
    (work / "jupyterhub_config.py").write_text(CONFIG.format(
        hub=HUB, hub_api=HUB_API, proxy_api=PROXY_API, chp=CHP, work=work, token=token, service=SERVICE,
        python=VENV / "bin" / "python", root=ROOT))
    log = open(work / "hub.log", "w")
    hub = subprocess.Popen([VENV / "bin" / "jupyterhub", "-f", work / "jupyterhub_config.py"], cwd=work, stdout=log,
                           stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{HUB}/services/class-votes"
    try:
        wait(f"http://127.0.0.1:{HUB}/hub/api")
        wait(f"{base}/api/catalogue")
        tokens = learners_with_tokens(learners, token)
        teacher = tokens.pop("teacher")
        rng = random.Random(seed)
        plan = sorted((rng.uniform(0, window), name, rng.choice(CHOICES)) for name in tokens)
        # the anchor: the same learners only asking the hub who they are, as the service must once per learner
        hub_times, _ = wave(plan, lambda name, answer: call("GET", f"http://127.0.0.1:{HUB}/hub/api/user",
                                                              tokens[name]))
        stop = threading.Event()

        def watch() -> None:  # the instructor's page, as it polls
            while not stop.wait(1.5):
                call("GET", f"{base}/api/polls/{PID}", teacher)

        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        start = time.monotonic() + 0.5  # wave's first moment
        times, statuses = wave(plan, lambda name, answer: call("POST", f"{base}/api/votes", tokens[name],
                                                               {"pid": PID, "answer": answer}))
        took = time.monotonic() - start
        stop.set()
        status, poll = call("GET", f"{base}/api/polls/{PID}", teacher)
        assert status == 200, (status, poll)
        counted = poll["rounds"][-1]["total"]
        expected = {c: sum(1 for _, _, a in plan if a == c) for c in CHOICES}
        shown = {b["label"]: b["count"] for b in poll["rounds"][-1]["bars"]}
        assert shown == expected, (shown, expected)
        again = call("POST", f"{base}/api/votes", tokens[plan[0][1]], {"pid": PID, "answer": plan[0][2]})[0]
        return {"hub_median_ms": 1000 * statistics.median(hub_times), "hub_p99_ms": 1000 * p99(hub_times),
                "learners": learners, "window_s": window, "took_s": took, "taken": statuses.count(201),
                "counted": counted, "votes_per_s": learners / took, "median_ms": 1000 * statistics.median(times),
                "p99_ms": 1000 * p99(times), "max_ms": 1000 * max(times),
                "second_vote": again}
    finally:
        hub.terminate()
        try:
            hub.wait(timeout=30)
        except subprocess.TimeoutExpired:
            hub.kill()
        pids = [hub.pid] + [int(f.read_text()) for f in [work / "jupyterhub-proxy.pid"] if f.exists()]
        for pid, kill in zip(pids, (os.killpg, os.kill)):  # the service and the proxy the hub started, if left
            try:
                kill(pid, signal.SIGTERM)
            except (ProcessLookupError, ValueError):
                pass
        log.close()
        if os.environ.get("KEEP"):
            print(f"kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=300)
    parser.add_argument("--window", type=float, default=10.0, help="seconds over which the votes arrive")
    parser.add_argument("--seed", type=int, default=38)
    args = parser.parse_args()
    if not (VENV / "bin" / "jupyterhub").exists() or not CHP.exists():
        sys.exit(f"no hub environment in {CACHE}: run tests/browser/test_hub_route.py once (it installs it)")
    found = run(args.learners, args.window, args.seed)
    print(f"load: {open('/proc/loadavg').read().strip()}")
    print(f"{found['learners']} learners voting within {found['window_s']:g} s: {found['taken']} votes taken, "
          f"{found['counted']} counted on the instructor's page, all in {found['took_s']:.1f} s")
    print(f"votes per second: {found['votes_per_s']:.1f}")
    print(f"the anchor, the hub alone at each token's first use, in the same pattern: median "
          f"{found['hub_median_ms']:.0f} ms, 99th percentile {found['hub_p99_ms']:.0f} ms")
    print(f"a vote's answer time: median {found['median_ms']:.0f} ms, 99th percentile {found['p99_ms']:.0f} ms, "
          f"slowest {found['max_ms']:.0f} ms")
    print(f"a second vote in the same round: {found['second_vote']} (409 expected)")
    assert found["taken"] == found["counted"] == found["learners"], found
    assert found["second_vote"] == 409, found


if __name__ == "__main__":
    main()
