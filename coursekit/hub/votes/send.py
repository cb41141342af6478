"""A learner's vote, sent from the kernel: only on a hub whose config names the class vote, never an error.

The hub's config puts the service's address in the learners' environment (COURSEKIT_CLASS_VOTE_URL, through
c.Spawner.environment); JupyterHub gives every server, and so its kernels, the learner's own token
(JUPYTERHUB_API_TOKEN) and its prefix (JUPYTERHUB_SERVICE_PREFIX). Without all three (offline, `make lab`,
Binder) `target()` is None and nothing is sent. The request runs in a thread with a short timeout, so Check stays
instant; whatever goes wrong, the learner's widget says nothing.
"""

from __future__ import annotations

import json
import os
import threading
import urllib.request
from typing import Callable, Optional, Union

URL_VARIABLE = "COURSEKIT_CLASS_VOTE_URL"
TIMEOUT = 3.0  # seconds: a vote that takes longer is dropped, silently


def target() -> Optional[tuple[str, str]]:
    """(the service's votes address, the learner's token) on a hub with the class vote; None anywhere else."""
    url, token = os.environ.get(URL_VARIABLE, ""), os.environ.get("JUPYTERHUB_API_TOKEN", "")
    if not (url and token and os.environ.get("JUPYTERHUB_SERVICE_PREFIX")):
        return None
    return url.rstrip("/") + "/api/votes", token


def send(pid: str, answer: Union[str, float], timeout: float = TIMEOUT) -> bool:
    """Send one vote now; whether the service took it (False on a refusal, a timeout or no hub at all)."""
    found = target()
    if found is None:
        return False
    url, token = found
    request = urllib.request.Request(url, data=json.dumps({"pid": pid, "answer": answer}).encode(), method="POST",
                                     headers={"Authorization": f"token {token}", "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status == 201
    except Exception:  # a vote is a bonus: an offline hub, a closed round, a refusal all end here, quietly
        return False


def send_later(pid: str, answer: Union[str, float], done: Callable[[bool], None]) -> Optional[threading.Thread]:
    """Send a vote in a thread and call `done(taken)` when it is over; None (and no thread) when there is no hub."""
    if target() is None:
        return None

    def run() -> None:
        taken = send(pid, answer)
        try:
            done(taken)
        except Exception:
            pass

    thread = threading.Thread(target=run, name=f"class-vote-{pid}", daemon=True)
    thread.start()
    return thread
